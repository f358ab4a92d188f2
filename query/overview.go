package query

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/refresh"
	"github.com/reeltrack/reeltrack/query/chread"
)

// Overview is the answer of GET /overview: the workspace's KPIs over a
// window, a chart series, and the videos that moved most.
type Overview struct {
	DatePreset  Preset             `json:"datePreset"`
	Granularity chread.Granularity `json:"granularity"`
	Start       *time.Time         `json:"start"`
	End         time.Time          `json:"end"`
	Totals      Totals             `json:"totals"`
	Gained      PeriodGained       `json:"viewsGained"`
	// Gains are the same comparison for every count; Gains.Views equals
	// Gained.
	Gains     CountsGained `json:"gained"`
	Series    []Point      `json:"series"`
	TopMovers []Mover      `json:"topMovers"`
	// NextScrapeAt is the soonest next scrape of the workspace's tracked
	// items, by the refresh's plan (internal/refresh): when a workspace
	// without growth yet will have some. A time not after End is a scrape
	// queued or due now; nil when nothing is refreshed.
	NextScrapeAt *time.Time `json:"nextScrapeAt"`
	// NextScrapeReason is why the soonest next scrape comes when it does (see
	// docs/refresh.md): new, young, growing, campaign, alert_rule, settled
	// or budget; nil when NextScrapeAt is.
	NextScrapeReason *refresh.Reason `json:"nextScrapeReason"`
}

// CountsGained has, per count of Totals, what the selected videos gained
// in the window and in the window before. A video that never recorded a
// count adds nothing to its gains; one that had no value of it before a
// window's start counts from its first recorded value, as for views.
//
// Engagement has no gain: it is a rate, and a rate at the window's start
// cannot be told from the same values. The start values of the gains are
// the values recorded in the chread.Lookback before the start, or else the first
// ones, recorded inside the window (videos first scraped inside it,
// counts hidden then): a rate built from them would mix instants and
// videos that the rate now does not. Videos and accounts are counts of the
// current selection, which has no history either.
type CountsGained struct {
	Views    PeriodGained `json:"views"`
	Likes    PeriodGained `json:"likes"`
	Comments PeriodGained `json:"comments"`
	Shares   PeriodGained `json:"shares"`
	Saves    PeriodGained `json:"saves"`
}

// counts lists the gains in the order of gainedCounts.
func (c *CountsGained) counts() []*PeriodGained {
	return []*PeriodGained{&c.Views, &c.Likes, &c.Comments, &c.Shares, &c.Saves}
}

// gainedCounts are the counts whose gains the overview reads: views, the
// entities query's Metric, then its More.
var gainedCounts = []domain.Metric{domain.Views, domain.Likes, domain.Comments, domain.Shares, domain.Saves}

// Totals are the latest values summed over the selected videos.
type Totals struct {
	Views          uint64   `json:"views"`
	Likes          uint64   `json:"likes"`
	Comments       uint64   `json:"comments"`
	Shares         uint64   `json:"shares"`
	Saves          uint64   `json:"saves"`
	EngagementRate *float64 `json:"engagementRate"`
	Videos         int      `json:"videos"`
	Accounts       int      `json:"accounts"`
}

// PeriodGained compares what a count gained in the window with the window
// of the same length before it.
type PeriodGained struct {
	Period   int64  `json:"period"`
	Previous *int64 `json:"previous"`
	// ChangePct is (period - previous) / previous in percent; nil without a
	// previous window or when previous is 0.
	ChangePct *float64 `json:"changePct"`
}

// Point is one bucket of a chart series.
type Point struct {
	T time.Time `json:"t"`
	// Gained is the views gained in the bucket.
	Gained int64 `json:"viewsGained"`
	// Total is the views of the selected videos at the bucket's end, each
	// video counted from its first snapshot.
	Total int64 `json:"views"`
}

