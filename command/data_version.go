package command

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// Execer runs a statement: a pgx transaction, connection or pool.
type Execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// BumpDataVersion marks that what the workspace's dashboard shows has
// changed: answers cached under the previous version are no longer read.
// Call it in the transaction of the write, so the two commit together.
func BumpDataVersion(ctx context.Context, db Execer, workspaceID uuid.UUID) error {
	if _, err := db.Exec(ctx, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, workspaceID); err != nil {
		return fmt.Errorf("bump data version: %w", err)
	}
	return nil
}

// recordScrapeTime is BumpDataVersion for a scrape's result recorded at
// scrapedAt: it also moves the workspace's latest scrape time
// (scraped_until) forward and, when the scrape is older than that by more
// than domain.LateScrape, bumps its history version, so start values kept
// from before the scrape are no longer read. Its snapshots are in
// ClickHouse before this runs, so a start value read after the bump sees
// them.
func recordScrapeTime(ctx context.Context, db Execer, workspaceID uuid.UUID, scrapedAt time.Time) error {
	_, err := db.Exec(ctx, `
		UPDATE workspaces SET data_version = data_version + 1,
			history_version = history_version + CASE WHEN $2 < scraped_until - $3 * interval '1 second' THEN 1 ELSE 0 END,
			scraped_until = greatest(scraped_until, $2)
		WHERE id = $1`, workspaceID, scrapedAt, int64(domain.LateScrape/time.Second))
	if err != nil {
		return fmt.Errorf("record scrape time: %w", err)
	}
	return nil
}

// ForgetHistory bumps the data and history versions of every workspace:
// after the projections were refilled (projections.Rebuild, a ClickHouse
// migration), nothing read from them before is read again.
func ForgetHistory(ctx context.Context, db Execer) error {
	if _, err := db.Exec(ctx, `UPDATE workspaces SET data_version = data_version + 1, history_version = history_version + 1`); err != nil {
		return fmt.Errorf("bump history versions: %w", err)
	}
	return nil
}
