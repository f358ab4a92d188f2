package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/testenv"
)

var env *testenv.Env

func TestMain(m *testing.M) { testenv.Main(m, &env) }

// TestServerRunsAndStopsOnSIGTERM starts the real binary's run() with its
// configuration from the environment, drives sign-up → bootstrap → team
// over HTTP, then stops it with SIGTERM.
func TestServerRunsAndStopsOnSIGTERM(t *testing.T) {
	base, done := startServer(t, nil)

	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	// a 503 says a store did not answer in time ("retry in a few seconds"),
	// as happens on a loaded machine: the client retries, for up to 30 s
	post := func(path, body string) *http.Response {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for {
			res, err := client.Post(base+path, "application/json", strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if res.StatusCode != http.StatusServiceUnavailable || time.Now().After(deadline) {
				return res
			}
			res.Body.Close()
			time.Sleep(time.Second)
		}
	}
	res := post("/api/auth/signup", `{"email": "server-test@example.com", "password": "correct horse"}`)
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("signup: %d", res.StatusCode)
	}
	res = post("/api/workspace/bootstrap", ``)
	var boot struct {
		HasAccess bool `json:"hasAccess"`
	}
	json.NewDecoder(res.Body).Decode(&boot) //nolint:errcheck // checked below
	res.Body.Close()
	if res.StatusCode != 200 || !boot.HasAccess {
		t.Fatalf("bootstrap: %d %+v", res.StatusCode, boot)
	}
	res, err := client.Get(base + "/api/workspace/team")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), "server-test@example.com") {
		t.Fatalf("team: %d %s", res.StatusCode, body)
	}

	stopServer(t, base, done)
}

// serverEnv points the server's settings at the package's stores, to
// listen on addr.
func serverEnv(t *testing.T, addr string) {
	t.Helper()
	t.Setenv("HTTP_ADDR", addr)
	t.Setenv("DATABASE_URL", env.PGURL)
	t.Setenv("CLICKHOUSE_ADDR", env.CHOptions.Addr)
	t.Setenv("CLICKHOUSE_DATABASE", env.CHOptions.Database)
	// the package's database is not the service's: the harness's user
	t.Setenv("CLICKHOUSE_USER", env.CHOptions.User)
	t.Setenv("CLICKHOUSE_PASSWORD", env.CHOptions.Password)
	t.Setenv("REDIS_URL", env.RedisURL)
	t.Setenv("REDIS_PREFIX", env.Redis.Prefix)
	t.Setenv("LOG_LEVEL", "error")
}

// startServer runs the real binary's run() with its configuration from the
// environment (the package's databases, then extra) and waits until it
// answers. It returns the server's base URL and run()'s result.
func startServer(t *testing.T, extra map[string]string) (string, chan error) {
	t.Helper()
	// An address found free may be taken by another process before the
	// server binds it: then it starts again on others.
	for attempt := 1; ; attempt++ {
		base, done, err := tryStartServer(t, extra)
		if err == nil {
			return base, done
		}
		if !strings.Contains(err.Error(), "address already in use") || attempt == 5 {
			t.Fatalf("server stopped before answering: %v", err)
		}
	}
}

// tryStartServer is one start of startServer: run()'s error when it
// stopped before answering.
func tryStartServer(t *testing.T, extra map[string]string) (string, chan error, error) {
	t.Helper()
	addr := testenv.FreeAddr(t)
	serverEnv(t, addr)
	t.Setenv("PUBLIC_BASE_URL", "http://"+addr) // where the provider's webhooks reach it
	t.Setenv("BCRYPT_COST", "4")
	// a metrics listener of its own: the default address may be taken
	t.Setenv("METRICS_ADDR", testenv.FreeAddr(t))
	for k, v := range extra {
		t.Setenv(k, v)
	}

	done := make(chan error, 1)
	go func() { done <- run() }()

	base := "http://" + addr
	deadline := time.Now().Add(testenv.Patience)
	for {
		res, err := http.Get(base + "/healthz")
		if err == nil {
			res.Body.Close()
			return base, done, nil
		}
		select {
		case err := <-done:
			if err == nil {
				err = errors.New("run() returned nil")
			}
			return "", nil, err
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("server did not answer /healthz within 20s")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// stopServer sends SIGTERM and checks that run() returns nil and the
// server no longer answers.
func stopServer(t *testing.T, base string, done chan error) {
	t.Helper()
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run() after SIGTERM: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("server did not stop within 30s of SIGTERM")
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Fatal("server still answers after shutdown")
	}
}

// TestSchedulerRefreshesDueAccounts runs the server with SCHEDULER_INTERVAL
// and the scraping simulator: without any call to the cron route, a due
// account gets one refresh job, its run is started, and its completion
// makes the account active. SIGTERM then stops the server, scheduler
// included.
func TestSchedulerRefreshesDueAccounts(t *testing.T) {
	ctx := context.Background()
	sim := testenv.ScraperSim(t, "-run-duration", "50ms", "-webhook-retries", "3", "-webhook-backoff", "50ms", "-quirks=false")
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	account := env.Account(t, ws, testenv.AccountOptions{Handle: "sched_" + uuid.NewString()[:8], TrackingLimit: 5})

	var rounds atomic.Int32
	afterSchedulerRound = func() { rounds.Add(1) }
	t.Cleanup(func() { afterSchedulerRound = nil })
	base, done := startServer(t, map[string]string{
		"CRON_SECRET":        "scheduler-test-secret",
		"SCHEDULER_INTERVAL": "200ms",
		"SCRAPER_BASE_URL":   sim,
		"SCRAPER_TOKEN":      "sim-token",
	})

	var jobs int
	var status string
	deadline := time.Now().Add(30 * time.Second)
	for {
		err := env.PG.QueryRow(ctx, `
			SELECT (SELECT count(*) FROM scrape_jobs j JOIN scrape_job_targets t ON t.job_id = j.id
			        WHERE t.entity_id = $1 AND j.reason = 'refresh'),
			       status
			FROM accounts WHERE id = $1`, account).Scan(&jobs, &status)
		if err != nil {
			t.Fatal(err)
		}
		if status == "active" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 30s: %d refresh jobs, account %s; want a job and the account active", jobs, status)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// Further rounds found nothing due: the account was claimed once. The
	// round under way may have begun before the account was active: wait
	// for it and for two rounds that began after.
	seen := rounds.Load()
	for deadline := time.Now().Add(30 * time.Second); rounds.Load() < seen+3; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d scheduler rounds in 30s, want 3", rounds.Load()-seen)
		}
	}
	if err := env.PG.QueryRow(ctx, `
		SELECT count(*) FROM scrape_jobs j JOIN scrape_job_targets t ON t.job_id = j.id
		WHERE t.entity_id = $1 AND j.reason = 'refresh'`, account).Scan(&jobs); err != nil {
		t.Fatal(err)
	}
	if jobs != 1 {
		t.Fatalf("%d refresh jobs for the account, want 1", jobs)
	}
	stopServer(t, base, done)
}
