// Package metrics holds the service's Prometheus series, the calls that
// record them, and the collectors of the pools and work queues. Every method
// of a nil *Metrics does nothing. Each label's values are a fixed set, never
// growing with the data: a value outside it is recorded as "other".
package metrics

import (
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Namespace prefixes every series of the service.
const Namespace = "reeltrack"

// Metrics are the service's series in a registry of their own.
type Metrics struct {
	// Registry holds the series below, the Go runtime's and the process's.
	Registry *prometheus.Registry

	httpRequests *prometheus.CounterVec
	httpDuration *prometheus.HistogramVec

	scrapesStarted   *prometheus.CounterVec
	scrapesCompleted *prometheus.CounterVec
	scrapesFailed    *prometheus.CounterVec
	itemsIngested    *prometheus.CounterVec
	itemsSkipped     *prometheus.CounterVec
	providerAnswers  *prometheus.CounterVec

	mailAttempts    *prometheus.CounterVec
	channelAttempts *prometheus.CounterVec

	cacheHits   *prometheus.CounterVec
	cacheMisses prometheus.Counter

	storeDuration *prometheus.HistogramVec

	taskLastSuccess *prometheus.GaugeVec

	cronSteps        *prometheus.CounterVec
	cronStepDuration *prometheus.HistogramVec

	refreshDue     prometheus.Gauge
	refreshOverdue prometheus.Gauge

	own []prometheus.Collector
}

// New makes the series and registers them in a new registry.
func New() *Metrics {
	m := &Metrics{Registry: prometheus.NewRegistry()}
	counter := func(name, help string, labels ...string) *prometheus.CounterVec {
		return prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Name: name, Help: help}, labels)
	}
	m.httpRequests = counter("http_requests_total",
		"HTTP requests answered by the API and the dashboard, by route pattern, method and status code.", "route", "method", "code")
	m.httpDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: Namespace, Name: "http_request_duration_seconds",
		Help:    "Time from a request's arrival to its answer, by route pattern and method.",
		Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
	}, []string{"route", "method"})

	m.scrapesStarted = counter("scrapes_started_total", "Provider runs started, by platform.", "platform")
	m.scrapesCompleted = counter("scrapes_completed_total", "Scrape completions ingested, by platform.", "platform")
	m.scrapesFailed = counter("scrapes_failed_total",
		"Scrapes that failed to start or ended without data, by platform and reason.", "platform", "reason")
	m.itemsIngested = counter("scrape_items_ingested_total", "Dataset items of completed scrapes that were read and taken, by platform.", "platform")
	m.itemsSkipped = counter("scrape_items_skipped_total", "Dataset items of completed scrapes that could not be read and were skipped, by platform.", "platform")
	m.providerAnswers = counter("provider_requests_total",
		"HTTP requests to the scraping provider (every attempt, retries included), by operation and answer status.", "operation", "status")

	m.mailAttempts = counter("mail_attempts_total", "E-mails of the outbox tried, by result.", "result")
	m.channelAttempts = counter("channel_attempts_total",
		"Requests to alert channels (Slack, Discord, webhooks), by channel kind and result.", "kind", "result")

	m.cacheHits = counter("answer_cache_hits_total", "Dashboard answers found in the answer cache, by layer (this process or Redis).", "layer")
	m.cacheMisses = prometheus.NewCounter(prometheus.CounterOpts{Namespace: Namespace, Name: "answer_cache_misses_total",
		Help: "Dashboard answers not in the answer cache, which were computed."})

	m.storeDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: Namespace, Name: "store_query_duration_seconds",
		Help:    "Duration of PostgreSQL and ClickHouse statements, by store and statement kind.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
	}, []string{"store", "operation"})

	m.taskLastSuccess = prometheus.NewGaugeVec(prometheus.GaugeOpts{Namespace: Namespace, Name: "task_last_success_timestamp_seconds",
		Help: "Unix time of the last successful run of each background task of this process."}, []string{"task"})

	m.cronSteps = counter("cron_steps_total", "Steps of the alerts cron run, by step and result (ok or failed).", "step", "result")
	m.cronStepDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: Namespace, Name: "cron_step_duration_seconds",
		Help:    "Duration of each step of the alerts cron, by step.",
		Buckets: []float64{.01, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 120},
	}, []string{"step"})

	m.refreshDue = prometheus.NewGauge(prometheus.GaugeOpts{Namespace: Namespace, Name: "refresh_due_items",
		Help: "Accounts and videos whose planned refresh time had come at the last refresh run that planned (queued by it or not)."})
	m.refreshOverdue = prometheus.NewGauge(prometheus.GaugeOpts{Namespace: Namespace, Name: "refresh_oldest_overdue_seconds",
		Help: "At the last refresh run that planned: how long the most overdue item it left due, not queued, had been due; 0 when it queued every due item."})

	m.own = []prometheus.Collector{
		m.httpRequests, m.httpDuration,
		m.scrapesStarted, m.scrapesCompleted, m.scrapesFailed, m.itemsIngested, m.itemsSkipped, m.providerAnswers,
		m.mailAttempts, m.channelAttempts,
		m.cacheHits, m.cacheMisses,
		m.storeDuration,
		m.taskLastSuccess,
		m.cronSteps, m.cronStepDuration,
		m.refreshDue, m.refreshOverdue,
	}
	m.Registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.Registry.MustRegister(m.own...)
	return m
}

