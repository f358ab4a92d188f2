package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/query"
)

// The baseline: the same snapshots in one plain PostgreSQL table, with the
// index that serves these queries best: every query reads one entity's
// series by (workspace, kind, entity) and a time bound, so one B-tree with
// scraped_at, INCLUDE-ing the metrics, makes each lookup an index-only scan.
const createBaseline = `
DROP TABLE IF EXISTS bench_snapshots;
CREATE TABLE bench_snapshots (
    workspace_id uuid NOT NULL,
    platform     smallint NOT NULL,
    entity_kind  smallint NOT NULL,
    entity_id    uuid NOT NULL,
    account_id   uuid NOT NULL,
    scraped_at   timestamptz NOT NULL,
    views        bigint,
    likes        bigint,
    comments     bigint,
    shares       bigint,
    saves        bigint,
    followers    bigint,
    job_id       uuid NOT NULL,
    version      bigint NOT NULL
)`

const indexBaseline = `
CREATE INDEX bench_snapshots_series_idx ON bench_snapshots (workspace_id, entity_kind, entity_id, scraped_at)
    INCLUDE (views, likes, comments, shares, saves)`

type copySource struct {
	gen      *generator
	r        row
	vals     []any
	lastAt   time.Time
	job      uuid.UUID
	version  int64
	progress io.Writer
	total    int64
	start    time.Time
	shown    time.Time
}

func (s *copySource) Next() bool {
	if !s.gen.next(&s.r) {
		return false
	}
	if !s.r.At.Equal(s.lastAt) {
		s.lastAt, s.job = s.r.At, benchID("job/%d", s.r.At.Unix())
		if time.Since(s.shown) > 10*time.Second {
			s.shown = time.Now()
			fmt.Fprintf(s.progress, "seed: postgres baseline %d / %d rows (%.0f rows/s)\n", s.gen.count, s.total, float64(s.gen.count)/time.Since(s.start).Seconds())
		}
	}
	return true
}

func (s *copySource) Values() ([]any, error) {
	r := &s.r
	v := s.vals[:0]
	v = append(v, r.Workspace, int16(r.Platform), int16(r.Kind), r.Entity, r.Account, r.At)
	for i := range r.Values {
		if r.Has[i] {
			v = append(v, int64(r.Values[i]))
		} else {
			v = append(v, nil)
		}
	}
	v = append(v, s.job, s.version)
	s.vals = v
	return v, nil
}

func (s *copySource) Err() error { return nil }

func loadBaseline(ctx context.Context, db *pgxpool.Pool, w *world, progress io.Writer) (marker, error) {
	start := time.Now()
	m := marker{Version: seedVersion, Params: w.Sizes.String(), End: w.End}
	if err := writeMarker(ctx, db, "baseline", m); err != nil {
		return m, err
	}
	if _, err := db.Exec(ctx, createBaseline); err != nil {
		return m, fmt.Errorf("create baseline table: %w", err)
	}
	src := &copySource{gen: newGenerator(w), version: time.Now().UnixNano(), progress: progress, total: w.Sizes.rows(), start: start, shown: start}
	cols := []string{"workspace_id", "platform", "entity_kind", "entity_id", "account_id", "scraped_at",
		"views", "likes", "comments", "shares", "saves", "followers", "job_id", "version"}
	n, err := db.CopyFrom(ctx, pgx.Identifier{"bench_snapshots"}, cols, src)
	if err != nil {
		return m, fmt.Errorf("copy baseline: %w", err)
	}
	fmt.Fprintf(progress, "seed: postgres baseline copied %d rows in %s, indexing\n", n, time.Since(start).Round(time.Second))
	if _, err := db.Exec(ctx, indexBaseline); err != nil {
		return m, fmt.Errorf("index baseline: %w", err)
	}
	if _, err := db.Exec(ctx, `VACUUM (ANALYZE) bench_snapshots`); err != nil {
		return m, fmt.Errorf("vacuum baseline: %w", err)
	}
	m.Rows, m.Seconds, m.Complete = n, time.Since(start).Seconds(), true
	fmt.Fprintf(progress, "seed: postgres baseline ready in %s\n", time.Since(start).Round(time.Second))
	return m, writeMarker(ctx, db, "baseline", m)
}

