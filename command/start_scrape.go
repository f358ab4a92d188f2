package command

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

// StartScrape starts the provider run of a recorded job.
type StartScrape struct {
	JobID uuid.UUID
}

// StartScrapeHandler claims a queued job, starts its run with the
// completion webhook, and records the run. The job is committed before this
// runs, so a crash in between leaves a job to retry, never a lost run.
//
// What a refused start does depends on why (see the provider retry policy
// in docs/decisions.md): a transient failure (429, 5xx, network) sends the job back to
// the queue for the refresh to retry with back-off; a refused input (400
// and other 4xx) fails the job for good, its items showing why; a
// configuration error (401/403, or 404 for the actor) or an account out of
// credit (402) pauses starting runs with back-off, recorded in PostgreSQL
// so that every replica holds off, and leaves the job queued with its
// attempt unspent.
type StartScrapeHandler struct {
	DB            *pgxpool.Pool
	Provider      *ingest.Client
	PublicBaseURL string
	WebhookSecret string
	Log           *slog.Logger // nil: nothing is logged
	// Metrics counts the runs started and the starts that failed; nil
	// counts nothing.
	Metrics *metrics.Metrics
}

// ErrNotStartable is returned for a job that is not waiting to start.
var ErrNotStartable = errors.New("job is not waiting to start")

// errNoProvider refuses starts while no scraping provider is configured.
var errNoProvider = apperr.Unavailable("the scraping provider is not configured (SCRAPER_TOKEN is not set)")

// ProviderPaused is returned while starting runs is paused: the job was
// left queued as it was.
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

// everyRunPaused reports whether err says that no run can start now, so
// that a caller starting several jobs stops trying.
func everyRunPaused(err error) bool {
	var p *ProviderPaused
	return errors.As(err, &p) && p.Actor == ""
}

// Pause back-off per kind: the first pause, doubled with each refusal in a
// row, up to the cap. An operator fixes credentials or an actor name, and
// the next try should come soon after; credit comes back with a top-up or
// the next billing period.
var pauseBackoff = map[string][2]time.Duration{
	"credentials": {5 * time.Minute, time.Hour},
	"actor":       {5 * time.Minute, time.Hour},
	"credit":      {5 * time.Minute, 6 * time.Hour},
}

// Handle starts the job's run. Without a provider the job is left queued
// as it is, its attempts unspent, and Handle answers unavailable; while
// starting runs is paused likewise, and Handle answers *ProviderPaused.
func (h StartScrapeHandler) Handle(ctx context.Context, cmd StartScrape) error {
	if h.Provider == nil {
		return errNoProvider
	}
	pause, active, err := h.pauseFor(ctx, cmd.JobID)
	if err != nil {
		return err
	}
	if active {
		return pause
	}
	var actor string
	var input json.RawMessage
	var attempt int
	var workspaceID uuid.UUID
	var platform string
	// Claiming sets status running without a run id: a concurrent starter
	// finds nothing to claim, so one job never starts two runs.
	err = h.DB.QueryRow(ctx, `
		UPDATE scrape_jobs SET status = $2, attempts = attempts + 1, error = '', updated_at = now()
		WHERE id = $1 AND status = ANY($3) AND given_up_at IS NULL
		RETURNING actor, input, attempts, workspace_id, platform`, cmd.JobID, domain.JobRunning, []domain.Job{domain.JobQueued, domain.JobFailed}).Scan(&actor, &input, &attempt, &workspaceID, &platform)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotStartable
	}
	if err != nil {
		return fmt.Errorf("claim job: %w", err)
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
		if !errors.Is(err, context.Canceled) {
			h.Metrics.ScrapeFailed(platform, startFailure(err))
		}
		return h.failed(ctx, cmd.JobID, workspaceID, actor, err)
	}
	h.Metrics.ScrapeStarted(platform)
	if _, err := h.DB.Exec(context.WithoutCancel(ctx), `
		UPDATE scrape_jobs SET provider_run_id = $2, dataset_id = $3, updated_at = now() WHERE id = $1`,
		cmd.JobID, run.ID, run.DefaultDatasetID); err != nil {
		return fmt.Errorf("record run %s of job %s: %w", run.ID, cmd.JobID, err)
	}
	if pause != nil {
		h.resume(ctx, actor)
	}
	return nil
}

// pauseFor reads the pause that applies to the job's runs (of every run,
// or of its actor), the one that lasts longest, and whether it still runs;
// an expired one is returned too, and the start is then a probe.
func (h StartScrapeHandler) pauseFor(ctx context.Context, jobID uuid.UUID) (*ProviderPaused, bool, error) {
	var p ProviderPaused
	var active bool
	err := h.DB.QueryRow(ctx, `
		SELECT p.actor, p.kind, p.reason, p.paused_until, p.paused_until > now()
		FROM scrape_jobs j JOIN provider_pauses p ON p.account = $2 AND p.actor IN ('', j.actor)
		WHERE j.id = $1
		ORDER BY p.paused_until DESC LIMIT 1`, jobID, h.Provider.Account()).Scan(&p.Actor, &p.Kind, &p.Reason, &p.Until, &active)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("read provider pause: %w", err)
	}
	return &p, active, nil
}

