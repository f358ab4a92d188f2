package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/refresh"
)

// The refresh phase times the planner on one workspace of refreshItems
// items: the cron plans every workspace on every call.
const (
	refreshItems   = 100_000
	refreshRuns    = 15
	refreshTarget  = time.Second
	refreshPlanned = 6 * time.Hour // the Growth plan's interval
)

type refreshReport struct {
	Items    int
	P50, P95 time.Duration
	Load     string
	Held     int // items held back for the budget in the last run
}

func (r *refreshReport) missed() bool { return r != nil && r.P95 > refreshTarget }

func refreshPhase() *refreshReport {
	now := time.Now().UTC()
	r := rand.New(rand.NewPCG(2026, 11))
	items := make([]refresh.Item, refreshItems)
	var cost int
	for i := range items {
		it := refresh.Item{
			ID:           uuid.NewSHA1(uuid.NameSpaceOID, fmt.Appendf(nil, "item %d", i)),
			Cost:         1,
			Created:      now.Add(-time.Duration(r.IntN(60*24)) * time.Hour),
			LastScraped:  now.Add(-time.Duration(r.IntN(72*60)) * time.Minute),
			Age:          time.Duration(r.IntN(90*24)) * time.Hour,
			ViewsPerHour: r.ExpFloat64() * 200,
			HasRate:      r.IntN(10) > 0,
			InCampaign:   r.IntN(50) == 0,
			Watched:      r.IntN(10) == 0,
		}
		if r.IntN(20) == 0 {
			it.Cost = 1 + r.IntN(100)
		}
		cost += it.Cost
		items[i] = it
	}
	in := refresh.Input{Items: items, Budget: cost * int(24*time.Hour/refreshPlanned), Base: refreshPlanned, Now: now,
		Spent: []refresh.Spend{{At: now.Add(-12 * time.Hour), Snapshots: cost*4 - cost/20}}}
	load, _ := os.ReadFile("/proc/loadavg")
	refresh.Make(in)
	times := make([]time.Duration, refreshRuns)
	var last refresh.Plan
	for i := range times {
		began := time.Now()
		last = refresh.Make(in)
		times[i] = time.Since(began)
	}
	slices.Sort(times)
	out := &refreshReport{Items: refreshItems, P50: times[len(times)/2], P95: times[(len(times)*95+99)/100-1], Load: strings.TrimSpace(string(load))}
	for _, d := range last.Decisions {
		if d.Reason == refresh.Budget {
			out.Held++
		}
	}
	return out
}

func printRefresh(out io.Writer, r *refreshReport) {
	fmt.Fprintf(out, "\n### Refresh planner\n\n")
	fmt.Fprintf(out, "One workspace of %s synthetic items planned by internal/refresh (%d timed runs after one untimed; %s held back for the budget). Load average (1, 5, 15 min) at the start: %s.\n\n",
		thousands(float64(r.Items)), refreshRuns, thousands(float64(r.Held)), r.Load)
	fmt.Fprintln(out, "| items | p50 ms | p95 ms | target | met |")
	fmt.Fprintln(out, "|---:|---:|---:|---|---|")
	fmt.Fprintf(out, "| %s | %s | %s | p95 < %s | %s |\n", thousands(float64(r.Items)), ms(r.P50), ms(r.P95), refreshTarget, yesNo(!r.missed()))
}
