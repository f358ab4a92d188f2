package alerts

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/eventlog"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/insight"
	"github.com/reeltrack/reeltrack/internal/store"
)

// InsightReader reads the snapshots the insights step works from.
type InsightReader interface {
	// Latest is each video's latest snapshot and views gained per hour over 24 h.
	Latest(ctx context.Context, ws uuid.UUID, now time.Time) (map[uuid.UUID]insight.Latest, error)
	// Points are the videos' snapshots with views, taken at or after since.
	Points(ctx context.Context, ws uuid.UUID, ids []uuid.UUID, since time.Time) (map[uuid.UUID][]insight.Point, error)
}

// InsightRun counts what one insights step did.
type InsightRun struct {
	Workspaces int `json:"workspaces"`
	Videos     int `json:"videos"`
	// Curves is how many curves were read again (they reached a new age).
	Curves int `json:"curves"`
	Scored int `json:"scored"`
	// Outliers is how many video.outlier events were recorded.
	Outliers int `json:"outliers"`
}

// insightsEvery is how long a workspace's insights stand when its data has
// not changed: the forecasts look ahead from the time they were made.
const insightsEvery = time.Hour

// insightsPointBatch bounds the videos whose snapshots one read takes.
const insightsPointBatch = 500

// ComputeInsights works out curves, outlier scores and forecasts for every
// workspace with access whose data changed or insights are an hour old
// (docs/insights.md); a workspace another step is working on is skipped.
func ComputeInsights(ctx context.Context, db *pgxpool.Pool, r InsightReader, now time.Time) (InsightRun, error) {
	var run InsightRun
	rows, err := db.Query(ctx, `
SELECT w.id, w.data_version, w.plan, w.has_access, w.trial_ends_at, w.grace_ends_at,
       EXISTS (SELECT 1 FROM alert_rules r WHERE r.workspace_id = w.id AND r.enabled AND r.event_type = $2)
FROM workspaces w
WHERE w.insights_version IS DISTINCT FROM w.data_version OR w.insights_at IS NULL OR w.insights_at <= $1
ORDER BY w.id`, now.Add(-insightsEvery), domain.EventOutlier)
	if err != nil {
		return run, fmt.Errorf("read workspaces: %w", err)
	}
	type due struct {
		id      uuid.UUID
		version int64
		told    bool
	}
	todo, err := withAccess(rows, now, func(a *workspaceAccess) (due, error) {
		var d due
		return d, rows.Scan(&d.id, &d.version, &a.plan, &a.flag, &a.trialEnds, &a.graceEnds, &d.told)
	})
	if err != nil {
		return run, fmt.Errorf("read workspaces: %w", err)
	}
	for _, d := range todo {
		if err := workspaceInsights(ctx, db, r, d.id, d.version, d.told, now, &run); err != nil {
			return run, err
		}
	}
	return run, nil
}

// ComputeWorkspaceInsights runs the insights step for one workspace now.
func ComputeWorkspaceInsights(ctx context.Context, db *pgxpool.Pool, r InsightReader, ws uuid.UUID, now time.Time) (InsightRun, error) {
	var run InsightRun
	var version int64
	var told bool
	err := db.QueryRow(ctx, `
SELECT w.data_version, EXISTS (SELECT 1 FROM alert_rules r WHERE r.workspace_id = w.id AND r.enabled AND r.event_type = $2)
FROM workspaces w WHERE w.id = $1`, ws, domain.EventOutlier).Scan(&version, &told)
	if err != nil {
		return run, fmt.Errorf("read workspace: %w", err)
	}
	return run, workspaceInsights(ctx, db, r, ws, version, told, now, &run)
}

type insightVideo struct {
	id        uuid.UUID
	account   *uuid.UUID
	platform  string
	published *time.Time
	curve     insight.Curve
	through   *time.Time
	known     bool // it had a row
	oldAge    int  // the age of its stored score; 0 unless scored
	latest    insight.Latest
	hasLatest bool
	outlier   insight.Outlier
	forecast  insight.Forecast
	added     time.Time   // when it was first found: tracked, or listed by its account
	status    domain.Item // whether it is still refreshed
	stored    insightRow  // the row as the last step wrote it, when known
	logs      insight.LogCurve
}

