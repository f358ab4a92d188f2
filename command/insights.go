package command

import (
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

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/insight"
	"github.com/reeltrack/reeltrack/internal/plan"
)

// InsightReader reads the snapshots the insights step works from; the read
// side implements it.
type InsightReader interface {
	// Latest is, per video of the workspace with a views count, its
	// latest snapshot and the views it gained per hour over the last 24
	// hours.
	Latest(ctx context.Context, ws uuid.UUID, now time.Time) (map[uuid.UUID]insight.Latest, error)
	// Points are the snapshots with views of the videos, taken at or
	// after since.
	Points(ctx context.Context, ws uuid.UUID, ids []uuid.UUID, since time.Time) (map[uuid.UUID][]insight.Point, error)
}

// InsightRun counts what one insights step did.
type InsightRun struct {
	Workspaces int `json:"workspaces"`
	Videos     int `json:"videos"`
	// Curves is how many videos' curves were read again from their
	// snapshots (they reached a new age).
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

// ComputeInsights works out the curves, outlier scores and forecasts of
// the videos of every workspace with access whose data changed since its
// last step or whose insights are an hour old (package insight,
// docs/insights.md), and records video.outlier for the videos whose new
// score at a fixed age reached insight.OutlierEventMultiplier, in the
// workspaces with an enabled outlier rule. A workspace another step is
// working on is skipped.
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
	var todo []due
	for rows.Next() {
		var d due
		var planName string
		var access bool
		var trialEnds, graceEnds *time.Time
		if err := rows.Scan(&d.id, &d.version, &planName, &access, &trialEnds, &graceEnds, &d.told); err != nil {
			rows.Close()
			return run, fmt.Errorf("read workspaces: %w", err)
		}
		if plan.HasAccess(plan.Name(planName), access, trialEnds, graceEnds, now) {
			todo = append(todo, d)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return run, fmt.Errorf("read workspaces: %w", err)
	}
	for _, d := range todo {
		if err := workspaceInsights(ctx, db, r, d.id, d.version, d.told, now, &run); err != nil {
			return run, err
		}
	}
	return run, nil
}

// ComputeWorkspaceInsights runs the insights step for one workspace now,
// whether its data changed or not (ComputeInsights chooses the workspaces
// that are due).
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

// insightVideo is one video as the step reads and writes it.
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
}

// workspaceInsights runs the step for one workspace, under an advisory
// lock of its own.
func workspaceInsights(ctx context.Context, db *pgxpool.Pool, r InsightReader, ws uuid.UUID, version int64, told bool, now time.Time, run *InsightRun) error {
	conn, err := db.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("insights: %w", err)
	}
	defer conn.Release()
	key := insightsLockKey(ws)
	var locked bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, key).Scan(&locked); err != nil {
		return fmt.Errorf("insights: lock workspace: %w", err)
	}
	if !locked {
		return nil
	}
	defer func() {
		// a lock left on a connection going back to the pool would be
		// held until that connection closes
		if _, err := conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, key); err != nil {
			_ = conn.Conn().Close(context.WithoutCancel(ctx))
		}
	}()

	videos, err := readInsightVideos(ctx, conn, ws)
	if err != nil {
		return err
	}
	latest, err := r.Latest(ctx, ws, now)
	if err != nil {
		return err
	}
	var stale []*insightVideo
	for i := range videos {
		v := &videos[i]
		v.latest, v.hasLatest = latest[v.id]
		if v.hasLatest && v.published != nil && needsCurve(v) {
			stale = append(stale, v)
		}
	}
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
	var events []Event
	if told {
		events, err = outlierEvents(ctx, conn, ws, videos, now)
		if err != nil {
			return err
		}
	}
	err = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		changed, err := writeInsights(ctx, tx, ws, videos, now)
		if err != nil {
			return err
		}
		if err := addEvents(ctx, tx, events); err != nil {
			return err
		}
		// Changed numbers move the data version on, so that no cached
		// answer shows the old ones; the step itself then counts as
		// having seen that version, unless another write came in since
		// it read its own.
		sql := `UPDATE workspaces SET insights_version = $2, insights_at = $3 WHERE id = $1`
		if changed {
			sql = `UPDATE workspaces SET data_version = data_version + 1,
				insights_version = CASE WHEN data_version = $2 THEN data_version + 1 ELSE $2 END, insights_at = $3
			WHERE id = $1`
		}
		if _, err := tx.Exec(ctx, sql, ws, version, now); err != nil {
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

// insightsLockKey is the advisory lock of a workspace's insights step.
func insightsLockKey(ws uuid.UUID) int64 {
	var k int64
	for _, b := range ws[:8] {
		k = k<<8 | int64(b)
	}
	// a namespace of its own beside other advisory locks
	return k ^ 0x1a5167
}

// readInsightVideos reads the workspace's videos (not removed) with what
// the last step stored of them.
func readInsightVideos(ctx context.Context, conn *pgxpool.Conn, ws uuid.UUID) ([]insightVideo, error) {
	rows, err := conn.Query(ctx, `
SELECT v.id, v.account_id, v.platform, v.published_at, i.curve, i.curve_through, i.video_id IS NOT NULL,
       CASE WHEN i.outlier_state = 'scored' THEN i.outlier_age_hours ELSE 0 END
FROM videos v LEFT JOIN video_insights i ON i.video_id = v.id
WHERE v.workspace_id = $1 AND v.status <> $2`, ws, domain.ItemRemoved)
	if err != nil {
		return nil, fmt.Errorf("insights: read videos: %w", err)
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (insightVideo, error) {
		var v insightVideo
		var curve []int64
		var oldAge *int
		err := row.Scan(&v.id, &v.account, &v.platform, &v.published, &curve, &v.through, &v.known, &oldAge)
		v.curve = insight.Curve(curve).Merge(nil)
		if oldAge != nil {
			v.oldAge = *oldAge
		}
		return v, err
	})
}

// needsCurve reports whether a video's latest snapshot came after the
// ages its curve was last worked out through and reaches an age of the
// curve it passed since: the first snapshot after an age is what brackets
// it. A video past the last age is done.
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

// work scores every video against its account and forecasts it.
func work(videos []insightVideo, now time.Time) {
	byAccount := map[uuid.UUID][]int{}
	for i, v := range videos {
		if v.account != nil && v.published != nil {
			byAccount[*v.account] = append(byAccount[*v.account], i)
		} else {
			videos[i].outlier = insight.Unscored(v.published, now)
		}
	}
	// each account's curves, which both the scores and the forecasts read
	accounts := make(map[uuid.UUID][]insight.Video, len(byAccount))
	for acc, idx := range byAccount {
		in := make([]insight.Video, len(idx))
		for k, i := range idx {
			in[k] = insight.Video{ID: videos[i].id, Published: *videos[i].published, Curve: videos[i].curve}
		}
		accounts[acc] = in
		scores := insight.ScoreAccount(in, now)
		for k, i := range idx {
			videos[i].outlier = scores[k]
		}
	}
	forecastAll(videos, accounts, now)
}

// outlierEvents are the video.outlier events of the videos whose score is
// at a new age, reached within the last day (a score worked out late, for
// a video first seen long after it, tells nothing new), with at least
// insight.OutlierEventMultiplier. A video the step sees for the first
// time records its score silently.
func outlierEvents(ctx context.Context, conn *pgxpool.Conn, ws uuid.UUID, videos []insightVideo, now time.Time) ([]Event, error) {
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
	var described map[uuid.UUID]eventVideo
	var collections map[uuid.UUID]*uuid.UUID
	err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		var err error
		if described, err = eventVideos(ctx, tx, ws, ids); err != nil {
			return err
		}
		collections, err = videoCollections(ctx, tx, ws, ids)
		return err
	})
	if err != nil {
		return nil, err
	}
	var out []Event
	for _, v := range chosen {
		d, ok := described[v.id]
		if !ok {
			continue
		}
		id, o := v.id, v.outlier
		out = append(out, Event{WorkspaceID: ws, Type: domain.EventOutlier, OccurredAt: now, VideoID: &id, AccountID: d.accountID,
			CollectionID: collections[id], Platform: d.Platform,
			Payload: EventOutlierData{Video: d.EventVideo, AgeHours: o.AgeHours, Views: o.Views, Median: o.Median,
				Multiplier: round2(o.Multiplier), Percentile: o.Percentile, Baseline: o.Baseline,
				Summary: fmt.Sprintf("%s video by %s has %s views at %s, %s× its account's median (p%d of %d videos): %s",
					platformName(d.Platform), handleOrURL(d.AccountHandle, d.URL), groupDigits(o.Views), AgeWords(o.AgeHours),
					strconv.FormatFloat(round2(o.Multiplier), 'f', -1, 64), o.Percentile, o.Baseline, d.URL)}})
	}
	return out, nil
}

