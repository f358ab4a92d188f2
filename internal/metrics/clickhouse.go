package metrics

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/prometheus/client_golang/prometheus"
)

// clickHouseReadTimeout: a ClickHouse that does not answer leaves its disk
// series out of the scrape rather than holding it.
const clickHouseReadTimeout = 2 * time.Second

var (
	chDiskFreeDesc = desc("clickhouse_disk_free_bytes",
		"Space ClickHouse may still use on each of its disks: the filesystem's free space less the disk's keep_free_space_bytes, "+
			"below which ClickHouse refuses new parts (system.disks; ClickHouse 19.15 and later, absent on 18.16).", "disk")
	chDiskTotalDesc = desc("clickhouse_disk_total_bytes",
		"Size of each of ClickHouse's disks less its keep_free_space_bytes (system.disks; ClickHouse 19.15 and later, absent on 18.16).", "disk")
	chLogBytesDesc = desc("clickhouse_system_log_bytes",
		"Bytes on disk of ClickHouse's own log tables (system.query_log, system.trace_log, ...), by table; other for the rest, "+
			"such as the query_log_0 an upgrade leaves.", "table")
)

// SystemLogTables are the table label's values of
// reeltrack_clickhouse_system_log_bytes besides "other": the log tables of
// ClickHouse 18.16 to 26.x.
var SystemLogTables = []string{
	"query_log", "query_thread_log", "query_views_log", "query_metric_log", "part_log", "trace_log", "text_log",
	"metric_log", "asynchronous_metric_log", "latency_log", "error_log", "processors_profile_log",
	"asynchronous_insert_log", "backup_log", "s3queue_log", "blob_storage_log", "crash_log",
	"opentelemetry_span_log", "session_log", "zookeeper_log",
}

var systemLogTables = func() map[string]bool {
	m := map[string]bool{}
	for _, t := range SystemLogTables {
		m[t] = true
	}
	return m
}()

func systemLogLabel(table string) string {
	if systemLogTables[table] {
		return table
	}
	return "other"
}

// clickHouseCollector reads the ClickHouse pool's statistics, and at each
// scrape ClickHouse's disks and the size of its own log tables.
type clickHouseCollector struct {
	conn driver.Conn
	log  *slog.Logger

	mu     sync.Mutex
	failed map[string]string // the last failure logged of each read, so a lasting one is logged once
}

func (c *clickHouseCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{chConnsDesc, chDiskFreeDesc, chDiskTotalDesc, chLogBytesDesc} {
		ch <- d
	}
}

func (c *clickHouseCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.conn.Stats()
	for _, v := range []struct {
		state string
		n     int
	}{{"open", s.Open}, {"idle", s.Idle}, {"max_open", s.MaxOpenConns}, {"max_idle", s.MaxIdleConns}} {
		ch <- prometheus.MustNewConstMetric(chConnsDesc, prometheus.GaugeValue, float64(v.n), v.state)
	}

	ctx, cancel := context.WithTimeout(context.Background(), clickHouseReadTimeout)
	defer cancel()
	gauge := func(d *prometheus.Desc, v float64, label string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, label)
	}
	disks, err := c.disks(ctx)
	c.report("disks", err, "metrics: reading ClickHouse's disks failed (no reeltrack_clickhouse_disk_* series; "+
		"ClickHouse 18.16 has no system.disks: watch its disk with node_exporter)")
	for _, d := range disks {
		gauge(chDiskFreeDesc, d.free, d.name)
		gauge(chDiskTotalDesc, d.total, d.name)
	}
	logs, err := c.systemLogs(ctx)
	c.report("system logs", err, "metrics: reading the size of ClickHouse's log tables failed")
	for table, bytes := range logs {
		gauge(chLogBytesDesc, bytes, table)
	}
}

type clickHouseDisk struct {
	name        string
	free, total float64
}

func (c *clickHouseCollector) disks(ctx context.Context) ([]clickHouseDisk, error) {
	// 18.16 has no system.disks: an empty answer rather than an error
	var n uint64
	if err := c.conn.QueryRow(ctx, "SELECT count() FROM system.tables WHERE database = 'system' AND name = 'disks'").Scan(&n); err != nil || n == 0 {
		return nil, err
	}
	rows, err := c.conn.Query(ctx, "SELECT name, free_space, total_space FROM system.disks")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []clickHouseDisk
	for rows.Next() {
		var d clickHouseDisk
		var free, total uint64
		if err := rows.Scan(&d.name, &free, &total); err != nil {
			return nil, err
		}
		d.free, d.total = float64(free), float64(total)
		out = append(out, d)
	}
	return out, rows.Err()
}

// systemLogs reads the bytes on disk of the tables of `system` that have
// parts (the log tables: the rest of `system` lives in memory), inactive
// parts included, which take disk space until ClickHouse removes them.
func (c *clickHouseCollector) systemLogs(ctx context.Context) (map[string]float64, error) {
	rows, err := c.conn.Query(ctx, "SELECT table, sum(bytes_on_disk) FROM system.parts WHERE database = 'system' GROUP BY table")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]float64{}
	for rows.Next() {
		var table string
		var bytes uint64
		if err := rows.Scan(&table, &bytes); err != nil {
			return nil, err
		}
		out[systemLogLabel(table)] += float64(bytes)
	}
	return out, rows.Err()
}

// report logs a failed read once until it fails otherwise or succeeds.
func (c *clickHouseCollector) report(read string, err error, msg string) {
	if c.log == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if err == nil {
		delete(c.failed, read)
		return
	}
	text := err.Error()
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		text = text[:i]
	}
	if c.failed[read] == text {
		return
	}
	if c.failed == nil {
		c.failed = map[string]string{}
	}
	c.failed[read] = text
	c.log.Warn(msg, "error", err)
}

// WatchClickHouse adds to the registry the ClickHouse pool's statistics, and
// ClickHouse's disks and the size of its log tables, read through conn at
// each scrape (docs/clickhouse.md, "Disk"); a failed read is logged to log,
// once while it fails alike.
func (m *Metrics) WatchClickHouse(conn driver.Conn, log *slog.Logger) {
	if m == nil || conn == nil {
		return
	}
	m.Registry.MustRegister(&clickHouseCollector{conn: conn, log: log})
}
