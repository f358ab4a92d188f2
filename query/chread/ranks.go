package chread

import (
	"context"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// RankCounts are what the videos list's ranks keep of a video: its latest
// counts, first views and first and last scrape (nil: never recorded).
type RankCounts struct {
	ID                                    uuid.UUID
	Views, Likes, Comments, Shares, Saves *int64
	FirstViews                            *int64
	FirstAt, LastAt                       time.Time
}

// rankCountsSQL reads RankCounts per video of a workspace, of scope when given.
var rankCountsSQL = SQLTemplate("rank counts", `
SELECT entity_id, groupBitOrMerge(recorded), minMerge(first_at), maxMerge(last_at),
    argMaxMerge(views_last), argMaxMerge(likes_last), argMaxMerge(comments_last),
    argMaxMerge(shares_last), argMaxMerge(saves_last), argMinMerge(views_first)
FROM entity_latest
{{- if .}}
PREWHERE entity_id IN (SELECT id FROM scope)
{{- end}}
WHERE workspace_id = @ws AND entity_kind = @kind
GROUP BY entity_id`)

// RankCounts calls each per video of ws (of only, when not nil) with snapshots, in no order.
func (r Reader) RankCounts(ctx context.Context, ws uuid.UUID, only []uuid.UUID, each func(RankCounts) error) error {
	if only != nil && len(only) == 0 {
		return nil
	}
	rows, err := r.queryScoped(ctx, only, RenderSQL(rankCountsSQL, only != nil),
		clickhouse.Named("ws", ws), clickhouse.Named("kind", string(platform.Video)))
	var (
		c    RankCounts
		rec  uint8
		vals [6]uint64
	)
	counts := []domain.Metric{domain.Views, domain.Likes, domain.Comments, domain.Shares, domain.Saves, domain.Views}
	dest := []any{&c.ID, &rec, &c.FirstAt, &c.LastAt, &vals[0], &vals[1], &vals[2], &vals[3], &vals[4], &vals[5]}
	return forEachRow(rows, err, "read video rank counts", dest, func() error {
		out := RankCounts{ID: c.ID, FirstAt: c.FirstAt.UTC(), LastAt: c.LastAt.UTC()}
		ptrs := []**int64{&out.Views, &out.Likes, &out.Comments, &out.Shares, &out.Saves, &out.FirstViews}
		for i, m := range counts {
			if rec&m.Bit() != 0 {
				v := int64(vals[i])
				*ptrs[i] = &v
			}
		}
		return each(out)
	})
}

// StartViews calls each per video of ws with recorded views with the views
// its gain since cutoff counts from (EntitiesQuery's gain: the latest less it).
func (r Reader) StartViews(ctx context.Context, ws uuid.UUID, cutoff time.Time, each func(id uuid.UUID, from int64) error) error {
	q := EntitiesQuery{Workspace: ws, Kind: platform.Video, Metric: domain.Views, Read: []domain.Metric{domain.Views},
		Cutoffs: []time.Time{cutoff}, Serial: true}
	return r.entitiesRead(ctx, q, func(id uuid.UUID, e EntityMetrics) error {
		if e.Latest.Views == nil || e.Gains[0] == nil {
			return nil
		}
		return each(id, int64(*e.Latest.Views)-*e.Gains[0])
	}, nil)
}
