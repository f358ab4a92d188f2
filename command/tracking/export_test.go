package tracking

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// WriteWithOverview writes a scrape of the videos ids as a completion does
// for the overview slots: it reads their part of the slots, runs write (the
// snapshots' insert) and, when record is set, applies the difference in a
// transaction; without record it stops there, as a completion that fails
// after writing its snapshots. The reads have all the time they take (a
// loaded machine or a slower engine would otherwise drop the slots, which
// the completions' budget does on purpose).
func WriteWithOverview(ctx context.Context, db *pgxpool.Pool, k OverviewKeeper, ws uuid.UUID, ids []uuid.UUID, write func() error, record bool) error {
	hold, err := holdOverview(ctx, db, k, ws, ids, time.Hour)
	if err != nil {
		return err
	}
	defer hold.release(ctx)
	if err := write(); err != nil || !record {
		return err
	}
	err = pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error { return hold.apply(ctx, tx, true) })
	if err == nil {
		hold.committed()
	}
	return err
}

// WriteOverviewSlots is the ranks step's computation of one workspace's slots.
var WriteOverviewSlots = writeOverviewSlots