// startFailure is the metrics reason of a start the provider did not make.
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

// failed records a start the provider did not make, by the kind of
// failure, and returns the error for the caller.
func (h StartScrapeHandler) failed(ctx context.Context, jobID, workspaceID uuid.UUID, actor string, cause error) error {
	ctx = context.WithoutCancel(ctx)
	var pe *ingest.ProviderError
	errors.As(cause, &pe)
	switch ingest.FailureOf(cause) {
	case ingest.FailureRefused:
		return h.refused(ctx, jobID, workspaceID, actor, pe, cause)
	case ingest.FailureCredentials:
		return h.pause(ctx, jobID, "", "credentials", "the provider refused the token (check SCRAPER_TOKEN and its permissions): "+pe.Error(), cause)
	case ingest.FailureNoCredit:
		return h.pause(ctx, jobID, "", "credit", "the provider account is out of credit: "+pe.Error(), cause)
	case ingest.FailureNotFound:
		return h.pause(ctx, jobID, actor, "actor", "the provider has no actor "+actor+" (check the SCRAPER_ACTOR_ settings): "+pe.Error(), cause)
	}
	if h.Log != nil {
		h.Log.Warn("scraping provider did not start a run: the job stays queued", "jobId", jobID, "actor", actor, "err", cause)
	}
	if _, err := h.DB.Exec(ctx, `
		UPDATE scrape_jobs SET status = $3, error = $2, updated_at = now() WHERE id = $1`, jobID, cause.Error(), domain.JobQueued); err != nil {
		return errors.Join(cause, fmt.Errorf("release job: %w", err))
	}
	return cause
}

// refused fails a job whose input the provider refused: sending it again
// cannot help, so it is not retried, and its items show the provider's
// reason.
func (h StartScrapeHandler) refused(ctx context.Context, jobID, workspaceID uuid.UUID, actor string, pe *ingest.ProviderError, cause error) error {
	reason := "the provider refused the input: " + pe.Message
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := FailJob(ctx, tx, jobID, workspaceID, reason); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE scrape_jobs SET given_up_at = now() WHERE id = $1`, jobID)
		return err
	})
	if err != nil {
		return errors.Join(cause, fmt.Errorf("fail job: %w", err))
	}
	if h.Log != nil {
		h.Log.Warn("scraping provider refused a run's input", "jobId", jobID, "actor", actor, "status", pe.Status, "type", pe.Type, "message", pe.Message)
	}
	return cause
}

// pause records a pause of starting runs (of every run, or of actor's) and
// leaves the job queued with its attempt unspent. A refusal of the kind
// already paused doubles the pause; the first one of its kind is logged as
// an error, the ones after as warnings.
func (h StartScrapeHandler) pause(ctx context.Context, jobID uuid.UUID, actor, kind, reason string, cause error) error {
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
			WHERE id = $1`, jobID, reason, domain.JobQueued)
		if err != nil {
			return fmt.Errorf("release job: %w", err)
		}
		return nil
	})
	if err != nil {
		return errors.Join(cause, err)
	}
	if h.Log != nil {
		level, msg := slog.LevelWarn, "scraping provider still refuses runs: starting them stays paused"
		if failures == 1 {
			level, msg = slog.LevelError, "scraping provider refuses runs: starting them is paused"
		}
		h.Log.Log(ctx, level, msg, "kind", kind, "actor", actor, "reason", reason, "until", p.Until, "refusals", failures)
	}
	return p
}

// resume lifts the pauses of actor's runs after a start succeeded.
func (h StartScrapeHandler) resume(ctx context.Context, actor string) {
	tag, err := h.DB.Exec(context.WithoutCancel(ctx), `DELETE FROM provider_pauses WHERE account = $1 AND actor IN ('', $2)`,
		h.Provider.Account(), actor)
	if h.Log == nil {
		return
	}
	if err != nil {
		h.Log.Warn("lift provider pause", "err", err)
		return
	}
	if tag.RowsAffected() > 0 {
		h.Log.Info("scraping provider starts runs again: pause lifted", "actor", actor)
	}
}

// startAll starts the jobs in turn and calls tried with each one that was
// waiting to start, whether its start succeeded or not. While every run is
// paused it stops: the jobs left stay queued.
func (h StartScrapeHandler) startAll(ctx context.Context, ids []uuid.UUID, tried func(uuid.UUID)) {
	for _, id := range ids {
		err := h.Handle(ctx, StartScrape{JobID: id})
		if everyRunPaused(err) {
			return
		}
		if !errors.Is(err, ErrNotStartable) && tried != nil {
			tried(id)
		}
	}
}
