package main_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/projections"
	"github.com/reeltrack/reeltrack/projections/analytics"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/numbers"
	"github.com/reeltrack/reeltrack/schema"
)

// The service's own ClickHouse user (docs/clickhouse.md, "Users"): the
// users config `make services` installs (deploy/clickhouse/
// render-service-users.sh), rendered for databases of the test's own, has
// the rights the service needs, from its first CREATE DATABASE to the
// migrations, writes, reads, analytics sync, retention and a rebuild
// through cmd/migrate, and not more: no other database, and no way to the
// administrator. On ClickHouse 18.16 the user's rights are its allowed
// databases; on current releases its SQL grants, which also refuse the
// table functions that reach other servers and files (url(), file(),
// remote()), which 18.16 cannot take from a user that writes.

// TestServiceUser runs the service as its own user on the local ClickHouse
// 18.16 of `make services`.
func TestServiceUser(t *testing.T) {
	t.Parallel()
	testenv.SkipOnCurrentEngine(t, "the server's users: TestServiceUserGrantsOnCurrentClickHouse checks the grants on the current engine")
	if env.CHOptions.Cluster != "" {
		t.Skip("one server: TestClusterServiceUser runs on the cluster")
	}
	ctx := context.Background()
	svc := installServiceUser(t, ctx, testenv.UsersDir, []string{env.CHOptions.Addr}, "")
	conn := runAsService(t, ctx, svc)
	refusedToService(t, ctx, conn, env.CHOptions.Database, true)

	// url() is there for a user that writes on 18.16 (only readonly 1
	// takes table functions away), but it finds no way in as `default`:
	// its HTTP interface wants default's password too.
	host, _, _ := net.SplitHostPort(env.CHOptions.Addr)
	httpPort := os.Getenv("CLICKHOUSE_HTTP_PORT")
	if httpPort == "" {
		httpPort = "8123"
	}
	admin := "http://" + net.JoinHostPort(host, httpPort) + "/?user=default&query=SELECT%201"
	var got string
	err := conn.QueryRow(ctx, "SELECT * FROM url(?, TSV, 'x String')", admin).Scan(&got)
	if err == nil {
		t.Errorf("url(%s) as the service logged in as default without a password: %q", admin, got)
	} else {
		t.Logf("url() to default's HTTP interface without its password: %s", short(err))
	}
	if answered, err := callURL(ctx, conn); err == nil && answered {
		t.Logf("ClickHouse 18.16 lets the service's user call url() (docs/clickhouse.md, Users: what 18.16 cannot refuse)")
	}

	// default itself: a password, from this machine only.
	if c, err := store.OpenClickHouse(ctx, store.ClickHouseOptions{Addr: env.CHOptions.Addr, Database: "system", User: "default"}); err == nil {
		c.Close()
		t.Errorf("default logs in without a password at %s", env.CHOptions.Addr)
	}
}

// TestClusterServiceUser runs the service as its own user on the local
// cluster of `make cluster`: ON CLUSTER DDL, Distributed tables, the
// shard-local databases, ALTERs on one replica of each shard, and the
// retention's cluster() over system.parts. (The cluster's `default` has no
// password on 18.16: deploy/cluster/users.xml says why.)
func TestClusterServiceUser(t *testing.T) {
	cl := env.Cluster(t)
	ctx := context.Background()
	svc := installServiceUser(t, ctx, cl.UsersDir(), cl.Addrs(), cl.Name)
	conn := runAsService(t, ctx, svc)
	refusedToService(t, ctx, conn, env.CHOptions.Database, true)
}

