package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/config"
	"github.com/reeltrack/reeltrack/internal/store"
)

const simToken = "sim-token"

// scrapeWait bounds the wait for the scrapes a refresh queued: their runs,
// webhooks and ingestion.
const scrapeWait = 5 * time.Minute

// soak is one run: the processes it started, its view of the stores, and
// what it measured.
type soak struct {
	o   options
	out io.Writer
	dir string

	sim, server   *process
	simBase       string
	base, control string
	api           *client
	inbox         *inbox
	hooks         *receiver

	pg   *pgxpool.Pool
	ch   driver.Conn
	chDB string

	ws       uuid.UUID
	accounts int
	start    time.Time // simulated, when the items were tracked
	ahead    time.Duration

	steps    []step
	problems []string
	// the dashboard's reads each round: made, answered busy (503 or 429:
	// retried), and still busy after retries
	reads, readsBusy, readsFailed int
	// the cron calls answered busy, and retried
	cronBusy int
}

// step is what one round of the cron routes did and how the server stood
// after it.
type step struct {
	reading
	Day                 int
	Queued              int           // by the refresh
	Processed, Retried  int           // the workspace's scrape jobs processed so far; of them, those whose first run failed
	Mails, Hooks        int           // received so far by the inbox and the channel
	Alerted, Dispatched int           // by the alerts cron
	Took                time.Duration // the step on the wall clock
	Refresh, Alerts     time.Duration // of Took: the refresh with its scrapes' ingestion; the alerts cron
}

func run(o options, out io.Writer) (err error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	began, loadBefore := time.Now(), loadavg()
	dir, err := os.MkdirTemp("", "reeltrack-soak-")
	if err != nil {
		return err
	}
	// the servers' logs are kept for a run that failed
	defer func() {
		if err == nil {
			os.RemoveAll(dir)
		}
	}()
	s := &soak{o: o, out: out, dir: dir}
	defer s.close()
	if o.Fresh != "" {
		drop, err := freshDatabases(ctx, o.Fresh)
		if err != nil {
			return err
		}
		if !o.Keep {
			// after the servers stopped: ClickHouse's DROP DATABASE waits
			// for the queries of a server still running
			defer func() { s.close(); drop() }()
		}
	}
	if err := s.startServers(); err != nil {
		return err
	}
	if err := s.openStores(ctx); err != nil {
		return err
	}
	if err := s.setUp(ctx); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "soak: %d items (%d accounts of %d videos), %d simulated days in steps of %s; logs in %s\n",
		s.accounts*o.PerAccount, s.accounts, o.PerAccount, o.Days, o.Step, dir)
	if err := s.runDays(ctx); err != nil {
		return err
	}
	if err := s.drain(ctx); err != nil {
		return err
	}
	rec, err := s.recompute(ctx)
	if err != nil {
		return err
	}
	final, err := s.afterMerges(ctx)
	if err != nil {
		return err
	}
	s.report(rec, final, loadBefore, time.Since(began))
	if len(s.problems) > 0 {
		return fmt.Errorf("%d checks failed (logs in %s)", len(s.problems), dir)
	}
	return nil
}

// startServers starts the inbox, the channel's endpoint, the simulator and
// the served server, pointing the server at the others.
func (s *soak) startServers() error {
	var err error
	if s.inbox, err = startInbox(); err != nil {
		return err
	}
	if s.hooks, err = startReceiver(); err != nil {
		return err
	}
	simAddr, err := freeAddr()
	if err != nil {
		return err
	}
	s.simBase = "http://" + simAddr
	s.sim, err = startProcess("scrapersim", s.dir, s.o.Scrapersim, []string{
		"-addr", simAddr, "-token", simToken, "-run-duration", "50ms", "-quirks=false",
		"-fail-rate", strconv.FormatFloat(s.o.FailRate, 'f', -1, 64), "-webhook-backoff", "200ms",
	}, s.simBase, "/healthz", 2*time.Minute)
	if err != nil {
		return err
	}
	httpAddr, err := freeAddr()
	if err != nil {
		return err
	}
	metricsAddr, err := freeAddr()
	if err != nil {
		return err
	}
	s.base, s.control = "http://"+httpAddr, "http://"+metricsAddr
	cronSecret := randomHex(16)
	prefix := os.Getenv("REDIS_PREFIX") + "soak:" + randomHex(4) + ":"
	if s.o.Fresh != "" {
		prefix = s.o.Fresh + ":" + randomHex(4) + ":"
	}
	for k, v := range map[string]string{
		"HTTP_ADDR": httpAddr, "PUBLIC_BASE_URL": s.base, "METRICS_ADDR": metricsAddr,
		"SCRAPER_BASE_URL": s.simBase, "SCRAPER_TOKEN": simToken, "CRON_SECRET": cronSecret,
		"SMTP_URL": s.inbox.url, "CHANNEL_ALLOWED_ADDRESSES": "127.0.0.1", "SCHEDULER_INTERVAL": "",
		"SESSION_SECRET": randomHex(32), "REDIS_PREFIX": prefix, "LOG_LEVEL": "warn",
		// the cheapest bcrypt: one sign-up
		"BCRYPT_COST": "4",
		// the soak's own reads are one user's, many a minute
		"RATE_LIMIT_USER_PER_MINUTE": "1000000", "RATE_LIMIT_PUBLIC_PER_MINUTE": "100000",
		"STRIPE_SECRET_KEY": "",
	} {
		os.Setenv(k, v)
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	s.server, err = startProcess("server", s.dir, self, []string{"serve"}, s.base, "/healthz", 3*time.Minute)
	if err != nil {
		return err
	}
	s.api = newClient(s.base, cronSecret)
	return nil
}

// openStores opens the soak's own connections to the server's databases,
// to wait on the queues and recompute the numbers.
func (s *soak) openStores(ctx context.Context) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	if s.pg, err = store.OpenPostgres(ctx, cfg.DatabaseURL, store.PostgresOptions{MaxConns: 4}); err != nil {
		return err
	}
	s.chDB = cfg.ClickHouseDatabase
	s.ch, err = store.OpenClickHouse(ctx, store.ClickHouseOptions{
		Addr: cfg.ClickHouseAddr, Database: cfg.ClickHouseDatabase, User: cfg.ClickHouseUser, Password: cfg.ClickHousePassword,
	})
	return err
}

