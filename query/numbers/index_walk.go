package numbers

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/query"
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
	return query.ReadWith(ctx, db, `SET LOCAL enable_sort = off; SET LOCAL jit = off`, func(tx pgx.Tx) error { return read(tx) })
}
