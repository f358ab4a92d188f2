package numbers

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// querier is the pool or a transaction on it.
type querier interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}

// walkIndex runs read in a read-only transaction with sorting and JIT off,
// for a page that must be read by walking an index in its order: where
// PostgreSQL guesses that a filter keeps many rows, it would sort them all
// for every page instead, and cost a JIT compile over every row first.
func walkIndex(ctx context.Context, db *pgxpool.Pool, read func(querier) error) error {
	return pgx.BeginTxFunc(ctx, db, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SET LOCAL enable_sort = off; SET LOCAL jit = off`); err != nil {
			return fmt.Errorf("walk the index: %w", err)
		}
		return read(tx)
	})
}
