package cron

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// StepLog records each run of a scheduled step in cron_steps, for the
// health page: when it ran, how long it took, whether it failed, and its
// last success. A record that cannot be written is logged and dropped: it
// never fails the step.
type StepLog struct {
	DB  *pgxpool.Pool
	Log *slog.Logger
}

// StepRun is one run of a step: began on the service's clock, took on the real one.
type StepRun struct {
	Step   domain.CronStep
	Began  time.Time
	Took   time.Duration
	Failed bool
}

// recordTimeout bounds a record, which runs even when the step's own
// context has ended (a deadline is a failure worth recording).
const recordTimeout = 5 * time.Second

const recordSQL = `
INSERT INTO cron_steps AS s (step, last_run_at, last_run_ms, last_failed, failures, last_success_at, last_success_ms)
VALUES ($1, $2::timestamptz, $3::integer, $4::boolean, CASE WHEN $4 THEN 1 ELSE 0 END,
        CASE WHEN $4 THEN NULL ELSE $2 + $3 * interval '1 millisecond' END, CASE WHEN $4 THEN NULL ELSE $3 END)
ON CONFLICT (step) DO UPDATE SET
	last_run_at = excluded.last_run_at, last_run_ms = excluded.last_run_ms, last_failed = excluded.last_failed,
	failures = CASE WHEN excluded.last_failed THEN s.failures + 1 ELSE 0 END,
	last_success_at = coalesce(excluded.last_success_at, s.last_success_at),
	last_success_ms = coalesce(excluded.last_success_ms, s.last_success_ms)`

// Record writes the run of a step.
func (l StepLog) Record(ctx context.Context, r StepRun) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordTimeout)
	defer cancel()
	ms := min(max(r.Took.Milliseconds(), 0), 1<<31-1)
	if _, err := l.DB.Exec(ctx, recordSQL, string(r.Step), r.Began, ms, r.Failed); err != nil {
		l.Log.WarnContext(ctx, "record a scheduled step's run", "step", r.Step, "error", err)
	}
}
