// Package dataversion bumps, in the write's transaction, the versions that make kept
// copies stale: a workspace's data and history versions, a campaign's ledger version.
package dataversion

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// Execer runs a statement: a pgx transaction, connection or pool.
type Execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// BumpDataVersion makes the workspace's cached answers stale.
func BumpDataVersion(ctx context.Context, db Execer, workspaceID uuid.UUID) error {
	if _, err := db.Exec(ctx, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, workspaceID); err != nil {
		return fmt.Errorf("bump data version: %w", err)
	}
	return nil
}

// RecordScrapeTime is BumpDataVersion for a scrape at scrapedAt, whose
// snapshots are in ClickHouse already; a late scrape bumps the history version.
func RecordScrapeTime(ctx context.Context, db Execer, workspaceID uuid.UUID, scrapedAt time.Time) error {
	_, err := db.Exec(ctx, `
		UPDATE workspaces SET data_version = data_version + 1,
			history_version = history_version + CASE WHEN $2 < scraped_until - $3 * interval '1 second' THEN 1 ELSE 0 END,
			scraped_until = greatest(scraped_until, $2)
		WHERE id = $1`, workspaceID, scrapedAt, int64(domain.LateScrape/time.Second))
	if err != nil {
		return fmt.Errorf("record scrape time: %w", err)
	}
	// the videos list's start values of a window starting after the scrape changed
	if _, err := db.Exec(ctx, `DELETE FROM video_rank_slots WHERE workspace_id = $1 AND cutoff > $2`, workspaceID, scrapedAt); err != nil {
		return fmt.Errorf("record scrape time: %w", err)
	}
	return nil
}

// ForgetHistory bumps every workspace's versions after the projections were refilled.
func ForgetHistory(ctx context.Context, db Execer) error {
	if _, err := db.Exec(ctx, `UPDATE workspaces SET data_version = data_version + 1, history_version = history_version + 1`); err != nil {
		return fmt.Errorf("bump history versions: %w", err)
	}
	// the videos list's counts and start values, the overview's and the accounts' sums and the videos' kept days, are read again
	if _, err := db.Exec(ctx, `DELETE FROM video_rank_slots; DELETE FROM video_rank_state; DELETE FROM overview_slots;
DELETE FROM account_sums; DELETE FROM account_sums_changed;
UPDATE video_ranks SET days_to = NULL, day_views = NULL, days_read_at = now() WHERE days_to IS NOT NULL`); err != nil {
		return fmt.Errorf("forget video ranks: %w", err)
	}
	return nil
}

// BumpLedgerVersion makes kept copies of the campaign's locked lines stale.
func BumpLedgerVersion(ctx context.Context, tx pgx.Tx, ws, id uuid.UUID) error {
	if _, err := tx.Exec(ctx, `UPDATE campaigns SET ledger_version = ledger_version + 1 WHERE collection_id = $1 AND workspace_id = $2`, id, ws); err != nil {
		return fmt.Errorf("bump ledger version: %w", err)
	}
	return nil
}
