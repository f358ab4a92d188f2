package tracking_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/ingest/ingesttest"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// TestProviderFailureMidDatasetIsRetried breaks the provider on the second
// dataset page: the completion answers a retryable error and records
// nothing, and the retry completes the job with the same snapshots as one
// clean pass.
func TestProviderFailureMidDatasetIsRetried(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	sim := testenv.ScraperSim(t, "-run-duration", "10ms", "-webhook-retries", "0", "-quirks=false")
	target, _ := url.Parse(sim)
	proxy := httputil.NewSingleHostReverseProxy(target)
	var pages atomic.Int32
	var broken atomic.Bool
	broken.Store(true)
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, "/items") && pages.Add(1) == 2 && broken.Load() {
			http.Error(w, `{"error":{"type":"invalid-request","message":"broken on purpose"}}`, http.StatusBadRequest)
			return
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	client := ingest.NewClient(ingest.ClientOptions{BaseURL: front.URL, Token: "sim-token", RetryWait: 10 * time.Millisecond, MaxWait: 50 * time.Millisecond})

	ws, account, job := seedAccountRefresh(t, client, "retry_"+uuid.NewString()[:8], 40)

	h := tracking.CompleteScrapeHandler{DB: env.PG, CH: env.CH, Provider: client, PageSize: 10, Now: time.Now, Log: slog.New(slog.DiscardHandler)}
	if _, err := h.Handle(ctx, tracking.CompleteScrape{JobID: job}); apperr.KindOf(err) != apperr.KindUnavailable {
		t.Fatalf("completion with a broken provider: %v, want unavailable (5xx)", err)
	}
	var status string
	var videos int
	if err := env.PG.QueryRow(ctx, `SELECT status, (SELECT count(*) FROM videos WHERE account_id = $2) FROM scrape_jobs WHERE id = $1`, job, account).Scan(&status, &videos); err != nil {
		t.Fatal(err)
	}
	if status != "running" || videos != 0 {
		t.Fatalf("after the failure: job %s, %d videos; want running and none", status, videos)
	}

	broken.Store(false)
	out, err := h.Handle(ctx, tracking.CompleteScrape{JobID: job})
	if err != nil || out.Status != "processed" || out.ItemsTotal != 40 {
		t.Fatalf("retry: %+v, %v", out, err)
	}
	var rows uint64
	if err := env.CH.QueryRow(ctx, `SELECT count() FROM metric_snapshots FINAL WHERE workspace_id = ?`, ws).Scan(&rows); err != nil {
		t.Fatal(err)
	}
	// 40 videos and the account's followers, each once.
	if rows != 41 {
		t.Fatalf("%d snapshot rows after the retry, want 41", rows)
	}
}

// seedAccountRefresh records a workspace with one TikTok account, starts a
// simulator run listing items of its videos, waits for the run to finish,
// and records the refresh job, ready for its completion to be processed.
func seedAccountRefresh(t testing.TB, client *ingest.Client, handle string, items int) (ws, account, job uuid.UUID) {
	t.Helper()
	ws = env.Workspace(t, testenv.WorkspaceOptions{})
	account = env.Account(t, ws, testenv.AccountOptions{Handle: handle, TrackingLimit: min(items, 200)})
	const actor = "clockworks~tiktok-scraper"
	input, _ := json.Marshal(map[string]any{"profiles": []string{handle}, "postURLs": []string{}, "resultsPerPage": items})
	job = uuid.New()
	run := ingesttest.FinishedRun(t, client, actor, input, job)
	env.Job(t, ws, testenv.JobOptions{ID: job, Actor: actor, Input: input, Status: domain.JobRunning, RunID: run.ID, DatasetID: run.DefaultDatasetID,
		Targets: []testenv.JobTarget{{Kind: platform.Account, ID: account}}})
	return ws, account, job
}

// TestClickHouseFailureMidWriteIsRetried cuts ClickHouse off during the
// completion's snapshot writes, once mid-way and once on the last batch:
// the completion answers an internal error (a 500, so the provider
// delivers the webhook again) and records nothing in PostgreSQL, and the
// retry completes the job with exactly one set of snapshots, the rows of
// the partial first write replaced through the sorting key.
func TestClickHouseFailureMidWriteIsRetried(t *testing.T) {
	t.Parallel()
	testenv.SkipOnCurrentEngine(t, "the cut is placed by the native protocol's insert text")
	// 41 rows (40 videos and the account) in batches of 5: nine inserts.
	for _, cutAt := range []int{3, 9} {
		t.Run(fmt.Sprintf("insert %d of 9", cutAt), func(t *testing.T) { clickHouseCutAndRetry(t, cutAt) })
	}
}

