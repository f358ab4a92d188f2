package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/testenv"
)

// balancer sends requests to its backends in turn, as a load balancer in
// front of several API instances does, and counts what each received.
type balancer struct {
	proxies []*httputil.ReverseProxy
	next    atomic.Uint64
	mu      sync.Mutex
	hits    map[int]map[string]int // backend → path prefix → requests
	// failed counts the completion deliveries answered with other than
	// 2xx: the provider delivers those again.
	failed atomic.Int64
}

// statusWriter keeps the status a backend answered.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

func newBalancer(backends []string) (*balancer, error) {
	b := &balancer{hits: map[int]map[string]int{}}
	for _, s := range backends {
		u, err := url.Parse(s)
		if err != nil {
			return nil, err
		}
		b.proxies = append(b.proxies, httputil.NewSingleHostReverseProxy(u))
	}
	return b, nil
}

func (b *balancer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	i := int(b.next.Add(1) % uint64(len(b.proxies)))
	prefix := r.URL.Path
	if strings.HasPrefix(prefix, "/api/webhooks/") {
		prefix = "/api/webhooks/"
	}
	b.mu.Lock()
	if b.hits[i] == nil {
		b.hits[i] = map[string]int{}
	}
	b.hits[i][prefix]++
	b.mu.Unlock()
	sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
	b.proxies[i].ServeHTTP(sw, r)
	if prefix == "/api/webhooks/" && (sw.status < 200 || sw.status > 299) {
		b.failed.Add(1)
	}
}

func (b *balancer) count(backend int, prefix string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.hits[backend][prefix]
}

