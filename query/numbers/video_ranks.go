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
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
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

// rankedPage reads a page sorted by a count or a window's gain, and the
// filter's total, from video_ranks: a page costs what it shows, not the
// workspace's size. kept is false (and nothing read) when the workspace's
// ranks are not synced or the window's start values not written. The
// page's counts and gains come from the ranks too when both windows' start
// values are written; ClickHouse then reads only its sparklines.
func (h VideosHandler) rankedPage(ctx context.Context, ws uuid.UUID, q VideoQuery, now time.Time) (page VideoPage, kept bool, err error) {
	order, w, _, ok := rankOrder(q.Sort, now)
	if !ok {
		return page, false, nil
	}
	w24, w7 := domain.RankWindows[0], domain.RankWindows[1]
	c24, c7 := w24.Start(now), w7.Start(now)
	synced, has24, has7, err := rankState(ctx, h.DB, ws, now)
	if err != nil {
		return page, false, err
	}
	if !synced || w != nil && !map[string]bool{w24.Name: has24, w7.Name: has7}[w.Name] {
		return page, false, nil
	}
	if err := checkCollection(ctx, h.DB, ws, q.Filter.CollectionID); err != nil {
		return page, false, err
	}
	page = VideoPage{Videos: []Video{}, Limit: q.Limit, Offset: q.Offset}
	if page.Total, err = videoTotal(ctx, h.DB, ws, q.Filter, now); err != nil {
		return page, false, err
	}
	all := page.Total
	if !q.Filter.none(now) {
		if all, err = videoTotal(ctx, h.DB, ws, VideoFilter{}, now); err != nil {
			return page, false, err
		}
	}
	ids, err := h.rankedIDs(ctx, ws, q, now, order, walkRanks(q, page.Total, all))
	if err != nil {
		return page, false, err
	}
	for _, id := range ids {
		page.Videos = append(page.Videos, Video{ID: id})
	}
	if has24 && has7 {
		err = h.completeRankedPage(ctx, ws, now, page.Videos, w24.Column(c24), w7.Column(c7))
	} else {
		err = h.completePage(ctx, ws, now, page.Videos)
	}
	return page, err == nil, err
}

// rankState reports whether ws's video ranks are synced, and whether the
// 24 h and 7 d windows' slots of their starts at now are written.
func rankState(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, now time.Time) (synced, has24, has7 bool, err error) {
	w24, w7 := domain.RankWindows[0], domain.RankWindows[1]
	c24, c7 := w24.Start(now), w7.Start(now)
	err = db.QueryRow(ctx, `
SELECT coalesce((SELECT synced FROM video_rank_state WHERE workspace_id = $1), false),
	EXISTS (SELECT 1 FROM video_rank_slots WHERE workspace_id = $1 AND slot = $2 AND cutoff = $3 AND valid),
	EXISTS (SELECT 1 FROM video_rank_slots WHERE workspace_id = $1 AND slot = $4 AND cutoff = $5 AND valid)`,
		ws, w24.Slot(c24), c24, w7.Slot(c7), c7).Scan(&synced, &has24, &has7)
	if err != nil {
		return false, false, false, fmt.Errorf("read video ranks state: %w", err)
	}
	return synced, has24, has7, nil
}

// walkRanks reports whether a page is cheaper read by walking the order's
// index and testing the filter on each row (about (offset+limit) × all ÷
// total rows) than by sorting the filter's matches (total rows). PostgreSQL
// cannot estimate how many a collection (through the account) selects.
func walkRanks(q VideoQuery, total, all int) bool {
	return total > 0 && int64(q.Offset+q.Limit)*int64(all) < int64(total)*int64(total)
}

