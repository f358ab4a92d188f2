package billing

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

const (
	// FoundingCheckoutExpiry is how long a founding checkout can be paid.
	FoundingCheckoutExpiry = time.Hour
	// foundingHold leaves an hour after the session for its payment events to arrive.
	foundingHold = FoundingCheckoutExpiry + time.Hour
)

// foundingLockKey is the advisory lock under which founding spots are counted.
const foundingLockKey int64 = 0x72745f666f756e64 // "rt_found"

// lockFoundingSpots takes the founding lock and counts other workspaces' spots.
// Callers lock ws's row first, as payment events do, so the order is always the same.
func lockFoundingSpots(ctx context.Context, tx pgx.Tx, ws uuid.UUID) (int, error) {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, foundingLockKey); err != nil {
		return 0, fmt.Errorf("lock founding spots: %w", err)
	}
	var taken int
	err := tx.QueryRow(ctx, `
		SELECT count(*) FROM workspaces
		WHERE id <> $1 AND (founding OR founding_hold_until > clock_timestamp())`, ws).Scan(&taken)
	if err != nil {
		return 0, fmt.Errorf("count founding spots: %w", err)
	}
	return taken, nil
}
