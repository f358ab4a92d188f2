package tracking_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// BenchmarkAccountRefresh processes the completion of an account refresh
// whose dataset holds n items, served by the simulator over loopback: the
// dataset is paged, every item normalized, the account's tracked videos
// written to ClickHouse and the job recorded. It reports items/s and the
// growth of peak RSS over the run.
//
// Under "generated" the simulator generates each page as it is read, which
// on this machine takes about a third of the CPU; under "stored" it serves
// the dataset rendered before the timer starts, as the provider serves a
// stored dataset from elsewhere.
func BenchmarkAccountRefresh(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		for _, stored := range []bool{false, true} {
			name := fmt.Sprintf("%d/generated", n)
			if stored {
				name = fmt.Sprintf("%d/stored", n)
			}
			b.Run(name, func(b *testing.B) { benchAccountRefresh(b, n, stored) })
		}
	}
}

func benchAccountRefresh(b *testing.B, items int, stored bool) {
	ctx := context.Background()
	sim := testenv.ScraperSim(b, "-run-duration", "10ms", "-items-per-profile-max", strconv.Itoa(items), "-webhook-retries", "0",
		"-keep-datasets", strconv.FormatBool(stored))
	client := ingest.NewClient(ingest.ClientOptions{BaseURL: sim, Token: "sim-token"})

	_, _, job := seedAccountRefresh(b, client, fmt.Sprintf("bench%d_%s", items, uuid.NewString()[:8]), items)
	if stored {
		// the first read renders the dataset
		var dataset string
		if err := env.PG.QueryRow(ctx, `SELECT dataset_id FROM scrape_jobs WHERE id = $1`, job).Scan(&dataset); err != nil {
			b.Fatal(err)
		}
		if _, err := client.Items(ctx, dataset, 0, 1, func(json.RawMessage) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
	h := tracking.CompleteScrapeHandler{DB: env.PG, CH: env.CH, Provider: client, PageSize: 1000, Now: time.Now, Log: slog.New(slog.DiscardHandler)}

	rssBefore := procStatusKB(b, "VmRSS")
	b.ResetTimer()
	var total int
	for range b.N {
		out, err := h.Handle(ctx, tracking.CompleteScrape{JobID: job})
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
