package tracking

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/refresh"
)

const (
	// staleQueue is how long an item may sit queued before it is queued
	// again: a job lost with its run (the provider never called back).
	staleQueue = 6 * time.Hour
	// maxAttempts is how often a job is started before it is given up.
	maxAttempts = 3
	// refreshBatch caps how many items one cron call queues.
	refreshBatch = 5000
	storeBatch   = 5000
)

// RefreshDue queues scrapes of everything due and retries failed jobs.
type RefreshDue struct{}

// Refreshed is the cron answer.
type Refreshed struct {
	Queued int
	Jobs   []string
}

// RefreshDueHandler plans the refreshes of the items of workspaces with access
// (docs/refresh.md) and queues the due ones, never past plan.BudgetFor's
// snapshots a day. One call plans at a time (an advisory lock), so two never
// spend the same room; a workspace over its video limit refreshes only its
// oldest items that fit.
type RefreshDueHandler struct {
	DB        *pgxpool.Pool
	Actors    ingest.Actors
	MaxPerRun int
	Start     StartScrapeHandler
	Now       func() time.Time
	// Batch caps how many items one call queues; 0 is refreshBatch.
	Batch   int
	Metrics *metrics.Metrics
}

const refreshLock = 0x7265667265736801

// planItemsSQL lists every item the refresh plans ($1 now, $2
// domain.RefreshedItems, $3 the watching event types).
const planItemsSQL = `
WITH usage AS (
	` + plan.UsageItemsSQL + `
), paid AS (
	-- each item's payer: the workspace whose video limit binds it (workspaces
	-- billed together share their payer's)
	SELECT u.*, ` + plan.PayerSQL + ` AS payer FROM usage u JOIN workspaces w ON w.id = u.workspace_id
), over_limit AS (
	SELECT p.payer, w.video_limit FROM paid p JOIN workspaces w ON w.id = p.payer
	GROUP BY p.payer, w.video_limit HAVING sum(p.cost) > w.video_limit
), past_plan_limit AS (
	SELECT id FROM (
		SELECT p.id, o.video_limit, sum(p.cost) OVER (PARTITION BY p.payer ORDER BY p.created_at, p.id) AS used
		FROM paid p JOIN over_limit o ON o.payer = p.payer
	) placed WHERE used > video_limit
), items AS (
	SELECT 'account' AS kind, a.id, a.workspace_id, a.platform, a.handle AS key, a.url, a.tracking_limit,
	       a.tracking_limit AS cost, a.created_at, a.last_scraped_at, a.refresh_queued_at, a.collection_id,
	       a.next_refresh_at, a.refresh_interval_secs, a.refresh_reason
	-- domain.RefreshedItems, written out: the predicate of the partial
	-- index accounts_refresh_idx, which a parameter could not use
	FROM accounts a WHERE a.status IN ('pending', 'active', 'error')
	UNION ALL
	SELECT 'video', v.id, v.workspace_id, v.platform, v.platform_video_id, v.url, 0,
	       1, v.created_at, v.last_scraped_at, v.refresh_queued_at, v.collection_id,
	       v.next_refresh_at, v.refresh_interval_secs, v.refresh_reason
	-- a video its account's limit no longer keeps is refreshed by its own
	-- link while a campaign's counting window of it is open (kept_until)
	FROM videos v WHERE (v.tracked_individually OR v.kept_until > $1::timestamptz) AND v.status = ANY($2)
), covered AS (
	-- the item's videos: an account's (but those refreshed by their own
	-- link), or the video itself
	SELECT i.id AS item_id, v.id, v.platform, COALESCE(v.published_at, v.listed_at, v.created_at) AS published,
	       COALESCE(v.collection_id, i.collection_id) AS collection_id
	FROM items i JOIN videos v ON v.account_id = i.id
	WHERE i.kind = 'account' AND NOT v.tracked_individually AND (v.kept_until IS NULL OR v.kept_until <= $1::timestamptz)
	UNION ALL
	SELECT i.id, v.id, v.platform, COALESCE(v.published_at, v.listed_at, v.created_at), COALESCE(v.collection_id, a.collection_id)
	FROM items i JOIN videos v ON v.id = i.id LEFT JOIN accounts a ON a.id = v.account_id WHERE i.kind = 'video'
), features AS (
	SELECT c.item_id, max(c.published) AS youngest, sum((SELECT vi.views_per_hour FROM video_insights vi WHERE vi.video_id = c.id)) AS views_per_hour,
	       -- inside an open counting window of a campaign (the window of
	       -- the rules in force when the video was published)
	       bool_or(campaign_window_end(c.collection_id, c.platform, c.published, $1::timestamptz) IS NOT NULL) AS in_campaign,
	       array_agg(DISTINCT c.collection_id) FILTER (WHERE c.collection_id IS NOT NULL) AS collections
	FROM covered c
	GROUP BY c.item_id
)
SELECT i.kind, i.id, i.workspace_id, ` + plan.PayerSQL + `, w.plan, w.video_limit, i.platform, i.key, i.url, i.tracking_limit, i.cost,
       i.created_at, i.last_scraped_at, i.refresh_queued_at, i.next_refresh_at, i.refresh_interval_secs, i.refresh_reason,
       f.youngest, f.views_per_hour, COALESCE(f.in_campaign, false),
       EXISTS (SELECT 1 FROM alert_rules r
               WHERE r.workspace_id = i.workspace_id AND r.enabled AND r.event_type = ANY($3)
                 AND (r.platform IS NULL OR r.platform = i.platform)
                 AND (r.collection_id IS NULL OR r.collection_id = i.collection_id OR r.collection_id = ANY(f.collections)))
FROM items i
JOIN workspaces w ON w.id = i.workspace_id
LEFT JOIN features f ON f.item_id = i.id
WHERE ` + plan.AccessSQL + `
  AND i.id NOT IN (SELECT id FROM past_plan_limit)
ORDER BY ` + plan.PayerSQL + `, i.workspace_id, i.id`

