package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/reeltrack/reeltrack/schema"
)

// On a cluster (CLICKHOUSE_CLUSTER) a backup reads each shard's local tables
// on one replica of the shard, through that node's HTTP interface; a restore
// inserts every shard's rows through the Distributed tables, whose sharding
// key (the workspace) puts each row on the shard it was read from when the
// cluster has the same shards, and then checks each shard holds the
// workspaces it held (docs/backup.md, "Clusters").

// syncTimeout bounds the wait for a replica to fetch what its shard took
// (SYSTEM SYNC REPLICA, which 18.16 bounds by receive_timeout).
const syncTimeout = 2 * time.Minute

// shardNodes is a shard and the HTTP interfaces of its nodes that answered.
type shardNodes struct {
	schema.Shard
	nodes []chHTTP
}

// clusterNodes lists t's cluster's shards, as the node ch is connected to
// sees them, and asks each of t.Nodes which shard it serves. An interface
// that answers but is no node of the cluster is an error (it may be another
// server holding a database of the same name); one that does not answer is
// left out, and named when its shard has no other.
func clusterNodes(ctx context.Context, ch driver.Conn, t target) ([]shardNodes, error) {
	cluster := t.Layout.Cluster
	shards, err := schema.Shards(ctx, ch, cluster)
	if err != nil {
		return nil, err
	}
	bases := t.Nodes
	configured := len(bases) > 0
	if !configured {
		seen := map[string]bool{}
		for _, s := range shards {
			for _, r := range s.Replicas {
				host, _, err := net.SplitHostPort(r)
				if err != nil || seen[host] {
					continue
				}
				seen[host] = true
				n := t.HTTP
				n.base = "http://" + net.JoinHostPort(host, "8123")
				bases = append(bases, n)
			}
		}
	}
	out := make([]shardNodes, len(shards))
	for i, s := range shards {
		out[i].Shard = s
	}
	hint := ""
	if !configured {
		hint = " (CLICKHOUSE_HTTP_ADDR is not set: port 8123 of each host of the cluster was tried; set it to the HTTP interfaces of the cluster's nodes, comma-separated)"
	}
	var down []string
	for _, n := range bases {
		rows, err := n.rows(ctx, `SELECT shard_num FROM system.clusters WHERE cluster = `+literal(cluster)+` AND is_local ORDER BY shard_num LIMIT 1`)
		var ue *url.Error
		if errors.As(err, &ue) {
			down = append(down, fmt.Sprintf("%s (%v)", n.base, ue.Err))
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("ask %s which shard of cluster %s it serves: %w%s", n.base, cluster, err, hint)
		}
		if len(rows) == 0 {
			if configured {
				hint = ": CLICKHOUSE_HTTP_ADDR must list only the HTTP interfaces of the cluster's nodes"
			}
			return nil, fmt.Errorf("%s is not a node of cluster %s (its system.clusters has no local shard of it)%s", n.base, cluster, hint)
		}
		num, err := strconv.Atoi(rows[0][0])
		if err != nil {
			return nil, fmt.Errorf("%s: shard %q: %w", n.base, rows[0][0], err)
		}
		for i := range out {
			if out[i].Num == num {
				out[i].nodes = append(out[i].nodes, n)
			}
		}
	}
	for _, s := range out {
		if len(s.nodes) == 0 {
			msg := fmt.Sprintf("no HTTP interface of shard %d (%s) answers", s.Num, strings.Join(s.Replicas, ", "))
			if len(down) > 0 {
				msg += "; no answer from " + strings.Join(down, ", ")
			}
			return nil, errors.New(msg + hint)
		}
	}
	return out, nil
}

// syncedReplica is the first node of shard s that has fetched every part
// its shard took of each table in db (SYSTEM SYNC REPLICA): rows written
// on its peer before now are on it.
func syncedReplica(ctx context.Context, s shardNodes, db string, tables []string) (chHTTP, error) {
	var errs []error
	for _, n := range s.nodes {
		synced := n.with("receive_timeout", strconv.Itoa(int(syncTimeout.Seconds())))
		var err error
		for _, table := range tables {
			if err = synced.exec(ctx, "SYSTEM SYNC REPLICA "+schema.Quote(db)+"."+schema.Quote(table)); err != nil {
				break
			}
		}
		if err == nil {
			return n, nil
		}
		errs = append(errs, fmt.Errorf("%s: %w", n.base, err))
	}
	return chHTTP{}, fmt.Errorf("no replica of shard %d has caught up with its shard: %w", s.Num, errors.Join(errs...))
}

