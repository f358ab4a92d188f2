package query

import (
	"context"
	"fmt"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Collection is one row of the collections list.
type Collection struct {
	ID        uuid.UUID `json:"id"`
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"createdAt"`
	// Videos counts the collection's videos, those of its accounts
	// included; Accounts its accounts. Removed accounts and their videos are
	// not counted.
	Videos   int `json:"videos"`
	Accounts int `json:"accounts"`
	// Views sums the latest views of the counted videos.
	Views uint64 `json:"views"`
}

// CollectionsHandler answers the collections list.
type CollectionsHandler struct {
	DB  *pgxpool.Pool
	CH  driver.Conn
	Now func() time.Time
}

// Handle lists the workspace's collections, oldest first.
func (h CollectionsHandler) Handle(ctx context.Context, ws uuid.UUID) ([]Collection, error) {
	views := map[uuid.UUID]uint64{}
	chErr := make(chan error, 1)
	go func() {
		chErr <- metrics{h.CH}.entities(ctx, ws, "video", Views, nil, func(id uuid.UUID, e entityMetrics) error {
			if e.Latest.Views != nil {
				views[id] = *e.Latest.Views
			}
			return nil
		})
	}()
	rows, err := h.DB.Query(ctx, `
WITH members AS (
    SELECT coalesce(v.collection_id, a.collection_id) AS collection_id, array_agg(v.id) AS videos
    FROM videos v LEFT JOIN accounts a ON a.id = v.account_id
    WHERE v.workspace_id = $1 AND coalesce(v.collection_id, a.collection_id) IS NOT NULL
      AND (v.tracked_individually OR a.status IS DISTINCT FROM 'removed')
    GROUP BY 1
), accounts AS (
    SELECT collection_id, count(*) AS n FROM accounts
    WHERE workspace_id = $1 AND collection_id IS NOT NULL AND status <> 'removed'
    GROUP BY 1
)
SELECT c.id, c.name, c.created_at, coalesce(acc.n, 0), coalesce(m.videos, '{}')
FROM collections c
LEFT JOIN members m ON m.collection_id = c.id
LEFT JOIN accounts acc ON acc.collection_id = c.id
WHERE c.workspace_id = $1
ORDER BY c.created_at, c.id`, ws)
	if err != nil {
		<-chErr
		return nil, fmt.Errorf("read collections: %w", err)
	}
	type row struct {
		Collection
		videos []uuid.UUID
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
		var x row
		err := r.Scan(&x.ID, &x.Name, &x.CreatedAt, &x.Accounts, &x.videos)
		return x, err
	})
	if cerr := <-chErr; err == nil {
		err = cerr
	}
	if err != nil {
		return nil, fmt.Errorf("read collections: %w", err)
	}
	out := make([]Collection, len(list))
	for i, x := range list {
		c := x.Collection
		c.CreatedAt = c.CreatedAt.UTC()
		c.Videos = len(x.videos)
		for _, id := range x.videos {
			c.Views += views[id]
		}
		out[i] = c
	}
	return out, nil
}
