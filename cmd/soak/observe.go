package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/reeltrack/reeltrack/schema"
)

// reading is the server at rest, as its /metrics, its heap and
// ClickHouse's system.parts show it after a step.
type reading struct {
	At         time.Time // simulated
	RSS        float64   // bytes
	Heap       float64   // Go heap live after a collection, bytes
	Goroutines float64

	PGIdle, PGInUse, PGOpening, PGMax float64
	CHOpen, CHIdle, CHMaxOpen         float64 // open: taken (see chInUse)
	InFlight, Waiting                 float64

	JobsQueued, JobsFailed float64 // waiting scrape jobs (failed: to be retried)
	Mail, Deliveries       float64 // pending e-mails and channel deliveries

	// Parts are the active parts of each table of the service's two
	// ClickHouse databases; PartsInPartition the most of one partition.
	Parts            map[string]int
	PartsInPartition int
	PartsTable       string // of PartsInPartition
	// RestWait is how long the server took to come to rest after the step.
	RestWait time.Duration
}

func (r reading) pgOpen() float64 { return r.PGIdle + r.PGInUse + r.PGOpening }

// chInUse is the ClickHouse pool's connections taken: clickhouse-go's
// Stats().Open (the state "open" of reeltrack_clickhouse_pool_connections)
// counts the connections acquired, Idle those kept between uses.
func (r reading) chInUse() float64 { return r.CHOpen }

func (r reading) chConns() float64 { return r.CHOpen + r.CHIdle }

// atRest reports whether no request is answered and no connection of
// either pool is in use.
func (r reading) atRest() bool {
	return r.PGInUse == 0 && r.PGOpening == 0 && r.chInUse() == 0 && r.InFlight == 0 && r.Waiting == 0
}

// readMetrics reads the server's /metrics as Prometheus would.
func readMetrics(ctx context.Context, control string) (reading, error) {
	var r reading
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, control+"/metrics", nil)
	if err != nil {
		return r, err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return r, fmt.Errorf("read /metrics: %w", err)
	}
	defer res.Body.Close()
	parser := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := parser.TextToMetricFamilies(res.Body)
	if err != nil {
		return r, fmt.Errorf("parse /metrics: %w", err)
	}
	value := func(name, state string) float64 {
		f := fams[name]
		if f == nil {
			return 0
		}
		for _, m := range f.GetMetric() {
			if state != "" && !hasState(m.GetLabel(), state) {
				continue
			}
			if g := m.GetGauge(); g != nil {
				return g.GetValue()
			}
			if c := m.GetCounter(); c != nil {
				return c.GetValue()
			}
		}
		return 0
	}
	r.RSS = value("process_resident_memory_bytes", "")
	r.Goroutines = value("go_goroutines", "")
	r.PGIdle = value("reeltrack_postgres_pool_connections", "idle")
	r.PGInUse = value("reeltrack_postgres_pool_connections", "in_use")
	r.PGOpening = value("reeltrack_postgres_pool_connections", "opening")
	r.PGMax = value("reeltrack_postgres_pool_connections", "max")
	r.CHOpen = value("reeltrack_clickhouse_pool_connections", "open")
	r.CHIdle = value("reeltrack_clickhouse_pool_connections", "idle")
	r.CHMaxOpen = value("reeltrack_clickhouse_pool_connections", "max_open")
	r.InFlight = value("reeltrack_requests_in_flight", "")
	r.Waiting = value("reeltrack_background_waiting", "")
	r.JobsQueued = value("reeltrack_scrape_jobs", "queued")
	r.JobsFailed = value("reeltrack_scrape_jobs", "failed")
	r.Mail = value("reeltrack_mail_outbox_pending", "")
	r.Deliveries = value("reeltrack_channel_deliveries_pending", "")
	return r, nil
}

func hasState[L interface {
	GetName() string
	GetValue() string
}](labels []L, state string) bool {
	for _, l := range labels {
		if l.GetName() == "state" {
			return l.GetValue() == state
		}
	}
	return false
}

// readHeap asks the server for its Go heap after a collection.
func readHeap(ctx context.Context, control string) (float64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, control+"/soak/heap", nil)
	if err != nil {
		return 0, err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, fmt.Errorf("read the heap: %w", err)
	}
	defer res.Body.Close()
	var out struct {
		HeapAlloc uint64 `json:"heapAlloc"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		return 0, fmt.Errorf("read the heap: %w", err)
	}
	return float64(out.HeapAlloc), nil
}

// restWait bounds the wait for the server to come to rest after a step.
const restWait = 3 * time.Minute

// waitAtRest reads /metrics until the server is at rest (restWait at most:
// beyond it the reading is returned with ok false) and adds the heap.
func waitAtRest(ctx context.Context, control string) (r reading, ok bool, err error) {
	began := time.Now()
	for {
		r, err = readMetrics(ctx, control)
		if err != nil {
			return r, false, err
		}
		if r.atRest() || time.Since(began) > restWait {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	r.RestWait = time.Since(began)
	ok = r.atRest()
	if r.Heap, err = readHeap(ctx, control); err != nil {
		return r, ok, err
	}
	return r, ok, nil
}

// readParts counts the active parts of the tables of the service's
// ClickHouse databases, per table and per partition.
func readParts(ctx context.Context, ch driver.Conn, db string) (perTable map[string]int, most int, mostTable string, err error) {
	rows, err := ch.Query(ctx, `
		SELECT database, table, partition, count() FROM system.parts
		WHERE active AND database IN (?, ?) GROUP BY database, table, partition`, db, schema.AnalyticsDatabase(db))
	if err != nil {
		return nil, 0, "", fmt.Errorf("read system.parts: %w", err)
	}
	defer rows.Close()
	perTable = map[string]int{}
	for rows.Next() {
		var database, table, partition string
		var n uint64
		if err := rows.Scan(&database, &table, &partition, &n); err != nil {
			return nil, 0, "", err
		}
		name := table
		if database != db {
			name = "analytics." + table
		}
		perTable[name] += int(n)
		if int(n) > most {
			most, mostTable = int(n), name
		}
	}
	return perTable, most, mostTable, rows.Err()
}
