package numbers

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/fanout"
	"github.com/reeltrack/reeltrack/query"
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
	eg.Go(func() (err error) {
		total, err = videoTotal(ectx, h.DB, ws, q.Filter, now)
		return err
	})
	if err := eg.Wait(); err != nil {
		return nil, 0, false, err
	}
	return ids, total, true, nil
}

// videoTotal counts the videos a filter selects, kept in video_totals while
// the workspace's videos_version (schema 0036) says nothing it reads changed.
func videoTotal(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, f VideoFilter, now time.Time) (int, error) {
	key := f.Key()
	if w := query.WindowOf(f.Published, now); !w.Start.IsZero() {
		key += "&from=" + w.Start.Format(time.RFC3339)
	}
	var kept *int
	err := db.QueryRow(ctx, `
SELECT t.total FROM workspaces w
JOIN video_totals t ON t.workspace_id = w.id AND t.filter_key = $2 AND t.videos_version = w.videos_version
WHERE w.id = $1`, ws, key).Scan(&kept)
	if err == nil && kept != nil {
		return *kept, nil
	}
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return 0, fmt.Errorf("read videos total: %w", err)
	}
	// the version and the count in one statement: one snapshot
	cond, args := videoMatch(ws, f, now)
	var (
		version int64
		total   int
	)
	err = db.QueryRow(ctx, `SELECT (SELECT videos_version FROM workspaces WHERE id = $1), count(*)`+videoIDsFrom(f, false)+` AND `+cond, args...).Scan(&version, &total)
	if err != nil {
		return 0, fmt.Errorf("count videos: %w", err)
	}
	_, err = db.Exec(ctx, `
INSERT INTO video_totals (workspace_id, filter_key, videos_version, total) VALUES ($1, $2, $3, $4)
ON CONFLICT (workspace_id, filter_key) DO UPDATE SET videos_version = excluded.videos_version, total = excluded.total
WHERE video_totals.videos_version <= excluded.videos_version`, ws, key, version, total)
	if err != nil {
		return 0, fmt.Errorf("keep videos total: %w", err)
	}
	return total, nil
}
