package query

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

// FoundingStats counts the founding yearly spots.
type FoundingStats struct {
	Total   int `json:"total"`
	Claimed int `json:"claimed"`
	// Held counts the spots held by founding checkouts not paid yet.
	Held      int `json:"held"`
	Remaining int `json:"remaining"`
}

// FoundingStatsHandler counts workspaces holding a founding subscription,
// and those whose founding checkout holds a spot.
type FoundingStatsHandler struct {
	DB    *pgxpool.Pool
	Total int
}

// Handle returns total, claimed, held and remaining spots (never below
// zero).
func (h FoundingStatsHandler) Handle(ctx context.Context) (FoundingStats, error) {
	s := FoundingStats{Total: h.Total}
	err := h.DB.QueryRow(ctx, `
		SELECT count(*) FILTER (WHERE founding),
		       count(*) FILTER (WHERE NOT founding AND founding_hold_until > clock_timestamp())
		FROM workspaces WHERE founding OR founding_hold_until IS NOT NULL`).Scan(&s.Claimed, &s.Held)
	if err != nil {
		return FoundingStats{}, fmt.Errorf("count founding workspaces: %w", err)
	}
	s.Remaining = max(s.Total-s.Claimed-s.Held, 0)
	return s, nil
}
