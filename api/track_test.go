package api_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

const cronSecret = "test-cron-secret"

// newScrapingApp serves the app on a real port (the provider calls its
// webhook) wired to a fresh scraping simulator, whose base URL it returns.
func newScrapingApp(t *testing.T, simFlags ...string) (*testApp, string) {
	t.Helper()
	return newScrapingAppWith(t, nil, simFlags...)
}

// newScrapingAppWith is newScrapingApp with change applied to the
// dependencies last.
func newScrapingAppWith(t *testing.T, change func(*wiring.Deps), simFlags ...string) (*testApp, string) {
	t.Helper()
	sim := testenv.ScraperSim(t, append([]string{"-run-duration", "50ms"}, simFlags...)...)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	a := newApp(t, func(d *wiring.Deps) {
		d.Config.PublicBaseURL = base
		d.Config.CronSecret = cronSecret
		d.Config.ScraperMaxPerRun = 50
		d.Config.ScraperPageSize = 100
		d.Provider = ingest.NewClient(ingest.ClientOptions{BaseURL: sim, Token: "sim-token", RetryWait: 20 * time.Millisecond, MaxWait: 200 * time.Millisecond})
		d.Actors = ingest.DefaultActors()
		if change != nil {
			change(d)
		}
	})
	go a.app.Listener(ln) //nolint:errcheck // ends with Shutdown
	t.Cleanup(func() { _ = a.app.Shutdown() })
	return a, sim
}

type trackOut struct {
	Success      bool      `json:"success"`
	Type         string    `json:"type"`
	JobID        string    `json:"job_id"`
	ScrapeStatus string    `json:"scrape_status"`
	Message      string    `json:"message"`
	ID           uuid.UUID `json:"id"`
	Existing     bool      `json:"existing"`
	Error        *struct{ Code, Message string }
}

