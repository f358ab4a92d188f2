// Command bench measures the dashboard's read path at scale. It seeds a
// large workspace (by default 10,000 videos across 200 accounts with hourly
// snapshots over 90 days, about 21.6 million rows) and 1,000 small ones into
// dedicated databases (PostgreSQL and ClickHouse `reeltrack_bench`, Redis
// prefix `bench:`), serves the real API in process on loopback, and measures
// latency and throughput over HTTP with the cache cold (the workspace's data
// version bumped before each request, as a write does) and warm. It also
// loads the same snapshots into a plain PostgreSQL table and times the
// equivalent queries there. It also opens the dashboard (the build embedded
// from web/dist) in a headless Chromium as the large workspace's owner and
// times the overview's chart and the videos table drawn, cold and cached,
// and what the first screen downloads. It prints markdown tables.
//
// The seed is written once and reused while its sizes match; -reseed
// rewrites it. -quick runs tiny sizes for a smoke test.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/config"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/schema"
)

type options struct {
	PGURL       string // the bench's own database
	CH          store.ClickHouseOptions
	RedisURL    string
	RedisPrefix string

	Sizes        sizes
	Duration     time.Duration // warm measurement per route
	Concurrency  int           // warm workers
	ColdRequests int           // cold requests per route
	ExportRuns   int
	BaselineRuns int
	BrowserRuns  int  // timed loads per page and cache state (phase browser)
	NoBrowser    bool // leave the browser phase out unless -only names it (quick runs)
	// AnalystClients analyst connections scan the analytics database meanwhile.
	AnalystClients int
	NoAnalysts     bool // leave the analysts phase out unless -only names it (quick runs)
	NoFair         bool // leave the fair phase out unless -only names it (quick runs)
	// NoGrowth leaves the growth phase out unless -only names it.
	NoGrowth bool
	// Campaign is the campaign phase's, SettleRuns its timed settle runs;
	// NoCampaign leaves the phase out unless -only names it.
	Campaign   campaignSizes
	SettleRuns int
	NoCampaign bool
	// CampaignOthers videos of the campaign's workspace are in no campaign.
	CampaignOthers int
	// RequestTimeout is the in-process server's request deadline.
	RequestTimeout time.Duration
	// Scenarios are the growth scenarios measured, by suffix (nil: all).
	Scenarios []string
	// Refresh are the workspaces the refresh phase plans.
	Refresh    []refreshSize
	BatchRows  int
	MergeWait  time.Duration
	Reseed     bool
	SkipPG     bool
	Strict     bool
	CPUProfile string
	Only       phases   // nil: every phase
	Routes     []string // nil: every route; else routes whose name contains one of these

	// Another workspace's cached list is measured beside heavy exports.
	TenantExports  int           // parallel exports of the large workspace
	SlowReaders    int           // exports read slowly
	SlowReadBytes  int           // bytes a slow reader takes every 100 ms
	TenantDuration time.Duration // each measurement

	Out      io.Writer // the report
	Progress io.Writer // what the bench is doing
}

var defaultSizes = sizes{Videos: 10_000, Accounts: 200, Days: 90, Small: 1_000, SmallVideos: 5, SmallDays: 3}

var quickSizes = sizes{Videos: 60, Accounts: 3, Days: 2, Small: 5, SmallVideos: 2, SmallDays: 1}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func getenv(key, def string) string {
	if v := strings.TrimSpace(os.Getenv(key)); v != "" {
		return v
	}
	return def
}

