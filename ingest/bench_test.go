package ingest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

var env *testenv.Env

func TestMain(m *testing.M) { testenv.Main(m, &env) }

// BenchmarkAccountRefresh processes the completion of an account refresh
// whose dataset holds n items, served by the simulator over loopback: the
// dataset is paged, every item normalized, the account's tracked videos
// written to ClickHouse and the job recorded. It reports items/s and the
// growth of peak RSS over the run.
func BenchmarkAccountRefresh(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) { benchAccountRefresh(b, n) })
	}
}

func benchAccountRefresh(b *testing.B, items int) {
	ctx := context.Background()
	sim := testenv.ScraperSim(b, "-run-duration", "10ms", "-items-per-profile-max", strconv.Itoa(items), "-webhook-retries", "0")
	client := ingest.NewClient(ingest.ClientOptions{BaseURL: sim, Token: "sim-token"})

	owner, ws, account, job := uuid.New(), uuid.New(), uuid.New(), uuid.New()
	handle := fmt.Sprintf("bench%d_%s", items, uuid.NewString()[:8])
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO users (id, email) VALUES ($1, $2)`, []any{owner, handle + "@example.com"}},
		{`INSERT INTO workspaces (id, name, owner_id, plan, video_limit, seat_limit) VALUES ($1, 'bench', $2, 'agency', 5000, 15)`, []any{ws, owner}},
		{`INSERT INTO accounts (id, workspace_id, platform, handle, url, tracking_limit) VALUES ($1, $2, 'tiktok', $3, $4, 200)`,
			[]any{account, ws, handle, "https://www.tiktok.com/@" + handle}},
	} {
		if _, err := env.PG.Exec(ctx, q.sql, q.args...); err != nil {
			b.Fatal(err)
		}
	}
	input, _ := json.Marshal(map[string]any{"profiles": []string{handle}, "postURLs": []string{}, "resultsPerPage": items})
	run, err := client.StartRun(ctx, "clockworks~tiktok-scraper", input, ingest.Webhook{RequestURL: "http://127.0.0.1:1/none", IdempotencyKey: job.String()})
	if err != nil {
		b.Fatal(err)
	}
	for deadline := time.Now().Add(30 * time.Second); ; {
		r, err := client.GetRun(ctx, run.ID)
		if err != nil {
			b.Fatal(err)
		}
		if r.Terminal() {
			break
		}
		if time.Now().After(deadline) {
			b.Fatal("run did not finish")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if _, err := env.PG.Exec(ctx, `
		INSERT INTO scrape_jobs (id, workspace_id, platform, actor, input, reason, status, provider_run_id, dataset_id)
		VALUES ($1, $2, 'tiktok', 'clockworks~tiktok-scraper', $3, 'refresh', 'running', $4, $5)`,
		job, ws, input, run.ID, run.DefaultDatasetID); err != nil {
		b.Fatal(err)
	}
	if _, err := env.PG.Exec(ctx, `INSERT INTO scrape_job_targets (job_id, entity_kind, entity_id) VALUES ($1, 'account', $2)`, job, account); err != nil {
		b.Fatal(err)
	}
	h := ingest.CompletionHandler{DB: env.PG, CH: env.CH, Provider: client, PageSize: 1000, Now: time.Now}

	rssBefore := procStatusKB(b, "VmRSS")
	b.ResetTimer()
	var total int
	for range b.N {
		out, err := h.Handle(ctx, ingest.Completion{JobID: job})
		if err != nil {
			b.Fatal(err)
		}
		if out.ItemsTotal != items || out.Snapshots == 0 {
			b.Fatalf("processed %+v, want %d items and snapshots", out, items)
		}
		total += out.ItemsTotal
		b.StopTimer()
		if _, err := env.PG.Exec(ctx, `UPDATE scrape_jobs SET status = 'running' WHERE id = $1`, job); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "items/s")
	b.ReportMetric(float64(procStatusKB(b, "VmHWM")-rssBefore)/1024, "peakRSS-growth-MB")
}

// procStatusKB reads a kB field of /proc/self/status (VmRSS, VmHWM).
func procStatusKB(b *testing.B, field string) int {
	raw, err := os.ReadFile("/proc/self/status")
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			return kb
		}
	}
	return 0
}
