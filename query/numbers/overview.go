package numbers

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/insight"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/refresh"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
)

// Overview is the answer of GET /overview.
type Overview struct {
	DatePreset  query.Preset       `json:"datePreset"`
	Granularity chread.Granularity `json:"granularity"`
	Start       *time.Time         `json:"start"`
	End         time.Time          `json:"end"`
	Totals      Totals             `json:"totals"`
	Gained      PeriodGained       `json:"viewsGained"`
	// Gains compare every count; Gains.Views is Gained.
	Gains     CountsGained `json:"gained"`
	Series    []Point      `json:"series"`
	TopMovers []Mover      `json:"topMovers"`
	// NextScrapeAt is the soonest next scrape of the workspace's items; nil for none.
	NextScrapeAt     *time.Time      `json:"nextScrapeAt"`
	NextScrapeReason *refresh.Reason `json:"nextScrapeReason"`
	// PreviousTracked: the previous window's gains compare with something.
	PreviousTracked bool `json:"previousTracked"`
	// CountChanges is nil for "all", past windows, AsOf, or a status or kind filter.
	CountChanges *CountChanges `json:"countChanges"`
	// InsightsStart is nil before the insights step has seen the workspace.
	InsightsStart *InsightsStart `json:"insightsStart"`
}

// CountChanges are the videos that joined or left the count in the window.
type CountChanges struct {
	Joined CountChange `json:"joined"`
	Left   CountChange `json:"left"`
}

// CountChange sums videos' numbers when they joined, or at the start for left ones.
type CountChange struct {
	Videos int `json:"videos"`
	CountSums
}

func (c *CountChange) add(m chread.Counts) {
	c.Videos++
	c.CountSums.add(m)
}

// CountSums sums the counts of videos, unrecorded ones as 0.
type CountSums struct {
	Views    uint64 `json:"views"`
	Likes    uint64 `json:"likes"`
	Comments uint64 `json:"comments"`
	Shares   uint64 `json:"shares"`
	Saves    uint64 `json:"saves"`
}

func (s *CountSums) add(m chread.Counts) {
	for _, x := range []struct {
		dst *uint64
		p   *uint64
	}{{&s.Views, m.Views}, {&s.Likes, m.Likes}, {&s.Comments, m.Comments}, {&s.Shares, m.Shares}, {&s.Saves, m.Saves}} {
		if x.p != nil {
			*x.dst += *x.p
		}
	}
}

// InsightsStart is when a workspace's first insights come (docs/insights.md).
type InsightsStart struct {
	// Outliers is scored, expected (at OutliersAt) or waiting.
	Outliers         insight.StartState `json:"outliers"`
	OutliersAt       *time.Time         `json:"outliersAt"`
	OutliersAgeHours *int               `json:"outliersAgeHours"`
	Forecasts        insight.StartState `json:"forecasts"`
	ForecastsAt      *time.Time         `json:"forecastsAt"`
}

// CountsGained has per count the gains in the window and the one before.
type CountsGained struct {
	Views    PeriodGained `json:"views"`
	Likes    PeriodGained `json:"likes"`
	Comments PeriodGained `json:"comments"`
	Shares   PeriodGained `json:"shares"`
	Saves    PeriodGained `json:"saves"`
}

func (c *CountsGained) counts() []*PeriodGained {
	return []*PeriodGained{&c.Views, &c.Likes, &c.Comments, &c.Shares, &c.Saves}
}

var gainedCounts = []domain.Metric{domain.Views, domain.Likes, domain.Comments, domain.Shares, domain.Saves}

// Totals are the latest values summed over the selected videos.
type Totals struct {
	CountSums
	EngagementRate *float64 `json:"engagementRate"`
	Videos         int      `json:"videos"`
	Accounts       int      `json:"accounts"`
}

// PeriodGained compares a count's gain in the window with the one before.
type PeriodGained struct {
	Period   int64  `json:"period"`
	Previous *int64 `json:"previous"`
	// ChangePct is nil without a previous window or when previous is 0.
	ChangePct *float64 `json:"changePct"`
}

// Point is one bucket of a chart series.
type Point struct {
	T      time.Time `json:"t"`
	Gained int64     `json:"viewsGained"`
	// Total is the selected videos' views at the bucket's end.
	Total int64 `json:"views"`
}

// Mover is a video with its views gained in the window.
type Mover struct {
	domain.VideoCard
	Views       *uint64 `json:"views"`
	ViewsGained int64   `json:"viewsGained"`
}

// TopMovers is how many videos the overview lists as movers.
const TopMovers = 5