// Mover is a video with its views gained in the window.
type Mover struct {
	ID            uuid.UUID  `json:"id"`
	Platform      string     `json:"platform"`
	URL           string     `json:"url"`
	Caption       string     `json:"caption"`
	ThumbnailURL  string     `json:"thumbnailUrl"`
	AccountHandle string     `json:"accountHandle"`
	PublishedAt   *time.Time `json:"publishedAt"`
	Views         *uint64    `json:"views"`
	ViewsGained   int64      `json:"viewsGained"`
}

// TopMovers is how many videos the overview lists as movers.
const TopMovers = 5

// OverviewQuery selects the window and the videos of an overview: a
// preset, or with From and To (UTC dates, both included) a custom range.
type OverviewQuery struct {
	Window   Preset
	From, To *time.Time
	Filter   VideoFilter
	// AsOf, when set (a whole hour), answers as of that instant, as a
	// frozen share link shows it: the window ends there at the latest,
	// the totals are the values recorded before it, and nothing recorded
	// after it counts.
	AsOf *time.Time
}

// Key is the query in a canonical form, for cache keys.
func (q OverviewQuery) Key() string {
	asOf := ""
	if q.AsOf != nil {
		asOf = "&asOf=" + q.AsOf.UTC().Format(time.RFC3339)
	}
	if q.From != nil && q.To != nil {
		return "w=custom:" + q.From.Format(time.DateOnly) + ":" + q.To.Format(time.DateOnly) + "&" + q.Filter.Key() + asOf
	}
	return "w=" + string(q.Window) + "&" + q.Filter.Key() + asOf
}

// window resolves the query's window at now.
func (q OverviewQuery) window(now time.Time) Window {
	if q.From != nil && q.To != nil {
		return RangeWindow(*q.From, *q.To, now)
	}
	return WindowOf(q.Window, now)
}

// OverviewHandler answers the overview.
type OverviewHandler struct {
	DB  *pgxpool.Pool
	CH  driver.Conn
	Now func() time.Time
}

