package api_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
)

// TestCampaignPayouts runs a campaign over simulated weeks through the API:
// lines projected while their windows are open, locked by the settle run of
// /api/cron/alerts with the views at the window's end, each cap binding
// (view cap, cross-post, creator cap, budget), a rules change that applies
// to later videos only, views that fall after the lock, reviews, the budget
// alert and the export. Every locked line's views are read back
// independently from the raw metric_snapshots.
//
// Not parallel: the settle run settles every campaign of the package's
// database at the app's clock, and another test's run must not lock these
// lines at its own.
func TestCampaignPayouts(t *testing.T) {
	monday := time.Date(2026, 10, 5, 0, 0, 0, 0, time.UTC)
	// the app's clock, set to simulated times (the real time shifted: the
	// seconds the test takes do not matter at its hours)
	clock := &shiftedClock{}
	at := func(t time.Time) { clock.set(time.Until(t)) }
	at(monday.Add(3*24*time.Hour + 12*time.Hour))
	a := newApp(t, func(d *wiring.Deps) { d.Now, d.Config.CronSecret = clock.Now, cronSecret })
	owner := a.signUp(uniqueEmail("payouts"))
	ws := a.bootstrap(owner).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000 WHERE id = $1`, ws)
	coll := env.Collection(t, ws, "Autumn clipping")

	ana := uuid.New()
	exec(t, `INSERT INTO creators (id, workspace_id, name, posting_goal) VALUES ($1, $2, 'Ana', 3)`, ana, ws)
	account := func(handle string, plat platform.Platform, creator *uuid.UUID) uuid.UUID {
		id := env.Account(t, ws, testenv.AccountOptions{Platform: plat, Handle: handle, Status: domain.ItemActive, CollectionID: &coll, LastScrapedAt: time.Now()})
		if creator != nil {
			exec(t, `UPDATE accounts SET creator_id = $2 WHERE id = $1`, id, *creator)
		}
		return id
	}
	anaTT, anaIG := account("ana_tt", platform.TikTok, &ana), account("ana_ig", platform.Instagram, &ana)
	boTT := account("bo_tt", platform.TikTok, nil)
	// Cleo has an account in the campaign and a goal of 2 videos a week,
	// and posts nothing
	cleo := uuid.New()
	exec(t, `INSERT INTO creators (id, workspace_id, name, posting_goal) VALUES ($1, $2, 'Cleo', 2)`, cleo, ws)
	account("cleo_ig", platform.Instagram, &cleo)

	// USD, weekly; 0.10 per 1,000 views up to 100,000, then 0.05; at most
	// 500,000 views a video, 30.00 a creator a week, 50.00 in all
	var created querycampaigns.Campaign
	a.request("POST", "/api/campaigns", map[string]any{
		"collectionId": coll, "currency": "usd", "startsAt": monday, "budget": 5000, "period": "weekly",
		"rules": map[string]any{"tiers": []map[string]int{{"fromViews": 0, "cpm": 10}, {"fromViews": 100_000, "cpm": 5}}, "viewCap": 500_000, "creatorCap": 3000},
	}, owner).expect(t, 201).decode(t, &created)
	if created.ID != coll || created.Currency != "USD" || created.MinorDigits != 2 || created.Rules.Version != 1 || created.Rules.WindowHours != 168 {
		t.Fatalf("created %+v", created)
	}
	// refused: nothing written
	for _, body := range []map[string]any{
		{"collectionId": coll, "currency": "USD", "startsAt": monday, "period": "weekly", "rules": map[string]any{"tiers": []map[string]int{{"fromViews": 0, "cpm": 10}}}},
		{"collectionId": env.Collection(t, ws, "Other"), "currency": "EURO", "startsAt": monday, "period": "weekly", "rules": map[string]any{"tiers": []map[string]int{{"fromViews": 0, "cpm": 10}}}},
		{"collectionId": uuid.New(), "currency": "USD", "startsAt": monday, "period": "daily", "rules": map[string]any{"tiers": []map[string]int{{"fromViews": 5, "cpm": 10}}}},
	} {
		if res := a.request("POST", "/api/campaigns", body, owner); res.Status != 400 && res.Status != 404 && res.Status != 409 {
			t.Errorf("refused creation answered %d: %s", res.Status, res.Body)
		}
	}
	if n := count(t, `SELECT count(*) FROM campaigns WHERE workspace_id = $1`, ws); n != 1 {
		t.Fatalf("%d campaigns after refused creations", n)
	}

	video := func(key string, plat platform.Platform, acc uuid.UUID, handle, caption string, published time.Time) uuid.UUID {
		return env.Video(t, ws, testenv.VideoOptions{Platform: plat, PlatformID: key, AccountID: acc, AccountHandle: handle, Caption: caption,
			Status: domain.ItemActive, PublishedAt: published, CreatedAt: published, LastScrapedAt: time.Now()})
	}
	clip := "Morning routine that changed my life #fyp"
	a1 := video("a1", platform.TikTok, anaTT, "ana_tt", clip, monday.Add(24*time.Hour))
	a2 := video("a2", platform.Instagram, anaIG, "ana_ig", "morning routine that changed my LIFE!", monday.Add(26*time.Hour))
	a3 := video("a3", platform.TikTok, anaTT, "ana_tt", "Desk setup tour, part one of three", monday.Add(48*time.Hour))
	b1 := video("b1", platform.TikTok, boTT, "bo_tt", "A video that went far beyond the others", monday.Add(60*time.Hour))
	accountOf := map[uuid.UUID]uuid.UUID{a1: anaTT, a2: anaIG, a3: anaTT, b1: boTT}
	platformOf := map[uuid.UUID]platform.Platform{a1: platform.TikTok, a2: platform.Instagram, a3: platform.TikTok, b1: platform.TikTok}

	snap := func(id uuid.UUID, at time.Time, views uint64) {
		t.Helper()
		w := ingest.NewSnapshotWriter(env.CH, 10, time.Now())
		err := w.Add(context.Background(), ingest.Snapshot{WorkspaceID: ws, Platform: platformOf[id], Kind: platform.Video, EntityID: id, AccountID: accountOf[id],
			ScrapedAt: at, Metrics: ingest.Metrics{Views: u64(views), Likes: u64(views / 20), Comments: u64(views / 200)}, JobID: uuid.New()})
		if err == nil {
			err = w.Flush(context.Background())
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range []uuid.UUID{a1, a2, a3, b1} {
		snap(id, monday.Add(3*24*time.Hour), 50_000)
	}

	// while the windows are open, every line is projected from the latest
	// snapshot
	page := func() querycampaigns.CampaignPage {
		var p querycampaigns.CampaignPage
		a.request("GET", "/api/campaigns/"+coll.String(), nil, owner).expect(t, 200).decode(t, &p)
		return p
	}
	p := page()
	if p.Counts.Projected != 4 || p.Counts.Locked != 0 || p.Campaign.Spend.Committed != 0 || p.Campaign.Spend.Projected == nil || *p.Campaign.Spend.Projected == 0 {
		t.Fatalf("open windows: counts %+v, spend %+v", p.Counts, p.Campaign.Spend)
	}

	// the rules change mid-campaign: videos published from now on earn 0.20
	// per 1,000; the four above keep version 1
	var v2 querycampaigns.RulesVersion
	a.request("POST", "/api/campaigns/"+coll.String()+"/rules", map[string]any{"tiers": []map[string]int{{"fromViews": 0, "cpm": 20}}, "creatorCap": 3000},
		owner).expect(t, 201).decode(t, &v2)
	if v2.Version != 2 {
		t.Fatalf("new rules: %+v", v2)
	}
	at(monday.Add(4 * 24 * time.Hour))
	c1 := video("c1", platform.TikTok, boTT, "bo_tt", "Something new", monday.Add(4*24*time.Hour))
	accountOf[c1], platformOf[c1] = boTT, platform.TikTok

	// the views at the windows' ends (7 days after publication), and later
	// ones that must not count
	snap(a1, monday.Add(8*24*time.Hour-time.Hour), 200_000)
	snap(a2, monday.Add(8*24*time.Hour), 150_000)
	snap(a3, monday.Add(9*24*time.Hour-2*time.Hour), 400_000)
	snap(b1, monday.Add(9*24*time.Hour+12*time.Hour), 2_000_000)
	snap(c1, monday.Add(6*24*time.Hour), 10_000)
	for _, id := range []uuid.UUID{a1, a2, a3, b1} {
		snap(id, monday.Add(10*24*time.Hour), 3_000_000)
	}

	// the week after: the settle run locks the four closed lines in order of
	// their windows' ends
	at(monday.Add(10*24*time.Hour + time.Hour))
	cron := func() map[string]any {
		var out map[string]any
		httpRequest(a, "GET", "/api/cron/alerts", "Bearer "+cronSecret).expect(t, 200).decode(t, &out)
		return out
	}
	exec(t, `UPDATE users SET email_verified_at = now() WHERE id = (SELECT user_id FROM workspace_members WHERE workspace_id = $1)`, ws)
	cron()
	var ledger querycampaigns.LinesPage
	a.request("GET", "/api/campaigns/"+coll.String()+"/lines?limit=500", nil, owner).expect(t, 200).decode(t, &ledger)
	lines := map[uuid.UUID]querycampaigns.Line{}
	for _, l := range ledger.Lines {
		lines[l.VideoID] = l
	}
	for _, want := range []struct {
		id            uuid.UUID
		status        domain.Line
		views, amount int64
		bound         string
	}{
		// 100,000 × 0.10 + 100,000 × 0.05 per 1,000
		{a1, "locked", 200_000, 1500, ""},
		// the same clip on Instagram earned less than on TikTok: nothing more
		{a2, "locked", 150_000, 0, "cross_post"},
		// 25.00 of its price, cut to what Ana's 30.00 for the week leaves
		{a3, "locked", 400_000, 1500, "creator_cap"},
		// 2,000,000 views, 500,000 paid (30.00), cut to the 20.00 the budget leaves
		{b1, "locked", 2_000_000, 2000, "budget"},
	} {
		l := lines[want.id]
		if l.Status != want.status || l.Views != want.views || l.Amount != want.amount || l.Bound != want.bound || l.RulesVersion != 1 {
			t.Errorf("line %s: %s, %d views, amount %d, bound %q, rules v%d; want %s, %d, %d, %q, v1",
				want.id, l.Status, l.Views, l.Amount, l.Bound, l.RulesVersion, want.status, want.views, want.amount, want.bound)
		}
		// the views recomputed from the raw snapshots: the last at or
		// before the window's end
		var raw uint64
		err := env.CH.QueryRow(context.Background(), `
			SELECT argMax(views, scraped_at) FROM metric_snapshots
			WHERE workspace_id = ? AND entity_id = ? AND scraped_at <= ?`, ws, want.id, l.WindowEnd).Scan(&raw)
		if err != nil || int64(raw) != l.Views {
			t.Errorf("line %s: %d views locked, the raw snapshots say %d (%v)", want.id, l.Views, raw, err)
		}
	}
	if c := lines[c1]; c.Status != domain.LineProjected || c.RulesVersion != 2 || c.Amount != 0 || c.Bound != "budget" {
		t.Errorf("the video published after the change: %+v", c)
	}
	p = page()
	if p.Campaign.Spend.Committed != 5000 || p.Counts.Locked != 4 || p.EffectiveCPM == nil {
		t.Fatalf("after the lock: spend %+v, counts %+v", p.Campaign.Spend, p.Counts)
	}
	// the leaderboard: Ana and bo_tt by amount, then Cleo with nothing yet.
	// On Thursday at 01:00, 43 % into the week, 0 of 2 is on track (the
	// share due, 0.86, rounded down) and 0 of 3 is at risk (3 in the 57 %
	// left, at a pace of 3 a week, is more than one post behind)
	var board []string
	for _, c := range p.Creators {
		line := fmt.Sprintf("%s %d", c.Payee.Name, c.Committed)
		if c.Goal != nil {
			line += fmt.Sprintf(" %d/%d %s", c.Goal.Posted, c.Goal.PerPeriod, c.Goal.Status)
		}
		board = append(board, line)
	}
	if got := strings.Join(board, ", "); got != "Ana 3000 0/3 at_risk, bo_tt 2000, Cleo 0 0/2 on_track" {
		t.Errorf("leaderboard %q", got)
	}
	// the budget alert went to the owner's outbox once, the later runs
	// sent no other
	defer func() {
		if n := count(t, `SELECT count(*) FROM mail_outbox WHERE workspace_id = $1 AND subject LIKE '%budget alert%at 100 %'`, ws); n != 1 {
			t.Errorf("%d budget e-mails", n)
		}
	}()
	if n := count(t, `SELECT count(*) FROM campaigns WHERE collection_id = $1 AND budget_alerted = 100`, coll); n != 1 {
		t.Fatal("the 100 % budget alert was not recorded")
	}
	// the settle run's events: one payout.line_locked per locked line and
	// one campaign.budget at 100 %
	if n := count(t, `SELECT count(*) FROM events WHERE workspace_id = $1 AND type = 'payout.line_locked' AND collection_id = $2`, ws, coll); n != 4 {
		t.Errorf("%d payout.line_locked events, want the 4 locked lines", n)
	}
	if n := count(t, `SELECT count(*) FROM events WHERE workspace_id = $1 AND type = 'campaign.budget'
		AND payload->>'threshold' = '100' AND payload->>'committed' = '50.00' AND payload->>'budget' = '50.00'`, ws); n != 1 {
		t.Errorf("%d campaign.budget events at 100 %% of 50.00", n)
	}

	// later scrapes do not change locked lines; views that fall below the
	// locked count hold the line
	snap(a1, monday.Add(10*24*time.Hour+12*time.Hour), 120_000)
	at(monday.Add(10*24*time.Hour + 13*time.Hour))
	cron()
	a.request("GET", "/api/campaigns/"+coll.String()+"/lines?status=held", nil, owner).expect(t, 200).decode(t, &ledger)
	if ledger.Total != 1 || ledger.Lines[0].VideoID != a1 || ledger.Lines[0].HoldReason != "views_fell" || ledger.Lines[0].Amount != 1500 ||
		ledger.Lines[0].FellTo == nil || *ledger.Lines[0].FellTo != 120_000 {
		t.Fatalf("held lines: %+v", ledger)
	}
	if n := count(t, `SELECT count(*) FROM events WHERE workspace_id = $1 AND type = 'payout.line_held'
		AND video_id = $2 AND payload->>'holdReason' = 'views_fell' AND payload->>'amount' = '15.00'`, ws, a1); n != 1 {
		t.Errorf("%d payout.line_held events for the line whose views fell", n)
	}

	// reviews: all or nothing
	review := func(action string, ids []uuid.UUID, reason string) response {
		return a.request("POST", "/api/campaigns/"+coll.String()+"/lines/review", map[string]any{"action": action, "videoIds": ids, "reason": reason}, owner)
	}
	review("pay", []uuid.UUID{a3}, "").expectError(t, 409, "conflict")
	review("approve", []uuid.UUID{a3, b1, uuid.New()}, "").expectError(t, 404, "not_found")
	review("approve", []uuid.UUID{c1}, "").expectError(t, 404, "not_found")
	review("reject", []uuid.UUID{a2}, "").expectError(t, 400, "invalid_request")
	review("approve", []uuid.UUID{a3, b1}, "").expect(t, 200)
	review("pay", []uuid.UUID{a3, b1}, "").expect(t, 200)
	review("reject", []uuid.UUID{a2}, "posted after the brief's deadline").expect(t, 200)
	review("reopen", []uuid.UUID{a2}, "").expect(t, 200)
	review("clear", []uuid.UUID{a1}, "").expect(t, 200)
	if n := count(t, `SELECT count(*) FROM payout_lines WHERE collection_id = $1 AND status = 'paid' AND paid_by IS NOT NULL`, coll); n != 2 {
		t.Fatalf("%d paid lines", n)
	}
	if n := count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND action = ANY($2)`, ws,
		[]string{"campaign_created", "campaign_rules_changed", "payouts_approved", "payouts_paid", "payouts_rejected", "payouts_reopened", "payouts_cleared"}); n != 7 {
		t.Fatalf("%d activity entries", n)
	}

	// the payout export: one row per line, the projected ones marked so,
	// and per payee and week of the committed ones
	a.request("GET", "/api/campaigns/"+coll.String()+"/lines?limit=500", nil, owner).expect(t, 200).decode(t, &ledger)
	byStatus := map[domain.Line]int{}
	for _, l := range ledger.Lines {
		byStatus[l.Status]++
	}
	if byStatus["projected"] == 0 {
		t.Fatalf("no projected line to export: %v", byStatus)
	}
	exported := func(query string) map[string]int {
		t.Helper()
		res := a.request("GET", "/api/campaigns/"+coll.String()+"/export?"+query, nil, owner).expect(t, 200)
		rows, err := csv.NewReader(strings.NewReader(string(res.Body))).ReadAll()
		if err != nil || len(rows) == 0 || rows[0][0] != "campaign" || rows[0][11] != "status" || rows[0][16] != "amount" {
			t.Fatalf("lines export (%s): %v %q", query, err, rows)
		}
		out := map[string]int{}
		for _, r := range rows[1:] {
			out[r[11]]++
		}
		return out
	}
	if got := exported("kind=lines"); fmt.Sprint(got) != fmt.Sprint(byStatus) {
		t.Fatalf("lines export by status %v, want every line %v", got, byStatus)
	}
	if got := exported("kind=lines&status=projected"); len(got) != 1 || got["projected"] != byStatus["projected"] {
		t.Fatalf("projected lines export %v", got)
	}
	// for Excel, with the byte order mark that says UTF-8
	res := a.request("GET", "/api/campaigns/"+coll.String()+"/export?kind=lines&bom=true", nil, owner).expect(t, 200)
	if !strings.HasPrefix(string(res.Body), "\ufeffcampaign,") {
		t.Fatalf("the export for Excel starts with %q", string(res.Body[:min(len(res.Body), 20)]))
	}
	a.request("GET", "/api/campaigns/"+coll.String()+"/export?kind=lines&bom=yes", nil, owner).expectError(t, 400, "invalid_request")
	res = a.request("GET", "/api/campaigns/"+coll.String()+"/export?kind=creators", nil, owner).expect(t, 200)
	rows, _ := csv.NewReader(strings.NewReader(string(res.Body))).ReadAll()
	var paid []string
	for _, r := range rows[1:] {
		paid = append(paid, r[3]+" "+r[11])
	}
	if strings.Join(paid, ", ") != "Ana 15.00, bo_tt 20.00" {
		t.Fatalf("creators export: %q", rows)
	}

	// another workspace sees none of it
	other := a.signUp(uniqueEmail("payouts-other"))
	a.bootstrap(other)
	a.request("GET", "/api/campaigns/"+coll.String(), nil, other).expectError(t, 404, "not_found")
	review("approve", []uuid.UUID{a1}, "").expect(t, 200)
	a.request("POST", "/api/campaigns/"+coll.String()+"/lines/review", map[string]any{"action": "pay", "videoIds": []uuid.UUID{a1}}, other).expectError(t, 404, "not_found")
}
