package tracking

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/metrics"
)

// WebhookSecretHeader carries the shared secret on provider webhooks.
const WebhookSecretHeader = "X-Reeltrack-Webhook-Secret"

// StartScrape starts the provider run of a recorded job of the workspace.
type StartScrape struct {
	WorkspaceID uuid.UUID
	JobID       uuid.UUID
}

// StartScrapeHandler claims a queued job, starts its run and records it. The
// job is committed first, so a crash between leaves a job to retry, never a lost run.
type StartScrapeHandler struct {
	DB            *pgxpool.Pool
	Provider      *ingest.Client
	PublicBaseURL string
	WebhookSecret string
	Log           *slog.Logger
	Metrics       *metrics.Metrics
}

// ErrNotStartable is returned for a job that is not waiting to start.
var ErrNotStartable = errors.New("job is not waiting to start")

var errNoProvider = apperr.Unavailable("the scraping provider is not configured (SCRAPER_TOKEN is not set)")

// ProviderPaused is returned while starting runs is paused; the job stays queued.
type ProviderPaused struct {
	Actor  string // "" when every run is paused, else the actor whose runs are
	Kind   string // credentials, credit or actor
	Reason string
	Until  time.Time
}

func (e *ProviderPaused) Error() string {
	what := "starting runs"
	if e.Actor != "" {
		what = "starting runs of " + e.Actor
	}
	return fmt.Sprintf("%s is paused until %s: %s", what, e.Until.UTC().Format(time.RFC3339), e.Reason)
}

// everyRunPaused reports whether no run can start now, so a caller stops trying.
func everyRunPaused(err error) bool {
	var p *ProviderPaused
	return errors.As(err, &p) && p.Actor == ""
}

// Pause back-off per kind, doubled with each refusal in a row: a fixed
// credential should be tried soon; credit returns with a top-up or period.
var pauseBackoff = map[string][2]time.Duration{
	"credentials": {5 * time.Minute, time.Hour},
	"actor":       {5 * time.Minute, time.Hour},
	"credit":      {5 * time.Minute, 6 * time.Hour},
}

// Handle starts the job's run. Without a provider, or while paused, the job
// is left queued, attempts unspent (unavailable, or *ProviderPaused).
func (h StartScrapeHandler) Handle(ctx context.Context, cmd StartScrape) error {
	if h.Provider == nil {
		return errNoProvider
	}
	pause, active, err := h.pauseFor(ctx, cmd)
	if err != nil {
		return err
	}
	if active {
		return pause
	}
	var actor string
	var input json.RawMessage
	var attempt int
	var platform string
	workspaceID := cmd.WorkspaceID
	// Claiming sets status running without a run id: a concurrent starter
	// finds nothing to claim, so one job never starts two runs.
	err = h.DB.QueryRow(ctx, `
		UPDATE scrape_jobs SET status = $2, attempts = attempts + 1, error = '', updated_at = now()
		WHERE id = $1 AND workspace_id = $4 AND status = ANY($3) AND given_up_at IS NULL
		RETURNING actor, input, attempts, platform`, cmd.JobID, domain.JobRunning, []domain.Job{domain.JobQueued, domain.JobFailed}, workspaceID).Scan(&actor, &input, &attempt, &platform)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotStartable
	}
	if err != nil {
		return fmt.Errorf("claim job: %w", err)
	}
	hook := ingest.Webhook{
		RequestURL: h.PublicBaseURL + "/api/webhooks/scraper?job_id=" + cmd.JobID.String(),
		// The provider registers a webhook once per key: a retry needs its own.
		IdempotencyKey: fmt.Sprintf("%s-%d", cmd.JobID, attempt),
	}
	if h.WebhookSecret != "" {
		hook.Headers = map[string]string{WebhookSecretHeader: h.WebhookSecret}
	}
	run, err := h.Provider.StartRun(ctx, actor, input, hook)
	if err != nil {
		if !errors.Is(err, context.Canceled) {
			h.Metrics.ScrapeFailed(platform, startFailure(err))
		}
		return h.failed(ctx, cmd.JobID, workspaceID, actor, err)
	}
	h.Metrics.ScrapeStarted(platform)
	if _, err := h.DB.Exec(context.WithoutCancel(ctx), `
		UPDATE scrape_jobs SET provider_run_id = $2, dataset_id = $3, updated_at = now() WHERE id = $1 AND workspace_id = $4`,
		cmd.JobID, run.ID, run.DefaultDatasetID, workspaceID); err != nil {
		return fmt.Errorf("record run %s of job %s: %w", run.ID, cmd.JobID, err)
	}
	if pause != nil {
		h.resume(ctx, actor)
	}
	return nil
}

// pauseFor reads the longest pause applying to the job's runs and whether it
// still runs; an expired one is returned too, the start then a probe.
func (h StartScrapeHandler) pauseFor(ctx context.Context, job StartScrape) (*ProviderPaused, bool, error) {
	var p ProviderPaused
	var active bool
	err := h.DB.QueryRow(ctx, `
		SELECT p.actor, p.kind, p.reason, p.paused_until, p.paused_until > now()
		FROM scrape_jobs j JOIN provider_pauses p ON p.account = $2 AND p.actor IN ('', j.actor)
		WHERE j.id = $1 AND j.workspace_id = $3
		ORDER BY p.paused_until DESC LIMIT 1`, job.JobID, h.Provider.Account(), job.WorkspaceID).Scan(&p.Actor, &p.Kind, &p.Reason, &p.Until, &active)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("read provider pause: %w", err)
	}
	return &p, active, nil
}

