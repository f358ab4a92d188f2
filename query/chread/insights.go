package chread

import (
	"context"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/insight"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// InsightsReader reads the snapshots of the insights step (command/alerts).
type InsightsReader struct {
	CH Conn
}

// Latest is, per video with views, its latest snapshot and views per hour over 24h.
func (r InsightsReader) Latest(ctx context.Context, ws uuid.UUID, now time.Time) (map[uuid.UUID]insight.Latest, error) {
	out := map[uuid.UUID]insight.Latest{}
	// one read of every video's latest values, last scrape and 24 h gain
	q := EntitiesQuery{Workspace: ws, Kind: platform.Video, Metric: domain.Views,
		Read: []domain.Metric{domain.Views}, Cutoffs: []time.Time{Last24h(now)}, LastAt: true}
	err := Reader(r).Entities(ctx, q, func(id uuid.UUID, e EntityMetrics) error {
		if e.Latest.Views == nil {
			return nil
		}
		var gain *int64
		if len(e.Gains) > 0 {
			gain = e.Gains[0]
		}
		out[id] = InsightLatest(e.LastAt, int64(*e.Latest.Views), gain, now)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// InsightLatest is a video's latest views at its last scrape, with its
// views per hour over the 24 h window at now when its gain there is known.
func InsightLatest(at time.Time, views int64, gain *int64, now time.Time) insight.Latest {
	l := insight.Latest{At: at.UTC(), Views: views}
	if hours := now.Sub(Last24h(now)).Hours(); gain != nil && hours > 0 {
		perHour := float64(*gain) / hours
		l.PerHour = &perHour
	}
	return l
}

// Last24h is where the videos list's 24h window starts at now (query.WindowOf).
func Last24h(now time.Time) time.Time { return Hourly.Floor(now).Add(-23 * time.Hour) }

const pointsSQL = `
SELECT entity_id, scraped_at, assumeNotNull(views)
FROM metric_snapshots
PREWHERE entity_id IN (SELECT id FROM scope)
WHERE workspace_id = @ws AND entity_kind = @kind AND scraped_at >= @since AND views IS NOT NULL`

// Points are the videos' snapshots with views taken at or after since.
func (r InsightsReader) Points(ctx context.Context, ws uuid.UUID, ids []uuid.UUID, since time.Time) (map[uuid.UUID][]insight.Point, error) {
	out := make(map[uuid.UUID][]insight.Point, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := Reader(r).queryScoped(ctx, ids, pointsSQL, clickhouse.Named("ws", ws),
		clickhouse.Named("kind", string(platform.Video)), clickhouse.Named("since", since.UTC()))
	var (
		id    uuid.UUID
		at    time.Time
		views uint64
	)
	err = forEachRow(rows, err, "read snapshots", []any{&id, &at, &views}, func() error {
		out[id] = append(out[id], insight.Point{At: at.UTC(), Views: int64(views)})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
