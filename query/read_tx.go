package query

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ReadWith runs read in a read-only transaction after the planner settings
// set (SET LOCAL statements), for a read whose plan PostgreSQL would
// otherwise choose or compile badly (each caller says why).
func ReadWith(ctx context.Context, db *pgxpool.Pool, set string, read func(pgx.Tx) error) error {
	return pgx.BeginTxFunc(ctx, db, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, set); err != nil {
			return fmt.Errorf("set the read's planner settings: %w", err)
		}
		return read(tx)
	})
}