// TestServiceUserGrantsOnCurrentClickHouse runs the service as its own user
// on a current engine (ClickHouse 26.7 as chDB, behind cmd/chdbhttp) whose
// one user is the service's as docker-compose.yml makes it: the official
// image's user, narrowed by the SQL grants of render-service-users.sh.
func TestServiceUserGrantsOnCurrentClickHouse(t *testing.T) {
	t.Parallel()
	if env.CHOptions.Cluster != "" {
		t.Skip("one engine: the grants are the same on a cluster, plus ON CLUSTER and cluster()")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	db := env.CHOptions.Database + "_svc"
	users, err := testenv.CurrentEngineUsers(ctx, t.TempDir(), db)
	if err != nil {
		t.Fatal(err)
	}
	addr, stop, err := testenv.StartCurrentEngineAs(ctx, users)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	svc := store.ClickHouseOptions{Addr: addr, Database: db, User: "default"}
	conn := runAsService(t, ctx, svc)
	// The engine's other database is its own `default`, empty.
	refusedToService(t, ctx, conn, "default", false)
	// file() too, on a server; cmd/chdbhttp needs it for itself.
	for _, q := range []string{
		"SELECT count() FROM remote('127.0.0.1', system.one)",
		"SELECT count() FROM system.users",
		"SYSTEM DROP DNS CACHE",
	} {
		if err := conn.Exec(ctx, q); !refused(err) {
			t.Errorf("%s as the service: %v, want it refused", q, err)
		}
	}
	answered, err := callURL(ctx, conn)
	if answered || !refused(err) {
		t.Errorf("url() of a loopback listener as the service: called it %v, %v; want it refused, without a request", answered, err)
	} else {
		t.Logf("url() refused: %v", err)
	}
}

// installServiceUser makes a user of the service's kind for the database
// <package database>_svc, removed at the end with the databases it made.
func installServiceUser(t *testing.T, ctx context.Context, dir string, addrs []string, cluster string) store.ClickHouseOptions {
	t.Helper()
	db := env.CHOptions.Database + "_svc"
	layout := schema.ClickHouseLayout{Cluster: cluster}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		for _, d := range layout.Databases(db) {
			if err := env.CH.Exec(ctx, "DROP DATABASE IF EXISTS "+d+layout.OnCluster()); err != nil {
				t.Errorf("drop %s: %v", d, err)
			}
		}
	})
	u, err := testenv.InstallServiceUser(ctx, dir, addrs, db, cluster)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := u.Remove(); err != nil {
			t.Error(err)
		}
	})
	return u.Options
}

// runAsService does what the service does, as the user of o, on o's
// database, which it creates: cmd/migrate, snapshots written, the
// dashboard's reads, the analytics sync, the retention's drop of an
// expired partition, and cmd/migrate -rebuild-projections. It returns a
// connection of the user.
func runAsService(t *testing.T, ctx context.Context, o store.ClickHouseOptions) driver.Conn {
	t.Helper()
	layout := schema.ClickHouseLayout{Cluster: o.Cluster, Node: store.NodeDialer(o)}
	first := o
	first.Database = "system"
	boot, err := store.OpenClickHouse(ctx, first)
	if err != nil {
		t.Fatalf("log in as %s: %v", o.User, err)
	}
	// as scripts/services.sh and the image's entrypoint do, as this user
	err = boot.Exec(ctx, "CREATE DATABASE IF NOT EXISTS "+o.Database+layout.OnCluster())
	boot.Close()
	if err != nil {
		t.Fatalf("CREATE DATABASE %s as %s: %v", o.Database, o.User, err)
	}

	migrate := func(args ...string) string {
		t.Helper()
		cmd := exec.CommandContext(ctx, testenv.Build(t, "./cmd/migrate"), args...)
		cmd.Env = append(os.Environ(), "DATABASE_URL="+env.PGURL, "CLICKHOUSE_ADDR="+o.Addr, "CLICKHOUSE_DATABASE="+o.Database,
			"CLICKHOUSE_USER="+o.User, "CLICKHOUSE_PASSWORD="+o.Password, "CLICKHOUSE_CLUSTER="+o.Cluster)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("migrate %s as %s: %v\n%s", strings.Join(args, " "), o.User, err, out)
		}
		return string(out)
	}
	if out := migrate(); !strings.Contains(out, "clickhouse: 0009") {
		t.Fatalf("migrate as %s applied no ClickHouse migration:\n%s", o.User, out)
	}

	conn, err := store.OpenClickHouse(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })

	now := time.Now().UTC().Truncate(time.Hour)
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	account := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive})
	video := env.Video(t, ws, testenv.VideoOptions{AccountID: account, Status: domain.ItemActive, PublishedAt: now.Add(-400 * 24 * time.Hour)})
	w := ingest.NewSnapshotWriter(conn, 100, now)
	// one snapshot of a year ago, in a partition the retention drops
	for _, at := range []time.Time{now.Add(-365 * 24 * time.Hour), now.Add(-2 * time.Hour), now.Add(-time.Hour)} {
		views := uint64(now.Sub(at) / time.Minute)
		views = 1_000_000 - views
		if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: video,
			AccountID: account, ScrapedAt: at, Metrics: ingest.Metrics{Views: &views}}); err != nil {
			t.Fatalf("write snapshots as %s: %v", o.User, err)
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatalf("write snapshots as %s: %v", o.User, err)
	}

	clock := func() time.Time { return now }
	page, err := numbers.VideosHandler{DB: env.PG, CH: conn, Now: clock}.Handle(ctx, ws, numbers.VideoQuery{Sort: numbers.SortViews, Limit: 10})
	if err != nil || len(page.Videos) != 1 {
		t.Fatalf("the videos as %s: %+v, %v", o.User, page, err)
	}
	if _, err := (numbers.OverviewHandler{DB: env.PG, CH: conn, Now: clock}).Handle(ctx, ws, numbers.OverviewQuery{Window: query.Preset7d}); err != nil {
		t.Fatalf("the overview as %s: %v", o.User, err)
	}
	if _, err := analytics.Sync(ctx, env.PG, conn, schema.AnalyticsDatabase(o.Database)); err != nil {
		t.Fatalf("analytics sync as %s: %v", o.User, err)
	}
	// the rebuild first: it refuses once the retention has dropped raw
	// snapshots the projections still hold
	if out := migrate("-rebuild-projections"); !strings.Contains(out, "rebuilt:") {
		t.Fatalf("migrate -rebuild-projections as %s rebuilt nothing:\n%s", o.User, out)
	}
	p := schema.Placement{DB: o.Database, Cluster: o.Cluster, Node: layout.Node}
	dropped, err := projections.DropExpiredSnapshots(ctx, conn, p, now, 90*24*time.Hour)
	if err != nil || len(dropped) != 1 {
		t.Fatalf("retention as %s: dropped %v, %v; want the partition of a year ago", o.User, dropped, err)
	}
	return conn
}

