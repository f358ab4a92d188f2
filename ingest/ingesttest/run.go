// Package ingesttest helps tests drive the scraping provider's client
// against cmd/scrapersim (testenv.ScraperSim). Only tests import it.
package ingesttest

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
)

// FinishedRun starts a run for the scrape job (its id the webhook's
// idempotency key) and waits up to 30 s for it to finish.
func FinishedRun(t testing.TB, client *ingest.Client, actor string, input []byte, job uuid.UUID) ingest.Run {
	t.Helper()
	ctx := context.Background()
	run, err := client.StartRun(ctx, actor, input, ingest.Webhook{RequestURL: "http://127.0.0.1:1/none", IdempotencyKey: job.String()})
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(30 * time.Second); !run.Terminal(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("run %s did not finish", run.ID)
		}
		if run, err = client.GetRun(ctx, run.ID); err != nil {
			t.Fatal(err)
		}
	}
	return run
}
