package tenantaudit

import (
	"context"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5"
)

const module = "github.com/reeltrack/reeltrack/"

// Store names the database a statement went to.
type Store string

// The stores.
const (
	Postgres   Store = "postgres"
	ClickHouse Store = "clickhouse"
)

// Statement is one statement text and the code that sent it.
type Statement struct {
	Store Store
	SQL   string
	Site  Site
	Tests []string // the first few tests it ran in
	Count int
}

// Site is the code that sent a statement.
type Site struct {
	Func  string   // the innermost function of the module on the stack
	Where string   // its file (from the module's root) and line
	Chain []string // the module's functions that called it, innermost first
}

// Auditor records the statements sent while Start is in force and checks
// them (Check). It is a pgx tracer (QueryTracer, BatchTracer,
// CopyFromTracer) and wraps a ClickHouse connection (WrapClickHouse).
type Auditor struct {
	recording atomic.Bool
	seq       atomic.Uint64
	prefix    string // the ClickHouse query ids': the package's database and ':'

	// testCode says whether a function (and its file) is the tests' own.
	testCode func(function, file string) bool

	mu      sync.Mutex
	byStack map[uint64]int // a stack's hash: its site's index, or -1 (the tests' code)
	sites   []site
	stmts   map[stmtKey]*Statement
}

type site struct {
	Site
	test string
}

// stmtKey: a statement is one per text and stack of the module's
// functions, since an exception may cover one caller of a function and not
// another.
type stmtKey struct {
	store            Store
	sql              string
	fn, where, chain string
}

// New returns an Auditor that is not recording yet.
func New() *Auditor {
	return &Auditor{testCode: TestCode, byStack: map[uint64]int{}, stmts: map[stmtKey]*Statement{}}
}

// TestCode reports whether a function is the tests' own code: in a file
// *_test.go, in internal/testenv, or in a test-support package (a path
// ending in "test": query/querytest, ingest/ingesttest).
func TestCode(function, file string) bool {
	if strings.HasSuffix(file, "_test.go") {
		return true
	}
	pkg := packageOf(function)
	return pkg == module+"internal/testenv" || strings.HasSuffix(pkg, "test")
}

// packageOf is the import path of a function name as the runtime spells it
// (path/pkg.Type.Method).
func packageOf(function string) string {
	slash := strings.LastIndexByte(function, '/')
	dot := strings.IndexByte(function[slash+1:], '.')
	if dot < 0 {
		return function
	}
	return function[:slash+1+dot]
}

// Start begins recording; Check ends it.
func (a *Auditor) Start() { a.recording.Store(true) }

// record notes sql as sent from the caller's stack and returns the index of
// its site, or -1 when the tests' own code sent it.
func (a *Auditor) record(store Store, sql string) int {
	var pcs [128]uintptr
	n := runtime.Callers(2, pcs[:])
	h := uint64(14695981039346656037)
	for _, pc := range pcs[:n] {
		h = (h ^ uint64(pc)) * 1099511628211
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	id, ok := a.byStack[h]
	if !ok {
		id = a.classify(pcs[:n])
		a.byStack[h] = id
	}
	if id < 0 {
		return id
	}
	add(a.stmts, store, sql, a.sites[id], 1)
	return id
}

func add(stmts map[stmtKey]*Statement, store Store, sql string, s site, n int) {
	k := stmtKey{store: store, sql: sql, fn: s.Func, where: s.Where, chain: strings.Join(s.Chain, " ")}
	st := stmts[k]
	if st == nil {
		st = &Statement{Store: store, SQL: sql, Site: s.Site}
		stmts[k] = st
	}
	st.Count += n
	if s.test != "" && len(st.Tests) < 3 && !slices.Contains(st.Tests, s.test) {
		st.Tests = append(st.Tests, s.test)
	}
}

// classify finds the site of a stack: the innermost function of the module
// that is not a pass-through (internal/store's wrappers, this package).
func (a *Auditor) classify(pcs []uintptr) int {
	frames := runtime.CallersFrames(pcs)
	var s site
	found := false
	for {
		f, more := frames.Next()
		fn := f.Function
		inModule := strings.HasPrefix(fn, module)
		switch {
		case !inModule:
		case !found && a.testCode(fn, f.File):
			return -1
		case passThrough(fn):
		case !found:
			s.Func, s.Where, found = fn, relative(f.File)+":"+strconv.Itoa(f.Line), true
		case len(s.Chain) < 8 && !a.testCode(fn, f.File) && fn != s.Func && !slices.Contains(s.Chain, fn):
			s.Chain = append(s.Chain, fn)
		}
		if s.test == "" && strings.HasSuffix(f.File, "_test.go") {
			s.test = testName(fn)
		}
		if !more {
			break
		}
	}
	if !found {
		s.Func, s.Where = "(no function of the module on the stack)", "?"
	}
	a.sites = append(a.sites, s)
	return len(a.sites) - 1
}

func passThrough(fn string) bool {
	switch packageOf(fn) {
	case module + "internal/store", module + "internal/tenantaudit":
		return true
	}
	return false
}

// relative is a file's path from the module's root, as far as it can tell.
func relative(file string) string {
	for _, top := range []string{"/api/", "/cmd/", "/command/", "/query/", "/ingest/", "/projections/", "/internal/", "/schema/", "/web/"} {
		if i := strings.LastIndex(file, top); i >= 0 {
			return file[i+1:]
		}
	}
	return file
}

// testName is the test of a function of a test file (pkg.TestX.func1 →
// TestX), or "".
func testName(fn string) string {
	for _, part := range strings.Split(fn[strings.LastIndexByte(fn, '/')+1:], ".") {
		for _, p := range []string{"Test", "Fuzz", "Benchmark"} {
			if strings.HasPrefix(part, p) {
				return part
			}
		}
	}
	return ""
}

// TraceQueryStart records the query.
func (a *Auditor) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	if a.recording.Load() {
		a.record(Postgres, d.SQL)
	}
	return ctx
}

