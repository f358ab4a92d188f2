package query_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/ext"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/schema"
)

// TestSQLAgreesOnCurrentClickHouse loads the same snapshots into the
// package's ClickHouse (18.16 in `make test`) and into a current engine
// (chDB 26.7 behind cmd/chdbhttp), and runs every golden statement of the
// dashboard (testdata/sql: the lists, the overview, the charts, an
// account's analytics, a video, the spike scan) on both with the same
// parameters and external tables: the column names, the column types and
// the rows must be the same. Each statement must answer rows, or the
// comparison would prove nothing.
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

	ws, ids, now := query.GoldenInputs()
	for _, ch := range []driver.Conn{env.CH, current} {
		seedGolden(t, ctx, ch, ws, ids, now)
		// Both engines' projections merged: until a merge, an hour's
		// earlier snapshot is a point of its own in the spike scan, and
		// current releases already merge the rows of one insert
		// (optimize_on_insert), 18.16 only in the background.
		for _, table := range []string{"metric_snapshots", "entity_latest", "entity_hourly", "entity_daily", "video_age_hourly"} {
			if err := ch.Exec(ctx, "OPTIMIZE TABLE "+table+" FINAL"); err != nil {
				t.Fatal(err)
			}
		}
	}
	rules := func() *ext.Table { return goldenRules(t, ws) }
	statements, err := query.GoldenStatements(rules)
	if err != nil {
		t.Fatal(err)
	}
	if len(statements) < 27 {
		t.Fatalf("%d golden statements, want every case of testdata/sql", len(statements))
	}
	for _, st := range statements {
		t.Run(st.Name, func(t *testing.T) {
			old := answerOf(t, ctx, env.CH, st)
			cur := answerOf(t, ctx, current, st)
			if old.columns != cur.columns {
				t.Fatalf("columns differ:\n18.16:   %s\ncurrent: %s", old.columns, cur.columns)
			}
			if len(old.rows) == 0 && !mayBeEmpty[st.Name] {
				t.Fatalf("no rows on either engine: the seed must give %s an answer", st.Name)
			}
			if strings.Join(old.rows, "\n") != strings.Join(cur.rows, "\n") {
				t.Fatalf("answers differ (%d rows on 18.16, %d on the current engine), sorted, first:\n%s",
					len(old.rows), len(cur.rows), query.FirstDiff(strings.Join(old.rows, "\n"), strings.Join(cur.rows, "\n")))
			}
			if len(old.rows) > 0 {
				t.Logf("%d rows agree, e.g. %s", len(old.rows), old.rows[0])
			}
		})
	}
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

