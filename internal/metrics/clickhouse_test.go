package metrics_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// series reads every value of the series name from m, by its one label.
func series(t *testing.T, m *metrics.Metrics, name string) map[string]float64 {
	t.Helper()
	families, err := m.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
		for _, s := range f.GetMetric() {
			out[s.GetLabel()[0].GetValue()] = s.GetGauge().GetValue()
		}
	}
	return out
}

// TestClickHouseDiskOnCurrentClickHouse runs the disk series against a
// current engine (chDB behind cmd/chdbhttp) whose one user is the service's
// as docker-compose.yml makes it: the image's user narrowed by the grants of
// render-service-users.sh, with deploy/clickhouse/users.d/ beside it. The
// series report the engine's disk as the filesystem does, as that user;
// and the profile the service runs with has the query profilers off
// (users.d/reeltrack-profilers.xml, loaded by a current release). About 2 s.
func TestClickHouseDiskOnCurrentClickHouse(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dir := t.TempDir()
	users, err := testenv.CurrentEngineUsers(ctx, dir, "rt_metrics_disk")
	if err != nil {
		t.Fatal(err)
	}
	deployed, err := filepath.Glob(filepath.Join(testenv.Root(), "deploy", "clickhouse", "users.d", "*.xml"))
	if err != nil || len(deployed) == 0 {
		t.Fatalf("no users configs in deploy/clickhouse/users.d: %v", err)
	}
	for _, f := range deployed {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "users.d", filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	addr, stop, err := testenv.StartCurrentEngineAs(ctx, users)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	conn, err := store.OpenClickHouse(ctx, store.ClickHouseOptions{Addr: addr, Database: "system", User: "default"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })

	for _, name := range []string{"query_profiler_real_time_period_ns", "query_profiler_cpu_time_period_ns"} {
		var v string
		if err := conn.QueryRow(ctx, "SELECT value FROM system.settings WHERE name = ?", name).Scan(&v); err != nil || v != "0" {
			t.Errorf("%s in the service's session: %q, %v; want 0 (deploy/clickhouse/users.d/reeltrack-profilers.xml)", name, v, err)
		}
	}

	var logged bytes.Buffer
	m := metrics.New()
	m.WatchClickHouse(conn, slog.New(slog.NewTextHandler(&logged, nil)))
	free := series(t, m, "reeltrack_clickhouse_disk_free_bytes")
	total := series(t, m, "reeltrack_clickhouse_disk_total_bytes")
	if logged.Len() > 0 {
		t.Errorf("reading the disks as the service logged:\n%s", logged.String())
	}
	if len(free) != 1 || len(total) != 1 || total["default"] <= 0 {
		t.Fatalf("disk series free %v, total %v; want the engine's one disk, default", free, total)
	}
	// The engine keeps its databases under the system's temporary folder,
	// as this test's own folder is: the same filesystem.
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		t.Fatal(err)
	}
	avail, size := float64(st.Bavail)*float64(st.Bsize), float64(st.Blocks)*float64(st.Bsize)
	const slack = 1 << 30 // other tests write meanwhile
	if d := free["default"] - avail; d > slack || d < -slack {
		t.Errorf("reeltrack_clickhouse_disk_free_bytes %.0f, the filesystem has %.0f available", free["default"], avail)
	}
	if d := total["default"] - size; d > slack || d < -slack {
		t.Errorf("reeltrack_clickhouse_disk_total_bytes %.0f, the filesystem's size is %.0f", total["default"], size)
	}
	if logs := series(t, m, "reeltrack_clickhouse_system_log_bytes"); len(logs) != 0 {
		t.Errorf("system log series %v on an engine without log tables", logs)
	}

	// A ClickHouse that stopped answering: no disk series, one warning for
	// however many scrapes.
	conn.Close()
	for range 3 {
		if free := series(t, m, "reeltrack_clickhouse_disk_free_bytes"); len(free) != 0 {
			t.Fatalf("disk series %v from a closed connection", free)
		}
	}
	if n := strings.Count(logged.String(), "reading ClickHouse's disks failed"); n != 1 {
		t.Errorf("a lasting failure logged %d times, want once:\n%s", n, logged.String())
	}
}