// rankedIDs reads the page's ids in the order's index order. With walk,
// the filter is a subquery of each row (one that PostgreSQL cannot flatten
// into a join), so the index is walked until the page is full.
func (h VideosHandler) rankedIDs(ctx context.Context, ws uuid.UUID, q VideoQuery, now time.Time, order string, walk bool) ([]uuid.UUID, error) {
	cond, args := videoMatch(ws, q.Filter, now)
	accounts := ""
	if q.Filter.CollectionID != nil {
		accounts = `
LEFT JOIN accounts a ON a.id = v.account_id`
	}
	args = append(args, q.Limit, q.Offset)
	sql := fmt.Sprintf(`SELECT r.video_id
FROM video_ranks r
JOIN videos v ON v.id = r.video_id%s
WHERE r.workspace_id = $1 AND v.workspace_id = $1 AND %s
ORDER BY %s DESC NULLS LAST, r.video_id
LIMIT $%d OFFSET $%d`, accounts, cond, order, len(args)-1, len(args))
	if walk {
		sql = fmt.Sprintf(`SELECT r.video_id
FROM video_ranks r
WHERE r.workspace_id = $1 AND (
	SELECT true FROM videos v%s
	WHERE v.id = r.video_id AND v.workspace_id = $1 AND %s
	LIMIT 1) IS TRUE
ORDER BY %s DESC NULLS LAST, r.video_id
LIMIT $%d OFFSET $%d`, accounts, cond, order, len(args)-1, len(args))
	}
	var ids []uuid.UUID
	read := func(db querier) error {
		rows, _ := db.Query(ctx, sql, args...)
		var id uuid.UUID
		_, err := pgx.ForEachRow(rows, []any{&id}, func() error { ids = append(ids, id); return nil })
		if err != nil {
			return fmt.Errorf("read videos: %w", err)
		}
		return nil
	}
	if !walk {
		return ids, read(h.DB)
	}
	// the subquery's selectivity is a guess: no sort may replace the walk,
	// and no JIT compile (a plan costed over every row) may precede it
	err := walkIndex(ctx, h.DB, read)
	return ids, err
}

// completeRankedPage fills a page's videos with their numbers from
// video_ranks (counts, gains since the slots' starts, first views) and
// their sparklines from its kept days: ClickHouse reads only the days of
// videos whose days are unknown (schema 0047).
func (h VideosHandler) completeRankedPage(ctx context.Context, ws uuid.UUID, now time.Time, vs []Video, from24, from7 string) error {
	days := chread.NewDaysToFill(now, len(vs))
	return h.fillPage(ctx, ws, now, vs, func(ctx context.Context, ids []uuid.UUID) (map[uuid.UUID]chread.EntityMetrics, error) {
		return keptMetrics(ctx, h.DB, ws, ids, keptColumns{from24, from7}, days)
	}, days)
}

// keptColumns are the video_ranks columns of the 24 h and 7 d windows'
// start values at the time read.
type keptColumns struct{ from24, from7 string }

// keptWindows returns the columns of both windows' start values at now;
// false when the workspace's ranks are not synced or a window's start
// values are not written (ClickHouse then answers).
func keptWindows(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, now time.Time) (keptColumns, bool, error) {
	synced, has24, has7, err := rankState(ctx, db, ws, now)
	if err != nil || !synced || !has24 || !has7 {
		return keptColumns{}, false, err
	}
	w24, w7 := domain.RankWindows[0], domain.RankWindows[1]
	return keptColumns{w24.Column(w24.Start(now)), w7.Column(w7.Start(now))}, true, nil
}

// keptMetrics reads ids' numbers from video_ranks, as ClickHouse's
// videoListMetrics answers them: the latest counts, the gains since the
// windows' starts, the first views and the first scrape. days, when not
// nil, takes each video's kept days.
func keptMetrics(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, ids []uuid.UUID, cols keptColumns, days *chread.DaysToFill) (map[uuid.UUID]chread.EntityMetrics, error) {
	rows, _ := db.Query(ctx, `
SELECT video_id, views, likes, comments, shares, saves, views - `+cols.from24+`, views - `+cols.from7+`, first_views, first_at,
	last_at, days_to, day_views
FROM video_ranks WHERE workspace_id = $1 AND video_id = ANY($2)`, ws, ids)
	var (
		id                   uuid.UUID
		counts               [5]*int64
		gain24, gain7, first *int64
		firstAt, lastAt      *time.Time
		daysTo               *time.Time
		dayViews             []*int64
		out                  = make(map[uuid.UUID]chread.EntityMetrics, len(ids))
	)
	_, err := pgx.ForEachRow(rows, []any{&id, &counts[0], &counts[1], &counts[2], &counts[3], &counts[4], &gain24, &gain7, &first, &firstAt,
		&lastAt, &daysTo, &dayViews}, func() error {
		if days != nil {
			days.Add(id, daysTo, lastAt, dayViews)
		}
		dayViews = nil
		var e chread.EntityMetrics
		dst := []**uint64{&e.Latest.Views, &e.Latest.Likes, &e.Latest.Comments, &e.Latest.Shares, &e.Latest.Saves}
		for k, c := range counts {
			if c != nil {
				u := uint64(*c)
				*dst[k] = &u
			}
		}
		if first != nil {
			e.First = uint64(*first)
		}
		if firstAt != nil {
			e.FirstAt = firstAt.UTC()
		}
		if e.Latest.Views != nil {
			// copies: the scan's pointers are written again by the next row
			e.Gains = []*int64{copyOf(gain24), copyOf(gain7)}
		}
		out[id] = e
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read video ranks: %w", err)
	}
	return out, nil
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

func copyOf[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
