package command

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// Refresh bookkeeping.
const (
	// staleQueue is how long an item may sit queued before it is queued
	// again: a job lost with its run (the provider never called back).
	staleQueue = 6 * time.Hour
	// maxAttempts is how often a job is started before it is given up.
	maxAttempts = 3
	// refreshBatch caps how many items one cron call queues.
	refreshBatch = 5000
)

// FirstDayScrapes are the ages, in hours since an item was first tracked,
// at which it is scraped again whatever its plan's interval: a new item
// shows growth within its first hours. The list is the plan package's, so
// the dashboard's next scrape time (plan.NextScrape) follows the same rule.
var FirstDayScrapes = plan.FirstDayScrapes

// RefreshDue queues scrapes of everything due and retries jobs that did not
// start or whose run failed.
type RefreshDue struct{}

// Refreshed is the cron answer.
type Refreshed struct {
	Queued int
	Jobs   []string
}

// RefreshDueHandler selects due accounts and individually tracked videos
// (neither paused nor removed) of workspaces with access, by their plan's
// refresh interval. Rows are locked with SKIP LOCKED and marked queued in
// the same transaction that records the jobs, so two concurrent calls
// never queue the same item.
//
// A newly tracked item is also due at fixed ages whatever the plan's
// interval (FirstDayScrapes: 1, 6 and 24 hours after it was first
// tracked), once each, so growth shows on the first day.
//
// A workspace whose usage exceeds its video limit (its plan was lowered)
// keeps its items, but only the oldest ones that fit the limit are
// refreshed: items in the order they were first tracked (then by id), each
// costing what it counts against the limit, paused accounts keeping their
// place; from the first item whose running total exceeds the limit on,
// refreshes pause until the workspace is back within its limit.
type RefreshDueHandler struct {
	DB        *pgxpool.Pool
	Actors    ingest.Actors
	MaxPerRun int
	Start     StartScrapeHandler
	Now       func() time.Time
}

const dueSQL = `
WITH usage AS (
	` + plan.UsageItemsSQL + `
), over_limit AS (
	SELECT u.workspace_id, w.video_limit FROM usage u JOIN workspaces w ON w.id = u.workspace_id
	GROUP BY u.workspace_id, w.video_limit HAVING sum(u.cost) > w.video_limit
), past_plan_limit AS (
	SELECT id FROM (
		SELECT u.id, o.video_limit, sum(u.cost) OVER (PARTITION BY u.workspace_id ORDER BY u.created_at, u.id) AS used
		FROM usage u JOIN over_limit o ON o.workspace_id = u.workspace_id
	) placed WHERE used > video_limit
)
SELECT e.kind, e.id, e.workspace_id, e.platform, e.key, e.url, e.tracking_limit, e.last_scraped_at
FROM (
	SELECT 'account' AS kind, a.id, a.workspace_id, a.platform, a.handle AS key, a.url, a.tracking_limit,
	       a.last_scraped_at, a.refresh_queued_at, a.created_at
	-- domain.RefreshedItems, written out: the predicate of the partial
	-- index accounts_refresh_idx, which a parameter could not use
	FROM accounts a WHERE a.status IN ('pending', 'active', 'error')
	UNION ALL
	SELECT 'video', v.id, v.workspace_id, v.platform, v.platform_video_id, v.url, 0, v.last_scraped_at, v.refresh_queued_at,
	       v.created_at
	FROM videos v WHERE v.tracked_individually AND v.status = ANY($5)
) e
JOIN workspaces w ON w.id = e.workspace_id
WHERE ` + plan.AccessSQL + `
  AND (e.refresh_queued_at IS NULL OR e.refresh_queued_at < $1::timestamptz - make_interval(secs => $2))
  AND (e.last_scraped_at IS NULL OR e.last_scraped_at <= $1::timestamptz - make_interval(hours => CASE w.plan %s END)
       OR EXISTS (SELECT 1 FROM unnest($4::int[]) AS age (hours)
                  WHERE e.created_at + make_interval(hours => age.hours) BETWEEN e.last_scraped_at AND $1::timestamptz))
  AND e.id NOT IN (SELECT id FROM past_plan_limit)
ORDER BY e.last_scraped_at NULLS FIRST
LIMIT $3`

// lockSQL locks the chosen rows of one table, skipping rows another refresh
// holds, and re-checks that they are still not queued and not scraped since
// they were chosen: another refresh may have queued, scraped and released
// one in the meantime.
const lockSQL = `
SELECT x.id FROM %s x JOIN unnest($1::uuid[], $4::timestamptz[]) AS chosen (id, scraped) ON chosen.id = x.id
WHERE (x.refresh_queued_at IS NULL OR x.refresh_queued_at < $2::timestamptz - make_interval(secs => $3))
  AND x.last_scraped_at IS NOT DISTINCT FROM chosen.scraped
FOR UPDATE OF x SKIP LOCKED`

