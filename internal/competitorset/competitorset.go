// Package competitorset finds a workspace's competitor set
// (docs/competitors.md): the workspace, with no members, where its
// competitors' accounts are tracked.
package competitorset

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// Max is how many accounts a competitor set holds.
const Max = 25

// Querier runs a query of one row.
type Querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Of answers the workspace holding ws's competitors; false when it has
// none yet.
func Of(ctx context.Context, q Querier, ws uuid.UUID) (uuid.UUID, bool, error) {
	var id uuid.UUID
	// the competitors' workspace is found by the workspace it serves
	err := q.QueryRow(ctx, `SELECT c.id FROM workspaces c WHERE c.competitors_of = $1`, ws).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, false, nil
	}
	if err != nil {
		return uuid.Nil, false, fmt.Errorf("find the competitors: %w", err)
	}
	return id, true, nil
}
