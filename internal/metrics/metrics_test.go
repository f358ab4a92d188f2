package metrics_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

func TestStatementKind(t *testing.T) {
	for sql, want := range map[string]string{
		"SELECT 1":                             "select",
		"\n\t  select * from videos":           "select",
		"-- a comment\nINSERT INTO t VALUES":   "insert",
		"/* hint */ UPDATE t SET a = 1":        "update",
		"(SELECT 1) UNION ALL (SELECT 2)":      "select",
		"WITH x AS (SELECT 1) SELECT * FROM x": "with",
		"DELETE FROM t":                        "delete",
		"ALTER TABLE t DROP PARTITION 1":       "alter",
		"vacuum":                               "other",
		"":                                     "other",
		"-- only a comment":                    "other",
		"SELECTED":                             "other",
	} {
		if got := metrics.StatementKind(sql); got != want {
			t.Errorf("StatementKind(%q) = %q, want %q", sql, got, want)
		}
	}
}

// A nil *Metrics records nothing and does not fail.
func TestNilMetrics(t *testing.T) {
	var m *metrics.Metrics
	m.Request("/api/videos", "GET", 200, time.Millisecond)
	m.ScrapeStarted("tiktok")
	m.ScrapeFailed("tiktok", metrics.RunFailed)
	m.ScrapeCompleted("tiktok", 1, 0)
	m.ProviderAnswer(metrics.ProviderStartRun, 201)
	m.MailAttempt(metrics.MailSent)
	m.ChannelAttempt("slack", true)
	m.CacheHit(metrics.CacheLocal)
	m.CacheMiss()
	m.Query(metrics.StorePostgres, "select", time.Millisecond)
	m.TaskSucceeded(metrics.TaskRefresh, time.Now())
	m.WatchPostgres(nil, nil)
	m.WatchClickHouse(nil, nil)
	m.WatchForeground(func() (int, int) { return 0, 0 })
}

// The requests in flight and the background work waiting for them are read
// at each scrape.
func TestForegroundSeries(t *testing.T) {
	m := metrics.New()
	inFlight, waiting := 2, 3
	m.WatchForeground(func() (int, int) { return inFlight, waiting })
	read := func() map[string]float64 {
		families, err := m.Registry.Gather()
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]float64{}
		for _, f := range families {
			if n := f.GetName(); n == "reeltrack_requests_in_flight" || n == "reeltrack_background_waiting" {
				out[n] = f.GetMetric()[0].GetGauge().GetValue()
			}
		}
		return out
	}
	if got := read(); got["reeltrack_requests_in_flight"] != 2 || got["reeltrack_background_waiting"] != 3 {
		t.Fatalf("series %v, want 2 in flight and 3 waiting", got)
	}
	inFlight, waiting = 0, 0
	if got := read(); len(got) != 2 || got["reeltrack_requests_in_flight"] != 0 || got["reeltrack_background_waiting"] != 0 {
		t.Fatalf("series %v after the requests ended, want both at 0", got)
	}
}

