package analyst

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/reeltrack/reeltrack/internal/store"
)

// The tests run against the local ClickHouse as set up by `make services`
// (the analyst user installed, with CLICKHOUSE_ANALYST_PASSWORD or its
// local default). They read the real analytics database, where they create
// one table of their own (access_test_<random>) as the service's user, and
// drop it at the end.
var (
	analyst  driver.Conn // logged in as analyst, database <db>_analytics
	admin    driver.Conn // the service's user, database <db>_analytics
	opts     store.ClickHouseOptions
	appDB    string // CLICKHOUSE_DATABASE: the internal tables
	testTbl  string // access_test_<random> in the analytics database
	httpBase string // http://<host>:8123/
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	opts = Options()
	appDB = getenv("CLICKHOUSE_DATABASE", "reeltrack")
	host, _, err := net.SplitHostPort(opts.Addr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "analyst: CLICKHOUSE_ADDR %q: %v\n", opts.Addr, err)
		return 1
	}
	httpBase = "http://" + net.JoinHostPort(host, getenv("CLICKHOUSE_HTTP_PORT", "8123")) + "/"

	user, password, _ := store.ServiceCredentials(opts.Addr, os.Getenv)
	admin, err = store.OpenClickHouse(ctx, store.ClickHouseOptions{Addr: opts.Addr, Database: "system", User: user, Password: password})
	if err != nil {
		fmt.Fprintf(os.Stderr, "analyst: %v; run `make services`\n", err)
		return 1
	}
	defer admin.Close()
	analyst, err = Open(ctx)
	if err != nil {
		fmt.Fprintf(os.Stderr, "analyst: cannot log in to ClickHouse at %s as %q (database %s): %v\n"+
			"The analyst user comes from deploy/clickhouse/analyst-users.xml.in: run `make services`, which installs it\n"+
			"into /etc/clickhouse-server/users.d/ and waits until ClickHouse has loaded it, with the same\n"+
			"CLICKHOUSE_ANALYST_PASSWORD as these tests (unset: %q).\n", opts.Addr, opts.User, opts.Database, err, LocalPassword)
		return 1
	}
	defer analyst.Close()

	var b [4]byte
	_, _ = rand.Read(b[:])
	testTbl = "access_test_" + hex.EncodeToString(b[:])
	if err := admin.Exec(ctx, fmt.Sprintf(
		"CREATE TABLE %s.%s (workspace_id String, day Date, views UInt64) ENGINE = MergeTree ORDER BY (workspace_id, day)",
		opts.Database, testTbl)); err != nil {
		fmt.Fprintf(os.Stderr, "analyst: create the test table: %v\n", err)
		return 1
	}
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := admin.Exec(ctx, fmt.Sprintf("DROP TABLE IF EXISTS %s.%s", opts.Database, testTbl)); err != nil {
			fmt.Fprintf(os.Stderr, "analyst: drop %s: %v\n", testTbl, err)
		}
	}()
	if err := admin.Exec(ctx, fmt.Sprintf(
		"INSERT INTO %s.%s SELECT r.1, toDate(r.2), r.3 FROM (SELECT arrayJoin([('ws-a', '2026-01-01', toUInt64(10)), ('ws-a', '2026-01-02', toUInt64(25)), ('ws-b', '2026-01-01', toUInt64(7))]) AS r)",
		opts.Database, testTbl)); err != nil {
		fmt.Fprintf(os.Stderr, "analyst: fill the test table: %v\n", err)
		return 1
	}
	return m.Run()
}

func testCtx(t *testing.T, d time.Duration) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// code returns the ClickHouse error code of err, or 0.
func code(err error) int32 {
	var ex *clickhouse.Exception
	if errors.As(err, &ex) {
		return ex.Code
	}
	return 0
}