// TestClickHouseLogSizeOn1816 reads the series from the local ClickHouse
// 18.16 (`make services`), which has no system.disks: the disk series are
// absent, without a warning, and the log tables' size is there, equal to
// their parts'. About 10 s (a flush of the server's logs).
func TestClickHouseLogSizeOn1816(t *testing.T) {
	testenv.SkipOnCurrentEngine(t, "the local 18.16; TestClickHouseDiskOnCurrentClickHouse runs the current engine")
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	addr := strings.TrimSpace(os.Getenv("CLICKHOUSE_ADDR"))
	if addr == "" {
		addr = "127.0.0.1:9000"
	}
	user, password := store.AdminCredentials(addr, os.LookupEnv)
	conn, err := store.OpenClickHouse(ctx, store.ClickHouseOptions{Addr: addr, Database: "system", User: user, Password: password})
	if err != nil {
		t.Fatalf("the local ClickHouse (make services): %v", err)
	}
	t.Cleanup(func() { conn.Close() })
	var version string
	if err := conn.QueryRow(ctx, "SELECT version()").Scan(&version); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(version, "18.") {
		t.Skipf("ClickHouse %s at %s: this test is about 18.16", version, addr)
	}
	// query_log exists once a logged query is flushed
	var one uint8
	if err := conn.QueryRow(ctx, "SELECT 1 SETTINGS log_queries = 1").Scan(&one); err != nil {
		t.Fatal(err)
	}
	if err := conn.Exec(ctx, "SYSTEM FLUSH LOGS"); err != nil {
		t.Fatal(err)
	}

	var logged bytes.Buffer
	m := metrics.New()
	m.WatchClickHouse(conn, slog.New(slog.NewTextHandler(&logged, nil)))
	logs := series(t, m, "reeltrack_clickhouse_system_log_bytes")
	if free := series(t, m, "reeltrack_clickhouse_disk_free_bytes"); len(free) != 0 || logged.Len() > 0 {
		t.Errorf("on 18.16: disk series %v, logged %q; want none and nothing", free, logged.String())
	}
	var want uint64
	if err := conn.QueryRow(ctx, "SELECT sum(bytes_on_disk) FROM system.parts WHERE database = 'system' AND table = 'query_log'").Scan(&want); err != nil {
		t.Fatal(err)
	}
	// the parts may merge between the two reads; the size stays near
	if got := logs["query_log"]; want == 0 || got < float64(want)/2 || got > float64(want)*2 {
		t.Errorf("reeltrack_clickhouse_system_log_bytes{table=\"query_log\"} %v, the parts hold %d bytes (every series: %v)", got, want, logs)
	}
}

// logSection is a system log's section of a ClickHouse config file.
type logSection struct {
	XMLName     xml.Name
	PartitionBy *string `xml:"partition_by"`
	TTL         string  `xml:"ttl"`
	Engine      string  `xml:"engine"`
}

func readLogSections(t *testing.T, parts ...string) map[string]logSection {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(append([]string{testenv.Root(), "deploy", "clickhouse"}, parts...)...))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Sections []logSection `xml:",any"`
	}
	if err := xml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	out := map[string]logSection{}
	for _, s := range doc.Sections {
		if strings.HasSuffix(s.XMLName.Local, "_log") {
			out[s.XMLName.Local] = s
		}
	}
	return out
}

