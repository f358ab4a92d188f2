package projections

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/schema"
)

// PartitionExpired tells whether the monthly partition id (YYYYMM) ends at
// or before now − retention; a month the cutoff falls inside is kept whole.
func PartitionExpired(id string, now time.Time, retention time.Duration) bool {
	if len(id) != 6 {
		return false
	}
	n, err := strconv.Atoi(id)
	if err != nil {
		return false
	}
	year, month := n/100, n%100
	if month < 1 || month > 12 {
		return false
	}
	// scraped_at is DateTime('UTC'): months are UTC months.
	return domain.SnapshotMonthExpired(time.Date(year, time.Month(month), 1, 0, 0, 0, 0, time.UTC), now, retention)
}

// DropExpiredSnapshots drops the expired monthly partitions of
// metric_snapshots, on one replica of each shard, and returns their ids.
func DropExpiredSnapshots(ctx context.Context, ch driver.Conn, p schema.Placement, now time.Time, retention time.Duration) ([]string, error) {
	if retention <= 0 {
		return nil, nil
	}
	table := p.Local() + ".metric_snapshots"
	parts := "system.parts"
	if p.Cluster != "" {
		parts = "cluster(" + schema.Quote(p.Cluster) + ", system.parts)"
	}
	rows, err := ch.Query(ctx, `SELECT DISTINCT partition_id FROM `+parts+`
		WHERE database = ? AND table = 'metric_snapshots' AND active`, p.Local())
	if err != nil {
		return nil, fmt.Errorf("list partitions of %s: %w", table, err)
	}
	var expired []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, fmt.Errorf("list partitions of %s: %w", table, err)
		}
		if PartitionExpired(id, now, retention) {
			expired = append(expired, id)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list partitions of %s: %w", table, err)
	}
	sort.Strings(expired)
	var dropped []string
	for _, id := range expired {
		// id is six digits (PartitionExpired checked): safe to splice.
		if err := p.AlterLocal(ctx, ch, "ALTER TABLE "+schema.Quote(p.Local())+".metric_snapshots DROP PARTITION "+id); err != nil {
			return dropped, fmt.Errorf("drop partition %s of %s: %w", id, table, err)
		}
		dropped = append(dropped, id)
	}
	return dropped, nil
}