// Handle runs one refresh.
func (h RefreshDueHandler) Handle(ctx context.Context, _ RefreshDue) (Refreshed, error) {
	now := h.Now()
	out := Refreshed{Jobs: []string{}}
	retries, err := h.retryJobs(ctx, now)
	if err != nil {
		return out, err
	}
	cases := ""
	for _, p := range plan.All() {
		cases += fmt.Sprintf(" WHEN '%s' THEN %d", p.Name, int(p.RefreshInterval/time.Hour))
	}
	var jobs []queuedJob
	err = pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, fmt.Sprintf(dueSQL, cases), now, staleQueue.Seconds(), refreshBatch, FirstDayScrapes, domain.RefreshedItems)
		if err != nil {
			return fmt.Errorf("select due items: %w", err)
		}
		type due struct {
			kind, platform, key, url string
			id, workspaceID          uuid.UUID
			limit                    int
			scraped                  *time.Time
		}
		var items []due
		var d due
		if _, err := pgx.ForEachRow(rows, []any{&d.kind, &d.id, &d.workspaceID, &d.platform, &d.key, &d.url, &d.limit, &d.scraped}, func() error {
			items = append(items, d)
			return nil
		}); err != nil {
			return fmt.Errorf("select due items: %w", err)
		}
		locked := map[uuid.UUID]bool{}
		for _, table := range []string{"accounts", "videos"} {
			var (
				ids     []uuid.UUID
				scraped []*time.Time
			)
			for _, it := range items {
				if (platform.Kind(it.kind) == platform.Account) == (table == "accounts") {
					ids = append(ids, it.id)
					scraped = append(scraped, it.scraped)
				}
			}
			if len(ids) == 0 {
				continue
			}
			rows, err := tx.Query(ctx, fmt.Sprintf(lockSQL, table), ids, now, staleQueue.Seconds(), scraped)
			if err != nil {
				return fmt.Errorf("lock due %s: %w", table, err)
			}
			var id uuid.UUID
			if _, err := pgx.ForEachRow(rows, []any{&id}, func() error { locked[id] = true; return nil }); err != nil {
				return fmt.Errorf("lock due %s: %w", table, err)
			}
		}
		groups := map[uuid.UUID]map[platform.Platform][]ingest.Target{}
		for _, it := range items {
			if !locked[it.id] {
				continue
			}
			if groups[it.workspaceID] == nil {
				groups[it.workspaceID] = map[platform.Platform][]ingest.Target{}
			}
			p := platform.Platform(it.platform)
			groups[it.workspaceID][p] = append(groups[it.workspaceID][p], ingest.Target{
				Kind: platform.Kind(it.kind), EntityID: it.id, URL: it.url, Key: it.key, Limit: it.limit,
			})
			out.Queued++
		}
		for ws, byPlatform := range groups {
			js, err := queueJobs(ctx, tx, ws, "refresh", byPlatform, h.Actors, h.MaxPerRun)
			if err != nil {
				return err
			}
			jobs = append(jobs, js...)
		}
		return nil
	})
	if err != nil {
		return out, err
	}
	// A start that failed still counts: the job stays queued for a retry.
	h.Start.startAll(ctx, append(retries, jobIDs(jobs)...), func(id uuid.UUID) { out.Jobs = append(out.Jobs, id.String()) })
	return out, nil
}

func jobIDs(jobs []queuedJob) []uuid.UUID {
	ids := make([]uuid.UUID, len(jobs))
	for i, j := range jobs {
		ids[i] = j.id
	}
	return ids
}

// retryJobs finds jobs to start again: queued ones (never started, or the
// provider refused the start), ones whose run failed, and ones claimed by a
// starter that died before recording the run. A job out of attempts is
// given up and its targets become due again.
func (h RefreshDueHandler) retryJobs(ctx context.Context, now time.Time) ([]uuid.UUID, error) {
	_, err := h.DB.Exec(ctx, `
		UPDATE scrape_jobs SET status = $2, updated_at = now()
		WHERE status = $3 AND provider_run_id IS NULL AND updated_at < $1::timestamptz - interval '10 minutes'`, now, domain.JobQueued, domain.JobRunning)
	if err != nil {
		return nil, fmt.Errorf("requeue stuck jobs: %w", err)
	}
	_, err = h.DB.Exec(ctx, `
		WITH given_up AS (
			UPDATE scrape_jobs SET status = $2, error = 'gave up after ' || attempts || ' attempts: ' || error,
				given_up_at = now(), updated_at = now()
			-- the statuses written out: the predicate of the partial index
			-- scrape_jobs_retry_idx, which a parameter could not use
			WHERE status IN ('queued', 'failed') AND given_up_at IS NULL AND attempts >= $1
			RETURNING id
		), targets AS (
			SELECT entity_id FROM scrape_job_targets WHERE job_id IN (SELECT id FROM given_up)
		), a AS (
			UPDATE accounts SET refresh_queued_at = NULL WHERE id IN (SELECT entity_id FROM targets)
		)
		UPDATE videos SET refresh_queued_at = NULL WHERE id IN (SELECT entity_id FROM targets)`, maxAttempts, domain.JobFailed)
	if err != nil {
		return nil, fmt.Errorf("give up jobs: %w", err)
	}
	rows, err := h.DB.Query(ctx, `
		-- the statuses written out: the predicate of the partial index
		-- scrape_jobs_retry_idx, which a parameter could not use
		SELECT id FROM scrape_jobs
		WHERE status IN ('queued', 'failed') AND given_up_at IS NULL AND attempts < $1
		  AND updated_at < $2::timestamptz - make_interval(secs => 30 * power(2, attempts))
		ORDER BY created_at LIMIT 200`, maxAttempts, now)
	if err != nil {
		return nil, fmt.Errorf("select jobs to retry: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return nil, fmt.Errorf("select jobs to retry: %w", err)
	}
	return ids, nil
}
