package numbers

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/insight"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
)

// InsightsReader is what the insights step reads (command/alerts'
// InsightReader): every video's latest views, last scrape and 24 h gain
// from video_ranks, one row a video, when the workspace's ranks are synced
// and the hour's windows are written, as the videos list reads them;
// otherwise from ClickHouse (chread.InsightsReader), whose read of
// entity_latest costs a pass over every video of the workspace. The
// curves' snapshots always come from ClickHouse.
type InsightsReader query.Readers

// Latest is, per video with views, its latest snapshot and views per hour over 24 h.
func (r InsightsReader) Latest(ctx context.Context, ws uuid.UUID, now time.Time) (map[uuid.UUID]insight.Latest, error) {
	cols, kept, err := keptWindows(ctx, r.DB, ws, now)
	if err != nil {
		return nil, err
	}
	if !kept {
		return chread.InsightsReader{CH: r.CH}.Latest(ctx, ws, now)
	}
	rows, _ := r.DB.Query(ctx, `
SELECT video_id, views, last_at, views - `+cols.from24+`
FROM video_ranks WHERE workspace_id = $1 AND views IS NOT NULL`, ws)
	var (
		id     uuid.UUID
		views  int64
		lastAt time.Time
		gain   *int64
		out    = map[uuid.UUID]insight.Latest{}
	)
	_, err = pgx.ForEachRow(rows, []any{&id, &views, &lastAt, &gain}, func() error {
		out[id] = chread.InsightLatest(lastAt, views, gain, now)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read video ranks for insights: %w", err)
	}
	return out, nil
}

// Points are the videos' snapshots with views taken at or after since.
func (r InsightsReader) Points(ctx context.Context, ws uuid.UUID, ids []uuid.UUID, since time.Time) (map[uuid.UUID][]insight.Point, error) {
	return chread.InsightsReader{CH: r.CH}.Points(ctx, ws, ids, since)
}
