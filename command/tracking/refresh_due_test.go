package tracking_test

import (
	"log/slog"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/campaigns"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// TestRefreshStaysWithinTheScrapeBudget drives the refresh cron over a
// Growth workspace whose budget binds: everything is due, but most of the
// day's budget is spent. The refresh queues the young accounts (and the
// fast-growing videos, where the views per hour are known) first, stops
// where the next item would take the last 24 hours' spend over the
// budget, holds the rest back with the reason budget, and queues them once
// the old spend is a day old, again within the budget.
func TestRefreshStaysWithinTheScrapeBudget(t *testing.T) {
	// not parallel: a refresh plans every workspace, and another test's
	// refresh, on a clock of its own, would see this workspace's ledger
	// from another day
	now := time.Now().UTC()
	const videoLimit = 60
	ws := env.Workspace(t, testenv.WorkspaceOptions{Plan: plan.Growth, VideoLimit: videoLimit})
	growth, _ := plan.Lookup(plan.Growth)
	budget := growth.BudgetFor(videoLimit) // 240 a day
	long := now.Add(-10 * 24 * time.Hour)
	scraped := now.Add(-5 * 24 * time.Hour)

	// three young accounts of 10 videos (their newest published 2 hours
	// ago), and 20 videos tracked by link, published two months ago
	var young []uuid.UUID
	for range 3 {
		acc := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive, TrackingLimit: 10, CreatedAt: long, LastScrapedAt: scraped})
		env.Video(t, ws, testenv.VideoOptions{AccountID: acc, Status: domain.ItemActive, PublishedAt: now.Add(-2 * time.Hour), CreatedAt: long})
		env.Video(t, ws, testenv.VideoOptions{AccountID: acc, Status: domain.ItemActive, PublishedAt: now.Add(-20 * 24 * time.Hour), CreatedAt: long})
		young = append(young, acc)
	}
	var settled []uuid.UUID
	for range 20 {
		v := env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive, PublishedAt: now.Add(-60 * 24 * time.Hour), CreatedAt: long})
		exec(t, `UPDATE videos SET last_scraped_at = $2 WHERE id = $1`, v, scraped)
		settled = append(settled, v)
	}
	// Two of the old videos grow fast by the insights step's numbers:
	// they are chosen before the settled ones too.
	growing, settled := settled[:2], settled[2:]
	for i, v := range append(append([]uuid.UUID{}, growing...), settled...) {
		vph := 1.0
		if i < len(growing) {
			vph = 500
		}
		exec(t, `INSERT INTO video_insights (video_id, workspace_id, curve, views_per_hour, outlier_state, forecast_state, computed_at)
			VALUES ($1, $2, '{}', $3, 'no_early_views', 'too_old', $4)`, v, ws, vph, now)
	}
	// a refresh of the last day already spent all but 35 snapshots
	earlier := uuid.New()
	exec(t, `INSERT INTO scrape_jobs (id, workspace_id, platform, actor, input, reason, status, snapshots, created_at, updated_at)
		VALUES ($1, $2, 'tiktok', 'a', '{}', 'refresh', $3, $4, $5, $5)`, earlier, ws, domain.JobProcessed, budget-35, now.Add(-20*time.Hour))

	h := tracking.RefreshDueHandler{DB: env.PG, Actors: ingest.DefaultActors(), MaxPerRun: 100,
		Start: tracking.StartScrapeHandler{DB: env.PG, Log: slog.New(slog.DiscardHandler)}, Now: func() time.Time { return now }}
	run := func() {
		t.Helper()
		// another test's refresh may hold the lock for a moment: the
		// refresh then only retries; call again until this one planned
		for range 50 {
			if _, err := h.Handle(t.Context(), tracking.RefreshDue{}); err != nil {
				t.Fatal(err)
			}
			if scalar[bool](t, `SELECT NOT EXISTS (SELECT 1 FROM videos WHERE workspace_id = $1 AND tracked_individually AND refresh_reason IS NULL)`, ws) {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Fatal("the refresh never planned the workspace")
	}
	queued := func() map[uuid.UUID]bool {
		t.Helper()
		rows, err := env.PG.Query(t.Context(), `SELECT t.entity_id FROM scrape_job_targets t JOIN scrape_jobs j ON j.id = t.job_id
			WHERE j.workspace_id = $1 AND j.reason = 'refresh'`, ws)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		out := map[uuid.UUID]bool{}
		for rows.Next() {
			var id uuid.UUID
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			out[id] = true
		}
		return out
	}
	spent := func(since time.Time) int {
		t.Helper()
		return scalar[int](t, `SELECT coalesce(sum(snapshots), 0)::int FROM scrape_jobs WHERE workspace_id = $1 AND reason = 'refresh' AND created_at > $2`, ws, since)
	}
	reason := func(id uuid.UUID) string {
		t.Helper()
		return scalar[string](t, `SELECT refresh_reason FROM videos WHERE id = $1 UNION ALL SELECT refresh_reason FROM accounts WHERE id = $1`, id)
	}

	run()
	got := queued()
	for _, id := range append(append([]uuid.UUID{}, young...), growing...) {
		if !got[id] {
			t.Errorf("the young or growing item %s was not queued", id)
		}
	}
	held := 0
	for _, id := range settled {
		if r := reason(id); r == "budget" {
			held++
		} else if !got[id] {
			t.Errorf("settled video %s neither queued nor held back (reason %s)", id, r)
		}
	}
	if held == 0 {
		t.Fatal("no settled video held back: the budget did not bind")
	}
	// 3 accounts of 10, then as many settled videos as fit: to the
	// snapshot, the 35 left
	if s := spent(now.Add(-24 * time.Hour)); s > budget || s != budget-35+30+len(growing)+(len(settled)-held) || budget-s > 1 {
		t.Fatalf("%d snapshots charged over the last 24 hours (%d queued), budget %d", s, len(got), budget)
	}

	// Nothing more fits today.
	run()
	if n := len(queued()); n != len(got) {
		t.Fatalf("a second call queued %d more items within a full budget", n-len(got))
	}
	// Once the old spend is a day old, the held-back videos are queued,
	// the spend staying within the budget.
	now = now.Add(4*time.Hour + time.Minute)
	run()
	after := queued()
	for _, id := range settled {
		if !after[id] {
			t.Errorf("settled video %s still not queued after the old spend aged out (reason %s)", id, reason(id))
		}
	}
	if s := spent(now.Add(-24 * time.Hour)); s > budget {
		t.Fatalf("%d snapshots charged over the last 24 hours, budget %d", s, budget)
	}
}

// TestRefreshKeepsCampaignAndWatchedItemsFresh: on a Growth workspace
// (6-hour interval), an account with a video inside a campaign's counting
// window is planned sooner than the plan's interval, one whose videos are
// covered by an enabled alert rule keeps the plan's interval, and the same
// accounts without (a video past the window, a disabled rule) are settled;
// the reasons are stored for the dashboard.
func TestRefreshKeepsCampaignAndWatchedItemsFresh(t *testing.T) {
	t.Parallel()
	now := time.Now().UTC()
	ws := env.Workspace(t, testenv.WorkspaceOptions{Plan: plan.Growth})
	owner := env.Owner(t, ws)
	campaign := env.Collection(t, ws, "Campaign")
	watched := env.Collection(t, ws, "Watched")
	unwatched := env.Collection(t, ws, "Unwatched")
	err := campaigns.CreateCampaignHandler{DB: env.PG, Now: func() time.Time { return now.Add(-30 * 24 * time.Hour) }}.Handle(t.Context(), campaigns.CreateCampaign{
		WorkspaceID: ws, ActorID: owner, CollectionID: campaign, Currency: "USD", Period: "weekly",
		Settings: domain.CampaignSettings{StartsAt: now.Add(-30 * 24 * time.Hour)},
		Rules:    payout.Terms{Tiers: []payout.Tier{{From: 0, CPM: 100}}, WindowHours: 7 * 24},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct {
		collection uuid.UUID
		enabled    bool
	}{{watched, true}, {unwatched, false}} {
		exec(t, `INSERT INTO alert_rules (id, workspace_id, name, collection_id, metric, condition, threshold, window_hours, event_type, enabled)
			VALUES ($1, $2, 'spikes', $3, 'views', 'gain', 1000, 24, $4, $5)`, uuid.New(), ws, r.collection, domain.EventSpike, r.enabled)
	}
	account := func(collection uuid.UUID, published time.Duration) uuid.UUID {
		acc := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive, TrackingLimit: 5, CollectionID: &collection,
			CreatedAt: now.Add(-40 * 24 * time.Hour), LastScrapedAt: now.Add(-10 * time.Minute)})
		env.Video(t, ws, testenv.VideoOptions{AccountID: acc, Status: domain.ItemActive, PublishedAt: now.Add(-published), CreatedAt: now.Add(-published)})
		return acc
	}
	inWindow := account(campaign, 3*24*time.Hour)
	pastWindow := account(campaign, 10*24*time.Hour)
	covered := account(watched, 20*24*time.Hour)
	uncovered := account(unwatched, 20*24*time.Hour)

	h := tracking.RefreshDueHandler{DB: env.PG, Actors: ingest.DefaultActors(), MaxPerRun: 100,
		Start: tracking.StartScrapeHandler{DB: env.PG, Log: slog.New(slog.DiscardHandler)}, Now: func() time.Time { return now }}
	planned := func(id uuid.UUID) (string, int) {
		t.Helper()
		var reason *string
		var secs *int
		if err := env.PG.QueryRow(t.Context(), `SELECT refresh_reason, refresh_interval_secs FROM accounts WHERE id = $1`, id).Scan(&reason, &secs); err != nil {
			t.Fatal(err)
		}
		if reason == nil || secs == nil {
			return "", 0
		}
		return *reason, *secs
	}
	for range 50 {
		if _, err := h.Handle(t.Context(), tracking.RefreshDue{}); err != nil {
			t.Fatal(err)
		}
		if r, _ := planned(uncovered); r != "" {
			break
		}
		time.Sleep(100 * time.Millisecond) // another test's refresh held the lock
	}
	base := int((6 * time.Hour).Seconds())
	for _, c := range []struct {
		name   string
		id     uuid.UUID
		reason string
		ok     func(secs int) bool
	}{
		{"in a campaign window", inWindow, "campaign", func(s int) bool { return s < base }},
		{"past the campaign window", pastWindow, "settled", func(s int) bool { return s >= base }},
		{"watched by a rule", covered, "alert_rule", func(s int) bool { return s == base }},
		{"under a disabled rule", uncovered, "settled", func(s int) bool { return s >= base }},
	} {
		if r, s := planned(c.id); r != c.reason || !c.ok(s) {
			t.Errorf("account %s: planned %q every %d s, want %s (the plan's interval is %d s)", c.name, r, s, c.reason, base)
		}
	}
}

// TestWorkspacesBilledTogetherShareTheLimitAndTheBudget: a workspace billed
// by another (an organisation's client, billed by its home) shares the
// payer's video limit and scrape budget. Over the shared limit, the
// refresh leaves out the newest items across both workspaces; the
// snapshots either spent count against the one budget.
func TestWorkspacesBilledTogetherShareTheLimitAndTheBudget(t *testing.T) {
	// not parallel: a refresh plans every workspace (see above)
	now := time.Now().UTC()
	const videoLimit = 30
	payer := env.Workspace(t, testenv.WorkspaceOptions{Plan: plan.Growth, VideoLimit: videoLimit})
	client := env.Workspace(t, testenv.WorkspaceOptions{Plan: plan.Growth, VideoLimit: videoLimit})
	exec(t, `UPDATE workspaces SET billed_by = $2 WHERE id = $1`, client, payer)
	growth, _ := plan.Lookup(plan.Growth)
	budget := growth.BudgetFor(videoLimit) // 120 a day
	scraped := now.Add(-5 * 24 * time.Hour)

	// 20 videos of the payer's, then 20 of the client's, tracked later: 40
	// in use of the 30
	track := func(ws uuid.UUID, created time.Time) uuid.UUID {
		v := env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive, PublishedAt: now.Add(-60 * 24 * time.Hour), CreatedAt: created})
		exec(t, `UPDATE videos SET last_scraped_at = $2 WHERE id = $1`, v, scraped)
		return v
	}
	var payers, clients []uuid.UUID
	for i := range 20 {
		payers = append(payers, track(payer, now.Add(-20*24*time.Hour+time.Duration(i)*time.Minute)))
	}
	for i := range 20 {
		clients = append(clients, track(client, now.Add(-10*24*time.Hour+time.Duration(i)*time.Minute)))
	}
	if got := scalar[int](t, `SELECT `+plan.VideoUsageSQL, client); got != 40 {
		t.Fatalf("the client's usage counts %d videos, want the 40 of both", got)
	}
	// the client's refreshes of the last day spent all but 25 of the budget
	exec(t, `INSERT INTO scrape_jobs (id, workspace_id, platform, actor, input, reason, status, snapshots, created_at, updated_at)
		VALUES ($1, $2, 'tiktok', 'a', '{}', 'refresh', $3, $4, $5, $5)`, uuid.New(), client, domain.JobProcessed, budget-25, now.Add(-20*time.Hour))

	h := tracking.RefreshDueHandler{DB: env.PG, Actors: ingest.DefaultActors(), MaxPerRun: 100,
		Start: tracking.StartScrapeHandler{DB: env.PG, Log: slog.New(slog.DiscardHandler)}, Now: func() time.Time { return now }}
	for i := 0; ; i++ {
		if _, err := h.Handle(t.Context(), tracking.RefreshDue{}); err != nil {
			t.Fatal(err)
		}
		if scalar[bool](t, `SELECT NOT EXISTS (SELECT 1 FROM videos WHERE workspace_id = $1 AND refresh_reason IS NULL)`, payer) {
			break
		}
		if i == 50 {
			t.Fatal("the refresh never planned the paying workspace")
		}
		time.Sleep(100 * time.Millisecond) // another test's refresh holds the lock
	}
	queued := func(ids []uuid.UUID) (n int) {
		t.Helper()
		return scalar[int](t, `SELECT count(*) FROM scrape_job_targets t JOIN scrape_jobs j ON j.id = t.job_id
			WHERE j.reason = 'refresh' AND t.entity_id = ANY($1)`, ids)
	}
	if n := queued(clients[10:]); n != 0 {
		t.Fatalf("%d of the client's 10 newest videos, past the shared limit, were queued", n)
	}
	if n := scalar[int](t, `SELECT count(*) FROM videos WHERE id = ANY($1) AND refresh_reason IS NOT NULL`, clients[10:]); n != 0 {
		t.Fatalf("%d of the client's videos past the shared limit were planned", n)
	}
	both := append(append([]uuid.UUID{}, payers...), clients[:10]...)
	if n := queued(both); n != 25 {
		t.Fatalf("%d videos within the limit queued, want the 25 the shared budget has left", n)
	}
	if spent := scalar[int](t, `SELECT coalesce(sum(snapshots), 0)::int FROM scrape_jobs
		WHERE workspace_id = ANY($1) AND reason = 'refresh' AND created_at > $2`, []uuid.UUID{payer, client}, now.Add(-24*time.Hour)); spent != budget {
		t.Fatalf("%d snapshots charged to the two workspaces over the last 24 hours, want the budget's %d", spent, budget)
	}
}
