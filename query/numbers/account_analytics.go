package numbers

import (
	"context"
	"slices"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/fanout"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/refresh"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
)

// Account analytics bounds.
const (
	AnalyticsHours = 7 * 24
	// AnalyticsMaxDays caps the day series, which starts at the first snapshot.
	AnalyticsMaxDays = 365
	TopVideos        = 5
)

// AccountAnalytics is the answer of GET /accounts/{id}/analytics.
type AccountAnalytics struct {
	Account     Account            `json:"account"`
	Granularity chread.Granularity `json:"granularity"`
	// Start is nil when the series are empty.
	Start     *time.Time       `json:"start"`
	End       time.Time        `json:"end"`
	Followers []FollowersPoint `json:"followersSeries"`
	Views     []Point          `json:"viewsSeries"`
	// Videos are the account's videos, most viewed first.
	Videos    []Video        `json:"videos"`
	TopVideos []Video        `json:"topVideos"`
	PerVideo  PerVideoStats  `json:"perVideo"`
	Cadence   PostingCadence `json:"cadence"`
	BestVideo *BestVideo     `json:"bestVideo"`
	// NextScrapeAt is nil when the account is not refreshed.
	NextScrapeAt     *time.Time      `json:"nextScrapeAt"`
	NextScrapeReason *refresh.Reason `json:"nextScrapeReason"`
}

// FollowersPoint is one bucket of the followers series.
type FollowersPoint struct {
	T time.Time `json:"t"`
	// Followers is the last value before the bucket's end; nil before the first.
	Followers *int64 `json:"followers"`
	Gained    int64  `json:"followersGained"`
}

// MetricStats describes one metric over the videos that recorded it.
type MetricStats struct {
	Videos  int      `json:"videos"`
	Average *float64 `json:"average"`
	Median  *float64 `json:"median"`
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
	// Published counts the videos with a publish time, which the rest count.
	Published   int           `json:"published"`
	Last4Weeks  CadenceWindow `json:"last4Weeks"`
	Last12Weeks CadenceWindow `json:"last12Weeks"`
	// ByWeekday and ByHour count by UTC weekday (0 = Sunday) and hour.
	ByWeekday [7]int  `json:"byWeekday"`
	ByHour    [24]int `json:"byHour"`
}

// CadenceWindow counts videos published in the last 28 or 84 days.
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
type AccountAnalyticsHandler query.Readers

// Handle computes one account's panel; not found for a removed one.
func (h AccountAnalyticsHandler) Handle(ctx context.Context, ws, id uuid.UUID, q AccountAnalyticsQuery) (AccountAnalytics, error) {
	now := h.Now().UTC()
	sel := accountSelect{ID: &id, VideoDetails: true}
	// the videos' numbers as the videos list reads them: kept in
	// video_ranks once the workspace's ranks are synced, so ClickHouse reads
	// no granule of a table of every video for them
	cols, kept, err := keptWindows(ctx, h.DB, ws, now)
	if err != nil {
		return AccountAnalytics{}, err
	}
	if kept {
		sel.Kept = &cols
	}
	rows, _, err := loadAccounts(ctx, h.DB, h.CH, ws, sel, now)
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

	// the figures cover the counted videos; the others are listed after them
	videos := make([]Video, 0, len(r.Videos))
	var beyond []Video
	ids := make([]uuid.UUID, 0, len(r.Videos))
	firsts := make([]uint64, 0, len(r.Videos))
	first := r.FirstAt
	for _, v := range r.Videos {
		if !query.Counted(domain.Item(v.Status), domain.PostKind(v.PostKind), v.TrackedIndividually, "") {
			beyond = append(beyond, v.Video)
			continue
		}
		videos, ids, firsts = append(videos, v.Video), append(ids, v.ID), append(firsts, v.FirstViews)
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
	// an account's hours from the raw snapshots, where its rows are together
	raw := domain.RawSnapshotsKept(chread.RawFrom(start), now, h.SnapshotRetention)
	eg, ectx := fanout.WithContext(ctx)
	eg.Go(func() (err error) {
		q := analyticsFollowers(ws, id, g, start)
		q.Raw = raw
		fBase, fPoints, err = chread.Reader{CH: h.CH}.Series(ectx, q)
		return err
	})
	eg.Go(func() (err error) {
		firstFollowers, err = chread.Reader{CH: h.CH}.FirstRecorded(ectx, firstFollowersQuery(ws, id))
		return err
	})
	if len(ids) > 0 {
		eg.Go(func() (err error) {
			// their first views as read with their numbers
			q := viewsSeries(ws, chread.OnlyIDs(ids), g, start)
			q.Firsts, q.Raw = firsts, raw
			vBase, vPoints, err = chread.Reader{CH: h.CH}.Series(ectx, q)
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

func analyticsFollowers(ws, id uuid.UUID, g chread.Granularity, start time.Time) chread.SeriesQuery {
	return chread.SeriesQuery{Workspace: ws, Kind: platform.Account, Metric: domain.Followers, Scope: chread.OnlyIDs([]uuid.UUID{id}), Granularity: g, Start: start}
}

func firstFollowersQuery(ws, id uuid.UUID) chread.FirstRecordedQuery {
	return chread.FirstRecordedQuery{Workspace: ws, Kind: platform.Account, ID: id, Metric: domain.Followers}
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

// BestVideo is the account's video that gained the most views over 7d.
type BestVideo struct {
	Video
	ViewsGained int64 `json:"viewsGained"`
}

// bestVideo breaks ties by more views, then id; nil when none gained views.
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

func better(a, b *Video) bool {
	if c := descNilLast(a.Metrics.Views, b.Metrics.Views); c != 0 {
		return c < 0
	}
	return compareIDs(a.ID, b.ID) < 0
}
