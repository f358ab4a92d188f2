package cron

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/store"
)

// TestAlertsCronStepsInOrder: the cron's steps are those the docs name, in
// their order, which the health page lists them in (domain.AlertsCronSteps).
func TestAlertsCronStepsInOrder(t *testing.T) {
	var names []domain.CronStep
	for _, s := range (AlertsCron{}).steps(&CronRun{}) {
		names = append(names, s.name)
	}
	want := []domain.CronStep{"ranks", "settle", "payouts", "digests", "spikes", "insights", "milestones", "dispatch", "reports", "mail", "channels", "purge"}
	if !slices.Equal(names, want) || !slices.Equal(domain.AlertsCronSteps, want) {
		t.Fatalf("steps %v, domain.AlertsCronSteps %v, want %v", names, domain.AlertsCronSteps, want)
	}
}

// TestAlertsCronStepFailures: a step that fails or panics does not stop the
// next, every error comes back named by its step, and the metrics count
// each step's result.
func TestAlertsCronStepFailures(t *testing.T) {
	m := metrics.New()
	var ran []string
	step := func(name domain.CronStep, err error) cronStep {
		return cronStep{name, func(context.Context) error { ran = append(ran, string(name)); return err }}
	}
	steps := []cronStep{
		step("settle", errors.New("a campaign could not settle")),
		{"spikes", func(context.Context) error { ran = append(ran, "spikes"); panic("scan broke") }},
		step("mail", nil),
	}
	err := AlertsCron{DB: env.PG, Metrics: m, Log: slog.New(slog.DiscardHandler), Now: time.Now}.runSteps(context.Background(), steps)
	if !slices.Equal(ran, []string{"settle", "spikes", "mail"}) {
		t.Fatalf("ran %v: a failure stopped the steps after it", ran)
	}
	if err == nil || !strings.Contains(err.Error(), "settle: a campaign could not settle") || !strings.Contains(err.Error(), "spikes: panic: scan broke") {
		t.Fatalf("the run's error %q does not name both failures", err)
	}

	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body, _ := io.ReadAll(rec.Body)
	for _, line := range []string{
		`reeltrack_cron_steps_total{result="failed",step="settle"} 1`,
		`reeltrack_cron_steps_total{result="failed",step="spikes"} 1`,
		`reeltrack_cron_steps_total{result="ok",step="mail"} 1`,
		`reeltrack_cron_step_duration_seconds_count{step="mail"} 1`,
	} {
		if !strings.Contains(string(body), line) {
			t.Errorf("the metrics lack %s", line)
		}
	}
}

// TestAlertsCronStepsReadOnOneThread: the steps' ClickHouse reads run on
// one thread, leaving the other cores to the dashboard's (whose connection
// here allows two).
func TestAlertsCronStepsReadOnOneThread(t *testing.T) {
	o := env.CHOptions
	o.Settings = clickhouse.Settings{"max_threads": 2}
	ch, err := store.OpenClickHouse(t.Context(), o)
	if err != nil {
		t.Fatal(err)
	}
	defer ch.Close()
	threads := func(ctx context.Context) (v string, err error) {
		return v, ch.QueryRow(ctx, `SELECT value FROM system.settings WHERE name = 'max_threads'`).Scan(&v)
	}
	if v, err := threads(t.Context()); err != nil || v != "2" {
		t.Fatalf("the connection's max_threads %q, %v; want 2", v, err)
	}
	var inStep string
	read := cronStep{"read", func(ctx context.Context) (err error) { inStep, err = threads(ctx); return err }}
	if err := (AlertsCron{DB: env.PG, Metrics: metrics.New(), Log: slog.New(slog.DiscardHandler), Now: time.Now}).runSteps(t.Context(), []cronStep{read}); err != nil {
		t.Fatal(err)
	}
	if inStep != "1" {
		t.Fatalf("a step's query ran with max_threads %q, want 1", inStep)
	}
}
