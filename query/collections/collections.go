package collections

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
)

// Collection is one row of the collections list.
type Collection struct {
	ID        uuid.UUID `json:"id"`
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"createdAt"`
	// Videos counts the counted videos, its accounts' too.
	Videos   int `json:"videos"`
	Accounts int `json:"accounts"`
	// Views is nil when the numbers are unavailable.
	Views *uint64 `json:"views"`
	// BeyondLimit and NotOwn count the videos shown apart.
	BeyondLimit int `json:"beyondLimit"`
	NotOwn      int `json:"notOwn"`
	// Campaign: deleting the collection ends its campaign.
	Campaign bool `json:"campaign"`
}

// CollectionList is the answer of GET /collections.
type CollectionList struct {
	Collections []Collection `json:"collections"`
	// MetricsAvailable is false when ClickHouse could not be read: the views are nil.
	MetricsAvailable bool `json:"metricsAvailable"`
}

// Partial reports an answer without its figures, which is not cached.
func (l CollectionList) Partial() bool { return !l.MetricsAvailable }

// CollectionsHandler answers the collections list.
type CollectionsHandler query.Readers

// Handle lists the workspace's collections, oldest first, views nil without ClickHouse.
func (h CollectionsHandler) Handle(ctx context.Context, ws uuid.UUID) (CollectionList, error) {
	views := map[uuid.UUID]uint64{}
	chErr := make(chan error, 1)
	chctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		var err error
		defer func() { chErr <- err }()
		defer apperr.Recover(&err)
		err = chread.Reader{CH: h.CH}.Entities(chctx, chread.EntitiesQuery{Workspace: ws, Kind: platform.Video, Metric: domain.Views}, func(id uuid.UUID, e chread.EntityMetrics) error {
			if e.Latest.Views != nil {
				views[id] = *e.Latest.Views
			}
			return nil
		})
	}()
	rows, _ := h.DB.Query(ctx, `
WITH members AS (
    SELECT coalesce(v.collection_id, a.collection_id) AS collection_id,
        array_agg(v.id) FILTER (WHERE `+query.CountedVideoSQL+`) AS videos,
        -- the status written out, as in counted.go
        count(*) FILTER (WHERE v.status = 'beyond_limit' AND `+query.CountedKindSQL+`) AS beyond,
        count(*) FILTER (WHERE `+query.CountedStatusSQL+` AND NOT `+query.CountedKindSQL+`) AS not_own
    FROM videos v LEFT JOIN accounts a ON a.id = v.account_id
    WHERE v.workspace_id = $1 AND coalesce(v.collection_id, a.collection_id) IS NOT NULL
      AND (v.tracked_individually OR a.status IS DISTINCT FROM $2)
    GROUP BY 1
), accounts AS (
    SELECT collection_id, count(*) AS n FROM accounts
    WHERE workspace_id = $1 AND collection_id IS NOT NULL AND status <> $2
    GROUP BY 1
)
SELECT c.id, c.name, c.created_at, coalesce(acc.n, 0), coalesce(m.videos, '{}'), coalesce(m.beyond, 0), coalesce(m.not_own, 0),
    EXISTS (SELECT 1 FROM campaigns k WHERE k.workspace_id = c.workspace_id AND k.collection_id = c.id)
FROM collections c
LEFT JOIN members m ON m.collection_id = c.id
LEFT JOIN accounts acc ON acc.collection_id = c.id
WHERE c.workspace_id = $1 AND c.deleted_at IS NULL
ORDER BY c.created_at, c.id`, ws, domain.ItemRemoved)
	type row struct {
		Collection
		videos []uuid.UUID
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
		var x row
		err := r.Scan(&x.ID, &x.Name, &x.CreatedAt, &x.Accounts, &x.videos, &x.BeyondLimit, &x.NotOwn, &x.Campaign)
		return x, err
	})
	if err != nil {
		cancel()
		<-chErr
		return CollectionList{}, fmt.Errorf("read collections: %w", err)
	}
	cerr := <-chErr
	if cerr != nil && !(store.Unavailable(cerr) && ctx.Err() == nil) {
		return CollectionList{}, fmt.Errorf("read collections' views: %w", cerr)
	}
	out := CollectionList{Collections: make([]Collection, len(list)), MetricsAvailable: cerr == nil}
	for i, x := range list {
		c := x.Collection
		c.CreatedAt = c.CreatedAt.UTC()
		c.Videos = len(x.videos)
		if out.MetricsAvailable {
			var sum uint64
			for _, id := range x.videos {
				sum += views[id]
			}
			c.Views = &sum
		}
		out.Collections[i] = c
	}
	return out, nil
}

// One returns one collection of the workspace as the list shows it.
func (h CollectionsHandler) One(ctx context.Context, ws, id uuid.UUID) (Collection, error) {
	l, err := h.Handle(ctx, ws)
	return query.OneWhere(l.Collections, err, func(c Collection) bool { return c.ID == id }, "collection not found")
}
