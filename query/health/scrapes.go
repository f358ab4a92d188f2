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

// PlatformScrapes is how a workspace's scrapes of one platform go.
type PlatformScrapes struct {
	Platform platform.Platform `json:"platform"`
	// LastSuccessAt is the time of its latest scrape whose results were recorded.
	LastSuccessAt *time.Time `json:"lastSuccessAt"`
	// Succeeded and Failed count its scrape jobs created within the window
	// that ended, with their results recorded or without data (a run that
	// failed, or whose input the provider refused).
	Succeeded int `json:"succeeded"`
	Failed    int `json:"failed"`
	// FailureRate is Failed over the jobs that ended; nil when none did.
	FailureRate *float64 `json:"failureRate"`
	// LastError is its latest job error within the window.
	LastError *JobError `json:"lastError"`
}

// JobError is a scrape job's error in words: the provider's answer (its
// token masked), why a run failed, or why starting it waits.
type JobError struct {
	At      time.Time `json:"at"`
	Message string    `json:"message"`
}

// ScrapeQueue is a workspace's scrape jobs not ended, however old.
type ScrapeQueue struct {
	// Waiting counts the jobs waiting to start, or to be started again
	// after a failed run; Running those whose run is under way.
	Waiting int `json:"waiting"`
	Running int `json:"running"`
	// OldestAt is when the oldest of them was created.
	OldestAt *time.Time `json:"oldestAt"`
}

// platformsSQL reads, per platform ($3), the workspace's ($1) last recorded
// scrape, and of its jobs created since $2 those that ended ($4 processed,
// $5 failed) and the latest error.
const platformsSQL = `
WITH j AS (
	SELECT platform, status, error, updated_at FROM scrape_jobs WHERE workspace_id = $1 AND created_at > $2
)
SELECT p.platform,
	-- the status written out: the predicate of scrape_jobs_processed_idx
	(SELECT max(s.scraped_at) FROM scrape_jobs s WHERE s.workspace_id = $1 AND s.platform = p.platform AND s.status = 'processed'),
	(SELECT count(*) FROM j WHERE j.platform = p.platform AND j.status = $4),
	(SELECT count(*) FROM j WHERE j.platform = p.platform AND j.status = $5),
	e.updated_at, e.error
FROM unnest($3::text[]) WITH ORDINALITY AS p (platform, n)
LEFT JOIN LATERAL (
	SELECT j.updated_at, j.error FROM j WHERE j.platform = p.platform AND j.error <> '' ORDER BY j.updated_at DESC LIMIT 1
) e ON true
ORDER BY p.n`

// readPlatforms answers the platforms the workspace has scraped, or tried to.
func readPlatforms(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, now time.Time) ([]PlatformScrapes, error) {
	rows, _ := db.Query(ctx, platformsSQL, ws, now.Add(-Window), platform.All, domain.JobProcessed, domain.JobFailed)
	out := []PlatformScrapes{}
	var (
		p       PlatformScrapes
		errAt   *time.Time
		errText *string
	)
	_, err := pgx.ForEachRow(rows, []any{&p.Platform, &p.LastSuccessAt, &p.Succeeded, &p.Failed, &errAt, &errText}, func() error {
		if p.LastSuccessAt == nil && p.Succeeded+p.Failed == 0 && errAt == nil {
			return nil // never scraped, nothing within the window
		}
		row := p
		row.LastSuccessAt = utc(p.LastSuccessAt)
		if ended := p.Succeeded + p.Failed; ended > 0 {
			rate := float64(p.Failed) / float64(ended)
			row.FailureRate = &rate
		}
		if errAt != nil && errText != nil {
			row.LastError = &JobError{At: errAt.UTC(), Message: *errText}
		}
		out = append(out, row)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read scrapes by platform: %w", err)
	}
	return out, nil
}

// queueSQL counts the workspace's ($1) jobs not ended ($2 running).
const queueSQL = `
SELECT count(*) FILTER (WHERE status <> $2), count(*) FILTER (WHERE status = $2), min(created_at)
FROM scrape_jobs
-- the statuses written out: the predicate of scrape_jobs_waiting_idx
WHERE workspace_id = $1 AND status IN ('queued', 'running', 'failed') AND given_up_at IS NULL`

func readQueue(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID) (ScrapeQueue, error) {
	var q ScrapeQueue
	if err := db.QueryRow(ctx, queueSQL, ws, domain.JobRunning).Scan(&q.Waiting, &q.Running, &q.OldestAt); err != nil {
		return ScrapeQueue{}, fmt.Errorf("read the scrape queue: %w", err)
	}
	q.OldestAt = utc(q.OldestAt)
	return q, nil
}
