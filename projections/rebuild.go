package projections

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/reeltrack/reeltrack/schema"
)

// Projections are the read models, each filled by a view named <table>_mv.
var Projections = []string{"entity_latest", "entity_hourly", "entity_daily", "video_age_hourly", "entity_daily_by_entity"}

// Rebuild truncates each projection and refills it with its view's own
// SELECT over metric_snapshots.
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
		if err := p.Refill(ctx, ch, table); err != nil {
			return err
		}
	}
	return nil
}

// ErrRawHistoryDropped is Rebuild's refusal once raw snapshots were dropped.
var ErrRawHistoryDropped = errors.New("raw snapshots were dropped by the retention job")

// CheckRawHistory fails when entity_daily starts before the raw snapshots.
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
