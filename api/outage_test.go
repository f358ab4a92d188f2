package api_test

import (
	"context"
	"log/slog"
	"maps"
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/internal/config"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/testenv"
	querycollections "github.com/reeltrack/reeltrack/query/collections"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// proxiedPostgres opens a pool on the package's database through a proxy
// the test can cut or freeze, bounded as the server bounds its pool.
func proxiedPostgres(t *testing.T) (*pgxpool.Pool, *testenv.CutProxy) {
	t.Helper()
	return proxiedPostgresWith(t, store.PostgresOptions{})
}

// proxiedPostgresWith is proxiedPostgres with the pool's options, the
// server's statement bound unless they set one.
func proxiedPostgresWith(t *testing.T, o store.PostgresOptions) (*pgxpool.Pool, *testenv.CutProxy) {
	t.Helper()
	proxy := testenv.NewCutProxy(t, pgHostPort(t))
	u, _ := url.Parse(env.PGURL)
	u.Host = proxy.Addr()
	def, err := config.Load()
	if err != nil {
		t.Fatal(err)
	}
	if o.StatementTimeout == 0 {
		o.StatementTimeout = def.DatabaseStatementTimeout
	}
	pool, err := store.OpenPostgres(context.Background(), u.String(), o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool, proxy
}

// expectUnavailable checks the one answer of an outage: 503, code
// unavailable, and a Retry-After.
func expectUnavailable(t *testing.T, what string, res response) {
	t.Helper()
	if res.Status != 503 {
		t.Fatalf("%s: %d %s, want 503", what, res.Status, res.Body)
	}
	res.expectError(t, 503, "unavailable")
	if res.Header.Get("Retry-After") == "" {
		t.Fatalf("%s: 503 without Retry-After", what)
	}
}

// TestFrozenPostgresAnswers503Fast freezes PostgreSQL (connections open,
// nothing answers, as under SIGSTOP): every request answers 503 within 3 s
// instead of waiting for the freeze to end, and once PostgreSQL answers
// again the pool serves without a restart.
func TestFrozenPostgresAnswers503Fast(t *testing.T) {
	pool, proxy := proxiedPostgres(t)
	a := newApp(t, func(d *wiring.Deps) { d.DB = pool })
	c := a.signUp(uniqueEmail("frozen"))
	a.bootstrap(c)
	a.request("GET", "/api/workspace/team", nil, c).expect(t, 200)

	proxy.Freeze()
	defer proxy.Restore()
	routes := []struct{ method, path string }{
		{"GET", "/api/workspace/team"}, {"GET", "/api/accounts"}, {"GET", "/api/videos"},
		{"POST", "/api/workspace/bootstrap"}, {"GET", "/api/founding/stats"},
	}
	var wg sync.WaitGroup
	results := make([]response, len(routes))
	took := make([]time.Duration, len(routes))
	for i, r := range routes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			results[i] = a.request(r.method, r.path, nil, c)
			took[i] = time.Since(start)
		}()
	}
	wg.Wait()
	for i, r := range routes {
		expectUnavailable(t, r.method+" "+r.path+" while PostgreSQL is frozen", results[i])
		if took[i] > 3*time.Second {
			t.Errorf("%s %s took %s while PostgreSQL was frozen; want an answer within 3s", r.method, r.path, took[i])
		}
	}

	proxy.Restore()
	waitFor(t, "the pool to serve again after the freeze", func() bool {
		return a.request("GET", "/api/workspace/team", nil, c).Status == 200
	})
}

