package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/reeltrack/reeltrack/internal/testenv"
)

// TestMetricsThroughPrometheus runs the real server with its metrics
// listener, the scheduler and the scraping simulator, and a Prometheus of
// its own that scrapes it every second; then reads the series back through
// Prometheus' query API: the requests of a route counted by pattern and
// status, unknown paths as one fixed route, a scrape ingested and a run
// that failed counted with its reason, the scheduler's last success, and
// the work queues read from PostgreSQL.
func TestMetricsThroughPrometheus(t *testing.T) {
	ctx := context.Background()
	began := time.Now()
	sim := testenv.ScraperSim(t, "-run-duration", "50ms", "-webhook-retries", "3", "-webhook-backoff", "50ms", "-quirks=false")
	// One account whose run succeeds, one whose run fails (the simulator
	// fails a run whose input says failrun), each in a workspace of its
	// own so that they are two runs.
	ok := env.Account(t, env.Workspace(t, testenv.WorkspaceOptions{}), testenv.AccountOptions{Handle: "metrics_" + uuid.NewString()[:8], TrackingLimit: 5})
	failing := env.Account(t, env.Workspace(t, testenv.WorkspaceOptions{}), testenv.AccountOptions{Handle: "failrun_" + uuid.NewString()[:8], TrackingLimit: 5})

	metricsAddr := testenv.FreeAddr(t)
	base, done := startServer(t, map[string]string{
		"METRICS_ADDR":       metricsAddr,
		"CRON_SECRET":        "metrics-test-secret",
		"SCHEDULER_INTERVAL": "200ms",
		"SCRAPER_BASE_URL":   sim,
		"SCRAPER_TOKEN":      "sim-token",
	})
	prom := testenv.PrometheusWithRules(t, []string{filepath.Join(testenv.Root(), "deploy", "prometheus", "alerts.yml")}, metricsAddr)

	// Requests: three 401s of one route with three different ids, two
	// unknown paths.
	const videoRequests = 3
	for range videoRequests {
		get(t, base+"/api/videos/"+uuid.NewString(), http.StatusUnauthorized)
	}
	get(t, base+"/api/no-such-route/"+uuid.NewString(), http.StatusNotFound)
	get(t, base+"/api/no-such-route/other", http.StatusNotFound)
	// The series are not on the API's address (/metrics there is a
	// dashboard path).
	if res, err := http.Get(base + "/metrics"); err != nil {
		t.Fatal(err)
	} else {
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if strings.Contains(string(b), "reeltrack_http_requests_total") {
			t.Fatalf("GET /metrics on the API's address answers the series: %d", res.StatusCode)
		}
	}

	// Both accounts are scraped by the scheduler's refresh: one ends
	// active, the other in error.
	eventually(t, 60*time.Second, "the accounts scraped", func() (bool, string) {
		var a, b string
		if err := env.PG.QueryRow(ctx, `SELECT (SELECT status FROM accounts WHERE id = $1), (SELECT status FROM accounts WHERE id = $2)`, ok, failing).Scan(&a, &b); err != nil {
			t.Fatal(err)
		}
		return a == "active" && b == "error", fmt.Sprintf("accounts %s and %s", a, b)
	})

	atLeast := func(query string, want float64) {
		t.Helper()
		eventually(t, time.Minute, query, func() (bool, string) {
			got, err := testenv.PromQuery(ctx, prom, query)
			if err != nil {
				return false, err.Error()
			}
			if len(got) != 1 {
				return false, fmt.Sprintf("%d series: %v", len(got), got)
			}
			return got[0].Value >= want, fmt.Sprintf("%v, want at least %v", got[0].Value, want)
		})
	}
	exactly := func(query string, want float64) {
		t.Helper()
		atLeast(query, want)
		got, err := testenv.PromQuery(ctx, prom, query)
		if err != nil || len(got) != 1 || got[0].Value != want {
			t.Fatalf("%s: %v (%v), want %v", query, got, err, want)
		}
	}
	exactly(`reeltrack_http_requests_total{route="/api/videos/:id",method="GET",code="401"}`, videoRequests)
	exactly(`reeltrack_http_request_duration_seconds_count{route="/api/videos/:id",method="GET"}`, videoRequests)
	exactly(`sum(reeltrack_http_requests_total{route="unmatched",code="404"})`, 2)
	atLeast(`reeltrack_http_requests_total{route="/api/cron/refresh",method="GET",code="200"}`, 1)
	atLeast(`reeltrack_scrapes_started_total{platform="tiktok"}`, 2)
	atLeast(`reeltrack_scrapes_completed_total{platform="tiktok"}`, 1)
	// (a refresh may retry the failed job, and fail it again)
	atLeast(`reeltrack_scrapes_failed_total{platform="tiktok",reason="run_failed"}`, 1)
	if got, err := testenv.PromQuery(ctx, prom, `reeltrack_scrapes_failed_total{reason!="run_failed"}`); err != nil || len(got) != 0 {
		t.Fatalf("failures of other reasons: %v, %v; want none", got, err)
	}
	atLeast(`reeltrack_scrape_items_ingested_total{platform="tiktok"}`, 1)
	atLeast(`reeltrack_provider_requests_total{operation="start_run",status="2xx"}`, 2)
	atLeast(`reeltrack_provider_requests_total{operation="get_run",status="2xx"}`, 2)
	atLeast(`reeltrack_task_last_success_timestamp_seconds{task="refresh"}`, float64(began.Unix()))
	atLeast(`reeltrack_task_last_success_timestamp_seconds{task="alerts"}`, float64(began.Unix()))
	atLeast(`reeltrack_task_last_success_timestamp_seconds{task="analytics_sync"}`, float64(began.Unix()))
	exactly(`reeltrack_queue_read_up`, 1)
	exactly(`count(reeltrack_oldest_due_age_seconds)`, 3)
	atLeast(`reeltrack_postgres_pool_connections{state="max"}`, 2)
	atLeast(`sum(reeltrack_store_query_duration_seconds_count{store="postgres",operation="select"})`, 1)
	atLeast(`sum(reeltrack_store_query_duration_seconds_count{store="clickhouse",operation="insert"})`, 1)

	// The alerting rules evaluate on the server's real series without an
	// error, and none fires on a healthy server.
	eventually(t, time.Minute, "the alerting rules evaluated", func() (bool, string) {
		rules, err := testenv.PromRules(ctx, prom)
		if err != nil {
			return false, err.Error()
		}
		if len(rules) == 0 {
			return false, "no rules loaded"
		}
		for _, r := range rules {
			if r.Health != "ok" {
				return false, fmt.Sprintf("rule %s: health %q %s", r.Name, r.Health, r.LastError)
			}
		}
		return true, ""
	})
	for _, r := range mustRules(t, prom) {
		if r.State != "inactive" {
			t.Errorf("alert %s is %s on a healthy server", r.Name, r.State)
		}
	}

	stopServer(t, base, done)
}

