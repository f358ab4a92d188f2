package main

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/store"
)

// targetFairRatio bounds the dashboard's cold p95 while exports and the
// background jobs run, against idle.
const targetFairRatio = 1.5

// fairExports is how many exports of the large workspace stream at once in
// the fair phase: the server's per-workspace limit.
const fairExports = 2

// fairReport is the fair phase: the dashboard's cold answers idle, while
// exports and the background jobs run, and idle again.
type fairReport struct {
	Rows []analystRow
	// Jobs counts the background rounds done and their errors.
	Jobs       int
	JobErrors  map[string]int
	Exports    statusCounts
	LoadBefore string
	LoadDuring string
	LoadAfter  string
}

// fairPhase measures the cold routes rs idle, while fairExports exports of
// exportPath stream and the cron's steps and the overview slots' whole
// computation run in a loop (their own settings, as the server runs them),
// and idle again.
func fairPhase(ctx context.Context, st *stores, srv *server, c *client, rs []*route, ws uuid.UUID, exportPath string, exportRows, n int, progress io.Writer) (*fairReport, error) {
	r := &fairReport{JobErrors: map[string]int{}}
	// The server's cron has run at least once before anyone measures a
	// steady dashboard: it keeps the overview's slots, the ranks and the
	// insights. One round of it, untimed, makes the idle figures those of
	// a running server rather than of a seed nobody has served yet.
	fmt.Fprintln(progress, "bench: fair: one round of the cron (the ranks and the overview slots first), untimed")
	cron := srv.Handlers.AlertsCron
	if _, err := cron.Ranks.Step.Handle(store.Background(ctx)); err != nil {
		return nil, fmt.Errorf("the ranks' first run: %w", err)
	}
	if _, err := cron.Run(ctx); err != nil {
		return nil, fmt.Errorf("the cron's first round: %w", err)
	}
	measure := func(load string) error {
		for _, rt := range rs {
			s, err := c.cold(ctx, rt.Path, n, rt.Check)
			if err != nil {
				return fmt.Errorf("%s %s: %w", rt.Name, load, err)
			}
			r.Rows = append(r.Rows, analystRow{Route: rt.Name, Load: load, S: s})
		}
		return nil
	}
	fmt.Fprintln(progress, "bench: fair: dashboard cold, nothing else running")
	r.LoadBefore = loadavg()
	if err := measure("idle (before)"); err != nil {
		return nil, err
	}

	fmt.Fprintf(progress, "bench: fair: dashboard cold beside %d exports and the background jobs\n", fairExports)
	lctx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		r.Exports = c.exportLoad(exportPath, exportRows, fairExports, 0, 0)(lctx)
	}()
	go func() {
		defer wg.Done()
		// the cron's steps yield to the dashboard as the server's cron route does
		r.Jobs = backgroundRounds(background.WithForeground(lctx, srv.Handlers.Foreground), st.PG, srv, ws, r.JobErrors)
	}()
	// the loads get going before the dashboard is measured
	time.Sleep(2 * time.Second)
	r.LoadDuring = loadavg()
	err := measure(fmt.Sprintf("%d exports and the background jobs", fairExports))
	r.LoadDuring += " → " + loadavg()
	stop()
	wg.Wait()
	if err != nil {
		return nil, err
	}

	fmt.Fprintln(progress, "bench: fair: dashboard cold, idle again")
	r.LoadAfter = loadavg()
	if err := measure("idle (after)"); err != nil {
		return nil, err
	}
	r.Rows = againstIdle(r.Rows, len(rs), targetFairRatio)
	return r, nil
}

// backgroundRounds runs, until ctx ends, what the server does in the
// background: the cron's steps (its insights made due first, so each round
// computes them) and the large workspace's overview slots computed whole,
// as the ranks step does every hour. It returns the rounds done.
func backgroundRounds(ctx context.Context, db *pgxpool.Pool, srv *server, ws uuid.UUID, errs map[string]int) int {
	cron := srv.Handlers.AlertsCron
	keeper := cron.Ranks.Step.Overview
	rounds := 0
	for ctx.Err() == nil {
		steps := []struct {
			name string
			run  func(ctx context.Context) error
		}{
			{"insights due", func(ctx context.Context) error {
				_, err := db.Exec(ctx, `UPDATE workspaces SET insights_at = NULL WHERE id = $1`, ws)
				return err
			}},
			{"cron", func(ctx context.Context) error { _, err := cron.Run(ctx); return err }},
			{"overview slots", func(ctx context.Context) error {
				if keeper == nil {
					return nil
				}
				presets, starts := keeper.Slots(cron.Now())
				_, err := keeper.Sums(store.Background(store.WithoutClickHouseBound(ctx)), ws, presets, starts, nil)
				return err
			}},
		}
		for _, s := range steps {
			if err := s.run(ctx); err != nil && ctx.Err() == nil {
				errs[s.name+": "+short(err)]++
			}
		}
		rounds++
	}
	return rounds
}

func (r *fairReport) missed() bool {
	if r == nil {
		return false
	}
	for _, x := range r.Rows {
		if x.Missed {
			return true
		}
	}
	return false
}

func printFair(out io.Writer, r *fairReport) {
	fmt.Fprintf(out, "\n### The dashboard beside exports and the background jobs\n\n")
	fmt.Fprintf(out, "- the load: %d exports of the large workspace streaming in a loop (%d complete, %d answered 429), and in a loop the cron's steps (`AlertsCron.Run`, the insights made due before each) and the large workspace's overview slots computed whole: %d rounds",
		fairExports, r.Exports.Complete, r.Exports.Limited, r.Jobs)
	for e, n := range r.JobErrors {
		fmt.Fprintf(out, "; %d× %s", n, e)
	}
	fmt.Fprintln(out)
	fmt.Fprintln(out, "- first, untimed: one round of the cron (the ranks and the overview slots first), as a running server has done before anyone measures it")
	fmt.Fprintf(out, "- load average (1, 5, 15 min) at the start of each measurement: idle %s; loaded %s; idle again %s\n", r.LoadBefore, r.LoadDuring, r.LoadAfter)
	fmt.Fprintf(out, "- each line: %d cold requests one at a time (data version bumped before each); the ratio is the loaded p95 over the mean of the two idle p95s\n\n", r.Rows[0].S.N)
	fmt.Fprintln(out, "| route | beside | requests | p50 ms | p95 ms | p99 ms | target | met |")
	fmt.Fprintln(out, "|---|---|---:|---:|---:|---:|---|---|")
	printRatioRows(out, r.Rows, targetFairRatio)
}