// close stops what the soak started; a second call does nothing.
func (s *soak) close() {
	for _, p := range []*process{s.server, s.sim} {
		if p != nil {
			p.stop()
		}
	}
	s.server, s.sim = nil, nil
	if s.pg != nil {
		s.pg.Close()
		s.pg = nil
	}
	if s.ch != nil {
		s.ch.Close()
		s.ch = nil
	}
	if s.inbox != nil {
		s.inbox.close()
		s.inbox = nil
	}
	if s.hooks != nil {
		s.hooks.close()
		s.hooks = nil
	}
}

// now is the simulated time.
func (s *soak) now() time.Time { return time.Now().Add(s.ahead).UTC() }

// advance moves the simulator's clock and the server's on by d.
func (s *soak) advance(ctx context.Context, d time.Duration) error {
	simNow, err := moveClock(ctx, s.simBase+"/sim/clock", simToken, d)
	if err != nil {
		return err
	}
	srvNow, err := moveClock(ctx, s.control+"/soak/clock", "", d)
	if err != nil {
		return err
	}
	s.ahead += d
	// the two calls lie a moment apart on a loaded machine
	if skew := srvNow.Sub(simNow); skew.Abs() > 30*time.Second {
		return fmt.Errorf("the simulator's clock reads %s, the server's %s", simNow, srvNow)
	}
	return nil
}

// runDays runs the cron rounds of o.Days simulated days.
func (s *soak) runDays(ctx context.Context) error {
	perDay := int(24 * time.Hour / s.o.Step)
	for i := 1; i <= s.o.Days*perDay; i++ {
		st, err := s.round(ctx, s.o.Step)
		if err != nil {
			return fmt.Errorf("step %d (%s simulated): %w", i, s.now().Sub(s.start).Round(time.Minute), err)
		}
		st.Day = (i-1)/perDay + 1
		s.steps = append(s.steps, st)
		if i%perDay == 0 && s.o.Progress {
			var refresh, alerts time.Duration
			for _, d := range s.steps[len(s.steps)-perDay:] {
				refresh, alerts = refresh+d.Refresh, alerts+d.Alerts
			}
			fmt.Fprintf(os.Stderr, "soak: day %d done at %s: %d jobs processed, RSS %.0f MiB, heap %.0f MiB, %.0f goroutines; a round's refresh and ingestion %.1f s, alerts cron %.1f s on average; load %s\n",
				st.Day, time.Now().Format("15:04:05"), st.Processed, st.RSS/(1<<20), st.Heap/(1<<20), st.Goroutines,
				refresh.Seconds()/float64(perDay), alerts.Seconds()/float64(perDay), loadavg())
		}
	}
	return nil
}

// alertsAnswer is what the soak reads of GET /api/cron/alerts.
type alertsAnswer struct {
	Alerted int `json:"alerted"`
	Events  struct {
		Dispatched int `json:"dispatched"`
	} `json:"events"`
}

