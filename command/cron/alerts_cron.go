// Package cron runs the write side's scheduled work: AlertsCron, behind
// GET /api/cron/alerts, runs the steps of the other rooms in their order
// (ranks, settle, payouts, digests, spikes, insights, milestones, dispatch, reports, mail,
// channels, purge: domain.AlertsCronSteps), each timed, counted and
// recorded in cron_steps (StepLog, which the refresh's route records its
// runs with too), every error joined.
package cron

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/command/campaigns"
	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/command/reports"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/store"
)

// AlertsCron is the scheduled run. A failing step does not stop the next (a
// campaign that cannot settle must not hold the e-mails back).
type AlertsCron struct {
	DB     *pgxpool.Pool
	Ranks  *tracking.RanksRunner
	Settle campaigns.SettlePayoutsHandler
	// Submissions checks the submitted posts no scrape's check reached.
	Submissions campaigns.SubmissionChecker
	// PayPal sends and reconciles the batches sent through PayPal.
	PayPal     campaigns.PayPalHandler
	Digests    alerts.QueueDigestsHandler
	Spikes     alerts.ScanSpikesHandler
	Insights   alerts.InsightReader
	Milestones alerts.MilestoneScanner
	// Reports sends the scheduled reports due; nil DB: none.
	Reports      reports.Handler
	Mail         outbox.MailSender
	Channels     alerts.DeliverEventsHandler
	DashboardURL string
	Metrics      *metrics.Metrics
	Log          *slog.Logger
	Now          func() time.Time
}

// CronRun is what one run of the alerts cron did, step by step.
type CronRun struct {
	Ranks   tracking.RanksRun
	Payouts campaigns.SettleRun
	// Submissions counts the submissions the settle step checked.
	Submissions int
	PayPal      campaigns.PayPalRun
	Digests     alerts.DigestRun
	Spikes      alerts.SpikeRun
	Insights    alerts.InsightRun
	Milestones  int
	Events      alerts.DispatchRun
	// Reports counts the scheduled reports sent.
	Reports  int
	Mail     outbox.OutboxRun
	Channels alerts.DeliverRun
}

// ranksWait is how long the cron waits for the ranks step it starts before
// going on: a run that ends meanwhile is reported, a longer one goes on.
const ranksWait = 2 * time.Second

type cronStep struct {
	name domain.CronStep
	run  func(ctx context.Context) error
}

func (c AlertsCron) steps(run *CronRun) []cronStep {
	return []cronStep{
		// the videos list's ranks and the overview's slots, in the background:
		// the next hour's are written before it begins
		{domain.StepRanks, func(ctx context.Context) (err error) { run.Ranks, err = c.Ranks.Run(ctx, ranksWait); return err }},
		// the payout lines first: their budget alerts go out with this run's e-mails
		{domain.StepSettle, func(ctx context.Context) (err error) {
			if c.Submissions.DB != nil {
				if run.Submissions, err = c.Submissions.Sweep(ctx); err != nil {
					return err
				}
			}
			run.Payouts, err = c.Settle.Handle(ctx)
			return err
		}},
		// after the settle run, so a batch's lines are locked as PayPal pays them
		{domain.StepPayouts, func(ctx context.Context) (err error) {
			if c.PayPal.DB == nil {
				return nil
			}
			run.PayPal, err = c.PayPal.Sync(ctx)
			return err
		}},
		{domain.StepDigests, func(ctx context.Context) (err error) { run.Digests, err = c.Digests.Handle(ctx); return err }},
		{domain.StepSpikes, func(ctx context.Context) (err error) { run.Spikes, err = c.Spikes.Handle(ctx); return err }},
		{domain.StepInsights, func(ctx context.Context) (err error) {
			run.Insights, err = alerts.ComputeInsights(ctx, c.DB, c.Insights, c.Now())
			return err
		}},
		{domain.StepMilestones, func(ctx context.Context) (err error) {
			run.Milestones, err = alerts.ScanMilestones(ctx, c.DB, c.Milestones, c.Now())
			return err
		}},
		{domain.StepDispatch, func(ctx context.Context) (err error) {
			run.Events, err = alerts.DispatchEvents(ctx, c.DB, c.DashboardURL, c.Now())
			return err
		}},
		// before the mail step, which sends their e-mails
		{domain.StepReports, func(ctx context.Context) (err error) {
			if c.Reports.DB == nil {
				return nil
			}
			run.Reports, err = c.Reports.SendDue(ctx)
			return err
		}},
		{domain.StepMail, func(ctx context.Context) (err error) {
			run.Mail, err = outbox.Outbox{DB: c.DB, Mail: c.Mail, Log: c.Log, Now: c.Now}.Deliver(ctx)
			return err
		}},
		{domain.StepChannels, func(ctx context.Context) (err error) { run.Channels, err = c.Channels.Deliver(ctx); return err }},
		{domain.StepPurge, func(ctx context.Context) error { return purgeAccountRecords(ctx, c.DB, c.Now()) }},
	}
}

// StepLog records the runs of scheduled steps in the cron's database: its
// own steps, and the refresh's, whose route records its runs with it.
func (c AlertsCron) StepLog() StepLog { return StepLog{DB: c.DB, Log: c.Log} }

// Run runs every step once, in order.
func (c AlertsCron) Run(ctx context.Context) (CronRun, error) {
	var run CronRun
	err := c.runSteps(ctx, c.steps(&run))
	return run, err
}

func (c AlertsCron) runSteps(ctx context.Context, steps []cronStep) error {
	// nobody waits on the steps' reads: the dashboard's go first
	ctx = store.Background(ctx)
	var errs []error
	log := c.StepLog()
	for _, s := range steps {
		began, at := time.Now(), c.Now()
		err := runStep(ctx, s)
		took := time.Since(began)
		c.Metrics.CronStep(string(s.name), took, err)
		log.Record(ctx, StepRun{Step: s.name, Began: at, Took: took, Failed: err != nil})
		if err != nil {
			c.Log.ErrorContext(ctx, "alerts cron: step failed", "step", s.name, "ms", took.Milliseconds(), "error", err)
			errs = append(errs, fmt.Errorf("%s: %w", s.name, err))
		}
	}
	return errors.Join(errs...)
}

func runStep(ctx context.Context, s cronStep) (err error) {
	defer apperr.Recover(&err)
	return s.run(ctx)
}

// purgeAccountRecords deletes activity older than domain.ActivityKeptFor, and
// sessions and link tokens expired over a day ago (refused anyway).
func purgeAccountRecords(ctx context.Context, db *pgxpool.Pool, now time.Time) error {
	for _, q := range []struct {
		what, sql string
		before    time.Time
	}{
		{"activity log", `DELETE FROM activity_log WHERE created_at < $1`, now.Add(-domain.ActivityKeptFor)},
		{"sessions", `DELETE FROM sessions WHERE expires_at < $1`, now.Add(-24 * time.Hour)},
		{"link tokens", `DELETE FROM account_tokens WHERE expires_at < $1`, now.Add(-24 * time.Hour)},
	} {
		if _, err := db.Exec(ctx, q.sql, q.before); err != nil {
			return fmt.Errorf("purge %s: %w", q.what, err)
		}
	}
	return nil
}