// EventOutlierData is the data of video.outlier.
type EventOutlierData struct {
	Summary string     `json:"summary"`
	Video   EventVideo `json:"video"`
	// AgeHours is the age scored (hours since publishing); Views the
	// video's views then and Median the median of its account's Baseline
	// earlier videos at the same age.
	AgeHours   int     `json:"ageHours"`
	Views      int64   `json:"views"`
	Median     float64 `json:"median"`
	Multiplier float64 `json:"multiplier"`
	Percentile int     `json:"percentile"`
	Baseline   int     `json:"baseline"`
}

// AgeWords names one of insight.OutlierAges: "1 h", "24 h", "3 d".
func AgeWords(hours int) string {
	if hours < 72 {
		return strconv.Itoa(hours) + " h"
	}
	return strconv.Itoa(hours/24) + " d"
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }

// videoCollections is the collection of each video: its own, else its
// account's.
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

// writeInsights stores every video's row, and reports whether any
// changed.
func writeInsights(ctx context.Context, tx pgx.Tx, ws uuid.UUID, videos []insightVideo, now time.Time) (bool, error) {
	changed := false
	for b := range slices.Chunk(videos, insightsWriteBatch) {
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
		for i, v := range b {
			ids[i], through[i] = v.id, v.through
			curves[i] = curveText(v.curve)
			if v.hasLatest {
				views[i], perHour[i] = &b[i].latest.Views, v.latest.PerHour
			}
			o := v.outlier
			oState[i] = string(o.State)
			if o.State == insight.OutlierScored {
				age, pct, base := int32(o.AgeHours), int32(o.Percentile), int32(o.Baseline)
				oAge[i], oPct[i], oBase[i] = &age, &pct, &base
				oViews[i], oMedian[i], oMult[i] = &b[i].outlier.Views, &b[i].outlier.Median, &b[i].outlier.Multiplier
			}
			f := v.forecast
			fState[i] = string(f.State)
			if f.State == insight.ForecastReady {
				f7[i], f7lo[i], f7hi[i] = &b[i].forecast.In7d.Views, &b[i].forecast.In7d.Low, &b[i].forecast.In7d.High
				if f.Has30d {
					f30[i], f30lo[i], f30hi[i] = &b[i].forecast.In30d.Views, &b[i].forecast.In30d.Low, &b[i].forecast.In30d.High
				}
			}
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

// curveText is a curve as a PostgreSQL array literal.
func curveText(c insight.Curve) string {
	parts := make([]string, len(c))
	for i, v := range c {
		parts[i] = strconv.FormatInt(v, 10)
	}
	return "{" + strings.Join(parts, ",") + "}"
}
