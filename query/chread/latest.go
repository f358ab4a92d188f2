package chread

import (
	"context"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/internal/platform"
)

const latestAtSQL = `
SELECT entity_id, maxMerge(last_at), groupBitOrMerge(recorded),
    argMaxMerge(views_last), argMaxMerge(likes_last), argMaxMerge(comments_last)` + scopedLatestSQL

// scopedLatestSQL merges entity_latest per entity of the external table scope.
const scopedLatestSQL = `
FROM entity_latest
PREWHERE entity_id IN (SELECT id FROM scope)
WHERE workspace_id = @ws AND entity_kind = @kind
GROUP BY entity_id`

// Latest is a video's latest scrape time and counts, and their `recorded` bits.
type Latest struct {
	At                     time.Time
	Recorded               uint8
	Views, Likes, Comments uint64
}

// Engagement is the latest views, likes and comments, unrecorded ones 0.
func (l Latest) Engagement() payout.Engagement {
	e := payout.Engagement{Views: int64(l.Views)}
	if l.Recorded&domain.Likes.Bit() != 0 {
		e.Likes = int64(l.Likes)
	}
	if l.Recorded&domain.Comments.Bit() != 0 {
		e.Comments = int64(l.Comments)
	}
	return e
}

// Latest reads the videos' latest counts, one row a video.
func (r Reader) Latest(ctx context.Context, ws uuid.UUID, ids []uuid.UUID) (map[uuid.UUID]Latest, error) {
	out := make(map[uuid.UUID]Latest, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := r.queryScoped(ctx, ids, latestAtSQL, clickhouse.Named("ws", ws), clickhouse.Named("kind", string(platform.Video)))
	var id uuid.UUID
	var l Latest
	err = forEachRow(rows, err, "read latest views", []any{&id, &l.At, &l.Recorded, &l.Views, &l.Likes, &l.Comments}, func() error {
		out[id] = l
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