// TraceQueryEnd does nothing.
func (a *Auditor) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// TraceBatchStart records the batch's queries.
func (a *Auditor) TraceBatchStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceBatchStartData) context.Context {
	if a.recording.Load() && d.Batch != nil {
		for _, q := range d.Batch.QueuedQueries {
			a.record(Postgres, q.SQL)
		}
	}
	return ctx
}

// TraceBatchQuery does nothing: TraceBatchStart recorded the queries.
func (a *Auditor) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}

// TraceBatchEnd does nothing.
func (a *Auditor) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}

// TraceCopyFromStart records the copy as the COPY statement pgx sends.
func (a *Auditor) TraceCopyFromStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceCopyFromStartData) context.Context {
	if a.recording.Load() {
		cols := make([]string, len(d.ColumnNames))
		for i, c := range d.ColumnNames {
			cols[i] = pgx.Identifier{c}.Sanitize()
		}
		a.record(Postgres, "COPY "+d.TableName.Sanitize()+" ("+strings.Join(cols, ", ")+") FROM STDIN BINARY")
	}
	return ctx
}

// TraceCopyFromEnd does nothing.
func (a *Auditor) TraceCopyFromEnd(context.Context, *pgx.Conn, pgx.TraceCopyFromEndData) {}

// WrapClickHouse returns conn recording each statement and giving it a query
// id "<database>:<site>.<n>" (":t." for the tests' own), by which Check finds
// the statements in the server's query log.
func (a *Auditor) WrapClickHouse(conn driver.Conn, database string) driver.Conn {
	a.prefix = database + ":"
	return chConn{Conn: conn, a: a}
}

type chConn struct {
	driver.Conn
	a *Auditor
}

func (c chConn) tag(ctx context.Context, query string) context.Context {
	if !c.a.recording.Load() {
		return ctx
	}
	site := "t"
	if id := c.a.record(ClickHouse, query); id >= 0 {
		site = strconv.Itoa(id)
	}
	return clickhouse.Context(ctx, clickhouse.WithQueryID(c.a.prefix+site+"."+strconv.FormatUint(c.a.seq.Add(1), 10)))
}

func (c chConn) Select(ctx context.Context, dest any, query string, args ...any) error {
	return c.Conn.Select(c.tag(ctx, query), dest, query, args...)
}

func (c chConn) Query(ctx context.Context, query string, args ...any) (driver.Rows, error) {
	return c.Conn.Query(c.tag(ctx, query), query, args...)
}

func (c chConn) QueryRow(ctx context.Context, query string, args ...any) driver.Row {
	return c.Conn.QueryRow(c.tag(ctx, query), query, args...)
}

func (c chConn) PrepareBatch(ctx context.Context, query string, opts ...driver.PrepareBatchOption) (driver.Batch, error) {
	return c.Conn.PrepareBatch(c.tag(ctx, query), query, opts...)
}

func (c chConn) Exec(ctx context.Context, query string, args ...any) error {
	return c.Conn.Exec(c.tag(ctx, query), query, args...)
}

func (c chConn) QueryFormat(ctx context.Context, format, query string, args ...any) (io.ReadCloser, error) {
	return c.Conn.QueryFormat(c.tag(ctx, query), format, query, args...)
}

func (c chConn) InsertFormat(ctx context.Context, format, query string, data io.Reader) error {
	return c.Conn.InsertFormat(c.tag(ctx, query), format, query, data)
}

func (c chConn) AsyncInsert(ctx context.Context, query string, wait bool, args ...any) error {
	//lint:ignore SA1019 the interface's deprecated method, passed on
	return c.Conn.AsyncInsert(c.tag(ctx, query), query, wait, args...)
}
