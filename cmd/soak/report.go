package main

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/reeltrack/reeltrack/internal/store"
)

// The bounds the soak holds the server to, chosen to hold on a loaded
// 2-core machine and to catch a leak: anything kept per scrape, per
// request or per cron round over thousands of items and a week of rounds
// grows past them.
const (
	// rssGrowthMax bounds the growth of the server's resident memory from
	// the first simulated day (its most at rest) to the last. The first
	// days warm the process up: each pooled ClickHouse connection keeps
	// the buffers of the largest batch it sent (ch-go's compression and
	// column buffers: most of the heap after a collection), and more of the
	// pool's connections carry large batches as the days go; the caches are
	// bounded on their own (the answers kept in process at 64 MiB, the
	// start values at START_VALUES_CACHE_BYTES). Measured at 3,000 items:
	// +179 MiB (docs/benchmarks.md, Soak).
	rssGrowthMax = 256 << 20
	// rssLateGrowthMax bounds the growth over the second half of the run,
	// from the middle day (its most) to the last: warmed up, the server's
	// memory moves with the rounds' batches (±60 MiB from day to day at
	// 3,000 items) but does not climb; a leak does.
	rssLateGrowthMax = 128 << 20
	// heapGrowthMax and heapLateGrowthMax are those bounds for the Go heap
	// live after a collection (+43 and +31 MiB measured at 3,000 items).
	heapGrowthMax     = 96 << 20
	heapLateGrowthMax = 64 << 20
	// goroutineSlack bounds the goroutines at rest at the end above the
	// most at rest on the first day.
	goroutineSlack = 25
	// partsInPartitionMax bounds the active parts of one partition of any
	// table at rest after a step: ClickHouse delays inserts at 150.
	partsInPartitionMax = 100
	// partsPerTableMax bounds each table's active parts once the merges
	// after the last step had mergeWait to run.
	partsPerTableMax = 40
	// busyReadsMax bounds the share of the dashboard's reads still answered
	// busy (503: a store did not answer within its statement timeout)
	// after retries, which a loaded machine gives now and then.
	busyReadsMax = 0.05
	// pendingAtRestMax bounds the e-mails and channel deliveries waiting at
	// rest after a step (the alerts cron sends what is due).
	pendingAtRestMax = 20
)

// dayRow is a simulated day's figures.
type dayRow struct {
	Day                                int
	To                                 time.Time
	Jobs, Retried, Mails, Hooks        int
	Snapshots                          uint64
	RSS, Heap, Goroutines              float64 // most at rest
	PGOpen, PGInUse, CHOpen, CHInUse   float64 // most at rest
	WaitJobs, WaitMail, WaitDeliveries float64 // most at rest
	Parts                              int     // most in one partition
	PartsTable                         string
	StepMedian, StepMax, RestWaitMax   time.Duration
	RefreshMedian, AlertsMedian        time.Duration
	Steps                              int
}

func (s *soak) days(snapshots map[int]uint64) []dayRow {
	var out []dayRow
	var prev step
	for d := 1; d <= s.o.Days; d++ {
		row := dayRow{Day: d, Snapshots: snapshots[d]}
		var took, refresh, alerts []time.Duration
		var last step
		for _, st := range s.steps {
			if st.Day != d {
				continue
			}
			last = st
			row.Steps++
			row.RSS, row.Heap, row.Goroutines = max(row.RSS, st.RSS), max(row.Heap, st.Heap), max(row.Goroutines, st.Goroutines)
			row.PGOpen, row.PGInUse = max(row.PGOpen, st.pgOpen()), max(row.PGInUse, st.PGInUse)
			row.CHOpen, row.CHInUse = max(row.CHOpen, st.chConns()), max(row.CHInUse, st.chInUse())
			row.WaitJobs = max(row.WaitJobs, st.JobsQueued+st.JobsFailed)
			row.WaitMail, row.WaitDeliveries = max(row.WaitMail, st.Mail), max(row.WaitDeliveries, st.Deliveries)
			if st.PartsInPartition > row.Parts {
				row.Parts, row.PartsTable = st.PartsInPartition, st.PartsTable
			}
			row.RestWaitMax = max(row.RestWaitMax, st.RestWait)
			took, refresh, alerts = append(took, st.Took), append(refresh, st.Refresh), append(alerts, st.Alerts)
		}
		if row.Steps == 0 {
			continue
		}
		slices.Sort(took)
		slices.Sort(refresh)
		slices.Sort(alerts)
		row.StepMedian, row.StepMax = took[len(took)/2], took[len(took)-1]
		row.RefreshMedian, row.AlertsMedian = refresh[len(refresh)/2], alerts[len(alerts)/2]
		row.To = last.At
		row.Jobs, row.Retried = last.Processed-prev.Processed, last.Retried-prev.Retried
		row.Mails, row.Hooks = last.Mails-prev.Mails, last.Hooks-prev.Hooks
		prev = last
		out = append(out, row)
	}
	return out
}

