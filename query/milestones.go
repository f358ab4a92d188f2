package query

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/query/chread"
)

// MilestoneScanner reads the latest views of the alerts cron's milestone scan.
type MilestoneScanner struct {
	DB *pgxpool.Pool
	CH chread.Conn
}

// Views lists the workspace's counted videos with views, and their accounts' sums.
func (h MilestoneScanner) Views(ctx context.Context, ws uuid.UUID) ([]domain.ItemViews, error) {
	rows, err := h.DB.Query(ctx, `SELECT id, account_id FROM videos v WHERE workspace_id = $1 AND status <> ALL($2) AND `+CountedKindSQL, ws, domain.HeldItems)
	if err != nil {
		return nil, fmt.Errorf("read counted videos: %w", err)
	}
	var ids []uuid.UUID
	account := map[uuid.UUID]uuid.UUID{}
	for rows.Next() {
		var id uuid.UUID
		var acc *uuid.UUID
		if err := rows.Scan(&id, &acc); err != nil {
			rows.Close()
			return nil, fmt.Errorf("read counted videos: %w", err)
		}
		ids = append(ids, id)
		if acc != nil {
			account[id] = *acc
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read counted videos: %w", err)
	}
	latest, err := chread.Reader{CH: h.CH}.Latest(ctx, ws, ids)
	if err != nil {
		return nil, err
	}
	out := make([]domain.ItemViews, 0, len(latest))
	sums := map[uuid.UUID]int64{}
	var accounts []uuid.UUID
	for _, id := range ids {
		l, ok := latest[id]
		if !ok || l.Recorded&domain.Views.Bit() == 0 {
			continue
		}
		out = append(out, domain.ItemViews{Kind: "video", ID: id, Views: int64(l.Views)})
		if acc, ok := account[id]; ok {
			if _, seen := sums[acc]; !seen {
				accounts = append(accounts, acc)
			}
			sums[acc] += int64(l.Views)
		}
	}
	for _, acc := range accounts {
		out = append(out, domain.ItemViews{Kind: "account", ID: acc, Views: sums[acc]})
	}
	return out, nil
}
