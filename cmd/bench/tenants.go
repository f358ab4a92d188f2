package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// targetNeighbourP99 bounds another workspace's cached list while one exports.
const targetNeighbourP99 = 50 * time.Millisecond

type statusCounts struct {
	OK, Limited, ServerErrors, Other int
	Complete                         int   // exports downloaded whole
	Rows                             int64 // data rows of the complete exports
	Cut                              int   // 200s whose body ended early
	FirstErr                         error
	// Took are the complete exports' times, from request to last byte.
	Took []time.Duration
}

func (s *statusCounts) add(status int, err error) {
	switch {
	case err != nil:
		s.Other++
		if s.FirstErr == nil {
			s.FirstErr = err
		}
	case status == http.StatusOK:
		s.OK++
	case status == http.StatusTooManyRequests:
		s.Limited++
	case status >= 500:
		s.ServerErrors++
	default:
		s.Other++
		if s.FirstErr == nil {
			s.FirstErr = fmt.Errorf("HTTP %d", status)
		}
	}
}

func (s *statusCounts) merge(o statusCounts) {
	s.OK += o.OK
	s.Limited += o.Limited
	s.ServerErrors += o.ServerErrors
	s.Other += o.Other
	s.Complete += o.Complete
	s.Rows += o.Rows
	s.Cut += o.Cut
	s.Took = append(s.Took, o.Took...)
	if s.FirstErr == nil {
		s.FirstErr = o.FirstErr
	}
}

type neighbourLoad struct {
	Name string
	Run  func(ctx context.Context) statusCounts
	// Memory measures the process's memory growth during the load.
	Memory bool
	// ExportRow adds a line of the load's exports, with their times and memory.
	ExportRow bool
}

type neighbourResult struct {
	Name      string
	Probe     stats
	Statuses  statusCounts  // of the probe
	Load      statusCounts  // of the load beside it
	LoadAvg   string        // 1-minute load average at the start and at the end
	Mem       *memGrowth    // with neighbourLoad.Memory
	Wall      time.Duration // how long the load ran
	ExportRow bool
}

// probe requests path from workers clients, each at most every interval,
// until until ends, and records every answer's latency and status.
func (c *client) probe(ctx, until context.Context, path string, workers int, interval time.Duration) (stats, statusCounts) {
	var (
		mu  sync.Mutex
		all []time.Duration
		sc  statusCounts
		wg  sync.WaitGroup
	)
	start := time.Now()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var ds []time.Duration
			var mine statusCounts
			for next := time.Now(); until.Err() == nil && ctx.Err() == nil; {
				t := time.Now()
				status, err := c.status(ctx, path, io.Discard)
				if ctx.Err() != nil {
					break
				}
				ds = append(ds, time.Since(t))
				mine.add(status, err)
				next = next.Add(interval)
				select {
				case <-until.Done():
				case <-time.After(time.Until(next)):
				}
			}
			mu.Lock()
			all = append(all, ds...)
			sc.merge(mine)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return summarize(all, time.Since(start)), sc
}

func (c *client) status(ctx context.Context, path string, w io.Writer) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Cookie", c.cookie)
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if _, err := io.Copy(w, resp.Body); err != nil {
		return resp.StatusCode, fmt.Errorf("GET %s: read body: %w", path, err)
	}
	return resp.StatusCode, nil
}

func retryAfter(h http.Header) time.Duration {
	n, err := strconv.Atoi(h.Get("Retry-After"))
	if err != nil || n < 1 {
		n = 1
	}
	return time.Duration(n) * time.Second
}

// exportLoop downloads path until ctx ends, waiting as Retry-After says; with
// limit > 0 a slow reader. want is a complete export's data rows.
func (c *client) exportLoop(ctx context.Context, path string, want int, limit int, tick time.Duration) statusCounts {
	var sc statusCounts
	for ctx.Err() == nil {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
		if err != nil {
			sc.add(0, err)
			return sc
		}
		req.Header.Set("Cookie", c.cookie)
		start := time.Now()
		resp, err := c.http.Do(req)
		if err != nil {
			if ctx.Err() == nil {
				sc.add(0, err)
			}
			continue
		}
		if resp.StatusCode != http.StatusOK {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			sc.add(resp.StatusCode, nil)
			if resp.StatusCode == http.StatusTooManyRequests {
				select {
				case <-ctx.Done():
				case <-time.After(retryAfter(resp.Header)):
				}
			}
			continue
		}
		sc.OK++
		rows, err := countRows(ctx, resp.Body, limit, tick)
		resp.Body.Close()
		switch {
		case ctx.Err() != nil:
			// the measurement ended mid-download
		case err != nil:
			sc.add(0, err)
		case rows != want:
			sc.Cut++
		default:
			sc.Complete++
			sc.Rows += int64(rows)
			sc.Took = append(sc.Took, time.Since(start))
		}
	}
	return sc
}

func countRows(ctx context.Context, r io.Reader, limit int, tick time.Duration) (int, error) {
	buf := make([]byte, 32<<10)
	if limit > 0 {
		buf = buf[:min(len(buf), limit)]
	}
	lines, last := 0, byte('\n')
	for ctx.Err() == nil {
		n, err := r.Read(buf)
		lines += bytes.Count(buf[:n], []byte("\n"))
		if n > 0 {
			last = buf[n-1]
		}
		if errors.Is(err, io.EOF) {
			if last != '\n' {
				lines++
			}
			return lines - 1, nil
		}
		if err != nil {
			return 0, err
		}
		if limit > 0 {
			select {
			case <-ctx.Done():
			case <-time.After(tick):
			}
		}
	}
	return 0, ctx.Err()
}

