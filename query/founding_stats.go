package query

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

// FoundingStats counts the founding yearly spots.
type FoundingStats struct {
	Total     int `json:"total"`
	Claimed   int `json:"claimed"`
	Remaining int `json:"remaining"`
}

// FoundingStatsHandler counts workspaces holding a founding subscription.
type FoundingStatsHandler struct {
	DB    *pgxpool.Pool
	Total int
}

// Handle returns total, claimed and remaining spots (never below zero).
func (h FoundingStatsHandler) Handle(ctx context.Context) (FoundingStats, error) {
	s := FoundingStats{Total: h.Total}
	if err := h.DB.QueryRow(ctx, `SELECT count(*) FROM workspaces WHERE founding`).Scan(&s.Claimed); err != nil {
		return FoundingStats{}, fmt.Errorf("count founding workspaces: %w", err)
	}
	s.Remaining = max(s.Total-s.Claimed, 0)
	return s, nil
}
