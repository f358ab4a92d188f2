package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// TestEverydayAtPhoneWidth uses the dashboard at 375 px with a collection of
// a 100-character name (the longest): no page scrolls sideways and no collection menu
// grows past the screen, the menus and the collections list name it whole
// in their title, the export cards fit, the overview's KPIs say what their
// small numbers count, a tracked X post is called a post, the bulk box
// counts its own links, an API field error names the field as the form
// does, a video of no one's is "not tracked" rather than an error, and a
// session that ends while the dashboard is open sends to the login page,
// which says so.
func TestEverydayAtPhoneWidth(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s := startSite(t)
	ctx := openBrowser(t, 375, 812)
	// A headless window may not shrink below 500 px: the page is laid out
	// at 375 px all the same.
	do(t, ctx, "375 px viewport", chromedp.EmulateViewport(375, 812))
	s.signUp(ctx, "everyday")
	cookie := sessionCookie(t, ctx, s.base)
	name := strings.Repeat("Spring launch campaign with creators ", 3)[:100] // the longest name allowed
	colID := s.newCollection(cookie, name)

	// Track an X post into the collection from the Track page: the result
	// calls it a post.
	const post = "https://x.com/glowlab/status/1790000000000000000"
	var badge, count string
	do(t, ctx, "track an X post",
		chromedp.Navigate(s.base+"/track"),
		waitVisible(`form[aria-label="Track a URL"] input[name=url]`),
		sendKeys(`form[aria-label="Track a URL"] input[name=url]`, post),
		readText(`#urls-count`, &count),
		// the menu lists the collection once the page has read them
		waitReady(`select[name=collection] option[value="`+colID+`"]`),
		setValue(`select[name=collection]`, colID),
		click(`form[aria-label="Track a URL"] button[type=submit]`),
		waitVisible(`[data-testid="track-result"] .result-head .badge:last-child`),
		readText(`[data-testid="track-result"] .result-head .badge:last-child`, &badge),
	)
	if badge != "X post" {
		t.Errorf("the tracked X link is called %q, want \"X post\"", badge)
	}
	// The counter under the bulk box counts that box, not the link above it.
	if strings.Contains(count, "1 link") {
		t.Errorf("with the bulk box empty and one link above it, the bulk box's counter says %q", count)
	}

	// An unsupported link: the error names the link, not the API's field.
	var said string
	do(t, ctx, "track a bad link",
		chromedp.Navigate(s.base+"/track"),
		waitVisible(`form[aria-label="Track a URL"] input[name=url]`),
		sendKeys(`form[aria-label="Track a URL"] input[name=url]`, "https://example.com/not-a-video"),
		click(`form[aria-label="Track a URL"] button[type=submit]`),
		waitVisible(`main .inline-error, main [data-testid="track-result"] .field-error, main [data-testid="url-error"]`),
		readText(`main`, &said),
	)
	if strings.Contains(said, "Url:") || strings.Contains(said, "url:") {
		t.Errorf("the Track page shows the API's field name: %q", said)
	}

	// No page scrolls sideways; every menu keeps within the screen; the
	// collection menus name the chosen collection whole in their title.
	for _, p := range []string{"/?collectionId=" + colID, "/videos?collectionId=" + colID, "/accounts?collectionId=" + colID, "/track", "/export?collectionId=" + colID, "/alerts"} {
		var wide int
		var selects []float64
		do(t, ctx, "open "+p,
			chromedp.Navigate(s.base+p),
			waitVisible(`main h1`),
			quiet(),
			chromedp.Evaluate(`document.documentElement.scrollWidth`, &wide),
			chromedp.Evaluate(`[...document.querySelectorAll('main select')].map(e => e.getBoundingClientRect().right)`, &selects),
		)
		if wide > 375 {
			t.Errorf("%s is %d px wide at 375 px: it scrolls sideways", p, wide)
		}
		for _, right := range selects {
			if right > 375 {
				t.Errorf("%s: a menu ends at %.0f px, past the 375 px screen", p, right)
			}
		}
		if strings.Contains(p, "collectionId") {
			var title string
			read := chromedp.Evaluate(`(() => {
				const s = [...document.querySelectorAll('main select')].find(s => [...s.options].some(o => o.value === `+"`"+colID+"`"+`))
				return s ? s.title : ''
			})()`, &title)
			// the menu's options arrive with the collections list
			for deadline := time.Now().Add(30 * time.Second); ; {
				do(t, ctx, "the collection menu's title on "+p, read)
				if title == name || time.Now().After(deadline) {
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
			if title != name {
				t.Errorf("%s: the collection menu's title is %q, want the chosen collection's whole name", p, title)
			}
		}
	}

	// The export cards fit the screen.
	var overflowing []string
	do(t, ctx, "export cards",
		chromedp.Navigate(s.base+"/export"),
		waitVisible(`[data-testid="export-videos"]`),
		quiet(),
		chromedp.Evaluate(`[...document.querySelectorAll('main .card')].filter(c => c.getBoundingClientRect().right > window.innerWidth || c.scrollWidth > c.clientWidth + 1).map(c => c.querySelector('h2')?.textContent ?? c.className)`, &overflowing),
	)
	if len(overflowing) > 0 {
		t.Errorf("export cards overflow at 375 px: %v", overflowing)
	}

	// The collections list shows a long name shortened, whole in its title.
	var nameTitle string
	var nameHeight, lineHeight float64
	do(t, ctx, "collections",
		chromedp.Navigate(s.base+"/collections"),
		waitVisible(`.collection-name`),
		chromedp.Evaluate(`document.querySelector('.collection-name').title`, &nameTitle),
		chromedp.Evaluate(`document.querySelector('.collection-name').getBoundingClientRect().height`, &nameHeight),
		chromedp.Evaluate(`parseFloat(getComputedStyle(document.querySelector('.collection-name')).lineHeight) || 20`, &lineHeight),
	)
	if nameTitle != name {
		t.Errorf("the collection's name has the title %q, want its whole name", nameTitle)
	}
	if nameHeight > 2.5*lineHeight {
		t.Errorf("the collection's name takes %.0f px (lines of %.0f px), want it cut to two lines", nameHeight, lineHeight)
	}

	// The overview's KPIs say what the number under each counts.
	var change string
	do(t, ctx, "overview KPIs",
		chromedp.Navigate(s.base+"/?datePreset=30d"),
		waitVisible(`[data-testid="kpi-views"] .kpi-change`),
		readText(`[data-testid="kpi-views"] .kpi-change`, &change),
	)
	if !strings.Contains(change, "in the last 30 days") {
		t.Errorf("the number under the Views KPI says %q, without what it counts", change)
	}

	// Team: the seats in words, never "1 seats".
	var seats string
	do(t, ctx, "team", chromedp.Navigate(s.base+"/team"), waitVisible(`section.seats`), readText(`section.seats`, &seats))
	if strings.Contains(seats, " 1 seats") {
		t.Errorf("the team page says %q", seats)
	}

	// A video that is not this workspace's is "not tracked", not an error.
	var page string
	do(t, ctx, "unknown video",
		chromedp.Navigate(s.base+"/videos/00000000-0000-4000-8000-000000000000"),
		waitVisible(`//h1[normalize-space()="Video not found"]`, chromedp.BySearch),
		readText(`main`, &page),
	)
	if !strings.Contains(page, "This video is not tracked in this workspace") {
		t.Errorf("the page of an unknown video says %q", page)
	}
	var alerts int
	do(t, ctx, "no error box", chromedp.Evaluate(`document.querySelectorAll('`+pageError+`').length`, &alerts))
	if alerts > 0 {
		t.Errorf("the page of an unknown video shows an error: %q", page)
	}

	// The session ends while the dashboard is open: the next request sends
	// to the login page, which says why and comes back after.
	var loc string
	do(t, ctx, "session ends",
		chromedp.Navigate(s.base+"/"),
		waitVisible(`//h1[normalize-space()="Overview"]`, chromedp.BySearch),
		// the page's last read: its Spiking now panel, rows or its empty
		// state (a read still under way when the cookies go would end the
		// session from the Overview instead)
		waitVisible(`[data-testid="spiking-row"], [data-testid="spiking-empty"]`, chromedp.ByQuery),
		click(`button[aria-controls="nav"]`),
		waitVisible(`#nav a[href="/videos"]`),
		// at once after the cookies go, by the page's own click: click
		// would wait for the page to settle, long enough for a poll of the
		// page to end the session from the Overview
		network.ClearBrowserCookies(),
		chromedp.Evaluate(`document.querySelector('#nav a[href="/videos"]').click()`, nil),
		waitVisible(`[data-testid="session-ended"]`),
		chromedp.Location(&loc),
	)
	var ended string
	do(t, ctx, "session ended text", readText(`[data-testid="session-ended"]`, &ended))
	if !strings.Contains(ended, "Your session has ended: sign in again") {
		t.Errorf("the login page says %q after the session ended", ended)
	}
	if !strings.Contains(loc, "next=%2Fvideos") {
		t.Errorf("the login page at %s does not lead back to /videos", loc)
	}
	// Who never signed in is not told a session ended.
	var told bool
	do(t, ctx, "fresh login page",
		chromedp.Navigate(s.base+"/videos"),
		waitVisible(`input[name=email]`),
		chromedp.Evaluate(`!!document.querySelector('[data-testid="session-ended"]')`, &told),
	)
	if told {
		t.Error("a visitor who was not signed in is told that their session ended")
	}
}
