package query

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/plan"
)

// scheduledSQL lists what the refresh's schedule needs of a workspace's
// scraped items ($1 the workspace): its plan and access, and per item
// (the accounts the refresh scrapes and the individually tracked videos;
// a video found through an account is scraped with its account) when it
// was first tracked, last scraped and queued: the items the refresh
// selects, so paused and removed items, and videos beyond a lowered limit,
// are never due. $2 is domain.RefreshedItems; %s narrows the items.
const scheduledSQL = `
SELECT w.plan, w.has_access, w.trial_ends_at, w.grace_ends_at, e.created_at, e.last_scraped_at, e.refresh_queued_at
FROM workspaces w
JOIN (
	SELECT a.id, a.workspace_id, a.created_at, a.last_scraped_at, a.refresh_queued_at
	FROM accounts a WHERE a.workspace_id = $1 AND a.status = ANY($2)
	UNION ALL
	SELECT v.id, v.workspace_id, v.created_at, v.last_scraped_at, v.refresh_queued_at
	FROM videos v WHERE v.workspace_id = $1 AND v.tracked_individually AND v.status = ANY($2)
) e ON e.workspace_id = w.id
WHERE w.id = $1 %s`

// Which items scheduledSQL reads: one account ($3), the item that scrapes
// one video ($3: the video, or its account), or all of them.
const (
	scheduledAccount = `AND e.id = $3`
	scheduledVideo   = `AND e.id = (SELECT CASE WHEN v.tracked_individually THEN v.id ELSE v.account_id END
	FROM videos v WHERE v.workspace_id = $1 AND v.id = $3 AND v.status = ANY($2))`
	scheduledAll = ``
)

// nextScrape returns the soonest next scrape of the items of ws that
// scheduledSQL narrowed by which (with its arguments) reads, by the rules
// the refresh queues with (plan.NextScrape); nil when none is refreshed
// (paused or removed, or the workspace has no access). A time not after
// now is a scrape queued or due at the refresh's next run.
func nextScrape(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, which string, now time.Time, args ...any) (*time.Time, error) {
	rows, _ := db.Query(ctx, fmt.Sprintf(scheduledSQL, which), append([]any{ws, domain.RefreshedItems}, args...)...)
	var (
		name                string
		access              bool
		trialEnds, graceEnd *time.Time
		created             time.Time
		last, queued        *time.Time
		soonest             *time.Time
	)
	_, err := pgx.ForEachRow(rows, []any{&name, &access, &trialEnds, &graceEnd, &created, &last, &queued}, func() error {
		p, err := plan.Stored(name)
		if err != nil {
			return err
		}
		if !plan.HasAccess(p.Name, access, trialEnds, graceEnd, now) {
			return nil
		}
		next := plan.NextScrape(p.RefreshInterval, created, last)
		if queued != nil && queued.Before(next) {
			// queued already: the scrape is under way
			next = *queued
		}
		if next.Before(now) {
			next = now
		}
		if soonest == nil || next.Before(*soonest) {
			t := next.UTC().Truncate(time.Second)
			soonest = &t
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read next scrape: %w", err)
	}
	return soonest, nil
}
