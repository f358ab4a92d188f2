package schema

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5/pgxpool"
)

// MigrateClickHouse applies the pending ClickHouse migrations, serialized by
// a PostgreSQL advisory lock as ClickHouse has none; statements are rerunnable.
func MigrateClickHouse(ctx context.Context, pool *pgxpool.Pool, ch driver.Conn, layout ClickHouseLayout, database string) ([]string, error) {
	ms, err := load("clickhouse")
	if err != nil {
		return nil, err
	}
	return migrateClickHouse(ctx, pool, ch, layout, database, ms, true)
}

// migrateClickHouse applies ms; with guard, only over a record it can trust
// (checkRecord).
func migrateClickHouse(ctx context.Context, pool *pgxpool.Pool, ch driver.Conn, layout ClickHouseLayout, database string, ms []Migration, guard bool) ([]string, error) {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("acquire connection: %w", err)
	}
	defer conn.Release()
	key := lockKey("clickhouse:" + database)
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", key); err != nil {
		return nil, fmt.Errorf("take migration lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", key) //nolint:errcheck // the session ends the lock anyway

	applied, err := chApplied(ctx, ch, database)
	if err != nil {
		return nil, err
	}
	sqls := make([]string, len(ms))
	for i, m := range ms {
		if sqls[i], err = layout.render(m, database); err != nil {
			return nil, err
		}
	}
	if guard {
		err := checkRecord("clickhouse", ms, sqls, database, applied, true, func(names []string) (map[string]bool, error) {
			return chExisting(ctx, ch, names)
		})
		if err != nil {
			return nil, err
		}
	}
	if err := checkApplied("clickhouse", ms, applied); err != nil {
		return nil, err
	}
	create, err := layout.render(Migration{Name: "schema_migrations", SQL: `
CREATE TABLE IF NOT EXISTS schema_migrations {{onCluster}} (
    version    UInt32,
    name       String,
    checksum   String,
    applied_at DateTime('UTC')
) ENGINE = {{engine "ReplacingMergeTree"}}
ORDER BY version`}, database)
	if err != nil {
		return nil, err
	}
	if layout.Cluster != "" {
		// The record of migrations is replicated to all nodes (no {shard}).
		for _, db := range []string{database, LocalDatabase(database)} {
			if err := ch.Exec(ctx, "CREATE DATABASE IF NOT EXISTS "+db+layout.OnCluster()); err != nil {
				return nil, fmt.Errorf("create clickhouse database %s on cluster %s: %w", db, layout.Cluster, err)
			}
		}
		create = strings.Replace(qualify(create, database), "/clickhouse/tables/{shard}/", "/clickhouse/tables/all/", 1)
		// Synchronous, so a migration is done when its rows are on their shards.
		ctx = clickhouse.Context(ctx, clickhouse.WithSettings(clickhouse.Settings{"insert_distributed_sync": 1}))
	}
	if err := ch.Exec(ctx, create); err != nil {
		return nil, fmt.Errorf("create clickhouse schema_migrations: %w", err)
	}
	var done []string
	for _, m := range ms {
		if _, ok := applied[m.Version]; ok {
			continue
		}
		var steps []step
		if layout.Cluster == "" {
			sql, err := layout.render(m, database)
			if err != nil {
				return done, err
			}
			for _, stmt := range statements(sql) {
				steps = append(steps, step{SQL: stmt})
			}
		} else if steps, err = layout.clusterPlan(m, database); err != nil {
			return done, err
		}
		for _, st := range steps {
			if st.EachShard {
				err = eachShard(ctx, ch, layout.Cluster, layout.Node, st.SQL)
			} else {
				err = apply(ctx, ch, st.SQL)
			}
			if err != nil {
				return done, fmt.Errorf("apply clickhouse migration %s: %w", m.Name, err)
			}
		}
		batch, err := ch.PrepareBatch(ctx, "INSERT INTO schema_migrations (version, name, checksum, applied_at)")
		if err != nil {
			return done, fmt.Errorf("record clickhouse migration %s: %w", m.Name, err)
		}
		if err := batch.Append(uint32(m.Version), m.Name, m.Checksum, time.Now().UTC()); err != nil {
			return done, fmt.Errorf("record clickhouse migration %s: %w", m.Name, err)
		}
		if err := batch.Send(); err != nil {
			return done, fmt.Errorf("record clickhouse migration %s: %w", m.Name, err)
		}
		done = append(done, m.Name)
	}
	return done, nil
}