// refusedToService: the user of conn reaches no other database: it makes
// no new one, nor tables in other, and with tables (other holds
// schema_migrations) reads nothing of other, not even through a view.
func refusedToService(t *testing.T, ctx context.Context, conn driver.Conn, other string, tables bool) {
	t.Helper()
	queries := []string{
		"CREATE DATABASE IF NOT EXISTS " + env.CHOptions.Database + "_svc_other",
		"CREATE TABLE " + other + ".svc_was_here (x UInt8) ENGINE = Memory",
	}
	if tables {
		queries = append(queries, "SELECT count() FROM "+other+".schema_migrations",
			"CREATE VIEW svc_view AS SELECT * FROM "+other+".schema_migrations")
	}
	for _, q := range queries {
		if err := conn.Exec(ctx, q); !refused(err) {
			t.Errorf("%s as the service: %v, want it refused", q, err)
		}
	}
}

// refused reports whether err is ClickHouse refusing access: on 18.16 to a
// database (DATABASE_ACCESS_DENIED, 291), on current releases for want of
// a grant (ACCESS_DENIED, 497).
func refused(err error) bool {
	if err == nil {
		return false
	}
	var ex *clickhouse.Exception
	if errors.As(err, &ex) {
		return ex.Code == 291 || ex.Code == 497
	}
	// over HTTP the code comes in the message
	msg := err.Error()
	return strings.Contains(msg, "code: 291") || strings.Contains(msg, "code: 497")
}

// callURL has conn's user call url() on a loopback listener of the test,
// and reports whether the listener was called.
func callURL(ctx context.Context, conn driver.Conn) (bool, error) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		fmt.Fprintln(w, "reached")
	}))
	defer srv.Close()
	var got string
	err := conn.QueryRow(ctx, "SELECT * FROM url(?, CSV, 'a String')", srv.URL+"/").Scan(&got)
	return calls.Load() > 0, err
}

// short is err's message without the server's stack trace.
func short(err error) string {
	var ex *clickhouse.Exception
	if errors.As(err, &ex) {
		return fmt.Sprintf("code %d: %s", ex.Code, ex.Message)
	}
	return err.Error()
}