// short is err's message without the server's stack trace.
func short(err error) string {
	var ex *clickhouse.Exception
	if errors.As(err, &ex) {
		return fmt.Sprintf("code %d: %s", ex.Code, ex.Message)
	}
	return err.Error()
}

// ClickHouse error codes the tests expect.
const (
	codeTimeout        = 159 // TIMEOUT_EXCEEDED
	codeTooManyRows    = 158 // TOO_MANY_ROWS (rows to read)
	codeTooManyResult  = 396 // TOO_MANY_ROWS_OR_BYTES (result rows)
	codeMemory         = 241 // MEMORY_LIMIT_EXCEEDED
	codeReadonly       = 164 // READONLY
	codeDatabaseDenied = 291 // DATABASE_ACCESS_DENIED
)

func TestAnalystReadsTheAnalyticsDatabase(t *testing.T) {
	ctx := testCtx(t, 2*time.Minute)
	var views uint64
	if err := analyst.QueryRow(ctx, "SELECT sum(views) FROM "+testTbl+" WHERE workspace_id = 'ws-a'").Scan(&views); err != nil {
		t.Fatalf("SELECT as analyst: %s", short(err))
	}
	if views != 35 {
		t.Errorf("sum(views) = %d, want 35", views)
	}
	rows, err := analyst.Query(ctx, "SHOW TABLES")
	if err != nil {
		t.Fatalf("SHOW TABLES: %s", short(err))
	}
	var found bool
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		found = found || name == testTbl
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if !found {
		t.Errorf("SHOW TABLES in %s does not list %s", opts.Database, testTbl)
	}
	var cols uint64
	if err := analyst.QueryRow(ctx, "SELECT count() FROM system.columns WHERE database = ? AND table = ?", opts.Database, testTbl).Scan(&cols); err != nil {
		t.Fatalf("system.columns: %s", short(err))
	}
	if cols != 3 {
		t.Errorf("system.columns lists %d columns of %s, want 3 (clients browse the schema there)", cols, testTbl)
	}
}

// TestAnalystConnectsOverHTTP follows docs/analytics.md: user and password in
// the URL, in X-ClickHouse-User/X-ClickHouse-Key headers, or as basic auth
// (Grafana); the format chosen with FORMAT or default_format.
func TestAnalystConnectsOverHTTP(t *testing.T) {
	query := "SELECT sum(views) FROM " + testTbl
	cases := []struct {
		name  string
		url   string
		setup func(*http.Request)
		body  string
		want  string
	}{
		{"password in the URL", httpBase + "?" + url.Values{"user": {User}, "password": {opts.Password}, "database": {opts.Database}}.Encode(),
			nil, query, "42\n"},
		{"headers", httpBase + "?database=" + opts.Database, func(r *http.Request) {
			r.Header.Set("X-ClickHouse-User", User)
			r.Header.Set("X-ClickHouse-Key", opts.Password)
		}, query + " FORMAT JSONCompact", `"data":`},
		{"basic auth, default_format", httpBase + "?database=" + opts.Database + "&default_format=CSVWithNames", func(r *http.Request) {
			r.SetBasicAuth(User, opts.Password)
		}, "SELECT sum(views) AS views FROM " + testTbl, "\"views\"\n42\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			status, body := httpPost(t, c.url, c.setup, c.body)
			if status != http.StatusOK || !strings.Contains(body, c.want) {
				t.Errorf("POST %s: %d %q, want 200 with %q", c.url, status, body, c.want)
			}
		})
	}
	t.Run("INSERT refused", func(t *testing.T) {
		status, body := httpPost(t, httpBase+"?database="+opts.Database, func(r *http.Request) { r.SetBasicAuth(User, opts.Password) },
			"INSERT INTO "+testTbl+" VALUES ('ws-a', '2026-01-03', 1)")
		if status == http.StatusOK || !strings.Contains(body, fmt.Sprintf("Code: %d", codeReadonly)) {
			t.Errorf("INSERT over HTTP: %d %q, want an error with code %d", status, body, codeReadonly)
		}
	})
	t.Run("wrong password", func(t *testing.T) {
		status, body := httpPost(t, httpBase, func(r *http.Request) { r.SetBasicAuth(User, opts.Password+"x") }, "SELECT 1")
		if status == http.StatusOK {
			t.Errorf("a wrong password logs in: %q", body)
		}
	})
}

