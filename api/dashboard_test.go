package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// dashNow is the fixed "now" of the dashboard tests: mid-hour, so that
// hour and day windows do not start at now.
var dashNow = time.Date(2026, 11, 20, 15, 30, 0, 0, time.UTC)

// dashboard is a workspace with accounts, videos and snapshots written
// through the ingest path's writer, covering gaps, hidden metrics, replays,
// young videos, a pending video and a removed account.
type dashboard struct {
	app        *testApp
	cookie     *http.Cookie
	ws         uuid.UUID
	collection uuid.UUID
	accounts   map[string]uuid.UUID
	videos     map[string]uuid.UUID
	// at is the app's clock; zero means dashNow
	at time.Time
}

func (d *dashboard) now() time.Time {
	if d.at.IsZero() {
		return dashNow
	}
	return d.at
}

func u64(v uint64) *uint64 { return &v }

// byLinkVideo records an active video of the workspace tracked by its own
// link, key its platform id, added at added and last scraped now (the real
// now: other tests' refresh crons must not find it due).
func byLinkVideo(t *testing.T, ws uuid.UUID, plat platform.Platform, key string, added time.Time) uuid.UUID {
	t.Helper()
	return env.Video(t, ws, testenv.VideoOptions{Platform: plat, PlatformID: key, Status: domain.ItemActive, CreatedAt: added, LastScrapedAt: time.Now()})
}

