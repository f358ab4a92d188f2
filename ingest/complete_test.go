package ingest_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// TestProviderFailureMidDatasetIsRetried breaks the provider on the second
// dataset page: the completion answers a retryable error and records
// nothing, and the retry completes the job with the same snapshots as one
// clean pass.
func TestProviderFailureMidDatasetIsRetried(t *testing.T) {
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

	h := ingest.CompletionHandler{DB: env.PG, CH: env.CH, Provider: client, PageSize: 10, Now: time.Now}
	if _, err := h.Handle(ctx, ingest.Completion{JobID: job}); apperr.KindOf(err) != apperr.KindUnavailable {
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
	out, err := h.Handle(ctx, ingest.Completion{JobID: job})
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
	ctx := context.Background()
	owner := uuid.New()
	ws, account, job = uuid.New(), uuid.New(), uuid.New()
	mustExec(t, `INSERT INTO users (id, email) VALUES ($1, $2)`, owner, handle+"@example.com")
	mustExec(t, `INSERT INTO workspaces (id, name, owner_id, plan, video_limit, seat_limit) VALUES ($1, 'w', $2, 'agency', 5000, 15)`, ws, owner)
	mustExec(t, `INSERT INTO accounts (id, workspace_id, platform, handle, url, tracking_limit) VALUES ($1, $2, 'tiktok', $3, $4, $5)`,
		account, ws, handle, "https://www.tiktok.com/@"+handle, min(items, 200))
	input, _ := json.Marshal(map[string]any{"profiles": []string{handle}, "postURLs": []string{}, "resultsPerPage": items})
	run, err := client.StartRun(ctx, "clockworks~tiktok-scraper", input, ingest.Webhook{RequestURL: "http://127.0.0.1:1/none", IdempotencyKey: job.String()})
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(30 * time.Second); !run.Terminal(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("run did not finish")
		}
		if run, err = client.GetRun(ctx, run.ID); err != nil {
			t.Fatal(err)
		}
	}
	mustExec(t, `INSERT INTO scrape_jobs (id, workspace_id, platform, actor, input, reason, status, provider_run_id, dataset_id)
		VALUES ($1, $2, 'tiktok', 'clockworks~tiktok-scraper', $3, 'refresh', 'running', $4, $5)`, job, ws, input, run.ID, run.DefaultDatasetID)
	mustExec(t, `INSERT INTO scrape_job_targets (job_id, entity_kind, entity_id) VALUES ($1, 'account', $2)`, job, account)
	return ws, account, job
}

func mustExec(t testing.TB, sql string, args ...any) {
	t.Helper()
	if _, err := env.PG.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}
