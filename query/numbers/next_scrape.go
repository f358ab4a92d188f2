package numbers

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/refresh"
)

// scheduledSQL lists what the refresh's schedule needs of a workspace's items (%s narrows them).
const scheduledSQL = `
SELECT w.plan, w.has_access, w.trial_ends_at, w.grace_ends_at, e.created_at, e.last_scraped_at, e.refresh_queued_at,
       e.next_refresh_at, e.refresh_interval_secs, e.refresh_reason
FROM workspaces w
JOIN (
	SELECT a.id, a.workspace_id, a.created_at, a.last_scraped_at, a.refresh_queued_at, a.next_refresh_at, a.refresh_interval_secs, a.refresh_reason
	FROM accounts a WHERE a.workspace_id = $1 AND a.status = ANY($2)
	UNION ALL
	SELECT v.id, v.workspace_id, v.created_at, v.last_scraped_at, v.refresh_queued_at, v.next_refresh_at, v.refresh_interval_secs, v.refresh_reason
	FROM videos v WHERE v.workspace_id = $1 AND (v.tracked_individually OR v.kept_until > now()) AND v.status = ANY($2)
) e ON e.workspace_id = w.id
WHERE w.id = $1 %s`

// Which items scheduledSQL reads: an account, the item scraping a video, or all.
const (
	scheduledAccount = `AND e.id = $3`
	scheduledVideo   = `AND e.id = (SELECT CASE WHEN v.tracked_individually OR v.kept_until > now() THEN v.id ELSE v.account_id END
	FROM videos v WHERE v.workspace_id = $1 AND v.id = $3 AND v.status = ANY($2))`
	scheduledAll = ``
)

// nextScrape returns the soonest next scrape of ws's items and its reason.
func nextScrape(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, which string, now time.Time, args ...any) (*time.Time, *refresh.Reason, error) {
	rows, _ := db.Query(ctx, fmt.Sprintf(scheduledSQL, which), append([]any{ws, domain.RefreshedItems}, args...)...)
	var (
		name                string
		access              bool
		trialEnds, graceEnd *time.Time
		created             time.Time
		last, queued        *time.Time
		planned             *time.Time
		secs                *int
		stored              *string
		soonest             *time.Time
		why                 *refresh.Reason
	)
	_, err := pgx.ForEachRow(rows, []any{&name, &access, &trialEnds, &graceEnd, &created, &last, &queued, &planned, &secs, &stored}, func() error {
		p, err := plan.Stored(name)
		if err != nil {
			return err
		}
		if !plan.HasAccess(p.Name, access, trialEnds, graceEnd, now) {
			return nil
		}
		next, reason := plannedNext(p.RefreshInterval, created, last, planned, secs, stored, now)
		if queued != nil && queued.Before(next) {
			// queued already: the scrape is under way
			next = *queued
		}
		if next.Before(now) {
			next = now
		}
		if soonest == nil || next.Before(*soonest) {
			t := next.UTC().Truncate(time.Second)
			soonest, why = &t, &reason
		}
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("read next scrape: %w", err)
	}
	return soonest, why, nil
}

// plannedNext is an item's next scrape and its reason by the stored plan.
func plannedNext(base time.Duration, created time.Time, last, planned *time.Time, secs *int, stored *string, now time.Time) (time.Time, refresh.Reason) {
	if last == nil {
		return created, refresh.New
	}
	interval, reason := base, refresh.New
	if secs != nil && stored != nil {
		interval, reason = time.Duration(*secs)*time.Second, refresh.Reason(*stored)
	}
	next, first := refresh.Next(created, *last, interval, now)
	if reason == refresh.Budget {
		if planned != nil && planned.After(next) {
			return *planned, refresh.Budget
		}
		return next, refresh.Budget
	}
	if first {
		reason = refresh.FirstDay
	}
	return next, reason
}
