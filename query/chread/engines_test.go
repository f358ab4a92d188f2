package chread_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/ext"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query/querytest"
	"github.com/reeltrack/reeltrack/schema"
)

// TestSQLAgreesOnCurrentClickHouse loads the same snapshots into the
// package's ClickHouse (18.16 in `make test`) and into a current engine
// (chDB 26.7 behind cmd/chdbhttp), and runs every golden statement of the
// spike scan (testdata/sql) on both with the same parameters and external
// tables: the column names, the column types and the rows must be the
// same. Each statement must answer rows, or the comparison would prove
// nothing.
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
	rules := func() *ext.Table { return goldenRules(t, ws) }
	statements := goldenStatements(rules)
	if len(statements) < 3 {
		t.Fatalf("%d golden statements, want every case of testdata/sql", len(statements))
	}
	querytest.Agree(t, ctx, env.CH, current, statements, nil)
}

// goldenStatements renders every golden case; a spike scan reads rules,
// the rules table NewSpikeScan would send.
func goldenStatements(rules func() *ext.Table) []querytest.Statement {
	var out []querytest.Statement
	for _, c := range renderedCases() {
		sql, args := c.q.SQL()
		out = append(out, querytest.Statement{Name: c.name, SQL: sql, Args: args, Tables: []*ext.Table{rules()}})
	}
	return out
}

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

// goldenRules is the spike scan's rules table for the workspace: gain and
// growth rules on the four metrics over several windows, and velocity
// rules, loose enough to match.
func goldenRules(t *testing.T, ws uuid.UUID) *ext.Table {
	t.Helper()
	tbl, err := ext.NewTable("rules",
		ext.Column("rule_id", "UUID"), ext.Column("workspace_id", "UUID"), ext.Column("r_platform", "String"),
		ext.Column("metric", "UInt8"), ext.Column("cond", "UInt8"), ext.Column("threshold", "Float64"),
		ext.Column("window", "UInt16"), ext.Column("min_start", "UInt64"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	rule := func(plat string, metric, cond uint8, threshold float64, window uint16, minStart uint64) {
		n++
		if err := tbl.Append(uuid.NewSHA1(ws, []byte(strconv.Itoa(n))), ws, plat, metric, cond, threshold, window, minStart); err != nil {
			t.Fatal(err)
		}
	}
	for metric := range uint8(4) {
		for _, window := range []uint16{2, 6, 24, 48} {
			rule("", metric, 0, 50, window, 0)
			rule("", metric, 1, 10, window, 10)
		}
		rule("tiktok", metric, 0, 100, 24, 0)
		rule("", metric, 2, 1.5, 6, 0)
		rule("", metric, 2, 2, 24, 0)
	}
	return tbl
}
