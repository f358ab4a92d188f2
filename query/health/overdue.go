package health

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// OverdueItem is the workspace's item that has waited longest for a
// scrape it was due.
type OverdueItem struct {
	Kind     platform.Kind     `json:"kind"`
	ID       uuid.UUID         `json:"id"`
	Platform platform.Platform `json:"platform"`
	// Handle is the account's handle, or the video's account's.
	Handle string `json:"handle"`
	URL    string `json:"url"`
	// DueAt is when it fell due; LateSeconds how long ago that is.
	DueAt       time.Time `json:"dueAt"`
	LateSeconds int64     `json:"lateSeconds"`
}

// An item is due, for the health page:
//
//   - never scraped: since it was tracked;
//   - planned by the refresh since its last scrape: at the stored plan
//     (next_refresh_at, the budget's later time included);
//   - else at refresh_due_floor of its last scrape (schema 0040: the next
//     first-day scrape, or the last scrape plus the interval of its last
//     plan, or an hour), which is where an item stays while the refresh
//     does not run.
//
// Queueing an item does not make it less late: it scrapes nothing. An item
// whose last scrape failed (error: a post gone or private; its own page
// says so) is left out, and so are the items the refresh does not keep up
// to date: paused ones, videos scraped with their account, those beyond
// the workspace's video limit and those of a workspace without access.
//
// Each of these times is at least the item's refresh_due_floor with its
// queueing time, which the indexes of schema 0040 order the items by; so
// the items are read in that order, a page at a time, from the oldest, and
// the read stops at the first whose floor is past the earliest due time
// found (or past the cutoff): a page or two, unless collection has stopped for
// many items, whose floors are then close to their due times.

// overduePageSQL reads a page of the workspace's ($2) refreshed items whose
// floor lies between ($3, $4) and the cutoff ($5, in microseconds), in the
// order of their floor, with their due time ($1 now).
const overduePageSQL = `
WITH a AS (
	SELECT refresh_due_floor(created_at, last_scraped_at, refresh_queued_at, refresh_interval_secs, refresh_reason) AS floor, id,
		'account' AS kind, platform, handle, url, status, created_at, last_scraped_at, next_refresh_at, refresh_interval_secs, refresh_reason
	FROM accounts
	-- the statuses written out: the predicate of accounts_due_floor_idx
	WHERE workspace_id = $2 AND status IN ('pending', 'active', 'error')
	  AND (refresh_due_floor(created_at, last_scraped_at, refresh_queued_at, refresh_interval_secs, refresh_reason), id) > ($3, $4)
	  AND refresh_due_floor(created_at, last_scraped_at, refresh_queued_at, refresh_interval_secs, refresh_reason) < $5
	ORDER BY 1, 2 LIMIT $6
), v AS (
	SELECT refresh_due_floor(created_at, last_scraped_at, refresh_queued_at, refresh_interval_secs, refresh_reason) AS floor, id,
		'video' AS kind, platform, account_handle, url, status, created_at, last_scraped_at, next_refresh_at, refresh_interval_secs, refresh_reason
	FROM videos
	-- the statuses written out: the predicate of videos_due_floor_idx
	WHERE workspace_id = $2 AND status IN ('pending', 'active', 'error') AND (tracked_individually OR kept_until IS NOT NULL)
	  AND (tracked_individually OR kept_until > $1)
	  AND (refresh_due_floor(created_at, last_scraped_at, refresh_queued_at, refresh_interval_secs, refresh_reason), id) > ($3, $4)
	  AND refresh_due_floor(created_at, last_scraped_at, refresh_queued_at, refresh_interval_secs, refresh_reason) < $5
	ORDER BY 1, 2 LIMIT $6
)
SELECT x.floor, x.id, x.kind, x.platform, x.handle, x.url, x.status, CASE
		WHEN x.last_scraped_at IS NULL THEN x.created_at
		WHEN x.next_refresh_at > x.last_scraped_at THEN x.next_refresh_at
		ELSE to_timestamp(refresh_due_floor(x.created_at, x.last_scraped_at, NULL, x.refresh_interval_secs, x.refresh_reason) / 1000000.0)
	END
FROM (SELECT * FROM a UNION ALL SELECT * FROM v) x ORDER BY x.floor, x.id LIMIT $6`

