package projections

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/reeltrack/reeltrack/schema"
)

// PartitionExpired tells whether the monthly partition id (YYYYMM, as
// toYYYYMM(scraped_at) names it) holds only rows older than now − retention:
// whether the month ends at or before that cutoff. A month the cutoff falls
// inside is kept whole. It is false for an id that is not a month.
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
	end := time.Date(year, time.Month(month)+1, 1, 0, 0, 0, 0, time.UTC)
	return !end.After(now.UTC().Add(-retention))
}

// DropExpiredSnapshots drops the monthly partitions of metric_snapshots in
// p's database whose every row is older than now − retention, and returns
// their ids in order. ClickHouse 18.16 has no TTL, so retention is whole
// months: a partition is dropped once its month has wholly passed out of
// the window. The projections (entity_latest, entity_hourly, entity_daily,
// …) are separate tables fed at insert time, so they keep their rows. A
// retention of zero or less drops nothing.
//
// On a cluster (p.Cluster) the partitions are those of the shard-local
// table, <database>_local.metric_snapshots: listed from every shard's
// system.parts (one replica each, the cluster table function), and dropped
// on one replica of each shard (schema.Placement.AlterLocal), which passes
// the drop on to the other. A shard with no replica up fails the run,
// which the next run repeats; a replica that was down takes the drop from
// the replication log when it is back.
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
