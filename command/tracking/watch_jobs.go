package tracking

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/refresh"
)

// watchBatch caps the watches one refresh call queues; watchReason is the
// reason of a watch's job.
const (
	watchBatch  = 500
	watchReason = "watch"
)

// dueWatchesSQL lists the active watches whose run is due, of workspaces
// with access, locking them ($1 now, $2 the batch).
const dueWatchesSQL = `
SELECT x.id, x.workspace_id, ` + plan.PayerSQL + `, x.platform, x.kind, x.term, x.results, x.interval_hours, w.plan
FROM watches x JOIN workspaces w ON w.id = x.workspace_id
-- the status written out: the predicate of the partial index watches_due_idx
WHERE x.status = 'active' AND x.next_run_at <= $1 AND ` + plan.AccessSQL + `
ORDER BY x.next_run_at, x.id
LIMIT $2
FOR UPDATE OF x SKIP LOCKED`

// queueWatches queues a run of each due watch whose results fit in what
// its payer's scrape budget has left over the last 24 hours (spent and
// charged, this call's refresh jobs, both by payer); a watch that does not fit stays
// due. A run is charged its results, as the provider bills each post.
func queueWatches(ctx context.Context, tx pgx.Tx, now time.Time, spent map[uuid.UUID][]refresh.Spend, charged map[uuid.UUID]int,
	actors ingest.Actors) ([]queuedJob, error) {
	rows, err := tx.Query(ctx, dueWatchesSQL, now, watchBatch)
	if err != nil {
		return nil, fmt.Errorf("select due watches: %w", err)
	}
	type due struct {
		id, ws, payer  uuid.UUID
		platform, kind string
		term           string
		results, hours int
		planName       string
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (due, error) {
		var d due
		return d, r.Scan(&d.id, &d.ws, &d.payer, &d.platform, &d.kind, &d.term, &d.results, &d.hours, &d.planName)
	})
	if err != nil {
		return nil, fmt.Errorf("select due watches: %w", err)
	}
	used := map[uuid.UUID]int{}
	for payer, ss := range spent {
		for _, s := range ss {
			if s.At.After(now.Add(-24 * time.Hour)) {
				used[payer] += s.Snapshots
			}
		}
	}
	for payer, n := range charged {
		used[payer] += n
	}
	var out []queuedJob
	for _, d := range list {
		pl, err := plan.Stored(d.planName)
		if err != nil {
			return nil, err
		}
		if used[d.payer]+d.results > pl.ScrapeBudget {
			continue
		}
		rp, err := actors.WatchPlan(platform.Platform(d.platform), domain.WatchKind(d.kind), d.term, d.results)
		if err != nil {
			// a platform the provider no longer serves: the watch says so
			if _, err := tx.Exec(ctx, `UPDATE watches SET last_error = $3, next_run_at = $4 WHERE id = $1 AND workspace_id = $2`,
				d.id, d.ws, err.Error(), now.Add(time.Duration(d.hours)*time.Hour)); err != nil {
				return nil, fmt.Errorf("record a watch's error: %w", err)
			}
			continue
		}
		id := uuid.New()
		if _, err := tx.Exec(ctx, `
			INSERT INTO scrape_jobs (id, workspace_id, platform, actor, input, reason, watch_id, snapshots) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
			id, d.ws, d.platform, rp.Actor, json.RawMessage(rp.Input), watchReason, d.id, d.results); err != nil {
			return nil, fmt.Errorf("insert a watch's job: %w", err)
		}
		if _, err := tx.Exec(ctx, `UPDATE watches SET next_run_at = $3 WHERE id = $1 AND workspace_id = $2`,
			d.id, d.ws, now.Add(time.Duration(d.hours)*time.Hour)); err != nil {
			return nil, fmt.Errorf("schedule a watch: %w", err)
		}
		used[d.payer] += d.results
		out = append(out, queuedJob{id: id, workspaceID: d.ws})
	}
	return out, nil
}
