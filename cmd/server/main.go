// Command server runs the reeltrack HTTP API and serves the dashboard built
// into it (package web): it loads the configuration, connects to PostgreSQL,
// ClickHouse and Redis, applies pending migrations and serves until SIGINT
// or SIGTERM.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/reeltrack/reeltrack"
	"github.com/reeltrack/reeltrack/api"
	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/command/billing"
	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/config"
	"github.com/reeltrack/reeltrack/internal/logctx"
	"github.com/reeltrack/reeltrack/internal/mail"
	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/payment"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/schema"
	"github.com/reeltrack/reeltrack/web"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "server:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := config.Load()
	if err != nil {
		return fmt.Errorf("configuration:\n%w", err)
	}
	// every line written with a request's context names the request
	log := slog.New(logctx.Handler{Handler: slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: cfg.LogLevel})})
	log.Info("starting", "config", cfg)
	if cfg.GeneratedSessionToken {
		log.Warn("SESSION_SECRET is not set: using a random secret, so sessions end when the server restarts")
	}
	if cfg.LocalClickHousePassword {
		log.Info("CLICKHOUSE_PASSWORD is not set: using the local development password of ClickHouse user " + cfg.ClickHouseUser + " (ClickHouse is on this machine)")
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	m := metrics.New()
	storeOptions := cfg.Stores()
	storeOptions.Postgres.Metrics, storeOptions.ClickHouse.Metrics = m, m
	stores, err := store.Open(ctx, storeOptions, log)
	if err != nil {
		return err
	}
	defer stores.Close()
	pg, ch, rds := stores.PG, stores.CH, stores.Redis
	m.WatchPostgres(pg, log)
	m.WatchClickHouse(ch, log)
	if err := rds.Ping(ctx); err != nil {
		log.Warn("redis is not answering: running without cache, rate limits per process", "error", err)
	}

	applied, err := schema.MigrateAll(store.WithoutStatementBound(ctx), pg, ch, schema.ClickHouseLayout{Cluster: cfg.ClickHouseCluster, Node: store.NodeDialer(cfg.Stores().ClickHouse)}, cfg.ClickHouseDatabase)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	log.Info("migrations applied", "postgres", applied.Postgres, "clickhouse", applied.ClickHouse)

	passwords, err := auth.NewPasswords(cfg.BcryptCost)
	if err != nil {
		return err
	}
	var provider *ingest.Client
	if cfg.ScraperToken != "" {
		provider = ingest.NewClient(ingest.ClientOptions{BaseURL: cfg.ScraperBaseURL, Token: cfg.ScraperToken, Metrics: m})
	} else {
		log.Warn("SCRAPER_TOKEN is not set: tracked items are recorded but not scraped")
	}
	var pay billing.PaymentProvider
	if cfg.StripeSecretKey != "" {
		pay = payment.NewStripe(payment.Options{SecretKey: cfg.StripeSecretKey, APIURL: cfg.StripeAPIURL})
		if cfg.StripeWebhookSecret == "" {
			log.Warn("STRIPE_WEBHOOK_SECRET is not set: the payment webhook refuses every event, so payments do not change plans")
		}
	} else {
		log.Warn("STRIPE_SECRET_KEY is not set: billing is off and the billing routes answer 503")
	}
	sender, err := mail.NewSender(mail.Options{URL: cfg.SMTPURL, From: cfg.MailFrom}, log)
	if err != nil {
		return fmt.Errorf("mail: %w", err)
	}
	site := web.New(nil)
	if site.Built() {
		// The build brings its compressed forms (web/precompress.mjs); a
		// build without them is compressed here, in the background, as
		// brotli at its best level takes a moment per file.
		go site.Precompress()
	} else {
		log.Warn("the dashboard is not built into this binary: its pages answer 503; run `make web` and build again")
	}
	deps := wiring.API(wiring.Deps{
		Config:    cfg,
		Log:       log,
		DB:        pg,
		CH:        ch,
		Redis:     rds,
		Tokens:    auth.NewTokens(cfg.SessionSecret, cfg.SessionTTL),
		Passwords: passwords,
		OpenAPI:   reeltrack.OpenAPI,
		Now:       time.Now,
		Provider:  provider,
		Actors:    actors(cfg),
		Mail:      outbox.Mailer{Mail: sender},
		Payment:   pay,
		Site:      site,
		Metrics:   m,
	})
	m.WatchForeground(deps.Foreground.Load)
	app := api.New(deps)

	// The metrics listener opens first, so a taken METRICS_ADDR stops the start
	// before the API serves, and closes last, so the drain can be watched.
	stopMetrics, err := serveMetrics(cfg.MetricsAddr, m, log)
	if err != nil {
		return err
	}
	defer stopMetrics()
	serveErr := make(chan error, 1)
	go func() {
		log.Info("listening", "addr", cfg.HTTPAddr)
		serveErr <- app.Listen(cfg.HTTPAddr)
	}()
	stopScheduler, err := startScheduler(ctx, cfg, log, m)
	if err != nil {
		return err
	}
	defer stopScheduler()
	stopAnalyticsSync := startAnalyticsSync(store.WithoutStatementBound(ctx), pg, ch, schema.AnalyticsDatabase(cfg.ClickHouseDatabase), analyticsSyncInterval, log, m)
	defer stopAnalyticsSync()
	stopSnapshotRetention := startSnapshotRetention(store.WithoutStatementBound(ctx), ch, schema.Placement{DB: cfg.ClickHouseDatabase, Cluster: cfg.ClickHouseCluster, Node: store.NodeDialer(cfg.Stores().ClickHouse)}, cfg.SnapshotRetention, snapshotRetentionInterval, time.Now, log, m)
	defer stopSnapshotRetention()
	select {
	case err := <-serveErr:
		return fmt.Errorf("listen on %s: %w", cfg.HTTPAddr, err)
	case <-ctx.Done():
	}
	log.Info("shutting down")
	// No new cron round may start while the server drains its requests.
	stopScheduler()
	stopAnalyticsSync()
	stopSnapshotRetention()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := app.ShutdownWithContext(shutdownCtx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("shutdown: %w", err)
	}
	log.Info("stopped")
	return nil
}

// afterSchedulerRound, if set, is called after each scheduler round (tests).
var afterSchedulerRound func()

// startScheduler starts the in-process scheduler if SCHEDULER_INTERVAL is set.
func startScheduler(ctx context.Context, cfg config.Config, log *slog.Logger, m *metrics.Metrics) (stop func(), err error) {
	if cfg.SchedulerInterval == 0 {
		return func() {}, nil
	}
	base, err := selfURL(cfg.HTTPAddr)
	if err != nil {
		return nil, err
	}
	s := scheduler{
		base: base, secret: cfg.CronSecret, interval: cfg.SchedulerInterval, tasks: cronTasks,
		// only for a server that stopped answering: routes have deadlines
		client:     &http.Client{Timeout: cfg.BatchTimeout + time.Minute},
		log:        log,
		afterRound: afterSchedulerRound,
		metrics:    m,
	}
	return inBackground(ctx, s.run), nil
}

func actors(cfg config.Config) ingest.Actors {
	out := ingest.Actors{}
	for name, id := range cfg.ScraperActors {
		p := platform.Platform(name)
		out[p] = ingest.Actor{ID: id, Extra: cfg.ScraperInputs[name], Streams: p == platform.YouTube && cfg.ScraperYouTubeStreams}
	}
	return out
}
