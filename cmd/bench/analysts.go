package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/reeltrack/reeltrack/internal/analyst"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/projections/analytics"
	"github.com/reeltrack/reeltrack/schema"
)

// targetAnalystRatio: the dashboard's cold p95 while analysts scan, at most
// this many times its p95 without them.
const targetAnalystRatio = 1.5

// analystScans are the analysts' load: legitimate heavy reads, each a full
// scan of an analytics metric table with a GROUP BY, run in turn in a loop.
var analystScans = []string{
	// the last views of every entity: 22M rows grouped into 16k keys
	`SELECT entity_id, argMax(views, scraped_at) AS v FROM metric_hourly_rows GROUP BY entity_id ORDER BY v DESC LIMIT 10`,
	`SELECT platform, toHour(hour) AS h, count(), max(views), avg(likes) FROM metric_hourly_rows GROUP BY platform, h ORDER BY platform, h`,
	`SELECT day, count(), sum(views), sum(likes) FROM video_metrics_daily GROUP BY day ORDER BY day`,
}

// runawayQueries are mistaken analyst queries: a self-join without a
// condition (about 10^12 rows), and a scan that never ends.
var runawayQueries = []string{
	`SELECT count() FROM metric_daily_rows AS a CROSS JOIN (SELECT entity_id AS e, day AS d FROM metric_daily_rows) AS b`,
	`SELECT count() FROM system.numbers WHERE number % 7 = 3`,
}

type analystsReport struct {
	Skipped     string
	User        string
	Database    string
	Filled      string // how the analytics database was filled
	Clients     int
	Rows        []analystRow
	Scans       analystLoad
	Runaway     []runawayResult
	LoadBefore  string
	LoadDuring  string
	LoadAfter   string
	LoadRunaway string
}

type analystRow struct {
	Route       string
	Load        string
	S           stats
	Ratio       float64 // 0 on the unloaded line
	Missed      bool
	RatioTarget string
}

type analystLoad struct {
	Done   int
	Rows   uint64 // rows read, from the query log
	Errors map[string]int
	Wall   time.Duration
	P50    time.Duration
}

type runawayResult struct {
	Query       string
	Err         string
	Code        int32
	Took        time.Duration
	Stopped     bool // by the server, with an error
	Probe       stats
	ProbeErrors int
	PingAfter   time.Duration
}

// fillAnalytics refills the analytics database as `migrate -rebuild-projections`
// does when a seed older than it left it empty, else syncs the dimensions.
func fillAnalytics(ctx context.Context, st *stores, db string, progress io.Writer) (string, error) {
	adb := schema.AnalyticsDatabase(db)
	var metricRows, snapshots uint64
	if err := st.CH.QueryRow(ctx, `SELECT count() FROM `+adb+`.metric_latest_rows`).Scan(&metricRows); err != nil {
		return "", fmt.Errorf("count %s.metric_latest_rows: %w", adb, err)
	}
	if err := st.CH.QueryRow(ctx, `SELECT count() FROM metric_snapshots`).Scan(&snapshots); err != nil {
		return "", fmt.Errorf("count snapshots: %w", err)
	}
	if metricRows == 0 && snapshots > 0 {
		fmt.Fprintf(progress, "bench: %s is empty: refilling it from %d snapshots (analytics.Rebuild, as migrate -rebuild-projections)\n", adb, snapshots)
		start := time.Now()
		if err := analytics.Rebuild(ctx, st.PG, st.CH, adb, ""); err != nil {
			return "", fmt.Errorf("refill %s: %w", adb, err)
		}
		took := time.Since(start)
		fmt.Fprintf(progress, "bench: refilled %s in %s\n", adb, took.Round(time.Second))
		// as a running server's background merges would have done
		for _, table := range analytics.MetricTables {
			if err := st.CH.Exec(ctx, "OPTIMIZE TABLE "+adb+"."+table+" FINAL"); err != nil {
				return "", fmt.Errorf("merge %s.%s: %w", adb, table, err)
			}
		}
		return fmt.Sprintf("refilled now from %s snapshots by analytics.Rebuild (what `migrate -rebuild-projections` runs) in %s", thousands(float64(snapshots)), took.Round(time.Second)), nil
	}
	if _, err := analytics.Sync(ctx, st.PG, st.CH, adb); err != nil {
		return "", fmt.Errorf("sync %s: %w", adb, err)
	}
	return "filled earlier (by the seed's inserts or an earlier refill); dimensions synced", nil
}