func httpPost(t *testing.T, u string, setup func(*http.Request), body string) (int, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(testCtx(t, 2*time.Minute), http.MethodPost, u, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if setup != nil {
		setup(req)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", u, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestAnalystIsRefused: no writes, no DDL, no other database (the internal
// tables included), no table functions, no settings changed.
func TestAnalystIsRefused(t *testing.T) {
	ctx := testCtx(t, 30*time.Second)
	cases := []struct {
		query string
		code  int32
	}{
		{"INSERT INTO " + testTbl + " VALUES ('ws-a', '2026-01-03', 1)", codeReadonly},
		{"CREATE TABLE access_test_new (x UInt8) ENGINE = Memory", codeReadonly},
		{"CREATE TEMPORARY TABLE access_test_tmp (x UInt8)", codeReadonly},
		{"CREATE VIEW access_test_view AS SELECT 1", codeReadonly},
		{"CREATE DATABASE access_test_db", codeReadonly},
		{"DROP TABLE " + testTbl, codeReadonly},
		{"TRUNCATE TABLE " + testTbl, codeReadonly},
		{"DETACH TABLE " + testTbl, codeReadonly},
		{"RENAME TABLE " + testTbl + " TO access_test_renamed", codeReadonly},
		{"ALTER TABLE " + testTbl + " ADD COLUMN extra UInt8", codeReadonly},
		{"ALTER TABLE " + testTbl + " DELETE WHERE 1", codeReadonly},
		{"OPTIMIZE TABLE " + testTbl + " FINAL", codeReadonly},
		{"SET readonly = 0", codeReadonly},
		{"SET max_memory_usage = 100000000000", codeReadonly},
		{"SELECT 1 SETTINGS max_execution_time = 3600", codeReadonly},
		{"SYSTEM DROP DNS CACHE", codeReadonly},
		// Table functions would reach other databases, files, URLs or
		// another user's login (remote).
		{"SELECT * FROM remote('127.0.0.1', " + appDB + ".metric_snapshots) LIMIT 1", codeReadonly},
		{"SELECT * FROM merge('" + appDB + "', '.*') LIMIT 1", codeReadonly},
		{"SELECT * FROM url('http://127.0.0.1:8123/?query=SELECT+1', TSV, 'x UInt8')", codeReadonly},
		{"SELECT * FROM file('/etc/passwd', TSV, 'x String')", codeReadonly},
		{"SELECT * FROM numbers(10)", codeReadonly},
		// Other databases.
		{"SELECT count() FROM " + appDB + ".metric_snapshots", codeDatabaseDenied},
		{"DESCRIBE TABLE " + appDB + ".metric_snapshots", codeDatabaseDenied},
		{"SHOW CREATE TABLE " + appDB + ".metric_snapshots", codeDatabaseDenied},
		{"SELECT count() FROM default.anything", codeDatabaseDenied},
	}
	for _, c := range cases {
		err := analyst.Exec(ctx, c.query)
		switch {
		case err == nil:
			t.Errorf("%s: accepted, want error code %d", c.query, c.code)
		case code(err) != c.code:
			t.Errorf("%s: %s, want error code %d", c.query, short(err), c.code)
		default:
			t.Logf("%s: refused, %s", c.query, short(err))
		}
	}

	// Every internal table (the service's database holds metric_snapshots,
	// the projections and their views).
	rows, err := admin.Query(ctx, "SELECT name FROM system.tables WHERE database = ?", appDB)
	if err != nil {
		t.Fatal(err)
	}
	var internal []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		internal = append(internal, name)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	for _, name := range internal {
		err := analyst.Exec(ctx, fmt.Sprintf("SELECT * FROM %s.`%s` LIMIT 1", appDB, name))
		if code(err) != codeDatabaseDenied {
			t.Errorf("SELECT from internal table %s.%s: %v, want error code %d", appDB, name, err, codeDatabaseDenied)
		}
	}
	t.Logf("%d internal tables of %s refused", len(internal), appDB)
}

// TestAnalystCannotKillTheServiceQueries: a read-only user may kill its own
// queries only.
func TestAnalystCannotKillTheServiceQueries(t *testing.T) {
	ctx := testCtx(t, 20*time.Second)
	id, done := serviceQuery(t, ctx, "SELECT sleep(2)")
	err := analyst.Exec(ctx, "KILL QUERY WHERE query_id = '"+id+"' SYNC")
	if code(err) != codeReadonly {
		t.Errorf("KILL QUERY of the service's query: %v, want error code %d", err, codeReadonly)
	} else {
		t.Logf("refused, %s", short(err))
	}
	if err := <-done; err != nil {
		t.Errorf("the service's query: %s", short(err))
	}
}

// TestAnalystYieldsToTheService: while a query of the service runs, the
// analyst's queries wait (priority 10 against the service's 1).
func TestAnalystYieldsToTheService(t *testing.T) {
	// Priorities are checked between the blocks a query reads, so on a
	// loaded machine the analyst's small read can slip through before the
	// first check: the property holds when the analyst waits in one of
	// three tries, and fails when it never does.
	for try := 1; try <= 3; try++ {
		ctx := testCtx(t, 20*time.Second)
		_, done := serviceQuery(t, ctx, "SELECT sleep(1.5)")
		var n uint64
		if err := analyst.QueryRow(ctx, "SELECT count() FROM "+testTbl).Scan(&n); err != nil {
			t.Fatalf("analyst query: %s", short(err))
		}
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("the service's query: %s", short(err))
			}
			return
		default:
			t.Logf("try %d: the analyst's query ended while the service's was still running", try)
			<-done
		}
	}
	t.Errorf("the analyst's query never waited for the service's, in three tries")
}

// serviceQuery starts query as the service's user and returns once the
// server runs it, with its id and a channel that receives its outcome.
func serviceQuery(t *testing.T, ctx context.Context, query string) (string, <-chan error) {
	t.Helper()
	var b [8]byte
	_, _ = rand.Read(b[:])
	id := "access-test-" + hex.EncodeToString(b[:])
	done := make(chan error, 1)
	go func() {
		done <- admin.Exec(clickhouse.Context(ctx, clickhouse.WithQueryID(id)), query)
	}()
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(20 * time.Millisecond) { // a loaded machine starts it late
		var n uint64
		// Asked as the service: the analyst's own query would pause
		// behind the service's (priority).
		if err := admin.QueryRow(ctx, "SELECT count() FROM system.processes WHERE query_id = ?", id).Scan(&n); err != nil {
			t.Fatalf("system.processes: %s", short(err))
		}
		if n == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the service's query %s never showed in system.processes", id)
		}
	}
	return id, done
}