// chApplied reads the record of applied migrations of database; none when
// it has no record (nothing is created here).
func chApplied(ctx context.Context, ch driver.Conn, database string) (map[int]string, error) {
	applied := map[int]string{}
	var n uint64
	if err := ch.QueryRow(ctx, `SELECT count() FROM system.tables WHERE database = ? AND name = 'schema_migrations'`, database).Scan(&n); err != nil {
		return nil, fmt.Errorf("look up clickhouse schema_migrations: %w", err)
	}
	if n == 0 {
		return applied, nil
	}
	rows, err := ch.Query(ctx, "SELECT version, checksum FROM "+database+".schema_migrations FINAL")
	if err != nil {
		return nil, fmt.Errorf("read clickhouse schema_migrations: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var v uint32
		var sum string
		if err := rows.Scan(&v, &sum); err != nil {
			return nil, fmt.Errorf("read clickhouse schema_migrations: %w", err)
		}
		applied[int(v)] = sum
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read clickhouse schema_migrations: %w", err)
	}
	return applied, nil
}

// chExisting tells which of the tables and views named (database.name) exist.
func chExisting(ctx context.Context, ch driver.Conn, names []string) (map[string]bool, error) {
	rows, err := ch.Query(ctx, `SELECT concat(database, '.', name) FROM system.tables WHERE has(?, concat(database, '.', name))`, names)
	if err != nil {
		return nil, fmt.Errorf("look up the clickhouse tables: %w", err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, fmt.Errorf("look up the clickhouse tables: %w", err)
		}
		out[n] = true
	}
	return out, rows.Err()
}

func apply(ctx context.Context, ch driver.Conn, stmt string) error {
	exists, err := columnExists(ctx, ch, stmt)
	if err != nil || exists {
		return err
	}
	if exists, err = viewExists(ctx, ch, stmt); err != nil || exists {
		return err
	}
	return ch.Exec(ctx, stmt)
}

var createView = regexp.MustCompile(`(?is)^(?:\s*--[^\n]*\n)*\s*CREATE\s+MATERIALIZED\s+VIEW\s+IF\s+NOT\s+EXISTS\s+(?:(\w+)\.)?(\w+)\s`)

var onClusterClause = regexp.MustCompile(`(?i)\sON\s+CLUSTER\s`)

// viewExists: current releases check an existing view's SELECT against its
// target even under IF NOT EXISTS and may refuse it; 18.16 skips it.
func viewExists(ctx context.Context, ch driver.Conn, stmt string) (bool, error) {
	m := createView.FindStringSubmatch(stmt)
	if m == nil || onClusterClause.MatchString(stmt) {
		// ON CLUSTER: each node creates what it lacks
		return false, nil
	}
	var n uint64
	err := ch.QueryRow(ctx, `SELECT count() FROM system.tables WHERE database = if(? = '', currentDatabase(), ?) AND name = ?`,
		m[1], m[1], m[2]).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("look up view %s: %w", m[2], err)
	}
	return n > 0, nil
}

// NodeDialer opens a connection to one node (host:port of system.clusters).
type NodeDialer func(ctx context.Context, addr string) (driver.Conn, error)

// eachShard applies stmt, an ALTER of a replicated shard-local table, on one
// reachable replica per shard. Not ON CLUSTER: 18.16's DDL queue sometimes
// runs it on both replicas and then stops for good (docs/scaling.md).
func eachShard(ctx context.Context, ch driver.Conn, cluster string, node NodeDialer, stmt string) error {
	if node == nil {
		return fmt.Errorf("no way to reach the nodes of cluster %s for %q", cluster, firstLine(stmt))
	}
	rows, err := ch.Query(ctx, `SELECT shard_num, groupArray(concat(host_address, ':', toString(port)))
		FROM (SELECT shard_num, host_address, port FROM system.clusters WHERE cluster = ? ORDER BY shard_num, replica_num)
		GROUP BY shard_num ORDER BY shard_num`, cluster)
	if err != nil {
		return fmt.Errorf("list the shards of cluster %s: %w", cluster, err)
	}
	type shard struct {
		num   uint32
		addrs []string
	}
	var shards []shard
	for rows.Next() {
		var s shard
		if err := rows.Scan(&s.num, &s.addrs); err != nil {
			rows.Close()
			return fmt.Errorf("list the shards of cluster %s: %w", cluster, err)
		}
		shards = append(shards, s)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("list the shards of cluster %s: %w", cluster, err)
	}
	if len(shards) == 0 {
		return fmt.Errorf("system.clusters lists no shard of cluster %s", cluster)
	}
	for _, s := range shards {
		var errs []error
		for i, addr := range s.addrs {
			conn, err := node(ctx, addr)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			err = apply(ctx, conn, stmt)
			conn.Close()
			if err != nil {
				return fmt.Errorf("shard %d (%s): %w", s.num, addr, err)
			}
			errs = nil
			// a Distributed table made AS the local one needs the column everywhere
			for _, other := range slices.Delete(slices.Clone(s.addrs), i, i+1) {
				if err := waitForColumn(ctx, node, other, stmt); err != nil {
					return fmt.Errorf("shard %d (%s): %w", s.num, other, err)
				}
			}
			break
		}
		if errs != nil {
			return fmt.Errorf("no replica of shard %d answers: %w", s.num, errors.Join(errs...))
		}
	}
	return nil
}

// waitForColumn waits up to a minute for the column on addr; a node that
// is down takes it when it starts.
func waitForColumn(ctx context.Context, node NodeDialer, addr, stmt string) error {
	if !addColumn.MatchString(stmt) {
		return nil
	}
	conn, err := node(ctx, addr)
	if err != nil {
		return nil
	}
	defer conn.Close()
	deadline := time.Now().Add(time.Minute)
	for {
		ok, err := columnExists(ctx, conn, stmt)
		if err != nil || ok {
			return err
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the column of %q is not there a minute after the ALTER on its peer", firstLine(stmt))
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

var addColumn = regexp.MustCompile(`(?is)^(?:\s*--[^\n]*\n)*\s*ALTER\s+TABLE\s+(?:(\w+)\.)?(\w+)\s.*?\bADD\s+COLUMN\s+(\w+)\s`)

// columnExists: 18.16 has no ADD COLUMN IF NOT EXISTS.
func columnExists(ctx context.Context, ch driver.Conn, stmt string) (bool, error) {
	m := addColumn.FindStringSubmatch(stmt)
	if m == nil {
		return false, nil
	}
	var n uint64
	err := ch.QueryRow(ctx, `SELECT count() FROM system.columns WHERE database = if(? = '', currentDatabase(), ?) AND table = ? AND name = ?`,
		m[1], m[1], m[2], m[3]).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("look up column %s.%s: %w", m[2], m[3], err)
	}
	return n > 0, nil
}
