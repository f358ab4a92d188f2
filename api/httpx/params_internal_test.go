package httpx

import (
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
	"github.com/reeltrack/reeltrack/query/numbers"
)

func getter(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestParseVideoQuery(t *testing.T) {
	coll := uuid.MustParse("6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e")
	for _, tc := range []struct {
		name   string
		params map[string]string
		want   numbers.VideoQuery
		fields map[string]string // the 400's fields; nil when the query is fine
	}{
		{"defaults", nil, numbers.VideoQuery{Filter: numbers.VideoFilter{Published: query.PresetAll}, Sort: numbers.SortViews, Limit: numbers.DefaultVideoLimit}, nil},
		{"every filter", map[string]string{
			"platforms": " TikTok,youtube,tiktok", "datePreset": "7d", "collectionId": coll.String(),
			"individualOnly": "1", "platformShopOnly": "TRUE", "sort": "likes", "limit": "500", "offset": "1000000",
		}, numbers.VideoQuery{Filter: numbers.VideoFilter{
			Platforms: []platform.Platform{platform.TikTok, platform.YouTube}, Published: query.Preset7d,
			CollectionID: &coll, IndividualOnly: true, ShopOnly: true,
		}, Sort: numbers.SortLikes, Limit: 500, Offset: 1_000_000}, nil},
		{"every problem", map[string]string{
			"platforms": "tiktok,myspace", "datePreset": "1y", "collectionId": "x", "individualOnly": "yes",
			"platformShopOnly": "2", "sort": "best", "limit": "0", "offset": "-1",
		}, numbers.VideoQuery{}, map[string]string{
			"platforms":        `unknown platform "myspace": must be a comma-separated list of tiktok, instagram, youtube, x`,
			"datePreset":       `unknown value "1y": must be one of 24h, 7d, 30d, 90d, all`,
			"collectionId":     "must be a UUID",
			"individualOnly":   "must be true or false",
			"platformShopOnly": "must be true or false",
			"sort":             `unknown value "best": must be one of views, likes, comments, shares, saves, engagement, gained24h, gained7d, published, added, outlier, forecast7d`,
			"limit":            "must be an integer from 1 to 500",
			"offset":           "must be an integer from 0 to 1000000",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q, err := ParseVideoQuery(getter(tc.params))
			checkParsed(t, q, tc.want, err, tc.fields)
		})
	}
}

func TestParseOverviewAccountAndAnalyticsQueries(t *testing.T) {
	t.Run("overview defaults to 30d", func(t *testing.T) {
		q, err := ParseOverviewQuery(getter(nil), time.Now())
		checkParsed(t, q, numbers.OverviewQuery{Window: query.Preset30d, Filter: numbers.VideoFilter{Published: query.PresetAll}}, err, nil)
	})
	t.Run("overview window is not a filter", func(t *testing.T) {
		q, err := ParseOverviewQuery(getter(map[string]string{"datePreset": "24h"}), time.Now())
		checkParsed(t, q, numbers.OverviewQuery{Window: query.Preset24h, Filter: numbers.VideoFilter{Published: query.PresetAll}}, err, nil)
	})
	t.Run("overview problems", func(t *testing.T) {
		q, err := ParseOverviewQuery(getter(map[string]string{"datePreset": "all-time", "individualOnly": "no"}), time.Now())
		checkParsed(t, q, numbers.OverviewQuery{}, err, map[string]string{
			"datePreset":     `unknown value "all-time": must be one of 24h, 7d, 30d, 90d, all`,
			"individualOnly": "must be true or false",
		})
	})
	now := time.Date(2026, 11, 20, 15, 30, 0, 0, time.UTC)
	day := func(s string) *time.Time { d, _ := time.Parse(time.DateOnly, s); return &d }
	t.Run("overview custom range", func(t *testing.T) {
		q, err := ParseOverviewQuery(getter(map[string]string{"from": "2026-11-01", "to": "2026-11-20"}), now)
		checkParsed(t, q, numbers.OverviewQuery{Window: query.Preset30d, From: day("2026-11-01"), To: day("2026-11-20"), Filter: numbers.VideoFilter{Published: query.PresetAll}}, err, nil)
		q, err = ParseOverviewQuery(getter(map[string]string{"from": "2025-11-20", "to": "2025-11-20"}), now)
		checkParsed(t, q, numbers.OverviewQuery{Window: query.Preset30d, From: day("2025-11-20"), To: day("2025-11-20"), Filter: numbers.VideoFilter{Published: query.PresetAll}}, err, nil)
	})
	for name, c := range map[string]struct {
		params map[string]string
		fields map[string]string
	}{
		"range without its end":   {map[string]string{"from": "2026-11-01"}, map[string]string{"to": "give both from and to (dates as YYYY-MM-DD)"}},
		"range without its start": {map[string]string{"to": "2026-11-01"}, map[string]string{"from": "give both from and to (dates as YYYY-MM-DD)"}},
		"range and preset":        {map[string]string{"from": "2026-11-01", "to": "2026-11-02", "datePreset": "7d"}, map[string]string{"datePreset": "give either a datePreset or a from and to range, not both"}},
		"range not dates":         {map[string]string{"from": "1 Nov", "to": "2026-11-31"}, map[string]string{"from": `"1 Nov" is not a date: must be YYYY-MM-DD`, "to": `"2026-11-31" is not a date: must be YYYY-MM-DD`}},
		"range reversed":          {map[string]string{"from": "2026-11-10", "to": "2026-11-09"}, map[string]string{"to": "must be on or after from: the range is reversed"}},
		"range in the future":     {map[string]string{"from": "2026-11-10", "to": "2026-11-21"}, map[string]string{"to": "must not be after today, 2026-11-20 (UTC)"}},
		"range beyond the history": {map[string]string{"from": "2025-11-19", "to": "2026-11-09"},
			map[string]string{"from": "must be within the last 365 days (on or after 2025-11-20): the dashboard's history does not reach further back"}},
	} {
		t.Run("overview "+name, func(t *testing.T) {
			q, err := ParseOverviewQuery(getter(c.params), now)
			checkParsed(t, q, numbers.OverviewQuery{}, err, c.fields)
		})
	}
	t.Run("accounts read only platforms, collectionId and sort", func(t *testing.T) {
		q, err := ParseAccountQuery(getter(map[string]string{"platforms": "x", "datePreset": "1y", "sort": "gained7d"}))
		checkParsed(t, q, numbers.AccountQuery{Platforms: []platform.Platform{platform.X}, Sort: numbers.AccountSortGained7d}, err, nil)
	})
	t.Run("accounts sort", func(t *testing.T) {
		q, err := ParseAccountQuery(getter(map[string]string{"sort": "likes"}))
		checkParsed(t, q, numbers.AccountQuery{}, err, map[string]string{
			"sort": `unknown value "likes": must be one of followers, followersGained7d, views, gained7d, saves, engagement, videos, added`,
		})
	})
	t.Run("granularity", func(t *testing.T) {
		for raw, want := range map[string]chread.Granularity{"": chread.Daily, "day": chread.Daily, "hour": chread.Hourly} {
			q, err := ParseAccountAnalyticsQuery(getter(map[string]string{"granularity": raw}))
			checkParsed(t, q, numbers.AccountAnalyticsQuery{Granularity: want}, err, nil)
		}
		q, err := ParseAccountAnalyticsQuery(getter(map[string]string{"granularity": "minute-by-minute-for-the-whole-of-the-year"}))
		checkParsed(t, q, numbers.AccountAnalyticsQuery{}, err, map[string]string{
			"granularity": `unknown value "minute-by-minute-for-the-whole-of-the-ye…": must be one of day, hour`,
		})
	})
}

// checkParsed compares a parsed value when fields is nil, and otherwise
// the fields of the 400 that the error becomes.
func checkParsed[T any](t *testing.T, got, want T, err error, fields map[string]string) {
	t.Helper()
	if fields == nil {
		if err != nil {
			t.Fatalf("error %v", err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("got %+v, want %+v", got, want)
		}
		return
	}
	if apperr.KindOf(err) != apperr.KindInvalid {
		t.Fatalf("error %v is not invalid input", err)
	}
	if f := apperr.Fields(err); !reflect.DeepEqual(f, fields) {
		t.Errorf("fields %q, want %q", f, fields)
	}
}
