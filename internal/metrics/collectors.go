package metrics

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
)

// queueTimeout: a PostgreSQL that does not answer leaves the queue series
// out of the scrape (reeltrack_queue_read_up 0) rather than holding it.
const queueTimeout = 2 * time.Second

// queueSQL reads the work queues in one statement, each from a partial index
// of the waiting work; failed jobs not given up wait for a refresh.
const queueSQL = `
SELECT
  -- domain.JobQueued and domain.JobFailed written out: the predicate of
  -- scrape_jobs_retry_idx, which a parameter could not use
  (SELECT count(*) FROM scrape_jobs WHERE status = 'queued' AND given_up_at IS NULL),
  (SELECT count(*) FROM scrape_jobs WHERE status = 'failed' AND given_up_at IS NULL),
  -- written out likewise
  (SELECT extract(epoch FROM now() - min(created_at)) FROM scrape_jobs WHERE status IN ('queued', 'failed') AND given_up_at IS NULL),
  -- domain.MailPending written out: the predicate of mail_outbox_due_idx
  (SELECT count(*) FROM mail_outbox WHERE status = 'pending'),
  (SELECT extract(epoch FROM now() - min(next_attempt_at)) FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= now()),
  -- the deliveries' pending written out: the predicate of event_deliveries_due_idx
  (SELECT count(*) FROM event_deliveries WHERE status = 'pending'),
  (SELECT extract(epoch FROM now() - min(next_attempt_at)) FROM event_deliveries WHERE status = 'pending' AND next_attempt_at <= now())`

func desc(name, help string, labels ...string) *prometheus.Desc {
	return prometheus.NewDesc(prometheus.BuildFQName(Namespace, "", name), help, labels, nil)
}

var (
	jobsDesc     = desc("scrape_jobs", "Scrape jobs waiting to start, by state: queued, or failed and to be retried.", "state")
	mailDesc     = desc("mail_outbox_pending", "E-mails in the outbox waiting to be sent (due or backing off).")
	channelDesc  = desc("channel_deliveries_pending", "Channel deliveries waiting to be sent (due or backing off).")
	oldestDesc   = desc("oldest_due_age_seconds", "Age of the oldest waiting item of each queue: since a waiting scrape job was made, since a pending e-mail or channel delivery fell due; 0 when none waits.", "queue")
	queueUpDesc  = desc("queue_read_up", "1 when the last read of the work queues from PostgreSQL succeeded, else 0.")
	pgConnsDesc  = desc("postgres_pool_connections", "Connections of the PostgreSQL pool, by state (idle, in use, being opened) and the pool's maximum (max).", "state")
	pgAcqDesc    = desc("postgres_pool_acquires_total", "Connections taken from the PostgreSQL pool.")
	pgEmptyDesc  = desc("postgres_pool_empty_acquires_total", "Takes from the PostgreSQL pool that had to wait for a connection to be opened or freed.")
	pgWaitDesc   = desc("postgres_pool_acquire_wait_seconds_total", "Time spent waiting for a connection of the PostgreSQL pool.")
	pgCancelDesc = desc("postgres_pool_canceled_acquires_total", "Takes from the PostgreSQL pool given up because their context ended.")
	chConnsDesc  = desc("clickhouse_pool_connections", "Connections of the ClickHouse pool, by state (open, idle) and the pool's maxima (max_open, max_idle).", "state")
)

// Queue names, the queue label of reeltrack_oldest_due_age_seconds.
const (
	QueueScrapeJobs       = "scrape_jobs"
	QueueMail             = "mail"
	QueueChannelDelivered = "channel_deliveries"
)

type postgresCollector struct {
	pool *pgxpool.Pool
	log  *slog.Logger
}

func (c postgresCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{jobsDesc, mailDesc, channelDesc, oldestDesc, queueUpDesc, pgConnsDesc, pgAcqDesc, pgEmptyDesc, pgWaitDesc, pgCancelDesc} {
		ch <- d
	}
}

func (c postgresCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.pool.Stat()
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	count := func(d *prometheus.Desc, v float64) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, v)
	}
	gauge(pgConnsDesc, float64(s.IdleConns()), "idle")
	gauge(pgConnsDesc, float64(s.AcquiredConns()), "in_use")
	gauge(pgConnsDesc, float64(s.ConstructingConns()), "opening")
	gauge(pgConnsDesc, float64(s.MaxConns()), "max")
	count(pgAcqDesc, float64(s.AcquireCount()))
	count(pgEmptyDesc, float64(s.EmptyAcquireCount()))
	count(pgWaitDesc, s.AcquireDuration().Seconds())
	count(pgCancelDesc, float64(s.CanceledAcquireCount()))

	ctx, cancel := context.WithTimeout(context.Background(), queueTimeout)
	defer cancel()
	var queued, failed, mail, deliveries int64
	var jobsAge, mailAge, deliveryAge *float64
	err := c.pool.QueryRow(ctx, queueSQL).Scan(&queued, &failed, &jobsAge, &mail, &mailAge, &deliveries, &deliveryAge)
	if err != nil {
		if c.log != nil {
			c.log.Warn("metrics: reading the work queues failed", "error", err)
		}
		gauge(queueUpDesc, 0)
		return
	}
	gauge(queueUpDesc, 1)
	gauge(jobsDesc, float64(queued), "queued")
	gauge(jobsDesc, float64(failed), "failed")
	gauge(mailDesc, float64(mail))
	gauge(channelDesc, float64(deliveries))
	age := func(p *float64) float64 {
		if p == nil || *p < 0 {
			return 0
		}
		return *p
	}
	gauge(oldestDesc, age(jobsAge), QueueScrapeJobs)
	gauge(oldestDesc, age(mailAge), QueueMail)
	gauge(oldestDesc, age(deliveryAge), QueueChannelDelivered)
}

// WatchPostgres adds the PostgreSQL pool's statistics and the work queues,
// read at each scrape, to the registry; a failed read is logged to log.
func (m *Metrics) WatchPostgres(pool *pgxpool.Pool, log *slog.Logger) {
	if m == nil || pool == nil {
		return
	}
	m.Registry.MustRegister(postgresCollector{pool: pool, log: log})
}

var (
	inFlightDesc = prometheus.NewDesc(prometheus.BuildFQName(Namespace, "", "requests_in_flight"),
		"Requests being answered (exports, the cron routes and the scraper's webhook not counted): the work that background work waits for.", nil, nil)
	waitingDesc = prometheus.NewDesc(prometheus.BuildFQName(Namespace, "", "background_waiting"),
		"Pieces of background work (an export's page, a cron step's ClickHouse statement) waiting for a quiet moment of the requests.", nil, nil)
)

// foregroundCollector reads the requests in flight and the background work
// waiting for them (background.Foreground) at each scrape.
type foregroundCollector struct {
	load func() (inFlight, waiting int)
}

func (c foregroundCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- inFlightDesc
	ch <- waitingDesc
}

func (c foregroundCollector) Collect(ch chan<- prometheus.Metric) {
	inFlight, waiting := c.load()
	ch <- prometheus.MustNewConstMetric(inFlightDesc, prometheus.GaugeValue, float64(inFlight))
	ch <- prometheus.MustNewConstMetric(waitingDesc, prometheus.GaugeValue, float64(waiting))
}

// WatchForeground adds the requests in flight and the background work
// waiting for them, as load reports them, to the registry.
func (m *Metrics) WatchForeground(load func() (inFlight, waiting int)) {
	if m == nil || load == nil {
		return
	}
	m.Registry.MustRegister(foregroundCollector{load: load})
}