func clickHouseCutAndRetry(t *testing.T, cutAt int) {
	ctx := context.Background()
	sim := testenv.ScraperSim(t, "-run-duration", "10ms", "-webhook-retries", "0", "-quirks=false")
	client := ingest.NewClient(ingest.ClientOptions{BaseURL: sim, Token: "sim-token", RetryWait: 10 * time.Millisecond, MaxWait: 50 * time.Millisecond})
	ws, account, job := seedAccountRefresh(t, client, "chcut_"+uuid.NewString()[:8], 40)

	proxy := testenv.NewCutProxy(t, env.CHOptions.Addr)
	o := env.CHOptions
	o.Addr = proxy.Addr()
	ch, err := store.OpenClickHouse(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ch.Close() })

	// The proxy cuts every connection when that insert's query goes by.
	proxy.CutAt([]byte("INSERT INTO metric_snapshots"), cutAt)
	h := tracking.CompleteScrapeHandler{DB: env.PG, CH: ch, Provider: client, PageSize: 10, Batch: 5, Now: time.Now, Log: slog.New(slog.DiscardHandler)}
	out, err := h.Handle(ctx, tracking.CompleteScrape{JobID: job})
	if err == nil || apperr.KindOf(err) != apperr.KindInternal || out.Status == "processed" {
		t.Fatalf("completion with ClickHouse cut off: %+v, %v; want an internal error (500)", out, err)
	}
	if !proxy.IsCut() {
		t.Fatal("the proxy was never cut: the test did not exercise a failure")
	}
	var partial uint64
	if err := env.CH.QueryRow(ctx, `SELECT count() FROM metric_snapshots WHERE workspace_id = ?`, ws).Scan(&partial); err != nil {
		t.Fatal(err)
	}
	if want := uint64(5 * (cutAt - 1)); partial != want {
		t.Fatalf("%d snapshot rows after the cut, want the %d of the batches sent before it", partial, want)
	}
	const state = `
		SELECT j.status, a.status, a.last_scraped_at, (SELECT count(*) FROM videos WHERE account_id = a.id)
		FROM scrape_jobs j, accounts a WHERE j.id = $1 AND a.id = $2`
	var status, accountStatus string
	var videos int
	var lastScraped *time.Time
	if err := env.PG.QueryRow(ctx, state, job, account).Scan(&status, &accountStatus, &lastScraped, &videos); err != nil {
		t.Fatal(err)
	}
	if status != "running" || accountStatus != "pending" || lastScraped != nil || videos != 0 {
		t.Fatalf("after the failure: job %s, account %s scraped at %v, %d videos; want running, pending, never, none",
			status, accountStatus, lastScraped, videos)
	}

	proxy.Restore()
	out, err = h.Handle(ctx, tracking.CompleteScrape{JobID: job})
	if err != nil || out.Status != "processed" || out.ItemsTotal != 40 || out.Snapshots != 41 {
		t.Fatalf("retry: %+v, %v", out, err)
	}
	if err := env.PG.QueryRow(ctx, state, job, account).Scan(&status, &accountStatus, &lastScraped, &videos); err != nil {
		t.Fatal(err)
	}
	if status != "processed" || accountStatus != "active" || lastScraped == nil || videos != 40 {
		t.Fatalf("after the retry: job %s, account %s scraped at %v, %d videos; want processed, active, set, 40",
			status, accountStatus, lastScraped, videos)
	}
	var rows, entities uint64
	if err := env.CH.QueryRow(ctx, `SELECT count(), uniqExact(entity_id) FROM metric_snapshots FINAL WHERE workspace_id = ?`, ws).
		Scan(&rows, &entities); err != nil {
		t.Fatal(err)
	}
	if rows != 41 || entities != 41 {
		t.Fatalf("%d snapshot rows of %d entities after the retry, want 41 of 41", rows, entities)
	}

	// The provider delivering the webhook once more changes nothing.
	out, err = h.Handle(ctx, tracking.CompleteScrape{JobID: job})
	if err != nil || !out.Replayed {
		t.Fatalf("replay: %+v, %v", out, err)
	}
}

// datasetReads records the dataset pages a provider answered through a
// proxy in front of it: dataset, offset and limit of every 2xx answer to
// a read of items, in order, and the total the provider reported.
type datasetReads struct {
	mu    sync.Mutex
	pages []datasetPage
	total int
	other int // answers that were not a page (429 and the like)
}

