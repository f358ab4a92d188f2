package cron

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// TestStepLogKeepsTheLastSuccess: each run of a step replaces its last
// run; failures count up in a row and keep the last success, which the
// next success replaces; a run whose context has ended is still recorded.
func TestStepLogKeepsTheLastSuccess(t *testing.T) {
	t.Parallel()
	log := StepLog{DB: env.PG, Log: slog.New(slog.DiscardHandler)}
	step := domain.CronStep("test-" + uuid.NewString()[:8])
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	type row struct {
		lastRun   time.Time
		lastMs    int
		failed    bool
		failures  int
		success   *time.Time
		successMs *int
	}
	read := func() row {
		t.Helper()
		var r row
		if err := env.PG.QueryRow(t.Context(), `SELECT last_run_at, last_run_ms, last_failed, failures, last_success_at, last_success_ms
			FROM cron_steps WHERE step = $1`, string(step)).Scan(&r.lastRun, &r.lastMs, &r.failed, &r.failures, &r.success, &r.successMs); err != nil {
			t.Fatal(err)
		}
		return r
	}

	log.Record(t.Context(), StepRun{Step: step, Began: at, Took: 1500 * time.Millisecond})
	r := read()
	if !r.lastRun.Equal(at) || r.lastMs != 1500 || r.failed || r.failures != 0 || r.success == nil || !r.success.Equal(at.Add(1500*time.Millisecond)) || *r.successMs != 1500 {
		t.Fatalf("after a success: %+v", r)
	}

	// two failures, the second in a context that has ended
	log.Record(t.Context(), StepRun{Step: step, Began: at.Add(time.Minute), Took: 20 * time.Millisecond, Failed: true})
	ended, cancel := context.WithCancel(t.Context())
	cancel()
	log.Record(ended, StepRun{Step: step, Began: at.Add(2 * time.Minute), Took: 30 * time.Millisecond, Failed: true})
	r = read()
	if !r.lastRun.Equal(at.Add(2*time.Minute)) || r.lastMs != 30 || !r.failed || r.failures != 2 ||
		r.success == nil || !r.success.Equal(at.Add(1500*time.Millisecond)) || *r.successMs != 1500 {
		t.Fatalf("after two failures: %+v", r)
	}

	log.Record(t.Context(), StepRun{Step: step, Began: at.Add(3 * time.Minute), Took: 40 * time.Millisecond})
	r = read()
	if r.failed || r.failures != 0 || !r.success.Equal(at.Add(3*time.Minute+40*time.Millisecond)) || *r.successMs != 40 {
		t.Fatalf("after a success again: %+v", r)
	}
}

// TestAlertsCronRecordsItsSteps: a run of the alerts cron's steps records
// each one's run, a failed one as failed.
func TestAlertsCronRecordsItsSteps(t *testing.T) {
	t.Parallel()
	ok, bad := domain.CronStep("test-ok-"+uuid.NewString()[:8]), domain.CronStep("test-bad-"+uuid.NewString()[:8])
	at := time.Date(2026, 3, 2, 8, 0, 0, 0, time.UTC)
	steps := []cronStep{
		{ok, func(context.Context) error { return nil }},
		{bad, func(context.Context) error { return errors.New("broken") }},
	}
	if err := (AlertsCron{DB: env.PG, Log: slog.New(slog.DiscardHandler), Now: func() time.Time { return at }}).runSteps(t.Context(), steps); err == nil {
		t.Fatal("the failed step's error did not come back")
	}
	for step, wantFailed := range map[domain.CronStep]bool{ok: false, bad: true} {
		var failed bool
		var lastRun time.Time
		if err := env.PG.QueryRow(t.Context(), `SELECT last_failed, last_run_at FROM cron_steps WHERE step = $1`, string(step)).Scan(&failed, &lastRun); err != nil {
			t.Fatalf("step %s: %v", step, err)
		}
		if failed != wantFailed || !lastRun.Equal(at) {
			t.Errorf("step %s: failed %t at %s, want %t at %s", step, failed, lastRun, wantFailed, at)
		}
	}
}
