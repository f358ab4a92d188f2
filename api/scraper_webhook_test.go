package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/ingest/ingesttest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// countingProvider fronts a fresh simulator and counts the dataset pages
// read through it.
func countingProvider(t *testing.T) (*ingest.Client, *atomic.Int32) {
	t.Helper()
	sim := testenv.ScraperSim(t, "-run-duration", "10ms", "-webhook-retries", "0", "-quirks=false")
	target, err := url.Parse(sim)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(target)
	var reads atomic.Int32
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/items") {
			reads.Add(1)
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	return ingest.NewClient(ingest.ClientOptions{BaseURL: front.URL, Token: "sim-token", RetryWait: 10 * time.Millisecond, MaxWait: 50 * time.Millisecond}), &reads
}

// seedFinishedRun records a workspace with one TikTok account and a
// refresh job whose simulator run (listing items videos) has finished, and
// returns the workspace and the job, ready for the completion. The run's own
// webhook goes nowhere: the test delivers it.
func seedFinishedRun(t *testing.T, client *ingest.Client, items int) (ws, job uuid.UUID) {
	t.Helper()
	job = uuid.New()
	handle := "hook_" + uuid.NewString()[:8]
	ws = env.Workspace(t, testenv.WorkspaceOptions{})
	account := env.Account(t, ws, testenv.AccountOptions{Handle: handle, TrackingLimit: items})
	input, _ := json.Marshal(map[string]any{"profiles": []string{handle}, "postURLs": []string{}, "resultsPerPage": items})
	run := ingesttest.FinishedRun(t, client, "clockworks~tiktok-scraper", input, job)
	env.Job(t, ws, testenv.JobOptions{ID: job, Actor: "clockworks~tiktok-scraper", Input: input, Status: domain.JobRunning,
		RunID: run.ID, DatasetID: run.DefaultDatasetID, Targets: []testenv.JobTarget{{Kind: platform.Account, ID: account}}})
	return ws, job
}

