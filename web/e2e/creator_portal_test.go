package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestCreatorPortalJourney: an owner tracks a creator's account into a
// campaign and invites the creator from the Creators page; the creator
// opens the e-mailed link, creates an account, verifies it, accepts, and
// lands on the creator portal: the campaign with what it pays (the
// ledger's amounts), its posts, its account, in a shell without the team's
// navigation; a team page's address leads back to the portal, and at
// phone width the portal keeps within the screen. The owner's Creators
// page then says the creator signs in.
func TestCreatorPortalJourney(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, owner, cookie := signedUp(t, 1280, 800, "portal-owner")
	colID := s.newCollection(cookie, "Creator portal program")
	var acct struct {
		ID string `json:"id"`
	}
	s.send(cookie, "POST", "/track", `{"url":"https://www.tiktok.com/@portal.creator","collection_id":"`+colID+`","tracking_limit":3}`, &acct)
	s.waitFirstScrapes(cookie, 3)
	var creator struct {
		ID string `json:"id"`
	}
	s.create(cookie, "/creators", `{"name":"Rosa Vidal","accountIds":["`+acct.ID+`"]}`, &creator)
	s.create(cookie, "/campaigns", `{"collectionId":"`+colID+`","currency":"USD","startsAt":"2023-01-01T00:00:00Z","period":"monthly",
		"rules":{"tiers":[{"fromViews":0,"cpm":150}],"windowHours":168}}`, nil)
	// the campaign pays only with a tax form on file, which Rosa lacks
	s.send(cookie, "PATCH", "/campaigns/"+colID, `{"requiresTaxForm":true}`, nil)
	ledger := s.lines(cookie, colID, "&payee="+creator.ID)
	if ledger.Total == 0 {
		t.Fatal("the creator has no lines")
	}

	// the invite, from the Creators page
	rosa := fmt.Sprintf("rosa-%d@example.com", time.Now().UnixNano())
	row := `tr[data-id="` + creator.ID + `"]`
	do(t, ctx, "invite the creator",
		chromedp.Navigate(s.base+"/creators"),
		waitVisible(row+` [data-testid=creator-login][data-state=none] input[type=email]`),
		sendKeys(row+` [data-testid=creator-login] input[type=email]`, rosa),
		click(row+` [data-testid=creator-login] button[type=submit]`),
		waitVisible(row+` [data-testid=creator-login][data-state=invited]`),
	)
	textOf(t, ctx, "the invite's state", row+` [data-testid=creator-login]`, "Invite sent to "+rosa)
	labelled(t, ctx)
	logOut(t, ctx)

	// the creator takes it
	link := s.link(rosa, "/invite")
	var summary string
	do(t, ctx, "open the invite",
		chromedp.Navigate(s.base+link),
		waitVisible(`[data-testid="invite-summary"]`),
		readText(`[data-testid="invite-summary"]`, &summary),
	)
	if !strings.Contains(summary, "as a creator") {
		t.Errorf("the invite says %q", summary)
	}
	do(t, ctx, "create the creator's account",
		click(`//a[normalize-space()="Create an account"]`, chromedp.BySearch),
		waitVisible(`//h1[normalize-space()="Create your account"]`, chromedp.BySearch),
		sendKeys(`input[name=password]`, password),
		click(`button[type=submit]`),
		waitVisible(`[data-testid="invite-unverified"]`),
	)
	do(t, ctx, "verify and accept",
		chromedp.Navigate(s.base+s.link(rosa, "/verify-email")),
		click(`//a[normalize-space()="Continue to your invite"]`, chromedp.BySearch),
		click(`//button[normalize-space()="Accept and join"]`, chromedp.BySearch),
		waitVisible(`[data-testid=creator-shell]`),
		waitVisible(`//h1[normalize-space()="My earnings"]`, chromedp.BySearch),
		waitVisible(`[data-testid=portal-campaign][data-id="`+colID+`"]`),
	)
	// the portal's amounts are the ledger's
	var projected, review, paid int64
	for _, l := range ledger.Lines {
		switch l.Status {
		case "projected":
			projected += l.Amount
		case "locked", "held":
			review += l.Amount
		case "paid":
			paid += l.Amount
		}
	}
	for id, want := range map[string]int64{"amount-projected": projected, "amount-review": review, "amount-paid": paid} {
		do(t, ctx, id, waitVisible(fmt.Sprintf(`[data-testid=portal-campaign] [data-testid=%s][data-value="%d"]`, id, want)))
	}
	var nav bool
	var cardWidth float64
	do(t, ctx, "no team navigation", chromedp.Evaluate(`!!document.querySelector('#nav, .usage, [data-testid=health-banner]')`, &nav),
		chromedp.Evaluate(`document.querySelector('[data-testid=portal-campaign]').getBoundingClientRect().width`, &cardWidth))
	if cardWidth < 600 {
		t.Errorf("at 1280 px the campaign's card is %.0f px wide: the portal does not use the page", cardWidth)
	}
	if nav {
		t.Error("the creator's shell shows the team's navigation, usage or health")
	}
	textOf(t, ctx, "the creator's account", `[data-testid=portal-accounts]`, "@portal.creator")
	textOf(t, ctx, "what the campaign asks", `[data-testid=portal-campaign] [data-testid=portal-asks]`, "tax form on file")
	// it asks for the code that proves the account is its own
	var code string
	do(t, ctx, "ask for the account's code",
		click(`//button[normalize-space()="Prove this account is mine"]`, chromedp.BySearch),
		waitVisible(`[data-testid=account-proof][data-state=pending] [data-testid=verify-code]`),
		readText(`[data-testid=verify-code]`, &code),
	)
	if !strings.HasPrefix(code, "rt-") || len(code) != 9 {
		t.Errorf("the code shown is %q", code)
	}
	labelled(t, ctx)
	do(t, ctx, "the posts",
		click(`[data-testid=portal-campaign] a[href="/portal/campaigns/`+colID+`"]`),
		waitVisible(`[data-testid=portal-posts]`),
	)
	var posts int
	do(t, ctx, "count the posts", chromedp.Evaluate(`document.querySelectorAll('[data-testid=portal-post]').length`, &posts))
	if posts != ledger.Total {
		t.Errorf("%d posts shown, the ledger has %d of the creator's", posts, ledger.Total)
	}
	labelled(t, ctx)
	// a team page leads back to the portal
	do(t, ctx, "a team page",
		chromedp.Navigate(s.base+"/videos"),
		waitVisible(`//h1[normalize-space()="My earnings"]`, chromedp.BySearch),
	)
	var path string
	do(t, ctx, "the portal's address", chromedp.Evaluate(`location.pathname`, &path))
	if path != "/" {
		t.Errorf("a team page left the creator at %s", path)
	}
	var wide int
	do(t, ctx, "375 px",
		chromedp.EmulateViewport(375, 812),
		chromedp.Navigate(s.base+"/"),
		waitVisible(`[data-testid=portal-campaign]`),
		quiet(),
		chromedp.Evaluate(`document.documentElement.scrollWidth`, &wide),
	)
	if wide > 375 {
		t.Errorf("the portal is %d px wide at 375 px", wide)
	}
	do(t, ctx, "1280 px", chromedp.EmulateViewport(1280, 800))
	logOut(t, ctx)
	logIn(t, ctx, s.base, owner, password)
	do(t, ctx, "the owner's Creators page",
		chromedp.Navigate(s.base+"/creators"),
		waitVisible(row+` [data-testid=creator-login][data-state=active]`),
	)
	textOf(t, ctx, "the creator's login", row+` [data-testid=creator-login]`, "Signs in as "+rosa)
	// the team sees the account's verification pending, and verifies it by hand
	do(t, ctx, "verify by hand",
		waitVisible(row+` [data-testid=account-ownership][data-state=pending]`),
		click(row+` [data-testid=account-ownership] button`),
		waitVisible(row+` [data-testid=account-ownership][data-state=verified]`),
	)
	textOf(t, ctx, "the verified account", row+` [data-testid=account-ownership]`, "verified by hand")
}
