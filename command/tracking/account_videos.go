package tracking

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// RankAccountVideos applies an account's tracking limit to the videos found
// through it (docs/decisions.md, "Whose post it is"): counted posts take the
// places, newest first; one past the limit stays while a campaign window of it
// is open (kept_until), so a payout is never read from numbers left behind;
// posts not the account's own take no place; the rest are beyond_limit.
// Removed videos and videos tracked by their own link are left alone.
func RankAccountVideos(ctx context.Context, tx pgx.Tx, workspaceID, accountID uuid.UUID, limit int, now time.Time) error {
	_, err := tx.Exec(ctx, `
		WITH found AS (
			SELECT v.id, v.status, v.last_scraped_at, v.kept_until, v.post_kind = ANY($7) AS counted,
			       COALESCE(v.published_at, v.listed_at, v.created_at) AS at, v.created_at,
			       campaign_window_end(COALESCE(v.collection_id, a.collection_id), v.platform,
			           COALESCE(v.published_at, v.listed_at, v.created_at), $8) AS open_until,
			       v.post_kind = ANY($7) AND campaign_line_pending(v.id, COALESCE(v.collection_id, a.collection_id), v.platform,
			           COALESCE(v.published_at, v.created_at), v.post_kind) AS pending
			FROM videos v JOIN accounts a ON a.workspace_id = v.workspace_id AND a.id = v.account_id
			WHERE v.workspace_id = $9 AND v.account_id = $1 AND NOT v.tracked_individually AND v.status <> $3
		), ranked AS (
			SELECT *, row_number() OVER (PARTITION BY counted ORDER BY at DESC, created_at DESC, id) AS place
			FROM found
		), cutoff AS MATERIALIZED (
			-- once: inlined, it would scan ranked again for every row
			SELECT at FROM ranked WHERE counted AND place = $2
		), wanted AS (
			SELECT r.id, r.status AS was, r.kept_until AS was_kept,
			CASE
				WHEN r.counted AND (r.place <= $2 OR r.open_until IS NOT NULL OR r.pending AND r.status <> $4)
				  OR NOT r.counted AND (c.at IS NULL OR r.at >= c.at) THEN
					CASE WHEN r.status <> $4 THEN r.status WHEN r.last_scraped_at IS NULL THEN $5 ELSE $6 END
				ELSE $4 END AS status,
			-- the open window's end, or, awaiting the lock, the end it had
			-- (now when it was not kept before): releaseKept looks again
			-- once the settle run has locked the line
			CASE WHEN r.counted AND r.place > $2 THEN
				COALESCE(r.open_until, CASE WHEN r.pending AND r.status <> $4 THEN COALESCE(r.kept_until, $8) END) END AS kept_until
			FROM ranked r LEFT JOIN cutoff c ON true
		)
		UPDATE videos v SET status = w.status, kept_until = w.kept_until,
			status_reason = CASE WHEN w.status <> w.was THEN '' ELSE v.status_reason END, updated_at = now()
		FROM wanted w
		WHERE v.workspace_id = $9 AND v.id = w.id AND (w.was <> w.status OR w.was_kept IS DISTINCT FROM w.kept_until)`, accountID, limit,
		domain.ItemRemoved, domain.ItemBeyondLimit, domain.ItemPending, domain.ItemActive, domain.CountedKinds, now, workspaceID)
	if err != nil {
		return fmt.Errorf("apply the account's tracking limit to its videos: %w", err)
	}
	return nil
}

func rankAccountsOf(ctx context.Context, tx pgx.Tx, ws uuid.UUID, videos []uuid.UUID, now time.Time) error {
	if len(videos) == 0 {
		return nil
	}
	rows, err := tx.Query(ctx, `
		SELECT a.id, a.tracking_limit FROM accounts a
		WHERE a.workspace_id = $1 AND a.id IN (SELECT account_id FROM videos WHERE workspace_id = $1 AND id = ANY($2))
		ORDER BY a.id`, ws, videos)
	if err != nil {
		return fmt.Errorf("read tracking limits: %w", err)
	}
	type limit struct {
		id    uuid.UUID
		limit int
	}
	limits, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (limit, error) {
		var l limit
		return l, r.Scan(&l.id, &l.limit)
	})
	if err != nil {
		return fmt.Errorf("read tracking limits: %w", err)
	}
	for _, l := range limits {
		if err := RankAccountVideos(ctx, tx, ws, l.id, l.limit, now); err != nil {
			return err
		}
	}
	return nil
}
