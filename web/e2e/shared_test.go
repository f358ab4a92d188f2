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
		chromedp.WaitVisible(`[data-testid=share] summary`),
		chromedp.Click(`[data-testid=share] summary`),
		chromedp.WaitVisible(`form[aria-label="New share link"]`),
		chromedp.SendKeys(`form[aria-label="New share link"] input[type=password]`, "client password 1"),
		chromedp.Click(`form[aria-label="New share link"] button[type=submit]`),
		chromedp.WaitVisible(`[data-testid=share-url] input`),
		chromedp.Value(`[data-testid=share-url] input`, &url),
		chromedp.WaitVisible(`[data-testid=share-link]`),
	)
	if !strings.HasPrefix(url, s.base+"/s/") || len(url) != len(s.base+"/s/")+43 {
		t.Fatalf("the link's URL %q", url)
	}

	// the Share section fits a phone
	var formWidth int
	var formPNG []byte
	do(t, ctx, "the Share section at 375 px",
		emulation.SetDeviceMetricsOverride(375, 812, 1, true),
		chromedp.ScrollIntoView(`[data-testid=share]`),
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
		chromedp.WaitVisible(`form[aria-label=Password] input[type=password]`),
		chromedp.SendKeys(`form[aria-label=Password] input[type=password]`, "not it at all"),
		chromedp.Click(`form[aria-label=Password] button[type=submit]`),
		chromedp.WaitVisible(`//p[@role="alert"][contains(., "Wrong password")]`, chromedp.BySearch),
		chromedp.Evaluate(`document.querySelector('form[aria-label=Password] input[type=password]').select()`, nil),
		chromedp.SendKeys(`form[aria-label=Password] input[type=password]`, "client password 1"),
		chromedp.Click(`form[aria-label=Password] button[type=submit]`),
		chromedp.WaitVisible(`[data-testid=kpi-views]`),
		chromedp.WaitVisible(`[data-testid=shared-videos] li`),
		chromedp.Text(`body`, &text, chromedp.ByQuery),
	)
	var views string
	var controls int
	do(t, ctx, "read the report",
		chromedp.AttributeValue(`[data-testid=kpi-views]`, "data-value", &views, nil),
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
			chromedp.WaitVisible(`[data-testid=shared-videos] li`),
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
