package tenantaudit

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Tables are the workspace tables of each store: those with a workspace_id
// column, by name.
type Tables map[Store]map[string]bool

// Finding is a statement that breaks the rule, and how.
type Finding struct {
	Statement
	Problems []Problem
}

// Check ends the recording and checks every statement recorded. pg is the
// package's database; ch a connection (not wrapped) to the server of the
// package's ClickHouse databases; queryLog says whether that server keeps
// system.query_log (one server of our own, not chDB), whose statements are
// then the ones checked. It prints one line of figures to stderr and
// returns an error naming every finding.
func (a *Auditor) Check(ctx context.Context, pg *pgxpool.Pool, ch driver.Conn, databases []string, queryLog bool) error {
	a.recording.Store(false)
	began := time.Now()
	tables, err := WorkspaceTables(ctx, pg, ch, databases)
	if err != nil {
		return err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	var stmts []*Statement
	seen := 0
	for _, s := range a.stmts {
		if s.Store == ClickHouse && queryLog {
			seen += s.Count
			continue
		}
		stmts = append(stmts, s)
	}
	source := "as sent"
	if queryLog {
		logged, err := a.loggedStatements(ctx, ch)
		if err != nil {
			return err
		}
		n := 0
		for _, s := range logged {
			n += s.Count
		}
		// A statement cancelled before it reached the server is not logged,
		// but a log without any is not being written.
		if n == 0 && seen > 0 {
			return fmt.Errorf("tenantaudit: the package's connection sent %d ClickHouse statements and system.query_log holds none (log_queries off?)", seen)
		}
		stmts = append(stmts, logged...)
		source = fmt.Sprintf("from system.query_log, %d of %d sent", n, seen)
	}
	slices.SortFunc(stmts, func(x, y *Statement) int {
		return cmp.Or(cmp.Compare(x.Store, y.Store), cmp.Compare(x.Site.Func, y.Site.Func), cmp.Compare(x.SQL, y.SQL))
	})
	if path := os.Getenv("TENANTAUDIT_DUMP"); path != "" {
		if err := dump(path, stmts); err != nil {
			return err
		}
	}
	findings, excepted := Classify(stmts, tables)
	counts := map[Store]int{}
	for _, s := range stmts {
		counts[s.Store] += s.Count
	}
	fmt.Fprintf(os.Stderr, "tenantaudit: %d PostgreSQL and %d ClickHouse statements (%d distinct; ClickHouse's %s) over %d and %d workspace tables: %d sent by the named cross-workspace jobs, %d findings; checked in %s\n",
		counts[Postgres], counts[ClickHouse], len(stmts), source, len(tables[Postgres]), len(tables[ClickHouse]), excepted, len(findings), time.Since(began).Round(time.Millisecond))
	if len(findings) == 0 {
		return nil
	}
	return errors.New(Report(findings))
}

// Classify checks the statements: those with problems that are not a
// cross-workspace job's, with those problems, and how many statements had
// every problem excepted as a cross-workspace job's.
func Classify(stmts []*Statement, tables Tables) (findings []Finding, excepted int) {
	for _, s := range stmts {
		problems := CheckStatement(s.Store, s.SQL, tables[s.Store])
		var open []Problem
		for _, p := range problems {
			if _, ok := exceptionFor(s.Site, p); !ok {
				open = append(open, p)
			}
		}
		switch {
		case len(open) > 0:
			findings = append(findings, Finding{Statement: *s, Problems: open})
		case len(problems) > 0:
			excepted += s.Count
		}
	}
	return findings, excepted
}

// Report describes the findings for a failed run.
func Report(findings []Finding) string {
	var b strings.Builder
	fmt.Fprintf(&b, "tenantaudit: %d statements over workspace tables do not constrain workspace_id (docs/architecture.md, Tenancy):\n", len(findings))
	for _, f := range findings {
		fmt.Fprintf(&b, "\n  %s: %s\n", f.Store, shorten(f.SQL, 600))
		for _, p := range f.Problems {
			fmt.Fprintf(&b, "    - %s\n", p)
		}
		fmt.Fprintf(&b, "    sent by %s (%s)", strings.TrimPrefix(f.Site.Func, module), f.Site.Where)
		for _, c := range f.Site.Chain {
			fmt.Fprintf(&b, " ← %s", strings.TrimPrefix(c, module))
		}
		tests := "a goroutine of its own"
		if len(f.Tests) > 0 {
			tests = strings.Join(f.Tests, ", ")
		}
		fmt.Fprintf(&b, "\n    %d times, in %s\n", f.Count, tests)
	}
	return b.String()
}

func shorten(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		return s[:n] + " …"
	}
	return s
}