func startFailure(err error) metrics.ScrapeFailure {
	switch ingest.FailureOf(err) {
	case ingest.FailureRefused:
		return metrics.StartRefused
	case ingest.FailureCredentials:
		return metrics.StartCredentials
	case ingest.FailureNoCredit:
		return metrics.StartNoCredit
	case ingest.FailureNotFound:
		return metrics.StartNoActor
	}
	return metrics.StartUnavailable
}

func (h StartScrapeHandler) failed(ctx context.Context, jobID, workspaceID uuid.UUID, actor string, cause error) error {
	ctx = context.WithoutCancel(ctx)
	var pe *ingest.ProviderError
	errors.As(cause, &pe)
	switch ingest.FailureOf(cause) {
	case ingest.FailureRefused:
		return h.refused(ctx, jobID, workspaceID, actor, pe, cause)
	case ingest.FailureCredentials:
		return h.pause(ctx, jobID, workspaceID, "", "credentials", "the provider refused the token (check SCRAPER_TOKEN and its permissions): "+pe.Error(), cause)
	case ingest.FailureNoCredit:
		return h.pause(ctx, jobID, workspaceID, "", "credit", "the provider account is out of credit: "+pe.Error(), cause)
	case ingest.FailureNotFound:
		return h.pause(ctx, jobID, workspaceID, actor, "actor", "the provider has no actor "+actor+" (check the SCRAPER_ACTOR_ settings): "+pe.Error(), cause)
	}
	h.Log.Warn("scraping provider did not start a run: the job stays queued", "jobId", jobID, "actor", actor, "error", cause)
	if _, err := h.DB.Exec(ctx, `
		UPDATE scrape_jobs SET status = $3, error = $2, updated_at = now() WHERE id = $1 AND workspace_id = $4`, jobID, cause.Error(), domain.JobQueued, workspaceID); err != nil {
		return errors.Join(cause, fmt.Errorf("release job: %w", err))
	}
	return cause
}

// refused fails a job whose input the provider refused: retrying cannot help.
func (h StartScrapeHandler) refused(ctx context.Context, jobID, workspaceID uuid.UUID, actor string, pe *ingest.ProviderError, cause error) error {
	reason := "the provider refused the input: " + pe.Message
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := FailJob(ctx, tx, jobID, workspaceID, reason); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE scrape_jobs SET given_up_at = now() WHERE id = $1 AND workspace_id = $2`, jobID, workspaceID)
		return err
	})
	if err != nil {
		return errors.Join(cause, fmt.Errorf("fail job: %w", err))
	}
	h.Log.Warn("scraping provider refused a run's input", "jobId", jobID, "actor", actor, "status", pe.Status, "type", pe.Type, "message", pe.Message)
	return cause
}

// pause records a pause of starting runs (all, or actor's), the job left
// queued; a repeated refusal doubles it, and only the first logs an error.
func (h StartScrapeHandler) pause(ctx context.Context, jobID, workspaceID uuid.UUID, actor, kind, reason string, cause error) error {
	b := pauseBackoff[kind]
	p := &ProviderPaused{Actor: actor, Kind: kind, Reason: reason}
	var failures int
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `
			INSERT INTO provider_pauses AS p (account, actor, kind, reason, paused_until)
			VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))
			ON CONFLICT (account, actor) DO UPDATE SET
				failures = CASE WHEN p.kind = excluded.kind THEN p.failures + 1 ELSE 1 END,
				since = CASE WHEN p.kind = excluded.kind THEN p.since ELSE now() END,
				paused_until = now() + make_interval(secs => least($6,
					$5 * power(2, CASE WHEN p.kind = excluded.kind THEN least(p.failures, 30) ELSE 0 END))),
				kind = excluded.kind, reason = excluded.reason, updated_at = now()
			RETURNING failures, paused_until`,
			h.Provider.Account(), actor, kind, reason, b[0].Seconds(), b[1].Seconds()).Scan(&failures, &p.Until)
		if err != nil {
			return fmt.Errorf("record provider pause: %w", err)
		}
		_, err = tx.Exec(ctx, `
			UPDATE scrape_jobs SET status = $3, attempts = greatest(attempts - 1, 0), error = $2, updated_at = now()
			WHERE id = $1 AND workspace_id = $4`, jobID, reason, domain.JobQueued, workspaceID)
		if err != nil {
			return fmt.Errorf("release job: %w", err)
		}
		return nil
	})
	if err != nil {
		return errors.Join(cause, err)
	}
	level, msg := slog.LevelWarn, "scraping provider still refuses runs: starting them stays paused"
	if failures == 1 {
		level, msg = slog.LevelError, "scraping provider refuses runs: starting them is paused"
	}
	h.Log.Log(ctx, level, msg, "kind", kind, "actor", actor, "reason", reason, "until", p.Until, "refusals", failures)
	return p
}

func (h StartScrapeHandler) resume(ctx context.Context, actor string) {
	tag, err := h.DB.Exec(context.WithoutCancel(ctx), `DELETE FROM provider_pauses WHERE account = $1 AND actor IN ('', $2)`,
		h.Provider.Account(), actor)
	if err != nil {
		h.Log.Warn("lift provider pause", "error", err)
		return
	}
	if tag.RowsAffected() > 0 {
		h.Log.Info("scraping provider starts runs again: pause lifted", "actor", actor)
	}
}

// startAll starts the jobs in turn, calling tried with each one waiting to
// start; while every run is paused it stops, the rest left queued.
func (h StartScrapeHandler) startAll(ctx context.Context, jobs []StartScrape, tried func(uuid.UUID)) {
	for _, job := range jobs {
		err := h.Handle(ctx, job)
		if everyRunPaused(err) {
			return
		}
		if !errors.Is(err, ErrNotStartable) && tried != nil {
			tried(job.JobID)
		}
	}
}
