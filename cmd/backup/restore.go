package main

import (
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/projections/analytics"
	"github.com/reeltrack/reeltrack/schema"
)

// ErrNotEmpty is restore's refusal to write over a database that holds data.
var ErrNotEmpty = errors.New("the target holds data")

// ErrDamaged is restore's refusal of a backup whose files do not match.
var ErrDamaged = errors.New("the backup is damaged")

const insertBytes = 64 << 20

// restore brings the backup in dir into t's databases, which must hold no
// data unless force; every file and both targets are checked first. The
// ClickHouse rows go in through the materialized views, as any insert.
// openCH opens the target database once it exists; admin may make it.
func restore(ctx context.Context, t target, admin driver.Conn, openCH func(context.Context) (driver.Conn, error), dir string, force bool) (manifest, error) {
	m, err := readManifest(dir)
	if err != nil {
		return m, err
	}
	if err := knownMigrations(m); err != nil {
		return m, err
	}
	for _, f := range m.files() {
		if err := f.verify(dir); err != nil {
			return m, fmt.Errorf("%w: %w; nothing was written", ErrDamaged, err)
		}
	}
	fmt.Fprintf(t.Log, "backup:     %s, cut-off %s, every file matches the manifest\n", dir, m.CutOff.Format("2006-01-02 15:04:05Z07:00"))
	// on a cluster, the nodes that take the rows and are checked, before
	// anything is written
	var shards []shardNodes
	into := t.HTTP
	if t.Layout.Cluster != "" {
		if shards, err = clusterNodes(ctx, admin, t); err != nil {
			return m, err
		}
		// every row on its shard before the insert returns, and none dropped
		// as the duplicate of a block the table's path once held
		into = shards[0].nodes[0].with("insert_distributed_sync", "1").with("insert_deduplicate", "0")
	}
	switch c := m.ClickHouse.Cluster; {
	case c != nil && t.Layout.Cluster == "":
		fmt.Fprintf(t.Log, "backup:     of cluster %s, %d shards, restored into one server\n", c.Name, len(c.Shards))
	case c == nil && t.Layout.Cluster != "":
		fmt.Fprintf(t.Log, "backup:     of one server, restored into cluster %s, each row on its workspace's shard\n", t.Layout.Cluster)
	case c != nil && !sameShards(c, shards):
		fmt.Fprintf(t.Log, "backup:     of cluster %s, %d shards, restored into cluster %s of %d shards, each row on its workspace's shard\n", c.Name, len(c.Shards), t.Layout.Cluster, len(shards))
	}
	pgTables, pgData, err := pgHolds(ctx, t)
	if err != nil {
		return m, err
	}
	chData, err := chHolds(ctx, admin, t.CHDB)
	if err != nil {
		return m, err
	}
	if (pgData != "" || chData != "") && !force {
		return m, fmt.Errorf("%w: %s; a restore writes into empty databases only, nothing was written (pass -force, FORCE=1 with make, to replace what they hold)",
			ErrNotEmpty, strings.Join(nonEmpty(pgData, chData), "; "))
	}

	if err := restorePostgres(ctx, t, dir, m, pgTables); err != nil {
		return m, err
	}
	fmt.Fprintf(t.Log, "postgres:   restored %s\n", m.Postgres.File.Name)

	if chData != "" || force {
		for _, db := range t.Layout.Databases(t.CHDB) {
			if err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+schema.Quote(db)+t.Layout.OnCluster()); err != nil {
				return m, fmt.Errorf("drop clickhouse database %s: %w", db, err)
			}
		}
	}
	if err := admin.Exec(ctx, "CREATE DATABASE IF NOT EXISTS "+schema.Quote(t.CHDB)+t.Layout.OnCluster()); err != nil {
		return m, fmt.Errorf("create clickhouse database %s: %w", t.CHDB, err)
	}
	ch, err := openCH(ctx)
	if err != nil {
		return m, err
	}
	defer ch.Close()
	if _, err := schema.MigrateClickHouse(ctx, t.PG, ch, t.Layout, t.CHDB); err != nil {
		return m, err
	}
	for _, tb := range m.ClickHouse.Tables {
		n, err := loadTable(ctx, into, t.CHDB, dir, tb)
		if err != nil {
			return m, err
		}
		fmt.Fprintf(t.Log, "clickhouse: %s, %d rows\n", tb.label(), n)
	}
	if t.Layout.Cluster != "" {
		if err := checkShards(ctx, t, m, shards); err != nil {
			return m, err
		}
	}
	// the restored workspaces' answers are read afresh (before the copy below,
	// as the update stamps the workspaces for the analytics sync)
	if err := dataversion.ForgetHistory(ctx, t.PG); err != nil {
		return m, err
	}
	adb := schema.AnalyticsDatabase(t.CHDB)
	if _, err := analytics.RebuildDimensions(ctx, t.PG, ch, adb, t.Layout.Cluster); err != nil {
		return m, err
	}
	fmt.Fprintf(t.Log, "clickhouse: %s dimensions copied from postgres\n", adb)
	return m, nil
}

