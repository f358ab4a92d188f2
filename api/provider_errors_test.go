package api_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// startScript fronts the simulator and answers run starts with a scripted
// error status, per actor or for every actor (""); everything else, and
// starts while no status is set, goes to the simulator. It counts the
// start requests that reached it per job.
type startScript struct {
	mu     sync.Mutex
	status map[string]int
	starts map[string]int
	proxy  *httputil.ReverseProxy
}

var errorTypes = map[int]string{
	400: "invalid-input", 401: "user-or-token-not-found", 402: "not-enough-usage-to-run-paid-actor",
	403: "insufficient-permissions", 404: "record-not-found", 500: "internal-server-error",
}

func (s *startScript) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/runs") {
		actor := strings.Split(r.URL.Path, "/")[3]
		s.mu.Lock()
		s.starts[jobOfWebhooks(r.URL.Query().Get("webhooks"))]++
		status := s.status[actor]
		if status == 0 {
			status = s.status[""]
		}
		s.mu.Unlock()
		if status != 0 {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			// The token in the message checks that it is masked wherever
			// the message goes.
			fmt.Fprintf(w, `{"error":{"type":%q,"message":"refused with sim-token: answer %d"}}`, errorTypes[status], status)
			return
		}
	}
	s.proxy.ServeHTTP(w, r)
}

func (s *startScript) set(actor string, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.status[actor] = status
}

func (s *startScript) startsOf(job string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.starts[job]
}

// total counts the start requests of every job.
func (s *startScript) total() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, c := range s.starts {
		n += c
	}
	return n
}

// jobOfWebhooks reads the job id out of a start's webhook URL.
func jobOfWebhooks(param string) string {
	raw, _ := base64.StdEncoding.DecodeString(param)
	var hooks []struct {
		RequestURL string `json:"requestUrl"`
	}
	if json.Unmarshal(raw, &hooks) != nil || len(hooks) == 0 {
		return ""
	}
	u, err := url.Parse(hooks[0].RequestURL)
	if err != nil {
		return ""
	}
	return u.Query().Get("job_id")
}

// providerErrorApp is a scraping app whose provider answers starts as
// script says, with its logs (warnings and errors) in the returned buffer.
func providerErrorApp(t *testing.T) (*testApp, *startScript, *syncBuffer) {
	t.Helper()
	script := &startScript{status: map[string]int{}, starts: map[string]int{}}
	front := httptest.NewServer(script)
	t.Cleanup(front.Close)
	logs := &syncBuffer{}
	a, sim := newScrapingAppWith(t, func(d *wiring.Deps) {
		d.Provider = ingest.NewClient(ingest.ClientOptions{BaseURL: front.URL, Token: "sim-token", RetryWait: 10 * time.Millisecond, MaxWait: 50 * time.Millisecond})
		d.Log = slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelWarn}))
	})
	target, err := url.Parse(sim)
	if err != nil {
		t.Fatal(err)
	}
	script.proxy = httputil.NewSingleHostReverseProxy(target)
	return a, script, logs
}

// trackQueued tracks a new YouTube Short and returns the answer; its run
// starts in the background.
func trackQueued(t *testing.T, a *testApp, c *http.Cookie) trackOut {
	t.Helper()
	id := strings.ReplaceAll(uuid.NewString(), "-", "")[:11]
	var r trackOut
	a.request("POST", "/api/track", map[string]string{"url": "https://www.youtube.com/shorts/" + id}, c).expect(t, 200).decode(t, &r)
	if r.JobID == "" {
		t.Fatalf("track answered %+v", r)
	}
	// No other test's cron may start this job with its own provider.
	t.Cleanup(func() { exec(t, `DELETE FROM scrape_jobs WHERE id = $1`, r.JobID) })
	return r
}