func mustRules(t *testing.T, prom string) []testenv.PromRule {
	t.Helper()
	rules, err := testenv.PromRules(context.Background(), prom)
	if err != nil {
		t.Fatal(err)
	}
	return rules
}

// TestMetricsLabelsAreBounded drives requests whose paths carry ids, tokens
// and URLs, then reads /metrics: no label value is a UUID, a URL, an
// e-mail address or a path with an id in it; the routes are patterns.
func TestMetricsLabelsAreBounded(t *testing.T) {
	metricsAddr := testenv.FreeAddr(t)
	base, done := startServer(t, map[string]string{"METRICS_ADDR": metricsAddr})
	for range 5 {
		id := uuid.NewString()
		get(t, base+"/api/videos/"+id, http.StatusUnauthorized)
		get(t, base+"/api/accounts/"+id+"/analytics", http.StatusUnauthorized)
		get(t, base+"/api/"+id, http.StatusNotFound)
		get(t, base+"/api/shared/"+strings.ReplaceAll(id, "-", ""), 0)
		get(t, base+"/api/track?url=https://www.tiktok.com/@someone/video/123&email=a@example.com", 0)
	}

	res, err := http.Get("http://" + metricsAddr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET /metrics: %d %s", res.StatusCode, body)
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(strings.NewReader(string(body)))
	if err != nil {
		t.Fatalf("parse /metrics: %v", err)
	}
	unbounded := regexp.MustCompile(`(?i)[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}|://|@|\?`)
	routes := 0
	for name, f := range families {
		if !strings.HasPrefix(name, "reeltrack_") {
			continue
		}
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if unbounded.MatchString(l.GetValue()) {
					t.Errorf("%s{%s=%q}: an unbounded label value", name, l.GetName(), l.GetValue())
				}
				if name == "reeltrack_http_requests_total" && l.GetName() == "route" {
					routes++
					if v := l.GetValue(); v != "unmatched" && v != "/*" && !strings.HasPrefix(v, "/") {
						t.Errorf("route %q is neither a pattern nor unmatched", v)
					}
				}
			}
		}
	}
	if routes == 0 {
		t.Fatalf("no reeltrack_http_requests_total series in /metrics:\n%s", body)
	}
	for _, want := range []string{`route="/api/videos/:id"`, `route="/api/accounts/:id/analytics"`, `route="unmatched"`} {
		if !strings.Contains(string(body), want) {
			t.Errorf("/metrics has no series with %s", want)
		}
	}
	stopServer(t, base, done)
}

// get requests url and, unless want is 0, checks the status.
func get(t *testing.T, url string, want int) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if want != 0 && res.StatusCode != want {
		t.Fatalf("GET %s: %d, want %d", url, res.StatusCode, want)
	}
}

// eventually polls cond until it holds, failing the test with cond's last
// account after limit.
func eventually(t *testing.T, limit time.Duration, what string, cond func() (bool, string)) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		ok, state := cond()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: after %s: %s", what, limit, state)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestMetricsAddrTakenStopsTheStart: a METRICS_ADDR another process holds
// fails the start with an error naming it, before the API serves.
func TestMetricsAddrTakenStopsTheStart(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := testenv.FreeAddr(t)
	serverEnv(t, addr)
	t.Setenv("METRICS_ADDR", ln.Addr().String())
	err = run()
	if err == nil || !strings.Contains(err.Error(), "metrics listener on "+ln.Addr().String()) {
		t.Fatalf("run() with METRICS_ADDR taken: %v", err)
	}
	if res, err := http.Get("http://" + addr + "/healthz"); err == nil {
		res.Body.Close()
		t.Fatal("the API serves although the start failed")
	}
}