// rawSnapshots counts the workspace's snapshot rows as stored, without
// FINAL: a second ingestion of one job would double them until a merge.
func rawSnapshots(t *testing.T, ws uuid.UUID) uint64 {
	t.Helper()
	var n uint64
	if err := env.CH.QueryRow(context.Background(), `SELECT count() FROM metric_snapshots WHERE workspace_id = ?`, ws).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

type delivery struct {
	status     int
	retryAfter string
	outcome    tracking.ScrapeOutcome
	body       string
}

func deliver(t *testing.T, base string, job uuid.UUID) delivery {
	req, err := http.NewRequest("POST", base+"/api/webhooks/scraper?job_id="+job.String(), strings.NewReader(`{"eventType":"ACTOR.RUN.SUCCEEDED"}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := doChecked(t, req)
	if err != nil {
		t.Error(err)
		return delivery{}
	}
	d := delivery{status: res.Status, retryAfter: res.Header.Get("Retry-After"), body: string(res.Body)}
	if res.Status == http.StatusOK {
		_ = json.Unmarshal(res.Body, &d.outcome)
	}
	return d
}

// TestParallelDeliveriesIngestOnce delivers one completion ten times at
// once: exactly one delivery reads the dataset and writes the snapshots;
// the others answer 409 with Retry-After (the provider delivers them again
// later) or, once the job is processed, 200 replayed. None is a 5xx.
func TestParallelDeliveriesIngestOnce(t *testing.T) {
	t.Parallel()
	client, reads := countingProvider(t)
	a := newApp(t, func(d *wiring.Deps) { d.Provider = client })
	base := a.listen()
	ws, job := seedFinishedRun(t, client, 40)

	const n = 10
	results := make([]delivery, n)
	var wg sync.WaitGroup
	gate := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-gate
			results[i] = deliver(t, base, job)
		}()
	}
	close(gate)
	wg.Wait()

	var processed []tracking.ScrapeOutcome
	statuses := map[string]int{}
	for i, r := range results {
		key := http.StatusText(r.status)
		if r.outcome.Replayed {
			key += " replayed"
		}
		statuses[key]++
		switch {
		case r.status == http.StatusOK && r.outcome.Status == "processed" && !r.outcome.Replayed:
			processed = append(processed, r.outcome)
		case r.status == http.StatusOK && r.outcome.Replayed:
		case r.status == http.StatusConflict && r.retryAfter != "":
		default:
			t.Errorf("delivery %d answered %d (Retry-After %q): %s", i, r.status, r.retryAfter, r.body)
		}
	}
	t.Logf("%d parallel deliveries: answers %v, %d dataset reads, %d snapshot rows stored", n, statuses, reads.Load(), rawSnapshots(t, ws))
	if len(processed) != 1 {
		t.Fatalf("%d deliveries ingested the job, want exactly 1", len(processed))
	}
	// 40 videos and the account's followers, in one page of the dataset.
	if got := reads.Load(); got != 1 {
		t.Errorf("the dataset was read %d times, want once", got)
	}
	if got := rawSnapshots(t, ws); got != uint64(processed[0].Snapshots) || got != 41 {
		t.Errorf("%d snapshot rows stored, want the %d of one delivery (41)", got, processed[0].Snapshots)
	}
	if n := count(t, `SELECT count(*) FROM scrape_jobs WHERE id = $1 AND status = 'processed' AND ingest_claimed_until IS NULL`, job); n != 1 {
		t.Error("the job is not processed with its claim cleared")
	}

	// A later delivery is a replay that reads nothing.
	if r := deliver(t, base, job); r.status != http.StatusOK || !r.outcome.Replayed || reads.Load() != 1 {
		t.Fatalf("late delivery: %d %s, %d dataset reads", r.status, r.body, reads.Load())
	}
}

// TestClaimOfADeadDeliveryExpires leaves a claim as a delivery whose
// process died mid-ingest would: while its lease runs, deliveries answer 409
// and read nothing; once it has expired, the next delivery ingests the job.
func TestClaimOfADeadDeliveryExpires(t *testing.T) {
	t.Parallel()
	client, reads := countingProvider(t)
	a := newApp(t, func(d *wiring.Deps) { d.Provider = client })
	ws, job := seedFinishedRun(t, client, 5)

	exec(t, `UPDATE scrape_jobs SET ingest_claimed_until = now() + interval '1 hour' WHERE id = $1`, job)
	res := a.request("POST", "/api/webhooks/scraper?job_id="+job.String(), nil)
	res.expectError(t, http.StatusConflict, "conflict")
	if res.Header.Get("Retry-After") == "" {
		t.Error("409 without Retry-After")
	}
	if reads.Load() != 0 || rawSnapshots(t, ws) != 0 {
		t.Fatal("a delivery read the dataset while another held the claim")
	}

	exec(t, `UPDATE scrape_jobs SET ingest_claimed_until = now() - interval '1 second' WHERE id = $1`, job)
	var out tracking.ScrapeOutcome
	a.request("POST", "/api/webhooks/scraper?job_id="+job.String(), nil).expect(t, http.StatusOK).decode(t, &out)
	if out.Status != "processed" || out.Replayed || out.Snapshots != 6 || reads.Load() != 1 {
		t.Fatalf("after the lease expired: %+v, %d dataset reads", out, reads.Load())
	}
}

// TestCompletionWithoutProviderIsUnavailable delivers a completion to a
// service with no scraping provider configured (SCRAPER_TOKEN unset): a
// 503 that the provider retries, the job left as it was.
func TestCompletionWithoutProviderIsUnavailable(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	job := uuid.New()
	env.Job(t, ws, testenv.JobOptions{ID: job, Actor: "clockworks~tiktok-scraper", Status: domain.JobRunning, RunID: "run-" + job.String()[:8]})
	a.request("POST", "/api/webhooks/scraper?job_id="+job.String(), nil).expectError(t, http.StatusServiceUnavailable, "unavailable")
	if n := count(t, `SELECT count(*) FROM scrape_jobs WHERE id = $1 AND status = 'running' AND ingest_claimed_until IS NULL`, job); n != 1 {
		t.Fatal("the job changed")
	}
}

// TestTrackWithoutProviderKeepsTheJobQueued tracks and refreshes with no
// scraping provider configured: the item is recorded with its job queued,
// and starting it is refused without spending the job's attempts, so it
// starts once a provider is configured.
func TestTrackWithoutProviderKeepsTheJobQueued(t *testing.T) {
	a := newApp(t, func(d *wiring.Deps) {
		d.Config.CronSecret = cronSecret
		d.Actors = ingest.DefaultActors()
	})
	c := a.signUp(uniqueEmail("noprovider"))
	a.bootstrap(c)
	var r trackOut
	a.request("POST", "/api/track", map[string]string{"url": "https://x.com/someone/status/1234567890"}, c).expect(t, 200).decode(t, &r)
	if r.JobID == "" || r.ScrapeStatus != "queued" {
		t.Fatalf("track answered %+v", r)
	}
	exec(t, `UPDATE scrape_jobs SET updated_at = now() - interval '1 hour' WHERE id = $1`, r.JobID)
	httpRequest(a, "GET", "/api/cron/refresh", "Bearer "+cronSecret).expect(t, 200)
	if n := count(t, `SELECT count(*) FROM scrape_jobs WHERE id = $1 AND status = 'queued' AND attempts = 0`, r.JobID); n != 1 {
		t.Fatal("a start without a provider changed the job or spent an attempt")
	}
	// The cron of a later test, with a provider, would start it.
	exec(t, `DELETE FROM scrape_jobs WHERE id = $1`, r.JobID)
}