// TestPoolShrinksAfterAFreeze freezes PostgreSQL while 24 clients keep
// requesting, then thaws it while they go on: the pool grows to its
// maximum to serve the backlog. Once the clients stop, the pool closes the
// connections above its idle size (MinConns) within its idle time and
// health-check period, and none of the connections the freeze broke is
// left counted: the pool is back at its idle size, every connection idle,
// and it serves.
func TestPoolShrinksAfterAFreeze(t *testing.T) {
	const minConns, maxConns = 2, 8
	const idle, check = 500 * time.Millisecond, 100 * time.Millisecond
	pool, proxy := proxiedPostgresWith(t, store.PostgresOptions{MinConns: minConns, MaxConns: maxConns, MaxConnIdleTime: idle, HealthCheckPeriod: check})
	if c := pool.Config(); c.MinConns != minConns || c.MaxConns != maxConns || c.MaxConnIdleTime != idle || c.HealthCheckPeriod != check {
		t.Fatalf("pool configured with min %d, max %d, idle %s, check %s", c.MinConns, c.MaxConns, c.MaxConnIdleTime, c.HealthCheckPeriod)
	}
	a := newApp(t, func(d *wiring.Deps) { d.DB = pool })
	c := a.signUp(uniqueEmail("shrink"))
	a.bootstrap(c)
	total := func() int32 { return pool.Stat().TotalConns() }
	waitFor(t, "the pool at its idle size before the freeze", func() bool { return total() == minConns })

	// clients request until stop, and the pool's size is sampled meanwhile
	var (
		mu      sync.Mutex
		peak    int32
		answers = map[int]int{}
	)
	load := func(d time.Duration) {
		stop := time.Now().Add(d)
		var wg sync.WaitGroup
		for range 24 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for time.Now().Before(stop) {
					res := a.request("GET", "/api/workspace/team", nil, c)
					mu.Lock()
					answers[res.Status]++
					mu.Unlock()
				}
			}()
		}
		for time.Now().Before(stop) {
			mu.Lock()
			peak = max(peak, total())
			mu.Unlock()
			time.Sleep(5 * time.Millisecond)
		}
		wg.Wait()
	}

	proxy.Freeze()
	load(2 * time.Second)
	mu.Lock()
	frozen, frozenPeak := maps.Clone(answers), peak
	clear(answers)
	peak = 0
	mu.Unlock()
	proxy.Restore()
	load(2 * time.Second)
	t.Logf("frozen: answers %v, at most %d connections; thawed: answers %v, at most %d connections", frozen, frozenPeak, answers, peak)
	if frozen[200] != 0 || frozen[503] == 0 {
		t.Fatalf("while frozen the requests answered %v, want only 503", frozen)
	}
	if answers[200] == 0 {
		t.Fatalf("after the thaw the requests answered %v, want 200s", answers)
	}
	if peak <= minConns {
		t.Fatalf("the pool had at most %d connections under the load after the thaw: it never grew, the test shows nothing", peak)
	}

	start := time.Now()
	bound := idle + check + 2*time.Second
	for total() != minConns {
		if time.Since(start) > bound {
			s := pool.Stat()
			t.Fatalf("%s after the load the pool has %d connections (%d idle, %d in use, %d opening), want its idle size %d within %s",
				time.Since(start).Round(time.Millisecond), s.TotalConns(), s.IdleConns(), s.AcquiredConns(), s.ConstructingConns(), minConns, bound)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("the pool went from %d connections back to %d in %s", peak, minConns, time.Since(start).Round(10*time.Millisecond))
	if s := pool.Stat(); s.IdleConns() != minConns || s.AcquiredConns() != 0 || s.ConstructingConns() != 0 {
		t.Fatalf("pool at rest: %d idle, %d in use, %d opening", s.IdleConns(), s.AcquiredConns(), s.ConstructingConns())
	}
	a.request("GET", "/api/workspace/team", nil, c).expect(t, 200)
}

// TestPostgresGoneAnswers503 covers a PostgreSQL that drops its
// connections (a restart) and one that refuses them (stopped): both are the
// one outage answer, never a 500, and the request's log line holds the
// cause.
func TestPostgresGoneAnswers503(t *testing.T) {
	pool, proxy := proxiedPostgres(t)
	a := newApp(t, func(d *wiring.Deps) { d.DB = pool })
	c := a.signUp(uniqueEmail("gone"))
	a.bootstrap(c)

	proxy.Cut()
	for _, path := range []string{"/api/workspace/team", "/api/accounts", "/api/alerts"} {
		expectUnavailable(t, "GET "+path+" while PostgreSQL drops connections", a.request("GET", path, nil, c))
	}
	expectUnavailable(t, "sign-up while PostgreSQL drops connections",
		a.request("POST", "/api/auth/signup", map[string]string{"email": uniqueEmail("gone"), "password": "correct horse"}))
	proxy.Restore()
	waitFor(t, "the pool to serve again after the restart", func() bool {
		return a.request("GET", "/api/workspace/team", nil, c).Status == 200
	})

	// Nothing listens: connections are refused.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close()
	cfg, err := pgxpool.ParseConfig("postgres://postgres@" + closed + "/postgres?sslmode=disable&connect_timeout=2")
	if err != nil {
		t.Fatal(err)
	}
	refusing, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(refusing.Close)
	var logs syncBuffer
	b := newApp(t, func(d *wiring.Deps) {
		d.DB = refusing
		d.Log = slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelWarn}))
	})
	res := b.request("GET", "/api/workspace/team", nil, c)
	expectUnavailable(t, "GET /api/workspace/team with PostgreSQL refusing", res)
	// The request's log line says which server failed and how.
	expectFailureLine(t, &logs, res, "WARN", "unavailable", "connection refused")
	expectUnavailable(t, "login with PostgreSQL refusing",
		b.request("POST", "/api/auth/login", map[string]string{"email": uniqueEmail("gone"), "password": "correct horse"}))
}