// trackWithStartsAnswering signs a new user up (their address made of
// who) on a providerErrorApp whose starts of actor's runs (every actor's
// when empty) answer status, and tracks a YouTube Short (trackQueued).
func trackWithStartsAnswering(t *testing.T, actor string, status int, who string) (*testApp, *startScript, *syncBuffer, *http.Cookie, trackOut) {
	t.Helper()
	a, script, logs := providerErrorApp(t)
	script.set(actor, status)
	c := a.signUp(uniqueEmail(who))
	a.bootstrap(c)
	return a, script, logs, c, trackQueued(t, a, c)
}

// waitRow polls sql (a count of rows) until it is 1.
func waitRow(t *testing.T, what, sql string, args ...any) {
	t.Helper()
	for deadline := time.Now().Add(testenv.Patience); count(t, sql, args...) != 1; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 10 s", what)
		}
	}
}

// cronRefresh calls the refresh cron and returns the jobs it started.
func cronRefresh(t *testing.T, a *testApp) []string {
	t.Helper()
	var out struct{ Jobs []string }
	httpRequest(a, "GET", "/api/cron/refresh", "Bearer "+cronSecret).expect(t, 200).decode(t, &out)
	return out.Jobs
}

// cronRefreshDone calls the refresh cron and waits until each job it
// started has ended.
func cronRefreshDone(t *testing.T, a *testApp) {
	t.Helper()
	for _, j := range cronRefresh(t, a) {
		waitJob(t, j)
	}
}

type readyBody struct {
	Status string
	Checks map[string]string
	Detail map[string]string
}

// TestStartRefusedInputFailsTheJob: a 400 on a start means the provider
// refused the input. The job fails without being retried, and the item
// says so in the provider's words, not as an outage.
func TestStartRefusedInputFailsTheJob(t *testing.T) {
	a, script, _, _, r := trackWithStartsAnswering(t, "", 400, "refused")
	waitRow(t, "the refused job failed", `SELECT count(*) FROM scrape_jobs WHERE id = $1 AND status = 'failed'`, r.JobID)
	var status, reason string
	if err := env.PG.QueryRow(t.Context(), `SELECT status, status_reason FROM videos WHERE id = $1`, r.ID).Scan(&status, &reason); err != nil {
		t.Fatal(err)
	}
	if status != "error" || reason != "the provider refused the input: refused with ***: answer 400" {
		t.Fatalf("video %s with reason %q, want error saying the provider refused the input (token masked)", status, reason)
	}
	// Not retried: the cron refresh does not start it again.
	exec(t, `UPDATE scrape_jobs SET updated_at = now() - interval '1 day' WHERE id = $1`, r.JobID)
	cronRefresh(t, a)
	if n := script.startsOf(r.JobID); n != 1 {
		t.Fatalf("%d starts of a job whose input was refused, want 1", n)
	}
}

