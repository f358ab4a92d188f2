// Command soak runs the server for simulated days over a workspace of
// thousands of items and checks that it stays bounded: its resident memory,
// Go heap and goroutines, both pools (PostgreSQL's and ClickHouse's), the
// work queues (scrape jobs, the mail outbox, channel deliveries) and
// ClickHouse's active parts; that nothing is left queued at the end; and
// that every video's views the API answers at the end are the views of its
// last raw snapshot and the views the simulator's dataset held for that
// scrape. It prints a table per simulated day and the checks, and exits 1
// when a check fails.
//
//	make soak                          # 3,000 items, 7 simulated days, 2 h steps
//	make soak SOAK_ITEMS=5000 SOAK_DAYS=14
//
// Simulated time is one clock shared by three processes, moved in steps:
// the scraping simulator (cmd/scrapersim, its clock moved by POST
// /sim/clock, as the money replay's test does), and the server, which this
// command runs as a process of its own (`soak serve`: the server as
// cmd/server wires it, every handler's clock the wall clock plus the same
// offset). Each step moves both clocks on by -step, then calls the cron
// routes as a scheduler would (GET /api/cron/refresh; waits until every
// scrape it queued has run, delivered its webhook and been ingested; GET
// /api/cron/alerts: settle, digests, ranks, spikes, insights, milestones,
// events, channel deliveries and the outbox), reads the dashboard, waits
// until the server is at rest (no request, no pool connection in use) and
// samples it: its /metrics as Prometheus would read them, its heap after a
// collection, and system.parts. The simulator's world (-quirks=false,
// -fail-rate for failed runs the refresh retries) grows with the clock.
// Between steps nothing waits on the wall clock, so a simulated week
// takes minutes. What the simulated clock does not move: PostgreSQL's
// now(), which a few statements compare with times the service wrote
// (the scrape budget's last 24 hours of spend count rows by their
// creation time in PostgreSQL, so once the clock is a day ahead no spend
// holds a refresh back), and the wall-clock loops (the analytics sync
// every 10 s).
//
// By default the command makes fresh databases of its own (-fresh NAME:
// PostgreSQL and ClickHouse databases NAME, dropped at the end unless
// -keep); -fresh= takes DATABASE_URL and CLICKHOUSE_* as they are (the
// test of this package gives it its own).
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// options are the soak's flags.
type options struct {
	Items      int           // videos the workspace tracks
	PerAccount int           // each account's tracking limit
	Days       int           // simulated days
	Step       time.Duration // simulated time between two cron rounds
	FailRate   float64       // share of the simulator's runs that fail
	Scrapersim string        // the simulator's binary
	Fresh      string        // databases of the soak's own; empty: the environment's
	Keep       bool          // keep the fresh databases
	Progress   bool          // a line per simulated day on stderr
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "serve" {
		if err := serve(); err != nil {
			fmt.Fprintln(os.Stderr, "soak serve:", err)
			os.Exit(1)
		}
		return
	}
	o, err := parseFlags(os.Args[1:])
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(2)
	}
	if err := run(o, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(1)
	}
}

func parseFlags(args []string) (options, error) {
	var o options
	fs := flag.NewFlagSet("soak", flag.ContinueOnError)
	fs.IntVar(&o.Items, "items", 3000, "videos the workspace tracks: accounts of -per-account videos each, across the four platforms")
	fs.IntVar(&o.PerAccount, "per-account", 30, "each account's tracking limit")
	fs.IntVar(&o.Days, "days", 7, "simulated days")
	fs.DurationVar(&o.Step, "step", 2*time.Hour, "simulated time between two rounds of the cron routes")
	fs.Float64Var(&o.FailRate, "fail-rate", 0.02, "share of the simulator's runs that fail (the refresh retries them)")
	fs.StringVar(&o.Scrapersim, "scrapersim", "", "the simulator's binary (default: scrapersim beside this one)")
	fs.StringVar(&o.Fresh, "fresh", "reeltrack_soak", "make fresh PostgreSQL and ClickHouse databases of this name; empty: use DATABASE_URL and CLICKHOUSE_DATABASE as they are")
	fs.BoolVar(&o.Keep, "keep", false, "keep the fresh databases at the end")
	fs.BoolVar(&o.Progress, "progress", true, "print a line per simulated day on stderr")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	var errs []error
	if o.PerAccount < 1 || o.PerAccount > 200 {
		errs = append(errs, errors.New("-per-account must be from 1 to 200 (the agency plan's most per account)"))
	}
	if o.Items < 4*o.PerAccount {
		errs = append(errs, fmt.Errorf("-items must be at least 4 × -per-account (%d): an account on each platform", 4*o.PerAccount))
	}
	if o.Days < 1 {
		errs = append(errs, errors.New("-days must be at least 1"))
	}
	if o.Step < time.Minute || o.Step > 24*time.Hour || (24*time.Hour)%o.Step != 0 {
		errs = append(errs, errors.New("-step must divide a day, from 1m to 24h"))
	}
	if o.FailRate < 0 || o.FailRate >= 0.5 {
		errs = append(errs, errors.New("-fail-rate must be from 0 to under 0.5"))
	}
	if o.Scrapersim == "" {
		self, err := os.Executable()
		if err != nil {
			errs = append(errs, err)
		}
		o.Scrapersim = filepath.Join(filepath.Dir(self), "scrapersim")
	}
	return o, errors.Join(errs...)
}