// TestAnalystSeesNoInternalMetadata: ClickHouse 18.16 always lets a user read
// the system database, but filters its table and column lists to the
// databases the user may read; SHOW TABLES of another database answers
// nothing rather than an error.
func TestAnalystSeesNoInternalMetadata(t *testing.T) {
	ctx := testCtx(t, 2*time.Minute)
	for _, q := range []string{
		"SELECT count() FROM system.tables WHERE database NOT IN ('system', '" + opts.Database + "')",
		"SELECT count() FROM system.columns WHERE database NOT IN ('system', '" + opts.Database + "')",
		"SELECT count() FROM system.parts WHERE database NOT IN ('system', '" + opts.Database + "')",
		"SELECT count() FROM system.databases WHERE name NOT IN ('system', '" + opts.Database + "')",
	} {
		var n uint64
		if err := analyst.QueryRow(ctx, q).Scan(&n); err != nil {
			t.Errorf("%s: %s", q, short(err))
		} else if n != 0 {
			t.Errorf("%s = %d, want 0", q, n)
		}
	}
	rows, err := analyst.Query(ctx, "SHOW TABLES FROM "+appDB)
	if err == nil {
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		if n != 0 {
			t.Errorf("SHOW TABLES FROM %s lists %d tables, want none", appDB, n)
		}
	} else if code(err) != codeDatabaseDenied {
		t.Errorf("SHOW TABLES FROM %s: %s", appDB, short(err))
	}
}