// WorkspaceTables reads the workspace tables from the schema: PostgreSQL's
// tables and views with a workspace_id column (information_schema, the
// connection's schema), ClickHouse's of the databases (system.columns).
func WorkspaceTables(ctx context.Context, pg *pgxpool.Pool, ch driver.Conn, databases []string) (Tables, error) {
	t := Tables{Postgres: {}, ClickHouse: {}}
	rows, err := pg.Query(ctx, `SELECT DISTINCT table_name::text FROM information_schema.columns
		WHERE table_schema = current_schema() AND column_name = 'workspace_id'`)
	if err != nil {
		return nil, fmt.Errorf("tenantaudit: read postgres tables: %w", err)
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("tenantaudit: read postgres tables: %w", err)
	}
	for _, n := range names {
		t[Postgres][n] = true
	}
	if ch == nil || len(databases) == 0 {
		return t, nil
	}
	in := strings.TrimSuffix(strings.Repeat("?, ", len(databases)), ", ")
	args := make([]any, len(databases))
	for i, d := range databases {
		args[i] = d
	}
	chRows, err := ch.Query(ctx, `SELECT DISTINCT table FROM system.columns WHERE name = 'workspace_id' AND database IN (`+in+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("tenantaudit: read clickhouse tables: %w", err)
	}
	defer chRows.Close()
	for chRows.Next() {
		var n string
		if err := chRows.Scan(&n); err != nil {
			return nil, fmt.Errorf("tenantaudit: read clickhouse tables: %w", err)
		}
		t[ClickHouse][n] = true
	}
	if err := chRows.Err(); err != nil {
		return nil, fmt.Errorf("tenantaudit: read clickhouse tables: %w", err)
	}
	return t, nil
}

// loggedStatements reads the package's statements from system.query_log,
// literals made "?" on the server so that repeated statements come as one.
func (a *Auditor) loggedStatements(ctx context.Context, ch driver.Conn) ([]*Statement, error) {
	if err := ch.Exec(ctx, "SYSTEM FLUSH LOGS"); err != nil {
		return nil, fmt.Errorf("tenantaudit: flush clickhouse's logs: %w", err)
	}
	// type 1: the query began; 3: it failed before it began
	rows, err := ch.Query(ctx, `
		SELECT extract(query_id, ':([0-9]+)[.]') AS site,
			replaceRegexpAll(replaceRegexpAll(query, ?, '?'), ?, '?') AS normalized,
			count() AS n
		FROM system.query_log
		WHERE event_date >= yesterday() AND type IN (1, 3) AND query_id LIKE ?
		GROUP BY site, normalized`,
		`'(?:[^'\\]|\\.)*'`, `\b[0-9]+(?:[.][0-9]+)?(?:[eE][-+]?[0-9]+)?\b`, a.prefix+"%")
	if err != nil {
		return nil, fmt.Errorf("tenantaudit: read system.query_log: %w", err)
	}
	defer rows.Close()
	stmts := map[stmtKey]*Statement{}
	for rows.Next() {
		var siteID, sql string
		var n uint64
		if err := rows.Scan(&siteID, &sql, &n); err != nil {
			return nil, fmt.Errorf("tenantaudit: read system.query_log: %w", err)
		}
		if siteID == "" {
			continue // the tests' own
		}
		id, err := strconv.Atoi(siteID)
		if err != nil || id >= len(a.sites) {
			return nil, fmt.Errorf("tenantaudit: system.query_log names a site %q this run did not record", siteID)
		}
		add(stmts, ClickHouse, sql, a.sites[id], int(n))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("tenantaudit: read system.query_log: %w", err)
	}
	return slices.Collect(maps.Values(stmts)), nil
}

func dump(path string, stmts []*Statement) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(f)
	for _, s := range stmts {
		if err := enc.Encode(s); err != nil {
			f.Close()
			return err
		}
	}
	return f.Close()
}
