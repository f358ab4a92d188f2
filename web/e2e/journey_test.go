package e2e

import (
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

type counts struct {
	Views    *int64 `json:"views"`
	Likes    *int64 `json:"likes"`
	Comments *int64 `json:"comments"`
}

type video struct {
	ID       string `json:"id"`
	Platform string `json:"platform"`
	URL      string `json:"url"`
	Status   string `json:"status"`
	Metrics  counts `json:"metrics"`
	// LastScrapedAt is when the latest scrape of the video arrived.
	LastScrapedAt *time.Time `json:"lastScrapedAt"`
}

type videoList struct {
	Videos []video `json:"videos"`
	Total  int     `json:"total"`
}

type account struct {
	ID            string     `json:"id"`
	Followers     *int64     `json:"followers"`
	TotalViews    *int64     `json:"totalViews"`
	LastScrapedAt *time.Time `json:"lastScrapedAt"`
}

const (
	trackedVideo   = "https://www.tiktok.com/@e2e.creator/video/7301234567890123456"
	trackedAccount = "https://www.instagram.com/e2e.brand/"
)

// TestDashboardJourney drives the dashboard in Chromium through what a new
// user does, against the real server, databases, scraping simulator and
// stripe-mock, and checks that the pages show the API's numbers.
func TestDashboardJourney(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	// a browser of its own: the export's download is the browser's
	ctx := ownBrowser(t, 1440, 900)
	email := fmt.Sprintf("journey-%d@example.com", time.Now().UnixNano())

	// Sign up from the front door: the first visit bootstraps the workspace
	// and lands on the overview, whose empty state points at tracking.
	do(t, ctx, "sign up",
		chromedp.Navigate(s.base+"/"),
		waitVisible(`[data-testid="landing-lead"]`),
		click(`//a[normalize-space()="Create an account"]`, chromedp.BySearch),
		waitVisible(`//h1[normalize-space()="Create your account"]`, chromedp.BySearch),
		sendKeys(`input[name=email]`, email),
		sendKeys(`input[name=password]`, password),
		click(`button[type=submit]`),
		waitVisible(`//h1[normalize-space()="Overview"]`, chromedp.BySearch),
		waitVisible(`//a[normalize-space()="Track"]`, chromedp.BySearch),
	)
	labelled(t, ctx)
	cookie := sessionCookie(t, ctx, s.base)

	// Track a video and an account.
	for _, u := range []string{trackedVideo, trackedAccount} {
		do(t, ctx, "track "+u,
			chromedp.Navigate(s.base+"/track"),
			waitVisible(`form[aria-label="Track a URL"] input[name=url]`),
			sendKeys(`form[aria-label="Track a URL"] input[name=url]`, u),
			click(`form[aria-label="Track a URL"] button[type=submit]`),
			waitVisible(`[data-testid="track-results"]`),
		)
		var said string
		do(t, ctx, "read the result of tracking "+u, chromedp.Text(`[data-testid="track-results"]`, &said))
		t.Logf("tracking %s: %s", u, said)
	}
	labelled(t, ctx)

	// The simulator's scrapes arrive: every video has its views. Like the
	// real actors, the simulator leaves a count out of some items; a video
	// whose scrape came without its views is refreshed, as a user seeing
	// no views on a scraped video would press Refresh now.
	var list videoList
	last := ""
	refreshed := map[string]bool{}
	// should the scrapes not come, what the accounts list says of them
	defer func() {
		if t.Failed() {
			t.Logf("the accounts: %s", s.peek(cookie, "/accounts?limit=50"))
		}
	}()
	// A run that fails is retried after 1, then 2 minutes: the bound
	// leaves room for two failed runs.
	eventually(t, "the scraped numbers", 5*time.Minute, func() bool {
		s.api(cookie, "GET", "/videos?limit=500", &list)
		var waiting []string
		for _, v := range list.Videos {
			if v.Metrics.Views != nil {
				continue
			}
			waiting = append(waiting, v.URL+" ("+v.Status+")")
			if v.LastScrapedAt != nil && !refreshed[v.ID+v.LastScrapedAt.String()] {
				refreshed[v.ID+v.LastScrapedAt.String()] = true
				t.Logf("%s was scraped at %s without its views: refresh now", v.URL, v.LastScrapedAt)
				s.send(cookie, "POST", "/items/bulk", `{"action":"refresh","video_ids":["`+v.ID+`"]}`, nil)
			}
		}
		if list.Total < 2 || len(waiting) > 0 {
			if now := fmt.Sprintf("%d videos, without views yet: %v", list.Total, waiting); now != last {
				t.Log(now)
				last = now
			}
			return false
		}
		return true
	})

	// Overview: the KPIs are the API's totals; with one scrape of each
	// item, the chart's place says when the next scrape comes.
	var ov struct {
		Totals struct {
			Views  int64 `json:"views"`
			Likes  int64 `json:"likes"`
			Videos int64 `json:"videos"`
		} `json:"totals"`
	}
	s.api(cookie, "GET", "/overview?datePreset=all", &ov)
	do(t, ctx, "overview", chromedp.Navigate(s.base+"/?datePreset=all"), waitVisible(`[data-testid="next-scrape"], .chart[data-drawn]`))
	expectValue(t, ctx, `[data-testid="kpi-views"]`, ov.Totals.Views)
	expectValue(t, ctx, `[data-testid="kpi-likes"]`, ov.Totals.Likes)
	expectValue(t, ctx, `[data-testid="kpi-videos"]`, ov.Totals.Videos)
	labelled(t, ctx)

	// Videos: each row shows the API's numbers, in the API's order.
	do(t, ctx, "videos", chromedp.Navigate(s.base+"/videos"), waitVisible(`[data-testid="videos-table"] [data-testid="row"]`))
	expectRows(t, ctx, s, cookie, "/videos?limit=50", "/videos")
	expectValue(t, ctx, `[data-testid="videos-total"]`, int64(list.Total))
	labelled(t, ctx)

	// Sort and filter, kept in the address.
	do(t, ctx, "sort by likes", chromedp.Navigate(s.base+"/videos?sort=likes"), waitVisible(`[data-testid="row"]`))
	expectRows(t, ctx, s, cookie, "/videos?limit=50&sort=likes", "sort=likes")
	do(t, ctx, "filter on Instagram",
		click(`//*[@aria-label="Platforms"]/button[normalize-space()="Instagram"]`, chromedp.BySearch),
	)
	waitLocation(t, ctx, "platforms=instagram")
	expectRows(t, ctx, s, cookie, "/videos?limit=50&sort=likes&platforms=instagram", "platforms=instagram")

	// A video's page has its numbers and its curve.
	first := list.Videos[0]
	do(t, ctx, "video page", chromedp.Navigate(s.base+"/videos/"+first.ID), waitVisible(`[data-testid="video-views"]`))
	expectValue(t, ctx, `[data-testid="video-views"]`, *first.Metrics.Views)
	labelled(t, ctx)

	// Accounts, and the account's page.
	var accounts struct {
		Accounts []account `json:"accounts"`
	}
	// Like a video's views, a profile's follower count is sometimes left
	// out by the provider; a user seeing none would press Refresh now.
	eventually(t, "the account's followers", 3*time.Minute, func() bool {
		s.api(cookie, "GET", "/accounts", &accounts)
		if len(accounts.Accounts) != 1 {
			return false
		}
		a := accounts.Accounts[0]
		if a.Followers == nil && a.LastScrapedAt != nil && !refreshed[a.ID+a.LastScrapedAt.String()] {
			refreshed[a.ID+a.LastScrapedAt.String()] = true
			t.Logf("the account was scraped at %s without its followers: refresh now", a.LastScrapedAt)
			s.send(cookie, "POST", "/items/bulk", `{"action":"refresh","account_ids":["`+a.ID+`"]}`, nil)
		}
		return a.Followers != nil
	})
	acc := accounts.Accounts[0]
	do(t, ctx, "accounts", chromedp.Navigate(s.base+"/accounts"), waitVisible(`[data-testid="accounts-table"] [data-testid="row"]`))
	expectValue(t, ctx, `[data-testid="row"][data-id="`+acc.ID+`"] [data-testid="followers"]`, *acc.Followers)
	labelled(t, ctx)
	expectAccountPage(t, ctx, s, cookie, acc.ID)
	labelled(t, ctx)

	// Export downloads a CSV with a row per video.
	dir := t.TempDir()
	done := make(chan string, 1)
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*browser.EventDownloadProgress); ok && e.State == browser.DownloadProgressStateCompleted {
			select {
			case done <- e.GUID:
			default:
			}
		}
	})
	do(t, ctx, "export",
		browser.SetDownloadBehavior(browser.SetDownloadBehaviorBehaviorAllowAndName).WithDownloadPath(dir).WithEventsEnabled(true),
		chromedp.Navigate(s.base+"/export"),
		waitVisible(`[data-testid="export-videos"]`),
		click(`[data-testid="export-videos"]`),
	)
	select {
	case guid := <-done:
		f, err := os.Open(filepath.Join(dir, guid))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(f).ReadAll()
		f.Close()
		if err != nil || len(rows) != list.Total+1 || rows[0][0] == "" {
			t.Fatalf("export: %d rows (%v), want a header and %d videos", len(rows), err, list.Total)
		}
	case <-time.After(2 * time.Minute): // generous: a loaded machine is slow
		t.Fatal("export: no download completed")
	}

	// An alert rule.
	do(t, ctx, "alert rule",
		chromedp.Navigate(s.base+"/alerts"),
		waitVisible(`form[aria-label="Alert rule"]`),
		sendKeys(`form[aria-label="Alert rule"] input[name=name]`, "Viral TikToks"),
		setValue(`form[aria-label="Alert rule"] input[name=threshold]`, "5000"),
		click(`form[aria-label="Alert rule"] button[type=submit]`),
		waitVisible(`//*[@data-testid="alert-rules"]//*[contains(., "Viral TikToks")]`, chromedp.BySearch),
	)
	labelled(t, ctx)

	// Checkout: the app sends the browser to the payment provider's page.
	var (
		mu       sync.Mutex
		external []string
	)
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			mu.Lock()
			external = append(external, e.Request.URL)
			mu.Unlock()
			go func() {
				_ = chromedp.Run(ctx, fetch.FulfillRequest(e.RequestID, 200).
					WithResponseHeaders([]*fetch.HeaderEntry{{Name: "Content-Type", Value: "text/html"}}).
					WithBody("PGgxPkNoZWNrb3V0PC9oMT4=")) // <h1>Checkout</h1>
			}()
		}
	})
	do(t, ctx, "checkout",
		fetch.Enable().WithPatterns([]*fetch.RequestPattern{{URLPattern: "https://*", ResourceType: network.ResourceTypeDocument}}),
		chromedp.Navigate(s.base+"/billing"),
		waitVisible(`[data-testid="plan-current"]`),
		click(`//button[starts-with(normalize-space(), "Choose Growth")]`, chromedp.BySearch),
	)
	eventually(t, "the checkout page", time.Minute, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(external) > 0
	})
	do(t, ctx, "leave the checkout", fetch.Disable())

	// Paid: the provider's event moves the workspace to the plan, and the
	// billing page says so.
	s.checkoutCompleted(s.workspace(cookie).ID, "e2e")
	do(t, ctx, "billing after payment",
		chromedp.Navigate(s.base+"/billing"),
		waitVisible(`//*[@data-testid="plan-current"][contains(translate(., "GROWTH", "growth"), "growth")]`, chromedp.BySearch),
	)
	labelled(t, ctx)

	// Invite a teammate.
	mate := "mate-" + email
	do(t, ctx, "invite",
		chromedp.Navigate(s.base+"/team"),
		waitVisible(`form[aria-label="Invite a teammate"] input[type=email]`),
		sendKeys(`form[aria-label="Invite a teammate"] input[type=email]`, mate),
		click(`form[aria-label="Invite a teammate"] button[type=submit]`),
		waitVisible(`//*[@data-testid="invites"]//*[contains(., "`+mate+`")]`, chromedp.BySearch),
	)
	labelled(t, ctx)

	// Log out: the session is gone and the app returns to the login page.
	do(t, ctx, "log out",
		click(`//button[normalize-space()="Log out"]`, chromedp.BySearch),
		waitVisible(`//h1[normalize-space()="Log in"]`, chromedp.BySearch),
		chromedp.Navigate(s.base+"/videos"),
		waitVisible(`//h1[normalize-space()="Log in"]`, chromedp.BySearch),
	)
	waitLocation(t, ctx, "/login")
}

