package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// TestSharedPage shares a collection from the overview's Share section
// with a password, copies the URL shown once, and opens it as a client
// without a session: a password prompt, a wrong password refused, then the
// read-only report with the collection's numbers (those of the dashboard),
// its chart and top videos, without navigation or editing controls, and
// the footer; at 375 px it fits the screen. The list then shows the view.
// With SHARE_SHOTS set to a folder, the page is also saved there at 1440
// and 375 px.
func TestSharedPage(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 1440, 900, "share")
	colID := s.newCollection(cookie, "Client launch")
	s.send(cookie, "POST", "/track/bulk", `{"collection_id":"`+colID+`","urls":[
		"https://www.tiktok.com/@share.clips/video/7301234567890126001",
		"https://www.tiktok.com/@share.clips/video/7301234567890126002"]}`, nil)
	s.send(cookie, "POST", "/track", `{"url":"https://www.tiktok.com/@share.other/video/7301234567890126003"}`, nil)
	s.waitFirstScrapes(cookie, 3)
	var overview struct {
		Totals struct {
			Views  int64 `json:"views"`
			Videos int   `json:"videos"`
		} `json:"totals"`
	}
	s.api(cookie, "GET", "/overview?collectionId="+colID+"&datePreset=30d", &overview)
	if overview.Totals.Videos != 2 || overview.Totals.Views == 0 {
		t.Fatalf("the collection's overview: %+v", overview.Totals)
	}

	var url string
	do(t, ctx, "make a share link from the overview",
		chromedp.Navigate(s.base+"/?collectionId="+colID+"&datePreset=30d"),
		openDetails(`[data-testid=share]`),
		waitVisible(`form[aria-label="New share link"]`),
		sendKeys(`form[aria-label="New share link"] input[type=password]`, "client password 1"),
		click(`form[aria-label="New share link"] button[type=submit]`),
		waitVisible(`[data-testid=share-url] input`),
		readValue(`[data-testid=share-url] input`, &url),
		waitVisible(`[data-testid=share-link]`),
	)
	if !strings.HasPrefix(url, s.base+"/s/") || len(url) != len(s.base+"/s/")+43 {
		t.Fatalf("the link's URL %q", url)
	}

	// the Share section fits a phone
	var formWidth int
	var formPNG []byte
	do(t, ctx, "the Share section at 375 px",
		emulation.SetDeviceMetricsOverride(375, 812, 1, true),
		scrollIntoView(`[data-testid=share]`),
		chromedp.Evaluate(`document.documentElement.scrollWidth`, &formWidth),
		chromedp.FullScreenshot(&formPNG, 100),
		emulation.ClearDeviceMetricsOverride(),
	)
	if formWidth > 375 {
		t.Errorf("at 375 px the overview with its Share section is %d px wide", formWidth)
	}
	if dir := os.Getenv("SHARE_SHOTS"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, "share-section-375.png"), formPNG, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// the client: no session
	var text string
	do(t, ctx, "open the link without a session",
		network.ClearBrowserCookies(),
		chromedp.Navigate(url),
		waitVisible(`form[aria-label=Password] input[type=password]`),
		sendKeys(`form[aria-label=Password] input[type=password]`, "not it at all"),
		click(`form[aria-label=Password] button[type=submit]`),
		waitVisible(`//p[@role="alert"][contains(., "Wrong password")]`, chromedp.BySearch),
		chromedp.Evaluate(`document.querySelector('form[aria-label=Password] input[type=password]').select()`, nil),
		sendKeys(`form[aria-label=Password] input[type=password]`, "client password 1"),
		click(`form[aria-label=Password] button[type=submit]`),
		waitVisible(`[data-testid=kpi-views]`),
		waitVisible(`[data-testid=shared-videos] li`),
		readText(`body`, &text, chromedp.ByQuery),
	)
	var views string
	var controls int
	do(t, ctx, "read the report",
		readAttribute(`[data-testid=kpi-views]`, "data-value", &views, nil),
		chromedp.Evaluate(`document.querySelectorAll('nav, .sidenav, .topbar, main button, main input, main select, main textarea, a[href^="/videos"], a[href^="/campaigns"]').length`, &controls),
	)
	if views != strconv.FormatInt(overview.Totals.Views, 10) {
		t.Errorf("the report shows %s views, the dashboard %d", views, overview.Totals.Views)
	}
	if controls != 0 {
		t.Errorf("the report has %d navigation or editing controls", controls)
	}
	if !strings.Contains(text, "Client launch") || !strings.Contains(text, "Shared from reeltrack") || strings.Contains(text, "share.other") {
		t.Errorf("the report says:\n%s", text)
	}

	shots := os.Getenv("SHARE_SHOTS")
	for _, w := range []int{1440, 375} {
		var width int
		var png []byte
		do(t, ctx, "the report at "+strconv.Itoa(w)+" px",
			emulation.SetDeviceMetricsOverride(int64(w), 900, 1, w < 600),
			chromedp.Navigate(url),
			waitVisible(`[data-testid=shared-videos] li`),
			chromedp.Evaluate(`document.documentElement.scrollWidth`, &width),
			chromedp.FullScreenshot(&png, 100),
		)
		if width > w {
			t.Errorf("at %d px the report is %d px wide", w, width)
		}
		if shots != "" {
			if err := os.WriteFile(filepath.Join(shots, "shared-"+strconv.Itoa(w)+".png"), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}

	// the owner sees the views
	var list struct {
		ShareLinks []struct {
			ViewCount int `json:"viewCount"`
		} `json:"shareLinks"`
	}
	s.api(cookie, "GET", "/share-links", &list)
	if len(list.ShareLinks) != 1 || list.ShareLinks[0].ViewCount < 2 {
		t.Errorf("the list: %+v", list.ShareLinks)
	}
}

// TestSharedCampaignByViews: a client opens a campaign's link with payouts
// on a workspace scraped once: the top videos and the payout lines come by
// views, most first; a line cut by the creator's cap says so beside its
// amount, as the owner's ledger does; and the chart of views gained, which
// has nothing to draw yet, says why instead of an empty axis.
func TestSharedCampaignByViews(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 1440, 900, "sharecap")
	colID := s.newCollection(cookie, "Capped launch")
	s.send(cookie, "POST", "/track", `{"url":"https://www.tiktok.com/@share.capped","collection_id":"`+colID+`","tracking_limit":5}`, nil)
	s.waitFirstScrapes(cookie, 5)
	// a cap of one cent per payee and period: the account's first line
	// takes it, the others are cut to nothing
	s.create(cookie, "/campaigns", `{"collectionId":"`+colID+`","currency":"USD","startsAt":"2023-01-01T00:00:00Z","period":"monthly",
		"rules":{"tiers":[{"fromViews":0,"cpm":150}],"creatorCap":1,"windowHours":168}}`, nil)
	var share struct {
		URL string `json:"url"`
	}
	s.sendWant(cookie, "POST", "/share-links", `{"name":"Client report","collectionId":"`+colID+`","includePayouts":true}`, 201, &share)

	var top, campaignTop, lines []int64
	var bounds []string
	var chartNote string
	var charts int
	views := func(sel string, out *[]int64) chromedp.Action {
		return chromedp.Evaluate(`[...document.querySelectorAll('`+sel+`')].map(e => Number(e.dataset.views))`, out)
	}
	do(t, ctx, "open the campaign's link",
		chromedp.Navigate(share.URL),
		waitVisible(`[data-testid=shared-videos] li`),
		waitVisible(`[data-testid=shared-line]`),
		waitVisible(`[data-testid=shared-chart-empty]`),
		views(`[data-testid=shared-videos] li`, &top),
		views(`[data-testid=shared-line]`, &lines),
		views(`[data-testid=shared-campaign-top] li`, &campaignTop),
		chromedp.Evaluate(`[...document.querySelectorAll('[data-testid=shared-bound]')].map(e => e.textContent)`, &bounds),
		readText(`[data-testid=shared-chart-empty]`, &chartNote),
		chromedp.Evaluate(`document.querySelectorAll('.shared .uplot').length`, &charts),
	)
	descending := func(what string, vs []int64) {
		t.Helper()
		if len(vs) < 2 {
			t.Errorf("%s: %d videos, want the account's 5", what, len(vs))
		}
		for i := 1; i < len(vs); i++ {
			if vs[i] > vs[i-1] {
				t.Errorf("%s are not by views, most first: %v", what, vs)
				return
			}
		}
	}
	descending("the top videos", top)
	descending("the payout lines", lines)
	if len(campaignTop) != 0 {
		t.Errorf("with payouts the campaign lists its lines, not its top videos too: %v", campaignTop)
	}
	capped := 0
	for _, b := range bounds {
		if b == "capped by creator cap" {
			capped++
		}
	}
	if capped == 0 {
		t.Errorf("no line says it was capped by the creator cap: %q", bounds)
	}
	if charts != 0 || !(strings.HasPrefix(chartNote, "No views gained in this period yet") || strings.HasPrefix(chartNote, "No scrape yet in this period")) {
		t.Errorf("the empty chart: %d charts drawn, note %q", charts, chartNote)
	}
}