func run() error {
	o := options{Out: os.Stdout, Progress: os.Stderr, Refresh: refreshSizes}
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.StringVar(&o.PGURL, "pg-url", withDatabase(getenv("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/reeltrack?sslmode=disable&connect_timeout=3"), "reeltrack_bench"),
		"PostgreSQL database of the bench (created when missing; its name must contain \"bench\"); default: DATABASE_URL's server, database reeltrack_bench")
	fs.StringVar(&o.CH.Addr, "ch-addr", getenv("CLICKHOUSE_ADDR", "127.0.0.1:9000"), "ClickHouse native address")
	fs.StringVar(&o.CH.Database, "ch-database", "reeltrack_bench", "ClickHouse database of the bench (created when missing; its name must contain \"bench\")")
	fs.StringVar(&o.RedisURL, "redis-url", getenv("REDIS_URL", "redis://127.0.0.1:6379/0"), "Redis")
	fs.StringVar(&o.RedisPrefix, "redis-prefix", "bench:", "prefix of the bench's Redis keys (must contain \"bench\")")
	fs.IntVar(&o.Sizes.Videos, "videos", defaultSizes.Videos, "videos of the large workspace")
	fs.IntVar(&o.Sizes.Accounts, "accounts", defaultSizes.Accounts, "accounts of the large workspace")
	fs.IntVar(&o.Sizes.Days, "days", defaultSizes.Days, "days of hourly snapshots of the large workspace")
	fs.IntVar(&o.Sizes.Small, "small", defaultSizes.Small, "small workspaces")
	o.Sizes.SmallVideos, o.Sizes.SmallDays = defaultSizes.SmallVideos, defaultSizes.SmallDays
	fs.DurationVar(&o.Duration, "duration", 5*time.Second, "warm measurement time per route")
	fs.IntVar(&o.Concurrency, "concurrency", 8, "concurrent clients of the warm measurement (closed loop: each waits for its answer, so latency ≈ clients / throughput)")
	fs.DurationVar(&o.RequestTimeout, "request-timeout", 15*time.Second, "the in-process server's deadline of a request (REQUEST_TIMEOUT): raise it to measure answers slower than that")
	fs.IntVar(&o.ColdRequests, "cold-requests", 40, "cold requests per route (one at a time)")
	fs.IntVar(&o.ExportRuns, "export-runs", 5, "timed downloads of the export")
	fs.IntVar(&o.TenantExports, "tenant-exports", 20, "parallel exports of the large workspace while another workspace's cached list is measured (phase tenants)")
	fs.IntVar(&o.SlowReaders, "slow-readers", 4, "slow readers of the large workspace's export while another workspace's cached list is measured (phase tenants)")
	fs.IntVar(&o.SlowReadBytes, "slow-read-bytes", 16<<10, "bytes each slow reader takes every 100 ms")
	fs.DurationVar(&o.TenantDuration, "tenant-duration", 15*time.Second, "length of each measurement of the tenants phase")
	fs.IntVar(&o.BrowserRuns, "browser-runs", 15, "timed page loads in Chromium per page, cold and cached (phase browser)")
	fs.IntVar(&o.AnalystClients, "analyst-clients", 2, "analyst connections running full scans of the analytics database while the dashboard is measured (phase analysts)")
	fs.IntVar(&o.BaselineRuns, "baseline-runs", 5, "runs of each PostgreSQL baseline query")
	fs.IntVar(&o.Campaign.Videos, "campaign-videos", defaultCampaign.Videos, "videos of the campaign (phase campaign)")
	fs.IntVar(&o.Campaign.Creators, "campaign-creators", defaultCampaign.Creators, "creators of the campaign, each posting from 1 or 2 accounts (phase campaign)")
	fs.IntVar(&o.Campaign.Weeks, "campaign-weeks", defaultCampaign.Weeks, "weeks over which the campaign's videos were published (phase campaign)")
	fs.IntVar(&o.CampaignOthers, "campaign-others", 0, "videos of the campaign's workspace outside it, on accounts of their own, added to its seed when fewer (phase campaign: its reads must not grow with them)")
	fs.IntVar(&o.SettleRuns, "settle-runs", 5, "timed settle runs of one week of the campaign's lines (phase campaign)")
	fs.IntVar(&o.BatchRows, "batch", 500_000, "rows per ClickHouse insert while seeding")
	fs.DurationVar(&o.MergeWait, "merge-wait", 10*time.Minute, "longest wait for ClickHouse merges after seeding")
	fs.BoolVar(&o.Reseed, "reseed", false, "rewrite the seed even when a complete one of the same sizes exists")
	fs.BoolVar(&o.SkipPG, "skip-pg", false, "skip the PostgreSQL baseline")
	fs.BoolVar(&o.Strict, "strict", false, "exit with status 1 when a target is missed")
	fs.StringVar(&o.CPUProfile, "cpuprofile", "", "write a CPU profile of the cold and warm phases (server and clients) to this file, of the export to it with .export and of the campaign phase with .campaign")
	only := fs.String("only", "", "run only these phases, comma-separated, of "+strings.Join(allPhases, ", ")+" (e.g. -only warm); default all")
	scenarios := fs.String("scenarios", "", "seed and measure only these growth scenarios, comma-separated suffixes of "+scenarioNames()+"; default all")
	routes := fs.String("routes", "", "measure only the routes whose name contains one of these comma-separated words (e.g. -routes overview,accounts); default all")
	forecast := fs.Bool("forecast-backtest", false, "backtest the views forecast on the large workspace's histories, regenerated in process (no database), print the figures and exit")
	quick := fs.Bool("quick", false, "smoke test: tiny sizes and short measurements, in databases reeltrack_bench_quick and Redis prefix bench_quick:")
	if err := fs.Parse(os.Args[1:]); err != nil {
		return err
	}
	if *forecast {
		return forecastBacktest(o.Out, o.Sizes)
	}
	// The bench makes databases of its own and reads the query log: as the
	// administrator.
	o.CH.User, o.CH.Password = store.AdminCredentials(o.CH.Addr, os.LookupEnv)
	var err error
	if o.Only, err = parsePhases(*only); err != nil {
		return err
	}
	if *routes != "" {
		o.Routes = strings.Split(*routes, ",")
	}
	if *scenarios != "" {
		for _, x := range strings.Split(*scenarios, ",") {
			if !slices.ContainsFunc(growthScenarios, func(sc growthScenario) bool { return sc.Suffix == strings.TrimSpace(x) }) {
				return fmt.Errorf("-scenarios %q: unknown scenario %q, want some of %s", *scenarios, x, scenarioNames())
			}
			o.Scenarios = append(o.Scenarios, strings.TrimSpace(x))
		}
	}
	if *quick {
		o.quick()
		// Quick runs keep their own databases, never replacing the full-size seed.
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if !set["pg-url"] {
			o.PGURL = withDatabase(o.PGURL, "reeltrack_bench_quick")
		}
		if !set["ch-database"] {
			o.CH.Database = "reeltrack_bench_quick"
		}
		if !set["redis-prefix"] {
			o.RedisPrefix = "bench_quick:"
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ok, err := bench(ctx, o)
	if err != nil {
		return err
	}
	if !ok && o.Strict {
		return errors.New("a target was missed")
	}
	return nil
}

var allPhases = []string{"cold", "insights", "warm", "agency", "browser", "analysts", "fair", "growth", "campaign", "export", "tenants", "baseline", "refresh"}

type phases map[string]bool

func parsePhases(s string) (phases, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	p := phases{}
	for _, x := range strings.Split(s, ",") {
		x = strings.TrimSpace(x)
		if !slices.Contains(allPhases, x) {
			return nil, fmt.Errorf("-only %q: unknown phase %q, want some of %s", s, x, strings.Join(allPhases, ", "))
		}
		p[x] = true
	}
	return p, nil
}

func (p phases) runs(phase string) bool { return p == nil || p[phase] }

// ownWorldOnly reports whether every phase to run has databases of its own or
// none, so the default world need not be seeded or served.
func (p phases) ownWorldOnly() bool {
	if p == nil {
		return false
	}
	for phase := range p {
		if phase != "campaign" && phase != "refresh" {
			return false
		}
	}
	return true
}

func (o *options) quick() {
	o.Sizes = quickSizes
	o.Duration = 300 * time.Millisecond
	o.Concurrency = min(o.Concurrency, 4)
	o.ColdRequests, o.ExportRuns, o.BaselineRuns = 3, 2, 2
	o.TenantDuration = time.Second
	o.MergeWait = 5 * time.Second
	// These phases take long, need root or seed worlds of their own: a quick run
	// leaves them out unless -only names them (the campaign then at a tiny size).
	o.NoBrowser, o.BrowserRuns = true, 3
	o.NoAnalysts = true
	o.NoFair = true
	o.NoGrowth = true
	o.NoCampaign, o.Campaign, o.SettleRuns = true, quickCampaign, 2
	o.Refresh = refreshSizes[:1]
}

func withDatabase(dsn, db string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return dsn
	}
	u.Path = "/" + db
	return u.String()
}

type stores struct {
	*store.Stores
	chDatabase string                  // the bench's ClickHouse database
	chOptions  store.ClickHouseOptions // how to connect to it
}

func (s *stores) close() { s.Close() }

// openStores creates the bench databases where missing, migrates them and
// connects. Names without "bench" are refused: seeding empties the tables.
func openStores(ctx context.Context, o options) (*stores, error) {
	u, err := url.Parse(o.PGURL)
	if err != nil {
		return nil, fmt.Errorf("parse -pg-url: %w", err)
	}
	pgName := strings.TrimPrefix(u.Path, "/")
	for what, name := range map[string]string{"PostgreSQL database": pgName, "ClickHouse database": o.CH.Database, "Redis prefix": o.RedisPrefix} {
		if !strings.Contains(strings.ToLower(name), "bench") {
			return nil, fmt.Errorf("%s %q: the bench empties what it seeds, so the name must contain \"bench\"", what, name)
		}
	}
	if err := createPostgresDB(ctx, o.PGURL, pgName); err != nil {
		return nil, err
	}
	admin, err := store.OpenClickHouse(ctx, store.ClickHouseOptions{Addr: o.CH.Addr, Database: "default", User: o.CH.User, Password: o.CH.Password})
	if err != nil {
		return nil, err
	}
	err = admin.Exec(ctx, "CREATE DATABASE IF NOT EXISTS "+o.CH.Database)
	admin.Close()
	if err != nil {
		return nil, fmt.Errorf("create clickhouse database: %w", err)
	}
	opened, err := store.Open(ctx, store.Options{
		PostgresURL: o.PGURL, Postgres: store.PostgresOptions{MaxConns: config.DefaultDatabaseMaxConns},
		ClickHouse: o.CH, RedisURL: o.RedisURL, RedisPrefix: o.RedisPrefix,
		// The bench's own client seeds and empties the cache in batches; a
		// request's short budget is the measured server's, not this one's.
		RedisCallTimeout: 5 * time.Second,
	}, nil)
	if err != nil {
		return nil, err
	}
	st := &stores{opened, o.CH.Database, o.CH}
	if _, err := schema.MigrateAll(ctx, st.PG, st.CH, schema.ClickHouseLayout{}, o.CH.Database); err != nil {
		st.close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	if err := st.Redis.Ping(ctx); err != nil {
		st.close()
		return nil, fmt.Errorf("redis does not answer (the warm measurement needs it): %w", err)
	}
	return st, nil
}

func createPostgresDB(ctx context.Context, dsn, name string) error {
	admin, err := pgx.Connect(ctx, withDatabase(dsn, "postgres"))
	if err != nil {
		return fmt.Errorf("connect to postgres: %w", err)
	}
	defer admin.Close(ctx)
	var exists bool
	if err := admin.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return fmt.Errorf("look up database %s: %w", name, err)
	}
	if exists {
		return nil
	}
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return fmt.Errorf("create database %s: %w", name, err)
	}
	return nil
}

