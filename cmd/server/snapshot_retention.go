package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/projections"
	"github.com/reeltrack/reeltrack/schema"
)

// snapshotRetentionInterval is how often raw snapshot partitions are checked.
const snapshotRetentionInterval = time.Hour

const snapshotRetentionTimeout = 5 * time.Minute

// startSnapshotRetention runs projections.DropExpiredSnapshots every interval
// on every shard; several servers may, as a partition dropped twice is harmless.
func startSnapshotRetention(ctx context.Context, ch driver.Conn, p schema.Placement, retention, interval time.Duration, now func() time.Time, log *slog.Logger, m *metrics.Metrics) (stop func()) {
	if retention <= 0 {
		return func() {}
	}
	return inBackground(ctx, func(ctx context.Context) {
		every(ctx, interval, snapshotRetentionTimeout, func(ctx context.Context) {
			dropped, err := projections.DropExpiredSnapshots(ctx, ch, p, now(), retention)
			if len(dropped) > 0 {
				log.Info("dropped expired raw snapshot partitions", "database", p.DB, "partitions", dropped, "retention", retention)
			}
			if err != nil && !stopping(ctx) {
				log.Warn("dropping expired raw snapshots failed; retrying next hour", "database", p.DB, "error", err)
			}
			if err == nil {
				m.TaskSucceeded(metrics.TaskSnapshotRetention, now())
			}
		})
	})
}