// TestInstancesBehindABalancerShareTheWork runs two server processes of the
// real binary on the same databases behind a round-robin balancer, both
// with their scheduler on, and the scraping simulator delivering its
// completion webhooks to the balancer's address. Every due account is
// claimed by one instance only, whichever instance a completion reaches
// records it once, a session from one instance is good on the other, and a
// write through one is read through the other at once.
func TestInstancesBehindABalancerShareTheWork(t *testing.T) {
	ctx := context.Background()
	sim := testenv.ScraperSim(t, "-run-duration", "50ms", "-webhook-retries", "8", "-webhook-backoff", "100ms", "-quirks=false")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	public := "http://" + ln.Addr().String()
	bin := testenv.Build(t, "./cmd/server")
	var backends []string
	for i := range 2 {
		backends = append(backends, testenv.Serve(t, testenv.Process{
			Name:   fmt.Sprintf("server %d", i+1),
			Binary: bin,
			Env: func(addr string) []string {
				return append(env.ServerEnv("instances:"),
					"HTTP_ADDR="+addr,
					// the provider's webhooks and the browser's origin: the balancer
					"PUBLIC_BASE_URL="+public,
					"SESSION_SECRET=instances-session-secret-0123456789abcdef",
					"SCRAPER_BASE_URL="+sim,
					"SCRAPER_TOKEN=sim-token",
					// many small runs, so both schedulers find work at once
					"SCRAPER_MAX_TARGETS_PER_RUN=3",
					"CRON_SECRET=instances-cron-secret",
					"SCHEDULER_INTERVAL=150ms",
					"SMTP_URL=",
					"LOG_LEVEL=warn",
				)
			},
			Probe: "/healthz",
			Wait:  30 * time.Second,
		}))
	}
	lb, err := newBalancer(backends)
	if err != nil {
		t.Fatal(err)
	}
	front := &http.Server{Handler: lb, ReadHeaderTimeout: 5 * time.Second}
	go front.Serve(ln) //nolint:errcheck // ends with Close
	t.Cleanup(func() { front.Close() })

	// A user signs up and bootstraps through the balancer (two requests,
	// two instances); the session cookie is then used on each instance.
	client := &http.Client{Timeout: 10 * time.Second}
	call := func(base, method, path, cookie string, body any, want int) []byte {
		t.Helper()
		var r io.Reader
		if body != nil {
			b, _ := json.Marshal(body)
			r = bytes.NewReader(b)
		}
		req, _ := http.NewRequest(method, base+path, r)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", public)
		if cookie != "" {
			req.Header.Set("Cookie", cookie)
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		defer res.Body.Close()
		out, _ := io.ReadAll(res.Body)
		if res.StatusCode != want {
			t.Fatalf("%s %s%s: %d %s, want %d", method, base, path, res.StatusCode, out, want)
		}
		if c := res.Header.Get("Set-Cookie"); c != "" && cookie == "" {
			return []byte(strings.SplitN(c, ";", 2)[0])
		}
		return out
	}
	cookie := string(call(public, "POST", "/api/auth/signup", "", map[string]string{"email": "instances@example.com", "password": "correct horse"}, 200))
	var boot struct{ Workspace struct{ ID uuid.UUID } }
	if err := json.Unmarshal(call(public, "POST", "/api/workspace/bootstrap", cookie, nil, 200), &boot); err != nil {
		t.Fatal(err)
	}
	ws := boot.Workspace.ID
	for _, b := range backends {
		call(b, "GET", "/api/auth/me", cookie, nil, 200)
	}

	// Accounts on every platform, tracked in two requests that the
	// balancer sends to different instances; each instance starts runs
	// after answering, and both schedulers pick up any run still queued.
	const accounts = 24
	platforms := []string{"tiktok", "instagram", "youtube", "x"}
	hosts := map[string]string{"tiktok": "https://www.tiktok.com/@", "instagram": "https://www.instagram.com/", "youtube": "https://www.youtube.com/@", "x": "https://x.com/"}
	if _, err := env.PG.Exec(ctx, `UPDATE workspaces SET plan = 'agency', video_limit = 5000, seat_limit = 15 WHERE id = $1`, ws); err != nil {
		t.Fatal(err)
	}
	var urls []string
	for i := range accounts {
		p := platforms[i%len(platforms)]
		urls = append(urls, fmt.Sprintf("%slb%d%s", hosts[p], i, strings.ReplaceAll(uuid.NewString()[:6], "-", "")))
	}
	for _, half := range [][]string{urls[:accounts/2], urls[accounts/2:]} {
		call(public, "POST", "/api/track/bulk", cookie, map[string]any{"urls": half}, 200)
	}

	const within = 4 * time.Minute // generous: a loaded machine stalls the stores for many seconds
	deadline := time.Now().Add(within)
	for {
		var active, open int
		if err := env.PG.QueryRow(ctx, `
			SELECT (SELECT count(*) FROM accounts WHERE workspace_id = $1 AND status = 'active'),
			       (SELECT count(*) FROM scrape_jobs WHERE workspace_id = $1 AND status <> 'processed')`, ws).Scan(&active, &open); err != nil {
			t.Fatal(err)
		}
		if active == accounts && open == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %s %d of %d accounts are active, %d jobs not processed", within, active, accounts, open)
		}
		time.Sleep(100 * time.Millisecond)
	}

	// Each account was claimed once: one job target each (two on
	// Instagram, whose profile is read by a posts run and a details run),
	// every job processed once.
	var wrong, jobs, processed int
	if err := env.PG.QueryRow(ctx, `
		SELECT (SELECT count(*) FROM (
		            SELECT a.id FROM accounts a LEFT JOIN scrape_job_targets t ON t.entity_id = a.id
		            WHERE a.workspace_id = $1 GROUP BY a.id, a.platform
		            HAVING count(t.job_id) <> CASE a.platform WHEN 'instagram' THEN 2 ELSE 1 END) x),
		       count(DISTINCT j.id), count(DISTINCT j.id) FILTER (WHERE j.status = 'processed')
		FROM scrape_jobs j WHERE j.workspace_id = $1`, ws).Scan(&wrong, &jobs, &processed); err != nil {
		t.Fatal(err)
	}
	if wrong != 0 || processed != jobs || jobs < accounts/3 {
		t.Fatalf("%d accounts with another number of job targets than their runs; %d jobs, %d processed; want runs of at most 3, all processed",
			wrong, jobs, processed)
	}
	// Every snapshot was written by one job, once. A delivery that failed
	// after writing (a store stalled past the request's deadline) is
	// delivered again and writes the same rows, which the table's merge
	// replaces: then a key may hold copies, but only identical ones.
	var rows, keys, versions, accountKeys uint64
	if err := env.CH.QueryRow(ctx, `
		SELECT count(), uniqExact(entity_id, scraped_at),
		       uniqExact(entity_id, scraped_at, job_id, version, arrayStringConcat(arrayMap(m -> ifNull(toString(m), '-'), [views, likes, comments, shares, saves, followers]), ',')),
		       uniqExactIf(entity_id, entity_kind = 'account')
		FROM metric_snapshots WHERE workspace_id = ?`, ws).Scan(&rows, &keys, &versions, &accountKeys); err != nil {
		t.Fatal(err)
	}
	if versions != keys || accountKeys != accounts {
		t.Fatalf("%d snapshot keys with %d different rows, %d accounts snapshotted; want one row per key and one per account", keys, versions, accountKeys)
	}
	if failed := lb.failed.Load(); rows != keys && failed == 0 {
		t.Fatalf("%d snapshot rows for %d keys with every completion delivered once; want no row twice", rows, keys)
	}
	// Both instances received the provider's completions.
	for i := range backends {
		if n := lb.count(i, "/api/webhooks/"); n == 0 {
			t.Errorf("instance %d received no completion webhook", i+1)
		}
	}

	// A write through one instance is read through the other at once: the
	// cached list of the other is replaced, not served stale.
	list := func(b string) map[string]string {
		var out struct {
			Accounts []struct {
				ID     string
				Status string
			}
		}
		if err := json.Unmarshal(call(b, "GET", "/api/accounts", cookie, nil, 200), &out); err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		for _, a := range out.Accounts {
			m[a.ID] = a.Status
		}
		return m
	}
	before := list(backends[1])
	if len(before) != accounts {
		t.Fatalf("instance 2 lists %d accounts, want %d", len(before), accounts)
	}
	var some string
	for id := range before {
		some = id
		break
	}
	call(backends[0], "PATCH", "/api/accounts/"+some, cookie, map[string]string{"status": "paused"}, 200)
	if got := list(backends[1])[some]; got != "paused" {
		t.Fatalf("instance 2 reads the account paused through instance 1 as %q", got)
	}
}