// TestStartOutOfCreditPausesStarts: a 402 pauses starting runs with
// back-off, for every replica (the pause is in PostgreSQL): the job stays
// queued with its attempt unspent, the cron refresh does not ask the
// provider while the pause lasts, a try after it doubles the pause, and a
// start that succeeds lifts it. /readyz shows the provider failing with the
// reason meanwhile.
func TestStartOutOfCreditPausesStarts(t *testing.T) {
	a, script, logs, c, r := trackWithStartsAnswering(t, "", 402, "credit")
	// this test's provider account only: other tests pause theirs
	acct := a.deps.Provider.Account()
	waitRow(t, "the start was refused", `SELECT count(*) FROM provider_pauses WHERE account = $1 AND kind = 'credit'
		AND paused_until BETWEEN now() + interval '4 minutes' AND now() + interval '5 minutes'`, acct)
	if n := count(t, `SELECT count(*) FROM scrape_jobs WHERE id = $1 AND status = 'queued' AND attempts = 0 AND error LIKE '%out of credit%'`, r.JobID); n != 1 {
		t.Fatal("the job is not queued with its attempt unspent and the reason")
	}
	var ready readyBody
	a.request("GET", "/readyz", nil).expect(t, 200).decode(t, &ready)
	if ready.Status != "degraded" || ready.Checks["provider"] != "failing" || !strings.Contains(ready.Detail["provider"], "out of credit") {
		t.Fatalf("readyz while paused: %+v", ready)
	}

	// While paused, neither the refresh nor a new track asks the provider.
	exec(t, `UPDATE scrape_jobs SET updated_at = now() - interval '1 hour' WHERE id = $1`, r.JobID)
	if jobs := cronRefresh(t, a); len(jobs) != 0 {
		t.Fatalf("the refresh started %v while starting runs is paused", jobs)
	}
	second := trackQueued(t, a, c)
	_ = a.starts.Wait(context.Background()) // the background start has ended, asking the provider or not
	if n, m := script.startsOf(r.JobID), script.startsOf(second.JobID); n != 1 || m != 0 {
		t.Fatalf("%d and %d starts while paused, want the first job's 1 and none", n, m)
	}

	// The pause ended and the account is still out of credit: one try,
	// and the pause doubles.
	exec(t, `UPDATE provider_pauses SET paused_until = now() - interval '1 second' WHERE account = $1 AND kind = 'credit' AND reason LIKE '%out of credit%'`, acct)
	cronRefresh(t, a)
	if n := script.startsOf(r.JobID) + script.startsOf(second.JobID); n != 2 {
		t.Fatalf("%d starts after the pause, want one more try", n)
	}
	if n := count(t, `SELECT count(*) FROM provider_pauses WHERE account = $1 AND kind = 'credit' AND failures = 2
		AND paused_until BETWEEN now() + interval '9 minutes' AND now() + interval '10 minutes'`, acct); n != 1 {
		t.Fatal("the second refusal did not double the pause to 10 minutes")
	}

	// Credit is back: the next try starts the runs and lifts the pause.
	script.set("", 0)
	exec(t, `UPDATE provider_pauses SET paused_until = now() - interval '1 second' WHERE account = $1 AND kind = 'credit' AND failures = 2`, acct)
	exec(t, `UPDATE scrape_jobs SET updated_at = now() - interval '1 hour' WHERE id = ANY($1)`, []string{r.JobID, second.JobID})
	cronRefresh(t, a)
	if waitJob(t, r.JobID) != "processed" || waitJob(t, second.JobID) != "processed" {
		t.Fatal("the jobs were not processed once the provider took runs again")
	}
	ready = readyBody{}
	a.request("GET", "/readyz", nil).expect(t, 200).decode(t, &ready)
	if ready.Status != "ok" || ready.Checks["provider"] != "ok" || ready.Detail != nil {
		t.Fatalf("readyz after the pause: %+v", ready)
	}
	if n := strings.Count(logs.String(), `"level":"ERROR"`); n != 1 {
		t.Fatalf("%d error logs, want 1 (the pause began):\n%s", n, logs)
	}
}

// TestStartWithBadCredentialsPausesStarts: 401 and 403 are configuration
// errors. Starting runs is paused (not retried every round), logged as an
// error once, and /readyz says why without the token.
func TestStartWithBadCredentialsPausesStarts(t *testing.T) {
	for _, status := range []int{401, 403} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			a, script, logs, c, r := trackWithStartsAnswering(t, "", status, "credentials")
			waitRow(t, "the start was refused", `SELECT count(*) FROM scrape_jobs WHERE id = $1 AND status = 'queued' AND attempts = 0 AND error LIKE '%SCRAPER_TOKEN%'`, r.JobID)
			res := a.request("GET", "/readyz", nil).expect(t, 200)
			var ready readyBody
			res.decode(t, &ready)
			if ready.Status != "degraded" || ready.Checks["provider"] != "failing" ||
				!strings.Contains(ready.Detail["provider"], "refused the token") || !strings.Contains(ready.Detail["provider"], fmt.Sprint(status)) {
				t.Fatalf("readyz: %+v", ready)
			}
			if strings.Contains(string(res.Body), "sim-token") || strings.Contains(logs.String(), "sim-token") {
				t.Fatalf("the token leaked:\n%s\n%s", res.Body, logs)
			}
			// Each round tries once after the pause, not once per job. The
			// jobs waiting are ours and whatever earlier tests left queued in
			// the package's database, so every start request is counted.
			second := trackQueued(t, a, c)
			exec(t, `UPDATE scrape_jobs SET updated_at = now() - interval '1 hour' WHERE id = ANY($1)`, []string{r.JobID, second.JobID})
			for range 3 {
				cronRefresh(t, a)
			}
			if n := script.total(); n != 1 || script.startsOf(r.JobID) != 1 {
				t.Fatalf("%d start requests over three refresh rounds while paused, want the first only", n)
			}
			exec(t, `UPDATE provider_pauses SET paused_until = now() - interval '1 second' WHERE kind = 'credentials' AND reason LIKE '%answer `+fmt.Sprint(status)+`%'`)
			cronRefresh(t, a)
			if n := script.total(); n != 2 {
				t.Fatalf("%d start requests after the pause ended, want one more", n)
			}
			if n := strings.Count(logs.String(), `"level":"ERROR"`); n != 1 || !strings.Contains(logs.String(), "starting them is paused") {
				t.Fatalf("%d error logs, want 1 (the pause began, not the try that extended it):\n%s", n, logs)
			}
			exec(t, `DELETE FROM provider_pauses WHERE reason LIKE '%answer `+fmt.Sprint(status)+`%'`)
		})
	}
}

