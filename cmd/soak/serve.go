package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"runtime"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/reeltrack/reeltrack"
	"github.com/reeltrack/reeltrack/api"
	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/config"
	"github.com/reeltrack/reeltrack/internal/logctx"
	"github.com/reeltrack/reeltrack/internal/mail"
	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/projections"
	"github.com/reeltrack/reeltrack/projections/analytics"
	"github.com/reeltrack/reeltrack/schema"
)

// simClock is the served server's clock: the wall clock moved on by what the
// driver asked (POST /soak/clock), as the simulator's is.
type simClock struct{ ahead atomic.Int64 }

func (c *simClock) now() time.Time { return time.Now().Add(time.Duration(c.ahead.Load())) }

// The served server's loops, as cmd/server runs them: the analytics sync
// on the wall clock, the snapshot retention each simulated hour.
const (
	analyticsSyncEvery = 10 * time.Second
	retentionEvery     = time.Hour
)

// serve runs the server as cmd/server does (the stores, migrations, the
// handlers built by wiring, the metrics listener, the analytics sync and
// the snapshot retention) from the same environment, with two differences:
// every handler's clock is simClock, and the metrics listener also answers
// POST /soak/clock?by=DURATION (moves the clock on), GET /soak/heap (the
// Go heap live after a collection) and GET /debug/pprof/ (net/http/pprof's
// profiles). The cron routes are the driver's to
// call, as an external scheduler would.
func serve() error {
	cfg, err := config.Load()
	if err != nil {
		return fmt.Errorf("configuration:\n%w", err)
	}
	log := slog.New(logctx.Handler{Handler: slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: cfg.LogLevel})})
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	m := metrics.New()
	so := cfg.Stores()
	so.Postgres.Metrics, so.ClickHouse.Metrics = m, m
	stores, err := store.Open(ctx, so, log)
	if err != nil {
		return err
	}
	defer stores.Close()
	m.WatchPostgres(stores.PG, log)
	m.WatchClickHouse(stores.CH, log)
	placement := schema.Placement{DB: cfg.ClickHouseDatabase, Cluster: cfg.ClickHouseCluster, Node: store.NodeDialer(so.ClickHouse)}
	if _, err := schema.MigrateAll(store.WithoutStatementBound(ctx), stores.PG, stores.CH,
		schema.ClickHouseLayout{Cluster: cfg.ClickHouseCluster, Node: placement.Node}, cfg.ClickHouseDatabase); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	passwords, err := auth.NewPasswords(cfg.BcryptCost)
	if err != nil {
		return err
	}
	sender, err := mail.NewSender(mail.Options{URL: cfg.SMTPURL, From: cfg.MailFrom}, log)
	if err != nil {
		return fmt.Errorf("mail: %w", err)
	}
	clock := &simClock{}
	actors := ingest.Actors{}
	for name, id := range cfg.ScraperActors {
		p := platform.Platform(name)
		actors[p] = ingest.Actor{ID: id, Extra: cfg.ScraperInputs[name], Streams: p == platform.YouTube && cfg.ScraperYouTubeStreams}
	}
	deps := wiring.API(wiring.Deps{
		Config: cfg, Log: log, DB: stores.PG, CH: stores.CH, Redis: stores.Redis,
		Tokens: auth.NewTokens(cfg.SessionSecret, cfg.SessionTTL), Passwords: passwords, OpenAPI: reeltrack.OpenAPI,
		Now:      clock.now,
		Provider: ingest.NewClient(ingest.ClientOptions{BaseURL: cfg.ScraperBaseURL, Token: cfg.ScraperToken, Metrics: m}),
		Actors:   actors, Mail: outbox.Mailer{Mail: sender}, Metrics: m,
	})
	m.WatchForeground(deps.Foreground.Load)
	app := api.New(deps)

	ln, err := net.Listen("tcp", cfg.MetricsAddr)
	if err != nil {
		return fmt.Errorf("metrics listener on %s: %w", cfg.MetricsAddr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	mux.HandleFunc("POST /soak/clock", func(w http.ResponseWriter, r *http.Request) {
		d, err := time.ParseDuration(r.URL.Query().Get("by"))
		if err != nil || d < 0 {
			http.Error(w, "by must be a non-negative duration", http.StatusBadRequest)
			return
		}
		clock.ahead.Add(int64(d))
		_ = json.NewEncoder(w).Encode(map[string]time.Time{"now": clock.now().UTC()})
	})
	mux.HandleFunc("GET /soak/heap", func(w http.ResponseWriter, _ *http.Request) {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		_ = json.NewEncoder(w).Encode(map[string]uint64{"heapAlloc": ms.HeapAlloc})
	})
	// the heap and goroutines, to see what a failed bound held
	mux.HandleFunc("GET /debug/pprof/", pprof.Index)
	control := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = control.Serve(ln) }()
	defer control.Close()

	serveErr := make(chan error, 1)
	go func() { serveErr <- app.Listen(cfg.HTTPAddr) }()

	loops, cancelLoops := context.WithCancel(store.WithoutStatementBound(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		runLoops(loops, cfg, stores, placement, clock, log, m)
	}()
	defer func() { cancelLoops(); <-done }()

	select {
	case err := <-serveErr:
		return fmt.Errorf("listen on %s: %w", cfg.HTTPAddr, err)
	case <-ctx.Done():
	}
	cancelLoops()
	<-done
	shutdown, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := app.ShutdownWithContext(shutdown); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

// runLoops runs the analytics sync every analyticsSyncEvery of the wall
// clock and the snapshot retention every retentionEvery of the simulated
// clock, until ctx ends.
func runLoops(ctx context.Context, cfg config.Config, st *store.Stores, p schema.Placement, clock *simClock, log *slog.Logger, m *metrics.Metrics) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	var synced, retained time.Time
	for {
		if time.Since(synced) >= analyticsSyncEvery {
			synced = time.Now()
			call, cancel := context.WithTimeout(ctx, 2*time.Minute)
			if _, err := analytics.Sync(call, st.PG, st.CH, schema.AnalyticsDatabase(cfg.ClickHouseDatabase)); err != nil && ctx.Err() == nil {
				log.Warn("analytics sync failed", "error", err)
			} else if err == nil {
				m.TaskSucceeded(metrics.TaskAnalyticsSync, time.Now())
			}
			cancel()
		}
		if now := clock.now(); cfg.SnapshotRetention > 0 && now.Sub(retained) >= retentionEvery {
			retained = now
			call, cancel := context.WithTimeout(ctx, 5*time.Minute)
			if _, err := projections.DropExpiredSnapshots(call, st.CH, p, now, cfg.SnapshotRetention); err != nil && ctx.Err() == nil {
				log.Warn("dropping expired raw snapshots failed", "error", err)
			} else if err == nil {
				m.TaskSucceeded(metrics.TaskSnapshotRetention, now)
			}
			cancel()
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
