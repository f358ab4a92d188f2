package query

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/refresh"
	"github.com/reeltrack/reeltrack/query/chread"
)

// Account analytics bounds.
const (
	// AnalyticsHours is how many hourly buckets the hour series has: the
	// current hour and the 167 before it.
	AnalyticsHours = 7 * 24
	// AnalyticsMaxDays caps the day series, which starts on the day of the
	// account's first snapshot (or its videos').
	AnalyticsMaxDays = 365
	// TopVideos is how many videos the panel lists as top videos.
	TopVideos = 5
)

// AccountAnalytics is the answer of GET /accounts/{id}/analytics: the
// account as listed, its followers and views over time, its videos, and
// per-video statistics.
type AccountAnalytics struct {
	Account     Account            `json:"account"`
	Granularity chread.Granularity `json:"granularity"`
	// Start is the first bucket of the series; nil when they are empty.
	Start *time.Time `json:"start"`
	End   time.Time  `json:"end"`
	// Followers holds one point per bucket from Start to the bucket of End.
	Followers []FollowersPoint `json:"followersSeries"`
	// Views sums the account's videos per bucket, on the same buckets.
	Views []Point `json:"viewsSeries"`
	// Videos are the account's videos, most viewed first.
	Videos []Video `json:"videos"`
	// TopVideos are the first TopVideos of Videos.
	TopVideos []Video        `json:"topVideos"`
	PerVideo  PerVideoStats  `json:"perVideo"`
	Cadence   PostingCadence `json:"cadence"`
	BestVideo *BestVideo     `json:"bestVideo"`
	// NextScrapeAt is when the account is next scraped, by the refresh's
	// plan (internal/refresh); a time not after End is a scrape queued or
	// due now; nil when it is not refreshed (paused, removed, or the
	// workspace has no access).
	NextScrapeAt *time.Time `json:"nextScrapeAt"`
	// NextScrapeReason is why the next scrape comes when it does (see
	// docs/refresh.md): new, young, growing, campaign, alert_rule, settled
	// or budget; nil when NextScrapeAt is.
	NextScrapeReason *refresh.Reason `json:"nextScrapeReason"`
}

// FollowersPoint is one bucket of the followers series.
type FollowersPoint struct {
	T time.Time `json:"t"`
	// Followers is the count at the bucket's end: the last value recorded
	// before it; nil before the first recorded value.
	Followers *int64 `json:"followers"`
	// Gained is the change within the bucket (from the value at the end of
	// the bucket before, or from the first recorded value).
	Gained int64 `json:"followersGained"`
}

// MetricStats describes one metric over the videos that recorded it.
type MetricStats struct {
	Videos  int      `json:"videos"`
	Average *float64 `json:"average"`
	// Median is the middle value, or the mean of the two middle values.
	Median *float64 `json:"median"`
}

// PerVideoStats are the per-video statistics of the latest values.
type PerVideoStats struct {
	Views    MetricStats `json:"views"`
	Likes    MetricStats `json:"likes"`
	Comments MetricStats `json:"comments"`
	Shares   MetricStats `json:"shares"`
}

// PostingCadence counts the account's tracked videos by publish time.
type PostingCadence struct {
	// Published counts the videos with a known publish time; the other
	// figures count only these.
	Published   int           `json:"published"`
	Last4Weeks  CadenceWindow `json:"last4Weeks"`
	Last12Weeks CadenceWindow `json:"last12Weeks"`
	// ByWeekday counts by UTC weekday, 0 = Sunday.
	ByWeekday [7]int `json:"byWeekday"`
	// ByHour counts by UTC hour of day.
	ByHour [24]int `json:"byHour"`
}

// CadenceWindow counts videos published in the last weeks (the 28 or 84
// days up to now).
type CadenceWindow struct {
	Videos  int     `json:"videos"`
	PerWeek float64 `json:"perWeek"`
}

// AccountAnalyticsQuery selects the series' bucket size.
type AccountAnalyticsQuery struct {
	Granularity chread.Granularity
}

// Key is the query in a canonical form, for cache keys.
func (q AccountAnalyticsQuery) Key() string { return "g=" + string(q.Granularity) }

// AccountAnalyticsHandler answers the account analytics panel.
type AccountAnalyticsHandler struct {
	DB  *pgxpool.Pool
	CH  driver.Conn
	Now func() time.Time
}