// Values outside a label's fixed set are recorded as "other", never as
// they came.
func TestLabelValuesStayInTheirSets(t *testing.T) {
	m := metrics.New()
	m.Request("/api/videos/:id", "BREW", 200, time.Millisecond)
	m.ScrapeStarted("myspace")
	m.ChannelAttempt("https://hooks.example.com/x", false)
	m.ProviderAnswer(metrics.ProviderGetRun, 418)
	m.ProviderAnswer(metrics.ProviderGetRun, 0)
	m.ProviderAnswer(metrics.ProviderGetRun, 429)
	want := []string{
		`reeltrack_channel_attempts_total{kind="other",result="failed"} 1`,
		`reeltrack_http_requests_total{code="200",method="other",route="/api/videos/:id"} 1`,
		`reeltrack_provider_requests_total{operation="get_run",status="429"} 1`,
		`reeltrack_provider_requests_total{operation="get_run",status="4xx"} 1`,
		`reeltrack_provider_requests_total{operation="get_run",status="error"} 1`,
		`reeltrack_scrapes_started_total{platform="other"} 1`,
	}
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	var got []string
	for _, line := range strings.Split(rec.Body.String(), "\n") {
		if strings.HasPrefix(line, "reeltrack_channel_attempts_total") || strings.HasPrefix(line, "reeltrack_http_requests_total") ||
			strings.HasPrefix(line, "reeltrack_provider_requests_total") || strings.HasPrefix(line, "reeltrack_scrapes_started_total") {
			got = append(got, line)
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("/metrics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func deployFile(parts ...string) string {
	return filepath.Join(append([]string{testenv.Root(), "deploy"}, parts...)...)
}

// TestAlertRules checks deploy/prometheus/alerts.yml with promtool and
// runs its unit tests (alerts_test.yml), and the example configuration.
func TestAlertRules(t *testing.T) {
	promtool := testenv.PromtoolBinary(t)
	for _, args := range [][]string{
		{"check", "rules", "alerts.yml"},
		{"test", "rules", "alerts_test.yml"},
		{"check", "config", "prometheus.yml"},
	} {
		cmd := exec.Command(promtool, args...)
		cmd.Dir = deployFile("prometheus")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("promtool %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

// seriesName matches the names of the series an expression reads.
var seriesName = regexp.MustCompile(`\b(?:reeltrack|process|go)_[a-z_]+\b`)

// known are the series a registry of the service serves: its own, with
// the pools' and queues' collectors, and the Go runtime's and process's.
func known(t *testing.T) map[string]bool {
	m := metrics.New()
	names := map[string]bool{}
	for _, n := range m.Names() {
		names[n] = true
	}
	families, err := m.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		names[f.GetName()] = true
	}
	return names
}

func checkNames(t *testing.T, where, expr string, names map[string]bool) int {
	t.Helper()
	found := seriesName.FindAllString(expr, -1)
	for _, n := range found {
		if !names[n] {
			t.Errorf("%s reads %s, which the server does not register:\n%s", where, n, expr)
		}
	}
	return len(found)
}

// TestDashboardReadsRegisteredSeries parses the Grafana dashboard and
// checks that every expression of every panel reads only series the server
// registers.
func TestDashboardReadsRegisteredSeries(t *testing.T) {
	raw, err := os.ReadFile(deployFile("grafana", "reeltrack.json"))
	if err != nil {
		t.Fatal(err)
	}
	var dash struct {
		Panels []struct {
			Title   string `json:"title"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
	}
	if err := json.Unmarshal(raw, &dash); err != nil {
		t.Fatal(err)
	}
	names := known(t)
	read := map[string]bool{}
	for _, p := range dash.Panels {
		if len(p.Targets) == 0 {
			t.Errorf("panel %q has no query", p.Title)
		}
		for _, q := range p.Targets {
			if checkNames(t, "panel "+p.Title, q.Expr, names) == 0 {
				t.Errorf("panel %q: %q reads no series", p.Title, q.Expr)
			}
			for _, n := range seriesName.FindAllString(q.Expr, -1) {
				read[strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(n, "_bucket"), "_count"), "_sum")] = true
			}
		}
	}
	// Every series of the service's own has a panel.
	for _, n := range metrics.New().Names() {
		if strings.HasSuffix(n, "_bucket") || strings.HasSuffix(n, "_sum") || strings.HasSuffix(n, "_count") {
			continue
		}
		if !read[n] {
			t.Errorf("no panel reads %s", n)
		}
	}
}

// TestAlertsReadRegisteredSeries checks that every alerting rule reads
// only series the server registers (and Prometheus' own up).
func TestAlertsReadRegisteredSeries(t *testing.T) {
	raw, err := os.ReadFile(deployFile("prometheus", "alerts.yml"))
	if err != nil {
		t.Fatal(err)
	}
	names := known(t)
	exprs := 0
	lines := strings.Split(string(raw), "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(line, "expr:") {
			continue
		}
		expr := strings.TrimSpace(strings.TrimPrefix(line, "expr:"))
		if expr == "|" {
			indent := len(lines[i+1]) - len(strings.TrimLeft(lines[i+1], " "))
			expr = ""
			for i+1 < len(lines) && (strings.TrimSpace(lines[i+1]) == "" || len(lines[i+1])-len(strings.TrimLeft(lines[i+1], " ")) >= indent) {
				i++
				expr += lines[i] + "\n"
			}
		}
		exprs++
		if checkNames(t, "alerts.yml", expr, names) == 0 && !strings.Contains(expr, "up{") {
			t.Errorf("alerts.yml: %q reads no series", expr)
		}
	}
	if exprs == 0 {
		t.Fatal("alerts.yml has no expr")
	}
	if !slices.Contains(metrics.New().Names(), "reeltrack_scrapes_failed_total") {
		t.Fatal("Names does not list reeltrack_scrapes_failed_total")
	}
}

// A method string that points into a buffer the next request overwrites
// (fiber's Method) must not become the label: the series keeps its own.
func TestRequestKeepsNoBorrowedLabel(t *testing.T) {
	m := metrics.New()
	buf := []byte("GET")
	m.Request("/api/videos", unsafe.String(&buf[0], len(buf)), 200, time.Millisecond)
	copy(buf, "PUT")
	if _, ok := metrics.Value(m.Registry, "reeltrack_http_requests_total", map[string]string{"route": "/api/videos", "method": "GET", "code": "200"}); !ok {
		t.Fatal("the GET request's series lost its method when the buffer changed")
	}
}