// The equivalent of GET /api/overview (30 days) in plain SQL.
const baselineOverviewTotals = `
SELECT count(*), sum(views), sum(likes), sum(comments), sum(shares), sum(saves),
       sum(views - coalesce(at_start, first_views)),
       sum(coalesce(at_start, first_views) - coalesce(at_prev, first_views))
FROM (
    SELECT l.views, l.likes, l.comments, l.shares, l.saves,
        (SELECT b.views FROM bench_snapshots b
         WHERE b.workspace_id = v.workspace_id AND b.entity_kind = 1 AND b.entity_id = v.id AND b.scraped_at < $2
         ORDER BY b.scraped_at DESC LIMIT 1) AS at_start,
        (SELECT b.views FROM bench_snapshots b
         WHERE b.workspace_id = v.workspace_id AND b.entity_kind = 1 AND b.entity_id = v.id AND b.scraped_at < $3
         ORDER BY b.scraped_at DESC LIMIT 1) AS at_prev,
        (SELECT b.views FROM bench_snapshots b
         WHERE b.workspace_id = v.workspace_id AND b.entity_kind = 1 AND b.entity_id = v.id
         ORDER BY b.scraped_at LIMIT 1) AS first_views
    FROM videos v
    JOIN LATERAL (
        SELECT b.views, b.likes, b.comments, b.shares, b.saves FROM bench_snapshots b
        WHERE b.workspace_id = v.workspace_id AND b.entity_kind = 1 AND b.entity_id = v.id
        ORDER BY b.scraped_at DESC LIMIT 1
    ) l ON true
    WHERE v.workspace_id = $1
) per_video`

const baselineOverviewSeries = `
SELECT day, sum(views)
FROM (
    SELECT DISTINCT ON (entity_id, date_trunc('day', scraped_at, 'UTC'))
        date_trunc('day', scraped_at, 'UTC') AS day, views
    FROM bench_snapshots
    WHERE workspace_id = $1 AND entity_kind = 1 AND scraped_at >= $2
    ORDER BY entity_id, date_trunc('day', scraped_at, 'UTC'), scraped_at DESC
) last_of_day
GROUP BY day
ORDER BY day`

// The equivalent of GET /api/videos: latest views and 24 h gains, first 50.
const baselineVideos = `
SELECT id, views, gained
FROM (
    SELECT v.id, l.views,
        l.views - coalesce(
            (SELECT b.views FROM bench_snapshots b
             WHERE b.workspace_id = v.workspace_id AND b.entity_kind = 1 AND b.entity_id = v.id AND b.scraped_at < $2
             ORDER BY b.scraped_at DESC LIMIT 1),
            (SELECT b.views FROM bench_snapshots b
             WHERE b.workspace_id = v.workspace_id AND b.entity_kind = 1 AND b.entity_id = v.id
             ORDER BY b.scraped_at LIMIT 1)) AS gained
    FROM videos v
    JOIN LATERAL (
        SELECT b.views FROM bench_snapshots b
        WHERE b.workspace_id = v.workspace_id AND b.entity_kind = 1 AND b.entity_id = v.id
        ORDER BY b.scraped_at DESC LIMIT 1
    ) l ON true
    WHERE v.workspace_id = $1
) per_video
ORDER BY %s DESC NULLS LAST, id
LIMIT 50`

type baselineResult struct {
	Overview, VideosViews, VideosGained stats
}

func runBaseline(ctx context.Context, db *pgxpool.Pool, w *world, now time.Time, runs int) (baselineResult, error) {
	ws := w.Big.ID
	win := query.WindowOf(query.Preset30d, now)
	day := query.WindowOf(query.Preset24h, now)
	overview := func() error {
		var n int64
		var sums [7]*int64
		row := db.QueryRow(ctx, baselineOverviewTotals, ws, win.Start, win.PrevStart)
		if err := row.Scan(&n, &sums[0], &sums[1], &sums[2], &sums[3], &sums[4], &sums[5], &sums[6]); err != nil {
			return fmt.Errorf("baseline overview totals: %w", err)
		}
		if n != int64(len(w.Big.Videos)) {
			return fmt.Errorf("baseline overview counted %d videos, want %d", n, len(w.Big.Videos))
		}
		rows, err := db.Query(ctx, baselineOverviewSeries, ws, win.Start)
		if err != nil {
			return fmt.Errorf("baseline overview series: %w", err)
		}
		days, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (time.Time, error) {
			var d time.Time
			var v int64
			return d, r.Scan(&d, &v)
		})
		if err != nil {
			return fmt.Errorf("baseline overview series: %w", err)
		}
		if len(days) == 0 {
			return fmt.Errorf("baseline overview series is empty")
		}
		return nil
	}
	videos := func(order string) func() error {
		sql := fmt.Sprintf(baselineVideos, order)
		return func() error {
			rows, err := db.Query(ctx, sql, ws, day.Start)
			if err != nil {
				return fmt.Errorf("baseline videos: %w", err)
			}
			n := 0
			for rows.Next() {
				n++
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return fmt.Errorf("baseline videos: %w", err)
			}
			if n != min(50, len(w.Big.Videos)) {
				return fmt.Errorf("baseline videos returned %d rows", n)
			}
			return nil
		}
	}
	time1 := func(f func() error) (stats, error) {
		var ds []time.Duration
		for range runs {
			t := time.Now()
			if err := f(); err != nil {
				return stats{}, err
			}
			ds = append(ds, time.Since(t))
		}
		return summarize(ds, 0), nil
	}
	var res baselineResult
	var err error
	if res.Overview, err = time1(overview); err != nil {
		return res, err
	}
	if res.VideosViews, err = time1(videos("views")); err != nil {
		return res, err
	}
	if res.VideosGained, err = time1(videos("gained")); err != nil {
		return res, err
	}
	return res, nil
}