// seedDashboard builds the dashboard fixture in a new workspace; the app's
// clock is dashNow.
func seedDashboard(t *testing.T, change ...func(*wiring.Deps)) *dashboard {
	t.Helper()
	a := newApp(t, append([]func(*wiring.Deps){func(d *wiring.Deps) { d.Now = func() time.Time { return dashNow } }}, change...)...)
	c := a.signUp(uniqueEmail("dash"))
	ws := a.bootstrap(c).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000 WHERE id = $1`, ws)
	d := &dashboard{app: a, cookie: c, ws: ws, collection: env.Collection(t, ws, "Launch"), accounts: map[string]uuid.UUID{}, videos: map[string]uuid.UUID{}}

	// last scraped now (the real now): other tests' refresh crons must
	// not find these due
	account := func(key string, plat platform.Platform, status domain.Item, coll *uuid.UUID) {
		d.accounts[key] = env.Account(t, ws, testenv.AccountOptions{Platform: plat, Handle: key, URL: "https://example.com/" + key, Status: status,
			CollectionID: coll, CreatedAt: dashNow.Add(-60 * 24 * time.Hour), LastScrapedAt: time.Now()})
	}
	account("acc1", platform.TikTok, domain.ItemActive, &d.collection)
	account("acc2", platform.Instagram, domain.ItemRemoved, nil)

	video := func(key string, plat platform.Platform, acc string, shop *bool, coll *uuid.UUID, published time.Time, added time.Duration) {
		d.videos[key] = env.Video(t, ws, testenv.VideoOptions{Platform: plat, PlatformID: key, URL: "https://example.com/v/" + key,
			AccountID: d.accounts[acc], AccountHandle: acc, CollectionID: coll, Caption: "caption of " + key, IsShop: shop,
			Status: domain.ItemActive, PublishedAt: published, CreatedAt: dashNow.Add(-added), LastScrapedAt: time.Now()})
	}
	yes := true
	video("v1", platform.TikTok, "acc1", nil, nil, dashNow.Add(-20*24*time.Hour), 15*24*time.Hour)
	video("v2", platform.TikTok, "acc1", nil, nil, dashNow.Add(-3*24*time.Hour), 3*24*time.Hour)
	video("v3", platform.TikTok, "", &yes, nil, dashNow.Add(-12*time.Hour), 11*time.Hour)
	video("v4", platform.Instagram, "", nil, nil, dashNow.Add(-2*time.Hour), time.Hour)
	video("v5", platform.Instagram, "acc2", nil, nil, dashNow.Add(-5*24*time.Hour), 5*24*time.Hour)
	video("v6", platform.X, "", nil, &d.collection, dashNow.Add(-50*24*time.Hour), 45*24*time.Hour)

	var snaps []ingest.Snapshot
	add := func(kind platform.Kind, key string, plat platform.Platform, acc string, at time.Time, m ingest.Metrics, followers *uint64) {
		id := d.videos[key]
		if kind == platform.Account {
			id = d.accounts[key]
		}
		var accID uuid.UUID
		if acc != "" {
			accID = d.accounts[acc]
		}
		snaps = append(snaps, ingest.Snapshot{WorkspaceID: ws, Platform: plat, Kind: kind, EntityID: id, AccountID: accID,
			ScrapedAt: at, Metrics: m, Followers: followers, JobID: uuid.New()})
	}
	// v1: hourly for 10 days, at :05 past each hour
	for h := 240; h >= 0; h-- {
		at := dashNow.Truncate(time.Hour).Add(-time.Duration(h)*time.Hour + 5*time.Minute)
		if at.After(dashNow) {
			continue
		}
		n := uint64(1000 + (240-h)*(240-h))
		add(platform.Video, "v1", platform.TikTok, "acc1", at, ingest.Metrics{Views: u64(n), Likes: u64(n / 10), Comments: u64(n / 100), Shares: u64(n / 200), Saves: u64(n / 300)}, nil)
		add(platform.Account, "acc1", platform.TikTok, "", at, ingest.Metrics{}, u64(5000+uint64(240-h)))
	}
	// v2: every 5 hours with a 30-hour gap, likes hidden once
	for h := 70; h >= 0; h -= 5 {
		if h < 50 && h > 20 {
			continue
		}
		at := dashNow.Add(-time.Duration(h) * time.Hour)
		n := uint64(500 + (70-h)*40)
		likes := u64(n / 5)
		if h == 15 {
			likes = nil
		}
		add(platform.Video, "v2", platform.TikTok, "acc1", at, ingest.Metrics{Views: u64(n), Likes: likes, Comments: u64(3)}, nil)
	}
	// v3: young, first scraped 10 hours ago
	for h := 10; h >= 1; h-- {
		at := dashNow.Add(-time.Duration(h) * time.Hour)
		add(platform.Video, "v3", platform.TikTok, "", at, ingest.Metrics{Views: u64(uint64(20000 - h*1500)), Likes: u64(100)}, nil)
	}
	// v5: of the removed account
	add(platform.Video, "v5", platform.Instagram, "acc2", dashNow.Add(-3*time.Hour), ingest.Metrics{Views: u64(999999)}, nil)
	// v6: daily for 40 days, shares never recorded
	for day := 40; day >= 0; day-- {
		at := dashNow.Add(-time.Duration(day)*24*time.Hour - 7*time.Hour)
		add(platform.Video, "v6", platform.X, "", at, ingest.Metrics{Views: u64(uint64(10000 + (40-day)*300)), Likes: u64(50), Comments: u64(5)}, nil)
	}

	ctx := context.Background()
	w := ingest.NewSnapshotWriter(env.CH, 500, time.Now())
	for _, s := range snaps {
		if err := w.Add(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	// a replay of the last v1 snapshots: same keys and values, newer version
	replay := ingest.NewSnapshotWriter(env.CH, 500, time.Now().Add(time.Second))
	for _, s := range snaps[len(snaps)-60:] {
		if err := replay.Add(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	if err := replay.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	// as the scrape of the last snapshots records them: start values from
	// before 6 hours before now are kept between requests
	exec(t, `UPDATE workspaces SET data_version = data_version + 1, scraped_until = $2 WHERE id = $1`, ws, dashNow)
	return d
}

// rawSnapshot is a row of metric_snapshots as stored.
type rawSnapshot struct {
	at      time.Time
	metrics [6]*uint64 // views, likes, comments, shares, saves, followers
}

// history reads the raw snapshots of the workspace's entities of one kind,
// deduplicated as the table's key defines, oldest first.
func (d *dashboard) history(t *testing.T, kind string) map[uuid.UUID][]rawSnapshot {
	t.Helper()
	rows, err := env.CH.Query(context.Background(), `
		SELECT entity_id, scraped_at, views, likes, comments, shares, saves, followers
		FROM metric_snapshots FINAL WHERE workspace_id = ? AND entity_kind = ? ORDER BY entity_id, scraped_at`, d.ws, kind)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[uuid.UUID][]rawSnapshot{}
	for rows.Next() {
		var id uuid.UUID
		var s rawSnapshot
		if err := rows.Scan(&id, &s.at, &s.metrics[0], &s.metrics[1], &s.metrics[2], &s.metrics[3], &s.metrics[4], &s.metrics[5]); err != nil {
			t.Fatal(err)
		}
		out[id] = append(out[id], s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// valueBefore is the documented "value when a window starts": the last
// value recorded in the lookback before t (from midnight UTC 7 days before
// t's day), else the first recorded value; ok is false when the metric was
// never recorded.
func valueBefore(h []rawSnapshot, m int, t time.Time) (uint64, bool) {
	from := t.UTC().Truncate(24 * time.Hour).Add(-chread.Lookback)
	var first, last *uint64
	for _, s := range h {
		if s.metrics[m] == nil {
			continue
		}
		if first == nil {
			first = s.metrics[m]
		}
		if s.at.Before(t) && !s.at.Before(from) {
			last = s.metrics[m]
		}
	}
	if last != nil {
		return *last, true
	}
	if first != nil {
		return *first, true
	}
	return 0, false
}

func latest(h []rawSnapshot, m int) *uint64 {
	var out *uint64
	for _, s := range h {
		if s.metrics[m] != nil {
			out = s.metrics[m]
		}
	}
	return out
}

// dailyViews recomputes a video's sparkline from its raw snapshots: per
// day of the last 7, the last views recorded by its end less the last
// before it, both looked for from the day before the first; a video first
// scraped that day starts from its first views.
func dailyViews(h []rawSnapshot, now time.Time) []*int64 {
	first := now.UTC().Truncate(24*time.Hour).AddDate(0, 0, -(chread.SparkDays - 1))
	from := first.AddDate(0, 0, -1)
	lastBefore := func(t time.Time) *uint64 {
		var out *uint64
		for _, s := range h {
			if s.metrics[0] != nil && s.at.Before(t) && !s.at.Before(from) {
				out = s.metrics[0]
			}
		}
		return out
	}
	out := make([]*int64, chread.SparkDays)
	for i := range out {
		day := first.AddDate(0, 0, i)
		end, start := lastBefore(day.AddDate(0, 0, 1)), lastBefore(day)
		if start == nil && len(h) > 0 && h[0].at.UTC().Truncate(24*time.Hour).Equal(day) {
			for _, s := range h {
				if s.metrics[0] != nil {
					start = s.metrics[0]
					break
				}
			}
		}
		if end != nil && start != nil {
			g := int64(*end) - int64(*start)
			out[i] = &g
		}
	}
	return out
}

func showDays(d []*int64) string {
	var b strings.Builder
	for _, p := range d {
		b.WriteString(show(p) + " ")
	}
	return b.String()
}

func gainSince(h []rawSnapshot, m int, t time.Time) *int64 {
	l := latest(h, m)
	from, ok := valueBefore(h, m, t)
	if l == nil || !ok {
		return nil
	}
	g := int64(*l) - int64(from)
	return &g
}

type videoList struct {
	Videos []numbers.Video `json:"videos"`
	Total  int             `json:"total"`
	Limit  int             `json:"limit"`
	Offset int             `json:"offset"`
}

func (d *dashboard) get(t *testing.T, path string, params url.Values, v any) {
	t.Helper()
	if len(params) > 0 {
		path += "?" + params.Encode()
	}
	d.app.request("GET", path, nil, d.cookie).expect(t, 200).decode(t, v)
}

func ptrEq[T comparable](a, b *T) bool {
	return (a == nil && b == nil) || (a != nil && b != nil && *a == *b)
}

func show[T any](p *T) string {
	if p == nil {
		return "null"
	}
	return fmt.Sprint(*p)
}

func TestVideosAgreeWithRawSnapshots(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	hist := d.history(t, "video")
	var list videoList
	d.get(t, "/api/videos", url.Values{"limit": {"500"}}, &list)

	// v5 belongs to a removed account; every other video is listed, the
	// pending one too.
	want := []string{"v1", "v2", "v3", "v4", "v6"}
	if list.Total != len(want) || len(list.Videos) != len(want) {
		t.Fatalf("total %d, %d videos; want %d", list.Total, len(list.Videos), len(want))
	}
	checkVideos(t, hist, list.Videos, dashNow)
	// the sparklines hold days with views gained, and 7 days each
	days := 0
	for _, v := range list.Videos {
		if len(v.Views7d) != chread.SparkDays {
			t.Errorf("%s views7d has %d days, want %d", v.PlatformVideoID, len(v.Views7d), chread.SparkDays)
		}
		for _, p := range v.Views7d {
			if p != nil && *p > 0 {
				days++
			}
		}
	}
	if days == 0 {
		t.Error("no video gained views on any day of views7d")
	}
	// sorted by views, highest first, the video without views last
	for i := 1; i < len(list.Videos); i++ {
		a, b := list.Videos[i-1].Metrics.Views, list.Videos[i].Metrics.Views
		if a == nil || (b != nil && *a < *b) {
			t.Fatalf("not sorted by views: %s before %s", show(a), show(b))
		}
	}
	if last := list.Videos[len(list.Videos)-1]; last.PlatformVideoID != "v4" || last.Metrics.Views != nil {
		t.Errorf("last video %s with views %s, want the pending v4 without", last.PlatformVideoID, show(last.Metrics.Views))
	}

	// every sort order: the same numbers on every row, in the sort's order
	for _, by := range numbers.VideoSorts() {
		var l videoList
		d.get(t, "/api/videos", url.Values{"limit": {"500"}, "sort": {string(by)}}, &l)
		if l.Total != len(want) || len(l.Videos) != len(want) {
			t.Fatalf("sort %s: total %d, %d videos; want %d", by, l.Total, len(l.Videos), len(want))
		}
		checkVideos(t, hist, l.Videos, dashNow)
		key := sortKey(by)
		for i := 1; i < len(l.Videos); i++ {
			a, b := key(l.Videos[i-1]), key(l.Videos[i])
			if (a == nil && b != nil) || (a != nil && b != nil && *a < *b) {
				t.Errorf("sort %s: %s (%s) before %s (%s)", by, l.Videos[i-1].PlatformVideoID, show(a), l.Videos[i].PlatformVideoID, show(b))
			}
		}
	}
}

// sortKey is the value a sort order ranks videos by, highest first, nil
// last.
func sortKey(by numbers.VideoSort) func(numbers.Video) *float64 {
	f := func(p *uint64) *float64 {
		if p == nil {
			return nil
		}
		x := float64(*p)
		return &x
	}
	switch by {
	case numbers.SortLikes:
		return func(v numbers.Video) *float64 { return f(v.Metrics.Likes) }
	case numbers.SortComments:
		return func(v numbers.Video) *float64 { return f(v.Metrics.Comments) }
	case numbers.SortShares:
		return func(v numbers.Video) *float64 { return f(v.Metrics.Shares) }
	case numbers.SortSaves:
		return func(v numbers.Video) *float64 { return f(v.Metrics.Saves) }
	case numbers.SortGained7d:
		return func(v numbers.Video) *float64 {
			if v.ViewsGained7d == nil {
				return nil
			}
			x := float64(*v.ViewsGained7d)
			return &x
		}
	case numbers.SortEngagement:
		return func(v numbers.Video) *float64 { return v.EngagementRate }
	case numbers.SortGained24h:
		return func(v numbers.Video) *float64 {
			if v.ViewsGained24h == nil {
				return nil
			}
			x := float64(*v.ViewsGained24h)
			return &x
		}
	case numbers.SortPublished:
		return func(v numbers.Video) *float64 {
			if v.PublishedAt == nil {
				return nil
			}
			x := float64(v.PublishedAt.UnixNano())
			return &x
		}
	case numbers.SortAdded:
		return func(v numbers.Video) *float64 { x := float64(v.AddedAt.UnixNano()); return &x }
	case numbers.SortOutlier:
		return func(v numbers.Video) *float64 { return v.Outlier.Multiplier }
	case numbers.SortForecast7d:
		return func(v numbers.Video) *float64 {
			if v.Forecast.Gain7d == nil {
				return nil
			}
			x := float64(*v.Forecast.Gain7d)
			return &x
		}
	default:
		return func(v numbers.Video) *float64 { return f(v.Metrics.Views) }
	}
}

// checkVideos recomputes the listed videos' latest metrics, gains and
// engagement rates from the raw snapshots at now.
func checkVideos(t *testing.T, hist map[uuid.UUID][]rawSnapshot, videos []numbers.Video, now time.Time) {
	t.Helper()
	c24 := query.WindowOf(query.Preset24h, now).Start
	c7 := query.WindowOf(query.Preset7d, now).Start
	for _, v := range videos {
		h := hist[v.ID]
		got := []*uint64{v.Metrics.Views, v.Metrics.Likes, v.Metrics.Comments, v.Metrics.Shares, v.Metrics.Saves}
		for m, g := range got {
			if w := latest(h, m); !ptrEq(g, w) {
				t.Errorf("%s metric %d = %s, raw snapshots say %s", v.PlatformVideoID, m, show(g), show(w))
			}
		}
		if w := gainSince(h, 0, c24); !ptrEq(v.ViewsGained24h, w) {
			t.Errorf("%s viewsGained24h = %s, raw snapshots say %s", v.PlatformVideoID, show(v.ViewsGained24h), show(w))
		}
		if w := gainSince(h, 0, c7); !ptrEq(v.ViewsGained7d, w) {
			t.Errorf("%s viewsGained7d = %s, raw snapshots say %s", v.PlatformVideoID, show(v.ViewsGained7d), show(w))
		}
		if w := dailyViews(h, now); !slices.EqualFunc(v.Views7d, w, ptrEq) {
			t.Errorf("%s views7d = %s, raw snapshots say %s", v.PlatformVideoID, showDays(v.Views7d), showDays(w))
		}
		if l := latest(h, 0); l != nil && *l > 0 && latest(h, 1) == nil {
			// likes hidden: no rate
			if v.EngagementRate != nil {
				t.Errorf("%s engagementRate = %s, want null: its likes are not recorded", v.PlatformVideoID, show(v.EngagementRate))
			}
		} else if l != nil && *l > 0 {
			var inter uint64
			for m := 1; m <= 4; m++ {
				if x := latest(h, m); x != nil {
					inter += *x
				}
			}
			if w := float64(inter) * 100 / float64(*l); v.EngagementRate == nil || *v.EngagementRate != w {
				t.Errorf("%s engagementRate = %s, want %v", v.PlatformVideoID, show(v.EngagementRate), w)
			}
		}
	}
}

func TestVideosFiltersSortAndPaging(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	keys := func(l videoList) []string {
		var out []string
		for _, v := range l.Videos {
			out = append(out, v.PlatformVideoID)
		}
		return out
	}
	sorted := func(l videoList) []string { k := keys(l); sort.Strings(k); return k }
	cases := []struct {
		params url.Values
		want   []string
		order  bool // want is in answer order
	}{
		{url.Values{"platforms": {"tiktok"}}, []string{"v1", "v2", "v3"}, false},
		{url.Values{"platforms": {"x,instagram"}}, []string{"v4", "v6"}, false},
		{url.Values{"collectionId": {d.collection.String()}}, []string{"v1", "v2", "v6"}, false},
		{url.Values{"individualOnly": {"true"}}, []string{"v3", "v4", "v6"}, false},
		{url.Values{"platformShopOnly": {"true"}}, []string{"v3"}, false},
		{url.Values{"datePreset": {"24h"}}, []string{"v3", "v4"}, false},
		{url.Values{"datePreset": {"7d"}}, []string{"v2", "v3", "v4"}, false},
		{url.Values{"datePreset": {"30d"}}, []string{"v1", "v2", "v3", "v4"}, false},
		{url.Values{"sort": {"added"}}, []string{"v4", "v3", "v2", "v1", "v6"}, true},
		{url.Values{"sort": {"published"}}, []string{"v4", "v3", "v2", "v1", "v6"}, true},
		{url.Values{"sort": {"gained24h"}}, []string{"v3", "v1", "v2", "v6", "v4"}, true},
		{url.Values{"sort": {"gained7d"}}, []string{"v1", "v3", "v2", "v6", "v4"}, true},
		{url.Values{"sort": {"views"}, "limit": {"2"}, "offset": {"1"}}, []string{"v6", "v3"}, true},
	}
	for _, c := range cases {
		var l videoList
		d.get(t, "/api/videos", c.params, &l)
		got := keys(l)
		if !c.order {
			got = sorted(l)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.params.Encode(), got, c.want)
		}
	}
	var l videoList
	d.get(t, "/api/videos", url.Values{"limit": {"2"}}, &l)
	if l.Total != 5 || len(l.Videos) != 2 || l.Limit != 2 {
		t.Errorf("limit 2: total %d, %d videos, limit %d", l.Total, len(l.Videos), l.Limit)
	}
}

// TestVideosPagesOfACountSort walks the pages of the sorts by a count,
// which ask ClickHouse for the first videos only: pages whose first
// videos in ClickHouse are crowded out by many more of a removed account,
// ties, a video whose views are hidden and videos not scraped yet must
// come out as the order recomputed from the raw snapshots says.
func TestVideosPagesOfACountSort(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	ctx := context.Background()
	video := func(key string, acc *uuid.UUID) uuid.UUID {
		o := testenv.VideoOptions{Platform: platform.Instagram, PlatformID: key, URL: "https://example.com/v/" + key, Status: domain.ItemActive,
			CreatedAt: dashNow.Add(-48 * time.Hour), LastScrapedAt: time.Now()}
		if acc != nil {
			o.AccountID = *acc
		}
		d.videos[key] = env.Video(t, d.ws, o)
		return d.videos[key]
	}
	w := ingest.NewSnapshotWriter(env.CH, 500, time.Now())
	snap := func(id uuid.UUID, acc *uuid.UUID, m ingest.Metrics) {
		s := ingest.Snapshot{WorkspaceID: d.ws, Platform: platform.Instagram, Kind: platform.Video, EntityID: id,
			ScrapedAt: dashNow.Add(-2 * time.Hour), Metrics: m, JobID: uuid.New()}
		if acc != nil {
			s.AccountID = *acc
		}
		if err := w.Add(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	// more videos of the removed account, between and above the listed ones,
	// than any page asks ClickHouse for beyond itself
	removed := d.accounts["acc2"]
	for i := range 40 {
		snap(video(fmt.Sprintf("r%d", i), &removed), &removed, ingest.Metrics{Views: u64(uint64(1000 + i)), Likes: u64(uint64(990 + i))})
	}
	snap(video("big", nil), nil, ingest.Metrics{Views: u64(5000), Likes: u64(4)})
	snap(video("mid", nil), nil, ingest.Metrics{Views: u64(1005), Likes: u64(1005)})
	// ties: ClickHouse orders UUIDs unlike their bytes
	for i := range 8 {
		snap(video(fmt.Sprintf("tie%d", i), nil), nil, ingest.Metrics{Views: u64(3), Likes: u64(4)})
	}
	snap(video("hidden", nil), nil, ingest.Metrics{Likes: u64(1)})
	for i := range 4 {
		video(fmt.Sprintf("new%d", i), nil)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)

	hist := d.history(t, "video")
	var all videoList
	d.get(t, "/api/videos", url.Values{"limit": {"500"}, "sort": {"added"}}, &all)
	for _, by := range []struct {
		sort   numbers.VideoSort
		metric int
	}{{numbers.SortViews, 0}, {numbers.SortLikes, 1}} {
		// the order the raw snapshots give: highest first, those without
		// the metric last, ties in id order
		want := make([]numbers.Video, len(all.Videos))
		copy(want, all.Videos)
		slices.SortFunc(want, func(a, b numbers.Video) int {
			x, y := latest(hist[a.ID], by.metric), latest(hist[b.ID], by.metric)
			switch {
			case x != nil && y == nil:
				return -1
			case x == nil && y != nil:
				return 1
			case x != nil && *x != *y:
				if *x > *y {
					return -1
				}
				return 1
			}
			return slices.Compare(a.ID[:], b.ID[:])
		})
		// a limit of 50 asks ClickHouse for more videos than it has
		for _, limit := range []int{1, 2, 7, 50} {
			for offset := 0; offset < len(want)+1; offset += limit {
				var page videoList
				d.get(t, "/api/videos", url.Values{"sort": {string(by.sort)}, "limit": {fmt.Sprint(limit)}, "offset": {fmt.Sprint(offset)}}, &page)
				var got, exp []string
				for _, v := range page.Videos {
					got = append(got, v.PlatformVideoID)
				}
				for _, v := range want[min(offset, len(want)):min(offset+limit, len(want))] {
					exp = append(exp, v.PlatformVideoID)
				}
				if page.Total != len(want) || !slices.Equal(got, exp) {
					t.Errorf("sort %s, limit %d, offset %d: total %d, %v; want total %d, %v", by.sort, limit, offset, page.Total, got, len(want), exp)
				}
			}
		}
	}
}

func TestVideosRejectBadParameters(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	for _, q := range []string{
		"platforms=tiktok,myspace", "datePreset=1y", "sort=random", "limit=0", "limit=501", "limit=ten",
		"offset=-1", "individualOnly=maybe", "collectionId=nope", "sortBy=views",
	} {
		d.app.request("GET", "/api/videos?"+q, nil, d.cookie).expectError(t, 400, "invalid_request")
	}
	// a collection of another workspace is not found, like one that does not exist
	other := seedDashboard(t)
	d.app.request("GET", "/api/videos?collectionId="+other.collection.String(), nil, d.cookie).expectError(t, 404, "not_found")
	d.app.request("GET", "/api/videos?collectionId="+uuid.NewString(), nil, d.cookie).expectError(t, 404, "not_found")
}

type overviewBody struct {
	numbers.Overview
}

// TestOverviewAgreesWithRawSnapshots recomputes the overview from the raw
// snapshots for every window, unfiltered and through filters that select
// most of the videos or few of them.
func TestOverviewAgreesWithRawSnapshots(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	hist := d.history(t, "video")
	cases := []struct {
		filter   url.Values
		listed   []string
		accounts int
	}{
		{url.Values{}, []string{"v1", "v2", "v3", "v4", "v6"}, 1},
		{url.Values{"platforms": {"tiktok"}}, []string{"v1", "v2", "v3"}, 1},
		{url.Values{"platforms": {"instagram,x"}}, []string{"v4", "v6"}, 0},
		{url.Values{"collectionId": {d.collection.String()}}, []string{"v1", "v2", "v6"}, 1},
	}
	for _, c := range cases {
		for _, preset := range []string{"24h", "7d", "30d", "90d", "all"} {
			checkOverview(t, d, hist, c.filter, preset, c.listed, c.accounts)
		}
	}
}

func checkOverview(t *testing.T, d *dashboard, hist map[uuid.UUID][]rawSnapshot, filter url.Values, preset string, listed []string, accounts int) {
	t.Helper()
	now := d.now()
	params := url.Values{"datePreset": {preset}}
	for k, v := range filter {
		params[k] = v
	}
	w := query.WindowOf(query.Preset(preset), now)
	preset = params.Encode() // names the case in messages
	var o overviewBody
	d.get(t, "/api/overview", params, &o)
	var views, gained, prev int64
	for _, k := range listed {
		h := hist[d.videos[k]]
		if l := latest(h, 0); l != nil {
			views += int64(*l)
		}
		start := w.Start
		if w.Preset == query.PresetAll {
			start = time.Unix(0, 0)
		}
		if g := gainSince(h, 0, start); g != nil {
			gained += *g
		}
		if w.Preset != query.PresetAll {
			a, _ := valueBefore(h, 0, w.Start)
			b, _ := valueBefore(h, 0, w.PrevStart)
			prev += int64(a) - int64(b)
		}
	}
	if int64(o.Totals.Views) != views || o.Totals.Videos != len(listed) || o.Totals.Accounts != accounts {
		t.Errorf("%s: totals %+v, want views %d, %d videos, %d accounts", preset, o.Totals, views, len(listed), accounts)
	}
	if o.Gained.Period != gained {
		t.Errorf("%s: views gained %d, raw snapshots say %d", preset, o.Gained.Period, gained)
	}
	if w.Preset != query.PresetAll && (o.Gained.Previous == nil || *o.Gained.Previous != prev) {
		t.Errorf("%s: previous %s, raw snapshots say %d", preset, show(o.Gained.Previous), prev)
	}
	checkCountsGained(t, d, hist, o.Overview, w, preset, listed)
	// the series has every bucket, and its gains add up to the period's
	step := 24 * time.Hour
	if w.Preset == query.Preset24h {
		step = time.Hour
	}
	var sum int64
	for i, p := range o.Series {
		if i > 0 && !p.T.Equal(o.Series[i-1].T.Add(step)) {
			t.Fatalf("%s: bucket %s follows %s", preset, p.T, o.Series[i-1].T)
		}
		sum += p.Gained
		var total int64
		for _, k := range listed {
			h := hist[d.videos[k]]
			end := p.T.Add(step)
			var seen bool
			for _, s := range h {
				seen = seen || (s.metrics[0] != nil && s.at.Before(end))
			}
			if seen {
				v, _ := valueBefore(h, 0, end)
				total += int64(v)
			}
		}
		if p.Total != total {
			t.Errorf("%s: views at the end of %s = %d, raw snapshots say %d", preset, p.T, p.Total, total)
		}
	}
	if sum != gained {
		t.Errorf("%s: series gains add up to %d, period says %d", preset, sum, gained)
	}
	if w.Preset != query.PresetAll {
		if n := len(o.Series); n == 0 || !o.Series[0].T.Equal(w.Start) || !o.Series[n-1].T.Equal(now.Truncate(step)) {
			t.Errorf("%s: series spans %d buckets", preset, n)
		}
	}
	// the movers are the videos with the most views gained in the
	// window, highest first, each with that gain; a video that gained
	// nothing is none
	start := w.Start
	if w.Preset == query.PresetAll {
		start = time.Unix(0, 0)
	}
	var gains []int64
	for _, k := range listed {
		if g := gainSince(hist[d.videos[k]], 0, start); g != nil && *g > 0 {
			gains = append(gains, *g)
		}
	}
	slices.Sort(gains)
	slices.Reverse(gains)
	for i, mv := range o.TopMovers {
		g := gainSince(hist[mv.ID], 0, start)
		if g == nil || *g != mv.ViewsGained || mv.ViewsGained != gains[i] {
			t.Errorf("%s: mover %d %+v, raw snapshots say it gained %s and the %d. most gained is %d", preset, i, mv, show(g), i+1, gains[i])
		}
	}
	if len(o.TopMovers) != min(len(gains), numbers.TopMovers) { // every listed video that gained views
		t.Errorf("%s: %d top movers, want %d", preset, len(o.TopMovers), min(len(gains), numbers.TopMovers))
	}
}

// checkCountsGained recomputes every count's gains in the window and the
// window before from the raw snapshots: a video without a value of the
// count adds nothing (v2's likes are hidden once, saves are recorded for
// v1 only, shares never for v6).
func checkCountsGained(t *testing.T, d *dashboard, hist map[uuid.UUID][]rawSnapshot, o numbers.Overview, w query.Window, name string, listed []string) {
	t.Helper()
	if g := o.Gains.Views; g.Period != o.Gained.Period || !ptrEq(g.Previous, o.Gained.Previous) || !ptrEq(g.ChangePct, o.Gained.ChangePct) {
		t.Errorf("%s: gained.views %+v differs from viewsGained %+v", name, g, o.Gained)
	}
	start := w.Start
	if w.Preset == query.PresetAll {
		start = time.Unix(0, 0)
	}
	for m, got := range []numbers.PeriodGained{o.Gains.Views, o.Gains.Likes, o.Gains.Comments, o.Gains.Shares, o.Gains.Saves} {
		var period, prev int64
		for _, k := range listed {
			h := hist[d.videos[k]]
			if g := gainSince(h, m, start); g != nil {
				period += *g
			}
			if w.Preset != query.PresetAll {
				if g, gp := gainSince(h, m, w.Start), gainSince(h, m, w.PrevStart); g != nil {
					prev += *gp - *g
				}
			}
		}
		if got.Period != period {
			t.Errorf("%s: metric %d gained %d, raw snapshots say %d", name, m, got.Period, period)
		}
		if w.Preset == query.PresetAll {
			if got.Previous != nil || got.ChangePct != nil {
				t.Errorf("%s: metric %d has previous %s, change %s for all", name, m, show(got.Previous), show(got.ChangePct))
			}
			continue
		}
		if got.Previous == nil || *got.Previous != prev {
			t.Errorf("%s: metric %d gained %s in the previous window, raw snapshots say %d", name, m, show(got.Previous), prev)
		}
		var pct *float64
		if prev != 0 {
			x := float64(period-prev) * 100 / float64(prev)
			pct = &x
		}
		if !ptrEq(got.ChangePct, pct) {
			t.Errorf("%s: metric %d change %s%%, raw snapshots say %s", name, m, show(got.ChangePct), show(pct))
		}
	}
}

// TestReadAfterWriteThroughTheWebhookPath reads the list before and after
// tracking and after the scrape lands: each read shows the write before it,
// with Redis up (answers cached) and down (answers computed).
func TestReadAfterWriteThroughTheWebhookPath(t *testing.T) {
	for _, redisUp := range []bool{true, false} {
		t.Run(fmt.Sprintf("redis up %t", redisUp), func(t *testing.T) {
			var change func(*wiring.Deps)
			if !redisUp {
				change = deadRedis(t)
			}
			a, _ := newScrapingAppWith(t, change)
			c := a.signUp(uniqueEmail("fresh"))
			ws := a.bootstrap(c).Workspace.ID
			list := func() videoList {
				var l videoList
				a.request("GET", "/api/videos", nil, c).expect(t, 200).decode(t, &l)
				return l
			}
			if l := list(); l.Total != 0 {
				t.Fatalf("new workspace lists %d videos", l.Total)
			}
			var tracked trackOut
			a.request("POST", "/api/track", map[string]string{"url": "https://www.tiktok.com/@creator/video/7301234567890123456"}, c).
				expect(t, 200).decode(t, &tracked)
			if l := list(); l.Total != 1 || l.Videos[0].ID != tracked.ID {
				t.Fatalf("right after tracking the list has %d videos", l.Total)
			}
			if got := waitJob(t, tracked.JobID); got != "processed" {
				t.Fatalf("job %s", got)
			}
			l := list()
			// The simulator hides a count now and then (an hour in fifty),
			// as platforms do: views and likes are compared, and one of
			// them must have been recorded.
			var views, likes *uint64
			if err := env.CH.QueryRow(context.Background(), `SELECT views, likes FROM metric_snapshots FINAL WHERE workspace_id = ? AND entity_id = ?`, ws, tracked.ID).Scan(&views, &likes); err != nil {
				t.Fatal(err)
			}
			if v := l.Videos[0]; v.Status != "active" || !ptrEq(v.Metrics.Views, views) || !ptrEq(v.Metrics.Likes, likes) || (views == nil && likes == nil) {
				t.Fatalf("after the scrape the list shows status %s views %s likes %s; the snapshot has %s and %s",
					v.Status, show(v.Metrics.Views), show(v.Metrics.Likes), show(views), show(likes))
			}
			if redisUp {
				keys, err := a.deps.Redis.Client.Keys(context.Background(), a.deps.Redis.Key("cache:"+ws.String()+":*")).Result()
				if err != nil || len(keys) == 0 {
					t.Fatalf("no cached answers in Redis (%v)", err)
				}
			}
		})
	}
}

// TestGainsAfterAGapLongerThanTheLookback: a video scraped 20 days ago and
// again since 2 days ago has no value in the 7 days before the 7d window,
// so its gain counts from its first value, in the list, the KPIs and the
// chart alike.
func TestGainsAfterAGapLongerThanTheLookback(t *testing.T) {
	t.Parallel()
	a := newApp(t, func(d *wiring.Deps) { d.Now = func() time.Time { return dashNow } })
	c := a.signUp(uniqueEmail("gap"))
	ws := a.bootstrap(c).Workspace.ID
	id := byLinkVideo(t, ws, platform.X, "1", dashNow.AddDate(0, 0, -21))
	w := ingest.NewSnapshotWriter(env.CH, 10, time.Now())
	for _, p := range []struct {
		age   time.Duration
		views uint64
	}{{20 * 24 * time.Hour, 100}, {19 * 24 * time.Hour, 200}, {2 * 24 * time.Hour, 5000}, {time.Hour, 6000}} {
		v := p.views
		if err := w.Add(context.Background(), ingest.Snapshot{WorkspaceID: ws, Platform: platform.X, Kind: platform.Video, EntityID: id,
			ScrapedAt: dashNow.Add(-p.age), Metrics: ingest.Metrics{Views: &v}, JobID: uuid.New()}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws)

	var l videoList
	a.request("GET", "/api/videos", nil, c).expect(t, 200).decode(t, &l)
	if v := l.Videos[0]; v.ViewsGained7d == nil || *v.ViewsGained7d != 5900 || v.ViewsGained24h == nil || *v.ViewsGained24h != 1000 {
		t.Fatalf("gains 7d %s, 24h %s; want 5900 (from the first value) and 1000", show(v.ViewsGained7d), show(v.ViewsGained24h))
	}
	var o overviewBody
	a.request("GET", "/api/overview?datePreset=7d", nil, c).expect(t, 200).decode(t, &o)
	var sum int64
	for _, p := range o.Series {
		sum += p.Gained
	}
	if o.Gained.Period != 5900 || sum != 5900 || o.Series[len(o.Series)-1].Total != 6000 {
		t.Fatalf("7d overview: period %d, series sum %d, last total %d; want 5900, 5900, 6000", o.Gained.Period, sum, o.Series[len(o.Series)-1].Total)
	}
}

// TestBucketKeepsAValueItsLastSnapshotHid: a video whose views were
// recorded and then hidden within one hour and one day keeps the recorded
// views in the chart after ClickHouse has merged the buckets, as the list
// and the KPIs keep them.
func TestBucketKeepsAValueItsLastSnapshotHid(t *testing.T) {
	t.Parallel()
	a := newApp(t, func(d *wiring.Deps) { d.Now = func() time.Time { return dashNow } })
	c := a.signUp(uniqueEmail("hidden"))
	ws := a.bootstrap(c).Workspace.ID
	id := byLinkVideo(t, ws, platform.X, "2", dashNow.AddDate(0, 0, -1))
	views, likes := uint64(700), uint64(9)
	hour := dashNow.Add(-3 * time.Hour).Truncate(time.Hour)
	w := ingest.NewSnapshotWriter(env.CH, 10, time.Now())
	for _, s := range []ingest.Snapshot{
		{ScrapedAt: hour.Add(10 * time.Minute), Metrics: ingest.Metrics{Views: &views, Likes: &likes}},
		{ScrapedAt: hour.Add(40 * time.Minute), Metrics: ingest.Metrics{Likes: &likes}}, // views hidden
	} {
		s.WorkspaceID, s.Platform, s.Kind, s.EntityID, s.JobID = ws, platform.X, platform.Video, id, uuid.New()
		if err := w.Add(context.Background(), s); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"entity_hourly", "entity_daily"} {
		if err := env.CH.Exec(context.Background(), "OPTIMIZE TABLE "+table+" FINAL"); err != nil {
			t.Fatal(err)
		}
	}
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws)

	for _, preset := range []string{"24h", "7d"} {
		var o overviewBody
		a.request("GET", "/api/overview?datePreset="+preset, nil, c).expect(t, 200).decode(t, &o)
		if last := o.Series[len(o.Series)-1]; int64(o.Totals.Views) != 700 || last.Total != 700 {
			t.Errorf("%s: total views %d, chart ends at %d; want the 700 recorded before views were hidden", preset, o.Totals.Views, last.Total)
		}
	}
}

// TestOverviewGainsOfHiddenCounts: counts a platform hides gain nothing
// while hidden. A video whose saves were hidden until inside the window
// gains from its first recorded saves, not from 0; one whose saves were
// never recorded adds nothing; likes hidden around the window's start
// count from the last likes recorded before it. Every window agrees with
// the raw snapshots.
// TestStartValuesAcrossScrapeGaps: videos that were not scraped for days
// before a window's start take their start value from their last snapshot
// within the look-back (chread.Lookback), as the raw snapshots say: the
// overview for every preset and the videos list with its gains.
func TestStartValuesAcrossScrapeGaps(t *testing.T) {
	t.Parallel()
	a := newApp(t, func(d *wiring.Deps) { d.Now = func() time.Time { return dashNow } })
	c := a.signUp(uniqueEmail("gaps"))
	ws := a.bootstrap(c).Workspace.ID
	d := &dashboard{app: a, cookie: c, ws: ws, videos: map[string]uuid.UUID{}}
	start7 := query.WindowOf(query.Preset7d, dashNow).Start
	// days (before now) on which each video was scraped
	gaps := map[string]func(day int) bool{
		"daily":          func(int) bool { return true },
		"every-3-days":   func(day int) bool { return day%3 == 0 },
		"gap-before-7d":  func(day int) bool { return day <= 5 || day >= 12 },
		"gap-before-24h": func(day int) bool { return day == 0 || day >= 4 },
	}
	w := ingest.NewSnapshotWriter(env.CH, 100, time.Now())
	for key, scraped := range gaps {
		id := byLinkVideo(t, ws, platform.TikTok, key, dashNow.AddDate(0, 0, -40))
		d.videos[key] = id
		for day := 35; day >= 0; day-- {
			if !scraped(day) {
				continue
			}
			at := dashNow.Add(-time.Duration(day)*24*time.Hour - 2*time.Hour)
			m := ingest.Metrics{Views: u64(uint64(500 * (36 - day) * (36 - day))), Likes: u64(uint64(30 * (36 - day))), Comments: u64(uint64(36 - day)),
				Shares: u64(uint64(2 * (36 - day))), Saves: u64(uint64(3 * (36 - day)))}
			if err := w.Add(context.Background(), ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: id,
				ScrapedAt: at, Metrics: m, JobID: uuid.New()}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws)
	if start7.After(dashNow.Add(-6*24*time.Hour)) && start7.Before(dashNow.Add(-8*24*time.Hour)) {
		t.Fatalf("the 7d window starts at %s: the gaps above no longer straddle it", start7)
	}

	hist := d.history(t, "video")
	keys := make([]string, 0, len(gaps))
	for k := range gaps {
		keys = append(keys, k)
	}
	for _, preset := range []string{"24h", "7d", "30d", "90d", "all"} {
		checkOverview(t, d, hist, url.Values{}, preset, keys, 0)
	}
	for _, by := range []string{"views", "gained24h"} {
		var list videoList
		d.get(t, "/api/videos", url.Values{"limit": {"500"}, "sort": {by}}, &list)
		if len(list.Videos) != len(gaps) {
			t.Fatalf("sort %s: %d videos, want %d", by, len(list.Videos), len(gaps))
		}
		checkVideos(t, hist, list.Videos, dashNow)
	}
}

func TestOverviewGainsOfHiddenCounts(t *testing.T) {
	t.Parallel()
	a := newApp(t, func(d *wiring.Deps) { d.Now = func() time.Time { return dashNow } })
	c := a.signUp(uniqueEmail("hiddengains"))
	ws := a.bootstrap(c).Workspace.ID
	d := &dashboard{app: a, cookie: c, ws: ws, videos: map[string]uuid.UUID{}}
	start := query.WindowOf(query.Preset7d, dashNow).Start
	w := ingest.NewSnapshotWriter(env.CH, 100, time.Now())
	for _, key := range []string{"late-saves", "no-saves"} {
		id := byLinkVideo(t, ws, platform.Instagram, key, dashNow.AddDate(0, 0, -30))
		d.videos[key] = id
		for day := 20; day >= 0; day-- {
			at := dashNow.Add(-time.Duration(day)*24*time.Hour - time.Hour)
			m := ingest.Metrics{Views: u64(uint64(1000 * (21 - day))), Likes: u64(uint64(40 * (21 - day))), Comments: u64(7)}
			if key == "late-saves" {
				if day <= 3 {
					m.Saves = u64(uint64(100 + 50*(3-day)))
				}
				if at.After(start.Add(-3*24*time.Hour)) && at.Before(start.Add(24*time.Hour)) {
					m.Likes = nil
				}
			}
			if err := w.Add(context.Background(), ingest.Snapshot{WorkspaceID: ws, Platform: platform.Instagram, Kind: platform.Video, EntityID: id,
				ScrapedAt: at, Metrics: m, JobID: uuid.New()}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws)

	var o overviewBody
	d.get(t, "/api/overview", url.Values{"datePreset": {"7d"}}, &o)
	if g := o.Gains.Saves; g.Period != 150 || g.Previous == nil || *g.Previous != 0 || g.ChangePct != nil {
		t.Errorf("7d saves gained %d, previous %s, change %s; want 150 (250 - the first 100 recorded), 0 and null", g.Period, show(g.Previous), show(g.ChangePct))
	}
	if g := o.Gains.Shares; g.Period != 0 || g.Previous == nil || *g.Previous != 0 {
		t.Errorf("7d shares gained %d, previous %s; never recorded, want 0 and 0", g.Period, show(g.Previous))
	}
	// likes grow 40 a day: no-saves gained 7 days' worth since its likes
	// of the day before the window; late-saves, whose likes were hidden
	// the 3 days before the start, 10 days' worth, since the last likes
	// recorded before the start
	if g := o.Gains.Likes; g.Period != 7*40+10*40 {
		t.Errorf("7d likes gained %d, want %d", g.Period, 7*40+10*40)
	}
	hist := d.history(t, "video")
	for _, preset := range []string{"24h", "7d", "30d", "90d", "all"} {
		checkOverview(t, d, hist, url.Values{}, preset, []string{"late-saves", "no-saves"}, 0)
	}
}
