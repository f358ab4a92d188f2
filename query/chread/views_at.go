package chread

import (
	"context"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/platform"
)

// SnapshotViews are a raw snapshot's views, likes and comments (unrecorded: 0).
type SnapshotViews struct {
	At                     time.Time
	Views, Likes, Comments uint64
}

const viewsUpToSQL = `
SELECT entity_id, scraped_at, views, ifNull(likes, 0), ifNull(comments, 0)
FROM metric_snapshots
PREWHERE entity_id IN (SELECT id FROM scope)
WHERE workspace_id = @ws AND entity_kind = @kind AND scraped_at <= @upTo AND views IS NOT NULL`

// ViewsUpTo calls each with every raw snapshot with views of ids up to upTo.
func (r Reader) ViewsUpTo(ctx context.Context, ws uuid.UUID, ids []uuid.UUID, upTo time.Time, each func(uuid.UUID, SnapshotViews) error) error {
	rows, err := r.queryScoped(ctx, ids, viewsUpToSQL, clickhouse.Named("ws", ws), clickhouse.Named("kind", string(platform.Video)), clickhouse.Named("upTo", upTo.UTC()))
	var id uuid.UUID
	var s SnapshotViews
	var views *uint64
	return forEachRow(rows, err, "read views at window end", []any{&id, &s.At, &views, &s.Likes, &s.Comments}, func() error {
		s.Views = *views
		return each(id, s)
	})
}
