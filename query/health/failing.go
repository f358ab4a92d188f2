package health

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// FailingLookback bounds the jobs read for failing platforms by their
// creation: a job's retries follow within minutes of it (and a job kept
// waiting longer by a provider's pause shows as that pause).
const FailingLookback = 6 * time.Hour

// failingSQL reads the platforms whose collection fails for the workspace
// ($1): a job of it created since $2 has failed twice or more (each claim
// counts an attempt; a running one's current attempt is not a failure yet)
// and was last changed since $3, while no job of the platform recorded a
// scrape since $3; with the latest such change. A job whose input the
// provider refused is given up at its first failure and does not count:
// that is the item's, not collection's. $4 is running, $5 processed.
const failingSQL = `
SELECT f.platform, max(f.updated_at)
FROM scrape_jobs f
WHERE f.workspace_id = $1 AND f.created_at > $2 AND f.updated_at > $3
  AND f.attempts - CASE WHEN f.status = $4 THEN 1 ELSE 0 END >= 2
  AND f.status <> $5
  AND NOT EXISTS (
	-- the status written out: the predicate of scrape_jobs_processed_idx
	SELECT 1 FROM scrape_jobs s
	WHERE s.workspace_id = $1 AND s.platform = f.platform AND s.status = 'processed' AND s.scraped_at > $3)
GROUP BY f.platform`

// failing answers the platforms whose scrape runs have failed again and
// again within StoppedAfter with none of theirs recorded since, in
// platform.All's order, and the latest of those failures (nil: none).
func failing(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, now time.Time) ([]platform.Platform, *time.Time, error) {
	rows, _ := db.Query(ctx, failingSQL, ws, now.Add(-FailingLookback), now.Add(-StoppedAfter), domain.JobRunning, domain.JobProcessed)
	found := map[platform.Platform]bool{}
	var (
		p      platform.Platform
		at     time.Time
		latest *time.Time
	)
	_, err := pgx.ForEachRow(rows, []any{&p, &at}, func() error {
		found[p] = true
		if latest == nil || at.After(*latest) {
			t := at.UTC()
			latest = &t
		}
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("read the failing platforms: %w", err)
	}
	out := []platform.Platform{}
	for _, p := range platform.All {
		if found[p] {
			out = append(out, p)
		}
	}
	return out, latest, nil
}