// TestStartOfAMissingActorPausesOnlyThatActor: a 404 on a start names an
// actor that does not exist: its runs are paused, other platforms' runs
// still start.
func TestStartOfAMissingActorPausesOnlyThatActor(t *testing.T) {
	a, script, _, c, yt := trackWithStartsAnswering(t, "streamers~youtube-scraper", 404, "actor")
	waitRow(t, "the start was refused", `SELECT count(*) FROM provider_pauses WHERE kind = 'actor' AND actor = 'streamers~youtube-scraper' AND reason LIKE '%answer 404%'`)
	if n := count(t, `SELECT count(*) FROM scrape_jobs WHERE id = $1 AND status = 'queued' AND attempts = 0`, yt.JobID); n != 1 {
		t.Fatal("the job of the missing actor is not queued with its attempt unspent")
	}
	var tt trackOut
	a.request("POST", "/api/track", map[string]string{"url": "https://www.tiktok.com/@actor.case/video/7301234567890199999"}, c).expect(t, 200).decode(t, &tt)
	t.Cleanup(func() { exec(t, `DELETE FROM scrape_jobs WHERE id = $1`, tt.JobID) })
	if waitJob(t, tt.JobID) != "processed" {
		t.Fatal("another actor's run did not go through")
	}
	exec(t, `UPDATE scrape_jobs SET updated_at = now() - interval '1 hour' WHERE id = $1`, yt.JobID)
	cronRefresh(t, a)
	if n := script.startsOf(yt.JobID); n != 1 {
		t.Fatalf("%d starts of the missing actor's job while paused, want 1", n)
	}
	exec(t, `DELETE FROM provider_pauses WHERE actor = 'streamers~youtube-scraper' AND reason LIKE '%answer 404%'`)
}

// TestStartServerErrorIsRetried: a 5xx is transient: the job goes back to
// the queue with the attempt spent, for the refresh to retry with
// back-off, and nothing is paused.
func TestStartServerErrorIsRetried(t *testing.T) {
	a, script, _, _, r := trackWithStartsAnswering(t, "", 500, "5xx")
	waitRow(t, "the start failed", `SELECT count(*) FROM scrape_jobs WHERE id = $1 AND status = 'queued' AND attempts = 1 AND error LIKE '%500%'`, r.JobID)
	if n := count(t, `SELECT count(*) FROM provider_pauses WHERE reason LIKE '%answer 500%'`); n != 0 {
		t.Fatal("a 5xx paused starts")
	}
	script.set("", 0)
	exec(t, `UPDATE scrape_jobs SET updated_at = now() - interval '1 hour' WHERE id = $1`, r.JobID)
	cronRefresh(t, a)
	if waitJob(t, r.JobID) != "processed" || script.startsOf(r.JobID) != 2 {
		t.Fatalf("the retry did not process the job (%d starts)", script.startsOf(r.JobID))
	}
}

