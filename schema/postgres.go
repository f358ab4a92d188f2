package schema

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

const createPGMigrations = `
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    integer PRIMARY KEY,
    name       text NOT NULL,
    checksum   text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
)`

// MigratePostgres applies each pending migration in its own transaction.
func MigratePostgres(ctx context.Context, pool *pgxpool.Pool) ([]string, error) {
	ms, err := load("postgres")
	if err != nil {
		return nil, err
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("acquire connection: %w", err)
	}
	defer conn.Release()
	key := lockKey("postgres")
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", key); err != nil {
		return nil, fmt.Errorf("take migration lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", key) //nolint:errcheck // the session ends the lock anyway

	var recorded bool
	if err := conn.QueryRow(ctx, `SELECT to_regclass('schema_migrations') IS NOT NULL`).Scan(&recorded); err != nil {
		return nil, fmt.Errorf("look up schema_migrations: %w", err)
	}
	applied := map[int]string{}
	if recorded {
		if applied, err = pgApplied(ctx, conn.Conn()); err != nil {
			return nil, err
		}
	}
	sqls := make([]string, len(ms))
	for i, m := range ms {
		sqls[i] = m.SQL
	}
	if err := checkRecord("postgres", ms, sqls, "", applied, false, func(names []string) (map[string]bool, error) {
		return pgExisting(ctx, conn.Conn(), names)
	}); err != nil {
		return nil, err
	}
	if err := checkApplied("postgres", ms, applied); err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, createPGMigrations); err != nil {
		return nil, fmt.Errorf("create schema_migrations: %w", err)
	}
	var done []string
	for _, m := range ms {
		if _, ok := applied[m.Version]; ok {
			continue
		}
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			// No arguments: pgx's simple protocol runs several statements as one.
			if _, err := tx.Exec(ctx, m.SQL); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, "INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)",
				m.Version, m.Name, m.Checksum)
			return err
		})
		if err != nil {
			return done, fmt.Errorf("apply postgres migration %s: %w", m.Name, err)
		}
		done = append(done, m.Name)
	}
	return done, nil
}

func pgApplied(ctx context.Context, conn *pgx.Conn) (map[int]string, error) {
	rows, err := conn.Query(ctx, "SELECT version, checksum FROM schema_migrations")
	if err != nil {
		return nil, fmt.Errorf("read schema_migrations: %w", err)
	}
	out := map[int]string{}
	var v int
	var sum string
	_, err = pgx.ForEachRow(rows, []any{&v, &sum}, func() error { out[v] = sum; return nil })
	if err != nil {
		return nil, fmt.Errorf("read schema_migrations: %w", err)
	}
	return out, nil
}

// pgExisting tells which of the tables and views named exist.
func pgExisting(ctx context.Context, conn *pgx.Conn, names []string) (map[string]bool, error) {
	rows, err := conn.Query(ctx, `SELECT n FROM unnest($1::text[]) n WHERE to_regclass(n) IS NOT NULL`, names)
	if err != nil {
		return nil, fmt.Errorf("look up the tables: %w", err)
	}
	found, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("look up the tables: %w", err)
	}
	out := make(map[string]bool, len(found))
	for _, n := range found {
		out[n] = true
	}
	return out, nil
}
