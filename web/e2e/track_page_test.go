package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// TestTrackPageKeepsWhatWasPasted: an account link shows the tracking-limit
// control with its default, the plan's maximum and the slots left, and the
// number chosen is the account's limit; the results are there again after
// Back from an item's page; links pasted when the session has ended are
// still in the box after signing in again.
func TestTrackPageKeepsWhatWasPasted(t *testing.T) {
	skipUIOnCurrentEngine(t)
	s, ctx, email, cookie := signedUp(t, 1440, 900, "trackpage")

	// An account link: the control says the default (30 on the trial, all
	// of it fits the 50 left), the maximum and the slots left.
	var hint string
	var before bool
	do(t, ctx, "paste an account link",
		chromedp.Navigate(s.base+"/track"),
		chromedp.WaitVisible(`form[aria-label="Track a URL"] input[name=url]`),
		chromedp.SendKeys(`input[name=url]`, "https://www.instagram.com/track.page.brand/"),
		chromedp.WaitVisible(`[data-testid="tracking-limit"] input[name=tracking_limit]`),
		chromedp.Text(`[data-testid="tracking-limit-hint"]`, &hint),
	)
	for _, want := range []string{"newest 30 videos", "Up to 30 per account", "50 of 50 video slots left"} {
		if !strings.Contains(hint, want) {
			t.Errorf("the tracking-limit hint does not say %q: %q", want, hint)
		}
	}
	do(t, ctx, "a video link has no such control",
		typeInto(`input[name=url]`, "https://www.tiktok.com/@someone/video/7301234567890123400"),
		chromedp.Evaluate(`!!document.querySelector('[data-testid="tracking-limit"]')`, &before),
	)
	if before {
		t.Error("a video link shows the tracking-limit control")
	}
	do(t, ctx, "track the account with 12 videos",
		typeInto(`input[name=url]`, "https://www.instagram.com/track.page.brand/"),
		chromedp.WaitVisible(`input[name=tracking_limit]`),
		chromedp.SendKeys(`input[name=tracking_limit]`, "12"),
		chromedp.Click(`form[aria-label="Track a URL"] button[type=submit]`),
		chromedp.WaitVisible(`[data-testid="track-result"][data-success="true"]`),
	)
	var accounts struct {
		Accounts []struct {
			ID            string `json:"id"`
			TrackingLimit int    `json:"tracking_limit"`
		} `json:"accounts"`
	}
	s.api(cookie, "GET", "/accounts", &accounts)
	if len(accounts.Accounts) != 1 || accounts.Accounts[0].TrackingLimit != 12 {
		t.Fatalf("accounts %+v, want one tracking 12 videos", accounts.Accounts)
	}

	// Open the account from the results, then Back: the results are there.
	var rows int
	do(t, ctx, "back from the account",
		chromedp.Click(`[data-testid="track-result"] a[href^="/accounts/"]`),
		chromedp.WaitVisible(`.account-head`),
		chromedp.NavigateBack(),
		chromedp.WaitVisible(`[data-testid="track-results"]`),
		chromedp.Evaluate(`document.querySelectorAll('[data-testid="track-result"]').length`, &rows),
	)
	if rows != 1 {
		t.Errorf("%d results after Back, want the 1 shown before", rows)
	}

	// The session ends; the links pasted then are kept through the sign-in.
	const pasted = "https://www.tiktok.com/@kept.one/video/7301234567890123401\nhttps://www.tiktok.com/@kept.two/video/7301234567890123402"
	var kept string
	do(t, ctx, "submit after the session ended",
		chromedp.Navigate(s.base+"/track"),
		chromedp.WaitVisible(`textarea[name=urls]`),
		chromedp.SendKeys(`textarea[name=urls]`, pasted),
		network.ClearBrowserCookies(),
		chromedp.Click(`form[aria-label="Track a URL"] button[type=submit]`),
		chromedp.WaitVisible(`[data-testid="session-ended"]`),
		chromedp.SendKeys(`input[name=email]`, email),
		chromedp.SendKeys(`input[name=password]`, password),
		chromedp.Click(`button[type=submit]`),
		chromedp.WaitVisible(`textarea[name=urls]`),
		chromedp.Value(`textarea[name=urls]`, &kept),
	)
	if strings.TrimSpace(kept) != pasted {
		t.Errorf("after signing in again the box holds %q, want the pasted links", kept)
	}
}
