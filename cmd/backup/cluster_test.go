package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/schema"
)

// nodesHTTP are the HTTP interfaces of the local cluster's nodes: node N
// serves http on 18120+N (scripts/cluster.sh).
func nodesHTTP(t *testing.T, c *testenv.Cluster) []chHTTP {
	t.Helper()
	var out []chHTTP
	for _, n := range c.Nodes {
		host, _, err := net.SplitHostPort(n.Addr)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, chHTTP{base: fmt.Sprintf("http://%s:%d", host, 18120+n.N), user: env.CHOptions.User,
			password: env.CHOptions.Password, client: &http.Client{}})
	}
	return out
}

// clusterSource is the package's databases on the cluster as a backup's
// source.
func clusterSource(t *testing.T, c *testenv.Cluster) target {
	t.Helper()
	s := source()
	s.Layout = schema.ClickHouseLayout{Cluster: c.Name, Node: store.NodeDialer(env.CHOptions)}
	s.Nodes = nodesHTTP(t, c)
	return s
}

// newFreshCluster is a new, empty PostgreSQL database and the name of
// ClickHouse databases that do not exist yet on the cluster, all dropped
// when the test ends.
func newFreshCluster(t *testing.T, ctx context.Context, c *testenv.Cluster) fresh {
	t.Helper()
	name, pgURL, pg := env.FreshPostgres(t, ctx, "restore_")
	o := env.CHOptions
	o.Database = name
	layout := schema.ClickHouseLayout{Cluster: c.Name, Node: store.NodeDialer(o)}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		for _, db := range layout.Databases(name) {
			_ = env.CH.Exec(ctx, "DROP DATABASE IF EXISTS "+db+layout.OnCluster())
		}
	})
	return fresh{target: target{PG: pg, PGURL: pgURL, CHDB: name, Log: io.Discard, Layout: layout, Nodes: nodesHTTP(t, c)},
		admin: env.CH, chOptions: o}
}

// oneServer is the single ClickHouse server of `make services`, as its
// administrator, beside the cluster the package runs on.
func oneServer(t *testing.T, ctx context.Context) (store.ClickHouseOptions, driver.Conn) {
	t.Helper()
	o := store.ClickHouseOptions{Addr: "127.0.0.1:9000", Database: "default", User: store.AdminUser, Password: store.LocalAdminPassword}
	admin, err := store.OpenClickHouse(ctx, o)
	if err != nil {
		t.Fatalf("the single ClickHouse server of make services: %v", err)
	}
	t.Cleanup(func() { admin.Close() })
	return o, admin
}

// otherShardWorkspace makes a workspace on a shard other than shard, with a
// video's snapshots over three days.
func otherShardWorkspace(t *testing.T, ctx context.Context, c *testenv.Cluster, shard int) uuid.UUID {
	t.Helper()
	for range 64 {
		ws := env.Workspace(t, testenv.WorkspaceOptions{Name: "elsewhere"})
		if c.ShardOf(t, ws) == shard {
			continue
		}
		video := env.Video(t, ws, testenv.VideoOptions{})
		w := ingest.NewSnapshotWriter(env.CH, 0, now)
		for at, i := now.Add(-72*time.Hour), uint64(1); at.Before(now); at, i = at.Add(6*time.Hour), i+1 {
			if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: video,
				ScrapedAt: at, Metrics: ingest.Metrics{Views: ptr(i * 50)}, JobID: uuid.New()}); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		return ws
	}
	t.Fatalf("64 workspaces, none on a shard other than %d", shard)
	return uuid.Nil
}