// overduePage is how many items a page of the walk reads.
const overduePage = 64

// accessSQL reads whether the workspace ($2) has access at $1, and its video limit.
const accessSQL = `SELECT ` + plan.AccessSQL + `, w.video_limit FROM workspaces w WHERE w.id = $2`

// pastLimitSQL lists the items the refresh leaves out when the workspace
// ($1, with the workspaces billed together with it) is over its video limit
// ($2): what counts against the limit
// (plan.UsageItemsSQL; $3 removed), placed oldest first as the refresh's
// planItemsSQL places them, past the limit.
const pastLimitSQL = `
SELECT placed.id FROM (
	SELECT u.id, sum(u.cost) OVER (ORDER BY u.created_at, u.id) AS used FROM (
		SELECT a.id, a.created_at, a.tracking_limit AS cost FROM accounts a WHERE a.workspace_id IN ` + plan.BilledTogetherSQL + ` AND a.status <> $3
		UNION ALL
		SELECT v.id, v.created_at, 1 FROM videos v WHERE v.workspace_id IN ` + plan.BilledTogetherSQL + ` AND v.tracked_individually AND v.status <> $3
	) u
) placed WHERE placed.used > $2`

// overLimitSQL tells whether the workspace ($1, with the workspaces billed
// together with it) uses more than its video
// limit ($2), as plan.VideoUsageSQL counts ($3 removed).
const overLimitSQL = `
SELECT (SELECT count(*) FROM videos WHERE workspace_id IN ` + plan.BilledTogetherSQL + ` AND tracked_individually AND status <> $3)
	+ (SELECT coalesce(sum(tracking_limit), 0) FROM accounts WHERE workspace_id IN ` + plan.BilledTogetherSQL + ` AND status <> $3) > $2`

// oldestOverdue answers the item due longest before now, nil when none
// was due before the cutoff (now, or earlier for a banner that asks only
// whether an item is late by StoppedAfter).
func oldestOverdue(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, now, cutoff time.Time) (*OverdueItem, error) {
	var (
		access bool
		limit  int
	)
	err := db.QueryRow(ctx, accessSQL, now, ws).Scan(&access, &limit)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && !access) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the workspace's access: %w", err)
	}
	var (
		best      *OverdueItem
		pastLimit map[uuid.UUID]bool // read once an item is overdue
		floor     int64              = math.MinInt64
		after     uuid.UUID
	)
	leftOut := func(id uuid.UUID) (bool, error) {
		if pastLimit == nil {
			pastLimit = map[uuid.UUID]bool{}
			var over bool
			if err := db.QueryRow(ctx, overLimitSQL, ws, limit, domain.ItemRemoved).Scan(&over); err != nil {
				return false, fmt.Errorf("read the workspace's usage: %w", err)
			}
			if over {
				rows, _ := db.Query(ctx, pastLimitSQL, ws, limit, domain.ItemRemoved)
				ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
				if err != nil {
					return false, fmt.Errorf("read the items beyond the video limit: %w", err)
				}
				for _, id := range ids {
					pastLimit[id] = true
				}
			}
		}
		return pastLimit[id], nil
	}
	for {
		rows, _ := db.Query(ctx, overduePageSQL, now, ws, floor, after, cutoff.UnixMicro(), overduePage)
		var (
			it     OverdueItem
			status domain.Item
			n      int
			done   bool
		)
		_, err := pgx.ForEachRow(rows, []any{&floor, &after, &it.Kind, &it.Platform, &it.Handle, &it.URL, &status, &it.DueAt}, func() error {
			n++
			if done || (best != nil && floor >= best.DueAt.UnixMicro()) {
				done = true // this item and every later one fell due after the best
				return nil
			}
			if status == domain.ItemError || !it.DueAt.Before(cutoff) || (best != nil && !it.DueAt.Before(best.DueAt)) {
				return nil
			}
			out, err := leftOut(after)
			if err != nil || out {
				return err
			}
			found := it
			found.ID = after
			best = &found
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("read the oldest overdue item: %w", err)
		}
		if done || n < overduePage {
			break
		}
	}
	if best != nil {
		best.DueAt = best.DueAt.UTC()
		best.LateSeconds = int64(now.Sub(best.DueAt) / time.Second)
	}
	return best, nil
}
