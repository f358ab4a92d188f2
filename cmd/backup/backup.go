package main

import (
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/projections"
	"github.com/reeltrack/reeltrack/schema"
)

type target struct {
	PG    *pgxpool.Pool
	PGURL string
	CH    driver.Conn // on CHDB
	CHDB  string
	HTTP  chHTTP
	Log   io.Writer
	// Layout is the ClickHouse's: on a cluster (Layout.Cluster) the rows
	// are read from each shard's local tables, through Nodes.
	Layout schema.ClickHouseLayout
	// Nodes are the HTTP interfaces of a cluster's nodes
	// (CLICKHOUSE_HTTP_ADDR); none: port 8123 of each host system.clusters
	// lists. HTTP is then not used.
	Nodes []chHTTP
}

// exported is a ClickHouse table a backup holds and its partition expression
// (empty: one partition, "all").
type exported struct{ name, partitionBy string }

// sourceTables are the tables nothing else can make again: the snapshots;
// the projections and analytics are derived and made again on restore.
var sourceTables = []exported{{"metric_snapshots", "toYYYYMM(scraped_at)"}}

// projectionTables are exported too when retention has dropped raw
// snapshots: they then hold the only copy of that history.
var projectionTables = []exported{
	{"entity_latest", ""},
	{"entity_hourly", "toYYYYMM(bucket)"},
	{"entity_daily", "toYYYYMM(bucket)"},
	{"video_age_hourly", ""},
	{"entity_daily_by_entity", "toYYYYMM(bucket)"},
}

// backup writes a backup of t's databases into dir (missing or empty):
// PostgreSQL from an exported snapshot (the cut-off), then ClickHouse, then the manifest.
func backup(ctx context.Context, t target, dir string) (manifest, error) {
	m := manifest{Format: formatVersion}
	if err := emptyDir(dir); err != nil {
		return m, err
	}
	m, err := writeBackup(ctx, t, dir, m)
	if err != nil {
		// no half backup is left to be mistaken for one
		os.RemoveAll(dir)
	}
	return m, err
}

func writeBackup(ctx context.Context, t target, dir string, m manifest) (manifest, error) {
	// a cluster's nodes are found first: a wrong address fails at once
	var shards []shardNodes
	if t.Layout.Cluster != "" {
		var err error
		if shards, err = clusterNodes(ctx, t.CH, t); err != nil {
			return m, err
		}
	}
	if err := dumpPostgres(ctx, t, dir, &m); err != nil {
		return m, err
	}
	fmt.Fprintf(t.Log, "postgres:   %s, %s (cut-off %s)\n", m.Postgres.File.Name, size(m.Postgres.File.Bytes), m.CutOff.Format(time.RFC3339Nano))
	if err := exportClickHouse(ctx, t, shards, dir, &m); err != nil {
		return m, err
	}
	if err := writeManifest(dir, m); err != nil {
		return m, fmt.Errorf("write the manifest: %w", err)
	}
	fmt.Fprintf(t.Log, "backup:     %s complete\n", dir)
	return m, nil
}

func emptyDir(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return os.MkdirAll(dir, 0o700)
	case err != nil:
		return err
	case len(entries) > 0:
		return fmt.Errorf("%s is not empty: a backup goes into a new directory", dir)
	}
	return nil
}