type datasetPage struct {
	dataset       string
	offset, limit int
}

func (d *datasetReads) record(resp *http.Response) error {
	r := resp.Request
	if !strings.HasSuffix(r.URL.Path, "/items") {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if resp.StatusCode/100 != 2 {
		d.other++
		return nil
	}
	q := r.URL.Query()
	offset, _ := strconv.Atoi(q.Get("offset"))
	limit, _ := strconv.Atoi(q.Get("limit"))
	d.pages = append(d.pages, datasetPage{dataset: strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/v2/datasets/"), "/items"), offset: offset, limit: limit})
	if t, err := strconv.Atoi(resp.Header.Get("X-Apify-Pagination-Total")); err == nil {
		d.total = t
	}
	return nil
}

func (d *datasetReads) reset() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.pages, d.total, d.other = nil, 0, 0
}

// TestCompletionReadsTheDatasetOnce counts the dataset reads of one
// completion at the provider: a run of 95 videos read 10 items a time,
// with every page cleaned two items short and every 7th request refused
// with 429 (and retried). The completion reads its run's dataset in one
// pass: every page once, in order, from offset 0 to the provider's total,
// and nothing before or after, while every video gets its snapshot.
func TestCompletionReadsTheDatasetOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	sim := testenv.ScraperSim(t, "-run-duration", "10ms", "-webhook-retries", "0", "-empty-every", "10", "-rate429", "7")
	target, _ := url.Parse(sim)
	proxy := httputil.NewSingleHostReverseProxy(target)
	var reads datasetReads
	proxy.ModifyResponse = reads.record
	front := httptest.NewServer(proxy)
	t.Cleanup(front.Close)
	client := ingest.NewClient(ingest.ClientOptions{BaseURL: front.URL, Token: "sim-token", RetryWait: 10 * time.Millisecond, MaxWait: 50 * time.Millisecond})

	const items, pageSize = 95, 10
	ws, _, job := seedAccountRefresh(t, client, "once_"+uuid.NewString()[:8], items)
	var dataset string
	if err := env.PG.QueryRow(ctx, `SELECT dataset_id FROM scrape_jobs WHERE id = $1`, job).Scan(&dataset); err != nil {
		t.Fatal(err)
	}
	reads.reset()
	h := tracking.CompleteScrapeHandler{DB: env.PG, CH: env.CH, Provider: client, PageSize: pageSize, Now: time.Now, Log: slog.New(slog.DiscardHandler)}
	out, err := h.Handle(ctx, tracking.CompleteScrape{JobID: job})
	if err != nil || out.Status != "processed" {
		t.Fatalf("completion: %+v, %v", out, err)
	}
	reads.mu.Lock()
	pages, total, other := reads.pages, reads.total, reads.other
	reads.mu.Unlock()
	t.Logf("%d items ingested (%d snapshots) from %d pages of a dataset of %d positions; %d other answers to item reads", out.ItemsTotal, out.Snapshots, len(pages), total, other)
	if total < items {
		t.Fatalf("the provider reported %d positions, want at least the %d items", total, items)
	}
	want := (total + pageSize - 1) / pageSize
	if len(pages) != want {
		t.Errorf("%d dataset pages read, want one pass of %d: %v", len(pages), want, pages)
	}
	seen := map[int]bool{}
	for i, p := range pages {
		switch {
		case p.dataset != dataset:
			t.Errorf("page %d read dataset %q, the run's is %q", i, p.dataset, dataset)
		case seen[p.offset]:
			t.Errorf("the page at offset %d was read twice: %v", p.offset, pages)
		case p.offset != i*pageSize || p.limit != pageSize:
			t.Errorf("page %d read offset %d limit %d, want %d and %d", i, p.offset, p.limit, i*pageSize, pageSize)
		}
		seen[p.offset] = true
	}
	if out.ItemsTotal != items || out.Snapshots != items+1 {
		t.Errorf("%d items and %d snapshots, want %d and %d", out.ItemsTotal, out.Snapshots, items, items+1)
	}
	var rows uint64
	if err := env.CH.QueryRow(ctx, `SELECT count() FROM metric_snapshots WHERE workspace_id = ?`, ws).Scan(&rows); err != nil {
		t.Fatal(err)
	}
	if rows != items+1 {
		t.Errorf("%d snapshot rows stored, want %d", rows, items+1)
	}
}
