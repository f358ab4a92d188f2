package analytics_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/analyst"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/schema"
)

// TestClusterAnalystReadsEveryShard gives the package's analytics database
// an analyst of its own, installed as `make cluster` installs `analyst`
// (the real profile, in the users.d/ every node reads), and writes one
// workspace's snapshots to each shard. Logged in on any node, the analyst
// reads both workspaces' numbers through the Distributed tables, exactly
// as the service's user does; it cannot write, and cannot open the local
// tables or the service's databases behind them.
func TestClusterAnalystReadsEveryShard(t *testing.T) {
	cl := env.Cluster(t)
	ctx := context.Background()
	first := uuid.New()
	second := uuid.New()
	for cl.ShardOf(t, second) == cl.ShardOf(t, first) {
		second = uuid.New()
	}
	w := ingest.NewSnapshotWriter(env.CH, 100, time.Now())
	at := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	for i, ws := range []uuid.UUID{first, second} {
		for h := range 30 {
			views := uint64((i + 1) * 1000 * (h + 1))
			s := ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: uuid.New(),
				ScrapedAt: at.Add(time.Duration(h) * time.Hour), Metrics: ingest.Metrics{Views: &views}}
			if err := w.Add(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	const sums = `SELECT concat(toString(workspace_id), ' ', toString(count()), ' ', toString(sum(views)))
		FROM A.video_metrics_latest WHERE workspace_id IN (?, ?) GROUP BY workspace_id ORDER BY toString(workspace_id)`
	want := rows(t, sums, first, second)
	if len(want) != 2 {
		t.Fatalf("the service's user reads %q; want both workspaces", want)
	}

	in, err := analyst.InstallIn(ctx, cl.UsersDir(), cl.Addrs(), analyst.UserFor(env.CHOptions.Database), db())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := in.Remove(); err != nil {
			t.Error(err)
		}
	})
	for _, node := range cl.Nodes {
		o := in.Options
		o.Addr = node.Addr
		conn, err := store.OpenClickHouse(ctx, o)
		if err != nil {
			t.Fatalf("the analyst on node %d: %v", node.N, err)
		}
		t.Cleanup(func() { conn.Close() })
		if got := rowsOn(t, conn, sums, first, second); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("the analyst on node %d reads %q; the service's user %q", node.N, got, want)
		}

		refused := map[string]int32{
			fmt.Sprintf("INSERT INTO %s.video_metrics_latest (workspace_id) VALUES ('%s')", db(), first):         164, // READONLY
			fmt.Sprintf("SELECT count() FROM %s.video_metrics_latest", schema.LocalDatabase(db())):               291, // DATABASE_ACCESS_DENIED
			fmt.Sprintf("SELECT count() FROM %s.metric_snapshots", env.CHOptions.Database):                       291,
			fmt.Sprintf("SELECT count() FROM %s.metric_snapshots", schema.LocalDatabase(env.CHOptions.Database)): 291,
		}
		for sql, code := range refused {
			err := conn.Exec(ctx, sql)
			var ex *clickhouse.Exception
			if !errors.As(err, &ex) || ex.Code != code {
				t.Errorf("the analyst on node %d: %s: %v; want code %d", node.N, sql, err, code)
			}
		}
	}
}