func openServerClickHouse(ctx context.Context, o store.ClickHouseOptions) (driver.Conn, error) {
	o.Settings = clickhouse.Settings{"log_queries": 1}
	return store.OpenClickHouse(ctx, o)
}

type queryTime struct {
	Query               string
	Count               uint64
	P50, P95            float64 // ms
	ReadRows, ReadBytes float64 // medians
	MemoryBytes         float64 // median
}

// clickhouseTimes reads the query log between since and until, grouped by
// the start of each query's text.
func clickhouseTimes(ctx context.Context, ch driver.Conn, since, until time.Time) ([]queryTime, error) {
	rows, err := ch.Query(ctx, `
SELECT substring(replaceRegexpAll(query, '\\s+', ' '), 1, 60) AS q, count(),
    toUInt64(quantileExact(0.5)(query_duration_ms)), toUInt64(quantileExact(0.95)(query_duration_ms)),
    toUInt64(quantileExact(0.5)(read_rows)), toUInt64(quantileExact(0.5)(read_bytes)), toUInt64(quantileExact(0.5)(memory_usage))
FROM system.query_log
WHERE type = 2 AND event_time >= toDateTime(?) AND event_time < toDateTime(?) AND query NOT LIKE '%system.%'
GROUP BY q
ORDER BY count() DESC, q
LIMIT 10`, since.Unix(), until.Unix()+1)
	if err != nil {
		return nil, fmt.Errorf("read query log: %w", err)
	}
	defer rows.Close()
	var out []queryTime
	for rows.Next() {
		var q queryTime
		var p50, p95, rr, rb, mem uint64
		if err := rows.Scan(&q.Query, &q.Count, &p50, &p95, &rr, &rb, &mem); err != nil {
			return nil, fmt.Errorf("read query log: %w", err)
		}
		q.P50, q.P95, q.ReadRows, q.ReadBytes, q.MemoryBytes = float64(p50), float64(p95), float64(rr), float64(rb), float64(mem)
		out = append(out, q)
	}
	return out, rows.Err()
}

func randomSecret() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
