package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestSubmissionJourney: a creator signed in to its portal pastes the link
// of one of its posts, and another account's, into a campaign that takes
// submissions; the page says at once which waits for review and which
// check the other failed. The owner opens the campaign's inbox from its
// page, selects the creator's post and accepts it: it leaves the pending
// list and its line is in the ledger. At 375 px nothing of the portal's
// page is wider than the screen.
func TestSubmissionJourney(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, owner, cookie := signedUp(t, 1280, 800, "submit-owner")
	var acct struct {
		ID string `json:"id"`
	}
	s.send(cookie, "POST", "/track", `{"url":"https://www.tiktok.com/@submit.creator","tracking_limit":2}`, &acct)
	s.send(cookie, "POST", "/track", `{"url":"https://www.tiktok.com/@submit.stranger","tracking_limit":1}`, nil)
	s.waitFirstScrapes(cookie, 3)
	var videos struct {
		Videos []struct {
			ID            string `json:"id"`
			URL           string `json:"url"`
			AccountHandle string `json:"accountHandle"`
			PostKind      string `json:"postKind"`
		} `json:"videos"`
	}
	s.api(cookie, "GET", "/videos?limit=50", &videos)
	var mine, theirs, mineID string
	for _, v := range videos.Videos {
		switch {
		case v.PostKind != "own":
		case v.AccountHandle == "submit.creator" && mine == "":
			mine, mineID = v.URL, v.ID
		case v.AccountHandle == "submit.stranger" && theirs == "":
			theirs = v.URL
		}
	}
	if mine == "" || theirs == "" {
		t.Fatalf("no own post of each account: %+v", videos.Videos)
	}
	var creator struct {
		ID string `json:"id"`
	}
	s.create(cookie, "/creators", `{"name":"Noor Haddad","accountIds":["`+acct.ID+`"]}`, &creator)
	s.sendWant(cookie, "PUT", "/accounts/"+acct.ID+"/verification", `{"verified":true}`, 204, nil)
	colID := s.newCollection(cookie, "Submitted posts")
	s.create(cookie, "/campaigns", `{"collectionId":"`+colID+`","currency":"USD","startsAt":"2023-01-02T00:00:00Z","period":"weekly","platforms":["tiktok"],
		"submissions":"review","rules":{"tiers":[{"fromViews":0,"cpm":150}],"windowHours":168}}`, nil)
	noor := fmt.Sprintf("noor-%d@example.com", time.Now().UnixNano())
	s.send(cookie, "POST", "/creators/"+creator.ID+"/invite", `{"email":"`+noor+`"}`, nil)
	logOut(t, ctx)

	do(t, ctx, "the creator joins",
		chromedp.Navigate(s.base+s.link(noor, "/invite")),
		click(`//a[normalize-space()="Create an account"]`, chromedp.BySearch),
		waitVisible(`//h1[normalize-space()="Create your account"]`, chromedp.BySearch),
		sendKeys(`input[name=password]`, password),
		click(`button[type=submit]`),
		waitVisible(`[data-testid="invite-unverified"]`),
	)
	do(t, ctx, "verify and accept",
		chromedp.Navigate(s.base+s.link(noor, "/verify-email")),
		click(`//a[normalize-space()="Continue to your invite"]`, chromedp.BySearch),
		click(`//button[normalize-space()="Accept and join"]`, chromedp.BySearch),
		waitVisible(`[data-testid=portal-campaign][data-id="`+colID+`"]`),
	)
	do(t, ctx, "open the campaign's submissions",
		click(`[data-testid=portal-campaign][data-id="`+colID+`"] [data-testid=portal-submit-link]`),
		waitVisible(`form[aria-label="Submit posts"] textarea`),
	)
	labelled(t, ctx)
	do(t, ctx, "submit two posts",
		sendKeys(`#submit-urls`, mine+"\n"+theirs),
		click(`//button[normalize-space()="Submit 2 posts"]`, chromedp.BySearch),
		waitVisible(`[data-testid=submit-results]`),
	)
	// both posts were scraped already (tracked in the workspace): each is
	// checked at once
	var cards int
	eventually(t, "both submissions checked", 2*time.Minute, func() bool {
		do(t, ctx, "count", chromedp.Evaluate(`document.querySelectorAll('[data-testid=portal-submission][data-status=pending]').length`, &cards))
		if cards != 2 {
			do(t, ctx, "reload", chromedp.Reload(), waitVisible(`[data-testid=portal-submissions]`))
		}
		return cards == 2
	})
	text := textOf(t, ctx, "the stranger's post", `[data-testid=portal-submissions]`, "Not the creator’s account")
	if !strings.Contains(text, "@submit.stranger") {
		t.Errorf("the failed check does not say whose post it is: %q", text)
	}
	var wide int
	do(t, ctx, "375 px",
		chromedp.EmulateViewport(375, 812),
		chromedp.Reload(),
		waitVisible(`[data-testid=portal-submissions]`),
		quiet(),
		chromedp.Evaluate(`document.documentElement.scrollWidth`, &wide),
	)
	if wide > 375 {
		t.Errorf("the submissions page is %d px wide at 375 px", wide)
	}
	do(t, ctx, "1280 px", chromedp.EmulateViewport(1280, 800))
	logOut(t, ctx)

	logIn(t, ctx, s.base, owner, password)
	row := `[data-testid=inbox-row][data-status=pending]`
	do(t, ctx, "the inbox from the campaign's page",
		chromedp.Navigate(s.base+"/campaigns/"+colID),
		waitVisible(`[data-testid=submissions-link] a`),
		click(`[data-testid=submissions-link] a`),
		waitVisible(`[data-testid=inbox]`),
		waitVisible(row),
	)
	labelled(t, ctx)
	var rows int
	do(t, ctx, "count the pending rows", chromedp.Evaluate(`document.querySelectorAll('`+row+`').length`, &rows))
	if rows != 2 {
		t.Fatalf("%d pending rows, want 2", rows)
	}
	textOf(t, ctx, "the creator's name", row, "Noor Haddad")
	do(t, ctx, "accept the creator's post",
		click(`//tr[@data-testid="inbox-row"][.//a[@href="`+mine+`"]]//input[@type="checkbox"]`, chromedp.BySearch),
		click(`[data-testid=inbox-accept]`),
	)
	eventually(t, "the accepted post leaves the pending list", time.Minute, func() bool {
		do(t, ctx, "count", chromedp.Evaluate(`document.querySelectorAll('`+row+`').length`, &rows))
		return rows == 1
	})
	// the owner's first session ended when it logged out: its new one reads
	ledger := s.lines(sessionCookie(t, ctx, s.base), colID, "")
	found := false
	for _, l := range ledger.Lines {
		found = found || l.VideoID == mineID
	}
	if !found {
		t.Errorf("the accepted post has no line in the ledger: %+v", ledger.Lines)
	}
}