// dumpPostgres runs pg_dump -Fc inside a snapshot this process exports and
// holds: dump, row counts and migrations are of that snapshot, the cut-off.
func dumpPostgres(ctx context.Context, t target, dir string, m *manifest) error {
	tx, err := t.PG.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return fmt.Errorf("postgres snapshot: %w", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck // read only
	var snapshot string
	if err := tx.QueryRow(ctx, `SELECT pg_export_snapshot(), now(), current_setting('server_version')`).Scan(&snapshot, &m.CutOff, &m.Postgres.ServerVersion); err != nil {
		return fmt.Errorf("postgres snapshot: %w", err)
	}
	m.CutOff = m.CutOff.UTC()
	if m.Postgres.Migrations, err = pgMigrations(ctx, tx); err != nil {
		return err
	}
	if m.Postgres.Rows, err = pgRows(ctx, tx); err != nil {
		return err
	}
	name := "postgres.dump"
	cmd := exec.CommandContext(ctx, "pg_dump", "--format=custom", "--snapshot="+snapshot, "--no-sync", "--file="+filepath.Join(dir, name))
	if cmd.Env, err = pgEnv(t.PGURL); err != nil {
		return err
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("pg_dump: %w: %s", err, strings.TrimSpace(string(out)))
	}
	// it holds password hashes and sealed secrets: the owner's only
	if err := os.Chmod(filepath.Join(dir, name), 0o600); err != nil {
		return err
	}
	f, err := hashFile(dir, name)
	if err != nil {
		return err
	}
	m.Postgres.File = f
	return tx.Commit(ctx)
}

type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

func pgMigrations(ctx context.Context, q querier) ([]int, error) {
	return pgColumn[int](ctx, q, `SELECT version FROM schema_migrations ORDER BY version`,
		"read postgres schema_migrations", " (is the database migrated?)")
}

func pgTables(ctx context.Context, q querier) ([]string, error) {
	return pgColumn[string](ctx, q, `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
		"list postgres tables", "")
}

// pgColumn reads the one column of sql's rows; what names the read in its
// errors, hint only when the query fails.
func pgColumn[T any](ctx context.Context, q querier, sql, what, hint string) ([]T, error) {
	rows, err := q.Query(ctx, sql)
	if err != nil {
		return nil, fmt.Errorf("%s%s: %w", what, hint, err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[T])
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return out, nil
}

func pgRows(ctx context.Context, q querier) (map[string]int64, error) {
	tables, err := pgTables(ctx, q)
	if err != nil {
		return nil, err
	}
	out := map[string]int64{}
	for _, name := range tables {
		var n int64
		if err := q.QueryRow(ctx, `SELECT count(*) FROM `+pgx.Identifier{"public", name}.Sanitize()).Scan(&n); err != nil {
			return nil, fmt.Errorf("count rows of %s: %w", name, err)
		}
		out[name] = n
	}
	return out, nil
}

// pgEnv points pg_dump and pg_restore at a postgres:// URL's database through
// libpq's variables: no password on a command line, no pgx-only parameters.
func pgEnv(raw string) ([]string, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, errors.New("DATABASE_URL: not a URL")
	}
	env := append(os.Environ(), "PGDATABASE="+strings.TrimPrefix(u.Path, "/"), "PGHOST="+u.Hostname())
	if p := u.Port(); p != "" {
		env = append(env, "PGPORT="+p)
	}
	if u.User != nil {
		env = append(env, "PGUSER="+u.User.Username())
		if pw, ok := u.User.Password(); ok {
			env = append(env, "PGPASSWORD="+pw)
		}
	}
	q := u.Query()
	for param, name := range map[string]string{"sslmode": "PGSSLMODE", "sslrootcert": "PGSSLROOTCERT", "connect_timeout": "PGCONNECT_TIMEOUT"} {
		if v := q.Get(param); v != "" {
			env = append(env, name+"="+v)
		}
	}
	return env, nil
}

func hashFile(dir, name string) (file, error) {
	r, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		return file{}, err
	}
	defer r.Close()
	h := newHashingWriter(io.Discard)
	if _, err := io.Copy(h, r); err != nil {
		return file{}, err
	}
	return h.file(name), nil
}

// exportClickHouse writes the tables' rows, one gzipped Native file per
// partition (on a cluster, per shard and partition), counting them.
func exportClickHouse(ctx context.Context, t target, shards []shardNodes, dir string, m *manifest) error {
	m.ClickHouse.Database = t.CHDB
	m.ClickHouseFrom = time.Now().UTC()
	if err := t.CH.QueryRow(ctx, `SELECT version()`).Scan(&m.ClickHouse.EngineVersion); err != nil {
		return fmt.Errorf("clickhouse version: %w", err)
	}
	var err error
	if m.ClickHouse.Migrations, err = chMigrations(ctx, t.CH); err != nil {
		return err
	}
	if m.RawHistoryComplete, err = rawHistoryComplete(ctx, t.CH); err != nil {
		return err
	}
	tables := sourceTables
	if !m.RawHistoryComplete {
		fmt.Fprintln(t.Log, "clickhouse: raw snapshots were dropped by the retention job: the projections are exported too")
		// before the snapshots: what they hold is older
		tables = append(append([]exported{}, projectionTables...), sourceTables...)
	}
	if t.Layout.Cluster != "" {
		if err := exportShards(ctx, t, shards, dir, m, tables); err != nil {
			return err
		}
	} else {
		for _, e := range tables {
			tb, err := exportTable(ctx, reader{ch: t.CH, http: t.HTTP, db: t.CHDB}, dir, e)
			if err != nil {
				return err
			}
			logExported(t.Log, tb)
			m.ClickHouse.Tables = append(m.ClickHouse.Tables, tb)
		}
	}
	m.ClickHouseTo = time.Now().UTC()
	return nil
}

func logExported(w io.Writer, tb table) {
	var bytes int64
	for _, p := range tb.Partitions {
		bytes += p.File.Bytes
	}
	fmt.Fprintf(w, "clickhouse: %s, %d rows in %d partitions, %s\n", tb.label(), tb.rows(), len(tb.Partitions), size(bytes))
}

func chMigrations(ctx context.Context, ch driver.Conn) ([]int, error) {
	rows, err := ch.Query(ctx, `SELECT version FROM schema_migrations FINAL ORDER BY version`)
	if err != nil {
		return nil, fmt.Errorf("read clickhouse schema_migrations: %w", err)
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var v uint32
		if err := rows.Scan(&v); err != nil {
			return nil, fmt.Errorf("read clickhouse schema_migrations: %w", err)
		}
		out = append(out, int(v))
	}
	return out, rows.Err()
}

// rawHistoryComplete tells whether metric_snapshots still holds every
// snapshot the projections were made of (projections.CheckRawHistory).
func rawHistoryComplete(ctx context.Context, ch driver.Conn) (bool, error) {
	err := projections.CheckRawHistory(ctx, ch)
	if errors.Is(err, projections.ErrRawHistoryDropped) {
		return false, nil
	}
	return err == nil, err
}

var partitionID = regexp.MustCompile(`^[0-9]{1,8}$`)

// reader is where a backup reads a table: the server (ch and http), or one
// replica of a shard (http only).
type reader struct {
	ch    driver.Conn // nil: the metadata over http too
	http  chHTTP
	db    string // the database of the tables holding the rows
	shard int    // 0 on one server
}

func exportTable(ctx context.Context, r reader, dir string, e exported) (table, error) {
	tb := table{Name: e.name, Shard: r.shard}
	var err error
	if tb.Columns, err = r.columns(ctx, e.name); err != nil {
		return tb, fmt.Errorf("columns of %s: %w", tb.label(), err)
	}
	if len(tb.Columns) == 0 {
		return tb, fmt.Errorf("%s.%s: no such table", r.db, e.name)
	}
	ids := []string{"all"}
	if e.partitionBy != "" {
		if ids, err = r.partitions(ctx, e.name); err != nil {
			return tb, fmt.Errorf("partitions of %s: %w", tb.label(), err)
		}
	}
	sub := filepath.Join("clickhouse", e.name)
	if r.shard != 0 {
		sub = filepath.Join("clickhouse", fmt.Sprintf("shard%d", r.shard), e.name)
	}
	if err := os.MkdirAll(filepath.Join(dir, sub), 0o700); err != nil {
		return tb, err
	}
	names := make([]string, len(tb.Columns))
	for i, c := range tb.Columns {
		names[i] = schema.Quote(c.name)
	}
	for _, id := range ids {
		sql := "SELECT " + strings.Join(names, ", ") + " FROM " + schema.Quote(r.db) + "." + schema.Quote(e.name)
		if id != "all" {
			if !partitionID.MatchString(id) {
				return tb, fmt.Errorf("%s: partition %q is not a month", tb.label(), id)
			}
			sql += " WHERE " + e.partitionBy + " = " + id
		}
		p, err := exportPartition(ctx, r, filepath.Join(sub, id+".native.gz"), dir, tb.label(), id, sql+" FORMAT Native", tb.Columns)
		if err != nil {
			return tb, err
		}
		tb.Partitions = append(tb.Partitions, p)
	}
	return tb, nil
}

// columns are table's columns in their order.
func (r reader) columns(ctx context.Context, table string) ([]column, error) {
	var out []column
	if r.ch == nil {
		rows, err := r.http.rows(ctx, `SELECT name, type FROM system.columns WHERE database = `+literal(r.db)+` AND table = `+literal(table))
		if err != nil {
			return nil, err
		}
		for _, f := range rows {
			if len(f) != 2 {
				return nil, fmt.Errorf("a row of %d fields, want name and type", len(f))
			}
			out = append(out, column{name: f[0], typ: f[1]})
		}
		return out, nil
	}
	rows, err := r.ch.Query(ctx, `SELECT name, type FROM system.columns WHERE database = ? AND table = ?`, r.db, table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var c column
		if err := rows.Scan(&c.name, &c.typ); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// partitions are the ids of table's partitions that hold parts.
func (r reader) partitions(ctx context.Context, table string) ([]string, error) {
	var out []string
	if r.ch == nil {
		rows, err := r.http.rows(ctx, `SELECT DISTINCT partition_id FROM system.parts WHERE database = `+literal(r.db)+` AND table = `+literal(table)+` AND active ORDER BY partition_id`)
		if err != nil {
			return nil, err
		}
		for _, f := range rows {
			out = append(out, f[0])
		}
		return out, nil
	}
	rows, err := r.ch.Query(ctx, `SELECT DISTINCT partition_id FROM system.parts WHERE database = ? AND table = ? AND active ORDER BY partition_id`, r.db, table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// exportPartition streams one query's Native answer into a gzip file, block
// by block, checking each block's columns and counting its rows.
func exportPartition(ctx context.Context, r reader, name, dir, tableName, id, sql string, cols []column) (partition, error) {
	p := partition{ID: id}
	out, err := os.OpenFile(filepath.Join(dir, name), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return p, err
	}
	defer out.Close()
	hw := newHashingWriter(out)
	zw, err := gzip.NewWriterLevel(hw, gzip.BestSpeed)
	if err != nil {
		return p, err
	}
	body, err := r.http.query(ctx, r.db, sql, nil)
	if err != nil {
		return p, fmt.Errorf("export %s, partition %s: %w", tableName, id, err)
	}
	defer body.Close()
	nr := newNativeReader(body)
	for {
		b, raw, err := nr.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return p, fmt.Errorf("export %s, partition %s: %w", tableName, id, err)
		}
		if err := sameColumns(b.columns, cols); err != nil {
			return p, fmt.Errorf("export %s, partition %s: %w", tableName, id, err)
		}
		if _, err := zw.Write(raw); err != nil {
			return p, err
		}
		p.Rows += b.rows
	}
	if err := zw.Close(); err != nil {
		return p, err
	}
	if err := out.Sync(); err != nil {
		return p, err
	}
	p.File = hw.file(name)
	return p, out.Close()
}

func sameColumns(got, want []column) error {
	if len(got) != len(want) {
		return fmt.Errorf("a block of %d columns, the table has %d", len(got), len(want))
	}
	for i := range got {
		if got[i].name != want[i].name {
			return fmt.Errorf("column %d is %s, the table's is %s", i, got[i].name, want[i].name)
		}
	}
	return nil
}

func size(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.2f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
