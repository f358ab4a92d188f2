package health

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// StepLateAfter is how long a scheduled step may go without running before
// it counts as late: the scheduler calls the cron routes every minute by
// default (SCHEDULER_INTERVAL).
const StepLateAfter = time.Hour

// The states of a scheduled step.
const (
	StepOK      = "ok"
	StepFailing = "failing" // its last run failed
	StepLate    = "late"    // it has not run for StepLateAfter
	StepNever   = "never"   // no run recorded
)

// CronStepRun is a scheduled step's last run and last success, an
// instance fact (the steps run over every workspace): times and
// durations, never a step's error, which may name another workspace's data
// (the server's log has it).
type CronStepRun struct {
	Step  domain.CronStep `json:"step"`
	State string          `json:"state"`
	// LastRunAt is when its last run began; LastRunMs how long it took.
	LastRunAt *time.Time `json:"lastRunAt"`
	LastRunMs *int       `json:"lastRunMs"`
	// LastSuccessAt is when its last successful run ended; LastSuccessMs
	// how long that run took.
	LastSuccessAt *time.Time `json:"lastSuccessAt"`
	LastSuccessMs *int       `json:"lastSuccessMs"`
	// FailuresInARow counts its failed runs since the last success.
	FailuresInARow int `json:"failuresInARow"`
}

// readSteps answers every step of domain.CronSteps, in their order.
func readSteps(ctx context.Context, db *pgxpool.Pool, now time.Time) ([]CronStepRun, error) {
	rows, _ := db.Query(ctx, `
		SELECT step, last_run_at, last_run_ms, last_failed, failures, last_success_at, last_success_ms
		FROM cron_steps WHERE step = ANY($1)`, domain.CronSteps)
	ran := map[domain.CronStep]CronStepRun{}
	var (
		s      CronStepRun
		failed bool
	)
	if _, err := pgx.ForEachRow(rows, []any{&s.Step, &s.LastRunAt, &s.LastRunMs, &failed, &s.FailuresInARow, &s.LastSuccessAt, &s.LastSuccessMs}, func() error {
		r := s
		r.LastRunAt, r.LastSuccessAt = utc(s.LastRunAt), utc(s.LastSuccessAt)
		switch {
		case failed:
			r.State = StepFailing
		case r.LastRunAt.Before(now.Add(-StepLateAfter)):
			r.State = StepLate
		default:
			r.State = StepOK
		}
		ran[r.Step] = r
		return nil
	}); err != nil {
		return nil, fmt.Errorf("read the scheduled steps: %w", err)
	}
	out := make([]CronStepRun, 0, len(domain.CronSteps))
	for _, step := range domain.CronSteps {
		r, ok := ran[step]
		if !ok {
			r = CronStepRun{Step: step, State: StepNever}
		}
		out = append(out, r)
	}
	return out, nil
}
