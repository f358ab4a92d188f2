package querytest

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
)

// Statement is one golden statement as the handlers send it.
type Statement struct {
	Name   string
	SQL    string
	Args   []any
	Tables []*ext.Table
}

// Agree runs every statement on ch and on current; their answers must agree.
func Agree(t *testing.T, ctx context.Context, ch, current driver.Conn, statements []Statement, mayBeEmpty map[string]bool) {
	t.Helper()
	for _, st := range statements {
		t.Run(st.Name, func(t *testing.T) {
			old := answerOf(t, ctx, ch, st)
			cur := answerOf(t, ctx, current, st)
			if old.columns != cur.columns {
				t.Fatalf("columns differ:\n18.16:   %s\ncurrent: %s", old.columns, cur.columns)
			}
			if len(old.rows) == 0 && !mayBeEmpty[st.Name] {
				t.Fatalf("no rows on either engine: the seed must give %s an answer", st.Name)
			}
			if strings.Join(old.rows, "\n") != strings.Join(cur.rows, "\n") {
				t.Fatalf("answers differ (%d rows on 18.16, %d on the current engine), sorted, first:\n%s",
					len(old.rows), len(cur.rows), FirstDiff(strings.Join(old.rows, "\n"), strings.Join(cur.rows, "\n")))
			}
			if len(old.rows) > 0 {
				t.Logf("%d rows agree, e.g. %s", len(old.rows), old.rows[0])
			}
		})
	}
}

// SeedGolden writes the golden cases' snapshots, scraped unevenly over 100 days.
func SeedGolden(t *testing.T, ctx context.Context, ch driver.Conn, ws uuid.UUID, ids []uuid.UUID, now time.Time) {
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
		// most published in the velocity scan's last nine days
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

// answer is a statement's columns and its rows, sorted (no ORDER BY, no order).
type answer struct {
	columns string
	rows    []string
}

func answerOf(t *testing.T, ctx context.Context, ch driver.Conn, st Statement) answer {
	t.Helper()
	if len(st.Tables) > 0 {
		ctx = clickhouse.Context(ctx, clickhouse.WithExternalTable(st.Tables...))
	}
	var a answer
	// cmd/chdbhttp names a DateTime without its time zone: DESCRIBE's types
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

// cell prints a value, floats to 12 digits: sums in another order still agree.
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

// describeRest are places for DESCRIBE's columns after name and type.
func describeRest(rows driver.Rows) []any {
	var out []any
	for range rows.ColumnTypes()[2:] {
		var s string
		out = append(out, &s)
	}
	return out
}