func nonEmpty(s ...string) []string {
	return slices.DeleteFunc(s, func(x string) bool { return x == "" })
}

// knownMigrations refuses a backup with a migration this binary lacks: its
// rows may not fit this release's tables.
func knownMigrations(m manifest) error {
	for store, applied := range map[string][]int{"postgres": m.Postgres.Migrations, "clickhouse": m.ClickHouse.Migrations} {
		known, err := schema.Versions(store)
		if err != nil {
			return err
		}
		for _, v := range applied {
			if !slices.Contains(known, v) {
				return fmt.Errorf("the backup's %s has migration %04d, which this release does not know: restore it with the release that made it, or a later one", store, v)
			}
		}
	}
	return nil
}

// bookkeeping are the tables a server writes on its own before any use.
var bookkeeping = []string{"schema_migrations", "analytics_sync"}

// pgHolds lists the target's tables and says what data it holds ("" when
// none): rows in any table but bookkeeping are data.
func pgHolds(ctx context.Context, t target) ([]string, string, error) {
	tables, err := pgTables(ctx, t.PG)
	if err != nil {
		return nil, "", err
	}
	var held []string
	for _, name := range tables {
		if slices.Contains(bookkeeping, name) {
			continue
		}
		var any bool
		if err := t.PG.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM `+pgx.Identifier{"public", name}.Sanitize()+`)`).Scan(&any); err != nil {
			return nil, "", fmt.Errorf("read %s: %w", name, err)
		}
		if any {
			held = append(held, name)
		}
	}
	if len(held) == 0 {
		return tables, "", nil
	}
	if len(held) > 5 {
		held = append(held[:5], "…")
	}
	return tables, "postgres database " + t.PG.Config().ConnConfig.Database + " has rows in " + strings.Join(held, ", "), nil
}

func chHolds(ctx context.Context, admin driver.Conn, db string) (string, error) {
	var n uint64
	if err := admin.QueryRow(ctx, `SELECT count() FROM system.tables WHERE database = ? AND name = 'metric_snapshots'`, db).Scan(&n); err != nil {
		return "", fmt.Errorf("read clickhouse tables: %w", err)
	}
	if n == 0 {
		return "", nil
	}
	if err := admin.QueryRow(ctx, `SELECT count() FROM `+schema.Quote(db)+`.metric_snapshots`).Scan(&n); err != nil {
		return "", fmt.Errorf("count clickhouse snapshots: %w", err)
	}
	if n == 0 {
		return "", nil
	}
	return fmt.Sprintf("clickhouse database %s has %d snapshots", db, n), nil
}

// restorePostgres empties the target's public schema, restores the dump in
// one transaction and applies the later migrations.
func restorePostgres(ctx context.Context, t target, dir string, m manifest, tables []string) error {
	if len(tables) > 0 {
		if _, err := t.PG.Exec(ctx, `DROP SCHEMA public CASCADE; CREATE SCHEMA public`); err != nil {
			return fmt.Errorf("empty the postgres database: %w", err)
		}
	}
	cmd := exec.CommandContext(ctx, "pg_restore", "--exit-on-error", "--single-transaction", "--no-owner", "--no-privileges",
		"--dbname="+t.PG.Config().ConnConfig.Database, filepath.Join(dir, m.Postgres.File.Name))
	var err error
	if cmd.Env, err = pgEnv(t.PGURL); err != nil {
		return err
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("pg_restore: %w: %s", err, strings.TrimSpace(string(out)))
	}
	// pg_restore's objects are new to the pool's connections
	t.PG.Reset()
	if _, err := schema.MigratePostgres(ctx, t.PG); err != nil {
		return err
	}
	rows, err := pgRows(ctx, t.PG)
	if err != nil {
		return err
	}
	for name, want := range m.Postgres.Rows {
		if got := rows[name]; got != want {
			return fmt.Errorf("postgres table %s has %d rows after the restore, the backup %d", name, got, want)
		}
	}
	return forgetSourceTxids(ctx, t)
}

// forgetSourceTxids clears the rows' analytics_txid: the source server's
// transaction ids may be far above this one's, and the sync would copy
// those rows on every run until its ids caught up (RebuildDimensions copies
// every row anyway). The triggers are off for the transaction.
func forgetSourceTxids(ctx context.Context, t target) error {
	rows, err := t.PG.Query(ctx, `SELECT table_name FROM information_schema.columns
		WHERE table_schema = 'public' AND column_name = 'analytics_txid' ORDER BY table_name`)
	if err != nil {
		return fmt.Errorf("list analytics_txid columns: %w", err)
	}
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return fmt.Errorf("list analytics_txid columns: %w", err)
	}
	tx, err := t.PG.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck // after Commit a no-op
	for _, name := range tables {
		table := pgx.Identifier{"public", name}.Sanitize()
		for _, stmt := range []string{
			`ALTER TABLE ` + table + ` DISABLE TRIGGER USER`,
			`UPDATE ` + table + ` SET analytics_txid = 0 WHERE analytics_txid <> 0`,
			`ALTER TABLE ` + table + ` ENABLE TRIGGER USER`,
		} {
			if _, err := tx.Exec(ctx, stmt); err != nil {
				return fmt.Errorf("clear the source's transaction ids of %s: %w", name, err)
			}
		}
	}
	return tx.Commit(ctx)
}

// loadTable inserts tb's rows into db through into.
func loadTable(ctx context.Context, into chHTTP, db, dir string, tb table) (uint64, error) {
	names := make([]string, len(tb.Columns))
	for i, c := range tb.Columns {
		names[i] = c.name
	}
	var total uint64
	for _, p := range tb.Partitions {
		n, err := loadPartition(ctx, into, db, dir, tb, p, names)
		if err != nil {
			return total, fmt.Errorf("restore %s, partition %s: %w", tb.label(), p.ID, err)
		}
		if n != p.Rows {
			return total, fmt.Errorf("restore %s, partition %s: %d rows in the file, the manifest says %d", tb.label(), p.ID, n, p.Rows)
		}
		total += n
	}
	return total, nil
}

func loadPartition(ctx context.Context, into chHTTP, db, dir string, tb table, p partition, names []string) (uint64, error) {
	var batch []byte
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		err := into.insert(ctx, db, tb.Name, names, batch)
		batch = batch[:0]
		return err
	}
	rows, err := eachBlock(dir, tb, p, func(raw []byte) error {
		batch = append(batch, raw...)
		if len(batch) >= insertBytes {
			return flush()
		}
		return nil
	})
	if err != nil {
		return rows, err
	}
	return rows, flush()
}

// verify checks a backup without a database: every file against the
// manifest, every ClickHouse file's blocks and row counts.
func verify(dir string) (manifest, error) {
	m, err := readManifest(dir)
	if err != nil {
		return m, err
	}
	for _, f := range m.files() {
		if err := f.verify(dir); err != nil {
			return m, fmt.Errorf("%w: %w", ErrDamaged, err)
		}
	}
	for _, tb := range m.ClickHouse.Tables {
		for _, p := range tb.Partitions {
			n, err := countRows(dir, tb, p)
			if err != nil {
				return m, fmt.Errorf("%w: %s: %w", ErrDamaged, p.File.Name, err)
			}
			if n != p.Rows {
				return m, fmt.Errorf("%w: %s holds %d rows, the manifest says %d", ErrDamaged, p.File.Name, n, p.Rows)
			}
		}
	}
	return m, nil
}

func countRows(dir string, tb table, p partition) (uint64, error) {
	return eachBlock(dir, tb, p, nil)
}

// eachBlock reads a partition's file block by block, checking columns and
// counting rows, and passes each block's bytes to fn (when not nil).
func eachBlock(dir string, tb table, p partition, fn func(raw []byte) error) (uint64, error) {
	f, err := os.Open(filepath.Join(dir, p.File.Name))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return 0, err
	}
	nr := newNativeReader(zr)
	var rows uint64
	for {
		b, raw, err := nr.next()
		if errors.Is(err, io.EOF) {
			return rows, nil
		}
		if err != nil {
			return rows, err
		}
		if err := sameColumns(b.columns, tb.Columns); err != nil {
			return rows, err
		}
		rows += b.rows
		if fn != nil {
			if err := fn(raw); err != nil {
				return rows, err
			}
		}
	}
}
