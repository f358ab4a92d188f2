package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// campaignLine is a line of a campaign's ledger as the API gives it.
type campaignLine struct {
	VideoID string `json:"videoId"`
	Status  string `json:"status"`
	Amount  int64  `json:"amount"`
	Payee   struct {
		Kind string `json:"kind"`
		ID   string `json:"id"`
		Name string `json:"name"`
	} `json:"payee"`
}

// lines reads a campaign's ledger through the API.
func (s *site) lines(cookie *network.Cookie, id, query string) (out struct {
	Lines []campaignLine `json:"lines"`
	Total int            `json:"total"`
}) {
	s.t.Helper()
	s.api(cookie, "GET", "/campaigns/"+id+"/lines?limit=500"+query, &out)
	return out
}

// TestCampaignPayouts makes a collection a campaign from the Campaigns
// page (currency, first day, budget, two CPM tiers, a one-day window), sees
// its page and its ledger of projected lines, lets the settle run lock the
// lines, approves one from the ledger and sees a refused review's message,
// makes a second version of the rules and raises the budget; then adds a
// creator with the tracked account they post from on the Creators page,
// edits their posting goal, and the campaign's leaderboard pays the
// creator. The campaign's page fits 375 px with every control named.
func TestCampaignPayouts(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 1440, 900, "payouts")
	colID := s.newCollection(cookie, "Creator program")
	// Videos whose windows closed days ago: the simulator dates posts of
	// ids it did not make 2 to 120 hours before it started, by the id;
	// these three 42, 65 and 92 hours. And an account of the collection
	// with its newest videos.
	s.send(cookie, "POST", "/track/bulk", `{"collection_id":"`+colID+`","urls":[
		"https://www.tiktok.com/@payouts.clips/video/7301234567890125001",
		"https://www.tiktok.com/@payouts.clips/video/7301234567890125002",
		"https://www.tiktok.com/@payouts.clips/video/7301234567890125005"]}`, nil)
	var acct struct {
		ID string `json:"id"`
	}
	s.send(cookie, "POST", "/track", `{"url":"https://www.tiktok.com/@payouts.creator","collection_id":"`+colID+`","tracking_limit":3}`, &acct)
	s.waitFirstScrapes(cookie, 6)

	// The new campaign form, from the list.
	do(t, ctx, "create the campaign",
		chromedp.Navigate(s.base+"/campaigns"),
		waitVisible(`[data-testid=new-campaign]`),
		click(`[data-testid=new-campaign]`),
		waitReady(`select[name=collectionId] option[value="`+colID+`"]`),
		setValue(`select[name=collectionId]`, colID),
		setValue(`form[aria-label="New campaign"] input[name=currency]`, "EUR"),
		setValue(`form[aria-label="New campaign"] input[name=startsAt]`, "2023-01-01"),
		setValue(`form[aria-label="New campaign"] input[name=budget]`, "500"),
		setValue(`form[aria-label="New campaign"] input[name=tier-0-cpm]`, "2.00"),
		click(`form[aria-label="New campaign"] [data-testid=add-tier]`),
		setValue(`form[aria-label="New campaign"] input[name=tier-1-from]`, "100000"),
		setValue(`form[aria-label="New campaign"] input[name=tier-1-cpm]`, "1.00"),
		setValue(`form[aria-label="New campaign"] input[name=windowDays]`, "1"),
		click(`form[aria-label="New campaign"] button[type=submit]`),
		waitVisible(`//h1[normalize-space()="Creator program"]`, chromedp.BySearch),
		waitVisible(`table[data-testid=ledger]`),
	)
	var campaign struct {
		Campaign struct {
			Currency    string `json:"currency"`
			MinorDigits int    `json:"minorDigits"`
			Budget      int64  `json:"budget"`
			Period      string `json:"period"`
			Rules       struct {
				Tiers []struct {
					FromViews int64 `json:"fromViews"`
					CPM       int64 `json:"cpm"`
				} `json:"tiers"`
				WindowHours int `json:"windowHours"`
			} `json:"rules"`
		} `json:"campaign"`
	}
	s.api(cookie, "GET", "/campaigns/"+colID, &campaign)
	c := campaign.Campaign
	if c.Currency != "EUR" || c.MinorDigits != 2 || c.Budget != 50000 || c.Rules.WindowHours != 24 ||
		fmt.Sprint(c.Rules.Tiers) != "[{0 200} {100000 100}]" {
		t.Errorf("the form made the campaign %+v", c)
	}

	// The ledger lists every line the API does, projected until locked.
	all := s.lines(cookie, colID, "")
	if all.Total < 6 {
		t.Fatalf("the ledger holds %d lines, want the 6 videos'", all.Total)
	}
	var shown int
	var url string
	do(t, ctx, "the ledger",
		waitVisible(fmt.Sprintf(`//strong[@data-testid="lines-total"][@data-value="%d"]`, all.Total), chromedp.BySearch),
		chromedp.Evaluate(`document.querySelectorAll('tr[data-testid=line]').length`, &shown),
		chromedp.Evaluate(`document.querySelector('[data-testid=export-lines]').getAttribute('href')`, &url),
	)
	if shown != all.Total || !strings.Contains(url, "/api/campaigns/"+colID+"/export") || !strings.Contains(url, "kind=lines") {
		t.Errorf("the ledger shows %d rows of %d lines, its export %q", shown, all.Total, url)
	}

	// The chart by publish date: the campaign's videos on the day each was
	// published, with the views the API says they have.
	var published struct {
		Days []struct{ Views int64 }
	}
	s.api(cookie, "GET", "/overview/by-publish-day?datePreset=all&collectionId="+colID, &published)
	var views int64
	for _, d := range published.Days {
		views += d.Views
	}
	do(t, ctx, "the chart by publish date",
		click(`[data-testid=chart-published]`),
		waitVisible(fmt.Sprintf(`[data-testid=published-chart][data-views="%d"]`, views)),
		click(`[data-testid=chart-accrual]`),
		waitVisible(`[data-testid=chart-accrual][aria-pressed=true]`),
	)

	// The settle run locks the lines whose windows have closed (holding
	// those it cannot price from a snapshot at the window's end).
	s.cron("/cron/alerts")
	var closed []campaignLine
	statuses := map[string]int{}
	for _, l := range s.lines(cookie, colID, "").Lines {
		statuses[l.Status]++
		if l.Status == "locked" || l.Status == "held" {
			closed = append(closed, l)
		}
	}
	if len(closed) < 3 {
		t.Fatalf("after the settle run the lines are %v, want at least the 3 closed days ago locked or held", statuses)
	}
	first, second := closed[0].VideoID, closed[1].VideoID
	var done string
	do(t, ctx, "approve a line",
		chromedp.Reload(),
		waitVisible(`tr[data-testid=line][data-id="`+first+`"][data-status=`+closed[0].Status+`] .select-box`),
		click(`tr[data-testid=line][data-id="`+first+`"] .select-box`),
		waitVisible(`[data-testid=review-bar] button[data-action=approve]`),
		click(`[data-testid=review-bar] button[data-action=approve]`),
		waitVisible(`[data-testid=review-done]`),
		readText(`[data-testid=review-done]`, &done),
		waitVisible(`tr[data-testid=line][data-id="`+first+`"][data-status=approved]`),
	)
	if done != "Approved 1 line." {
		t.Errorf("approving a line says %q", done)
	}
	if got := s.lines(cookie, colID, "&status=approved"); got.Total != 1 || got.Lines[0].VideoID != first {
		t.Errorf("after approving %s the approved lines are %+v", first, got.Lines)
	}

	// Approving an approved line with a locked one: refused, nothing changes.
	var refused string
	do(t, ctx, "a refused review",
		click(`tr[data-testid=line][data-id="`+first+`"] .select-box`),
		click(`tr[data-testid=line][data-id="`+second+`"] .select-box`),
		click(`[data-testid=review-bar] button[data-action=approve]`),
		waitVisible(`[data-testid=review-error]`),
		readText(`[data-testid=review-error]`, &refused),
	)
	if !strings.HasPrefix(refused, "Nothing was changed: ") || !strings.Contains(refused, "approved") {
		t.Errorf("the refused review says %q", refused)
	}
	if got := s.lines(cookie, colID, "&status=approved"); got.Total != 1 {
		t.Errorf("a refused review changed the lines: %d approved", got.Total)
	}

	// A new version of the rules, and a bigger budget.
	var note, saved string
	do(t, ctx, "change the rules and the budget",
		click(`[data-testid=change-rules]`),
		waitVisible(`form[aria-label="Change rules"] input[name=tier-0-cpm]`),
		readText(`[data-testid=rules-note]`, &note),
		setValue(`form[aria-label="Change rules"] input[name=tier-0-cpm]`, "2.50"),
		click(`form[aria-label="Change rules"] button[type=submit]`),
		waitVisible(`[data-testid=rules-saved]`),
		readText(`[data-testid=rules-saved]`, &saved),
		waitVisible(`table[data-testid=rules-versions] tr[data-id="2"]`),
		setValue(`form[aria-label="Campaign settings"] input[name=budget]`, "750"),
		click(`form[aria-label="Campaign settings"] button[type=submit]`),
		waitVisible(`[data-testid=settings-saved]`),
	)
	if !strings.Contains(note, "Locked lines keep the version") || !strings.HasPrefix(saved, "Version 2 saved.") {
		t.Errorf("changing the rules says %q, then %q", note, saved)
	}
	var versions struct {
		Versions []struct {
			Version int `json:"version"`
			Tiers   []struct {
				CPM int64 `json:"cpm"`
			} `json:"tiers"`
		} `json:"versions"`
	}
	s.api(cookie, "GET", "/campaigns/"+colID+"/rules", &versions)
	if len(versions.Versions) != 2 || versions.Versions[0].Version != 2 || versions.Versions[0].Tiers[0].CPM != 250 {
		t.Errorf("the rules' versions are %+v", versions.Versions)
	}

	// The list shows the campaign with its budget.
	var budget string
	do(t, ctx, "the campaigns list",
		chromedp.Navigate(s.base+"/campaigns"),
		waitVisible(`tr[data-testid=row][data-id="`+colID+`"]`),
		chromedp.Evaluate(`document.querySelector('tr[data-id="`+colID+`"] [data-testid=budget]').dataset.value`, &budget),
	)
	if budget != "75000" {
		t.Errorf("the list's budget of the campaign is %q minor units, want 75000", budget)
	}

	// A creator who posts from the tracked account.
	do(t, ctx, "add a creator",
		chromedp.Navigate(s.base+"/creators"),
		waitVisible(`input[name=accountIds][value="`+acct.ID+`"]`),
		setValue(`form[aria-label=Creator] input[name=name]`, "Lena Park"),
		setValue(`form[aria-label=Creator] input[name=email]`, "lena@example.com"),
		setValue(`form[aria-label=Creator] input[name=postingGoal]`, "2"),
		click(`input[name=accountIds][value="`+acct.ID+`"]`),
		click(`form[aria-label=Creator] button[type=submit]`),
		waitVisible(`[data-testid=creator-saved]`),
		readText(`[data-testid=creator-saved]`, &saved),
		waitVisible(`//tr[@data-testid="row"][.//strong[normalize-space()="Lena Park"]]//a[@href="/accounts/`+acct.ID+`"]`, chromedp.BySearch),
	)
	if saved != "Added Lena Park." {
		t.Errorf("adding a creator says %q", saved)
	}
	var creators struct {
		Creators []struct {
			ID          string `json:"id"`
			Name        string `json:"name"`
			PostingGoal *int   `json:"postingGoal"`
			Accounts    []struct {
				ID string `json:"id"`
			} `json:"accounts"`
		} `json:"creators"`
	}
	s.api(cookie, "GET", "/creators", &creators)
	if len(creators.Creators) != 1 || creators.Creators[0].Name != "Lena Park" || creators.Creators[0].PostingGoal == nil ||
		*creators.Creators[0].PostingGoal != 2 || len(creators.Creators[0].Accounts) != 1 || creators.Creators[0].Accounts[0].ID != acct.ID {
		t.Fatalf("the creators are %+v", creators.Creators)
	}
	creatorID := creators.Creators[0].ID

	// Editing them changes their goal and keeps their account.
	do(t, ctx, "edit the creator",
		click(`//tr[@data-testid="row"][.//strong[normalize-space()="Lena Park"]]//button[normalize-space()="Edit"]`, chromedp.BySearch),
		waitVisible(`//form[@aria-label="Creator"]//h2[normalize-space()="Edit Lena Park"]`, chromedp.BySearch),
		setValue(`form[aria-label=Creator] input[name=postingGoal]`, "3"),
		click(`form[aria-label=Creator] button[type=submit]`),
		waitVisible(`//p[@data-testid="creator-saved"][normalize-space()="Saved Lena Park."]`, chromedp.BySearch),
		waitVisible(`//tr[@data-testid="row"][.//strong[normalize-space()="Lena Park"]]//td[@data-testid="posting-goal"][@data-value="3"]`, chromedp.BySearch),
	)
	s.api(cookie, "GET", "/creators", &creators)
	if g := creators.Creators[0].PostingGoal; g == nil || *g != 3 || len(creators.Creators[0].Accounts) != 1 {
		t.Errorf("after the edit the creator is %+v", creators.Creators[0])
	}

	// The leaderboard pays the creator the account's lines, and the ledger
	// filters by them.
	var rank string
	var goal bool
	do(t, ctx, "the leaderboard",
		chromedp.Navigate(s.base+"/campaigns/"+colID),
		waitVisible(`table[data-testid=leaderboard] tr[data-id="`+creatorID+`"]`),
		readText(`table[data-testid=leaderboard] tr[data-id="`+creatorID+`"]`, &rank),
		chromedp.Evaluate(`!!document.querySelector('table[data-testid=leaderboard] tr[data-id="`+creatorID+`"] .badge[class*=goal-]')`, &goal),
		click(`table[data-testid=leaderboard] tr[data-id="`+creatorID+`"] button.cp-name`),
		waitVisible(`[data-testid=lines-total]`),
	)
	if !strings.Contains(rank, "Lena Park") || !goal {
		t.Errorf("the creator's row of the leaderboard reads %q (goal badge: %v)", rank, goal)
	}
	// A line locked before the account was the creator's stays the
	// account's (its payee at the lock); the creator's are those still
	// open, if any: whichever, the filtered ledger shows as many as the API.
	theirs := s.lines(cookie, colID, "&payee="+creatorID)
	do(t, ctx, "the creator's lines",
		waitVisible(fmt.Sprintf(`//strong[@data-testid="lines-total"][@data-value="%d"]`, theirs.Total), chromedp.BySearch),
	)
	waitLocation(t, ctx, "payee="+creatorID)

	// At phone width the page keeps within the screen (its tables scroll
	// in their frames) and names every control.
	var wide int
	do(t, ctx, "375 px",
		chromedp.EmulateViewport(375, 812),
		chromedp.Navigate(s.base+"/campaigns/"+colID),
		waitVisible(`table[data-testid=ledger]`),
		quiet(),
		chromedp.Evaluate(`document.documentElement.scrollWidth`, &wide),
	)
	if wide > 375 {
		t.Errorf("the campaign's page is %d px wide at 375 px", wide)
	}
	labelled(t, ctx)
}

