package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/projections/analytics"
)

// analyticsSyncInterval is how often changed dimension rows are copied into
// the analytics database; a failed run resumes on the next tick.
const analyticsSyncInterval = 10 * time.Second

const analyticsSyncTimeout = 2 * time.Minute

// startAnalyticsSync runs analytics.Sync every interval until ctx ends, one
// server at a time (an advisory lock); the returned function stops it.
func startAnalyticsSync(ctx context.Context, pg *pgxpool.Pool, ch driver.Conn, db string, interval time.Duration, log *slog.Logger, m *metrics.Metrics) (stop func()) {
	failing := false
	return inBackground(ctx, func(ctx context.Context) {
		every(ctx, interval, analyticsSyncTimeout, func(ctx context.Context) {
			began := time.Now()
			res, err := analytics.Sync(ctx, pg, ch, db)
			switch {
			case err != nil && !stopping(ctx):
				// Logged once per outage, then again when it ends.
				if !failing {
					log.Warn("analytics sync failed; retrying each tick", "database", db, "error", err)
				}
				failing = true
			case err == nil:
				if failing {
					log.Info("analytics sync caught up", "database", db, "rows", res.Rows)
				}
				failing = false
				m.TaskSucceeded(metrics.TaskAnalyticsSync, time.Now())
				log.Debug("analytics sync ran", "database", db, "skipped", res.Skipped, "rows", res.Rows, "took", time.Since(began))
			}
		})
	})
}