// localRows counts, on every node, the rows of the local metric_snapshots
// of database db (of workspace ws, unless uuid.Nil), once each shard's
// replicas agree.
func localRows(t *testing.T, c *testenv.Cluster, db string, ws uuid.UUID) map[int]uint64 {
	t.Helper()
	ctx := context.Background()
	table := schema.LocalDatabase(db) + ".metric_snapshots"
	out := map[int]uint64{}
	conns := map[int]driver.Conn{}
	for _, n := range c.Nodes {
		conns[n.N] = c.Conn(t, n.N)
	}
	deadline := time.Now().Add(90 * time.Second)
	for {
		agree := true
		for _, n := range c.Nodes {
			conn := conns[n.N]
			var cnt uint64
			sql, args := "SELECT count() FROM "+table, []any{}
			if ws != uuid.Nil {
				sql, args = sql+" WHERE workspace_id = ?", append(args, ws)
			}
			if err := conn.QueryRow(ctx, sql, args...).Scan(&cnt); err != nil {
				t.Fatalf("node %d: %v", n.N, err)
			}
			out[n.N] = cnt
			if first := c.Shard(n.Shard)[0]; first.N != n.N && out[first.N] != cnt {
				agree = false
			}
		}
		if agree {
			return out
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: the replicas of a shard still hold different rows after 90 s: %v", table, out)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestClusterBackupRestoresEachShard backs up the package's databases on
// the cluster, with a workspace on each shard and another's scrapes written
// during the backup; the backup holds each shard's local table, read on one
// replica. Restored into new databases on the cluster, each shard holds
// again the rows the backup read from it (each replica), the dashboard
// answers about the seeded workspace as the source byte for byte, every
// scrape the restored PostgreSQL holds as processed has its snapshots, and
// a second restore over it is refused.
func TestClusterBackupRestoresEachShard(t *testing.T) {
	c := env.Cluster(t)
	t.Parallel()
	ctx := context.Background()
	s := seed(t, ctx)
	shard := c.ShardOf(t, s.ws)
	elsewhere := otherShardWorkspace(t, ctx, c, shard)
	want := answers(t, newDashboard(t, env.PG, env.CH, s.owner), s)
	wantRows := chCount(t, env.CH, `SELECT count() FROM metric_snapshots WHERE workspace_id = ?`, s.ws)

	in := startIngestion(t, ctx)
	for chCount(t, env.CH, `SELECT count() FROM metric_snapshots WHERE workspace_id = ?`, in.ws) < 30 {
		time.Sleep(20 * time.Millisecond)
	}
	dir := filepath.Join(t.TempDir(), "backup")
	m, err := backup(ctx, clusterSource(t, c), dir)
	in.end(t)
	if err != nil {
		t.Fatal(err)
	}
	if m.ClickHouse.Cluster == nil || len(m.ClickHouse.Cluster.Shards) != 2 {
		t.Fatalf("the manifest's cluster: %+v, want the 2 shards of %s", m.ClickHouse.Cluster, c.Name)
	}
	inShard := map[int]uint64{}
	for _, tb := range m.ClickHouse.Tables {
		if tb.Name != "metric_snapshots" || tb.Workspaces == nil {
			t.Fatalf("the backup of a cluster holds %s of shard %d, workspaces %v", tb.Name, tb.Shard, tb.Workspaces)
		}
		if tb.Workspaces.OffShard != 0 {
			t.Errorf("shard %d: %d workspaces off their key's shard", tb.Shard, tb.Workspaces.OffShard)
		}
		for _, p := range tb.Partitions {
			if !strings.HasPrefix(p.File.Name, fmt.Sprintf("clickhouse/shard%d/metric_snapshots/", tb.Shard)) {
				t.Errorf("shard %d's partition %s is in %s", tb.Shard, p.ID, p.File.Name)
			}
		}
		inShard[tb.Shard] += tb.rows()
	}
	if inShard[1] == 0 || inShard[2] == 0 {
		t.Fatalf("the backup's rows by shard: %v, want rows of both", inShard)
	}

	f := newFreshCluster(t, ctx, c)
	if _, err := f.restore(ctx, dir, false); err != nil {
		t.Fatal(err)
	}
	ch := f.openClickHouse(t, ctx)

	// every replica of each shard holds that shard's rows of the backup;
	// the seeded workspace's only on its shard, as on the source
	all := localRows(t, c, f.CHDB, uuid.Nil)
	seeded := localRows(t, c, f.CHDB, s.ws)
	other := localRows(t, c, f.CHDB, elsewhere)
	for _, n := range c.Nodes {
		if all[n.N] != inShard[n.Shard] {
			t.Errorf("node %d (shard %d) holds %d snapshots after the restore, the backup read %d from its shard", n.N, n.Shard, all[n.N], inShard[n.Shard])
		}
		wantSeeded := uint64(0)
		if n.Shard == shard {
			wantSeeded = wantRows
		}
		if seeded[n.N] != wantSeeded {
			t.Errorf("node %d (shard %d) holds %d snapshots of the seeded workspace of shard %d, want %d", n.N, n.Shard, seeded[n.N], shard, wantSeeded)
		}
		if (n.Shard == shard) != (other[n.N] == 0) {
			t.Errorf("node %d (shard %d) holds %d snapshots of the workspace on the other shard than %d", n.N, n.Shard, other[n.N], shard)
		}
	}
	everyProcessedScrapeRestored(t, ctx, f.PG, ch, in)
	sameAnswers(t, newDashboard(t, f.PG, ch, s.owner), s, want)

	if _, err := f.restore(ctx, dir, false); !errors.Is(err, ErrNotEmpty) {
		t.Fatalf("a restore over the restored cluster databases: %v, want a refusal", err)
	}
}

// TestClusterBackupMovesToAndFromOneServer restores a backup of the
// cluster into one server, then that server's backup into the cluster, as
// a user moving between the two does: each answers as the source byte for
// byte, and on the cluster the seeded workspace's rows are on its shard's
// replicas only.
func TestClusterBackupMovesToAndFromOneServer(t *testing.T) {
	c := env.Cluster(t)
	t.Parallel()
	ctx := context.Background()
	s := seed(t, ctx)
	shard := c.ShardOf(t, s.ws)
	want := answers(t, newDashboard(t, env.PG, env.CH, s.owner), s)
	wantRows := chCount(t, env.CH, `SELECT count() FROM metric_snapshots WHERE workspace_id = ?`, s.ws)
	fromCluster := filepath.Join(t.TempDir(), "cluster")
	mc, err := backup(ctx, clusterSource(t, c), fromCluster)
	if err != nil {
		t.Fatal(err)
	}

	o, admin := oneServer(t, ctx)
	one := newFreshOn(t, ctx, o, admin)
	if _, err := one.restore(ctx, fromCluster, false); err != nil {
		t.Fatalf("the cluster's backup restored into one server: %v", err)
	}
	oneCH := one.openClickHouse(t, ctx)
	if got := chCount(t, oneCH, `SELECT count() FROM metric_snapshots`); got != snapshotRows(mc) {
		t.Errorf("one server holds %d snapshots after the restore of the cluster's backup, its shards %d", got, snapshotRows(mc))
	}
	sameAnswers(t, newDashboard(t, one.PG, oneCH, s.owner), s, want)

	fromOne := filepath.Join(t.TempDir(), "one")
	one.CH = oneCH
	mo, err := backup(ctx, one.target, fromOne)
	if err != nil {
		t.Fatal(err)
	}
	if mo.ClickHouse.Cluster != nil || len(mo.ClickHouse.Tables) != 1 {
		t.Fatalf("the backup of one server: cluster %+v, %d tables", mo.ClickHouse.Cluster, len(mo.ClickHouse.Tables))
	}
	f := newFreshCluster(t, ctx, c)
	if _, err := f.restore(ctx, fromOne, false); err != nil {
		t.Fatalf("one server's backup restored into the cluster: %v", err)
	}
	ch := f.openClickHouse(t, ctx)
	seeded := localRows(t, c, f.CHDB, s.ws)
	for _, n := range c.Nodes {
		wantSeeded := uint64(0)
		if n.Shard == shard {
			wantSeeded = wantRows
		}
		if seeded[n.N] != wantSeeded {
			t.Errorf("node %d (shard %d) holds %d snapshots of the seeded workspace of shard %d, want %d", n.N, n.Shard, seeded[n.N], shard, wantSeeded)
		}
	}
	sameAnswers(t, newDashboard(t, f.PG, ch, s.owner), s, want)
}

// TestClusterBackupNeedsTheNodes: on the local cluster, whose nodes serve
// HTTP on ports of their own, a backup without CLICKHOUSE_HTTP_ADDR finds
// port 8123 of their host to be no node of the cluster (the single server
// of make services) and refuses before writing anything, naming the
// setting; so does a list with an address that is no node.
func TestClusterBackupNeedsTheNodes(t *testing.T) {
	c := env.Cluster(t)
	t.Parallel()
	ctx := context.Background()
	src := clusterSource(t, c)
	single := chHTTP{base: "http://127.0.0.1:8123", user: store.AdminUser, password: store.LocalAdminPassword, client: &http.Client{}}
	for name, nodes := range map[string][]chHTTP{"none given": nil, "one no node": append(nodesHTTP(t, c), single)} {
		t.Run(name, func(t *testing.T) {
			tg := src
			tg.Nodes = nodes
			if nodes == nil {
				// port 8123 of the nodes' host, as the single server's administrator
				tg.HTTP = single
			}
			dir := filepath.Join(t.TempDir(), "backup")
			_, err := backup(ctx, tg, dir)
			if err == nil || !strings.Contains(err.Error(), "http://127.0.0.1:8123 is not a node of cluster "+c.Name) || !strings.Contains(err.Error(), "CLICKHOUSE_HTTP_ADDR") {
				t.Fatalf("backup: %v, want a refusal naming the address and CLICKHOUSE_HTTP_ADDR", err)
			}
			if _, err := verify(dir); err == nil {
				t.Error("a refused backup left a backup behind")
			}
		})
	}
}
