package schema_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/schema"
)

// freshDatabase makes an empty ClickHouse database of the test's own on
// the package's engine and connects to it; it and its analytics database
// are dropped when the test ends.
func freshDatabase(t *testing.T, ctx context.Context, suffix string) (driver.Conn, string) {
	t.Helper()
	db := env.CHOptions.Database + "_" + suffix
	if err := env.CH.Exec(ctx, "CREATE DATABASE IF NOT EXISTS "+db); err != nil {
		t.Fatal(err)
	}
	o := env.CHOptions
	o.Database = db
	ch, err := store.OpenClickHouse(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ch.Close()
		for _, d := range []string{schema.AnalyticsDatabase(db), db} {
			_ = env.CH.Exec(context.Background(), "DROP DATABASE IF EXISTS "+d)
		}
	})
	return ch, db
}

// writeSnapshots writes n snapshots of two videos and an account, a day
// apart back from last, some hiding likes.
func writeSnapshots(t *testing.T, ctx context.Context, ch driver.Conn, ws uuid.UUID, last time.Time, n int) {
	t.Helper()
	b, err := ch.PrepareBatch(ctx, `INSERT INTO metric_snapshots (workspace_id, platform, entity_kind, entity_id, account_id, scraped_at, views, likes, followers, job_id, version, published_at)`)
	if err != nil {
		t.Fatal(err)
	}
	account := uuid.NewSHA1(ws, []byte("account"))
	for i := range n {
		at := last.Add(-time.Duration(i) * 24 * time.Hour)
		for v := range 2 {
			video := uuid.NewSHA1(ws, []byte(fmt.Sprint("video", v)))
			views, likes := uint64(10000-97*i+v), uint64(900-7*i)
			var l *uint64
			if i%3 != 1 {
				l = &likes
			}
			if err := b.Append(ws, "tiktok", "video", video, account, at, &views, l, nil, uuid.New(), uint64(1), last.Add(-time.Duration(n+2)*24*time.Hour)); err != nil {
				t.Fatal(err)
			}
		}
		f := uint64(5000 - 11*i)
		if err := b.Append(ws, "tiktok", "account", account, account, at, nil, nil, &f, uuid.New(), uint64(1), time.Unix(0, 0)); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Send(); err != nil {
		t.Fatal(err)
	}
}

// latestAnswers reads every entity's merged states from entity_latest,
// and the analytics database's growth rows: what the dashboard and the
// analysts read of the objects 0009 remakes.
func latestAnswers(t *testing.T, ctx context.Context, ch driver.Conn, db string) []string {
	t.Helper()
	var out []string
	rows, err := ch.Query(ctx, `
		SELECT toString(entity_id), toString(minMerge(first_at)), toString(maxMerge(last_at)), toString(groupBitOrMerge(recorded)),
			toString(argMinMerge(views_first)), toString(argMaxMerge(views_last)), toString(argMinMerge(likes_first)),
			toString(argMaxMerge(likes_last)), toString(argMinMerge(followers_first)), toString(argMaxMerge(followers_last))
		FROM entity_latest GROUP BY entity_id ORDER BY entity_id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		cells := make([]string, 10)
		ptrs := make([]any, len(cells))
		for i := range cells {
			ptrs[i] = &cells[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		out = append(out, strings.Join(cells, " "))
	}
	rows.Close()
	rows, err = ch.Query(ctx, `SELECT toString(video_id), toString(day), ifNull(toString(views_gain), 'NULL'), ifNull(toString(likes_gain), 'NULL') FROM `+
		schema.AnalyticsDatabase(db)+`.video_growth_daily ORDER BY video_id, day`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var a, b, c, d string
		if err := rows.Scan(&a, &b, &c, &d); err != nil {
			t.Fatal(err)
		}
		out = append(out, "growth "+a+" "+b+" "+c+" "+d)
	}
	rows.Close()
	if len(out) < 3 {
		t.Fatalf("only %d answers: the check would prove nothing", len(out))
	}
	return out
}

// TestUpgradeFromTheReleasedSchema: an installation that applied the
// released texts of 0002, 0003 and 0007 on 18.16 (entity_latest with
// platform and account_id outside its key, growth views joining a
// subquery without an alias: what current releases refuse) and whose
// oldest raw snapshots the retention job dropped, runs today's migrations:
// 0009 applies (and the migrations after it), entity_latest has the key current releases take and
// keeps every first and last value (those of the dropped month too), the
// growth views are remade with their alias and answer as before, new
// snapshots reach entity_latest, and a second run applies nothing.
func TestUpgradeFromTheReleasedSchema(t *testing.T) {
	t.Parallel()
	testenv.SkipOnCurrentEngine(t, "the released texts are what current releases refuse; the upgrade runs on 18.16, before the server is upgraded")
	ctx := context.Background()
	ch, db := freshDatabase(t, ctx, "up")
	if _, err := schema.MigrateReleasedClickHouse(ctx, env.PG, ch, db, 8); err != nil {
		t.Fatal(err)
	}
	var key string
	if err := ch.QueryRow(ctx, `SELECT sorting_key FROM system.tables WHERE database = currentDatabase() AND name = 'entity_latest'`).Scan(&key); err != nil {
		t.Fatal(err)
	}
	if key != "workspace_id, entity_kind, entity_id" {
		t.Fatalf("the released entity_latest has key %q", key)
	}
	ws := uuid.New()
	last := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	writeSnapshots(t, ctx, ch, ws, last, 40)
	// the retention job dropped the oldest month of raw snapshots
	if err := ch.Exec(ctx, `ALTER TABLE metric_snapshots DROP PARTITION 202610`); err != nil {
		t.Fatal(err)
	}
	before := latestAnswers(t, ctx, ch, db)

	applied, err := schema.MigrateClickHouse(ctx, env.PG, ch, schema.ClickHouseLayout{}, db)
	if err != nil {
		t.Fatal(err)
	}
	// the released texts are those up to 0008: 0009 applies, and the
	// migrations that came after it
	if len(applied) == 0 || applied[0] != "0009_current_releases.sql" || slices.ContainsFunc(applied, func(f string) bool { return f < "0009" }) {
		t.Fatalf("the upgrade applied %v, want 0009 and the migrations after it", applied)
	}
	if err := ch.QueryRow(ctx, `SELECT sorting_key FROM system.tables WHERE database = currentDatabase() AND name = 'entity_latest'`).Scan(&key); err != nil {
		t.Fatal(err)
	}
	if key != "workspace_id, entity_kind, entity_id, platform, account_id" {
		t.Fatalf("entity_latest has key %q after the upgrade", key)
	}
	var left uint64
	if err := ch.QueryRow(ctx, `SELECT count() FROM system.tables WHERE database = currentDatabase() AND name = 'entity_latest_keep'`).Scan(&left); err != nil || left != 0 {
		t.Fatalf("entity_latest_keep is left behind (%d, %v)", left, err)
	}
	var view string
	if err := ch.QueryRow(ctx, `SELECT create_table_query FROM system.tables WHERE database = ? AND name = 'video_growth_daily'`, schema.AnalyticsDatabase(db)).Scan(&view); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(view, "AS prev") {
		t.Fatalf("video_growth_daily was not remade with its alias:\n%s", view)
	}
	after := latestAnswers(t, ctx, ch, db)
	if strings.Join(before, "\n") != strings.Join(after, "\n") {
		t.Fatalf("the upgrade changed what entity_latest and the growth views answer:\nbefore:\n%s\nafter:\n%s", strings.Join(before, "\n"), strings.Join(after, "\n"))
	}
	writeSnapshots(t, ctx, ch, ws, last.Add(24*time.Hour), 1)
	var lastAt time.Time
	if err := ch.QueryRow(ctx, `SELECT maxMerge(last_at) FROM entity_latest WHERE workspace_id = ?`, ws).Scan(&lastAt); err != nil {
		t.Fatal(err)
	}
	if !lastAt.Equal(last.Add(24 * time.Hour)) {
		t.Fatalf("a snapshot written after the upgrade did not reach entity_latest: last at %s", lastAt)
	}
	if applied, err := schema.MigrateClickHouse(ctx, env.PG, ch, schema.ClickHouseLayout{}, db); err != nil || len(applied) != 0 {
		t.Fatalf("a second run applied %v (%v)", applied, err)
	}
}

// TestMigrationsApplyTwice applies every ClickHouse migration to a fresh
// database, writes snapshots, and applies every migration again past the
// record's guard (which refuses a record the tables show is short), as if
// each run had stopped before recording its migration: each statement
// takes its second run, and the projections answer as before. Not
// parallel: on 18.16 a statement here read the tables of every database
// and failed on one TestUpgradeFromTheReleasedSchema was dropping
// ("Table …_up.video_age_hourly doesn't exist").
func TestMigrationsApplyTwice(t *testing.T) {
	ctx := context.Background()
	ch, db := freshDatabase(t, ctx, "twice")
	if _, err := schema.MigrateClickHouse(ctx, env.PG, ch, schema.ClickHouseLayout{}, db); err != nil {
		t.Fatal(err)
	}
	writeSnapshots(t, ctx, ch, uuid.New(), time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC), 40)
	before := latestAnswers(t, ctx, ch, db)
	if err := ch.Exec(ctx, `TRUNCATE TABLE schema_migrations`); err != nil {
		t.Fatal(err)
	}
	if _, err := schema.MigrateClickHouse(ctx, env.PG, ch, schema.ClickHouseLayout{}, db); err == nil || !strings.Contains(err.Error(), "refusing to migrate") {
		t.Fatalf("a run over the lost record: %v, want a refusal", err)
	}
	applied, err := schema.MigrateClickHouseOverRecord(ctx, env.PG, ch, db)
	if err != nil {
		t.Fatalf("the second run: %v", err)
	}
	if len(applied) < 9 {
		t.Fatalf("the second run applied %v, want every migration", applied)
	}
	if after := latestAnswers(t, ctx, ch, db); strings.Join(before, "\n") != strings.Join(after, "\n") {
		t.Fatalf("a second run changed the answers:\nbefore:\n%s\nafter:\n%s", strings.Join(before, "\n"), strings.Join(after, "\n"))
	}
}

// TestClusterDDLParsesOnCurrentClickHouse: every statement the migrations
// run on a cluster (ON CLUSTER, Replicated engines, Distributed tables) is
// valid syntax for a current ClickHouse (EXPLAIN AST on the current
// engine, which has no cluster to run them on).
func TestClusterDDLParsesOnCurrentClickHouse(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ch := env.CH
	if !testenv.CurrentEngine() {
		addr, stop, err := testenv.StartCurrentEngine(ctx)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(stop)
		if ch, err = store.OpenClickHouse(ctx, store.ClickHouseOptions{Addr: addr, Database: "default", User: "default"}); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ch.Close() })
	}
	statements, err := schema.ClusterStatements("reeltrack", "reeltrack")
	if err != nil {
		t.Fatal(err)
	}
	if len(statements) < 50 {
		t.Fatalf("only %d cluster statements", len(statements))
	}
	for _, st := range statements {
		if err := ch.Exec(ctx, "EXPLAIN AST "+st); err != nil {
			t.Errorf("%v\n%s", err, st)
		}
	}
}