// spendSQL reads the charged refresh and watch jobs of the last 24 hours
// ($1 now) by payer (workspaces billed together share one budget); the
// reasons written out, each the predicate of its partial index.
const spendSQL = `
SELECT ` + plan.PayerSQL + `, j.created_at, j.snapshots FROM (
	SELECT workspace_id, created_at, snapshots FROM scrape_jobs
	WHERE reason = 'refresh' AND snapshots > 0 AND created_at > $1::timestamptz - interval '24 hours'
	UNION ALL
	SELECT workspace_id, created_at, snapshots FROM scrape_jobs
	WHERE reason = 'watch' AND snapshots > 0 AND created_at > $1::timestamptz - interval '24 hours'
) j JOIN workspaces w ON w.id = j.workspace_id`

// lockSQL locks the chosen rows, skipping others' locks, and re-checks they
// are still unqueued and unscraped: another writer may have done both since.
const lockSQL = `
SELECT x.id FROM %s x JOIN unnest($1::uuid[], $4::timestamptz[]) AS chosen (id, scraped) ON chosen.id = x.id
WHERE (x.refresh_queued_at IS NULL OR x.refresh_queued_at < $2::timestamptz - make_interval(secs => $3))
  AND x.last_scraped_at IS NOT DISTINCT FROM chosen.scraped
FOR UPDATE OF x SKIP LOCKED`

// storePlanSQL writes changed plans, skipping locked rows (the next call
// stores them): it never waits, so it cannot deadlock with a completion.
const storePlanSQL = `
UPDATE %[1]s x SET next_refresh_at = p.next, refresh_interval_secs = p.secs, refresh_reason = p.reason
FROM unnest($1::uuid[], $2::timestamptz[], $3::int[], $4::text[]) AS p (id, next, secs, reason)
WHERE x.id = p.id AND x.id IN (SELECT id FROM %[1]s WHERE id = ANY($1) FOR UPDATE SKIP LOCKED)`

// watchingEvents are the alert events about items' numbers: their rules watch items.
var watchingEvents = []domain.EventType{domain.EventSpike, domain.EventVideoMilestone, domain.EventAccountMilestone, domain.EventNewPost, domain.EventOutlier}

