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

// The refresh phase times the planner on one workspace of each size in
// refreshSizes: the cron plans every workspace on every call, and an agency's
// workspace reaches a million items.
const (
	refreshRuns    = 15
	refreshPlanned = 6 * time.Hour // the Growth plan's interval
)

// refreshSize is a workspace's items and the p95 its plan must stay under.
type refreshSize struct {
	Items  int
	Target time.Duration
}

var refreshSizes = []refreshSize{{100_000, time.Second}, {1_000_000, 2 * time.Second}}

type refreshReport struct {
	Rows []refreshRow
	Load string
}

type refreshRow struct {
	refreshSize
	P50, P95 time.Duration
	Held     int // items held back for the budget in the last run
}

func (r *refreshReport) missed() bool {
	if r == nil {
		return false
	}
	for _, x := range r.Rows {
		if x.P95 > x.Target {
			return true
		}
	}
	return false
}

func refreshPhase(sizes []refreshSize) *refreshReport {
	load, _ := os.ReadFile("/proc/loadavg")
	out := &refreshReport{Load: strings.TrimSpace(string(load))}
	for _, sz := range sizes {
		out.Rows = append(out.Rows, refreshRun(sz))
	}
	return out
}

func refreshRun(sz refreshSize) refreshRow {
	now := time.Now().UTC()
	r := rand.New(rand.NewPCG(2026, 11))
	items := make([]refresh.Item, sz.Items)
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
	refresh.Make(in)
	times := make([]time.Duration, refreshRuns)
	var last refresh.Plan
	for i := range times {
		began := time.Now()
		last = refresh.Make(in)
		times[i] = time.Since(began)
	}
	slices.Sort(times)
	out := refreshRow{refreshSize: sz, P50: times[len(times)/2], P95: times[(len(times)*95+99)/100-1]}
	for _, d := range last.Decisions {
		if d.Reason == refresh.Budget {
			out.Held++
		}
	}
	return out
}

func printRefresh(out io.Writer, r *refreshReport) {
	fmt.Fprintf(out, "\n### Refresh planner\n\n")
	fmt.Fprintf(out, "One workspace of synthetic items per row planned by internal/refresh (%d timed runs after one untimed). Load average (1, 5, 15 min) at the start: %s.\n\n",
		refreshRuns, r.Load)
	fmt.Fprintln(out, "| items | p50 ms | p95 ms | held back for the budget | target | met |")
	fmt.Fprintln(out, "|---:|---:|---:|---:|---|---|")
	for _, x := range r.Rows {
		fmt.Fprintf(out, "| %s | %s | %s | %s | p95 < %s | %s |\n", thousands(float64(x.Items)), ms(x.P50), ms(x.P95), thousands(float64(x.Held)), x.Target, yesNo(x.P95 <= x.Target))
	}
}