// Handle computes the overview: the videos from PostgreSQL while their
// numbers and the chart are read from ClickHouse.
func (h OverviewHandler) Handle(ctx context.Context, ws uuid.UUID, q OverviewQuery) (Overview, error) {
	now := h.Now().UTC()
	if q.AsOf != nil {
		now = chread.Hourly.Floor(minTime(q.AsOf.UTC(), now))
	}
	frozen := q.AsOf != nil
	w := q.window(now)
	if frozen && w.End.IsZero() {
		w.End = now
	}
	out := Overview{DatePreset: w.Preset, Granularity: w.Granularity, End: now, Series: []Point{}, TopMovers: []Mover{}}
	if w.Preset != PresetAll {
		out.Start = &w.Start
	}
	if !w.End.IsZero() {
		out.End = w.End
	}

	// The numbers of every video are read while PostgreSQL selects the
	// videos (only their ids: the movers' details are read once known); the
	// chart of a filtered selection starts once the selection is there.
	var (
		wg                sync.WaitGroup
		byID              = map[uuid.UUID]chread.EntityMetrics{}
		base              int64
		points            map[time.Time]chread.SeriesPoint
		chErr, sErr, aErr error
		nErr              error
	)
	mq, cut := overviewMetricsAt(ws, w, now, frozen)
	wg.Add(3)
	go func() {
		defer wg.Done()
		defer apperr.Recover(&nErr)
		if !frozen {
			out.NextScrapeAt, out.NextScrapeReason, nErr = nextScrape(ctx, h.DB, ws, scheduledAll, now)
		}
	}()
	go func() {
		defer wg.Done()
		defer apperr.Recover(&chErr)
		chErr = chread.Reader{CH: h.CH}.Entities(ctx, mq, func(id uuid.UUID, e chread.EntityMetrics) error {
			byID[id] = e
			return nil
		})
	}()
	go func() {
		defer wg.Done()
		defer apperr.Recover(&aErr)
		out.Totals.Accounts, aErr = countAccounts(ctx, h.DB, ws, q.Filter)
	}()
	// Without a filter the selection is nearly always every video, so the
	// chart of every video starts at once too, and is the chart when the
	// selection is indeed every one; otherwise it is cancelled and the
	// selection's chart read instead.
	var (
		every                 = w.Preset != PresetAll && q.Filter.none(now)
		everyBase             int64
		everyPts              map[time.Time]chread.SeriesPoint
		everyErr              error
		everyDone             = make(chan struct{})
		everyCtx, cancelEvery = context.WithCancel(ctx)
	)
	if every {
		go func() {
			defer close(everyDone)
			defer apperr.Recover(&everyErr)
			everyBase, everyPts, everyErr = chread.Reader{CH: h.CH}.Series(everyCtx, viewsSeries(ws, chread.EntityScope{Except: true}, w.Granularity, w.Start))
		}()
	} else {
		close(everyDone)
	}
	scope, chScope, err := selectVideoScope(ctx, h.DB, ws, q.Filter, now)
	switch {
	case err != nil || w.Preset == PresetAll || len(scope) == 0:
	case every && chScope.All():
		<-everyDone
		base, points, sErr = everyBase, everyPts, everyErr
	default:
		cancelEvery()
		base, points, sErr = chread.Reader{CH: h.CH}.Series(ctx, viewsSeries(ws, chScope, w.Granularity, w.Start))
	}
	cancelEvery()
	<-everyDone
	wg.Wait()
	if err != nil {
		return Overview{}, err
	}
	if err := errors.Join(chErr, sErr, aErr, nErr); err != nil {
		return Overview{}, err
	}

	first := time.Time{}
	var interactions, withViews uint64
	gains := out.Gains.counts()
	previous := make([]int64, len(gains))
	videos := len(scope)
	for _, id := range scope {
		e, ok := byID[id]
		if !ok {
			continue
		}
		m := e.Latest
		if frozen {
			// as of the freeze: a video first recorded after it was not
			// there yet; the others' values are their latest less what
			// they gained since
			if !e.FirstAt.Before(now) {
				videos--
				continue
			}
			m = valuesBefore(e, cut.asOf)
		}
		add := func(dst *uint64, p *uint64) {
			if p != nil {
				*dst += *p
			}
		}
		add(&out.Totals.Views, m.Views)
		add(&out.Totals.Likes, m.Likes)
		add(&out.Totals.Comments, m.Comments)
		add(&out.Totals.Shares, m.Shares)
		add(&out.Totals.Saves, m.Saves)
		if m.Views != nil && *m.Views > 0 {
			withViews += *m.Views
			interactions += m.Interactions()
		}
		// per count, the gain since the window's start and, before it,
		// since the previous window's: the previous window gained their
		// difference; a window that ended before now gained its start's
		// less its end's
		var moved *int64
		for k, gs := range append([][]*int64{e.Gains}, e.MoreGains...) {
			if g := gs[0]; g != nil {
				period := *g
				if cut.end >= 0 {
					period -= *gs[cut.end]
				}
				gains[k].Period += period
				if cut.prev >= 0 {
					previous[k] += *gs[cut.prev] - *g
				}
				if k == 0 {
					moved = &period
				}
			}
		}
		// a video that gained no views is no mover
		if moved != nil && *moved > 0 {
			out.TopMovers = addMover(out.TopMovers, Mover{ID: id, Views: m.Views, ViewsGained: *moved}, TopMovers)
		}
		if first.IsZero() || e.FirstAt.Before(first) {
			first = e.FirstAt
		}
	}
	out.Totals.Videos = videos
	out.Totals.EngagementRate = EngagementRate(interactions, withViews)
	for k, g := range gains {
		if w.Preset != PresetAll {
			g.Previous = &previous[k]
			if previous[k] != 0 {
				pct := float64(g.Period-previous[k]) * 100 / float64(previous[k])
				g.ChangePct = &pct
			}
		}
	}
	// viewsGained, older than the gains of every count, is views'
	out.Gained = out.Gains.Views
	if w.Preset != PresetAll {
		if len(scope) > 0 {
			last := now
			if !w.End.IsZero() {
				last = w.End.Add(-time.Second)
			}
			out.Series = seriesOnEveryBucket(w.Granularity, w.Start, last, base, points)
			if frozen {
				freezeLastBucket(out.Series, w.Granularity, now, base, out.Totals.Views)
			}
		}
	} else if !first.IsZero() {
		start := chread.Daily.Floor(first)
		base, points, err := chread.Reader{CH: h.CH}.Series(ctx, viewsSeries(ws, chScope, w.Granularity, start))
		if err != nil {
			return Overview{}, err
		}
		out.Series = seriesOnEveryBucket(w.Granularity, start, now, base, points)
		if frozen {
			freezeLastBucket(out.Series, w.Granularity, now, base, out.Totals.Views)
		}
	}
	if err := h.describeMovers(ctx, ws, out.TopMovers); err != nil {
		return Overview{}, err
	}
	return out, nil
}

