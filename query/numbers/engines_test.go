package numbers_test

import (
	"context"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query/numbers"
	"github.com/reeltrack/reeltrack/query/querytest"
	"github.com/reeltrack/reeltrack/schema"
)

// TestSQLAgreesOnCurrentClickHouse loads the same snapshots into the
// package's ClickHouse (18.16 in `make test`) and into a current engine
// (chDB 26.7 behind cmd/chdbhttp), and runs every golden statement of the
// dashboard (testdata/sql: the lists, the overview, the charts, an
// account's analytics, a video) on both with the same parameters and
// external tables: the column names, the column types and the rows must
// be the same. Each statement must answer rows, or the comparison would
// prove nothing.
func TestSQLAgreesOnCurrentClickHouse(t *testing.T) {
	t.Parallel()
	if testenv.CurrentEngine() {
		t.Skip("the package already runs on the current engine: this test compares it with the server at CLICKHOUSE_ADDR")
	}
	if env.CHOptions.Cluster != "" {
		t.Skip("compares one 18.16 server with the current engine; on the cluster the agreement tests check the same statements against the raw snapshots")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	current := openCurrentEngine(t, ctx)

	ws, ids, now := querytest.Workspace, querytest.IDs, querytest.Now
	for _, ch := range []driver.Conn{env.CH, current} {
		querytest.SeedGolden(t, ctx, ch, ws, ids, now)
		// Both engines' projections merged: until a merge, an hour's
		// earlier snapshot is a point of its own in the spike scan, and
		// current releases already merge the rows of one insert
		// (optimize_on_insert), 18.16 only in the background.
		for _, table := range []string{"metric_snapshots", "entity_latest", "entity_hourly", "entity_daily", "video_age_hourly", "entity_daily_by_entity"} {
			if err := ch.Exec(ctx, "OPTIMIZE TABLE "+table+" FINAL"); err != nil {
				t.Fatal(err)
			}
		}
	}
	statements, err := numbers.GoldenStatements()
	if err != nil {
		t.Fatal(err)
	}
	if len(statements) < 24 {
		t.Fatalf("%d golden statements, want every case of testdata/sql", len(statements))
	}
	querytest.Agree(t, ctx, env.CH, current, statements, mayBeEmpty)
}

// mayBeEmpty are the statements whose answer is empty by definition: the
// all-time window starts before the first snapshot, so nothing comes
// before its cutoff.
var mayBeEmpty = map[string]bool{"overview_totals_all/starts": true}

// openCurrentEngine starts a current engine of the test's own and
// migrates a database of the package's name on it.
func openCurrentEngine(t *testing.T, ctx context.Context) driver.Conn {
	t.Helper()
	addr, stop, err := testenv.StartCurrentEngine(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	admin, err := store.OpenClickHouse(ctx, store.ClickHouseOptions{Addr: addr, Database: "default", User: "default"})
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	db := env.CHOptions.Database
	if err := admin.Exec(ctx, "CREATE DATABASE IF NOT EXISTS "+db); err != nil {
		t.Fatal(err)
	}
	ch, err := store.OpenClickHouse(ctx, store.ClickHouseOptions{Addr: addr, Database: db, User: "default"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ch.Close() })
	if _, err := schema.MigrateClickHouse(ctx, env.PG, ch, schema.ClickHouseLayout{}, db); err != nil {
		t.Fatal(err)
	}
	return ch
}
