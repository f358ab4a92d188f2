package command

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// rankAccountVideos applies an account's tracking limit to the videos found
// through it: the newest (by publication, then by when they were found) up
// to the limit are tracked, the older ones are beyond_limit — kept with
// their history, not refreshed, not counted. Videos the workspace removed
// take no place, and videos tracked by their own link are left alone. A
// video back within the limit is active again, or pending when it was
// never scraped.
func rankAccountVideos(ctx context.Context, tx pgx.Tx, accountID uuid.UUID, limit int) error {
	_, err := tx.Exec(ctx, `
		WITH ranked AS (
			SELECT id, status, last_scraped_at,
			       row_number() OVER (ORDER BY published_at DESC NULLS LAST, created_at DESC, id) AS place
			FROM videos
			WHERE account_id = $1 AND NOT tracked_individually AND status <> $3
		), wanted AS (
			SELECT id, CASE
				WHEN place > $2 THEN $4
				WHEN status <> $4 THEN status
				WHEN last_scraped_at IS NULL THEN $5
				ELSE $6 END AS status
			FROM ranked
		)
		UPDATE videos v SET status = w.status, status_reason = '', updated_at = now()
		FROM wanted w
		WHERE v.id = w.id AND v.status <> w.status`, accountID, limit,
		domain.ItemRemoved, domain.ItemBeyondLimit, domain.ItemPending, domain.ItemActive)
	if err != nil {
		return fmt.Errorf("apply the account's tracking limit to its videos: %w", err)
	}
	return nil
}

// rankAccountsOf applies the tracking limits of the accounts of the videos
// (rankAccountVideos), in account id order.
func rankAccountsOf(ctx context.Context, tx pgx.Tx, ws uuid.UUID, videos []uuid.UUID) error {
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
		if err := rankAccountVideos(ctx, tx, l.id, l.limit); err != nil {
			return err
		}
	}
	return nil
}