// TestSystemLogRetentionOnCurrentClickHouse checks the system log settings
// of deploy/clickhouse/config.d/reeltrack-disk.xml on a current engine
// (chDB 26.7): it bounds every log current releases write by default; and
// each section's partition key and TTL, or its engine line, made into a
// table of the log's date columns, keeps today's rows and deletes those
// past the retention. chDB has no system logs of its own, so this is as
// far as the file can be run here (docs/clickhouse.md, "Disk"). About 2 s.
func TestSystemLogRetentionOnCurrentClickHouse(t *testing.T) {
	t.Parallel()
	sections := readLogSections(t, "config.d", "reeltrack-disk.xml")
	var names []string
	for n := range sections {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range metrics.SystemLogTables {
		// off unless configured: a section would turn them on
		if n != "session_log" && n != "zookeeper_log" && !slices.Contains(names, n) {
			t.Errorf("config.d/reeltrack-disk.xml does not bound %s", n)
		}
	}
	for _, n := range []string{"session_log", "zookeeper_log"} {
		if slices.Contains(names, n) {
			t.Errorf("config.d/reeltrack-disk.xml has a %s section, which turns that log on", n)
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	addr, stop, err := testenv.StartCurrentEngine(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	conn, err := store.OpenClickHouse(ctx, store.ClickHouseOptions{Addr: addr, Database: "default", User: "default"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })

	for _, n := range names {
		s := sections[n]
		days := 7
		if n == "crash_log" {
			days = 90
		}
		var create string
		switch {
		case s.Engine != "":
			if s.PartitionBy != nil || s.TTL != "" {
				t.Errorf("%s: an <engine> excludes <partition_by> and <ttl>", n)
			}
			create = fmt.Sprintf("CREATE TABLE %s (finish_date Date, finish_time_us UInt64) %s", n, strings.TrimSpace(s.Engine))
		case s.TTL != "":
			want := fmt.Sprintf("event_date + INTERVAL %d DAY DELETE", days)
			if s.TTL != want {
				t.Errorf("%s: TTL %q, want %q", n, s.TTL, want)
			}
			partition := "tuple()"
			if s.PartitionBy != nil {
				partition = *s.PartitionBy
			}
			create = fmt.Sprintf("CREATE TABLE %s (event_date Date, event_time DateTime) ENGINE = MergeTree PARTITION BY %s ORDER BY event_time TTL %s",
				n, partition, s.TTL)
		default:
			t.Errorf("%s: neither a TTL nor an engine line", n)
			continue
		}
		if err := conn.Exec(ctx, create); err != nil {
			t.Errorf("%s: %v\n%s", n, err, create)
			continue
		}
		date := "event_date"
		if s.Engine != "" {
			date = "finish_date"
		}
		// today, the last day kept, and the first day past it
		ins := fmt.Sprintf("INSERT INTO %s (%s) SELECT today() - arrayJoin([0, %d, %d])", n, date, days-1, days+1)
		if err := conn.Exec(ctx, ins); err != nil {
			t.Errorf("%s: %v", n, err)
			continue
		}
		if err := conn.Exec(ctx, "OPTIMIZE TABLE "+n+" FINAL"); err != nil {
			t.Errorf("%s: %v", n, err)
			continue
		}
		var kept []string
		rows, err := conn.Query(ctx, fmt.Sprintf("SELECT toString(today() - %s) FROM %s ORDER BY 1", date, n))
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var d string
			if err := rows.Scan(&d); err != nil {
				t.Fatal(err)
			}
			kept = append(kept, d)
		}
		rows.Close()
		if want := []string{"0", fmt.Sprint(days - 1)}; !slices.Equal(kept, want) {
			t.Errorf("%s keeps rows of %v days ago after a merge, want %v", n, kept, want)
		}
	}
}

// TestSystemLogSettingsFor1816 checks the 18.16 file: the two logs 18.16
// writes partitioned by day (what trim-system-logs.sh drops), and nothing
// that 18.16 would ignore or that would turn on another log.
func TestSystemLogSettingsFor1816(t *testing.T) {
	sections := readLogSections(t, "config.d-18.16", "reeltrack-disk.xml")
	var names []string
	for n, s := range sections {
		names = append(names, n)
		if s.PartitionBy == nil || *s.PartitionBy != "event_date" || s.TTL != "" || s.Engine != "" {
			t.Errorf("%s: %+v, want a daily partition only", n, s)
		}
	}
	slices.Sort(names)
	if want := []string{"query_log", "query_thread_log"}; !slices.Equal(names, want) {
		t.Errorf("config.d-18.16 sets %v, want %v", names, want)
	}
}
