package numbers_test

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/refresh"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// TestSoonestScrapeAgreesWithEveryItem: the overview's next scrape, found
// by walking the items in the order of a lower bound of their next scrape
// (schema 0040), is the one reading every item's schedule gives, at times
// before, among and after the items' scrapes: never scraped, queued, in
// their first day, planned by the budget, without a stored plan, held or
// removed, and videos kept for a while or tracked on their own. Hundreds of
// items whose bound is earlier than the soonest make the walk read several
// pages. Another workspace's items never count.
func TestSoonestScrapeAgreesWithEveryItem(t *testing.T) {
	t.Parallel()
	// schema 0040's bound and indexes write these out
	shortest := slices.MinFunc(plan.All(), func(a, b plan.Plan) int { return cmp.Compare(a.RefreshInterval, b.RefreshInterval) })
	if !slices.Equal(domain.RefreshedItems, []domain.Item{domain.ItemPending, domain.ItemActive, domain.ItemError}) ||
		!slices.Equal(refresh.FirstDayScrapes, []int{1, 6, 24}) || shortest.RefreshInterval != time.Hour {
		t.Fatalf("the refreshed statuses %v, the first day's scrapes %v or the shortest plan interval %s changed: "+
			"refresh_due_floor and its indexes (schema 0040) write them out", domain.RefreshedItems, refresh.FirstDayScrapes, shortest.RefreshInterval)
	}
	ctx := context.Background()
	base := time.Now().UTC().Truncate(time.Second)
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	other := env.Workspace(t, testenv.WorkspaceOptions{})
	r := rand.New(rand.NewPCG(44, 40))
	at := func(lo, hi time.Duration) time.Time {
		return base.Add(lo + time.Duration(r.Int64N(int64(hi-lo)))).Truncate(time.Microsecond)
	}
	reasons := []string{"young", "growing", "campaign", "settled", "budget"}
	secsOf := []int{3600, 3 * 3600, 6 * 3600, 24 * 3600, 72 * 3600}
	statuses := []domain.Item{domain.ItemActive, domain.ItemActive, domain.ItemActive, domain.ItemPending, domain.ItemError, domain.ItemPaused, domain.ItemRemoved}
	// schedule writes random schedule columns on item id of table
	schedule := func(table string, id uuid.UUID) {
		created := at(-10*24*time.Hour, 0)
		var last, queued, planned any
		var secs, reason any
		if r.IntN(8) > 0 {
			last = created.Add(time.Duration(r.Int64N(int64(base.Sub(created) + time.Hour))))
		}
		if r.IntN(6) == 0 {
			queued = at(-2*time.Hour, time.Hour)
		}
		if r.IntN(4) > 0 {
			secs, reason = secsOf[r.IntN(len(secsOf))], reasons[r.IntN(len(reasons))]
			if reason == "budget" {
				planned = at(-time.Hour, 4*24*time.Hour)
			}
		}
		env.Exec(t, `UPDATE `+table+` SET created_at = $2, last_scraped_at = $3, refresh_queued_at = $4, next_refresh_at = $5,
			refresh_interval_secs = $6, refresh_reason = $7, status = $8 WHERE id = $1`,
			id, created, last, queued, planned, secs, reason, statuses[r.IntN(len(statuses))])
	}
	for _, w := range []uuid.UUID{ws, other} {
		for range 150 {
			schedule("accounts", env.Account(t, w, testenv.AccountOptions{}))
		}
		for i := range 60 {
			v := env.Video(t, w, testenv.VideoOptions{})
			schedule("videos", v)
			switch i % 3 {
			case 0:
				env.Exec(t, `UPDATE videos SET tracked_individually = false, kept_until = $2 WHERE id = $1`, v, at(-24*time.Hour, 24*time.Hour))
			case 1:
				env.Exec(t, `UPDATE videos SET tracked_individually = false, kept_until = NULL WHERE id = $1`, v)
			}
		}
	}
	env.Exec(t, `ANALYZE accounts`)
	env.Exec(t, `ANALYZE videos`)
	for _, now := range []time.Time{base.Add(-11 * 24 * time.Hour), base.Add(-3 * 24 * time.Hour), base.Add(-2 * time.Hour),
		base, base.Add(90 * time.Minute), base.Add(6 * time.Hour), base.Add(2 * 24 * time.Hour), base.Add(30 * 24 * time.Hour)} {
		want, wantWhy, err := numbers.ScanScrape(ctx, env.PG, ws, now)
		if err != nil {
			t.Fatal(err)
		}
		got, gotWhy, err := numbers.SoonestScrape(ctx, env.PG, ws, now)
		if err != nil {
			t.Fatal(err)
		}
		if want == nil || got == nil || !got.Equal(*want) || *gotWhy != *wantWhy {
			t.Errorf("at %s: next scrape %v (%v), want %v (%v)", now, got, deref(gotWhy), want, deref(wantWhy))
		}
	}
	// the walk passes pages: accounts scraped within the hour, past their
	// first day and without a stored plan, are bounded by their last scrape
	// plus an hour (the shortest plan interval) and due the Growth plan's 6
	// hours later; the soonest is an account planned every 2 hours, bounded
	// by its next scrape, after them. 200 of them take 4 pages; 600 more
	// than the walk reads before it reads every item.
	for _, weak := range []int{200, 600} {
		paged := env.Workspace(t, testenv.WorkspaceOptions{Plan: plan.Growth})
		for range weak {
			a := env.Account(t, paged, testenv.AccountOptions{Status: domain.ItemActive, CreatedAt: base.Add(-5 * 24 * time.Hour)})
			env.Exec(t, `UPDATE accounts SET last_scraped_at = $2 WHERE id = $1`, a, at(-time.Hour, 0))
		}
		soon := env.Account(t, paged, testenv.AccountOptions{Status: domain.ItemActive, CreatedAt: base.Add(-5 * 24 * time.Hour),
			LastScrapedAt: base.Add(-time.Hour)})
		env.Exec(t, `UPDATE accounts SET refresh_interval_secs = 7200, refresh_reason = 'growing' WHERE id = $1`, soon)
		got, why, err := numbers.SoonestScrape(ctx, env.PG, paged, base)
		if err != nil || got == nil || !got.Equal(base.Add(time.Hour)) || *why != refresh.Growing {
			t.Errorf("past %d items: next scrape %v (%v, %v), want %s (growing)", weak, got, deref(why), err, base.Add(time.Hour))
		}
		if want, wantWhy, err := numbers.ScanScrape(ctx, env.PG, paged, base); err != nil || !want.Equal(*got) || *wantWhy != *why {
			t.Errorf("past %d items: reading every item says %v (%v, %v)", weak, want, deref(wantWhy), err)
		}
	}
	// the bound of an item without a stored plan is its last scrape plus an
	// hour: the Agency plan's interval, due before a planned item whose
	// bound is its next scrape
	exact := env.Workspace(t, testenv.WorkspaceOptions{})
	unplanned := env.Account(t, exact, testenv.AccountOptions{Status: domain.ItemActive, CreatedAt: base.Add(-5 * 24 * time.Hour),
		LastScrapedAt: base.Add(-30 * time.Minute)})
	planned := env.Account(t, exact, testenv.AccountOptions{Status: domain.ItemActive, CreatedAt: base.Add(-5 * 24 * time.Hour),
		LastScrapedAt: base.Add(-15 * time.Minute)})
	env.Exec(t, `UPDATE accounts SET refresh_interval_secs = 3600, refresh_reason = 'growing' WHERE id = $1`, planned)
	if got, why, err := numbers.SoonestScrape(ctx, env.PG, exact, base); err != nil || got == nil || !got.Equal(base.Add(30*time.Minute)) || *why != refresh.New {
		t.Errorf("an account without a stored plan: next scrape %v (%v, %v), want %s (new, account %s)", got, deref(why), err, base.Add(30*time.Minute), unplanned)
	}
	if 600 <= numbers.DueFloorPage*numbers.DueFloorPages || 200 >= numbers.DueFloorPage*numbers.DueFloorPages {
		t.Fatalf("the walk reads %d pages of %d: the cases do not test the walk and its end", numbers.DueFloorPages, numbers.DueFloorPage)
	}

	// pausing every item leaves none
	env.Exec(t, `UPDATE accounts SET status = 'paused' WHERE workspace_id = $1`, ws)
	env.Exec(t, `UPDATE videos SET status = 'paused' WHERE workspace_id = $1`, ws)
	if got, why, err := numbers.SoonestScrape(ctx, env.PG, ws, base); err != nil || got != nil || why != nil {
		t.Errorf("every item paused: next scrape %v (%v, %v), want none", got, deref(why), err)
	}
}

func deref(r *refresh.Reason) string {
	if r == nil {
		return "<nil>"
	}
	return string(*r)
}