// TestRefreshGivesUpAfterThreeAttempts: a job whose starts keep failing is
// started three times, with back-off, and then given up: it is failed with
// the reason and marked given up, and later refreshes never start it
// again.
func TestRefreshGivesUpAfterThreeAttempts(t *testing.T) {
	a, script, _, _, r := trackWithStartsAnswering(t, "", 500, "giveup")
	waitRow(t, "the first start failed", `SELECT count(*) FROM scrape_jobs WHERE id = $1 AND status = 'queued' AND attempts = 1`, r.JobID)
	for attempt := 2; attempt <= 3; attempt++ {
		exec(t, `UPDATE scrape_jobs SET updated_at = now() - interval '1 day' WHERE id = $1`, r.JobID)
		cronRefresh(t, a)
		if n := script.startsOf(r.JobID); n != attempt {
			t.Fatalf("%d starts after %d refreshes, want %d", n, attempt-1, attempt)
		}
	}
	exec(t, `UPDATE scrape_jobs SET updated_at = now() - interval '1 day' WHERE id = $1`, r.JobID)
	cronRefresh(t, a)
	if n := count(t, `SELECT count(*) FROM scrape_jobs WHERE id = $1 AND status = 'failed' AND given_up_at IS NOT NULL
		AND attempts = 3 AND error LIKE 'gave up after 3 attempts: %500%'`, r.JobID); n != 1 {
		t.Fatal("the job is not given up after 3 attempts with the reason")
	}
	exec(t, `UPDATE scrape_jobs SET updated_at = now() - interval '1 day' WHERE id = $1`, r.JobID)
	for _, id := range cronRefresh(t, a) {
		if id == r.JobID {
			t.Fatal("the refresh started a given-up job")
		}
	}
	if n := script.startsOf(r.JobID); n != 3 {
		t.Fatalf("%d starts of a given-up job, want 3", n)
	}
}

// providerFront fronts a simulator and answers as its mode says: "run"
// answers reads of a run 500 (with the token in the message), "items"
// answers dataset reads 502, "drop" closes every connection without an
// answer; "" passes everything on.
type providerFront struct {
	mu    sync.Mutex
	mode  string
	proxy *httputil.ReverseProxy
}

func (f *providerFront) set(mode string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.mode = mode
}

func (f *providerFront) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	mode := f.mode
	f.mu.Unlock()
	switch {
	case mode == "run" && strings.HasPrefix(r.URL.Path, "/v2/actor-runs/"):
		http.Error(w, `{"error":{"type":"internal-server-error","message":"broken for sim-token"}}`, http.StatusInternalServerError)
	case mode == "items" && strings.HasSuffix(r.URL.Path, "/items"):
		http.Error(w, `{"error":{"type":"bad-gateway","message":"no dataset now"}}`, http.StatusBadGateway)
	case mode == "drop":
		if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
			conn.Close()
		}
	default:
		f.proxy.ServeHTTP(w, r)
	}
}

