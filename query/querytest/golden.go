// Package querytest holds what the tests of the read side's rooms share:
// the inputs of the golden cases, the check of each case's rendered SQL
// against the testdata/sql of the package under test, and the run of the
// golden statements on two ClickHouse engines (SeedGolden, Agree). Only
// tests import it.
package querytest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/query/chread"
)

// The inputs of the golden cases; Now is mid-hour, so the 24h cutoffs are not midnight.
var (
	Workspace = uuid.MustParse("0b9c2f3e-1111-4a2b-8c3d-000000000001")
	IDs       = []uuid.UUID{uuid.MustParse("0b9c2f3e-2222-4a2b-8c3d-000000000002"), uuid.MustParse("0b9c2f3e-3333-4a2b-8c3d-000000000003")}
	Now       = time.Date(2026, 11, 20, 12, 34, 56, 789, time.UTC)
)

// Query is a ClickHouse query value.
type Query interface {
	SQL() (string, []any)
}

// Case is one golden case: a query built as its handler builds it.
type Case struct {
	Name string
	Q    Query
}

// CheckRendered pins each case's SQL in testdata/sql/<name>.sql; update rewrites it.
func CheckRendered(t *testing.T, cases []Case, update bool) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			sql, args := c.Q.SQL()
			got := describeArgs(args)
			if s, ok := c.Q.(chread.SeriesQuery); ok {
				tbl, err := s.ScopeTable()
				if err != nil {
					t.Fatal(err)
				}
				if tbl != nil {
					got += fmt.Sprintf("-- table %s (%s): %d rows\n", tbl.Name(), tbl.Structure(), tbl.Block().Rows())
				}
			}
			got += sql
			checkBound(t, sql, args)
			// Entities reads the start values in a second query beside it
			if e, ok := c.Q.(chread.EntitiesQuery); ok && len(e.Cutoffs) > 0 {
				sql, args := e.StartsSQL()
				got += "\n\n-- the start values, read at once beside it\n" + describeArgs(args) + sql
				checkBound(t, sql, args)
			}
			path := filepath.Join("testdata", "sql", c.Name+".sql")
			if update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (create it with -update)", err)
			}
			if got != string(want) {
				t.Errorf("rendered SQL differs from %s (rewrite with -update if intended):\n%s", path, FirstDiff(string(want), got))
			}
		})
	}
}

func describeArgs(args []any) string {
	var b strings.Builder
	for _, a := range args {
		n, ok := a.(driver.NamedValue)
		if !ok {
			fmt.Fprintf(&b, "-- positional %T %v\n", a, a)
			continue
		}
		v := n.Value
		if t, ok := v.(time.Time); ok {
			v = t.UTC().Format(time.RFC3339Nano)
		}
		fmt.Fprintf(&b, "-- @%s %T %v\n", n.Name, n.Value, v)
	}
	return b.String()
}

var paramRE = regexp.MustCompile(`@([a-z_][a-z0-9_]*)`)

// checkBound fails on a parameter not bound, or a value written into the text.
func checkBound(t *testing.T, sql string, args []any) {
	t.Helper()
	bound := map[string]bool{}
	for _, a := range args {
		if n, ok := a.(driver.NamedValue); ok {
			bound[n.Name] = true
		}
	}
	for _, m := range paramRE.FindAllStringSubmatch(sql, -1) {
		if !bound[m[1]] {
			t.Errorf("@%s is not bound", m[1])
		}
	}
	if strings.Contains(sql, "0b9c2f3e") || strings.Contains(sql, "2026-") {
		t.Errorf("a value is written into the text")
	}
}

// FirstDiff shows the first line where two texts differ.
func FirstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d\nwant: %s\ngot:  %s", i+1, a, b)
		}
	}
	return ""
}
