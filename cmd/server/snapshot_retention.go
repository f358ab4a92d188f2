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

// snapshotRetentionInterval is how often the server looks for monthly
// partitions of raw snapshots past SNAPSHOT_RETENTION. A look is one read
// of system.parts, so hourly is cheap; a partition expires at most once a
// month.
const snapshotRetentionInterval = time.Hour

// snapshotRetentionTimeout bounds one run.
const snapshotRetentionTimeout = 5 * time.Minute

// startSnapshotRetention runs projections.DropExpiredSnapshots every
// interval, the first at once, until ctx ends, and logs what it dropped.
// It does nothing when retention is zero. On a cluster (p.Cluster) it drops
// the partitions of every shard's local table. Several servers may
// run it at once: dropping a partition twice is harmless. The returned
// function stops the loop and waits for it.
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
				log.Warn("dropping expired raw snapshots failed; retrying next hour", "database", p.DB, "err", err)
			}
			if err == nil {
				m.TaskSucceeded(metrics.TaskSnapshotRetention, now())
			}
		})
	})
}