// insightRow is a video_insights row as the step writes it, in the types it
// writes them as. The stored rows are read with the columns a write
// compares (writeInsights' WHERE) only: not oViews and oMedian.
type insightRow struct {
	id                                uuid.UUID
	curve                             []int64
	through                           *time.Time
	views                             *int64
	perHour                           *float64
	oState, fState                    string
	oAge, oPct, oBase                 *int32
	oViews                            *int64
	oMedian, oMult                    *float64
	f7, f7lo, f7hi, f30, f30lo, f30hi *int64
}

// rowOf is the row the step writes for v.
func rowOf(v *insightVideo) insightRow {
	r := insightRow{id: v.id, curve: v.curve, through: v.through, oState: string(v.outlier.State), fState: string(v.forecast.State)}
	if v.hasLatest {
		r.views, r.perHour = &v.latest.Views, v.latest.PerHour
	}
	if o := &v.outlier; o.State == insight.OutlierScored {
		age, pct, base := int32(o.AgeHours), int32(o.Percentile), int32(o.Baseline)
		r.oAge, r.oPct, r.oBase = &age, &pct, &base
		r.oViews, r.oMedian, r.oMult = &o.Views, &o.Median, &o.Multiplier
	}
	if f := &v.forecast; f.State == insight.ForecastReady {
		r.f7, r.f7lo, r.f7hi = &f.In7d.Views, &f.In7d.Low, &f.In7d.High
		if f.Has30d {
			r.f30, r.f30lo, r.f30hi = &f.In30d.Views, &f.In30d.Low, &f.In30d.High
		}
	}
	return r
}

// same reports whether r and o are certainly equal in every compared
// column (writeInsights' WHERE); false when unsure (a time finer than PostgreSQL keeps, a NaN):
// the write's own comparison then decides.
func (r insightRow) same(o insightRow) bool {
	return slices.Equal(r.curve, o.curve) && samePtr(r.through, o.through, time.Time.Equal) &&
		samePtr(r.views, o.views, eq) && samePtr(r.perHour, o.perHour, eq) && r.oState == o.oState && r.fState == o.fState &&
		samePtr(r.oAge, o.oAge, eq) && samePtr(r.oPct, o.oPct, eq) && samePtr(r.oBase, o.oBase, eq) && samePtr(r.oMult, o.oMult, eq) &&
		samePtr(r.f7, o.f7, eq) && samePtr(r.f7lo, o.f7lo, eq) && samePtr(r.f7hi, o.f7hi, eq) &&
		samePtr(r.f30, o.f30, eq) && samePtr(r.f30lo, o.f30lo, eq) && samePtr(r.f30hi, o.f30hi, eq)
}

func eq[T comparable](a, b T) bool { return a == b }

func samePtr[T any](a, b *T, equal func(T, T) bool) bool {
	return (a == nil) == (b == nil) && (a == nil || equal(*a, *b))
}