// TestClickHouseDownKeepsThePostgreSQLSide stops ClickHouse: the accounts
// and collections lists still answer from PostgreSQL with their figures null
// and metricsAvailable false, and such an answer is not cached; the routes
// that are all numbers answer 503.
func TestClickHouseDownKeepsThePostgreSQLSide(t *testing.T) {
	proxy := testenv.NewCutProxy(t, env.CHOptions.Addr)
	o := env.CHOptions
	o.Addr = proxy.Addr()
	ch := openClickHouse(t, o)
	d := seedDashboard(t, func(d *wiring.Deps) { d.CH = ch })

	var healthy numbers.AccountList
	d.get(t, "/api/accounts", nil, &healthy)
	if !healthy.MetricsAvailable || len(healthy.Accounts) == 0 || healthy.Accounts[0].TotalViews == nil {
		t.Fatalf("accounts with ClickHouse up: %+v", healthy)
	}

	proxy.Cut()
	// parameters not asked before, so nothing comes from the cache
	var accounts numbers.AccountList
	d.get(t, "/api/accounts", url.Values{"sort": {"added"}}, &accounts)
	if accounts.MetricsAvailable || accounts.Total != healthy.Total || len(accounts.Accounts) != len(healthy.Accounts) {
		t.Fatalf("accounts with ClickHouse down: %+v; want the %d accounts without metrics", accounts, healthy.Total)
	}
	for _, acc := range accounts.Accounts {
		if acc.TotalViews != nil || acc.Followers != nil || acc.VideosWithViews != nil || acc.ViewsGained7d != nil ||
			acc.EngagementRate != nil || acc.AverageViews != nil || acc.Handle == "" || acc.TrackedVideos == 0 {
			t.Errorf("account with ClickHouse down: %+v; want its PostgreSQL fields and null figures", acc)
		}
	}
	var collections querycollections.CollectionList
	d.get(t, "/api/collections", nil, &collections)
	if collections.MetricsAvailable || len(collections.Collections) != 1 || collections.Collections[0].Views != nil ||
		collections.Collections[0].Videos != 3 {
		t.Fatalf("collections with ClickHouse down: %+v", collections)
	}
	var one numbers.Account
	d.app.request("PATCH", "/api/accounts/"+d.accounts["acc1"].String(), map[string]any{"tracking_limit": 20}, d.cookie).
		expect(t, 200).decode(t, &one)
	if one.TrackingLimit != 20 || one.TotalViews != nil {
		t.Fatalf("patched account with ClickHouse down: %+v", one)
	}
	for _, path := range []string{"/api/videos", "/api/overview?datePreset=7d", "/api/accounts/" + d.accounts["acc1"].String() + "/analytics"} {
		expectUnavailable(t, "GET "+path+" with ClickHouse down", d.app.request("GET", path, nil, d.cookie))
	}
	for _, kind := range []string{"videos", "accounts"} {
		expectUnavailable(t, kind+" export with ClickHouse down", d.app.request("GET", "/api/export?type="+kind, nil, d.cookie))
	}

	proxy.Restore()
	waitFor(t, "collections with their views once ClickHouse is back", func() bool {
		var l querycollections.CollectionList
		res := d.app.request("GET", "/api/collections", nil, d.cookie)
		if res.Status != 200 {
			return false
		}
		res.decode(t, &l)
		return l.MetricsAvailable && len(l.Collections) == 1 && l.Collections[0].Views != nil
	})
}