// TestCompletionWhileTheProviderIsDown delivers a completion while the
// provider cannot give its run or dataset (5xx after the client's retries,
// connections closed without an answer): each delivery answers 503 with
// the provider's code and a Retry-After, never the storage outage's
// "unavailable", and leaves the job for the provider's retry, which
// processes it once the provider answers. The request's log line holds the
// cause at warning level; neither it nor the answer holds the token.
func TestCompletionWhileTheProviderIsDown(t *testing.T) {
	sim := testenv.ScraperSim(t, "-run-duration", "10ms", "-webhook-retries", "0", "-quirks=false")
	target, err := url.Parse(sim)
	if err != nil {
		t.Fatal(err)
	}
	front := &providerFront{proxy: httputil.NewSingleHostReverseProxy(target)}
	srv := httptest.NewServer(front)
	t.Cleanup(srv.Close)
	client := ingest.NewClient(ingest.ClientOptions{BaseURL: srv.URL, Token: "sim-token", RetryWait: time.Millisecond, MaxWait: 5 * time.Millisecond})
	_, job := seedFinishedRun(t, client, 2)
	var logs syncBuffer
	a := newApp(t, func(d *wiring.Deps) {
		d.Provider = client
		d.Log = slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelWarn}))
	})

	for mode, cause := range map[string]string{"run": "scraping provider answered 500", "items": "scraping provider answered 502", "drop": "EOF"} {
		front.set(mode)
		res := a.request("POST", "/api/webhooks/scraper?job_id="+job.String(), nil)
		e := res.expectError(t, http.StatusServiceUnavailable, "provider_unavailable")
		if res.Header.Get("Retry-After") == "" || strings.Contains(string(res.Body), "sim-token") || strings.Contains(e.Message, cause) {
			t.Fatalf("provider %s: %s with Retry-After %q, want the safe message and a Retry-After", mode, res.Body, res.Header.Get("Retry-After"))
		}
		expectFailureLine(t, &logs, res, "WARN", "provider_unavailable", cause)
		if n := count(t, `SELECT count(*) FROM scrape_jobs WHERE id = $1 AND status = 'running' AND ingest_claimed_until IS NULL`, job); n != 1 {
			t.Fatalf("provider %s: the job is not left for the retry", mode)
		}
	}
	if strings.Contains(logs.String(), "sim-token") {
		t.Fatalf("the token is in the log:\n%s", logs.String())
	}

	front.set("")
	var out tracking.ScrapeOutcome
	a.request("POST", "/api/webhooks/scraper?job_id="+job.String(), nil).expect(t, http.StatusOK).decode(t, &out)
	if out.Status != "processed" {
		t.Fatalf("the delivery once the provider answers: %+v", out)
	}
}

// TestStartFailureLogKeepsSecretsOut: a run start that the provider drops
// is logged with its cause and recorded on the job, which the video page
// shows, naming the request without its query string: that carries the
// webhook's secret header. Neither the log nor the job holds the secret or
// the token.
func TestStartFailureLogKeepsSecretsOut(t *testing.T) {
	const secret = "hook-secret-for-the-log-test"
	var front *providerFront
	logs := &syncBuffer{}
	a, sim := newScrapingAppWith(t, func(d *wiring.Deps) {
		front = &providerFront{mode: "drop"}
		srv := httptest.NewServer(front)
		t.Cleanup(srv.Close)
		d.Provider = ingest.NewClient(ingest.ClientOptions{BaseURL: srv.URL, Token: "sim-token", RetryWait: time.Millisecond, MaxWait: 5 * time.Millisecond})
		d.Config.ScraperWebhookSecret = secret
		d.Log = slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelWarn}))
	})
	target, err := url.Parse(sim)
	if err != nil {
		t.Fatal(err)
	}
	front.proxy = httputil.NewSingleHostReverseProxy(target)
	c := a.signUp(uniqueEmail("startlog"))
	a.bootstrap(c)
	r := trackQueued(t, a, c)
	waitRow(t, "the dropped start left the job queued", `SELECT count(*) FROM scrape_jobs WHERE id = $1 AND status = 'queued' AND error LIKE '%EOF%'`, r.JobID)
	a.starts.Wait(t.Context())
	var jobErr string
	if err := env.PG.QueryRow(t.Context(), `SELECT error FROM scrape_jobs WHERE id = $1`, r.JobID).Scan(&jobErr); err != nil {
		t.Fatal(err)
	}
	logged := logs.String()
	if !strings.Contains(logged, "did not start a run") || !strings.Contains(logged, "/runs") {
		t.Fatalf("the failed start is not logged with its cause:\n%s", logged)
	}
	for _, text := range []string{logged, jobErr} {
		for _, leak := range []string{"webhooks=", secret, "sim-token"} {
			if strings.Contains(text, leak) {
				t.Fatalf("%q is in the log or the job's error:\n%s", leak, text)
			}
		}
	}
}