var fqName = regexp.MustCompile(`fqName: "([^"]+)"`)

// Names are the names of the service's own series, the watched pools'
// included, with a histogram's _bucket, _sum and _count.
func (m *Metrics) Names() []string {
	var names []string
	add := func(c prometheus.Collector, histogram bool) {
		ch := make(chan *prometheus.Desc, 16)
		go func() { c.Describe(ch); close(ch) }()
		for d := range ch {
			if n := fqName.FindStringSubmatch(d.String()); n != nil {
				names = append(names, n[1])
				if histogram {
					names = append(names, n[1]+"_bucket", n[1]+"_sum", n[1]+"_count")
				}
			}
		}
	}
	for _, c := range m.own {
		_, histogram := c.(*prometheus.HistogramVec)
		add(c, histogram)
	}
	add(postgresCollector{}, false)
	add(&clickHouseCollector{}, false)
	add(foregroundCollector{}, false)
	slices.Sort(names)
	return names
}

// RouteUnmatched is the route label of a request no route matched.
const RouteUnmatched = "unmatched"

// methods maps to this package's strings: a label value must never point
// into a request's buffer, as fiber's Method does.
var methods = map[string]string{
	"GET": "GET", "HEAD": "HEAD", "POST": "POST", "PUT": "PUT", "PATCH": "PATCH", "DELETE": "DELETE", "OPTIONS": "OPTIONS",
}

var statusCodes = func() (s [600]string) {
	for i := 100; i < len(s); i++ {
		s[i] = strconv.Itoa(i)
	}
	return s
}()

func codeLabel(code int) string {
	if code >= 100 && code < len(statusCodes) {
		return statusCodes[code]
	}
	return "other"
}

// Request records one answered HTTP request. route is the router's pattern
// (never the path) or RouteUnmatched.
func (m *Metrics) Request(route, method string, code int, took time.Duration) {
	if m == nil {
		return
	}
	method, ok := methods[method]
	if !ok {
		method = "other"
	}
	m.httpRequests.WithLabelValues(route, method, codeLabel(code)).Inc()
	m.httpDuration.WithLabelValues(route, method).Observe(took.Seconds())
}

// Platforms are the platform label's values besides "other".
var platforms = map[string]string{"tiktok": "tiktok", "instagram": "instagram", "youtube": "youtube", "x": "x"}

func platformLabel(p string) string {
	if v, ok := platforms[p]; ok {
		return v
	}
	return "other"
}

// ScrapeFailure is the reason label of reeltrack_scrapes_failed_total.
type ScrapeFailure string

// A start the provider did not make is start_*; a run that ended without
// data is run_*.
const (
	StartUnavailable ScrapeFailure = "start_unavailable" // 429, 5xx, unreachable: the job waits
	StartRefused     ScrapeFailure = "start_refused"     // another 4xx: the job fails
	StartCredentials ScrapeFailure = "start_credentials" // 401, 403
	StartNoCredit    ScrapeFailure = "start_no_credit"   // 402
	StartNoActor     ScrapeFailure = "start_no_actor"    // 404
	RunFailed        ScrapeFailure = "run_failed"
	RunTimedOut      ScrapeFailure = "run_timed_out"
	RunAborted       ScrapeFailure = "run_aborted"
	ReadFailed       ScrapeFailure = "read_failed" // the delivery fails; the provider sends it again
)

// ScrapeFailures are every reason, for documentation and tests.
var ScrapeFailures = []ScrapeFailure{StartUnavailable, StartRefused, StartCredentials, StartNoCredit, StartNoActor, RunFailed, RunTimedOut, RunAborted, ReadFailed}

// ScrapeStarted records a run the provider started.
func (m *Metrics) ScrapeStarted(platform string) {
	if m == nil {
		return
	}
	m.scrapesStarted.WithLabelValues(platformLabel(platform)).Inc()
}

// ScrapeFailed records a scrape that failed for reason.
func (m *Metrics) ScrapeFailed(platform string, reason ScrapeFailure) {
	if m == nil {
		return
	}
	m.scrapesFailed.WithLabelValues(platformLabel(platform), string(reason)).Inc()
}

// ScrapeCompleted records an ingested completion with its items taken and skipped.
func (m *Metrics) ScrapeCompleted(platform string, ingested, skipped int) {
	if m == nil {
		return
	}
	p := platformLabel(platform)
	m.scrapesCompleted.WithLabelValues(p).Inc()
	m.itemsIngested.WithLabelValues(p).Add(float64(max(ingested, 0)))
	m.itemsSkipped.WithLabelValues(p).Add(float64(max(skipped, 0)))
}