// workspaceInsights runs the step for one workspace, under its advisory lock.
func workspaceInsights(ctx context.Context, db *pgxpool.Pool, r InsightReader, ws uuid.UUID, version int64, told bool, now time.Time, run *InsightRun) error {
	conn, err := db.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("insights: %w", err)
	}
	defer conn.Release()
	key := InsightsLockKey(ws)
	var locked bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, key).Scan(&locked); err != nil {
		return fmt.Errorf("insights: lock workspace: %w", err)
	}
	if !locked {
		return nil
	}
	defer func() {
		// a lock left on a pooled connection would be held until it closes
		if _, err := conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, key); err != nil {
			_ = conn.Conn().Close(context.WithoutCancel(ctx))
		}
	}()

	videos, err := readInsightVideos(ctx, conn, ws)
	if err != nil {
		return err
	}
	// a workspace with no video that counts has nothing in ClickHouse to
	// read: its step only marks it seen
	var latest map[uuid.UUID]insight.Latest
	if len(videos) > 0 {
		if latest, err = r.Latest(ctx, ws, now); err != nil {
			return err
		}
	}
	var stale []*insightVideo
	for i := range videos {
		v := &videos[i]
		v.latest, v.hasLatest = latest[v.id]
		if v.hasLatest && v.published != nil && needsCurve(v) {
			stale = append(stale, v)
		}
	}
	// by the month they were published, then in ClickHouse's order of the
	// ids: a batch's snapshots then lie in a few granules of the months
	// since (the snapshots' partitions), where ids taken as they come cost
	// a granule each in every part of every month
	slices.SortFunc(stale, func(a, b *insightVideo) int {
		if c := cmp.Compare(monthOf(*a.published), monthOf(*b.published)); c != 0 {
			return c
		}
		return store.CompareUUIDs(a.id, b.id)
	})
	for b := range slices.Chunk(stale, insightsPointBatch) {
		ids := make([]uuid.UUID, len(b))
		since := now
		for i, v := range b {
			ids[i] = v.id
			if v.published.Before(since) {
				since = *v.published
			}
		}
		points, err := r.Points(ctx, ws, ids, since)
		if err != nil {
			return err
		}
		for _, v := range b {
			v.curve = v.curve.Merge(insight.CurveOf(*v.published, points[v.id]))
			at := v.latest.At
			v.through = &at
		}
		run.Curves += len(b)
	}
	work(videos, now)
	start := insightsStart(videos, now)
	var events []eventlog.Event
	if told {
		events, err = outlierEvents(ctx, conn, ws, videos, now)
		if err != nil {
			return err
		}
	}
	err = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		// The workspace row first, as every writer of its items locks it: the
		// insights' rows refer to the videos (a key-share lock on each), and a
		// bulk change holding the workspace waits for those videos.
		var was insightsStartRow
		if err := tx.QueryRow(ctx, `SELECT outliers_start, outliers_from, outliers_from_age, forecasts_start, forecasts_from
			FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`, ws).Scan(&was.outliers, &was.outliersFrom, &was.outliersAge, &was.forecasts, &was.forecastsFrom); err != nil {
			return fmt.Errorf("insights: lock workspace: %w", err)
		}
		changed, err := writeInsights(ctx, tx, ws, videos, now)
		if err != nil {
			return err
		}
		if err := eventlog.Record(ctx, tx, events); err != nil {
			return err
		}
		start.keepPast(was, now)
		changed = changed || !was.equal(start)
		// Changed numbers move the data version on, so no cached answer shows the
		// old ones; the step has then seen that version, unless another write came.
		sql := `UPDATE workspaces SET insights_version = $2, insights_at = $3,
			outliers_start = $4, outliers_from = $5, outliers_from_age = $6, forecasts_start = $7, forecasts_from = $8 WHERE id = $1`
		if changed {
			sql = `UPDATE workspaces SET data_version = data_version + 1,
				insights_version = CASE WHEN data_version = $2 THEN data_version + 1 ELSE $2 END, insights_at = $3,
				outliers_start = $4, outliers_from = $5, outliers_from_age = $6, forecasts_start = $7, forecasts_from = $8
			WHERE id = $1`
		}
		if _, err := tx.Exec(ctx, sql, ws, version, now, start.outliers, start.outliersFrom, start.outliersAge, start.forecasts, start.forecastsFrom); err != nil {
			return fmt.Errorf("insights: mark workspace: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	run.Workspaces++
	run.Videos += len(videos)
	run.Outliers += len(events)
	for _, v := range videos {
		if v.outlier.State == insight.OutlierScored {
			run.Scored++
		}
	}
	return nil
}

// InsightsLockKey is the advisory lock a workspace's insights step holds
// while it runs: holding it keeps the step out of the workspace.
func InsightsLockKey(ws uuid.UUID) int64 {
	var k int64
	for _, b := range ws[:8] {
		k = k<<8 | int64(b)
	}
	// a namespace of its own beside other advisory locks
	return k ^ 0x1a5167
}

// readInsightVideos reads the videos that count (not removed; own posts and
// collabs: a repost is no baseline) with what the last step stored of them.
func readInsightVideos(ctx context.Context, conn *pgxpool.Conn, ws uuid.UUID) ([]insightVideo, error) {
	rows, err := conn.Query(ctx, `
SELECT v.id, v.account_id, v.platform, v.published_at, i.curve, i.curve_through, i.video_id IS NOT NULL,
       CASE WHEN i.outlier_state = 'scored' THEN i.outlier_age_hours ELSE 0 END, v.created_at, v.status,
       i.views, i.views_per_hour, coalesce(i.outlier_state, ''), i.outlier_age_hours, i.outlier_percentile, i.outlier_baseline,
       i.outlier_multiplier, coalesce(i.forecast_state, ''), i.forecast_7d, i.forecast_7d_low, i.forecast_7d_high,
       i.forecast_30d, i.forecast_30d_low, i.forecast_30d_high
FROM videos v LEFT JOIN video_insights i ON i.video_id = v.id
WHERE v.workspace_id = $1 AND v.status <> $2 AND v.post_kind = ANY($3)`, ws, domain.ItemRemoved, domain.CountedKinds)
	if err != nil {
		return nil, fmt.Errorf("insights: read videos: %w", err)
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (insightVideo, error) {
		var v insightVideo
		var oldAge *int
		s := &v.stored
		err := row.Scan(&v.id, &v.account, &v.platform, &v.published, &s.curve, &v.through, &v.known, &oldAge, &v.added, &v.status,
			&s.views, &s.perHour, &s.oState, &s.oAge, &s.oPct, &s.oBase, &s.oMult, &s.fState, &s.f7, &s.f7lo, &s.f7hi, &s.f30, &s.f30lo, &s.f30hi)
		s.through = v.through
		v.curve = insight.Curve(s.curve).Merge(nil)
		if oldAge != nil {
			v.oldAge = *oldAge
		}
		return v, err
	})
}

// monthOf numbers t's UTC month, as the snapshots' partitions do.
func monthOf(t time.Time) int {
	t = t.UTC()
	return t.Year()*12 + int(t.Month())
}

// needsCurve reports whether the latest snapshot reaches an age the curve has
// not bracketed yet; a video past the last age is done.
func needsCurve(v *insightVideo) bool {
	if v.through != nil && !v.latest.At.After(*v.through) {
		return false
	}
	from := math.Inf(-1)
	if v.through != nil {
		from = v.through.Sub(*v.published).Hours()
	}
	to := v.latest.At.Sub(*v.published).Hours()
	for _, a := range insight.Ages {
		if float64(a) > from && float64(a) <= to {
			return true
		}
	}
	return false
}

func work(videos []insightVideo, now time.Time) {
	byAccount := map[uuid.UUID][]int{}
	for i, v := range videos {
		if v.account != nil && v.published != nil {
			byAccount[*v.account] = append(byAccount[*v.account], i)
		} else {
			videos[i].outlier = insight.Unscored(v.account != nil, v.published, now)
		}
	}
	// each account's curves, which both the scores and the forecasts read
	accounts := make(map[uuid.UUID][]insight.Video, len(byAccount))
	for acc, idx := range byAccount {
		in := make([]insight.Video, len(idx))
		for k, i := range idx {
			v := &videos[i]
			v.logs = v.curve.Logs()
			in[k] = insight.Video{ID: v.id, Published: *v.published, Curve: v.curve, Logs: v.logs}
		}
		accounts[acc] = in
		scores := insight.ScoreAccount(in, now)
		for k, i := range idx {
			videos[i].outlier = scores[k]
		}
	}
	forecastAll(videos, accounts, now)
}

// insightsStartRow is when a workspace's first scores and forecasts come.
type insightsStartRow struct {
	outliers, forecasts         *insight.StartState
	outliersFrom, forecastsFrom *time.Time
	outliersAge                 *int
}

func (r insightsStartRow) equal(o insightsStartRow) bool {
	same := func(a, b *time.Time) bool { return (a == nil) == (b == nil) && (a == nil || a.Equal(*b)) }
	return orZero(r.outliers) == orZero(o.outliers) && orZero(r.forecasts) == orZero(o.forecasts) && orZero(r.outliersAge) == orZero(o.outliersAge) &&
		same(r.outliersFrom, o.outliersFrom) && same(r.forecastsFrom, o.forecastsFrom)
}

// keepPast keeps a start time expected by now and still awaited: moving it to
// every step's now would change the workspace's data at each.
func (r *insightsStartRow) keepPast(was insightsStartRow, now time.Time) {
	keep := func(state, wasState *insight.StartState, at *time.Time, wasAt *time.Time) *time.Time {
		if orZero(state) == insight.StartExpected && orZero(wasState) == insight.StartExpected && at != nil && wasAt != nil &&
			!at.After(now) && !wasAt.After(now) {
			return wasAt
		}
		return at
	}
	if orZero(r.outliersAge) == orZero(was.outliersAge) {
		r.outliersFrom = keep(r.outliers, was.outliers, r.outliersFrom, was.outliersFrom)
	}
	r.forecastsFrom = keep(r.forecasts, was.forecasts, r.forecastsFrom, was.forecastsFrom)
}

func orZero[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// insightsStart tells when the first outlier scores and forecasts come: there,
// expected (the earliest the tracked videos allow), or waiting for videos.
func insightsStart(videos []insightVideo, now time.Time) insightsStartRow {
	scored, forecast := false, false
	accounts := map[uuid.UUID][]insight.Tracked{}
	platforms := map[string][]insight.Tracked{}
	for _, v := range videos {
		scored = scored || v.outlier.State == insight.OutlierScored
		forecast = forecast || v.forecast.State == insight.ForecastReady
		if v.published == nil {
			continue
		}
		t := insight.Tracked{Video: insight.Video{ID: v.id, Published: *v.published, Curve: v.curve}, FirstSeen: v.added, Refreshed: v.status.Refreshed()}
		if v.account != nil {
			accounts[*v.account] = append(accounts[*v.account], t)
		}
		if t.Refreshed {
			platforms[v.platform] = append(platforms[v.platform], t)
		}
	}
	state := func(s insight.StartState) *insight.StartState { return &s }
	var r insightsStartRow
	switch {
	case scored:
		r.outliers = state(insight.StartScored)
	default:
		r.outliers = state(insight.StartWaiting)
		for _, vs := range accounts {
			if at, age, ok := insight.ScoresStart(vs, now); ok && (r.outliersFrom == nil || at.Before(*r.outliersFrom)) {
				r.outliers, r.outliersFrom, r.outliersAge = state(insight.StartExpected), &at, &age
			}
		}
	}
	switch {
	case forecast:
		r.forecasts = state(insight.StartForecast)
	default:
		r.forecasts = state(insight.StartWaiting)
		for _, vs := range platforms {
			if at, ok := insight.ForecastsStart(vs, now); ok && (r.forecastsFrom == nil || at.Before(*r.forecastsFrom)) {
				r.forecasts, r.forecastsFrom = state(insight.StartExpected), &at
			}
		}
	}
	return r
}

// outlierEvents are the video.outlier events of scores at a new age within the
// last day (a late score tells nothing new); a first-seen video scores silently.
func outlierEvents(ctx context.Context, conn *pgxpool.Conn, ws uuid.UUID, videos []insightVideo, now time.Time) ([]eventlog.Event, error) {
	var ids []uuid.UUID
	var chosen []*insightVideo
	for i := range videos {
		v := &videos[i]
		o := v.outlier
		if !v.known || o.State != insight.OutlierScored || o.AgeHours <= v.oldAge || o.Multiplier < insight.OutlierEventMultiplier {
			continue
		}
		reached := v.published.Add(time.Duration(o.AgeHours) * time.Hour)
		if now.Sub(reached) > 24*time.Hour {
			continue
		}
		ids, chosen = append(ids, v.id), append(chosen, v)
	}
	if len(ids) == 0 {
		return nil, nil
	}
	var described map[uuid.UUID]eventlog.DescribedVideo
	var collections map[uuid.UUID]*uuid.UUID
	err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		var err error
		if described, err = eventlog.DescribeVideos(ctx, tx, ws, ids); err != nil {
			return err
		}
		collections, err = videoCollections(ctx, tx, ws, ids)
		return err
	})
	if err != nil {
		return nil, err
	}
	var out []eventlog.Event
	for _, v := range chosen {
		d, ok := described[v.id]
		if !ok {
			continue
		}
		id, o := v.id, v.outlier
		out = append(out, eventlog.Event{WorkspaceID: ws, Type: domain.EventOutlier, OccurredAt: now, VideoID: &id, AccountID: d.AccountID,
			CollectionID: collections[id], Platform: d.Platform,
			Payload: eventlog.EventOutlierData{Video: d.EventVideo, AgeHours: o.AgeHours, Views: o.Views, Median: o.Median,
				Multiplier: round2(o.Multiplier), Percentile: o.Percentile, Baseline: o.Baseline,
				Summary: fmt.Sprintf("%s video by %s has %s views at %s, %s× its account's median (p%d of %d videos): %s",
					eventlog.PlatformName(d.Platform), eventlog.HandleOrURL(d.AccountHandle, d.URL), eventlog.GroupDigits(o.Views), AgeWords(o.AgeHours),
					strconv.FormatFloat(round2(o.Multiplier), 'f', -1, 64), o.Percentile, o.Baseline, d.URL)}})
	}
	return out, nil
}