// exportShards exports each shard's local tables from one replica of it
// that has caught up with its shard.
func exportShards(ctx context.Context, t target, shards []shardNodes, dir string, m *manifest, tables []exported) error {
	local := schema.LocalDatabase(t.CHDB)
	names := make([]string, len(tables))
	for i, e := range tables {
		names[i] = e.name
	}
	all := make([]schema.Shard, len(shards))
	for i, s := range shards {
		all[i] = s.Shard
	}
	c := &clusterPart{Name: t.Layout.Cluster, ShardingKey: schema.ShardingKey}
	for _, s := range shards {
		n, err := syncedReplica(ctx, s, local, names)
		if err != nil {
			return err
		}
		c.Shards = append(c.Shards, shardPart{Num: s.Num, Weight: s.Weight, Replicas: s.Replicas, ReadFrom: withoutUser(n.base)})
		for _, e := range tables {
			tb, err := exportTable(ctx, reader{http: n, db: local, shard: s.Num}, dir, e)
			if err != nil {
				return err
			}
			if tb.Workspaces, err = workspacesOf(ctx, n, local, e.name, all, s.Num); err != nil {
				return err
			}
			logExported(t.Log, tb)
			m.ClickHouse.Tables = append(m.ClickHouse.Tables, tb)
		}
	}
	m.ClickHouse.Cluster = c
	return nil
}

// workspacesOf reads which workspaces node's table in db holds rows of;
// with shards, also how many of them the sharding key puts on a shard other
// than num.
func workspacesOf(ctx context.Context, node chHTTP, db, table string, shards []schema.Shard, num int) (*workspaces, error) {
	offShard := "0"
	if len(shards) > 0 {
		from, to, total := schema.Slots(shards, num)
		offShard = fmt.Sprintf("countIf(h %% %d < %d OR h %% %d >= %d)", total, from, total, to)
	}
	rows, err := node.rows(ctx, "SELECT count(), groupBitXor(h), "+offShard+" FROM (SELECT DISTINCT "+schema.ShardingKey+
		" AS h FROM "+schema.Quote(db)+"."+schema.Quote(table)+")")
	if err != nil {
		return nil, fmt.Errorf("the workspaces of %s.%s on %s: %w", db, table, node.base, err)
	}
	if len(rows) != 1 || len(rows[0]) != 3 {
		return nil, fmt.Errorf("the workspaces of %s.%s on %s: answered %v", db, table, node.base, rows)
	}
	var w workspaces
	for i, p := range []*uint64{&w.Count, &w.Checksum, &w.OffShard} {
		if *p, err = strconv.ParseUint(rows[0][i], 10, 64); err != nil {
			return nil, fmt.Errorf("the workspaces of %s.%s on %s: %w", db, table, node.base, err)
		}
	}
	return &w, nil
}

// withoutUser is base without a user and password it may carry.
func withoutUser(base string) string {
	u, err := url.Parse(base)
	if err != nil {
		return ""
	}
	u.User = nil
	return u.String()
}

// sameShards tells whether a backup's cluster had the shards, by number and
// weight, of the target's.
func sameShards(c *clusterPart, shards []shardNodes) bool {
	if c == nil || len(c.Shards) != len(shards) {
		return false
	}
	for i, s := range c.Shards {
		if s.Num != shards[i].Num || s.Weight != shards[i].Weight {
			return false
		}
	}
	return true
}

// checkShards reads, after a restore into a cluster, which workspaces each
// shard holds of every restored table. When the backup was read from a
// cluster of the same shards whose every workspace was on its key's shard,
// each shard must hold what the backup's did; otherwise it says where the
// rows went.
func checkShards(ctx context.Context, t target, m manifest, shards []shardNodes) error {
	local := schema.LocalDatabase(t.CHDB)
	var names []string
	want := map[string]map[int]workspaces{}
	strict := sameShards(m.ClickHouse.Cluster, shards)
	for _, tb := range m.ClickHouse.Tables {
		if want[tb.Name] == nil {
			names = append(names, tb.Name)
			want[tb.Name] = map[int]workspaces{}
		}
		if tb.Workspaces == nil || tb.Workspaces.OffShard > 0 {
			strict = false
			continue
		}
		w := want[tb.Name][tb.Shard]
		w.Count += tb.Workspaces.Count
		w.Checksum ^= tb.Workspaces.Checksum
		want[tb.Name][tb.Shard] = w
	}
	for _, s := range shards {
		n, err := syncedReplica(ctx, s, local, names)
		if err != nil {
			return err
		}
		for _, name := range names {
			got, err := workspacesOf(ctx, n, local, name, nil, s.Num)
			if err != nil {
				return err
			}
			if !strict {
				fmt.Fprintf(t.Log, "clickhouse: %s, shard %d: rows of %d workspaces, placed by the sharding key\n", name, s.Num, got.Count)
				continue
			}
			w := want[name][s.Num]
			if got.Count != w.Count || got.Checksum != w.Checksum {
				return fmt.Errorf("restored %s: shard %d holds rows of %d workspaces (checksum %d), the backup's shard %d of %d (checksum %d): the rows are not on the shards they were read from",
					name, s.Num, got.Count, got.Checksum, s.Num, w.Count, w.Checksum)
			}
			fmt.Fprintf(t.Log, "clickhouse: %s, shard %d: rows of %d workspaces, those of the backup's shard %d\n", name, s.Num, got.Count, s.Num)
		}
	}
	return nil
}