// expectValue checks that the element's data-value is want.
func expectValue(t *testing.T, ctx context.Context, sel string, want int64) {
	t.Helper()
	var got string
	var ok bool
	do(t, ctx, "read "+sel, waitVisible(sel), readAttribute(sel, "data-value", &got, &ok))
	if !ok || got != strconv.FormatInt(want, 10) {
		t.Fatalf("%s shows %q, the API says %d", sel, got, want)
	}
}

// expectAccountPage checks that the account's page shows the followers and
// total views the API answers. A refresh completing between the two reads
// (the one asked for, or the scheduler's) moves both, so they are read
// again, the API first, until they agree.
func expectAccountPage(t *testing.T, ctx context.Context, s *site, cookie *network.Cookie, id string) {
	t.Helper()
	var want, got [2]string
	defer func() {
		if t.Failed() {
			t.Logf("the account page shows followers and total views %q, the API says %q", got, want)
		}
	}()
	eventually(t, "the account page's figures", time.Minute, func() bool {
		var accounts struct {
			Accounts []account `json:"accounts"`
		}
		s.api(cookie, "GET", "/accounts", &accounts)
		for _, a := range accounts.Accounts {
			if a.ID == id && a.Followers != nil && a.TotalViews != nil {
				want = [2]string{strconv.FormatInt(*a.Followers, 10), strconv.FormatInt(*a.TotalViews, 10)}
			}
		}
		var ok [2]bool
		do(t, ctx, "account page", chromedp.Navigate(s.base+"/accounts/"+id), waitVisible(`[data-testid="account-total-views"]`),
			readAttribute(`[data-testid="account-followers"]`, "data-value", &got[0], &ok[0]),
			readAttribute(`[data-testid="account-total-views"]`, "data-value", &got[1], &ok[1]))
		return ok[0] && ok[1] && got == want
	})
}