// Handle computes the panel of one account that is not removed; not found
// for a removed account or one of another workspace.
func (h AccountAnalyticsHandler) Handle(ctx context.Context, ws, id uuid.UUID, q AccountAnalyticsQuery) (AccountAnalytics, error) {
	now := h.Now().UTC()
	rows, _, err := loadAccounts(ctx, h.DB, h.CH, ws, accountSelect{ID: &id, VideoDetails: true}, now)
	if err != nil {
		return AccountAnalytics{}, err
	}
	if len(rows) == 0 {
		return AccountAnalytics{}, apperr.NotFound("account not found")
	}
	r := rows[0]
	next, reason, err := nextScrape(ctx, h.DB, ws, scheduledAccount, now, id)
	if err != nil {
		return AccountAnalytics{}, err
	}
	g := q.Granularity
	out := AccountAnalytics{Account: r.Account, Granularity: g, End: now,
		Followers: []FollowersPoint{}, Views: []Point{}, NextScrapeAt: next, NextScrapeReason: reason}

	// The figures cover the videos the account tracks; those beyond its
	// tracking limit are listed after them.
	videos := make([]Video, 0, len(r.Videos))
	var beyond []Video
	ids := make([]uuid.UUID, 0, len(r.Videos))
	first := r.FirstAt
	for _, v := range r.Videos {
		if domain.Item(v.Status) == domain.ItemBeyondLimit {
			beyond = append(beyond, v.Video)
			continue
		}
		videos, ids = append(videos, v.Video), append(ids, v.ID)
		if !v.FirstAt.IsZero() && (first.IsZero() || v.FirstAt.Before(first)) {
			first = v.FirstAt
		}
	}
	sortVideos(videos, SortViews)
	sortVideos(beyond, SortViews)
	out.Videos = append(slices.Clip(videos), beyond...)
	out.TopVideos = videos[:min(TopVideos, len(videos))]
	out.PerVideo = perVideoStats(videos)
	out.Cadence = postingCadence(videos, now)
	out.BestVideo = bestVideo(videos)

	var start time.Time
	switch {
	case g == chread.Hourly:
		start = chread.Hourly.Floor(now).Add(-(AnalyticsHours - 1) * time.Hour)
	case !first.IsZero():
		start = maxTime(chread.Daily.Floor(first), chread.Daily.Floor(now).AddDate(0, 0, -(AnalyticsMaxDays-1)))
	default:
		// never scraped: nothing to chart by day
		return out, nil
	}
	out.Start = &start

	var (
		fBase, vBase     int64
		fPoints, vPoints map[time.Time]chread.SeriesPoint
		firstFollowers   *time.Time
	)
	eg, ectx := newGroup(ctx)
	eg.Go(func() (err error) {
		fBase, fPoints, err = chread.Reader{CH: h.CH}.Series(ectx, analyticsFollowers(ws, id, g, start))
		return err
	})
	eg.Go(func() (err error) {
		firstFollowers, err = firstRecorded(ectx, h.CH, firstFollowersQuery(ws, id))
		return err
	})
	if len(ids) > 0 {
		eg.Go(func() (err error) {
			vBase, vPoints, err = chread.Reader{CH: h.CH}.Series(ectx, viewsSeries(ws, chread.OnlyIDs(ids), g, start))
			return err
		})
	}
	if err := eg.Wait(); err != nil {
		return AccountAnalytics{}, err
	}
	out.Views = seriesOnEveryBucket(g, start, now, vBase, vPoints)
	for _, p := range seriesOnEveryBucket(g, start, now, fBase, fPoints) {
		fp := FollowersPoint{T: p.T, Gained: p.Gained}
		if firstFollowers != nil && p.T.Add(g.Step()).After(*firstFollowers) {
			total := p.Total
			fp.Followers = &total
		}
		out.Followers = append(out.Followers, fp)
	}
	return out, nil
}

// analyticsFollowers reads the followers series of one account.
func analyticsFollowers(ws, id uuid.UUID, g chread.Granularity, start time.Time) chread.SeriesQuery {
	return chread.SeriesQuery{Workspace: ws, Kind: platform.Account, Metric: domain.Followers, Scope: chread.OnlyIDs([]uuid.UUID{id}), Granularity: g, Start: start}
}

// firstFollowersQuery finds the hour of an account's first followers count.
func firstFollowersQuery(ws, id uuid.UUID) firstRecordedQuery {
	return firstRecordedQuery{Workspace: ws, Kind: platform.Account, ID: id, Metric: domain.Followers}
}

