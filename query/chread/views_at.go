package chread

import (
	"context"
	"fmt"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/platform"
)

// SnapshotViews are a raw snapshot's views, likes and comments; unrecorded
// likes and comments are 0.
type SnapshotViews struct {
	At                     time.Time
	Views, Likes, Comments uint64
}

// viewsUpToSQL reads the scope's raw snapshots with views up to a time (a
// snapshot without views says nothing of them then).
const viewsUpToSQL = `
SELECT entity_id, scraped_at, views, ifNull(likes, 0), ifNull(comments, 0)
FROM metric_snapshots
PREWHERE entity_id IN (SELECT id FROM scope)
WHERE workspace_id = @ws AND entity_kind = @kind AND scraped_at <= @upTo AND views IS NOT NULL`

// ViewsUpTo calls each with every raw snapshot with views of the videos ids
// taken up to upTo, in no order; a snapshot written again and not merged
// yet comes once per version.
func (r Reader) ViewsUpTo(ctx context.Context, ws uuid.UUID, ids []uuid.UUID, upTo time.Time, each func(uuid.UUID, SnapshotViews) error) error {
	rows, err := r.queryScoped(ctx, ids, viewsUpToSQL, clickhouse.Named("ws", ws), clickhouse.Named("kind", string(platform.Video)), clickhouse.Named("upTo", upTo.UTC()))
	if err != nil {
		return fmt.Errorf("read views at window end: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id uuid.UUID
		var s SnapshotViews
		var views *uint64
		if err := rows.Scan(&id, &s.At, &views, &s.Likes, &s.Comments); err != nil {
			return fmt.Errorf("read views at window end: %w", err)
		}
		s.Views = *views
		if err := each(id, s); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read views at window end: %w", err)
	}
	return nil
}
