package numbers

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
)

// AsOf returns one page of the filter's videos as of asOf's hour (frozen links).
func (h VideosHandler) AsOf(ctx context.Context, ws uuid.UUID, q VideoQuery, asOf time.Time) (VideoPage, error) {
	asOf = chread.Hourly.Floor(minTime(asOf.UTC(), h.Now().UTC()))
	scope, _, err := selectVideoScope(ctx, h.DB, ws, q.Filter, asOf)
	if err != nil {
		return VideoPage{}, err
	}
	page := VideoPage{Videos: []Video{}, Limit: q.Limit, Offset: q.Offset}
	if len(scope) == 0 {
		return page, nil
	}
	byID := map[uuid.UUID]chread.EntityMetrics{}
	eq := chread.EntitiesQuery{Workspace: ws, Kind: platform.Video, Metric: gainedCounts[0], More: gainedCounts[1:], Cutoffs: []time.Time{asOf}, Only: scope}
	err = chread.Reader{CH: h.CH}.Entities(ctx, eq, func(id uuid.UUID, e chread.EntityMetrics) error {
		byID[id] = e
		return nil
	})
	if err != nil {
		return VideoPage{}, err
	}
	var all []Video
	for _, id := range scope {
		e, ok := byID[id]
		if !ok || !e.FirstAt.Before(asOf) {
			continue
		}
		v := Video{ID: id, Metrics: valuesBefore(e, 0)}
		v.EngagementRate = videoEngagement(v.Metrics)
		all = append(all, v)
	}
	// gains and times are not read as of a time: those sorts order by views
	by := q.Sort
	if !by.counts() && by != SortEngagement {
		by = SortViews
	}
	sortVideos(all, by)
	page.Total = len(all)
	page.Videos = append(page.Videos, all[min(q.Offset, len(all)):min(len(all), q.Offset+q.Limit)]...)
	return page, h.describeAsOf(ctx, ws, page.Videos)
}

func (h VideosHandler) describeAsOf(ctx context.Context, ws uuid.UUID, vs []Video) error {
	if len(vs) == 0 {
		return nil
	}
	at := map[uuid.UUID]int{}
	ids := make([]uuid.UUID, len(vs))
	for i, v := range vs {
		ids[i], at[v.ID] = v.ID, i
	}
	rows, _ := h.DB.Query(ctx, `
SELECT id, platform, platform_video_id, url, caption, thumbnail_url, account_handle, published_at, status
FROM videos WHERE workspace_id = $1 AND id = ANY($2)`, ws, ids)
	defer rows.Close()
	for rows.Next() {
		var v Video
		var status domain.Item
		if err := rows.Scan(&v.ID, &v.Platform, &v.PlatformVideoID, &v.URL, &v.Caption, &v.ThumbnailURL, &v.AccountHandle, &v.PublishedAt, &status); err != nil {
			return fmt.Errorf("read frozen videos: %w", err)
		}
		d := &vs[at[v.ID]]
		d.Platform, d.PlatformVideoID, d.URL, d.Caption, d.ThumbnailURL, d.AccountHandle = v.Platform, v.PlatformVideoID, v.URL, v.Caption, v.ThumbnailURL, v.AccountHandle
		d.PublishedAt, d.Status = query.InUTC(v.PublishedAt), status
	}
	return rows.Err()
}