// analystsPhase measures the cold answers with and without analysts scanning,
// then checks that a runaway query's limits stop it while the server answers.
func analystsPhase(ctx context.Context, st *stores, o options, c *client, rs []*route, progress io.Writer) (*analystsReport, error) {
	adb := schema.AnalyticsDatabase(o.CH.Database)
	r := &analystsReport{User: analyst.UserFor(o.CH.Database), Database: adb, Clients: o.AnalystClients}
	var err error
	if r.Filled, err = fillAnalytics(ctx, st, o.CH.Database, progress); err != nil {
		return nil, err
	}
	fmt.Fprintf(progress, "bench: installing the analyst user %s (database %s)\n", r.User, adb)
	in, err := analyst.Install(ctx, o.CH.Addr, r.User, adb)
	if err != nil {
		return nil, err
	}
	defer in.Remove() //nolint:errcheck // best effort; the next run replaces it

	conns := make([]driver.Conn, r.Clients+1)
	for i := range conns {
		if conns[i], err = store.OpenClickHouse(ctx, in.Options); err != nil {
			return nil, fmt.Errorf("log in as %s: %w", r.User, err)
		}
		defer conns[i].Close()
	}

	measure := func(load string) error {
		for _, rt := range rs {
			s, err := c.cold(ctx, rt.Path, o.ColdRequests, rt.Check)
			if err != nil {
				return fmt.Errorf("%s %s: %w", rt.Name, load, err)
			}
			r.Rows = append(r.Rows, analystRow{Route: rt.Name, Load: load, S: s})
		}
		return nil
	}
	// untimed: the first requests after the refill read cold parts
	for _, rt := range rs {
		if _, err := c.cold(ctx, rt.Path, 5, rt.Check); err != nil {
			return nil, fmt.Errorf("%s: %w", rt.Name, err)
		}
	}
	fmt.Fprintln(progress, "bench: dashboard cold, analysts idle")
	r.LoadBefore = loadavg()
	if err := measure("idle (before)"); err != nil {
		return nil, err
	}

	fmt.Fprintf(progress, "bench: dashboard cold, %d analysts scanning\n", r.Clients)
	lctx, stop := context.WithCancel(ctx)
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		times []time.Duration
	)
	r.Scans.Errors = map[string]int{}
	start := time.Now()
	for i := 0; i < r.Clients; i++ {
		wg.Add(1)
		go func(conn driver.Conn, first int) {
			defer wg.Done()
			for n := first; lctx.Err() == nil; n++ {
				q := analystScans[n%len(analystScans)]
				t := time.Now()
				var read uint64
				err := drain(clickhouse.Context(lctx, clickhouse.WithProgress(func(p *clickhouse.Progress) { read += p.Rows })), conn, q)
				mu.Lock()
				r.Scans.Rows += read
				switch {
				case err == nil:
					r.Scans.Done++
					times = append(times, time.Since(t))
				case lctx.Err() != nil:
				default:
					r.Scans.Errors[short(err)]++
				}
				mu.Unlock()
			}
		}(conns[i], i)
	}
	// the scans get going before the dashboard is measured
	time.Sleep(2 * time.Second)
	r.LoadDuring = loadavg()
	err = measure(fmt.Sprintf("%d analysts scanning", r.Clients))
	r.LoadDuring += " → " + loadavg()
	stop()
	wg.Wait()
	r.Scans.Wall = time.Since(start)
	if err != nil {
		return nil, err
	}
	r.Scans.P50 = summarize(times, 0).P50
	fmt.Fprintln(progress, "bench: dashboard cold, analysts idle again")
	r.LoadAfter = loadavg()
	if err := measure("idle (after)"); err != nil {
		return nil, err
	}
	r.Rows = againstIdle(r.Rows, len(rs), targetAnalystRatio)

	r.LoadRunaway = loadavg()
	for _, q := range runawayQueries {
		fmt.Fprintln(progress, "bench: a runaway analyst query")
		res := runaway(ctx, conns[r.Clients], c, rs[0], q)
		r.Runaway = append(r.Runaway, res)
	}
	r.LoadRunaway += " → " + loadavg()
	return r, nil
}

// againstIdle takes rows of k routes measured idle, loaded and idle again,
// sets each loaded row's ratio to its p95 over the mean of the idle p95s
// before and after (which evens out the shared machine's own drift) and
// whether it misses target, and returns them idle, idle again, loaded.
func againstIdle(rows []analystRow, k int, target float64) []analystRow {
	for i := range k {
		before, loaded, after := &rows[i], &rows[k+i], &rows[2*k+i]
		base := (before.S.P95 + after.S.P95) / 2
		loaded.Ratio = float64(loaded.S.P95) / float64(max(base, time.Microsecond))
		loaded.Missed = loaded.Ratio > target
	}
	return append(append(append([]analystRow{}, rows[:k]...), rows[2*k:]...), rows[k:2*k]...)
}