// waitFor polls cond for up to testenv.Patience.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(testenv.Patience)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestFrozenClickHouseAnswers503Fast freezes ClickHouse (connections open,
// nothing answers, as under SIGSTOP) with the server's bound on each
// ClickHouse read (CLICKHOUSE_STATEMENT_TIMEOUT, 2.5 s by default): the
// routes that are all numbers answer 503 within 4 s (the bound and 1.5 s
// for the rest of the request on a loaded machine: two reads one after the
// other would take 5 s) instead of holding the request for the whole
// request timeout, the lists that have a PostgreSQL
// side answer it without figures, and once ClickHouse answers again the
// numbers come back without a restart.
func TestFrozenClickHouseAnswers503Fast(t *testing.T) {
	proxy := testenv.NewCutProxy(t, env.CHOptions.Addr)
	o := env.CHOptions
	o.Addr = proxy.Addr()
	def, err := config.Load()
	if err != nil {
		t.Fatal(err)
	}
	o.StatementTimeout = def.ClickHouseStatementTimeout
	if o.StatementTimeout != 2500*time.Millisecond {
		t.Fatalf("the default CLICKHOUSE_STATEMENT_TIMEOUT is %s, want 2.5s", o.StatementTimeout)
	}
	ch := openClickHouse(t, o)
	d := seedDashboard(t, func(d *wiring.Deps) { d.CH = ch })
	var healthy numbers.AccountList
	d.get(t, "/api/accounts", nil, &healthy)
	if !healthy.MetricsAvailable {
		t.Fatalf("accounts with ClickHouse up: %+v", healthy)
	}

	proxy.Freeze()
	defer proxy.Restore()
	// parameters not asked before, so nothing comes from the cache
	paths := []string{"/api/videos?sort=likes", "/api/overview?datePreset=30d",
		"/api/accounts/" + d.accounts["acc1"].String() + "/analytics", "/api/accounts?sort=added"}
	var wg sync.WaitGroup
	results := make([]response, len(paths))
	took := make([]time.Duration, len(paths))
	for i, p := range paths {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			results[i] = d.app.request("GET", p, nil, d.cookie)
			took[i] = time.Since(start)
		}()
	}
	wg.Wait()
	within := o.StatementTimeout + 1500*time.Millisecond
	if within >= def.RequestTimeout {
		t.Fatalf("the request timeout %s is not above %s: the test cannot tell the two apart", def.RequestTimeout, within)
	}
	for i, p := range paths {
		t.Logf("GET %s while ClickHouse was frozen: %d in %s", p, results[i].Status, took[i].Round(time.Millisecond))
		if took[i] > within {
			t.Errorf("GET %s took %s while ClickHouse was frozen; want an answer within %s", p, took[i], within)
		}
		if strings.HasPrefix(p, "/api/accounts?") {
			var l numbers.AccountList
			results[i].expect(t, 200).decode(t, &l)
			if l.MetricsAvailable || len(l.Accounts) != len(healthy.Accounts) {
				t.Errorf("accounts while ClickHouse was frozen: %+v; want the accounts without figures", l)
			}
			continue
		}
		expectUnavailable(t, "GET "+p+" while ClickHouse is frozen", results[i])
	}

	proxy.Restore()
	waitFor(t, "the numbers once ClickHouse answers again", func() bool {
		var l numbers.AccountList
		res := d.app.request("GET", "/api/accounts?sort=followers", nil, d.cookie)
		if res.Status != 200 {
			return false
		}
		res.decode(t, &l)
		return l.MetricsAvailable
	})
}