// snapshotsByDay counts the raw snapshot rows written per simulated day
// (rows as written, before merges replace repeats).
func (s *soak) snapshotsByDay(ctx context.Context) (map[int]uint64, error) {
	rows, err := s.ch.Query(store.WithoutClickHouseBound(ctx), `
		SELECT intDiv(toInt64(toUInt32(scraped_at)) - ?, 86400) AS d, count() FROM metric_snapshots
		WHERE workspace_id = ? GROUP BY d`, s.start.Unix(), s.ws)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int]uint64{}
	for rows.Next() {
		var d int64
		var n uint64
		if err := rows.Scan(&d, &n); err != nil {
			return nil, err
		}
		out[max(1, min(int(d)+1, s.o.Days))] += n
	}
	return out, rows.Err()
}

func mib(b float64) string { return fmt.Sprintf("%.0f", b/(1<<20)) }

func secs(d time.Duration) string { return fmt.Sprintf("%.1f", d.Seconds()) }

// report prints the figures and the checks, and records the checks that fail.
func (s *soak) report(rec recomputed, final map[string]int, loadBefore string, took time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	snapshots, err := s.snapshotsByDay(ctx)
	if err != nil {
		s.fail("counting the snapshots per day: %v", err)
	}
	var chVersion string
	_ = s.ch.QueryRow(ctx, "SELECT version()").Scan(&chVersion)
	rows := s.days(snapshots)
	out := s.out
	fmt.Fprintf(out, "soak: %d items (%d accounts × %d videos, the four platforms in turn), %d simulated days in steps of %s (%d rounds of the cron routes, %d after the last day), simulator fail rate %.0f %%\n",
		s.accounts*s.o.PerAccount, s.accounts, s.o.PerAccount, s.o.Days, s.o.Step, len(s.steps), len(s.steps)-s.o.Days*int(24*time.Hour/s.o.Step), s.o.FailRate*100)
	fmt.Fprintf(out, "took %s on %d cores; load average before %s, after %s; ClickHouse %s\n\n", took.Round(time.Second), runtime.NumCPU(), loadBefore, loadavg(), chVersion)
	fmt.Fprintln(out, "Per simulated day, the server at rest after each round (most of the day's rounds), and the work done that day:")
	fmt.Fprintln(out)
	fmt.Fprintln(out, "| day | scrape jobs processed (retried) | snapshots | e-mails | deliveries | RSS MiB | heap MiB | goroutines | PG conns open / in use | CH conns open / in use | waiting jobs / e-mails / deliveries | parts in a partition | round s (median / max) | refresh + ingest / alerts s (median) | rest wait s |")
	fmt.Fprintln(out, "|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|---|---|---|---:|")
	for _, r := range rows {
		fmt.Fprintf(out, "| %d | %d (%d) | %d | %d | %d | %s | %s | %.0f | %.0f / %.0f | %.0f / %.0f | %.0f / %.0f / %.0f | %d (%s) | %s / %s | %s / %s | %s |\n",
			r.Day, r.Jobs, r.Retried, r.Snapshots, r.Mails, r.Hooks, mib(r.RSS), mib(r.Heap), r.Goroutines, r.PGOpen, r.PGInUse, r.CHOpen, r.CHInUse,
			r.WaitJobs, r.WaitMail, r.WaitDeliveries, r.Parts, r.PartsTable, secs(r.StepMedian), secs(r.StepMax),
			secs(r.RefreshMedian), secs(r.AlertsMedian), secs(r.RestWaitMax))
	}
	if len(rows) == 0 || len(s.steps) == 0 {
		s.fail("no round ran")
		return
	}
	first, last, end := rows[0], rows[len(rows)-1], s.steps[len(s.steps)-1]

	type check struct{ name, bound, measured string }
	var checks []check
	add := func(ok bool, name, bound, measured string) {
		checks = append(checks, check{name, bound, measured})
		if !ok {
			s.fail("%s: %s, bound %s", name, measured, bound)
		}
	}
	if len(rows) > 1 {
		middle := rows[(len(rows)-1)/2]
		add(last.RSS-first.RSS <= rssGrowthMax, "resident memory, day 1 → last day (most of each)", "grows ≤ "+mib(rssGrowthMax)+" MiB",
			fmt.Sprintf("%s → %s MiB", mib(first.RSS), mib(last.RSS)))
		add(last.RSS-middle.RSS <= rssLateGrowthMax, fmt.Sprintf("resident memory, day %d → last day", middle.Day), "grows ≤ "+mib(rssLateGrowthMax)+" MiB",
			fmt.Sprintf("%s → %s MiB", mib(middle.RSS), mib(last.RSS)))
		add(last.Heap-first.Heap <= heapGrowthMax, "Go heap after a collection, day 1 → last day", "grows ≤ "+mib(heapGrowthMax)+" MiB",
			fmt.Sprintf("%s → %s MiB", mib(first.Heap), mib(last.Heap)))
		add(last.Heap-middle.Heap <= heapLateGrowthMax, fmt.Sprintf("Go heap after a collection, day %d → last day", middle.Day), "grows ≤ "+mib(heapLateGrowthMax)+" MiB",
			fmt.Sprintf("%s → %s MiB", mib(middle.Heap), mib(last.Heap)))
	}
	add(end.Goroutines <= first.Goroutines+goroutineSlack, "goroutines at rest at the end", fmt.Sprintf("≤ day 1's most (%.0f) + %d", first.Goroutines, goroutineSlack),
		fmt.Sprintf("%.0f", end.Goroutines))
	notAtRest, pgOver, chOver := 0, 0, 0
	var mostPending float64
	var mostParts int
	mostPartsTable := ""
	for _, st := range s.steps {
		if !st.atRest() {
			notAtRest++
		}
		if st.pgOpen() > st.PGMax {
			pgOver++
		}
		if st.chConns() > st.CHMaxOpen {
			chOver++
		}
		mostPending = max(mostPending, st.Mail, st.Deliveries)
		if st.PartsInPartition > mostParts {
			mostParts, mostPartsTable = st.PartsInPartition, st.PartsTable
		}
	}
	add(notAtRest == 0, "rounds after which both pools came back to no connection in use", fmt.Sprintf("all, within %s", restWait),
		fmt.Sprintf("%d of %d", len(s.steps)-notAtRest, len(s.steps)))
	add(pgOver+chOver == 0, "pool sizes within their maxima", fmt.Sprintf("PostgreSQL ≤ %.0f, ClickHouse ≤ %.0f", end.PGMax, end.CHMaxOpen),
		fmt.Sprintf("over in %d rounds", pgOver+chOver))
	add(mostPending <= pendingAtRestMax, "e-mails or channel deliveries waiting at rest after a round", fmt.Sprintf("≤ %d", pendingAtRestMax), fmt.Sprintf("%.0f at most", mostPending))
	add(float64(s.readsFailed) <= busyReadsMax*float64(s.reads), "dashboard reads still answered 503 after retries",
		fmt.Sprintf("≤ %.0f %% of the reads", busyReadsMax*100),
		fmt.Sprintf("%d of %d (%d busy answers retried; the cron routes: %d)", s.readsFailed, s.reads, s.readsBusy, s.cronBusy))
	jobs, mails, deliveries, err := s.pending(ctx)
	add(err == nil && jobs+mails+deliveries == 0, "left queued at the end (scrape jobs / e-mails / deliveries)", "0 / 0 / 0", fmt.Sprintf("%d / %d / %d", jobs, mails, deliveries))
	add(mostParts <= partsInPartitionMax, "active parts of one partition at rest after a round", fmt.Sprintf("≤ %d", partsInPartitionMax),
		fmt.Sprintf("%d at most (%s)", mostParts, mostPartsTable))
	names := slices.SortedFunc(maps.Keys(final), func(a, b string) int { return cmp.Or(cmp.Compare(final[b], final[a]), strings.Compare(a, b)) })
	mostFinal := 0
	var top []string
	for i, n := range names {
		mostFinal = max(mostFinal, final[n])
		if i < 3 {
			top = append(top, fmt.Sprintf("%s %d", n, final[n]))
		}
	}
	add(mostFinal <= partsPerTableMax, "active parts of a table after the merges", fmt.Sprintf("≤ %d per table", partsPerTableMax),
		fmt.Sprintf("%d tables, most %s", len(final), strings.Join(top, ", ")))
	add(rec.Listed > 0 && rec.Listed == rec.Tracked, "videos the API lists at the end", "the workspace's videos but removed and beyond their account's limit (PostgreSQL)", fmt.Sprintf("%d of %d", rec.Listed, rec.Tracked))
	add(rec.APIvsRaw == 0, "videos whose views the API answers differ from their last raw snapshot's", "0", fmt.Sprintf("%d of %d (%d with views)", rec.APIvsRaw, rec.Listed, rec.WithViews))
	add(rec.RawVsSim+rec.SimMissing == 0 && rec.SimCompared == rec.WithViews, "videos whose last raw views differ from the simulator's dataset", "0",
		fmt.Sprintf("%d differ, %d missing, of %d compared over %d datasets", rec.RawVsSim, rec.SimMissing, rec.SimCompared, rec.Datasets))

	fmt.Fprintln(out)
	fmt.Fprintln(out, "| check | bound | measured | |")
	fmt.Fprintln(out, "|---|---|---|---|")
	failed := map[string]bool{}
	for _, p := range s.problems {
		failed[p] = true
	}
	for _, c := range checks {
		mark := "ok"
		if failed[fmt.Sprintf("%s: %s, bound %s", c.name, c.measured, c.bound)] {
			mark = "FAILED"
		}
		fmt.Fprintf(out, "| %s | %s | %s | %s |\n", c.name, c.bound, c.measured, mark)
	}
	for _, e := range rec.Examples {
		fmt.Fprintln(out, "\n- "+e)
	}
	if len(s.problems) > 0 {
		fmt.Fprintln(out, "\nFailed:")
		for _, p := range s.problems {
			fmt.Fprintln(out, "- "+p)
		}
	}
}
