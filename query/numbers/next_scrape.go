package numbers

import (
	"context"
	"errors"
	"fmt"
	"math"
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
	if which == scheduledAll {
		return soonestScrape(ctx, db, ws, now)
	}
	return scanScrape(ctx, db, ws, which, now, args...)
}

// scanScrape is nextScrape read from every item which selects.
func scanScrape(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, which string, now time.Time, args ...any) (*time.Time, *refresh.Reason, error) {
	rows, _ := db.Query(ctx, fmt.Sprintf(scheduledSQL, which), append([]any{ws, domain.RefreshedItems}, args...)...)
	var (
		name                string
		access              bool
		trialEnds, graceEnd *time.Time
		s                   schedule
		soon                soonest
	)
	_, err := pgx.ForEachRow(rows, []any{&name, &access, &trialEnds, &graceEnd, &s.created, &s.last, &s.queued, &s.planned, &s.secs, &s.stored}, func() error {
		p, err := plan.Stored(name)
		if err != nil {
			return err
		}
		if plan.HasAccess(p.Name, access, trialEnds, graceEnd, now) {
			soon.add(s, p.RefreshInterval, now)
		}
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("read next scrape: %w", err)
	}
	return soon.answer(now)
}

// schedule is what an item's next scrape is computed from.
type schedule struct {
	created      time.Time
	last, queued *time.Time
	planned      *time.Time
	secs         *int
	stored       *string
}

// next is the item's next scrape, not moved to now when overdue.
func (s schedule) next(base time.Duration, now time.Time) (time.Time, refresh.Reason) {
	next, reason := plannedNext(base, s.created, s.last, s.planned, s.secs, s.stored, now)
	if s.queued != nil && s.queued.Before(next) {
		// queued already: the scrape is under way
		next = *s.queued
	}
	return next, reason
}

// soonest keeps the soonest next scrape seen; of equal ones, the first.
type soonest struct {
	at  *time.Time
	why refresh.Reason
}

func (s *soonest) add(item schedule, base time.Duration, now time.Time) {
	next, reason := item.next(base, now)
	if s.at == nil || next.Before(*s.at) {
		s.at, s.why = &next, reason
	}
}

// answer is the soonest next scrape as shown: an overdue one is due now.
func (s soonest) answer(now time.Time) (*time.Time, *refresh.Reason, error) {
	if s.at == nil {
		return nil, nil, nil
	}
	t := *s.at
	if t.Before(now) {
		t = now
	}
	t = t.UTC().Truncate(time.Second)
	why := s.why
	return &t, &why, nil
}

// dueFloorPage is how many items soonestScrape reads at a time, and
// dueFloorPages how many pages it reads before it reads every item instead.
const (
	dueFloorPage  = 64
	dueFloorPages = 8
)

// soonestSQL reads the next page of ws's refreshed items (accounts, and
// videos scraped on their own) in the order of refresh_due_floor (schema
// 0040), a lower bound of their next scrape, each table through its index.
const soonestSQL = `
WITH a AS (
	SELECT refresh_due_floor(created_at, last_scraped_at, refresh_queued_at, refresh_interval_secs, refresh_reason) AS floor, id,
		created_at, last_scraped_at, refresh_queued_at, next_refresh_at, refresh_interval_secs, refresh_reason
	FROM accounts
	-- the statuses written out (domain.RefreshedItems): the index's predicate
	WHERE workspace_id = $1 AND status IN ('pending', 'active', 'error')
	  AND (refresh_due_floor(created_at, last_scraped_at, refresh_queued_at, refresh_interval_secs, refresh_reason), id) > ($2, $3)
	ORDER BY 1, 2 LIMIT $4
), v AS (
	SELECT refresh_due_floor(created_at, last_scraped_at, refresh_queued_at, refresh_interval_secs, refresh_reason) AS floor, id,
		created_at, last_scraped_at, refresh_queued_at, next_refresh_at, refresh_interval_secs, refresh_reason
	FROM videos
	-- the statuses written out (domain.RefreshedItems): the index's predicate
	WHERE workspace_id = $1 AND status IN ('pending', 'active', 'error') AND (tracked_individually OR kept_until IS NOT NULL)
	  AND (tracked_individually OR kept_until > now())
	  AND (refresh_due_floor(created_at, last_scraped_at, refresh_queued_at, refresh_interval_secs, refresh_reason), id) > ($2, $3)
	ORDER BY 1, 2 LIMIT $4
)
SELECT * FROM (SELECT * FROM a UNION ALL SELECT * FROM v) x ORDER BY floor, id LIMIT $4`

// soonestScrape is nextScrape of every item of ws: it reads the items in the
// order of a lower bound of their next scrape and stops at the first whose
// bound is past the soonest found, so it reads a page or two whatever the
// workspace's size when the bounds are close (an hourly plan, or stored
// plans). Of equal next scrapes the first in that order wins.
func soonestScrape(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, now time.Time) (*time.Time, *refresh.Reason, error) {
	var (
		name                string
		access              bool
		trialEnds, graceEnd *time.Time
	)
	err := db.QueryRow(ctx, `SELECT plan, has_access, trial_ends_at, grace_ends_at FROM workspaces WHERE id = $1`, ws).
		Scan(&name, &access, &trialEnds, &graceEnd)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("read next scrape: %w", err)
	}
	p, err := plan.Stored(name)
	if err != nil {
		return nil, nil, err
	}
	if !plan.HasAccess(p.Name, access, trialEnds, graceEnd, now) {
		return nil, nil, nil
	}
	var (
		soon  soonest
		floor int64 = math.MinInt64
		after uuid.UUID
	)
	for page := 0; ; page++ {
		if page == dueFloorPages {
			// bounds far below the items' next scrapes (a plan's interval
			// longer than the hour assumed, budgets): read them all
			return scanScrape(ctx, db, ws, scheduledAll, now)
		}
		rows, _ := db.Query(ctx, soonestSQL, ws, floor, after, dueFloorPage)
		var (
			s schedule
			n int
		)
		done := false
		_, err := pgx.ForEachRow(rows, []any{&floor, &after, &s.created, &s.last, &s.queued, &s.planned, &s.secs, &s.stored}, func() error {
			n++
			if soon.at != nil && floor >= soon.at.UnixMicro() {
				done = true // this item and every later one are due after the soonest
				return nil
			}
			if !done {
				soon.add(s, p.RefreshInterval, now)
			}
			return nil
		})
		if err != nil {
			return nil, nil, fmt.Errorf("read next scrape: %w", err)
		}
		if done || n < dueFloorPage {
			return soon.answer(now)
		}
	}
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
