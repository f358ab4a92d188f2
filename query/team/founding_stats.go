package team

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/singleflight"
)

// FoundingStats counts the founding yearly spots.
type FoundingStats struct {
	Total   int `json:"total"`
	Claimed int `json:"claimed"`
	// Held counts the spots of founding checkouts not paid yet.
	Held      int `json:"held"`
	Remaining int `json:"remaining"`
}

// FoundingStatsKept is how long the public answer is reused.
const FoundingStatsKept = 5 * time.Second

// FoundingStatsHandler counts the founding spots; concurrent reads share a query.
type FoundingStatsHandler struct {
	DB    *pgxpool.Pool
	Total int
	Keep  time.Duration
	kept  *keptStats
}

type keptStats struct {
	mu    sync.Mutex
	at    time.Time
	stats FoundingStats
	group singleflight.Group
}

// NewFoundingStatsHandler builds the handler with its kept answer.
func NewFoundingStatsHandler(db *pgxpool.Pool, total int, keep time.Duration) FoundingStatsHandler {
	return FoundingStatsHandler{DB: db, Total: total, Keep: keep, kept: &keptStats{}}
}

// Handle returns the spots as counted at most Keep ago.
func (h FoundingStatsHandler) Handle(ctx context.Context) (FoundingStats, error) {
	if h.kept == nil || h.Keep <= 0 {
		return h.count(ctx)
	}
	k := h.kept
	k.mu.Lock()
	if !k.at.IsZero() && time.Since(k.at) < h.Keep {
		s := k.stats
		k.mu.Unlock()
		return s, nil
	}
	k.mu.Unlock()
	v, err, _ := k.group.Do("stats", func() (any, error) {
		// its own context: the first caller leaving cancels no one's answer
		qctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		s, err := h.count(qctx)
		if err == nil {
			k.mu.Lock()
			k.at, k.stats = time.Now(), s
			k.mu.Unlock()
		}
		return s, err
	})
	if err != nil {
		return FoundingStats{}, err
	}
	return v.(FoundingStats), nil
}

func (h FoundingStatsHandler) count(ctx context.Context) (FoundingStats, error) {
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