// expectRows checks that the table shows the videos the API answers for
// path, in its order and with its views, once the address holds inURL.
func expectRows(t *testing.T, ctx context.Context, s *site, cookie *network.Cookie, path, inURL string) {
	t.Helper()
	var want videoList
	s.api(cookie, "GET", path, &want)
	var loc string
	var rows []map[string]string
	defer func() {
		if t.Failed() {
			t.Logf("at %s the table shows %v; the API answers %d videos", loc, rows, len(want.Videos))
		}
	}()
	eventually(t, "rows of "+path, time.Minute, func() bool {
		err := chromedp.Run(ctx, chromedp.Location(&loc), chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="videos-table"] [data-testid="row"]')].map(r => ({id: r.dataset.id, views: r.querySelector('[data-testid="views"]')?.dataset.value ?? ""}))`, &rows))
		if err != nil || !strings.Contains(loc, inURL) || len(rows) != len(want.Videos) {
			return false
		}
		for i, v := range want.Videos {
			if rows[i]["id"] != v.ID || v.Metrics.Views == nil || rows[i]["views"] != strconv.FormatInt(*v.Metrics.Views, 10) {
				return false
			}
		}
		return true
	})
}

func waitLocation(t *testing.T, ctx context.Context, part string) {
	t.Helper()
	eventually(t, "the address to hold "+part, time.Minute, func() bool {
		var loc string
		return chromedp.Run(ctx, chromedp.Location(&loc)) == nil && strings.Contains(loc, part)
	})
}

// labelled checks that every form control on the page has an accessible
// name, and that the page does not scroll sideways.
func labelled(t *testing.T, ctx context.Context) {
	t.Helper()
	var bad []string
	do(t, ctx, "check labels", chromedp.Evaluate(`[...document.querySelectorAll('input:not([type=hidden]),select,textarea,button')].filter(e =>
		!(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby') && !(e.tagName === 'BUTTON' && e.textContent.trim())
	).map(e => e.outerHTML.slice(0, 120))`, &bad))
	if len(bad) > 0 {
		var loc string
		_ = chromedp.Run(ctx, chromedp.Location(&loc))
		t.Errorf("%s: controls without an accessible name: %v", loc, bad)
	}
}