// OverviewQuery selects an overview's window (a preset, or From and To) and videos.
type OverviewQuery struct {
	Window   query.Preset
	From, To *time.Time
	Filter   VideoFilter
	// AsOf (a whole hour) answers as of that instant, as a frozen share link.
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

func (q OverviewQuery) window(now time.Time) query.Window {
	if q.From != nil && q.To != nil {
		return query.RangeWindow(*q.From, *q.To, now)
	}
	return query.WindowOf(q.Window, now)
}

// OverviewHandler answers the overview.
type OverviewHandler query.Readers

// Handle computes the overview (package doc).
func (h OverviewHandler) Handle(ctx context.Context, ws uuid.UUID, q OverviewQuery) (Overview, error) {
	now := h.Now().UTC()
	if q.AsOf != nil {
		now = chread.Hourly.Floor(minTime(q.AsOf.UTC(), now))
	}
	if out, kept, err := h.slotOverview(ctx, ws, q, now); err != nil || kept {
		return out, err
	}
	frozen := q.AsOf != nil
	w := q.window(now)
	if frozen && w.End.IsZero() {
		w.End = now
	}
	out := Overview{DatePreset: w.Preset, Granularity: w.Granularity, End: now, Series: []Point{}, TopMovers: []Mover{}}
	if w.Preset != query.PresetAll {
		out.Start = &w.Start
	}
	if !w.End.IsZero() {
		out.End = w.End
	}

	// Every video's numbers are read while PostgreSQL selects the ids.
	var (
		wg                sync.WaitGroup
		byID              = map[uuid.UUID]chread.EntityMetrics{}
		base              int64
		points            map[time.Time]chread.SeriesPoint
		chErr, sErr, aErr error
		nErr              error
		changed           map[uuid.UUID]bool
	)
	mq, cut := overviewMetricsAt(ws, w, now, frozen)
	countsChanges := !frozen && w.Preset != query.PresetAll && w.End.IsZero() && q.Filter.Status == "" && q.Filter.Kind == ""
	wg.Add(3)
	go func() {
		defer wg.Done()
		defer apperr.Recover(&nErr)
		if frozen {
			return
		}
		out.NextScrapeAt, out.NextScrapeReason, nErr = nextScrape(ctx, h.DB, ws, scheduledAll, now)
		if nErr == nil {
			out.InsightsStart, nErr = insightsStart(ctx, h.DB, ws)
		}
		if nErr == nil && countsChanges {
			changed, nErr = countChanged(ctx, h.DB, ws, q.Filter, w.Start, now)
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
	// an unfiltered selection is nearly always every video: chart them at once
	var (
		every                 = w.Preset != query.PresetAll && q.Filter.none(now)
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
	case err != nil || w.Preset == query.PresetAll || len(scope) == 0:
	case every && chScope.All():
		<-everyDone
		base, points, sErr = everyBase, everyPts, everyErr
	default:
		cancelEvery()
		// a few videos' hours from the raw snapshots, where their rows are together
		sq := viewsSeries(ws, chScope, w.Granularity, w.Start)
		sq.Raw = domain.RawSnapshotsKept(chread.RawFrom(w.Start), now, h.SnapshotRetention)
		base, points, sErr = chread.Reader{CH: h.CH}.Series(ctx, sq)
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
	var moves CountChanges
	for _, id := range scope {
		e, ok := byID[id]
		if !ok {
			continue
		}
		if w.Preset != query.PresetAll && e.FirstAt.Before(w.Start) {
			out.PreviousTracked = true
		}
		// joined: first scraped in the window, or back in the count
		if countsChanges && (!e.FirstAt.Before(w.Start) || changed[id]) {
			moves.Joined.add(valuesBefore(e, 0))
		}
		delete(changed, id)
		m := e.Latest
		if frozen {
			// a video first recorded after the freeze was not there yet
			if !e.FirstAt.Before(now) {
				videos--
				continue
			}
			m = valuesBefore(e, cut.asOf)
		}
		out.Totals.add(m)
		if rated(m) {
			withViews += *m.Views
			interactions += m.Interactions()
		}
		// per count, the gains since the window's start and the previous one's
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
		if moved != nil && *moved > 0 {
			out.TopMovers = addMover(out.TopMovers, Mover{VideoCard: domain.VideoCard{ID: id}, Views: m.Views, ViewsGained: *moved}, TopMovers)
		}
		if first.IsZero() || e.FirstAt.Before(first) {
			first = e.FirstAt
		}
	}
	out.Totals.Videos = videos
	out.Totals.EngagementRate = EngagementRate(interactions, withViews)
	if countsChanges {
		// left: out of the count now, with numbers from before the start
		for id := range changed {
			if e, ok := byID[id]; ok && e.FirstAt.Before(w.Start) {
				moves.Left.add(valuesBefore(e, 0))
			}
		}
		out.CountChanges = &moves
	}
	for k, g := range gains {
		if w.Preset != query.PresetAll {
			g.Previous = &previous[k]
			if previous[k] != 0 {
				pct := float64(g.Period-previous[k]) * 100 / float64(previous[k])
				g.ChangePct = &pct
			}
		}
	}
	// viewsGained predates Gains
	out.Gained = out.Gains.Views
	if w.Preset != query.PresetAll {
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

// overviewCutoffs are the places of the previous start, a past end and AsOf (-1: none).
type overviewCutoffs struct{ prev, end, asOf int }

func overviewMetrics(ws uuid.UUID, w query.Window) chread.EntitiesQuery {
	q, _ := overviewMetricsAt(ws, w, time.Time{}, false)
	return q
}

func overviewMetricsAt(ws uuid.UUID, w query.Window, now time.Time, frozen bool) (chread.EntitiesQuery, overviewCutoffs) {
	cut := overviewCutoffs{prev: -1, end: -1, asOf: -1}
	cutoffs := []time.Time{time.Unix(0, 0).UTC()}
	if w.Preset != query.PresetAll {
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

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// valuesBefore is what e recorded before its i-th cutoff.
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

func viewsSeries(ws uuid.UUID, scope chread.EntityScope, g chread.Granularity, start time.Time) chread.SeriesQuery {
	return chread.SeriesQuery{Workspace: ws, Kind: platform.Video, Metric: domain.Views, Scope: scope, Granularity: g, Start: start}
}

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
		var m domain.VideoCard
		if err := rows.Scan(&m.ID, &m.Platform, &m.URL, &m.Caption, &m.ThumbnailURL, &m.AccountHandle, &m.PublishedAt); err != nil {
			return fmt.Errorf("read movers: %w", err)
		}
		m.PublishedAt = query.InUTC(m.PublishedAt)
		for i := range ms {
			if ms[i].ID == m.ID {
				ms[i].VideoCard = m
			}
		}
	}
	return rows.Err()
}

// seriesOnEveryBucket lays the points on every bucket up to now, with the running total.
func seriesOnEveryBucket(g chread.Granularity, start, now time.Time, base int64, points map[time.Time]chread.SeriesPoint) []Point {
	bs := query.Buckets(g, start, now)
	out := make([]Point, len(bs))
	total := base
	for i, b := range bs {
		p := points[b]
		total += p.Gained + p.Appeared
		out[i] = Point{T: b, Gained: p.Gained, Total: total}
	}
	return out
}

// freezeLastBucket makes a last bucket running past asOf hold the views as of asOf.
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

func moverOrder(a, b Mover) int {
	if c := cmp.Compare(b.ViewsGained, a.ViewsGained); c != 0 {
		return c
	}
	return compareIDs(a.ID, b.ID)
}

// addMover keeps ms the n first movers when m comes along.
func addMover(ms []Mover, m Mover, n int) []Mover {
	if len(ms) == n && moverOrder(m, ms[n-1]) >= 0 {
		return ms
	}
	i, _ := slices.BinarySearchFunc(ms, m, moverOrder)
	ms = slices.Insert(ms, i, m)
	return ms[:min(len(ms), n)]
}

// countChangedSQL selects the videos whose count changed since %[1]s.
const countChangedSQL = `
SELECT v.id
FROM videos v
LEFT JOIN accounts a ON a.id = v.account_id
WHERE v.workspace_id = $1 AND v.counted_changed_at >= %[1]s
  AND %[2]s
UNION
SELECT v.id
FROM accounts r
JOIN videos v ON v.account_id = r.id
LEFT JOIN accounts a ON a.id = v.account_id
WHERE r.workspace_id = $1 AND r.removed_changed_at >= %[1]s AND v.workspace_id = $1 AND NOT v.tracked_individually
  AND %[2]s`

func countChanged(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, f VideoFilter, start, now time.Time) (map[uuid.UUID]bool, error) {
	cond, args := videoMatchOf(ws, f, now, false)
	args = append(args, start)
	rows, _ := db.Query(ctx, fmt.Sprintf(countChangedSQL, fmt.Sprintf("$%d::timestamptz", len(args)), cond), args...)
	out := map[uuid.UUID]bool{}
	var id uuid.UUID
	_, err := pgx.ForEachRow(rows, []any{&id}, func() error {
		out[id] = true
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read count changes: %w", err)
	}
	return out, nil
}

func insightsStart(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID) (*InsightsStart, error) {
	var (
		s                   InsightsStart
		outliers, forecasts *string
	)
	err := db.QueryRow(ctx, `SELECT outliers_start, outliers_from, outliers_from_age, forecasts_start, forecasts_from FROM workspaces WHERE id = $1`,
		ws).Scan(&outliers, &s.OutliersAt, &s.OutliersAgeHours, &forecasts, &s.ForecastsAt)
	if err != nil {
		return nil, fmt.Errorf("read insights start: %w", err)
	}
	if outliers == nil || forecasts == nil {
		return nil, nil
	}
	s.Outliers, s.Forecasts = insight.StartState(*outliers), insight.StartState(*forecasts)
	s.OutliersAt, s.ForecastsAt = query.InUTC(s.OutliersAt), query.InUTC(s.ForecastsAt)
	return &s, nil
}

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
