package projections

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/reeltrack/reeltrack/schema"
)

// Projections are the ClickHouse read models derived from metric_snapshots,
// each filled by a materialized view named <table>_mv.
var Projections = []string{"entity_latest", "entity_hourly", "entity_daily", "video_age_hourly"}

// Rebuild recomputes the projections from metric_snapshots: each is
// truncated and filled with its materialized view's own SELECT over every
// snapshot. Snapshots written meanwhile are safe: they reach the projection
// through the view, the SELECT, or both, and the projections come out the
// same however often a snapshot is counted (argMin/argMax states in
// entity_latest, one row per bucket after the replacing merge in the
// hourly and daily tables). It refuses when months of raw snapshots have
// been dropped (SNAPSHOT_RETENTION): the projections hold the only copy of
// that history, and a rebuild would erase it.
//
// On a cluster (cluster: CLICKHOUSE_CLUSTER) the connection's database
// holds Distributed tables: each projection's shard-local table is
// truncated ON CLUSTER and refilled through the Distributed tables, the
// view's SELECT reading the Distributed metric_snapshots (see schema.Placement).
func Rebuild(ctx context.Context, ch driver.Conn, cluster string) error {
	if err := CheckRawHistory(ctx, ch); err != nil {
		return err
	}
	var db string
	if err := ch.QueryRow(ctx, `SELECT currentDatabase()`).Scan(&db); err != nil {
		return fmt.Errorf("read the current database: %w", err)
	}
	p := schema.Placement{DB: db, Cluster: cluster}
	for _, table := range Projections {
		sel, err := p.ViewSelect(ctx, ch, table)
		if err != nil {
			return err
		}
		if err := ch.Exec(ctx, p.Truncate(table)); err != nil {
			return fmt.Errorf("truncate %s: %w", table, err)
		}
		if err := ch.Exec(ctx, "INSERT INTO "+schema.Quote(db)+"."+schema.Quote(table)+" "+sel); err != nil {
			return fmt.Errorf("refill %s: %w", table, err)
		}
	}
	return nil
}

// ErrRawHistoryDropped is Rebuild's refusal when the daily projection
// reaches further back than the raw snapshots.
var ErrRawHistoryDropped = errors.New("raw snapshots were dropped by the retention job")

// CheckRawHistory compares the first day of entity_daily with the first
// raw snapshot: daily buckets from before it can only come from snapshots
// that were dropped since (ErrRawHistoryDropped).
func CheckRawHistory(ctx context.Context, ch driver.Conn) error {
	var raw, daily uint64
	var rawFrom, dailyFrom time.Time
	if err := ch.QueryRow(ctx, `SELECT count(), min(scraped_at) FROM metric_snapshots`).Scan(&raw, &rawFrom); err != nil {
		return fmt.Errorf("read the first snapshot: %w", err)
	}
	if err := ch.QueryRow(ctx, `SELECT count(), min(bucket) FROM entity_daily`).Scan(&daily, &dailyFrom); err != nil {
		return fmt.Errorf("read the first daily bucket: %w", err)
	}
	if daily == 0 {
		return nil
	}
	first := rawFrom.UTC().Truncate(24 * time.Hour)
	if raw == 0 || dailyFrom.UTC().Before(first) {
		return fmt.Errorf("%w: entity_daily holds days from %s but metric_snapshots starts at %s; a rebuild would erase that history, so the projections are left as they are",
			ErrRawHistoryDropped, dailyFrom.UTC().Format("2006-01-02"), rawFrom.UTC().Format(time.RFC3339))
	}
	return nil
}