// AgeWords names one of insight.OutlierAges: "1 h", "24 h", "3 d".
func AgeWords(hours int) string {
	if hours < 72 {
		return strconv.Itoa(hours) + " h"
	}
	return strconv.Itoa(hours/24) + " d"
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }

func videoCollections(ctx context.Context, tx pgx.Tx, ws uuid.UUID, ids []uuid.UUID) (map[uuid.UUID]*uuid.UUID, error) {
	rows, err := tx.Query(ctx, `
SELECT v.id, coalesce(v.collection_id, a.collection_id) FROM videos v LEFT JOIN accounts a ON a.id = v.account_id
WHERE v.workspace_id = $1 AND v.id = ANY($2)`, ws, ids)
	if err != nil {
		return nil, fmt.Errorf("read video collections: %w", err)
	}
	out := map[uuid.UUID]*uuid.UUID{}
	var id uuid.UUID
	var coll *uuid.UUID
	_, err = pgx.ForEachRow(rows, []any{&id, &coll}, func() error { out[id] = coll; return nil })
	if err != nil {
		return nil, fmt.Errorf("read video collections: %w", err)
	}
	return out, nil
}

// insightsWriteBatch bounds the rows of one write.
const insightsWriteBatch = 5000

// writeInsights writes the rows whose compared columns changed (the rows
// of videos unchanged since the last step are not sent) and reports
// whether any did.
func writeInsights(ctx context.Context, tx pgx.Tx, ws uuid.UUID, videos []insightVideo, now time.Time) (bool, error) {
	var todo []insightRow
	for i := range videos {
		v := &videos[i]
		if r := rowOf(v); !v.known || !r.same(v.stored) {
			todo = append(todo, r)
		}
	}
	changed := false
	for b := range slices.Chunk(todo, insightsWriteBatch) {
		n := len(b)
		var (
			ids                               = make([]uuid.UUID, n)
			curves                            = make([]string, n)
			through                           = make([]*time.Time, n)
			views                             = make([]*int64, n)
			perHour                           = make([]*float64, n)
			oState, fState                    = make([]string, n), make([]string, n)
			oAge, oPct, oBase                 = make([]*int32, n), make([]*int32, n), make([]*int32, n)
			oViews                            = make([]*int64, n)
			oMedian, oMult                    = make([]*float64, n), make([]*float64, n)
			f7, f7lo, f7hi, f30, f30lo, f30hi = make([]*int64, n), make([]*int64, n), make([]*int64, n), make([]*int64, n), make([]*int64, n), make([]*int64, n)
		)
		for i, r := range b {
			ids[i], curves[i], through[i], views[i], perHour[i] = r.id, curveText(r.curve), r.through, r.views, r.perHour
			oState[i], oAge[i], oPct[i], oBase[i], oViews[i], oMedian[i], oMult[i] = r.oState, r.oAge, r.oPct, r.oBase, r.oViews, r.oMedian, r.oMult
			fState[i], f7[i], f7lo[i], f7hi[i], f30[i], f30lo[i], f30hi[i] = r.fState, r.f7, r.f7lo, r.f7hi, r.f30, r.f30lo, r.f30hi
		}
		tag, err := tx.Exec(ctx, `
INSERT INTO video_insights (video_id, workspace_id, curve, curve_through, views, views_per_hour,
    outlier_state, outlier_age_hours, outlier_views, outlier_median, outlier_multiplier, outlier_percentile, outlier_baseline,
    forecast_state, forecast_7d, forecast_7d_low, forecast_7d_high, forecast_30d, forecast_30d_low, forecast_30d_high, computed_at)
SELECT u.id, $1, u.curve::bigint[], u.through, u.views, u.per_hour, u.o_state, u.o_age, u.o_views, u.o_median, u.o_mult, u.o_pct, u.o_base,
       u.f_state, u.f7, u.f7lo, u.f7hi, u.f30, u.f30lo, u.f30hi, $22
FROM unnest($2::uuid[], $3::text[], $4::timestamptz[], $5::bigint[], $6::float8[], $7::text[], $8::int[], $9::bigint[],
            $10::float8[], $11::float8[], $12::int[], $13::int[], $14::text[], $15::bigint[], $16::bigint[], $17::bigint[],
            $18::bigint[], $19::bigint[], $20::bigint[])
     AS u(id, curve, through, views, per_hour, o_state, o_age, o_views, o_median, o_mult, o_pct, o_base,
          f_state, f7, f7lo, f7hi, f30, f30lo, f30hi)
-- $21: the workspace's videos, so that a row is never written for a
-- video deleted meanwhile by another workspace's id
WHERE u.id IN (SELECT id FROM videos WHERE workspace_id = $1 AND id = ANY($21))
ON CONFLICT (video_id) DO UPDATE SET
    curve = EXCLUDED.curve, curve_through = EXCLUDED.curve_through, views = EXCLUDED.views,
    views_per_hour = EXCLUDED.views_per_hour, outlier_state = EXCLUDED.outlier_state,
    outlier_age_hours = EXCLUDED.outlier_age_hours, outlier_views = EXCLUDED.outlier_views,
    outlier_median = EXCLUDED.outlier_median, outlier_multiplier = EXCLUDED.outlier_multiplier,
    outlier_percentile = EXCLUDED.outlier_percentile, outlier_baseline = EXCLUDED.outlier_baseline,
    forecast_state = EXCLUDED.forecast_state, forecast_7d = EXCLUDED.forecast_7d,
    forecast_7d_low = EXCLUDED.forecast_7d_low, forecast_7d_high = EXCLUDED.forecast_7d_high,
    forecast_30d = EXCLUDED.forecast_30d, forecast_30d_low = EXCLUDED.forecast_30d_low,
    forecast_30d_high = EXCLUDED.forecast_30d_high, computed_at = EXCLUDED.computed_at
-- a row whose numbers did not change is left as it was: the analytics
-- database copies every row written
WHERE (video_insights.curve, video_insights.curve_through, video_insights.views, video_insights.views_per_hour,
       video_insights.outlier_state, video_insights.outlier_age_hours, video_insights.outlier_multiplier,
       video_insights.outlier_percentile, video_insights.outlier_baseline, video_insights.forecast_state,
       video_insights.forecast_7d, video_insights.forecast_7d_low, video_insights.forecast_7d_high,
       video_insights.forecast_30d, video_insights.forecast_30d_low, video_insights.forecast_30d_high)
  IS DISTINCT FROM (EXCLUDED.curve, EXCLUDED.curve_through, EXCLUDED.views, EXCLUDED.views_per_hour,
       EXCLUDED.outlier_state, EXCLUDED.outlier_age_hours, EXCLUDED.outlier_multiplier,
       EXCLUDED.outlier_percentile, EXCLUDED.outlier_baseline, EXCLUDED.forecast_state,
       EXCLUDED.forecast_7d, EXCLUDED.forecast_7d_low, EXCLUDED.forecast_7d_high,
       EXCLUDED.forecast_30d, EXCLUDED.forecast_30d_low, EXCLUDED.forecast_30d_high)`,
			ws, ids, curves, through, views, perHour, oState, oAge, oViews, oMedian, oMult, oPct, oBase,
			fState, f7, f7lo, f7hi, f30, f30lo, f30hi, ids, now)
		if err != nil {
			return false, fmt.Errorf("insights: write: %w", err)
		}
		changed = changed || tag.RowsAffected() > 0
	}
	return changed, nil
}

func curveText(c insight.Curve) string {
	parts := make([]string, len(c))
	for i, v := range c {
		parts[i] = strconv.FormatInt(v, 10)
	}
	return "{" + strings.Join(parts, ",") + "}"
}
