package command

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/ingest"
)

// WebhookSecretHeader carries the shared secret on provider webhooks.
const WebhookSecretHeader = "X-Reeltrack-Webhook-Secret"

// StartScrape starts the provider run of a recorded job.
type StartScrape struct {
	JobID uuid.UUID
}

// StartScrapeHandler claims a queued job, starts its run with the
// completion webhook, and records the run. The job is committed before this
// runs, so a crash in between leaves a job to retry, never a lost run.
type StartScrapeHandler struct {
	DB            *pgxpool.Pool
	Provider      *ingest.Client
	PublicBaseURL string
	WebhookSecret string
}

// ErrNotStartable is returned for a job that is not waiting to start.
var ErrNotStartable = errors.New("job is not waiting to start")

// Handle starts the job's run. On failure the job goes back to queued with
// the error, for the next refresh to retry.
func (h StartScrapeHandler) Handle(ctx context.Context, cmd StartScrape) error {
	var actor string
	var input json.RawMessage
	var attempt int
	// Claiming sets status running without a run id: a concurrent starter
	// finds nothing to claim, so one job never starts two runs.
	err := h.DB.QueryRow(ctx, `
		UPDATE scrape_jobs SET status = 'running', attempts = attempts + 1, error = '', updated_at = now()
		WHERE id = $1 AND status IN ('queued', 'failed')
		RETURNING actor, input, attempts`, cmd.JobID).Scan(&actor, &input, &attempt)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotStartable
	}
	if err != nil {
		return fmt.Errorf("claim job: %w", err)
	}
	if h.Provider == nil {
		return h.release(ctx, cmd.JobID, errors.New("the scraping provider is not configured"))
	}
	hook := ingest.Webhook{
		RequestURL: h.PublicBaseURL + "/api/webhooks/scraper?job_id=" + cmd.JobID.String(),
		// The provider registers a webhook once per key: a retried job's new
		// run needs a key of its own.
		IdempotencyKey: fmt.Sprintf("%s-%d", cmd.JobID, attempt),
	}
	if h.WebhookSecret != "" {
		hook.Headers = map[string]string{WebhookSecretHeader: h.WebhookSecret}
	}
	run, err := h.Provider.StartRun(ctx, actor, input, hook)
	if err != nil {
		return h.release(ctx, cmd.JobID, err)
	}
	if _, err := h.DB.Exec(context.WithoutCancel(ctx), `
		UPDATE scrape_jobs SET provider_run_id = $2, dataset_id = $3, updated_at = now() WHERE id = $1`,
		cmd.JobID, run.ID, run.DefaultDatasetID); err != nil {
		return fmt.Errorf("record run %s of job %s: %w", run.ID, cmd.JobID, err)
	}
	return nil
}

func (h StartScrapeHandler) release(ctx context.Context, jobID uuid.UUID, cause error) error {
	msg := cause.Error()
	var pe *ingest.ProviderError
	if errors.As(cause, &pe) {
		msg = pe.Error()
	}
	if _, err := h.DB.Exec(context.WithoutCancel(ctx), `
		UPDATE scrape_jobs SET status = 'queued', error = $2, updated_at = now() WHERE id = $1`, jobID, msg); err != nil {
		return errors.Join(cause, fmt.Errorf("release job: %w", err))
	}
	return cause
}
