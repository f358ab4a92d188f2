package health

import (
	"context"
	"errors"
	"fmt"
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

// overdueSQL finds the workspace's ($2) item due longest before now ($1)
// among those the refresh keeps up to date ($3: the refreshed statuses but
// error), in a workspace with access, within its video limit (as the
// refresh's planItemsSQL places them: oldest first, by plan.UsageItemsSQL's
// costs).
//
// An item is due when it was tracked while it was never scraped; else at
// the refresh's stored plan (next_refresh_at) when it was planned since its
// last scrape; else at refresh_due_floor (schema 0040: the next first-day
// scrape, or an hour after the last). A queued item is still due since
// then: queueing it scrapes nothing. An item whose last scrape failed
// (error: a post gone or private) is left out, as its own page says so.
const overdueSQL = `
WITH w AS (
	SELECT w.id, w.video_limit FROM workspaces w WHERE w.id = $2 AND ` + plan.AccessSQL + `
), past_limit AS (
	-- the workspace's items of plan.UsageItemsSQL, what counts against the
	-- video limit ($4 removed), each branch naming the workspace
	SELECT placed.id FROM (
		SELECT u.id, sum(u.cost) OVER (ORDER BY u.created_at, u.id) AS used FROM (
			SELECT a.id, a.created_at, a.tracking_limit AS cost FROM accounts a WHERE a.workspace_id = $2 AND a.status <> $4
			UNION ALL
			SELECT v.id, v.created_at, 1 FROM videos v WHERE v.workspace_id = $2 AND v.tracked_individually AND v.status <> $4
		) u
	) placed JOIN w ON placed.used > w.video_limit
), items AS (
	SELECT 'account' AS kind, a.id, a.platform, a.handle, a.url, a.created_at, a.last_scraped_at, a.next_refresh_at
	FROM accounts a WHERE a.workspace_id = $2 AND a.status = ANY($3)
	UNION ALL
	SELECT 'video', v.id, v.platform, v.account_handle, v.url, v.created_at, v.last_scraped_at, v.next_refresh_at
	FROM videos v WHERE v.workspace_id = $2 AND (v.tracked_individually OR v.kept_until > $1) AND v.status = ANY($3)
), due AS (
	SELECT i.kind, i.id, i.platform, i.handle, i.url, CASE
		WHEN i.last_scraped_at IS NULL THEN i.created_at
		WHEN i.next_refresh_at > i.last_scraped_at THEN i.next_refresh_at
		ELSE to_timestamp(refresh_due_floor(i.created_at, i.last_scraped_at, NULL, NULL, NULL) / 1000000.0)
	END AS due_at
	FROM items i
	WHERE EXISTS (SELECT 1 FROM w) AND i.id NOT IN (SELECT id FROM past_limit)
)
SELECT kind, id, platform, handle, url, due_at FROM due WHERE due_at < $1 ORDER BY due_at, id LIMIT 1`

// overdueStatuses are the refreshed statuses but error.
var overdueStatuses = []domain.Item{domain.ItemPending, domain.ItemActive}

// oldestOverdue answers the item due longest before now, nil when none is due.
func oldestOverdue(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, now time.Time) (*OverdueItem, error) {
	var it OverdueItem
	err := db.QueryRow(ctx, overdueSQL, now, ws, overdueStatuses, domain.ItemRemoved).Scan(&it.Kind, &it.ID, &it.Platform, &it.Handle, &it.URL, &it.DueAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the oldest overdue item: %w", err)
	}
	it.DueAt = it.DueAt.UTC()
	it.LateSeconds = int64(now.Sub(it.DueAt) / time.Second)
	return &it, nil
}
