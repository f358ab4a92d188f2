package api_test

import (
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/plan"
)

// TestScrapeBudget: the plans and the workspace say what the scheduled
// refresh may spend a day, the workspace what it spent over the last 24
// hours (a first scrape is free, a refresh of an account costs its
// tracking limit), and once the budget is spent a due account is held
// back: the refresh queues nothing more, and the account's and the
// overview's next scrape says budget, for when the spend is a day old.
func TestScrapeBudget(t *testing.T) {
	a, _ := newScrapingApp(t)
	var plans struct {
		Plans []struct {
			Name         plan.Name `json:"name"`
			VideoLimit   int       `json:"videoLimit"`
			Interval     int       `json:"refreshIntervalHours"`
			ScrapeBudget int       `json:"scrapeBudget"`
		} `json:"plans"`
		Trial struct {
			ScrapeBudget int `json:"scrapeBudget"`
		} `json:"trial"`
	}
	a.request("GET", "/api/plans", nil).expect(t, 200).decode(t, &plans)
	want := map[plan.Name]int{plan.Starter: 250, plan.Growth: 4000, plan.Agency: 120000}
	for _, p := range plans.Plans {
		if p.ScrapeBudget != want[p.Name] || p.ScrapeBudget != p.VideoLimit*24/p.Interval {
			t.Errorf("plan %s: scrapeBudget %d, want %d", p.Name, p.ScrapeBudget, want[p.Name])
		}
	}
	if plans.Trial.ScrapeBudget != 50 {
		t.Errorf("trial: scrapeBudget %d, want 50", plans.Trial.ScrapeBudget)
	}

	c := a.signUp(uniqueEmail("budget"))
	workspace := func() scrapeBudget { return a.bootstrap(c).Workspace.ScrapeBudget }
	ws := a.bootstrap(c).Workspace
	var acc trackOut
	a.request("POST", "/api/track", map[string]any{"url": "https://www.tiktok.com/@budget.spender", "tracking_limit": 30}, c).expect(t, 200).decode(t, &acc)
	waitJob(t, acc.JobID)
	if got := workspace(); got != (scrapeBudget{PerDay: 50, UsedLast24h: 0}) {
		t.Fatalf("after the first scrape: scrapeBudget %+v, want 50 a day, none used", got)
	}

	// A settled account (old videos), tracked days ago and scraped two
	// days ago, is due: its refresh costs its tracking limit.
	due := func() {
		t.Helper()
		exec(t, `UPDATE accounts SET created_at = now() - interval '5 days', last_scraped_at = now() - interval '2 days',
			refresh_queued_at = NULL WHERE id = $1`, acc.ID)
		exec(t, `UPDATE videos SET published_at = now() - interval '60 days' WHERE account_id = $1`, acc.ID)
	}
	refreshes := func() int {
		t.Helper()
		cronRefreshDone(t, a)
		return count(t, `SELECT count(*) FROM scrape_jobs WHERE workspace_id = $1 AND reason = 'refresh'`, ws.ID)
	}
	due()
	if n := refreshes(); n != 1 {
		t.Fatalf("%d refreshes of the due account, want 1", n)
	}
	if got := workspace(); got != (scrapeBudget{PerDay: 50, UsedLast24h: 30}) {
		t.Fatalf("after a refresh: scrapeBudget %+v, want 30 of 50 used", got)
	}

	// Due again, it would take the day's spend to 60: held back.
	due()
	if n := refreshes(); n != 1 {
		t.Fatalf("%d refreshes with the budget spent, want still 1", n)
	}
	var charged time.Time
	if err := env.PG.QueryRow(t.Context(), `SELECT created_at FROM scrape_jobs WHERE workspace_id = $1 AND reason = 'refresh'`, ws.ID).Scan(&charged); err != nil {
		t.Fatal(err)
	}
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws.ID)
	for _, path := range []string{"/api/accounts/" + acc.ID.String() + "/analytics", "/api/overview"} {
		var out struct {
			NextScrapeAt     *time.Time `json:"nextScrapeAt"`
			NextScrapeReason *string    `json:"nextScrapeReason"`
		}
		a.request("GET", path, nil, c).expect(t, 200).decode(t, &out)
		if out.NextScrapeReason == nil || *out.NextScrapeReason != "budget" || out.NextScrapeAt == nil {
			t.Fatalf("%s: next scrape %v for %s, want one held back for the budget", path, out.NextScrapeAt, deref(out.NextScrapeReason))
		}
		if d := out.NextScrapeAt.Sub(charged.Add(24 * time.Hour)); d < -time.Second || d > 2*time.Second {
			t.Fatalf("%s: next scrape %s, want when the spend of %s is a day old", path, out.NextScrapeAt, charged)
		}
	}
	// The spend a day old, the account is refreshed again.
	exec(t, `UPDATE scrape_jobs SET created_at = created_at - interval '1 day' WHERE workspace_id = $1 AND reason = 'refresh'`, ws.ID)
	if n := refreshes(); n != 2 {
		t.Fatalf("%d refreshes once the spend is a day old, want 2", n)
	}
	if got := workspace(); got != (scrapeBudget{PerDay: 50, UsedLast24h: 30}) {
		t.Fatalf("after the second refresh: scrapeBudget %+v, want 30 of 50 used", got)
	}
}