func (c *client) exportLoad(path string, want, clients, limit int, tick time.Duration) func(ctx context.Context) statusCounts {
	return func(ctx context.Context) statusCounts {
		var (
			mu  sync.Mutex
			all statusCounts
			wg  sync.WaitGroup
		)
		for range clients {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sc := c.exportLoop(ctx, path, want, limit, tick)
				mu.Lock()
				all.merge(sc)
				mu.Unlock()
			}()
		}
		wg.Wait()
		return all
	}
}

// neighbours measures another workspace's cached answer at path, alone and
// then beside each load, for d each.
func neighbours(ctx context.Context, probe *client, path string, d time.Duration, loads []neighbourLoad) ([]neighbourResult, error) {
	// the answer is cached before anything is measured
	if _, err := probe.status(ctx, path, io.Discard); err != nil {
		return nil, err
	}
	var out []neighbourResult
	for _, l := range append([]neighbourLoad{{Name: "alone"}}, loads...) {
		res := neighbourResult{Name: l.Name, LoadAvg: loadAvg1(), ExportRow: l.ExportRow && l.Memory}
		var mem *memMeter
		if l.Memory {
			mem = startMem()
		}
		// The load runs until the probe's last answer is in.
		lctx, stopLoad := context.WithCancel(ctx)
		var wg sync.WaitGroup
		started := time.Now()
		if l.Run != nil {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res.Load = l.Run(lctx)
			}()
			// the load gets going before the probe starts
			time.Sleep(min(d/10, time.Second))
		}
		until, stop := context.WithTimeout(ctx, d)
		res.Probe, res.Statuses = probe.probe(ctx, until, path, 2, 10*time.Millisecond)
		stop()
		stopLoad()
		wg.Wait()
		res.Wall = time.Since(started)
		if mem != nil {
			g := mem.end()
			res.Mem = &g
		}
		res.LoadAvg += " → " + loadAvg1()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		out = append(out, res)
	}
	return out, nil
}

func loadAvg1() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(b))[0]
}

// neighbourRows turns the measurements into lines of the table: p99 within
// the target and no 5xx anywhere.
func neighbourRows(path, exportPath string, rs []neighbourResult) []result {
	var out []result
	for _, r := range rs {
		s := r.Probe
		res := result{Route: fmt.Sprintf("GET %s of another workspace, %s", path, r.Name), Cache: "warm", S: &s,
			Rate: thousands(s.PerSec), Target: "—", Met: "—"}
		if r.Name != "alone" {
			res.Target = fmt.Sprintf("p99 ≤ %s ms, no 5xx", ms(targetNeighbourP99))
			fives := r.Statuses.ServerErrors + r.Load.ServerErrors
			res.TargetChecked = true
			res.TargetMissed = s.P99 > targetNeighbourP99 || fives > 0 || r.Statuses.OK == 0
			res.Met = yesNo(!res.TargetMissed)
			if fives > 0 {
				res.Met += fmt.Sprintf(" (%d 5xx)", fives)
			}
		}
		if r.Statuses.Other > 0 || r.Statuses.Limited > 0 {
			res.Met += fmt.Sprintf("; probe: %d 429, %d failed (%v)", r.Statuses.Limited, r.Statuses.Other, r.Statuses.FirstErr)
		}
		out = append(out, res)
		if r.ExportRow {
			out = append(out, exportMemoryRow(exportPath, r))
		}
	}
	return out
}

// exportMemoryRow is the line of a measured load's exports: their times,
// rows per second and memory growth against the target.
func exportMemoryRow(exportPath string, r neighbourResult) result {
	l, g := r.Load, *r.Mem
	s := summarize(append([]time.Duration(nil), l.Took...), 0)
	res := result{Route: fmt.Sprintf("GET %s, %s", exportPath, strings.TrimPrefix(r.Name, "during ")), Cache: "cold", S: &s,
		Rate: thousands(float64(l.Rows)/r.Wall.Seconds()) + " rows/s", Target: fmt.Sprintf("RSS growth ≤ %s MB", mib(targetExportGrowth)),
		TargetChecked: true}
	res.TargetMissed = g.Growth() > targetExportGrowth || l.Complete == 0
	res.Met = fmt.Sprintf("%s: %s MB", yesNo(!res.TargetMissed), mib(g.Growth()))
	if l.Complete == 0 {
		res.Met += ", no export finished"
	}
	return res
}

func neighbourNotes(rs []neighbourResult, d time.Duration) []string {
	var out []string
	for _, r := range rs {
		note := fmt.Sprintf("%s: 1-minute load average %s", r.Name, r.LoadAvg)
		if r.Name != "alone" {
			l := r.Load
			note += fmt.Sprintf("; exports over %s: %d answered 200, %d of them downloaded whole (%s rows, %s rows/s), %d answered 429, %d 5xx, %d cut short, %d failed",
				d, l.OK, l.Complete, thousands(float64(l.Rows)), thousands(float64(l.Rows)/d.Seconds()), l.Limited, l.ServerErrors, l.Cut, l.Other)
			if l.FirstErr != nil {
				note += fmt.Sprintf(" (first failure: %s)", short(l.FirstErr))
			}
			if r.Mem != nil {
				note += fmt.Sprintf("; memory of the process (server and clients) over the %s of the load: %s", r.Wall.Round(100*time.Millisecond), r.Mem)
			}
		}
		out = append(out, note)
	}
	return out
}
