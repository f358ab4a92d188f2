package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// TestTrackPageKeepsWhatWasPasted: an account link shows the tracking-limit
// control with its default (from the preview), the plan's maximum and the
// slots left, and the
// number chosen is the account's limit; the results are there again after
// Back from an item's page; links pasted when the session has ended are
// still in the box after signing in again.
func TestTrackPageKeepsWhatWasPasted(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, email, cookie := signedUp(t, 1440, 900, "trackpage")

	// An account link: the control says the default (30 on the trial, all
	// of it fits the 50 left), the maximum and the slots left.
	var hint string
	var before bool
	do(t, ctx, "paste an account link",
		chromedp.Navigate(s.base+"/track"),
		waitVisible(`form[aria-label="Track a URL"] input[name=url]`),
		sendKeys(`input[name=url]`, "https://www.instagram.com/track.page.brand/"),
		waitVisible(`[data-testid="tracking-limit"] input[name=tracking_limit]`),
		waitVisible(`[data-testid="tracking-limit-hint"][data-ready="true"]`),
		readText(`[data-testid="tracking-limit-hint"]`, &hint),
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
		waitVisible(`input[name=tracking_limit]`),
		sendKeys(`input[name=tracking_limit]`, "12"),
		click(`form[aria-label="Track a URL"] button[type=submit]`),
		waitVisible(`[data-testid="track-result"][data-success="true"]`),
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
		click(`[data-testid="track-result"] a[href^="/accounts/"]`),
		waitVisible(`.account-head`),
		chromedp.NavigateBack(),
		waitVisible(`[data-testid="track-results"]`),
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
		waitVisible(`textarea[name=urls]`),
		sendKeys(`textarea[name=urls]`, pasted),
		network.ClearBrowserCookies(),
		// The page's own preview request may meet the ended session first
		// and lead to the sign-in before the submit; either way the links
		// must come back, so the submit is pressed only if still there.
		chromedp.Evaluate(`document.querySelector('form[aria-label="Track a URL"] button[type=submit]')?.click()`, nil),
		waitVisible(`[data-testid="session-ended"]`),
		sendKeys(`input[name=email]`, email),
		sendKeys(`input[name=password]`, password),
		click(`button[type=submit]`),
		waitVisible(`textarea[name=urls]`),
		readValue(`textarea[name=urls]`, &kept),
	)
	if strings.TrimSpace(kept) != pasted {
		t.Errorf("after signing in again the box holds %q, want the pasted links", kept)
	}
}

// TestTrackPagePreviewKeepsItsPromise is the report of a bulk paste that
// broke its promise: with 20 video slots left, 5 accounts and 7 videos are
// pasted. Before the submit, the form shows what each link will get: the
// 13 slots the videos leave shared between the accounts (3, 3, 3, 2 and
// 2, the remainder to the first ones), each video tracked, and the hint
// says those numbers instead of one limit for every account. The submit
// then gives exactly that: every link tracked, each account its number.
func TestTrackPagePreviewKeepsItsPromise(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 1440, 900, "trackpreview")
	// 30 of the trial's 50 in use
	s.send(cookie, "POST", "/track", `{"url":"https://www.tiktok.com/@preview.first","tracking_limit":30}`, nil)

	var links []string
	for i := range 5 {
		links = append(links, fmt.Sprintf("https://www.tiktok.com/@preview.acct%d", i+1))
		if i < 4 {
			links = append(links, fmt.Sprintf("https://www.youtube.com/shorts/prevVideo0%d", i+1))
		}
	}
	links = append(links, "https://www.youtube.com/shorts/prevVideo05", "https://www.youtube.com/shorts/prevVideo06", "https://www.youtube.com/shorts/prevVideo07")

	var hint string
	var limits []string
	var refused bool
	do(t, ctx, "paste 5 accounts and 7 videos",
		chromedp.Navigate(s.base+"/track"),
		waitVisible(`textarea[name=urls]`),
		sendKeys(`textarea[name=urls]`, strings.Join(links, "\n")),
		waitVisible(`[data-testid="track-preview"][data-ready="true"]`),
		readText(`[data-testid="tracking-limit-hint"]`, &hint),
		chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="preview-item"]')].map(e => e.dataset.success === 'true' ? e.dataset.limit : 'refused')`, &limits),
		chromedp.Evaluate(`!!document.querySelector('[data-testid="preview-refused"]')`, &refused),
	)
	want := []string{"3", "", "3", "", "3", "", "2", "", "2", "", "", ""}
	if !slices.Equal(limits, want) || refused {
		t.Fatalf("the preview shows %q (a refusal shown: %t), want %q: every link tracked, the accounts 3, 3, 3, 2 and 2", limits, refused, want)
	}
	for _, say := range []string{
		"@preview.acct1, @preview.acct2 and @preview.acct3 track their newest 3 videos",
		"@preview.acct4 and @preview.acct5 track their newest 2 videos",
		"20 of 50 video slots left",
	} {
		if !strings.Contains(hint, say) {
			t.Errorf("the hint does not say %q: %q", say, hint)
		}
	}
	if strings.Contains(hint, "Each of the 5") {
		t.Errorf("the hint promises one limit for every account: %q", hint)
	}
	var items []string
	do(t, ctx, "the preview names each link",
		chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="preview-item"]')].map(e => e.textContent)`, &items),
	)
	if len(items) != len(links) || items[0] != "@preview.acct1 — tracks its newest 3 videos" || !strings.HasSuffix(items[1], "— tracked") {
		t.Errorf("the preview's lines: %q", items)
	}

	var got []string
	var ok []bool
	var changed bool
	do(t, ctx, "submit",
		click(`form[aria-label="Track a URL"] button[type=submit]`),
		waitVisible(`[data-testid="track-results"]`),
		chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="result-limit"]')].map(e => e.dataset.value)`, &got),
		chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="track-result"]')].map(e => e.dataset.success === 'true')`, &ok),
		chromedp.Evaluate(`!!document.querySelector('[data-testid="track-changed"]')`, &changed),
	)
	if !slices.Equal(got, []string{"3", "3", "3", "2", "2"}) || len(ok) != len(links) || slices.Contains(ok, false) || changed {
		t.Fatalf("after the submit: limits %q, tracked %v, changed notice %t; want what the preview promised", got, ok, changed)
	}
	var accounts struct {
		Accounts []struct {
			Handle        string `json:"handle"`
			TrackingLimit int    `json:"tracking_limit"`
		} `json:"accounts"`
	}
	s.api(cookie, "GET", "/accounts", &accounts)
	sum := 0
	for _, a := range accounts.Accounts {
		sum += a.TrackingLimit
	}
	if len(accounts.Accounts) != 6 || sum != 30+13 {
		t.Errorf("accounts %+v: want the first and the 5 pasted, tracking 30 and 13 between them", accounts.Accounts)
	}
}