// analystLimits are the analyst profile's settings, as docs/analytics.md
// describes them.
var analystLimits = map[string]string{
	"readonly":                           "1",
	"max_execution_time":                 "30",
	"timeout_overflow_mode":              "throw",
	"max_memory_usage":                   "1073741824",
	"max_memory_usage_for_user":          "2147483648",
	"max_bytes_before_external_group_by": "536870912",
	"max_bytes_before_external_sort":     "536870912",
	"max_rows_to_read":                   "1000000000",
	"max_bytes_to_read":                  "21474836480",
	"read_overflow_mode":                 "throw",
	"max_result_rows":                    "1000000",
	"max_result_bytes":                   "536870912",
	"result_overflow_mode":               "throw",
	"max_threads":                        "1",
	"max_concurrent_queries_for_user":    "4",
	"priority":                           "10",
}

func settings(t *testing.T, ctx context.Context, conn driver.Conn) map[string]string {
	t.Helper()
	names := make([]string, 0, len(analystLimits))
	for n := range analystLimits {
		names = append(names, n)
	}
	rows, err := conn.Query(ctx, "SELECT name, value FROM system.settings WHERE has(?, name)", names)
	if err != nil {
		t.Fatalf("system.settings: %s", short(err))
	}
	got := map[string]string{}
	for rows.Next() {
		var n, v string
		if err := rows.Scan(&n, &v); err != nil {
			t.Fatal(err)
		}
		got[n] = v
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return got
}

func TestAnalystLimits(t *testing.T) {
	ctx := testCtx(t, 2*time.Minute)
	got := settings(t, ctx, analyst)
	for n, want := range analystLimits {
		if got[n] != want {
			t.Errorf("analyst's %s = %q, want %q", n, got[n], want)
		}
	}

	// Settings sent with a query (clickhouse-client --max_memory_usage=...,
	// drivers' per-query settings) do not change them either.
	raised := clickhouse.Context(ctx, clickhouse.WithSettings(clickhouse.Settings{
		"max_memory_usage": 100000000000, "max_execution_time": 3600, "readonly": 0, "max_threads": 8,
	}))
	var mem, exec, ro, threads string
	err := analyst.QueryRow(raised, `SELECT
		anyIf(value, name = 'max_memory_usage'), anyIf(value, name = 'max_execution_time'),
		anyIf(value, name = 'readonly'), anyIf(value, name = 'max_threads') FROM system.settings`).Scan(&mem, &exec, &ro, &threads)
	switch {
	case code(err) == codeReadonly:
		t.Logf("per-query settings refused: %s", short(err))
	case err != nil:
		t.Errorf("per-query settings: %s", short(err))
	case mem != analystLimits["max_memory_usage"] || exec != analystLimits["max_execution_time"] || ro != "1" || threads != "1":
		t.Errorf("per-query settings changed the limits: max_memory_usage %s, max_execution_time %s, readonly %s, max_threads %s", mem, exec, ro, threads)
	}

	// The service's queries come first: priority 0 would mean "no
	// priority" and make the analyst's 10 meaningless.
	svc := settings(t, ctx, admin)
	if svc["priority"] != "1" {
		t.Errorf("the service user's priority = %q, want 1 (0 disables priorities; a lower number than the analyst's 10 goes first)", svc["priority"])
	}
}

// TestRunawayQueriesAreStopped: each limit ends a query that would run away,
// with its own error: the error's code names the limit that stopped it. The
// time bounds only catch a query the limits let run on; they leave room for
// the analyst's low priority (its queries pause while the service's run,
// e.g. other test packages'), which on a busy machine stretches the time a
// query takes to reach its memory or rows limit.
func TestRunawayQueriesAreStopped(t *testing.T) {
	cases := []struct {
		name  string
		query string
		code  int32
		msg   string
		max   time.Duration
	}{
		{"rows to read", "SELECT count() FROM (SELECT number FROM system.numbers LIMIT 1000000000000)",
			codeTooManyRows, "Limit for rows to read exceeded", 45 * time.Second},
		// Rows of 4 KB each (an array of 1,000 UInt32), so the memory
		// limit comes within seconds even at the analyst's low priority on
		// a busy machine, long before the time limit.
		{"memory", "SELECT count() FROM (SELECT number FROM system.numbers LIMIT 10) AS a CROSS JOIN (SELECT range(toUInt32(1000)) AS r FROM system.numbers LIMIT 1000000) AS b",
			codeMemory, "Memory limit (for query) exceeded", 45 * time.Second},
		{"memory of an aggregate", "SELECT length(groupArray(range(toUInt32(1000)))) FROM (SELECT number FROM system.numbers LIMIT 900000000)",
			codeMemory, "Memory limit (for query) exceeded", 45 * time.Second},
		{"result rows", "SELECT number FROM system.numbers LIMIT 5000000",
			codeTooManyResult, "Limit for result exceeded", 45 * time.Second},
		// sleep(3) once per block of 65,536 numbers: 46 blocks would take
		// 138 s, at no CPU cost.
		{"execution time", "SELECT count() FROM (SELECT sleep(3) FROM system.numbers LIMIT 3000000)",
			codeTimeout, "Timeout exceeded", 40 * time.Second},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.code == codeTimeout {
				t.Parallel() // waits 30 s without work: overlap it with the rest
			}
			// A query of a limit other than time that the time limit
			// stops first was starved (paused for the service's queries of
			// other packages, or short of CPU): it runs again, for up to
			// 8 minutes. A paused query costs no CPU, and under a suite
			// running beside it the service's queries leave the analyst's
			// few whole quiet half-minutes.
			var err error
			var n int
			var took time.Duration
			first := time.Now()
			for attempt := 1; ; attempt++ {
				ctx := testCtx(t, 2*c.max)
				start := time.Now()
				var rows driver.Rows
				rows, err = analyst.Query(ctx, c.query)
				n = 0
				if err == nil {
					for rows.Next() {
						n++
					}
					err = rows.Err()
					rows.Close()
				}
				took = time.Since(start)
				if c.code == codeTimeout || code(err) != codeTimeout || time.Since(first) > 8*time.Minute {
					break
				}
				t.Logf("attempt %d: the time limit came first (%s), on a busy machine", attempt, short(err))
			}
			switch {
			case err == nil:
				t.Fatalf("%s: completed (%d rows) in %s, want error code %d", c.query, n, took, c.code)
			case code(err) != c.code || !strings.Contains(err.Error(), c.msg):
				t.Fatalf("%s: %s, want code %d %q", c.query, short(err), c.code, c.msg)
			case took > c.max:
				t.Errorf("%s: stopped after %s, want under %s", c.query, took, c.max)
			}
			t.Logf("stopped after %s: %s", took.Round(10*time.Millisecond), short(err))
		})
	}
}

