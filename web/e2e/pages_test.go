package e2e

import (
	"encoding/base64"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/chromedp"
)

// TestPagesAtPhoneWidth opens every page at 375 px: each renders its
// heading, and none scrolls sideways (wide tables scroll inside their
// frame), not even with a collection of a long name in every collection
// menu.
func TestPagesAtPhoneWidth(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 375, 812, "phone")
	long := strings.Repeat("SpringLaunchCampaignWithCreators", 4)[:100] // the longest name, unbreakable
	s.send(cookie, "POST", "/collections", `{"name": "`+long+`"}`, nil)
	for _, p := range []string{"/invite?token=unknown", "/verify-email?token=unknown", "/forgot-password", "/reset-password?token=unknown",
		"/", "/videos", "/accounts", "/track", "/collections", "/campaigns", "/creators", "/alerts", "/export", "/reports", "/team", "/team/activity", "/agency", "/billing", "/settings", "/health"} {
		var overflow bool
		do(t, ctx, "open "+p,
			chromedp.Navigate(s.base+p),
			waitVisible(`main h1`),
			quiet(),
			chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow),
		)
		if overflow {
			t.Errorf("%s scrolls sideways at 375 px", p)
		}
		labelled(t, ctx)
	}
	// The menu opens from its button at this width.
	do(t, ctx, "menu",
		click(`button[aria-controls="nav"]`),
		waitVisible(`#nav a[href="/videos"]`),
		click(`#nav a[href="/videos"]`),
		waitVisible(`//h1[normalize-space()="Videos"]`, chromedp.BySearch),
	)
}

// TestPagesShowTheAPIsErrors answers the dashboard's reads with errors: the
// pages show the API's message and a way to retry, never a blank page.
func TestPagesShowTheAPIsErrors(t *testing.T) {
	t.Parallel()
	s, ctx, _, _ := signedUp(t, 1280, 800, "errors")
	const message = "a storage server is not answering: retry in a few seconds"
	body := base64.StdEncoding.EncodeToString([]byte(`{"error":{"code":"unavailable","message":"` + message + `","requestId":"req-e2e"}}`))
	var mu sync.Mutex
	asked := map[string]int{} // the intercepted reads, by path
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			if u, err := url.Parse(e.Request.URL); err == nil {
				mu.Lock()
				asked[u.Path]++
				mu.Unlock()
			}
			go func() {
				_ = chromedp.Run(ctx, fetch.FulfillRequest(e.RequestID, 503).WithResponseHeaders([]*fetch.HeaderEntry{
					{Name: "Content-Type", Value: "application/json"}, {Name: "Retry-After", Value: "5"},
				}).WithBody(body))
			}()
		}
	})
	do(t, ctx, "intercept reads", fetch.Enable().WithPatterns([]*fetch.RequestPattern{
		{URLPattern: "*/api/overview*"}, {URLPattern: "*/api/videos*"}, {URLPattern: "*/api/accounts*"},
		{URLPattern: "*/api/alerts*"}, {URLPattern: "*/api/workspace/team*"}, {URLPattern: "*/api/collections*"},
		{URLPattern: "*/api/campaigns*"}, {URLPattern: "*/api/creators*"},
	}))
	for _, p := range []string{"/", "/videos", "/accounts", "/alerts", "/team", "/collections", "/campaigns", "/creators"} {
		var text string
		do(t, ctx, "open "+p+" with the API failing",
			chromedp.Navigate(s.base+p),
			waitVisible(pageError),
			readText(pageError, &text),
		)
		if !strings.Contains(text, message) {
			t.Errorf("%s shows %q, want the API's message", p, text)
		}
		var retry bool
		do(t, ctx, "retry button on "+p, chromedp.Evaluate(`[...document.querySelectorAll('`+pageError+` button')].some(b => /try again/i.test(b.textContent))`, &retry))
		if !retry {
			t.Errorf("%s: the error offers no way to retry", p)
		}
		if p == "/" {
			// a 503 is asked again by itself after its Retry-After
			if !strings.Contains(text, "Trying again in 5 seconds") {
				t.Errorf("the overview's 503 shows %q, want when it is asked again", text)
			}
			mu.Lock()
			first := asked["/api/overview"]
			mu.Unlock()
			eventually(t, "the overview's read asked again after the 503's Retry-After", time.Minute, func() bool {
				mu.Lock()
				defer mu.Unlock()
				return asked["/api/overview"] > first
			})
		}
	}
}
