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

// snapshotRetentionInterval is how often the server looks for monthly raw
// snapshot partitions past SNAPSHOT_RETENTION: one cheap read of system.parts.
const snapshotRetentionInterval = time.Hour

const snapshotRetentionTimeout = 5 * time.Minute

// startSnapshotRetention runs projections.DropExpiredSnapshots every
// interval, the first at once, until ctx ends, on every shard on a cluster;
// nothing when retention is zero. Several servers may run it at once: a
// partition dropped twice is harmless. The returned function stops the loop.
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
