package schema

import (
	"context"
	"fmt"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
)

// Shard is one shard of a cluster as system.clusters lists it.
type Shard struct {
	Num    int // shard_num, from 1
	Weight int // shard_weight: its share of the sharding key's slots
	// Replicas are host:port (native protocol) of its replicas, in replica order.
	Replicas []string
}

// Shards lists the shards of cluster, in shard order, as the node ch is
// connected to sees them.
func Shards(ctx context.Context, ch driver.Conn, cluster string) ([]Shard, error) {
	rows, err := ch.Query(ctx, `SELECT shard_num, any(shard_weight), groupArray(concat(host_address, ':', toString(port)))
		FROM (SELECT shard_num, shard_weight, host_address, port FROM system.clusters WHERE cluster = ? ORDER BY shard_num, replica_num)
		GROUP BY shard_num ORDER BY shard_num`, cluster)
	if err != nil {
		return nil, fmt.Errorf("list the shards of cluster %s: %w", cluster, err)
	}
	defer rows.Close()
	var out []Shard
	for rows.Next() {
		var num, weight uint32
		var replicas []string
		if err := rows.Scan(&num, &weight, &replicas); err != nil {
			return nil, fmt.Errorf("list the shards of cluster %s: %w", cluster, err)
		}
		out = append(out, Shard{Num: int(num), Weight: int(weight), Replicas: replicas})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list the shards of cluster %s: %w", cluster, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("system.clusters lists no shard of cluster %s", cluster)
	}
	return out, nil
}

// Slots are the sharding key's slots shard num owns, [from, to), of total:
// a Distributed table writes a row to the shard owning its key modulo the
// shards' total weight, the shards owning runs as long as their weights,
// in shard order.
func Slots(shards []Shard, num int) (from, to, total uint64) {
	for _, s := range shards {
		if s.Num < num {
			from += uint64(s.Weight)
		}
		if s.Num <= num {
			to += uint64(s.Weight)
		}
		total += uint64(s.Weight)
	}
	return from, to, total
}