type planned struct {
	kind, platform, key, url string
	id, workspaceID          uuid.UUID
	payer                    uuid.UUID // whose video limit and budget bind it
	limit                    int
	scraped                  *time.Time
	plan                     plan.Plan
	videoLimit               int // the workspace's
	item                     refresh.Item
	stored                   storedPlan
	decision                 refresh.Decision
}

type storedPlan struct {
	next   *time.Time
	secs   *int
	reason *string
}

// Handle runs one refresh.
func (h RefreshDueHandler) Handle(ctx context.Context, _ RefreshDue) (Refreshed, error) {
	now := h.Now()
	out := Refreshed{Jobs: []string{}}
	retries, err := h.retryJobs(ctx, now)
	if err != nil {
		return out, err
	}
	var (
		jobs  []queuedJob
		items []*planned
		// what the run recorded once it commits
		didPlan       bool
		plannedDue    int
		oldestOverdue time.Duration
	)
	err = pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var mine bool
		if err := tx.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock($1)`, int64(refreshLock)).Scan(&mine); err != nil {
			return fmt.Errorf("take the refresh lock: %w", err)
		}
		if !mine {
			// another call is planning: it queues what is due
			return nil
		}
		items, err = readPlanItems(ctx, tx, now)
		if err != nil {
			return err
		}
		spent, err := readSpend(ctx, tx, now)
		if err != nil {
			return err
		}
		batch := h.Batch
		if batch <= 0 {
			batch = refreshBatch
		}
		due := planWorkspaces(items, spent, now, batch)
		locked, err := lockDue(ctx, tx, due, now)
		if err != nil {
			return err
		}
		plannedDue, oldestOverdue = overdue(items, locked, now)
		didPlan = true
		groups := map[uuid.UUID]map[platform.Platform][]ingest.Target{}
		charge := map[uuid.UUID]int{} // the cost of each charged item
		var order []uuid.UUID
		for _, it := range due {
			if !locked[it.id] {
				continue
			}
			if groups[it.workspaceID] == nil {
				groups[it.workspaceID] = map[platform.Platform][]ingest.Target{}
				order = append(order, it.workspaceID)
			}
			p := platform.Platform(it.platform)
			groups[it.workspaceID][p] = append(groups[it.workspaceID][p], ingest.Target{
				Kind: platform.Kind(it.kind), EntityID: it.id, URL: it.url, Key: it.key, Limit: it.limit,
			})
			if it.decision.Reason != refresh.New {
				charge[it.id] = it.item.Cost
			}
			out.Queued++
		}
		var charged []uuid.UUID
		var snapshots []int32
		for _, ws := range order {
			js, err := queueJobs(ctx, tx, ws, "refresh", groups[ws], h.Actors, h.MaxPerRun)
			if err != nil {
				return err
			}
			for _, j := range js {
				n := 0
				for _, t := range j.targets {
					n += charge[t.EntityID]
				}
				if n > 0 {
					charged, snapshots = append(charged, j.id), append(snapshots, int32(n))
				}
			}
			jobs = append(jobs, js...)
		}
		if len(charged) > 0 {
			if _, err := tx.Exec(ctx, `UPDATE scrape_jobs j SET snapshots = c.snapshots
				FROM unnest($1::uuid[], $2::int[]) AS c (id, snapshots) WHERE j.id = c.id`, charged, snapshots); err != nil {
				return fmt.Errorf("charge refresh jobs: %w", err)
			}
		}
		// the watches' runs, in what the budget has left after the items
		chargedBy := map[uuid.UUID]int{} // by payer
		for _, it := range due {
			if locked[it.id] {
				chargedBy[it.payer] += charge[it.id]
			}
		}
		watched, err := queueWatches(ctx, tx, now, spent, chargedBy, h.Actors)
		if err != nil {
			return err
		}
		jobs = append(jobs, watched...)
		return nil
	})
	if err != nil {
		return out, err
	}
	if didPlan {
		h.Metrics.RefreshPlanned(plannedDue, oldestOverdue)
	}
	// after the queueing committed, so its locks are only the due items'
	if err := storePlans(ctx, h.DB, items); err != nil {
		return out, err
	}
	// A start that failed still counts: the job stays queued for a retry.
	h.Start.startAll(ctx, append(retries, startsOf(jobs)...), func(id uuid.UUID) { out.Jobs = append(out.Jobs, id.String()) })
	return out, nil
}

func readPlanItems(ctx context.Context, tx pgx.Tx, now time.Time) ([]*planned, error) {
	rows, err := tx.Query(ctx, planItemsSQL, now, domain.RefreshedItems, watchingEvents)
	if err != nil {
		return nil, fmt.Errorf("select items to plan: %w", err)
	}
	var items []*planned
	var (
		p        planned
		planName string
		queued   *time.Time
		youngest *time.Time
		vph      *float64
	)
	_, err = pgx.ForEachRow(rows, []any{&p.kind, &p.id, &p.workspaceID, &p.payer, &planName, &p.videoLimit, &p.platform, &p.key, &p.url, &p.limit, &p.item.Cost,
		&p.item.Created, &p.scraped, &queued, &p.stored.next, &p.stored.secs, &p.stored.reason,
		&youngest, &vph, &p.item.InCampaign, &p.item.Watched}, func() error {
		it := p
		it.item.ID = it.id
		if it.scraped != nil {
			it.item.LastScraped = *it.scraped
		}
		it.item.Queued = queued != nil && queued.After(now.Add(-staleQueue))
		it.item.Age = -1
		if youngest != nil {
			it.item.Age = max(now.Sub(*youngest), 0)
		}
		if vph != nil {
			it.item.ViewsPerHour, it.item.HasRate = *vph, true
		}
		pl, err := plan.Stored(planName)
		if err != nil {
			return err
		}
		it.plan = pl
		items = append(items, &it)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("select items to plan: %w", err)
	}
	return items, nil
}

func readSpend(ctx context.Context, tx pgx.Tx, now time.Time) (map[uuid.UUID][]refresh.Spend, error) {
	rows, err := tx.Query(ctx, spendSQL, now)
	if err != nil {
		return nil, fmt.Errorf("read the scrape budget's ledger: %w", err)
	}
	out := map[uuid.UUID][]refresh.Spend{}
	var (
		ws uuid.UUID
		s  refresh.Spend
	)
	if _, err := pgx.ForEachRow(rows, []any{&ws, &s.At, &s.Snapshots}, func() error {
		out[ws] = append(out[ws], s)
		return nil
	}); err != nil {
		return nil, fmt.Errorf("read the scrape budget's ledger: %w", err)
	}
	return out, nil
}

// planWorkspaces plans the items of each payer (a workspace, or the
// workspaces billed together, which share one budget), grouped as
// readPlanItems orders them, and returns at most batch due ones.
func planWorkspaces(items []*planned, spent map[uuid.UUID][]refresh.Spend, now time.Time, batch int) []*planned {
	var due []*planned
	for start := 0; start < len(items); {
		end := start
		for end < len(items) && items[end].payer == items[start].payer {
			end++
		}
		group := items[start:end]
		p := group[0].plan
		in := refresh.Input{Budget: p.BudgetFor(group[0].videoLimit), Base: p.RefreshInterval, Spent: spent[group[0].payer], Now: now,
			Items: make([]refresh.Item, len(group))}
		for i, it := range group {
			in.Items[i] = it.item
		}
		out := refresh.Make(in)
		var ws []*planned
		for i, d := range out.Decisions {
			group[i].decision = d
			if d.Due {
				ws = append(ws, group[i])
			}
		}
		// when more than a batch is due, the new first, then the most overdue
		slices.SortStableFunc(ws, func(a, b *planned) int {
			if (a.scraped == nil) != (b.scraped == nil) {
				if a.scraped == nil {
					return -1
				}
				return 1
			}
			return a.decision.Next.Compare(b.decision.Next)
		})
		due = append(due, ws...)
		start = end
	}
	if len(due) > batch {
		due = due[:batch]
	}
	return due
}

// overdue counts the due items, and how long the most overdue unqueued one
// has been due (0 when all are queued).
func overdue(items []*planned, queued map[uuid.UUID]bool, now time.Time) (int, time.Duration) {
	n, oldest := 0, time.Duration(0)
	for _, it := range items {
		if !it.decision.Due {
			continue
		}
		n++
		if !queued[it.id] {
			oldest = max(oldest, now.Sub(it.decision.Next))
		}
	}
	return n, oldest
}

func storePlans(ctx context.Context, db *pgxpool.Pool, items []*planned) error {
	type column struct {
		ids     []uuid.UUID
		next    []time.Time
		secs    []int32
		reasons []string
	}
	changed := map[string]*column{"accounts": {}, "videos": {}}
	for _, it := range items {
		d := it.decision
		secs := int32(min(d.Interval/time.Second, 1<<31-1))
		s := it.stored
		if s.next != nil && s.next.Equal(d.Next) && s.secs != nil && int32(*s.secs) == secs && s.reason != nil && *s.reason == string(stored(d)) {
			continue
		}
		table := "videos"
		if platform.Kind(it.kind) == platform.Account {
			table = "accounts"
		}
		c := changed[table]
		c.ids = append(c.ids, it.id)
		c.next = append(c.next, d.Next)
		c.secs = append(c.secs, secs)
		c.reasons = append(c.reasons, string(stored(d)))
	}
	for table, c := range changed {
		for from := 0; from < len(c.ids); from += storeBatch {
			to := min(from+storeBatch, len(c.ids))
			if _, err := db.Exec(ctx, fmt.Sprintf(storePlanSQL, table), c.ids[from:to], c.next[from:to], c.secs[from:to], c.reasons[from:to]); err != nil {
				return fmt.Errorf("store the refresh plan of %s: %w", table, err)
			}
		}
	}
	return nil
}

// stored is a decision's stored reason: budget for an item held back, else
// its heat's (the dashboard tells new from the first-day ages).
func stored(d refresh.Decision) refresh.Reason {
	if d.Reason == refresh.Budget {
		return refresh.Budget
	}
	return d.Class
}

func lockDue(ctx context.Context, tx pgx.Tx, due []*planned, now time.Time) (map[uuid.UUID]bool, error) {
	locked := map[uuid.UUID]bool{}
	for _, table := range []string{"accounts", "videos"} {
		var (
			ids     []uuid.UUID
			scraped []*time.Time
		)
		for _, it := range due {
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
			return nil, fmt.Errorf("lock due %s: %w", table, err)
		}
		var id uuid.UUID
		if _, err := pgx.ForEachRow(rows, []any{&id}, func() error { locked[id] = true; return nil }); err != nil {
			return nil, fmt.Errorf("lock due %s: %w", table, err)
		}
	}
	return locked, nil
}

func startsOf(jobs []queuedJob) []StartScrape {
	starts := make([]StartScrape, len(jobs))
	for i, j := range jobs {
		starts[i] = StartScrape{WorkspaceID: j.workspaceID, JobID: j.id}
	}
	return starts
}

// retryJobs finds jobs to start again (queued, failed, or claimed by a dead
// starter); one out of attempts is given up, its targets due again.
func (h RefreshDueHandler) retryJobs(ctx context.Context, now time.Time) ([]StartScrape, error) {
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
		SELECT workspace_id, id FROM scrape_jobs
		WHERE status IN ('queued', 'failed') AND given_up_at IS NULL AND attempts < $1
		  AND updated_at < $2::timestamptz - make_interval(secs => 30 * power(2, attempts))
		ORDER BY created_at LIMIT 200`, maxAttempts, now)
	if err != nil {
		return nil, fmt.Errorf("select jobs to retry: %w", err)
	}
	starts, err := pgx.CollectRows(rows, pgx.RowToStructByPos[StartScrape])
	if err != nil {
		return nil, fmt.Errorf("select jobs to retry: %w", err)
	}
	return starts, nil
}
