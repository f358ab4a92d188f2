package query

import (
	"context"
	"fmt"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/insight"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query/chread"
)

// InsightsReader reads the snapshots the insights step (command's
// ComputeInsights) works the curves, scores and forecasts out from.
type InsightsReader struct {
	CH driver.Conn
}

// latestTimesSQL reads every video of a workspace with its latest snapshot
// time, its latest views and whether it ever recorded them, from the
// projection of the latest values: one row per video.
const latestTimesSQL = `
SELECT entity_id, maxMerge(last_at), groupBitOrMerge(recorded), argMaxMerge(views_last)
FROM entity_latest
WHERE workspace_id = @ws AND entity_kind = @kind
GROUP BY entity_id`

// Latest is, per video of the workspace with a views count, its latest
// snapshot and its views gained per hour over the 24h window (that of the
// videos list's 24-hour gain, whole hours back from now).
func (r InsightsReader) Latest(ctx context.Context, ws uuid.UUID, now time.Time) (map[uuid.UUID]insight.Latest, error) {
	out := map[uuid.UUID]insight.Latest{}
	rows, err := r.CH.Query(ctx, latestTimesSQL, clickhouse.Named("ws", ws), clickhouse.Named("kind", string(platform.Video)))
	if err != nil {
		return nil, fmt.Errorf("read latest snapshots: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id       uuid.UUID
			at       time.Time
			recorded uint8
			views    uint64
		)
		if err := rows.Scan(&id, &at, &recorded, &views); err != nil {
			return nil, fmt.Errorf("read latest snapshots: %w", err)
		}
		if recorded&domain.Views.Bit() != 0 {
			out[id] = insight.Latest{At: at.UTC(), Views: int64(views)}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read latest snapshots: %w", err)
	}
	start := WindowOf(Preset24h, now).Start
	hours := now.Sub(start).Hours()
	q := chread.EntitiesQuery{Workspace: ws, Kind: platform.Video, Metric: domain.Views,
		Read: []domain.Metric{domain.Views}, Cutoffs: []time.Time{start}}
	err = chread.Reader{CH: r.CH}.Entities(ctx, q, func(id uuid.UUID, e chread.EntityMetrics) error {
		l, ok := out[id]
		if ok && len(e.Gains) > 0 && e.Gains[0] != nil && hours > 0 {
			perHour := float64(*e.Gains[0]) / hours
			l.PerHour = &perHour
			out[id] = l
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// pointsSQL reads the raw snapshots with views of the scope's videos from
// a time on: the primary key (workspace, kind, entity, time) makes it a
// read of those videos' rows only.
const pointsSQL = `
SELECT entity_id, scraped_at, assumeNotNull(views)
FROM metric_snapshots
PREWHERE entity_id IN (SELECT id FROM scope)
WHERE workspace_id = @ws AND entity_kind = @kind AND scraped_at >= @since AND views IS NOT NULL`

// Points are the snapshots with views of the videos, taken at or after
// since.
func (r InsightsReader) Points(ctx context.Context, ws uuid.UUID, ids []uuid.UUID, since time.Time) (map[uuid.UUID][]insight.Point, error) {
	out := make(map[uuid.UUID][]insight.Point, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := chread.Reader{CH: r.CH}.QueryScoped(ctx, ids, pointsSQL, clickhouse.Named("ws", ws),
		clickhouse.Named("kind", string(platform.Video)), clickhouse.Named("since", since.UTC()))
	if err != nil {
		return nil, fmt.Errorf("read snapshots: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id    uuid.UUID
			at    time.Time
			views uint64
		)
		if err := rows.Scan(&id, &at, &views); err != nil {
			return nil, fmt.Errorf("read snapshots: %w", err)
		}
		out[id] = append(out[id], insight.Point{At: at.UTC(), Views: int64(views)})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read snapshots: %w", err)
	}
	return out, nil
}
