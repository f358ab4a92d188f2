package numbers

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// IDs returns the ids the videos list shows for a filter, for bulk actions.
func (h VideosHandler) IDs(ctx context.Context, ws uuid.UUID, f VideoFilter) ([]uuid.UUID, error) {
	if err := checkCollection(ctx, h.DB, ws, f.CollectionID); err != nil {
		return nil, err
	}
	cond, args := videoMatch(ws, f, h.Now().UTC())
	rows, _ := h.DB.Query(ctx, `SELECT v.id`+videoIDsFrom(f, false)+` AND `+cond+` ORDER BY v.id`, args...)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return nil, fmt.Errorf("select videos: %w", err)
	}
	return ids, nil
}

// IDs returns the ids of the accounts the accounts list shows for q.
func (h AccountsHandler) IDs(ctx context.Context, ws uuid.UUID, q AccountQuery) ([]uuid.UUID, error) {
	if err := checkCollection(ctx, h.DB, ws, q.CollectionID); err != nil {
		return nil, err
	}
	rows, _ := h.DB.Query(ctx, `SELECT a.id FROM accounts a`+accountsWhereSQL+` ORDER BY a.id`,
		ws, nil, false, platformNames(q.Platforms), q.CollectionID, domain.ItemRemoved)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return nil, fmt.Errorf("select accounts: %w", err)
	}
	return ids, nil
}
