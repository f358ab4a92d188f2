package numbers

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/fanout"
)

// rankOrder is the video_ranks order of a sort by a count or a window's
// gain (an expression of an index of schema 0035), and the window slot it
// needs ("" for a count); false for the other sorts.
func rankOrder(by VideoSort, now time.Time) (order string, w *domain.RankWindow, cutoff time.Time, ok bool) {
	switch by {
	case SortViews, "":
		return "r.views", nil, time.Time{}, true
	case SortLikes, SortComments, SortShares, SortSaves:
		return "r." + string(by), nil, time.Time{}, true
	case SortGained24h, SortGained7d:
		rw := domain.RankWindows[0]
		if by == SortGained7d {
			rw = domain.RankWindows[1]
		}
		cutoff := rw.Start(now)
		return "(r.views - r." + rw.Column(cutoff) + ")", &rw, cutoff, true
	}
	return "", nil, time.Time{}, false
}

// rankedPage reads the ids of a page sorted by a count or a window's gain,
// and the filter's total, from video_ranks' indexes: a page costs what it
// shows, not the workspace's size. kept is false (and nothing read) when the
// workspace's ranks are not synced or the window's start values not written.
func (h VideosHandler) rankedPage(ctx context.Context, ws uuid.UUID, q VideoQuery, now time.Time) (ids []uuid.UUID, total int, kept bool, err error) {
	order, w, cutoff, ok := rankOrder(q.Sort, now)
	if !ok {
		return nil, 0, false, nil
	}
	slot := ""
	if w != nil {
		slot = w.Slot(cutoff)
	}
	err = h.DB.QueryRow(ctx, `
SELECT coalesce((SELECT synced FROM video_rank_state WHERE workspace_id = $1), false)
	AND ($2 = '' OR EXISTS (SELECT 1 FROM video_rank_slots WHERE workspace_id = $1 AND slot = $2 AND cutoff = $3 AND valid))`,
		ws, slot, cutoff).Scan(&kept)
	if err != nil {
		return nil, 0, false, fmt.Errorf("read video ranks state: %w", err)
	}
	if !kept {
		return nil, 0, false, nil
	}
	if err := checkCollection(ctx, h.DB, ws, q.Filter.CollectionID); err != nil {
		return nil, 0, false, err
	}
	cond, args := videoMatch(ws, q.Filter, now)
	from := `
FROM video_ranks r
JOIN videos v ON v.id = r.video_id`
	if q.Filter.CollectionID != nil {
		from += `
LEFT JOIN accounts a ON a.id = v.account_id`
	}
	eg, ectx := fanout.WithContext(ctx)
	eg.Go(func() error {
		pageArgs := append(args[:len(args):len(args)], q.Limit, q.Offset)
		rows, _ := h.DB.Query(ectx, fmt.Sprintf(`SELECT r.video_id%s
WHERE r.workspace_id = $1 AND v.workspace_id = $1 AND %s
ORDER BY %s DESC NULLS LAST, r.video_id
LIMIT $%d OFFSET $%d`, from, cond, order, len(args)+1, len(args)+2), pageArgs...)
		defer rows.Close()
		for rows.Next() {
			var id uuid.UUID
			if err := rows.Scan(&id); err != nil {
				return fmt.Errorf("read videos: %w", err)
			}
			ids = append(ids, id)
		}
		if err := rows.Err(); err != nil {
			return fmt.Errorf("read videos: %w", err)
		}
		return nil
	})
	eg.Go(func() error {
		if err := h.DB.QueryRow(ectx, `SELECT count(*)`+videoIDsFrom(q.Filter, false)+` AND `+cond, args...).Scan(&total); err != nil {
			return fmt.Errorf("count videos: %w", err)
		}
		return nil
	})
	if err := eg.Wait(); err != nil {
		return nil, 0, false, err
	}
	return ids, total, true, nil
}