// Provider operations, the operation label of reeltrack_provider_requests_total.
const (
	ProviderStartRun = "start_run"
	ProviderGetRun   = "get_run"
	ProviderDataset  = "dataset_items"
	ProviderOther    = "other"
)

// ProviderAnswer records one attempt of a request to the scraping provider:
// its HTTP status, or 0 without an answer.
func (m *Metrics) ProviderAnswer(operation string, status int) {
	if m == nil {
		return
	}
	label := "error"
	switch {
	case status == 0:
	case status == 429 || status == 401 || status == 402 || status == 403 || status == 404:
		label = statusCodes[status]
	case status >= 200 && status < 600:
		label = strconv.Itoa(status/100) + "xx"
	default:
		label = "other"
	}
	m.providerAnswers.WithLabelValues(operation, label).Inc()
}

// Mail results, the result label of reeltrack_mail_attempts_total.
const (
	MailSent    = "sent"
	MailFailed  = "failed"
	MailSkipped = "skipped"
)

// MailAttempt records one e-mail of the outbox tried.
func (m *Metrics) MailAttempt(result string) {
	if m == nil {
		return
	}
	m.mailAttempts.WithLabelValues(result).Inc()
}

var channelKinds = map[string]string{"slack": "slack", "discord": "discord", "webhook": "webhook"}

// ChannelAttempt records one request to a channel of kind, delivered (2xx) or not.
func (m *Metrics) ChannelAttempt(kind string, delivered bool) {
	if m == nil {
		return
	}
	kind, ok := channelKinds[kind]
	if !ok {
		kind = "other"
	}
	result := "failed"
	if delivered {
		result = "delivered"
	}
	m.channelAttempts.WithLabelValues(kind, result).Inc()
}

// Cache layers, the layer label of reeltrack_answer_cache_hits_total.
const (
	CacheLocal = "local"
	CacheRedis = "redis"
)

// CacheHit records an answer found in the cache's layer.
func (m *Metrics) CacheHit(layer string) {
	if m == nil {
		return
	}
	m.cacheHits.WithLabelValues(layer).Inc()
}

// CacheMiss records an answer that had to be computed.
func (m *Metrics) CacheMiss() {
	if m == nil {
		return
	}
	m.cacheMisses.Inc()
}

// Stores, the store label of reeltrack_store_query_duration_seconds.
const (
	StorePostgres   = "postgres"
	StoreClickHouse = "clickhouse"
)

// Query records one statement's duration on store; operation is StatementKind's.
func (m *Metrics) Query(store, operation string, took time.Duration) {
	if m == nil {
		return
	}
	m.storeDuration.WithLabelValues(store, operation).Observe(took.Seconds())
}

// The background tasks, the task label of task_last_success_timestamp_seconds.
const (
	TaskRefresh           = "refresh"
	TaskAlerts            = "alerts"
	TaskAnalyticsSync     = "analytics_sync"
	TaskSnapshotRetention = "snapshot_retention"
)

// TaskSucceeded records that task ran successfully at t.
func (m *Metrics) TaskSucceeded(task string, t time.Time) {
	if m == nil {
		return
	}
	m.taskLastSuccess.WithLabelValues(task).Set(float64(t.UnixNano()) / 1e9)
}

// CronStep records one step of the alerts cron: its duration and whether it failed.
func (m *Metrics) CronStep(step string, took time.Duration, err error) {
	if m == nil {
		return
	}
	result := "ok"
	if err != nil {
		result = "failed"
	}
	m.cronSteps.WithLabelValues(step, result).Inc()
	m.cronStepDuration.WithLabelValues(step).Observe(took.Seconds())
}

// RefreshPlanned records a refresh run's due items and its oldest left due.
func (m *Metrics) RefreshPlanned(due int, oldestOverdue time.Duration) {
	if m == nil {
		return
	}
	m.refreshDue.Set(float64(due))
	m.refreshOverdue.Set(max(oldestOverdue, 0).Seconds())
}

// Handler serves the registry in Prometheus' text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{Registry: m.Registry, MaxRequestsInFlight: 4, Timeout: 10 * time.Second})
}

// Value is the value of the series name with exactly labels in g, for tests.
func Value(g prometheus.Gatherer, name string, labels map[string]string) (float64, bool) {
	families, err := g.Gather()
	if err != nil {
		return 0, false
	}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
	series:
		for _, m := range f.GetMetric() {
			if len(m.GetLabel()) != len(labels) {
				continue
			}
			for _, l := range m.GetLabel() {
				if v, ok := labels[l.GetName()]; !ok || v != l.GetValue() {
					continue series
				}
			}
			switch {
			case m.GetCounter() != nil:
				return m.GetCounter().GetValue(), true
			case m.GetGauge() != nil:
				return m.GetGauge().GetValue(), true
			case m.GetHistogram() != nil:
				return float64(m.GetHistogram().GetSampleCount()), true
			}
		}
	}
	return 0, false
}