func runaway(ctx context.Context, conn driver.Conn, c *client, rt *route, q string) runawayResult {
	res := runawayResult{Query: q}
	// the server must stop it; 120 s is the bench's own guard
	qctx, cancel := context.WithTimeout(ctx, 120*time.Second)
	defer cancel()
	done := make(chan struct{})
	var probe []time.Duration
	go func() {
		defer close(done)
		time.Sleep(500 * time.Millisecond)
		for qctx.Err() == nil {
			t := time.Now()
			if _, err := c.cold(qctx, rt.Path, 1, rt.Check); err != nil {
				if qctx.Err() == nil {
					res.ProbeErrors++
				}
				continue
			}
			probe = append(probe, time.Since(t))
		}
	}()
	t := time.Now()
	err := drain(qctx, conn, q)
	res.Took = time.Since(t)
	cancel()
	<-done
	res.Probe = summarize(probe, 0)
	var ex *clickhouse.Exception
	switch {
	case err == nil:
		res.Err = "finished without an error"
	case errors.As(err, &ex):
		res.Code, res.Stopped = ex.Code, true
		res.Err = fmt.Sprintf("%d %s", ex.Code, firstLine(ex.Message))
	default:
		res.Err = short(err)
	}
	pctx, pcancel := context.WithTimeout(ctx, 10*time.Second)
	defer pcancel()
	t = time.Now()
	if err := conn.Ping(pctx); err == nil {
		res.PingAfter = time.Since(t)
	} else {
		res.PingAfter = -1
	}
	return res
}

func firstLine(s string) string {
	if i := strings.IndexAny(s, "\n"); i >= 0 {
		s = s[:i]
	}
	if i := strings.Index(s, ", current rows:"); i > 0 {
		s = s[:i]
	}
	return s
}

func drain(ctx context.Context, conn driver.Conn, q string) error {
	rows, err := conn.Query(ctx, q)
	if err != nil {
		return err
	}
	for rows.Next() {
	}
	if err := rows.Err(); err != nil {
		rows.Close()
		return err
	}
	return rows.Close()
}

func (r *analystsReport) missed() bool {
	if r == nil {
		return false
	}
	for _, x := range r.Rows {
		if x.Missed {
			return true
		}
	}
	for _, x := range r.Runaway {
		if !x.Stopped {
			return true
		}
	}
	return false
}

func printAnalysts(out io.Writer, r *analystsReport) {
	fmt.Fprintf(out, "\n### The dashboard beside analysts\n\n")
	if r.Skipped != "" {
		fmt.Fprintf(out, "Not measured: %s.\n", r.Skipped)
		return
	}
	fmt.Fprintf(out, "- analytics database %s: %s\n", r.Database, r.Filled)
	fmt.Fprintf(out, "- analysts: %d connections as `%s` (the `analyst` profile and quota, rendered from deploy/clickhouse/analyst-users.xml.in), each running full scans of the analytics metric tables in a loop: %d scans done in %s (p50 %s s each), %s rows read",
		r.Clients, r.User, r.Scans.Done, r.Scans.Wall.Round(time.Second), fmt.Sprintf("%.1f", r.Scans.P50.Seconds()), thousands(float64(r.Scans.Rows)))
	if len(r.Scans.Errors) > 0 {
		fmt.Fprintf(out, "; errors:")
		for e, n := range r.Scans.Errors {
			fmt.Fprintf(out, " %d× %s;", n, e)
		}
	}
	fmt.Fprintln(out)
	fmt.Fprintf(out, "- load average (1, 5, 15 min) at the start of each measurement: idle %s; scanning %s; idle again %s; runaway queries %s\n", r.LoadBefore, r.LoadDuring, r.LoadAfter, r.LoadRunaway)
	fmt.Fprintf(out, "- each line: %d cold requests one at a time (data version bumped before each); the ratio is the p95 while scanning over the mean of the two idle p95s\n\n", r.Rows[0].S.N)
	fmt.Fprintln(out, "| route | analysts | requests | p50 ms | p95 ms | p99 ms | target | met |")
	fmt.Fprintln(out, "|---|---|---:|---:|---:|---:|---|---|")
	printRatioRows(out, r.Rows, targetAnalystRatio)
	fmt.Fprintf(out, "\nRunaway analyst queries, while the dashboard's cold overview is requested in a loop:\n\n")
	fmt.Fprintln(out, "| query | stopped by the server | after s | error | overview answers meanwhile | p50 ms | p95 ms | errors | ping after, ms |")
	fmt.Fprintln(out, "|---|---|---:|---|---:|---:|---:|---:|---:|")
	for _, ru := range r.Runaway {
		ping := "no answer"
		if ru.PingAfter >= 0 {
			ping = ms(ru.PingAfter)
		}
		fmt.Fprintf(out, "| `%s` | %s | %.1f | %s | %d | %s | %s | %d | %s |\n",
			ru.Query, yesNo(ru.Stopped), ru.Took.Seconds(), ru.Err, ru.Probe.N, ms(ru.Probe.P50), ms(ru.Probe.P95), ru.ProbeErrors, ping)
	}
}

// printRatioRows prints rows measured idle and loaded, the loaded ones with
// their ratio against target.
func printRatioRows(out io.Writer, rows []analystRow, target float64) {
	for _, x := range rows {
		goal, met := "—", "—"
		if x.Ratio > 0 {
			goal = fmt.Sprintf("p95 ≤ %.1f× idle", target)
			met = fmt.Sprintf("%s: %.2f×", yesNo(!x.Missed), x.Ratio)
		}
		fmt.Fprintf(out, "| %s (cold) | %s | %d | %s | %s | %s | %s | %s |\n", x.Route, x.Load, x.S.N, ms(x.S.P50), ms(x.S.P95), ms(x.S.P99), goal, met)
	}
}
