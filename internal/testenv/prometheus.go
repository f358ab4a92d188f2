package testenv

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// PrometheusBinary is the path of Prometheus (`make prometheus`), or a
// failure naming the fix.
func PrometheusBinary(t testing.TB) string {
	t.Helper()
	return tool(t, "prometheus")
}

// PromtoolBinary is the path of promtool, installed with Prometheus.
func PromtoolBinary(t testing.TB) string {
	t.Helper()
	return tool(t, "promtool")
}

func tool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s is not installed: run `make prometheus` (scripts/services.sh prometheus)", name)
	}
	return p
}

// Prometheus starts a Prometheus of the test's own, scraping each target
// every second as job reeltrack, and returns its base URL.
func Prometheus(t testing.TB, targets ...string) string {
	t.Helper()
	return PrometheusWithRules(t, nil, targets...)
}

// PrometheusWithRules is Prometheus evaluating the rule files every second.
func PrometheusWithRules(t testing.TB, ruleFiles []string, targets ...string) string {
	t.Helper()
	bin := PrometheusBinary(t)
	dir := t.TempDir()
	quote := func(list []string) string {
		q := make([]string, len(list))
		for i, s := range list {
			q[i] = strconv.Quote(s)
		}
		return "[" + strings.Join(q, ", ") + "]"
	}
	// A scrape may wait up to the 2 s the collector gives ClickHouse's disks
	// and log tables (internal/metrics): 3 s, as a server's own Prometheus
	// allows 10 (deploy/prometheus), so a loaded machine's slow read is not
	// taken for a server that is down.
	config := fmt.Sprintf(`global:
  scrape_interval: 3s
  scrape_timeout: 3s
  evaluation_interval: 1s
rule_files: %s
scrape_configs:
  - job_name: reeltrack
    static_configs:
      - targets: %s
`, quote(ruleFiles), quote(targets))
	configFile := filepath.Join(dir, "prometheus.yml")
	if err := os.WriteFile(configFile, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	base := Serve(t, Process{
		Name:   "prometheus",
		Binary: bin,
		Args: func(addr string) []string {
			return []string{
				"--config.file=" + configFile,
				"--storage.tsdb.path=" + filepath.Join(dir, "data"),
				"--web.listen-address=" + addr,
				"--log.level=warn",
			}
		},
		Probe: "/-/ready",
		Wait:  30 * time.Second,
	})
	// Serve returns at the first answer; /-/ready answers 503 until storage is open.
	deadline := time.Now().Add(30 * time.Second)
	for {
		res, err := http.Get(base + "/-/ready")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return base
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("prometheus at %s is not ready after 30s", base)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// PromSample is one series of an instant query's answer.
type PromSample struct {
	Labels map[string]string
	Value  float64
}

// PromQuery runs an instant PromQL query and returns the vector it answers.
func PromQuery(ctx context.Context, base, query string) ([]PromSample, error) {
	var body struct {
		Status string `json:"status"`
		Error  string `json:"error"`
		Data   struct {
			ResultType string `json:"resultType"`
			Result     []struct {
				Metric map[string]string `json:"metric"`
				Value  [2]any            `json:"value"`
			} `json:"result"`
		} `json:"data"`
	}
	if err := promGet(ctx, base+"/api/v1/query?"+url.Values{"query": {query}}.Encode(), &body); err != nil {
		return nil, fmt.Errorf("query %s: %w", query, err)
	}
	if body.Status != "success" {
		return nil, fmt.Errorf("query %s: %s", query, body.Error)
	}
	if body.Data.ResultType != "vector" {
		return nil, fmt.Errorf("query %s: a %s, want a vector", query, body.Data.ResultType)
	}
	out := make([]PromSample, 0, len(body.Data.Result))
	for _, r := range body.Data.Result {
		s, _ := r.Value[1].(string)
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, fmt.Errorf("query %s: value %v: %w", query, r.Value[1], err)
		}
		out = append(out, PromSample{Labels: r.Metric, Value: v})
	}
	return out, nil
}

// PromRule is a rule as Prometheus' /api/v1/rules reports it.
type PromRule struct {
	Name      string `json:"name"`
	Health    string `json:"health"`
	LastError string `json:"lastError"`
	State     string `json:"state"`
}

// PromRules lists the rules the Prometheus at base evaluates, with health.
func PromRules(ctx context.Context, base string) ([]PromRule, error) {
	var body struct {
		Data struct {
			Groups []struct {
				Rules []PromRule `json:"rules"`
			} `json:"groups"`
		} `json:"data"`
	}
	if err := promGet(ctx, base+"/api/v1/rules", &body); err != nil {
		return nil, fmt.Errorf("rules: %w", err)
	}
	var out []PromRule
	for _, g := range body.Data.Groups {
		out = append(out, g.Rules...)
	}
	return out, nil
}

func promGet(ctx context.Context, u string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if err := json.NewDecoder(res.Body).Decode(v); err != nil {
		return fmt.Errorf("%d: %w", res.StatusCode, err)
	}
	return nil
}