// TestQuota: the analyst user runs under the hourly quota `analyst`.
// ClickHouse 18.16 has neither SHOW QUOTA nor system.quotas; the server
// names a user's quota when a client sends a quota key to a quota that is
// not keyed, which costs nothing of it. Where the installed users config is
// readable, its limits are checked too.
func TestQuota(t *testing.T) {
	ctx := testCtx(t, 2*time.Minute)
	rows, err := analyst.Query(ctx, "SHOW QUOTA")
	if err == nil { // newer servers
		defer rows.Close()
		cols := rows.Columns()
		if !rows.Next() || len(cols) == 0 {
			t.Fatalf("SHOW QUOTA: no rows")
		}
		vals := make([]any, len(cols))
		for i := range vals {
			var s any
			vals[i] = &s
		}
		if err := rows.Scan(vals...); err != nil {
			t.Fatal(err)
		}
		if name := fmt.Sprint(*(vals[0].(*any))); name != "analyst" {
			t.Errorf("SHOW QUOTA: quota %q, want analyst", name)
		}
	} else {
		status, body := httpPost(t, httpBase+"?quota_key=access-test", func(r *http.Request) { r.SetBasicAuth(User, opts.Password) }, "SELECT 1")
		if status == http.StatusOK || !strings.Contains(body, "Quota analyst (for user analyst)") {
			t.Errorf("with a quota key: %d %q, want the server to name quota analyst", status, body)
		}
	}

	cfg, err := os.ReadFile(installedConfig)
	if err != nil {
		t.Skipf("cannot read the installed users config (%v): its quota is not checked", err)
	}
	var doc struct {
		Quotas struct {
			Analyst struct {
				Intervals []struct {
					Duration      int64 `xml:"duration"`
					Queries       int64 `xml:"queries"`
					Errors        int64 `xml:"errors"`
					ResultRows    int64 `xml:"result_rows"`
					ReadRows      int64 `xml:"read_rows"`
					ExecutionTime int64 `xml:"execution_time"`
				} `xml:"interval"`
			} `xml:"analyst"`
		} `xml:"quotas"`
	}
	if err := xml.Unmarshal(cfg, &doc); err != nil {
		t.Fatalf("%s: %v", installedConfig, err)
	}
	if len(doc.Quotas.Analyst.Intervals) != 1 {
		t.Fatalf("%s: quota analyst has %d intervals, want 1", installedConfig, len(doc.Quotas.Analyst.Intervals))
	}
	in := doc.Quotas.Analyst.Intervals[0]
	t.Logf("quota analyst: %+v", in)
	if in.Duration != 3600 || in.Queries <= 0 || in.Errors <= 0 || in.ResultRows <= 0 || in.ReadRows <= 0 || in.ExecutionTime <= 0 {
		t.Errorf("quota analyst = %+v, want an hour with every limit set", in)
	}
}

const installedConfig = "/etc/clickhouse-server/users.d/reeltrack-analyst.xml"

// TestInstalledConfigIsCurrent: the server runs what the repository's
// template renders with this environment (a stale install would pass the
// other tests with old limits). Only for a local server.
func TestInstalledConfigIsCurrent(t *testing.T) {
	installed, err := os.ReadFile(installedConfig)
	if err != nil {
		t.Skipf("cannot read %s (%v): ClickHouse is not this machine's", installedConfig, err)
	}
	_, file, _, _ := runtime.Caller(0)
	script := filepath.Join(filepath.Dir(file), "..", "..", "deploy", "clickhouse", "render-analyst-users.sh")
	out := filepath.Join(t.TempDir(), "analyst.xml")
	cmd := exec.Command("sh", script, out)
	cmd.Env = append(os.Environ(), "CLICKHOUSE_ANALYST_PASSWORD="+opts.Password, "CLICKHOUSE_LOCAL_DEV=1")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", script, err, b)
	}
	rendered, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(rendered, installed) {
		t.Errorf("%s differs from what %s renders now: run `make services`", installedConfig, script)
	}
}