// overviewCutoffs are the places of the cutoffs of overviewMetrics in its
// gains, -1 for a cutoff not read: the previous window's start, the end
// of a window that ended before now, and the instant an answer as of a
// time (OverviewQuery.AsOf) reads its values at. The window's start is
// always the first.
type overviewCutoffs struct{ prev, end, asOf int }

// overviewMetrics reads the numbers of every video of the workspace for
// the totals, the gains and the movers: the latest values, and every
// count's gain in the window and since the previous window's start (for
// "all", since the first snapshot), and since the end of a window that
// ended before now, in one read.
func overviewMetrics(ws uuid.UUID, w Window) chread.EntitiesQuery {
	q, _ := overviewMetricsAt(ws, w, time.Time{}, false)
	return q
}

// overviewMetricsAt is overviewMetrics with the places of its cutoffs; an
// answer as of now (frozen) also reads the gains since now, which its
// values are the latest less.
func overviewMetricsAt(ws uuid.UUID, w Window, now time.Time, frozen bool) (chread.EntitiesQuery, overviewCutoffs) {
	cut := overviewCutoffs{prev: -1, end: -1, asOf: -1}
	cutoffs := []time.Time{time.Unix(0, 0).UTC()}
	if w.Preset != PresetAll {
		cutoffs = []time.Time{w.Start, w.PrevStart}
		cut.prev = 1
	}
	if !w.End.IsZero() {
		cutoffs = append(cutoffs, w.End)
		cut.end = len(cutoffs) - 1
	}
	if frozen {
		cut.asOf = cut.end
		if !w.End.Equal(now) {
			cutoffs = append(cutoffs, now)
			cut.asOf = len(cutoffs) - 1
		}
	}
	return chread.EntitiesQuery{Workspace: ws, Kind: platform.Video, Metric: gainedCounts[0], More: gainedCounts[1:], Cutoffs: cutoffs}, cut
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// valuesBefore is what e recorded before its i-th cutoff: per count its
// latest value less its gain since the cutoff, nil for a count not
// recorded before it.
func valuesBefore(e chread.EntityMetrics, i int) chread.Counts {
	var out chread.Counts
	dst := []**uint64{&out.Views, &out.Likes, &out.Comments, &out.Shares, &out.Saves}
	latest := []*uint64{e.Latest.Views, e.Latest.Likes, e.Latest.Comments, e.Latest.Shares, e.Latest.Saves}
	for k, gs := range append([][]*int64{e.Gains}, e.MoreGains...) {
		if latest[k] == nil || gs[i] == nil {
			continue
		}
		v := int64(*latest[k]) - *gs[i]
		if v < 0 {
			v = 0
		}
		u := uint64(v)
		*dst[k] = &u
	}
	return out
}

// viewsSeries reads a chart: the views of the scope's videos per bucket
// from start.
func viewsSeries(ws uuid.UUID, scope chread.EntityScope, g chread.Granularity, start time.Time) chread.SeriesQuery {
	return chread.SeriesQuery{Workspace: ws, Kind: platform.Video, Metric: domain.Views, Scope: scope, Granularity: g, Start: start}
}

// describeMovers fills in the movers' details from PostgreSQL.
func (h OverviewHandler) describeMovers(ctx context.Context, ws uuid.UUID, ms []Mover) error {
	if len(ms) == 0 {
		return nil
	}
	ids := make([]uuid.UUID, len(ms))
	for i, m := range ms {
		ids[i] = m.ID
	}
	rows, _ := h.DB.Query(ctx, `
SELECT id, platform, url, caption, thumbnail_url, account_handle, published_at
FROM videos WHERE workspace_id = $1 AND id = ANY($2)`, ws, ids)
	defer rows.Close()
	for rows.Next() {
		var m Mover
		if err := rows.Scan(&m.ID, &m.Platform, &m.URL, &m.Caption, &m.ThumbnailURL, &m.AccountHandle, &m.PublishedAt); err != nil {
			return fmt.Errorf("read movers: %w", err)
		}
		for i := range ms {
			if ms[i].ID == m.ID {
				views, gained := ms[i].Views, ms[i].ViewsGained
				ms[i] = m
				ms[i].Views, ms[i].ViewsGained = views, gained
				ms[i].PublishedAt = inUTC(m.PublishedAt)
			}
		}
	}
	return rows.Err()
}

// seriesOnEveryBucket lays the points out on every bucket from start to
// now, zero where nothing moved, with the running total.
func seriesOnEveryBucket(g chread.Granularity, start, now time.Time, base int64, points map[time.Time]chread.SeriesPoint) []Point {
	bs := buckets(g, start, now)
	out := make([]Point, len(bs))
	total := base
	for i, b := range bs {
		p := points[b]
		total += p.Gained + p.Appeared
		out[i] = Point{T: b, Gained: p.Gained, Total: total}
	}
	return out
}

// freezeLastBucket ends a frozen answer's series at asOf: a last bucket
// that runs past it (a day's, frozen mid-day) holds the views as of asOf,
// the totals', rather than those at the bucket's end.
func freezeLastBucket(series []Point, g chread.Granularity, asOf time.Time, base int64, views uint64) {
	n := len(series)
	if n == 0 || !series[n-1].T.Add(g.Step()).After(asOf) {
		return
	}
	before := base
	if n > 1 {
		before = series[n-2].Total
	}
	series[n-1].Total = int64(views)
	series[n-1].Gained = int64(views) - before
}

// moverOrder puts more views gained first, ties in id order.
func moverOrder(a, b Mover) int {
	if c := cmp.Compare(b.ViewsGained, a.ViewsGained); c != 0 {
		return c
	}
	return compareIDs(a.ID, b.ID)
}

// addMover keeps ms the n first movers in moverOrder when m comes along.
func addMover(ms []Mover, m Mover, n int) []Mover {
	if len(ms) == n && moverOrder(m, ms[n-1]) >= 0 {
		return ms
	}
	i, _ := slices.BinarySearchFunc(ms, m, moverOrder)
	ms = slices.Insert(ms, i, m)
	return ms[:min(len(ms), n)]
}

// countAccounts counts the accounts that are not removed, on the filter's
// platforms and in its collection.
func countAccounts(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, f VideoFilter) (int, error) {
	var n int
	err := db.QueryRow(ctx, `
SELECT count(*) FROM accounts
WHERE workspace_id = $1 AND status <> $4
  AND ($2::text[] IS NULL OR platform = ANY($2))
  AND ($3::uuid IS NULL OR collection_id = $3)`, ws, platformNames(f.Platforms), f.CollectionID, domain.ItemRemoved).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count accounts: %w", err)
	}
	return n, nil
}
