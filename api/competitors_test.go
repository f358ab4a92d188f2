package api_test

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"testing"
	"time"

	"github.com/google/uuid"

	querycompetitors "github.com/reeltrack/reeltrack/query/competitors"
)

// TestCompetitorsBesideNeverInside: an account tracked as a competitor is
// scraped and shown beside the workspace's own account with the same
// figures, and never reaches the workspace's overview, accounts or
// videos; the competitors follow the workspace's plan; members, video
// links and other workspaces are refused; removing it empties the set.
func TestCompetitorsBesideNeverInside(t *testing.T) {
	a, sim := newScrapingApp(t)
	owner := a.signUp(uniqueEmail("rivals"))
	ws := a.bootstrap(owner).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'growth', video_limit = 1000 WHERE id = $1`, ws)

	var own trackOut
	a.request("POST", "/api/track", map[string]any{"url": "https://www.tiktok.com/@ownbrand", "tracking_limit": 8}, owner).expect(t, 200).decode(t, &own)
	if got := waitJob(t, own.JobID); got != "processed" {
		t.Fatalf("scraping the own account: %s", got)
	}
	type totals struct {
		Totals struct{ Videos, Accounts, Views int64 }
	}
	var before totals
	a.request("GET", "/api/overview?datePreset=all", nil, owner).expect(t, 200).decode(t, &before)

	member := a.member(owner, uniqueEmail("rivals-member"), "member")
	a.request("POST", "/api/competitors", map[string]any{"url": "https://www.tiktok.com/@rivalbrand"}, member).expect(t, 403)
	a.request("POST", "/api/competitors", map[string]any{"url": "https://www.tiktok.com/@rivalbrand/video/7301234567890123456"}, owner).expect(t, 400)
	a.request("POST", "/api/competitors", map[string]any{"url": "https://www.tiktok.com/@rivalbrand", "trackingLimit": 500}, owner).expect(t, 400)
	var added struct {
		ID    uuid.UUID
		JobID string
	}
	a.request("POST", "/api/competitors", map[string]any{"url": "https://www.tiktok.com/@rivalbrand", "trackingLimit": 10}, owner).expect(t, 201).decode(t, &added)
	if got := waitJob(t, added.JobID); got != "processed" {
		t.Fatalf("scraping the competitor: %s", got)
	}

	var cmp querycompetitors.Comparison
	a.request("GET", "/api/competitors?days=365", nil, member).expect(t, 200).decode(t, &cmp)
	if len(cmp.Accounts) != 1 || len(cmp.Competitors) != 1 {
		t.Fatalf("%d accounts and %d competitors", len(cmp.Accounts), len(cmp.Competitors))
	}
	rival, mine := cmp.Competitors[0], cmp.Accounts[0]
	if rival.Handle != "rivalbrand" || rival.ID == nil || *rival.ID != added.ID || rival.Videos == 0 || rival.Videos > 10 || rival.Followers == nil || rival.TotalViews == nil {
		t.Fatalf("the competitor %+v", rival)
	}
	if mine.Handle != "ownbrand" || cmp.Own.Videos != mine.Videos || cmp.Own.TotalViews == nil || *cmp.Own.TotalViews != *mine.TotalViews || rival.Posts > rival.Videos {
		t.Fatalf("the own side %+v, together %+v", mine, cmp.Own)
	}

	// its panel, as an account's; not the workspace's account
	var panel struct {
		Account struct {
			Handle        string
			TrackedVideos int
		}
		Videos      []struct{ ID uuid.UUID }
		ViewsSeries []struct{ Views int64 }
	}
	a.request("GET", "/api/competitors/"+added.ID.String(), nil, member).expect(t, 200).decode(t, &panel)
	if panel.Account.Handle != "rivalbrand" || panel.Account.TrackedVideos != rival.Videos || len(panel.Videos) == 0 || len(panel.ViewsSeries) == 0 {
		t.Fatalf("the competitor's panel %+v", panel)
	}
	a.request("GET", "/api/videos/"+panel.Videos[0].ID.String(), nil, owner).expect(t, 404)
	a.request("GET", "/api/competitors/"+own.ID.String(), nil, owner).expect(t, 404)

	// the export: the same rows
	a.request("GET", "/api/competitors?days=365", nil, member).expect(t, 200).decode(t, &cmp)
	rival = cmp.Competitors[0]
	res := a.request("GET", "/api/competitors/export?days=365", nil, member).expect(t, 200)
	table, err := csv.NewReader(bytes.NewReader(res.Body)).ReadAll()
	if err != nil || len(table) != 4 || table[0][0] != "side" || table[1][0] != "own" || table[2][3] != "ownbrand" || table[3][0] != "competitor" ||
		table[3][3] != "rivalbrand" || table[3][7] != strconv.FormatUint(*rival.TotalViews, 10) {
		t.Fatalf("the export %q: %v", table, err)
	}

	// never inside the workspace's numbers
	var after totals
	a.request("GET", "/api/overview?datePreset=all", nil, owner).expect(t, 200).decode(t, &after)
	if after != before {
		t.Fatalf("the overview moved with a competitor: %+v, then %+v", before, after)
	}
	var accounts struct{ Total int }
	a.request("GET", "/api/accounts", nil, owner).expect(t, 200).decode(t, &accounts)
	var videos struct{ Total int64 }
	a.request("GET", "/api/videos", nil, owner).expect(t, 200).decode(t, &videos)
	if accounts.Total != 1 || videos.Total != before.Totals.Videos {
		t.Fatalf("the lists hold %d accounts and %d videos", accounts.Total, videos.Total)
	}
	a.request("GET", "/api/accounts/"+added.ID.String(), nil, owner).expect(t, 404)

	// views gained per day, yours beside the competitor's, as each panel's,
	// after a second scrape of both
	moveSimClock(t, sim, 6*time.Hour)
	set := uuid.Nil
	if err := env.PG.QueryRow(t.Context(), `SELECT id FROM workspaces WHERE competitors_of = $1`, ws).Scan(&set); err != nil {
		t.Fatal(err)
	}
	exec(t, `UPDATE accounts SET last_scraped_at = last_scraped_at - interval '2 days' WHERE workspace_id = ANY($1)`, []uuid.UUID{ws, set})
	httpRequest(a, "GET", "/api/cron/refresh", "Bearer "+cronSecret).expect(t, 200)
	waitJobsOfWorkspace(t, ws)
	waitJobsOfWorkspace(t, set)
	var series querycompetitors.Series
	a.request("GET", "/api/competitors/series?days=7", nil, member).expect(t, 200).decode(t, &series)
	var ownPanel struct{ ViewsSeries []struct{ ViewsGained int64 } }
	a.request("GET", "/api/accounts/"+own.ID.String()+"/analytics", nil, owner).expect(t, 200).decode(t, &ownPanel)
	var rivalPanel struct{ ViewsSeries []struct{ ViewsGained int64 } }
	a.request("GET", "/api/competitors/"+added.ID.String(), nil, owner).expect(t, 200).decode(t, &rivalPanel)
	if len(series.Times) != 7 || len(series.Own) != 7 || len(series.Competitors) != 1 || len(series.Competitors[0].Gained) != 7 {
		t.Fatalf("the series %+v", series)
	}
	sum := func(xs []int64) (n int64) {
		for _, x := range xs {
			n += x
		}
		return n
	}
	panelSum := func(ps []struct{ ViewsGained int64 }) (n int64) {
		for _, p := range ps[max(len(ps)-7, 0):] {
			n += p.ViewsGained
		}
		return n
	}
	if sum(series.Own) != panelSum(ownPanel.ViewsSeries) || sum(series.Competitors[0].Gained) != panelSum(rivalPanel.ViewsSeries) ||
		sum(series.Own) == 0 || sum(series.Competitors[0].Gained) == 0 {
		t.Fatalf("the series' gains %d and %d, the panels' last 7 days %d and %d", sum(series.Own), sum(series.Competitors[0].Gained),
			panelSum(ownPanel.ViewsSeries), panelSum(rivalPanel.ViewsSeries))
	}

	// the competitors follow the workspace's plan
	exec(t, `UPDATE workspaces SET plan = 'starter', video_limit = 300 WHERE id = $1`, ws)
	if n := count(t, `SELECT count(*) FROM workspaces WHERE competitors_of = $1 AND plan = 'starter' AND video_limit = 300`, ws); n != 1 {
		t.Fatal("the competitors did not follow the plan")
	}

	other := a.signUp(uniqueEmail("rivals-other"))
	a.bootstrap(other)
	var theirs querycompetitors.Comparison
	a.request("GET", "/api/competitors", nil, other).expect(t, 200).decode(t, &theirs)
	if len(theirs.Competitors) != 0 {
		t.Fatal("another workspace sees the competitors")
	}
	a.request("DELETE", "/api/competitors/"+added.ID.String(), nil, other).expect(t, 404)
	a.request("GET", "/api/competitors/"+added.ID.String(), nil, other).expect(t, 404)
	a.request("DELETE", "/api/competitors/"+own.ID.String(), nil, owner).expect(t, 404)
	a.request("DELETE", "/api/competitors/"+added.ID.String(), nil, member).expect(t, 403)
	a.request("DELETE", "/api/competitors/"+added.ID.String(), nil, owner).expect(t, 204)
	a.request("GET", "/api/competitors", nil, owner).expect(t, 200).decode(t, &cmp)
	if len(cmp.Competitors) != 0 {
		t.Fatalf("after the removal: %+v", cmp.Competitors)
	}
	for _, action := range []string{"competitor_added", "competitor_removed"} {
		if count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND action = $2`, ws, action) != 1 {
			t.Errorf("no %s in the activity log", action)
		}
	}
}