// waitJob waits until the job is processed or failed and returns its status.
func waitJob(t *testing.T, jobID string) string {
	t.Helper()
	deadline := time.Now().Add(testenv.Patience)
	for {
		var status, errText string
		if err := env.PG.QueryRow(context.Background(), `SELECT status, error FROM scrape_jobs WHERE id = $1`, jobID).Scan(&status, &errText); err != nil {
			t.Fatal(err)
		}
		if status == "processed" || (status == "failed" && errText != "") {
			return status
		}
		if time.Now().After(deadline) {
			t.Fatalf("job %s still %s (%s) after %s", jobID, status, errText, testenv.Patience)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitJobsOf waits until every job that scrapes the entity is processed or
// failed (an Instagram account has two: its reels and its details).
func waitJobsOf(t *testing.T, entity uuid.UUID) {
	t.Helper()
	rows, err := env.PG.Query(context.Background(), `SELECT job_id FROM scrape_job_targets WHERE entity_id = $1`, entity)
	if err != nil {
		t.Fatal(err)
	}
	var jobs []uuid.UUID
	for rows.Next() {
		var id uuid.UUID
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, id)
	}
	if err := rows.Err(); err != nil || len(jobs) == 0 {
		t.Fatalf("jobs of %s: %d, %v", entity, len(jobs), err)
	}
	for _, j := range jobs {
		if got := waitJob(t, j.String()); got != "processed" {
			t.Fatalf("job %s of %s: %s", j, entity, got)
		}
	}
}

func snapshotCount(t *testing.T, entity uuid.UUID) uint64 {
	t.Helper()
	var n uint64
	if err := env.CH.QueryRow(context.Background(), `SELECT count() FROM metric_snapshots FINAL WHERE entity_id = ?`, entity).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestTrackVideoAndAccountEndToEnd(t *testing.T) {
	t.Parallel()
	// Counts written as strings, null or left out are the normalizers'
	// tests; here every count is there, so the account has its followers
	// whatever the hour.
	a, _ := newScrapingApp(t, "-quirks=false")
	c := a.signUp(uniqueEmail("tracker"))
	ws := a.bootstrap(c).Workspace

	var video trackOut
	a.request("POST", "/api/track", map[string]string{"url": "https://www.tiktok.com/@creator/video/7301234567890123456?is_from_webapp=1"}, c).
		expect(t, 200).decode(t, &video)
	if !video.Success || video.Type != "video" || video.JobID == "" || video.Message == "" {
		t.Fatalf("track video answered %+v", video)
	}
	if got := waitJob(t, video.JobID); got != "processed" {
		t.Fatalf("job %s", got)
	}
	if n := snapshotCount(t, video.ID); n != 1 {
		t.Fatalf("%d snapshots for the video, want 1", n)
	}
	if n := count(t, `SELECT count(*) FROM videos WHERE id = $1 AND status = 'active' AND last_scraped_at IS NOT NULL`, video.ID); n != 1 {
		t.Fatal("video is not active after its scrape")
	}

	var account trackOut
	a.request("POST", "/api/track", map[string]string{"url": "https://www.instagram.com/brandname/"}, c).expect(t, 200).decode(t, &account)
	if !account.Success || account.Type != "account" {
		t.Fatalf("track account answered %+v", account)
	}
	waitJobsOf(t, account.ID)
	if n := count(t, `SELECT count(*) FROM accounts WHERE id = $1 AND status = 'active' AND followers IS NOT NULL`, account.ID); n != 1 {
		t.Fatal("account is not active with followers after its scrape")
	}
	videos := count(t, `SELECT count(*) FROM videos WHERE account_id = $1 AND NOT tracked_individually`, account.ID)
	if videos < 1 || videos > 30 {
		t.Fatalf("%d videos found through the account, want 1..30 (its tracking limit)", videos)
	}
	if n := snapshotCount(t, account.ID); n != 1 {
		t.Fatalf("%d follower snapshots for the account, want 1", n)
	}

	// A second delivery of the same completion writes nothing more.
	var total uint64
	countAll := func() uint64 {
		var n uint64
		if err := env.CH.QueryRow(context.Background(), `SELECT count() FROM metric_snapshots WHERE workspace_id = ?`, ws.ID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	total = countAll()
	var replay struct{ Replayed bool }
	a.request("POST", "/api/webhooks/scraper?job_id="+account.JobID, `{"eventType":"ACTOR.RUN.SUCCEEDED"}`).expect(t, 200).decode(t, &replay)
	if !replay.Replayed || countAll() != total {
		t.Fatalf("replay %+v changed the snapshot count from %d to %d", replay, total, countAll())
	}

	// Tracking the same URL again answers the existing item and charges nothing.
	before := a.bootstrap(c).Workspace.Usage.Videos
	var again trackOut
	a.request("POST", "/api/track", map[string]string{"url": "https://instagram.com/BrandName"}, c).expect(t, 200).decode(t, &again)
	if !again.Success || !again.Existing || again.ID != account.ID {
		t.Fatalf("tracking again answered %+v", again)
	}
	if after := a.bootstrap(c).Workspace.Usage.Videos; after != before || before != 31 {
		t.Fatalf("usage %d → %d, want 31 both times", before, after)
	}
}

func TestTrackEnforcesThePlanLimit(t *testing.T) {
	t.Parallel()
	a, _ := newScrapingApp(t)
	c := a.signUp(uniqueEmail("limit"))
	ws := a.bootstrap(c).Workspace
	var urls []string
	for i := range 50 {
		urls = append(urls, fmt.Sprintf("https://www.youtube.com/shorts/%011d", i))
	}
	var bulk struct{ Results []trackOut }
	a.request("POST", "/api/track/bulk", map[string]any{"urls": urls}, c).expect(t, 200).decode(t, &bulk)
	if len(bulk.Results) != 50 {
		t.Fatalf("%d results", len(bulk.Results))
	}
	for i, r := range bulk.Results {
		if !r.Success || r.JobID == "" {
			t.Fatalf("result %d: %+v", i, r)
		}
	}
	if bulk.Results[0].JobID != bulk.Results[49].JobID {
		t.Fatal("one platform's URLs were not grouped into one run")
	}
	a.request("POST", "/api/track", map[string]string{"url": "https://youtu.be/abcdefghijk"}, c).expectError(t, 403, "forbidden")
	if n := count(t, `SELECT count(*) FROM videos WHERE workspace_id = $1 AND platform_video_id = 'abcdefghijk'`, ws.ID); n != 0 {
		t.Fatal("a refused track wrote a video")
	}
}

func TestTrackRejectsBadInput(t *testing.T) {
	t.Parallel()
	a, _ := newScrapingApp(t)
	c := a.signUp(uniqueEmail("bad"))
	ws := a.bootstrap(c).Workspace
	for _, body := range []string{
		`{"url": "https://tiktok.com.evil.net/@x/video/1"}`,
		`{"url": "https://user@www.tiktok.com/@x"}`,
		`{"url": "javascript:alert(1)"}`,
		`{"url": "http://127.0.0.1/@x"}`,
		`{"url": ""}`,
		`{"url": 5}`,
		`{"url": "https://www.tiktok.com/@x", "collection_id": "nope"}`,
	} {
		a.request("POST", "/api/track", body, c).expectError(t, 400, "invalid_request")
	}
	a.request("POST", "/api/track", map[string]any{"url": "https://www.tiktok.com/@x", "collection_id": uuid.NewString()}, c).
		expectError(t, 404, "not_found")
	urls := make([]string, 51)
	for i := range urls {
		urls[i] = fmt.Sprintf("https://x.com/user/status/%d", 1790000000000000001+i)
	}
	a.request("POST", "/api/track/bulk", map[string]any{"urls": urls}, c).expectError(t, 400, "invalid_request")
	if n := count(t, `SELECT count(*) FROM scrape_jobs WHERE workspace_id = $1`, ws.ID); n != 0 {
		t.Fatalf("bad input created %d jobs", n)
	}
	if n := count(t, `SELECT count(*) FROM accounts WHERE workspace_id = $1`, ws.ID) + count(t, `SELECT count(*) FROM videos WHERE workspace_id = $1`, ws.ID); n != 0 {
		t.Fatalf("bad input created %d items", n)
	}
	exec(t, `UPDATE workspaces SET trial_ends_at = now() - interval '1 hour' WHERE id = $1`, ws.ID)
	a.request("POST", "/api/track", map[string]string{"url": "https://www.tiktok.com/@x"}, c).expectError(t, 403, "forbidden")
}

func TestConcurrentTracksCannotOvershootTheLimit(t *testing.T) {
	t.Parallel()
	a, _ := newScrapingApp(t)
	c := a.signUp(uniqueEmail("race"))
	ws := a.bootstrap(c).Workspace
	exec(t, `UPDATE workspaces SET video_limit = 5 WHERE id = $1`, ws.ID)
	var wg sync.WaitGroup
	ok := make(chan bool, 12)
	for i := range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res := a.request("POST", "/api/track", map[string]string{"url": fmt.Sprintf("https://x.com/someone/status/%d", 1790000000000001000+i)}, c)
			ok <- res.Status == 200
		}()
	}
	wg.Wait()
	close(ok)
	n := 0
	for b := range ok {
		if b {
			n++
		}
	}
	if n != 5 || count(t, `SELECT count(*) FROM videos WHERE workspace_id = $1`, ws.ID) != 5 {
		t.Fatalf("%d tracks succeeded, want exactly 5", n)
	}
}

func TestWebhookAndCronAuth(t *testing.T) {
	a, _ := newScrapingApp(t)
	a.request("POST", "/api/webhooks/scraper?job_id=nope", nil).expectError(t, 400, "invalid_request")
	a.request("POST", "/api/webhooks/scraper", nil).expectError(t, 400, "invalid_request")
	a.request("POST", "/api/webhooks/scraper?job_id="+uuid.NewString(), nil).expectError(t, 404, "not_found")

	a.request("GET", "/api/cron/refresh", nil).expectError(t, 401, "unauthenticated")
	bad := httpRequest(a, "GET", "/api/cron/refresh", "Bearer wrong")
	bad.expectError(t, 401, "unauthenticated")
	httpRequest(a, "GET", "/api/cron/refresh", "Bearer "+cronSecret).expect(t, 200)

	disabled := newApp(t)
	httpRequest(disabled, "GET", "/api/cron/refresh", "Bearer ").expectError(t, 503, "unavailable")
}

func httpRequest(a *testApp, method, path, authorization string) response {
	a.t.Helper()
	req := httptest.NewRequest(method, path, nil)
	req.Header.Set("Authorization", authorization)
	return a.send(req)
}

func TestConcurrentCronCallsQueueEachAccountOnce(t *testing.T) {
	a, _ := newScrapingApp(t)
	c := a.signUp(uniqueEmail("cron"))
	ws := a.bootstrap(c).Workspace
	exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000 WHERE id = $1`, ws.ID)
	for i := range 5 {
		var r trackOut
		a.request("POST", "/api/track", map[string]string{"url": fmt.Sprintf("https://www.tiktok.com/@acct%d", i)}, c).expect(t, 200).decode(t, &r)
		waitJob(t, r.JobID)
	}
	// Everything is due again.
	exec(t, `UPDATE accounts SET last_scraped_at = now() - interval '2 hours' WHERE workspace_id = $1`, ws.ID)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			httpRequest(a, "GET", "/api/cron/refresh", "Bearer "+cronSecret).expect(t, 200)
		}()
	}
	wg.Wait()
	// The answers' counts include whatever other tests' workspaces had
	// due, so count this workspace's targets.
	n := count(t, `SELECT count(*) FROM scrape_job_targets t JOIN scrape_jobs j ON j.id = t.job_id WHERE j.workspace_id = $1 AND j.reason = 'refresh'`, ws.ID)
	distinct := count(t, `SELECT count(DISTINCT t.entity_id) FROM scrape_job_targets t JOIN scrape_jobs j ON j.id = t.job_id WHERE j.workspace_id = $1 AND j.reason = 'refresh'`, ws.ID)
	if n != 5 || distinct != 5 {
		t.Fatalf("%d refresh targets recorded for %d accounts, want each of the 5 accounts once", n, distinct)
	}
}

func TestScrapeFaults(t *testing.T) {
	t.Parallel()
	a, _ := newScrapingApp(t, "-rate429", "4", "-duplicate-webhooks", "true")
	c := a.signUp(uniqueEmail("faults"))
	a.bootstrap(c)
	track := func(url string) trackOut {
		var r trackOut
		a.request("POST", "/api/track", map[string]string{"url": url}, c).expect(t, 200).decode(t, &r)
		if r.JobID == "" {
			t.Fatalf("track %s: no job: %+v", url, r)
		}
		return r
	}

	// 429s are retried and a duplicated webhook writes one snapshot.
	ok := track("https://www.youtube.com/watch?v=dQw4w9WgXcQ")
	if waitJob(t, ok.JobID) != "processed" || snapshotCount(t, ok.ID) != 1 {
		t.Fatalf("video job not processed into one snapshot (have %d)", snapshotCount(t, ok.ID))
	}

	// A per-input error row in a run that succeeded marks the account error.
	private := track("https://www.tiktok.com/@private_person")
	waitJob(t, private.JobID)
	var status, reason string
	if err := env.PG.QueryRow(context.Background(), `SELECT status, status_reason FROM accounts WHERE id = $1`, private.ID).Scan(&status, &reason); err != nil {
		t.Fatal(err)
	}
	if status != "error" || reason == "" {
		t.Fatalf("private account: status %q reason %q, want error with a reason", status, reason)
	}

	// A failed run marks its targets error and leaves the job to retry.
	failed := track("https://x.com/failrun_user/status/1234567890")
	if got := waitJob(t, failed.JobID); got != "failed" {
		t.Fatalf("job of a failed run is %s", got)
	}
	if err := env.PG.QueryRow(context.Background(), `SELECT status, status_reason FROM videos WHERE id = $1`, failed.ID).Scan(&status, &reason); err != nil {
		t.Fatal(err)
	}
	if status != "error" || !strings.Contains(reason, "failed") {
		t.Fatalf("video of a failed run: status %q reason %q", status, reason)
	}
	if snapshotCount(t, failed.ID) != 0 {
		t.Fatal("a failed run wrote snapshots")
	}
}

// TestTrackDoesNotWaitForTheProvider tracks while the provider accepts
// connections and never answers: the answer comes at once with the job
// queued (the start runs after it), and once the provider is back the cron
// refresh starts the job and its completion is processed.
func TestTrackDoesNotWaitForTheProvider(t *testing.T) {
	var up atomic.Bool
	var sim atomic.Pointer[httputil.ReverseProxy]
	release := make(chan struct{})
	var held atomic.Int32
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if up.Load() {
			sim.Load().ServeHTTP(w, r)
			return
		}
		held.Add(1)
		select {
		case <-release:
		case <-r.Context().Done():
		}
		http.Error(w, `{"error":{"type":"unavailable","message":"down"}}`, http.StatusServiceUnavailable)
	}))
	t.Cleanup(front.Close)
	t.Cleanup(func() {
		select {
		case <-release:
		default:
			close(release)
		}
	})
	a, simURL := newScrapingAppWith(t, func(d *wiring.Deps) {
		d.Provider = ingest.NewClient(ingest.ClientOptions{BaseURL: front.URL, Token: "sim-token", RetryWait: 20 * time.Millisecond, MaxWait: 200 * time.Millisecond})
	})
	target, err := url.Parse(simURL)
	if err != nil {
		t.Fatal(err)
	}
	sim.Store(httputil.NewSingleHostReverseProxy(target))
	c := a.signUp(uniqueEmail("down"))
	a.bootstrap(c)

	// The request deadline is 10 s and the provider holds the start for as
	// long as the test wants: tracking answers within 1 s whatever the
	// provider does.
	began := time.Now()
	var r trackOut
	a.request("POST", "/api/track", map[string]string{"url": "https://www.youtube.com/shorts/abcdefghijk"}, c).expect(t, 200).decode(t, &r)
	if took := time.Since(began); took > time.Second {
		t.Fatalf("track answered after %s with the provider down", took)
	}
	if !r.Success || r.JobID == "" || r.ScrapeStatus != "queued" {
		t.Fatalf("track answered %+v, want success with its job queued", r)
	}
	if n := count(t, `SELECT count(*) FROM scrape_jobs WHERE id = $1 AND provider_run_id IS NULL`, r.JobID); n != 1 {
		t.Fatal("the job is not recorded, or has a run the provider never answered")
	}

	// The start in the background reaches the provider, which fails it:
	// the job goes back to the queue with the error.
	for deadline := time.Now().Add(testenv.Patience); held.Load() == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the job's start never reached the provider")
		}
	}
	close(release)
	for deadline := time.Now().Add(testenv.Patience); count(t, `SELECT count(*) FROM scrape_jobs WHERE id = $1 AND status = 'queued' AND error <> ''`, r.JobID) == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the failed start did not leave the job queued")
		}
	}

	// The provider is back and the retry's back-off has passed: the cron
	// refresh starts the job, and its run completes it.
	up.Store(true)
	exec(t, `UPDATE scrape_jobs SET updated_at = now() - interval '1 hour' WHERE id = $1`, r.JobID)
	var refreshed struct{ Jobs []string }
	httpRequest(a, "GET", "/api/cron/refresh", "Bearer "+cronSecret).expect(t, 200).decode(t, &refreshed)
	if !slices.Contains(refreshed.Jobs, r.JobID) {
		t.Fatalf("the refresh started %v, not the queued job %s", refreshed.Jobs, r.JobID)
	}
	if got := waitJob(t, r.JobID); got != "processed" || snapshotCount(t, r.ID) != 1 {
		t.Fatalf("job %s with %d snapshots, want processed with one", got, snapshotCount(t, r.ID))
	}
}

// TestNewItemsAreScrapedOnTheirFirstDay: an item is scraped again 1, 6 and
// 24 hours after it was first tracked, once at each age, even on the trial,
// whose interval is a day; an older item waits for its plan's interval.
func TestNewItemsAreScrapedOnTheirFirstDay(t *testing.T) {
	a, _ := newScrapingApp(t)
	c := a.signUp(uniqueEmail("dayone"))
	ws := a.bootstrap(c).Workspace
	var r trackOut
	a.request("POST", "/api/track", map[string]string{"url": "https://www.tiktok.com/@dayone.creator"}, c).expect(t, 200).decode(t, &r)
	waitJob(t, r.JobID)
	refreshes := func() int {
		t.Helper()
		cronRefreshDone(t, a)
		return count(t, `SELECT count(*) FROM scrape_jobs WHERE workspace_id = $1 AND reason = 'refresh'`, ws.ID)
	}
	// created and last scraped so many minutes ago
	at := func(created, scraped int) {
		exec(t, `UPDATE accounts SET created_at = now() - make_interval(mins => $2), last_scraped_at = now() - make_interval(mins => $3),
			refresh_queued_at = NULL WHERE workspace_id = $1`, ws.ID, created, scraped)
	}
	for _, step := range []struct {
		name             string
		created, scraped int
		due              bool
	}{
		{"just tracked", 5, 4, false},
		{"an hour old, scraped before", 70, 65, true},
		{"an hour old, scraped since", 70, 5, false},
		{"six hours old, scraped at two", 370, 240, true},
		{"a day old, scraped at six", 24*60 + 10, 18 * 60, true},
		{"two days old, scraped an hour ago", 48 * 60, 60, false},
		{"two days old, scraped a day ago", 48 * 60, 24*60 + 5, true},
	} {
		at(step.created, step.scraped)
		before := refreshes()
		if got := refreshes(); got != before {
			t.Fatalf("%s: a second cron round refreshed again", step.name)
		}
		at(step.created, step.scraped)
		queued := refreshes() - before
		if (queued == 1) != step.due || queued > 1 {
			t.Fatalf("%s: %d refreshes, want due=%v", step.name, queued, step.due)
		}
	}
}

// TestAccountTrackingLimitChosenAtTracking: tracking an account takes how
// many of its newest videos to track; by default as many as fit what is
// left of the plan, so a trial tracks a second and a third account.
func TestAccountTrackingLimitChosenAtTracking(t *testing.T) {
	t.Parallel()
	a, _ := newScrapingApp(t)
	c := a.signUp(uniqueEmail("limits"))
	ws := a.bootstrap(c).Workspace // the trial: 50 videos, at most 30 per account
	limitOf := func(id uuid.UUID) int {
		return count(t, `SELECT tracking_limit FROM accounts WHERE id = $1`, id)
	}
	track := func(url string, limit *int) response {
		body := map[string]any{"url": url}
		if limit != nil {
			body["tracking_limit"] = *limit
		}
		return a.request("POST", "/api/track", body, c)
	}
	n := func(v int) *int { return &v }

	// bad limits are refused and write nothing
	for _, bad := range []int{0, -1, 31} {
		track("https://www.tiktok.com/@limits.bad", n(bad)).expectError(t, 400, "invalid_request")
	}
	if count(t, `SELECT count(*) FROM accounts WHERE workspace_id = $1`, ws.ID) != 0 {
		t.Fatal("a refused limit tracked an account")
	}
	var first, second, third trackOut
	track("https://www.tiktok.com/@limits.one", n(10)).expect(t, 200).decode(t, &first)
	track("https://www.instagram.com/limits.two/", nil).expect(t, 200).decode(t, &second)
	if limitOf(first.ID) != 10 || limitOf(second.ID) != 30 {
		t.Fatalf("limits %d and %d, want 10 as asked and the default 30", limitOf(first.ID), limitOf(second.ID))
	}
	// 40 of 50 in use: the default fits what is left
	track("https://www.youtube.com/@limits.three", nil).expect(t, 200).decode(t, &third)
	if limitOf(third.ID) != 10 {
		t.Fatalf("third account's limit %d, want the 10 left", limitOf(third.ID))
	}
	if u := a.bootstrap(c).Workspace.Usage.Videos; u != 50 {
		t.Fatalf("usage %d, want 50", u)
	}
	// nothing left: refused
	track("https://www.tiktok.com/@limits.four", nil).expectError(t, 403, "forbidden")
	// bulk: the limit applies to each account; a bad one refuses the list
	a.request("POST", "/api/track/bulk", map[string]any{"urls": []string{"https://www.tiktok.com/@limits.five"}, "tracking_limit": 0}, c).
		expectError(t, 400, "invalid_request")
}