// seedCampaign makes the collection a campaign paid in US dollars since
// 2023, as a team would after a few weeks: the accounts move into the
// collection, each posting for a creator of its own (the first with a
// posting goal); the settle run locks the closed lines, and some are
// approved, one of them paid and another rejected.
func seedCampaign(t *testing.T, s *site, cookie *network.Cookie, colID string, accounts []account) {
	t.Helper()
	names := []string{"Mara Lindqvist", "Sam Okafor", "Jun Park", "Ines Duarte"}
	var ids []string
	for i, a := range accounts {
		ids = append(ids, `"`+a.ID+`"`)
		goal := "null"
		if i == 0 {
			goal = "4"
		}
		s.create(cookie, "/creators", fmt.Sprintf(`{"name":%q,"email":"creator%d@example.com","postingGoal":%s,"accountIds":["%s"]}`,
			names[i%len(names)], i+1, goal, a.ID), nil)
	}
	if len(ids) > 0 {
		s.send(cookie, "POST", "/items/bulk", `{"action":"move","account_ids":[`+strings.Join(ids, ",")+`],"collection_id":"`+colID+`"}`, nil)
	}
	s.create(cookie, "/campaigns", `{"collectionId":"`+colID+`","currency":"USD","startsAt":"2023-01-01T00:00:00Z","budget":150000,"period":"monthly",
		"rules":{"tiers":[{"fromViews":0,"cpm":150},{"fromViews":100000,"cpm":100}],"minViews":1000,"maxAmount":50000,"creatorCap":40000,"windowHours":168}}`, nil)
	s.create(cookie, "/campaigns/"+colID+"/rules", `{"tiers":[{"fromViews":0,"cpm":120},{"fromViews":100000,"cpm":80}],"minViews":1000,"maxAmount":50000,"creatorCap":40000,"windowHours":168}`, nil)
	s.cron("/cron/alerts")
	var closed []string
	for _, l := range s.lines(cookie, colID, "").Lines {
		if l.Status == "locked" || l.Status == "held" {
			closed = append(closed, `"`+l.VideoID+`"`)
		}
	}
	review := func(action string, ids []string, reason string) {
		if len(ids) > 0 {
			s.send(cookie, "POST", "/campaigns/"+colID+"/lines/review", `{"action":"`+action+`","videoIds":[`+strings.Join(ids, ",")+`]`+reason+`}`, nil)
		}
	}
	n := len(closed)
	review("approve", closed[:min(n, 3)], "")
	review("pay", closed[:min(n, 1)], "")
	review("reject", closed[min(n, 3):min(n, 4)], `,"reason":"Posted outside the brief"`)
}
