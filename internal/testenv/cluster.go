package testenv

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/schema"
)

// Cluster is the ClickHouse cluster of CLICKHOUSE_CLUSTER; node N (1..4) of
// `make cluster` is the N-th replica in shard order (scripts/cluster.sh).
type Cluster struct {
	Name  string
	Nodes []ClusterNode // in shard, then replica order: Nodes[N-1] is node N
	env   *Env
}

// ClusterNode is one ClickHouse server of the cluster.
type ClusterNode struct {
	N       int // 1-based, as scripts/cluster.sh numbers them
	Shard   int // shard_num
	Replica int // replica_num
	Addr    string
}

// Cluster returns the package's cluster, and skips the test without
// CLICKHOUSE_CLUSTER.
func (e *Env) Cluster(t testing.TB) *Cluster {
	t.Helper()
	if e.CHOptions.Cluster == "" {
		t.Skip("CLICKHOUSE_CLUSTER is not set: this test runs on a ClickHouse cluster (make test-cluster)")
	}
	c := &Cluster{Name: e.CHOptions.Cluster, env: e}
	rows, err := e.CH.Query(context.Background(), `SELECT shard_num, replica_num, host_address, port FROM system.clusters
		WHERE cluster = ? ORDER BY shard_num, replica_num`, c.Name)
	if err != nil {
		t.Fatalf("list the nodes of cluster %s: %v", c.Name, err)
	}
	defer rows.Close()
	for rows.Next() {
		var shard, replica uint32
		var host string
		var port uint16
		if err := rows.Scan(&shard, &replica, &host, &port); err != nil {
			t.Fatal(err)
		}
		c.Nodes = append(c.Nodes, ClusterNode{N: len(c.Nodes) + 1, Shard: int(shard), Replica: int(replica), Addr: fmt.Sprintf("%s:%d", host, port)})
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(c.Nodes) == 0 {
		t.Fatalf("system.clusters lists no node of cluster %s", c.Name)
	}
	return c
}

// UsersDir is the users.d/ directory every node of the local cluster reads.
func (c *Cluster) UsersDir() string {
	dir := os.Getenv("CLUSTER_DIR")
	if dir == "" {
		dir = "/var/lib/reeltrack-cluster"
	}
	return filepath.Join(dir, "users.d")
}

// Addrs are the addresses of every node.
func (c *Cluster) Addrs() []string {
	var out []string
	for _, n := range c.Nodes {
		out = append(out, n.Addr)
	}
	return out
}

// Shard is the nodes of shard s.
func (c *Cluster) Shard(s int) []ClusterNode {
	var out []ClusterNode
	for _, n := range c.Nodes {
		if n.Shard == s {
			out = append(out, n)
		}
	}
	return out
}

// ShardOf is the shard that holds workspace ws's rows (every shard weighs 1).
func (c *Cluster) ShardOf(t testing.TB, ws uuid.UUID) int {
	t.Helper()
	var shards uint32
	for _, n := range c.Nodes {
		shards = max(shards, uint32(n.Shard))
	}
	var h uint64
	if err := c.env.CH.QueryRow(context.Background(), "SELECT "+schema.ShardingKey+" FROM (SELECT toUUID(?) AS workspace_id)", ws.String()).Scan(&h); err != nil {
		t.Fatal(err)
	}
	return int(h%uint64(shards)) + 1
}

// Conn opens a connection to node n alone, closed when the test ends.
func (c *Cluster) Conn(t testing.TB, n int) driver.Conn {
	t.Helper()
	conn, err := c.dial(context.Background(), n)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

func (c *Cluster) dial(ctx context.Context, n int) (driver.Conn, error) {
	o := c.env.CHOptions
	conn, err := store.OpenClickHouse(ctx, store.ClickHouseOptions{
		Addr: c.Nodes[n-1].Addr, Database: "default", User: o.User, Password: o.Password,
	})
	if err != nil {
		return nil, fmt.Errorf("node %d: %w", n, err)
	}
	return conn, nil
}

// Kill SIGKILLs the server of each node given, as a crash, and waits until it
// is gone; the test's cleanup starts whatever is down again.
func (c *Cluster) Kill(t testing.TB, nodes ...int) {
	t.Helper()
	c.restartAtEnd(t)
	c.script(t, killArgs(nodes)...)
}

// KillZooKeeper SIGKILLs the cluster's ZooKeeper and waits until it is gone;
// the test's cleanup starts it again.
func (c *Cluster) KillZooKeeper(t testing.TB) {
	t.Helper()
	c.restartAtEnd(t)
	c.script(t, "kill", "zookeeper")
}

func killArgs(nodes []int) []string {
	args := []string{"kill"}
	for _, n := range nodes {
		args = append(args, fmt.Sprint(n))
	}
	return args
}

func (c *Cluster) restartAtEnd(t testing.TB) {
	t.Cleanup(func() {
		if err := c.run("start"); err != nil {
			t.Error(err)
		}
	})
}

// KillLater returns a function that kills the nodes as Kill does, for a
// goroutine other than the test's: it reports a failure instead.
func (c *Cluster) KillLater(t testing.TB, nodes ...int) func() error {
	t.Helper()
	c.restartAtEnd(t)
	return func() error { return c.run(killArgs(nodes)...) }
}

// SyncReplica waits until node n has fetched every part its shard's other
// replicas took, for each local table; it reports a failure, for any goroutine.
func (c *Cluster) SyncReplica(ctx context.Context, n int, tables ...string) error {
	conn, err := c.dial(ctx, n)
	if err != nil {
		return err
	}
	defer conn.Close()
	for _, table := range tables {
		if err := conn.Exec(ctx, "SYSTEM SYNC REPLICA "+table); err != nil {
			return fmt.Errorf("node %d: sync %s: %w", n, table, err)
		}
	}
	return nil
}

// Start starts every node that is down and waits until the cluster answers.
func (c *Cluster) Start(t testing.TB) {
	t.Helper()
	c.script(t, "start")
}

func (c *Cluster) script(t testing.TB, args ...string) {
	t.Helper()
	if err := c.run(args...); err != nil {
		t.Fatal(err)
	}
}

func (c *Cluster) run(args ...string) error {
	out, err := exec.Command(filepath.Join(Root(), "scripts", "cluster.sh"), args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("scripts/cluster.sh %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return nil
}

// StopMerges stops background merges of the tables until the test ends, so
// row counts show every row inserted rather than what a merge folded away.
func (c *Cluster) StopMerges(t testing.TB, tables ...string) {
	t.Helper()
	ctx := context.Background()
	for _, n := range c.Nodes {
		conn := c.Conn(t, n.N)
		for _, table := range tables {
			if err := conn.Exec(ctx, "SYSTEM STOP MERGES "+table); err != nil {
				t.Fatalf("node %d: stop merges of %s: %v", n.N, table, err)
			}
		}
		t.Cleanup(func() {
			for _, table := range tables {
				_ = conn.Exec(ctx, "SYSTEM START MERGES "+table)
			}
		})
	}
}

// LocalDatabase is the database of the shard-local tables.
func (c *Cluster) LocalDatabase() string { return schema.LocalDatabase(c.env.CHOptions.Database) }

// WaitReplicasAgree fails the test when, by the deadline, a shard's replicas
// still differ in a local table's rows or one does not replicate.
func (c *Cluster) WaitReplicasAgree(t testing.TB, within time.Duration, tables ...string) {
	t.Helper()
	ctx := context.Background()
	deadline := time.Now().Add(within)
	for {
		diff := ""
		for _, table := range tables {
			seen := map[int]string{}
			for _, n := range c.Nodes {
				sum, err := c.rowsOf(ctx, n.N, table)
				if err != nil {
					diff = fmt.Sprintf("node %d: %v", n.N, err)
					break
				}
				if prev, ok := seen[n.Shard]; ok && prev != sum {
					diff = fmt.Sprintf("%s: shard %d's replicas hold %s and %s (node %d)", table, n.Shard, prev, sum, n.N)
					break
				}
				seen[n.Shard] = sum
			}
			if diff != "" {
				break
			}
		}
		if diff == "" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("replicas still differ after %s: %s", within, diff)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// rowsOf is "<count> rows, checksum <sum>" of a local table on node n: equal
// on replicas holding the same rows however they are split in parts.
func (c *Cluster) rowsOf(ctx context.Context, n int, table string) (string, error) {
	o := c.env.CHOptions
	conn, err := store.OpenClickHouse(ctx, store.ClickHouseOptions{Addr: c.Nodes[n-1].Addr, Database: "default", User: o.User, Password: o.Password})
	if err != nil {
		return "", err
	}
	defer conn.Close()
	db, name, _ := strings.Cut(table, ".")
	var stuck uint8
	if err := conn.QueryRow(ctx, `SELECT is_readonly OR is_session_expired FROM system.replicas WHERE database = ? AND table = ?`, db, name).Scan(&stuck); err != nil {
		return "", fmt.Errorf("replica of %s: %w", table, err)
	}
	if stuck != 0 {
		return "", fmt.Errorf("%s does not replicate yet (read-only)", table)
	}
	cols, err := conn.Query(ctx, `SELECT name, type FROM system.columns WHERE database = ? AND table = ?`, db, name)
	if err != nil {
		return "", err
	}
	var names []string
	for cols.Next() {
		var col, typ string
		if err := cols.Scan(&col, &typ); err != nil {
			cols.Close()
			return "", err
		}
		// aggregate states have no text form; the count covers them
		if !strings.HasPrefix(typ, "AggregateFunction") {
			names = append(names, "ifNull(toString("+col+"), 'NULL')")
		}
	}
	cols.Close()
	if len(names) == 0 {
		return "", fmt.Errorf("%s has no columns on node %d", table, n)
	}
	var count, sum uint64
	if err := conn.QueryRow(ctx, "SELECT count(), sum(cityHash64("+strings.Join(names, ", ")+")) FROM "+table).Scan(&count, &sum); err != nil {
		return "", err
	}
	return fmt.Sprintf("%d rows, checksum %d", count, sum), nil
}