// seedGolden writes the snapshots of the golden cases' workspace: two
// accounts (the first with the id the account cases read) and their
// videos, the two golden ids among them, and videos tracked on their own,
// scraped at uneven intervals over 100 days before now, some scrapes of
// an hour hiding likes, Instagram hiding likes throughout, YouTube
// without shares, and a few videos taking off in their last hours (spike
// and velocity matches). The same rows go to every engine.
func seedGolden(t *testing.T, ctx context.Context, ch driver.Conn, ws uuid.UUID, ids []uuid.UUID, now time.Time) {
	t.Helper()
	r := rand.New(rand.NewPCG(7, 11))
	w := ingest.NewSnapshotWriter(ch, 5000, now)
	accounts := []uuid.UUID{ids[0], uuid.MustParse("0b9c2f3e-4444-4a2b-8c3d-000000000004")}
	plats := []platform.Platform{platform.TikTok, platform.Instagram, platform.YouTube, platform.X}
	u64 := func(v uint64) *uint64 { return &v }
	start := now.Add(-100 * 24 * time.Hour).Truncate(time.Hour)
	for i, acc := range accounts {
		followers := uint64(1000 + 500*i)
		for at := start; at.Before(now); at = at.Add(time.Duration(3+r.IntN(20)) * time.Hour) {
			followers += uint64(r.IntN(40))
			views := followers * 30
			add(t, ctx, w, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Account, EntityID: acc, AccountID: acc,
				ScrapedAt: at.Add(time.Duration(r.IntN(3600)) * time.Second), Followers: u64(followers), Metrics: ingest.Metrics{Views: u64(views)}})
		}
	}
	for i := range 40 {
		id := uuid.NewSHA1(ws, []byte(strconv.Itoa(i)))
		if i < len(ids) {
			id = ids[i]
		}
		acc := uuid.Nil
		if i%5 != 4 {
			acc = accounts[i%2]
		}
		plat := plats[i%len(plats)]
		// most videos published in the last nine days (the velocity
		// scan's range), the rest long before
		published := now.Add(-time.Duration(6+r.IntN(200)) * time.Hour)
		if i%7 == 6 {
			published = start.Add(-time.Duration(r.IntN(1000)) * time.Hour)
		}
		first := published.Add(time.Duration(r.IntN(3)) * time.Hour)
		if first.Before(start) {
			first = start
		}
		views, likes, comments, shares := uint64(r.IntN(50)), uint64(0), uint64(0), uint64(0)
		jump := i%6 == 1
		for at := first; at.Before(now); at = at.Add(time.Duration(1+r.IntN(7)) * time.Hour) {
			views += uint64(r.IntN(400))
			if jump && now.Sub(at) < 5*time.Hour {
				views += uint64(20000 + r.IntN(5000))
			}
			likes += uint64(r.IntN(40))
			comments += uint64(r.IntN(9))
			shares += uint64(r.IntN(5))
			m := ingest.Metrics{Views: u64(views), Likes: u64(likes), Comments: u64(comments), Shares: u64(shares), Saves: u64(likes / 3)}
			switch {
			case plat == platform.Instagram:
				m.Likes = nil
			case plat == platform.YouTube:
				m.Shares = nil
			}
			scraped := at.Add(time.Duration(r.IntN(3000)) * time.Second)
			add(t, ctx, w, ingest.Snapshot{WorkspaceID: ws, Platform: plat, Kind: platform.Video, EntityID: id, AccountID: acc,
				ScrapedAt: scraped, Metrics: m, PublishedAt: published})
			if r.IntN(5) == 0 {
				// a second scrape in the hour that hides likes
				m.Likes = nil
				add(t, ctx, w, ingest.Snapshot{WorkspaceID: ws, Platform: plat, Kind: platform.Video, EntityID: id, AccountID: acc,
					ScrapedAt: scraped.Add(5 * time.Minute), Metrics: m, PublishedAt: published})
			}
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
}

func add(t *testing.T, ctx context.Context, w *ingest.SnapshotWriter, s ingest.Snapshot) {
	t.Helper()
	if s.JobID == uuid.Nil {
		s.JobID = uuid.NewSHA1(s.EntityID, []byte(s.ScrapedAt.String()))
	}
	if err := w.Add(ctx, s); err != nil {
		t.Fatal(err)
	}
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

// answer is a statement's answer as text: its columns (names and types)
// and its rows, sorted (a statement without ORDER BY has no order).
type answer struct {
	columns string
	rows    []string
}

func answerOf(t *testing.T, ctx context.Context, ch driver.Conn, st query.GoldenStatement) answer {
	t.Helper()
	if len(st.Tables) > 0 {
		ctx = clickhouse.Context(ctx, clickhouse.WithExternalTable(st.Tables...))
	}
	var a answer
	// The column types as the engine names them, from DESCRIBE: the Native
	// answers of cmd/chdbhttp name a DateTime without its time zone (as a
	// server does for a client of protocol revision 0).
	desc, err := ch.Query(ctx, "DESCRIBE TABLE ("+st.SQL+")", st.Args...)
	if err != nil {
		t.Fatalf("describe: %v\n%s", err, st.SQL)
	}
	var cols []string
	for desc.Next() {
		var name, typ string
		if err := desc.Scan(append([]any{&name, &typ}, describeRest(desc)...)...); err != nil {
			t.Fatal(err)
		}
		cols = append(cols, name+" "+typ)
	}
	desc.Close()
	if err := desc.Err(); err != nil {
		t.Fatal(err)
	}
	a.columns = strings.Join(cols, ", ")
	rows, err := ch.Query(ctx, st.SQL, st.Args...)
	if err != nil {
		t.Fatalf("%v\n%s", err, st.SQL)
	}
	defer rows.Close()
	types := rows.ColumnTypes()
	for rows.Next() {
		vals := make([]any, len(types))
		for i, c := range types {
			vals[i] = reflect.New(c.ScanType()).Interface()
		}
		if err := rows.Scan(vals...); err != nil {
			t.Fatal(err)
		}
		cells := make([]string, len(vals))
		for i, v := range vals {
			cells[i] = cell(reflect.ValueOf(v).Elem().Interface())
		}
		a.rows = append(a.rows, strings.Join(cells, " | "))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	sort.Strings(a.rows)
	return a
}

// cell prints a value; floats to 12 significant digits, so that sums
// taken in another order by another engine still compare equal.
func cell(v any) string {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer:
		if rv.IsNil() {
			return "NULL"
		}
		return cell(rv.Elem().Interface())
	case reflect.Float32, reflect.Float64:
		return strconv.FormatFloat(rv.Float(), 'g', 12, 64)
	case reflect.Slice, reflect.Array:
		if rv.Kind() == reflect.Slice && rv.IsNil() {
			return "[]"
		}
		parts := make([]string, rv.Len())
		for i := range parts {
			parts[i] = cell(rv.Index(i).Interface())
		}
		return "[" + strings.Join(parts, ",") + "]"
	case reflect.Map:
		keys := rv.MapKeys()
		parts := make([]string, 0, len(keys))
		for _, k := range keys {
			parts = append(parts, cell(k.Interface())+":"+cell(rv.MapIndex(k).Interface()))
		}
		sort.Strings(parts)
		return "{" + strings.Join(parts, ",") + "}"
	}
	if tm, ok := v.(time.Time); ok {
		return tm.UTC().Format(time.RFC3339)
	}
	return fmt.Sprint(v)
}

// describeRest are places for the columns DESCRIBE answers after name and
// type (their number differs between releases).
func describeRest(rows driver.Rows) []any {
	var out []any
	for range rows.ColumnTypes()[2:] {
		var s string
		out = append(out, &s)
	}
	return out
}