// round moves the clocks on by d, calls the cron routes, reads the
// dashboard and samples the server at rest.
func (s *soak) round(ctx context.Context, d time.Duration) (step, error) {
	began := time.Now()
	var st step
	if err := s.advance(ctx, d); err != nil {
		return st, err
	}
	if err := s.server.alive(); err != nil {
		return st, err
	}
	var refreshed struct {
		Queued int `json:"queued"`
	}
	if err := s.cron(ctx, "/api/cron/refresh", &refreshed); err != nil {
		return st, err
	}
	st.Queued = refreshed.Queued
	if err := s.waitScrapes(ctx); err != nil {
		return st, err
	}
	st.Refresh = time.Since(began)
	var alerted alertsAnswer
	if err := s.cron(ctx, "/api/cron/alerts", &alerted); err != nil {
		return st, err
	}
	st.Alerts = time.Since(began) - st.Refresh
	st.Alerted, st.Dispatched = alerted.Alerted, alerted.Events.Dispatched
	for _, path := range []string{"/api/videos?limit=50&sort=gained24h", "/api/overview?datePreset=7d", "/api/accounts", "/api/alerts/events"} {
		n, err := s.api.patiently(ctx, "GET", path, nil, nil)
		s.reads++
		s.readsBusy += n
		if _, ok := busy(err); ok {
			s.readsFailed++
		} else if err != nil {
			return st, err
		}
	}
	r, ok, err := waitAtRest(ctx, s.control)
	if err != nil {
		return st, err
	}
	r.At = s.now()
	if !ok {
		s.fail("the server at rest after the step at %s: PostgreSQL connections in use %.0f (opening %.0f), ClickHouse %.0f, requests %.0f, background %.0f after %s",
			r.At.Format(time.RFC3339), r.PGInUse, r.PGOpening, r.chInUse(), r.InFlight, r.Waiting, restWait)
	}
	if r.Parts, r.PartsInPartition, r.PartsTable, err = readParts(ctx, s.ch, s.chDB); err != nil {
		return st, err
	}
	st.reading = r
	if err := s.pg.QueryRow(ctx, `SELECT count(*) FILTER (WHERE status = 'processed'), count(*) FILTER (WHERE status = 'processed' AND attempts > 1)
		FROM scrape_jobs WHERE workspace_id = $1`, s.ws).Scan(&st.Processed, &st.Retried); err != nil {
		return st, err
	}
	st.Mails, st.Hooks = s.inbox.received(), int(s.hooks.count.Load())
	st.Took = time.Since(began)
	return st, nil
}

// cron calls a cron route as a scheduler would, again while the server
// answers busy.
func (s *soak) cron(ctx context.Context, path string, out any) error {
	n, err := s.api.patiently(ctx, "GET", path, nil, out)
	s.cronBusy += n
	return err
}

// waitScrapes waits until none of the workspace's scrape jobs is queued or
// running: every run started, finished, delivered its webhook and was
// ingested (or failed, for the refresh to retry).
func (s *soak) waitScrapes(ctx context.Context) error {
	deadline := time.Now().Add(scrapeWait)
	for {
		var waiting int
		if err := s.pg.QueryRow(ctx, `SELECT count(*) FROM scrape_jobs WHERE workspace_id = $1 AND status IN ('queued', 'running')`, s.ws).
			Scan(&waiting); err != nil {
			return err
		}
		if waiting == 0 {
			return nil
		}
		if err := s.server.alive(); err != nil {
			return err
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%d scrape jobs still queued or running after %s", waiting, scrapeWait)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// pending counts what still waits: scrape jobs queued, running or failed
// and to be retried; e-mails and channel deliveries not sent.
func (s *soak) pending(ctx context.Context) (jobs, mails, deliveries int, err error) {
	err = s.pg.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM scrape_jobs WHERE status IN ('queued', 'running') OR (status = 'failed' AND given_up_at IS NULL)),
		(SELECT count(*) FROM mail_outbox WHERE status = 'pending'),
		(SELECT count(*) FROM event_deliveries WHERE status = 'pending')`).Scan(&jobs, &mails, &deliveries)
	return jobs, mails, deliveries, err
}

// drainRounds bounds the rounds after the last day that retry what waits.
const drainRounds = 12

// drain runs short rounds (10 simulated minutes) until nothing waits:
// failed scrapes retried, e-mails and deliveries sent.
func (s *soak) drain(ctx context.Context) error {
	for range drainRounds {
		jobs, mails, deliveries, err := s.pending(ctx)
		if err != nil {
			return err
		}
		if jobs+mails+deliveries == 0 {
			return nil
		}
		st, err := s.round(ctx, 10*time.Minute)
		if err != nil {
			return fmt.Errorf("draining: %w", err)
		}
		st.Day = s.o.Days
		s.steps = append(s.steps, st)
	}
	jobs, mails, deliveries, err := s.pending(ctx)
	if err != nil {
		return err
	}
	if jobs+mails+deliveries > 0 {
		s.fail("left queued after %d rounds past the last day: %d scrape jobs, %d e-mails, %d channel deliveries", drainRounds, jobs, mails, deliveries)
	}
	return nil
}

func (s *soak) fail(format string, args ...any) {
	s.problems = append(s.problems, fmt.Sprintf(format, args...))
}

var errNoWorkspace = errors.New("the owner's workspace was not found")