// firstRecordedQuery finds the hour of an entity's first recorded value
// of Metric.
type firstRecordedQuery struct {
	Workspace uuid.UUID
	Kind      platform.Kind
	ID        uuid.UUID
	Metric    domain.Metric
}

var firstRecordedSQL = chread.SQLTemplate("firstRecorded", `
SELECT min(bucket), count()
FROM entity_hourly
WHERE workspace_id = @ws AND entity_kind = @kind AND entity_id = @id AND isNotNull({{.}})`)

// SQL renders the query and its parameters.
func (q firstRecordedQuery) SQL() (string, []any) {
	return chread.RenderSQL(firstRecordedSQL, q.Metric.Column()),
		[]any{clickhouse.Named("ws", q.Workspace), clickhouse.Named("kind", string(q.Kind)), clickhouse.Named("id", q.ID)}
}

// firstRecorded runs q: the start of the hour in which the entity's metric
// was first recorded; nil when it never was.
func firstRecorded(ctx context.Context, ch driver.Conn, q firstRecordedQuery) (*time.Time, error) {
	var t time.Time
	var n uint64
	sql, args := q.SQL()
	if err := ch.QueryRow(ctx, sql, args...).Scan(&t, &n); err != nil {
		return nil, fmt.Errorf("read first %s of %s: %w", q.Metric, q.Kind, err)
	}
	if n == 0 {
		return nil, nil
	}
	t = t.UTC()
	return &t, nil
}

func perVideoStats(vs []Video) PerVideoStats {
	stats := func(get func(*Video) *uint64) MetricStats {
		var xs []uint64
		for i := range vs {
			if p := get(&vs[i]); p != nil {
				xs = append(xs, *p)
			}
		}
		s := MetricStats{Videos: len(xs)}
		if len(xs) == 0 {
			return s
		}
		var sum float64
		for _, x := range xs {
			sum += float64(x)
		}
		avg := sum / float64(len(xs))
		slices.Sort(xs)
		mid := len(xs) / 2
		med := float64(xs[mid])
		if len(xs)%2 == 0 {
			med = (float64(xs[mid-1]) + float64(xs[mid])) / 2
		}
		s.Average, s.Median = &avg, &med
		return s
	}
	return PerVideoStats{
		Views:    stats(func(v *Video) *uint64 { return v.Metrics.Views }),
		Likes:    stats(func(v *Video) *uint64 { return v.Metrics.Likes }),
		Comments: stats(func(v *Video) *uint64 { return v.Metrics.Comments }),
		Shares:   stats(func(v *Video) *uint64 { return v.Metrics.Shares }),
	}
}

func postingCadence(vs []Video, now time.Time) PostingCadence {
	var c PostingCadence
	for _, v := range vs {
		if v.PublishedAt == nil {
			continue
		}
		p := v.PublishedAt.UTC()
		c.Published++
		c.ByWeekday[p.Weekday()]++
		c.ByHour[p.Hour()]++
		if p.After(now) {
			continue
		}
		if !p.Before(now.AddDate(0, 0, -28)) {
			c.Last4Weeks.Videos++
		}
		if !p.Before(now.AddDate(0, 0, -84)) {
			c.Last12Weeks.Videos++
		}
	}
	c.Last4Weeks.PerWeek = float64(c.Last4Weeks.Videos) / 4
	c.Last12Weeks.PerWeek = float64(c.Last12Weeks.Videos) / 12
	return c
}

// BestVideo is the account's video that gained the most views over the 7d
// window.
type BestVideo struct {
	Video
	ViewsGained int64 `json:"viewsGained"`
}

// bestVideo is the video that gained the most views over the 7d window
// (ties: more views, then id order); nil when no video gained views.
func bestVideo(vs []Video) *BestVideo {
	var best *BestVideo
	for _, v := range vs {
		if v.ViewsGained7d == nil || *v.ViewsGained7d <= 0 {
			continue
		}
		m := BestVideo{Video: v, ViewsGained: *v.ViewsGained7d}
		if best == nil || m.ViewsGained > best.ViewsGained ||
			(m.ViewsGained == best.ViewsGained && better(&m.Video, &best.Video)) {
			best = &m
		}
	}
	return best
}

// better reports whether a has more views than b, or as many and a lower id.
func better(a, b *Video) bool {
	if c := descNilLast(a.Metrics.Views, b.Metrics.Views); c != 0 {
		return c < 0
	}
	return compareIDs(a.ID, b.ID) < 0
}
