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

// FinishedRun starts a run of the actor with the input for the scrape job
// (its id the webhook's idempotency key; the webhook itself goes nowhere,
// the test completes the job) and waits up to 30 s for the run to finish.
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
