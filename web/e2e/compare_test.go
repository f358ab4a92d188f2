package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// sparkValues is a views7d array as the sparkline's data-values says it:
// the days' numbers, empty for null, comma-separated.
func sparkValues(days []*int64) string {
	s := make([]string, len(days))
	for i, d := range days {
		if d != nil {
			s[i] = fmt.Sprint(*d)
		}
	}
	return strings.Join(s, ",")
}

type sparkRow struct {
	ID      string   `json:"id"`
	Views7d []*int64 `json:"views7d"`
}

// TestCompareVideosAndAccounts follows a team comparing its items: each
// Videos and Accounts row draws the 7-day views the API answers; the
// Videos sort control sorts by views gained in 7 days and by saves as the
// API does; the period buttons say they filter by publish date; the table
// fits 1440 px without scrolling sideways, its columns can be hidden (and
// stay hidden after a reload), and at 375 px every video is a card; the
// Overview takes a custom range of days, kept in the address, whose
// figures are the API's; the Export page offers the daily series file.
func TestCompareVideosAndAccounts(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	ctx := openBrowser(t, 1440, 900)
	do(t, ctx, "1440 px viewport", chromedp.EmulateViewport(1440, 900))
	s.signUp(ctx, "compare")
	cookie := sessionCookie(t, ctx, s.base)
	ws := s.subscribe(cookie, "year", "compare")
	s.send(cookie, "POST", "/track/bulk", `{"urls":[
		"https://www.tiktok.com/@glowlab/video/7301234567890123456",
		"https://www.tiktok.com/@glowlab/video/7301234567890123457",
		"https://www.instagram.com/reel/C1a2B3c4D5e/",
		"https://www.youtube.com/shorts/dQw4w9WgXcQ",
		"https://www.tiktok.com/@streetfood.daily"]}`, nil)
	s.waitFirstScrapes(cookie, 5)
	seedHistory(t, s, cookie, ws.ID)

	// Videos: the sparklines are the API's views7d, row by row.
	var list struct {
		Videos []sparkRow `json:"videos"`
	}
	s.api(cookie, "GET", "/videos?limit=50", &list)
	var drawn []struct{ ID, Values string }
	var label string
	var labelShown bool
	do(t, ctx, "videos",
		chromedp.Navigate(s.base+"/videos"),
		waitVisible(`[data-testid="videos-table"] [data-testid="row"] [data-testid="spark"]`),
		chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="videos-table"] [data-testid="row"]')].map(r => ({id: r.dataset.id, values: r.querySelector('[data-testid="spark"]').dataset.values}))`, &drawn),
		readText(`.filter-label`, &label),
		chromedp.Evaluate(`(() => { const e = document.querySelector('.filter-label'); const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility === 'visible' })()`, &labelShown),
	)
	if len(drawn) != len(list.Videos) {
		t.Fatalf("%d rows drawn, the API lists %d", len(drawn), len(list.Videos))
	}
	gained := 0
	for i, v := range list.Videos {
		if drawn[i].ID != v.ID || drawn[i].Values != sparkValues(v.Views7d) {
			t.Errorf("row %d: %s draws %q, the API says %s: %q", i, drawn[i].ID, drawn[i].Values, v.ID, sparkValues(v.Views7d))
		}
		for _, d := range v.Views7d {
			if d != nil && *d > 0 {
				gained++
			}
		}
	}
	if gained == 0 {
		t.Error("no sparkline has a day with views gained: the history did not reach the lists")
	}
	if !labelShown || !strings.Contains(strings.ToLower(label), "publish date") {
		t.Errorf("the period buttons' label %q (shown %t) does not say they filter by publish date", label, labelShown)
	}

	// The table fits the window at 1440 px: nothing scrolls sideways.
	var wide struct{ Page, Table bool }
	do(t, ctx, "videos fit 1440 px", chromedp.Evaluate(`({page: document.documentElement.scrollWidth > window.innerWidth, table: [...document.querySelectorAll('.table-wrap')].some(w => w.scrollWidth > w.clientWidth + 1)})`, &wide))
	if wide.Page || wide.Table {
		t.Errorf("at 1440 px the videos page scrolls sideways (page %t, table %t)", wide.Page, wide.Table)
	}

	// The sort control sorts by views gained in 7 days, then by saves, in
	// the API's order.
	for _, by := range []string{"gained7d", "saves"} {
		var want struct {
			Videos []sparkRow `json:"videos"`
		}
		s.api(cookie, "GET", "/videos?limit=50&sort="+by, &want)
		var ids []string
		var loc string
		do(t, ctx, "sort by "+by,
			setValue(`.vt-controls select[name=sort]`, by),
			chromedp.ActionFunc(func(ctx context.Context) error {
				return chromedp.Evaluate(`document.querySelector('.vt-controls select[name=sort]').dispatchEvent(new Event('change', {bubbles: true}))`, nil).Do(ctx)
			}),
			chromedp.Poll(`location.search.includes('sort=`+by+`') && !document.querySelector('[aria-busy=true]')`, nil),
			chromedp.Location(&loc),
			chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="videos-table"] [data-testid="row"]')].map(r => r.dataset.id)`, &ids),
		)
		if len(ids) != len(want.Videos) {
			t.Fatalf("sort %s: %d rows, the API lists %d", by, len(ids), len(want.Videos))
		}
		for i, v := range want.Videos {
			if ids[i] != v.ID {
				t.Errorf("sort %s: row %d is %s, the API says %s", by, i, ids[i], v.ID)
			}
		}
	}

	// A hidden column stays hidden after a reload.
	var likes int
	do(t, ctx, "hide the likes column",
		chromedp.Navigate(s.base+"/videos"),
		waitVisible(`[data-testid="videos-table"] [data-testid="row"]`),
		openDetails(`.vt-columns`),
		click(`input[name="column-likes"]`),
		chromedp.Reload(),
		waitVisible(`[data-testid="videos-table"] [data-testid="row"]`),
		chromedp.Evaluate(`document.querySelectorAll('[data-testid="videos-table"] td[data-testid="likes"]').length`, &likes),
	)
	if likes != 0 {
		t.Errorf("%d likes cells after hiding the column and reloading", likes)
	}

	// Accounts: the sparklines are the API's views7d too.
	var accounts struct {
		Accounts []sparkRow `json:"accounts"`
	}
	s.api(cookie, "GET", "/accounts", &accounts)
	var accDrawn []struct{ ID, Values string }
	do(t, ctx, "accounts",
		chromedp.Navigate(s.base+"/accounts"),
		waitVisible(`[data-testid="accounts-table"] [data-testid="row"] [data-testid="spark"]`),
		chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="accounts-table"] [data-testid="row"]')].map(r => ({id: r.dataset.id, values: r.querySelector('[data-testid="spark"]').dataset.values}))`, &accDrawn),
	)
	if len(accDrawn) != len(accounts.Accounts) || len(accDrawn) == 0 {
		t.Fatalf("%d account rows drawn, the API lists %d", len(accDrawn), len(accounts.Accounts))
	}
	for i, a := range accounts.Accounts {
		if accDrawn[i].ID != a.ID || accDrawn[i].Values != sparkValues(a.Views7d) {
			t.Errorf("account %d draws %q, the API says %q", i, accDrawn[i].Values, sparkValues(a.Views7d))
		}
	}

	// Overview: a custom range of days, in the address, with the API's
	// figures.
	today := time.Now().UTC()
	from, to := today.AddDate(0, 0, -20).Format(time.DateOnly), today.AddDate(0, 0, -6).Format(time.DateOnly)
	var loc, change string
	var kpi int64
	do(t, ctx, "overview custom range",
		chromedp.Navigate(s.base+"/?datePreset=30d"),
		waitVisible(`[data-testid="kpi-views"]`),
		click(`//button[normalize-space()="Custom"]`, chromedp.BySearch),
		waitVisible(`form[aria-label="Custom date range"] input[name=from]`),
		setValue(`form[aria-label="Custom date range"] input[name=from]`, from),
		chromedp.ActionFunc(func(ctx context.Context) error {
			return chromedp.Evaluate(`document.querySelector('form[aria-label="Custom date range"] input[name=from]').dispatchEvent(new Event('input', {bubbles: true}))`, nil).Do(ctx)
		}),
		setValue(`form[aria-label="Custom date range"] input[name=to]`, to),
		chromedp.ActionFunc(func(ctx context.Context) error {
			return chromedp.Evaluate(`document.querySelector('form[aria-label="Custom date range"] input[name=to]').dispatchEvent(new Event('input', {bubbles: true}))`, nil).Do(ctx)
		}),
		click(`form[aria-label="Custom date range"] button[type=submit]`),
		// the address changes at once, the numbers when the answer is drawn:
		// wait for the KPI to speak of a range (or give up after 10 s)
		chromedp.Poll(`location.search.includes('from=`+from+`') && !document.querySelector('[aria-busy=true]') &&
			(document.querySelector('[data-testid="kpi-change-views"]')?.textContent ?? '').includes('from ')`, nil, chromedp.WithPollingTimeout(time.Minute)),
		waitVisible(`[data-testid="kpi-change-views"]`),
		chromedp.Location(&loc),
		readText(`[data-testid="kpi-change-views"]`, &change),
		chromedp.Evaluate(`Number(document.querySelector('[data-testid="kpi-change-views"] span').closest('.kpi').dataset.value)`, &kpi),
	)
	u, _ := url.Parse(loc)
	if u.Query().Get("from") != from || u.Query().Get("to") != to || u.Query().Get("datePreset") != "" {
		t.Errorf("the address after choosing a range is %s", loc)
	}
	var ov struct {
		DatePreset string `json:"datePreset"`
		Totals     struct {
			Views int64 `json:"views"`
		} `json:"totals"`
		Gained struct {
			Period int64 `json:"period"`
		} `json:"viewsGained"`
	}
	s.api(cookie, "GET", "/overview?from="+from+"&to="+to, &ov)
	if ov.DatePreset != "custom" || kpi != ov.Totals.Views {
		t.Errorf("overview KPI views %d, the API says %d (%s)", kpi, ov.Totals.Views, ov.DatePreset)
	}
	if !strings.Contains(change, "from ") {
		t.Errorf("the views KPI's change %q does not name the range", change)
	}
	// Reloading keeps the range: the address is the state.
	var fromShown string
	do(t, ctx, "reload the range",
		chromedp.Reload(),
		waitVisible(`form[aria-label="Custom date range"] input[name=from]`),
		readValue(`form[aria-label="Custom date range"] input[name=from]`, &fromShown),
	)
	if fromShown != from {
		t.Errorf("after a reload the range starts %q, want %s", fromShown, from)
	}

	// Export: the daily series link downloads that file.
	var href string
	do(t, ctx, "export page",
		chromedp.Navigate(s.base+"/export"),
		waitVisible(`[data-testid="export-daily"]`),
		readAttribute(`[data-testid="export-daily"]`, "href", &href, nil),
	)
	if !strings.Contains(href, "type=daily") || !strings.Contains(href, "from=") {
		t.Fatalf("daily series link %q", href)
	}
	// the file starts with the byte order mark Excel reads UTF-8 by
	body, ok := strings.CutPrefix(download(t, s, cookie, href), "\ufeff")
	if first, _, _ := strings.Cut(body, "\r\n"); !ok || !strings.HasPrefix(first, "date,item_type,id,platform") || strings.Count(body, "\r\n") < 30 {
		t.Errorf("the daily series file starts %q and has %d lines", first, strings.Count(body, "\r\n"))
	}

	// At phone width every video is a card and nothing scrolls sideways.
	var phone struct {
		Display string
		Wide    bool
	}
	do(t, ctx, "videos at 375 px",
		chromedp.EmulateViewport(375, 812),
		chromedp.Navigate(s.base+"/videos"),
		waitVisible(`[data-testid="videos-table"] [data-testid="row"]`),
		chromedp.Evaluate(`({display: getComputedStyle(document.querySelector('[data-testid="videos-table"] [data-testid="row"]')).display, wide: document.documentElement.scrollWidth > window.innerWidth})`, &phone),
	)
	if phone.Display != "grid" || phone.Wide {
		t.Errorf("at 375 px a video row is laid out as %q and the page scrolls sideways: %t", phone.Display, phone.Wide)
	}
}

// download fetches a link of the dashboard with the browser's session.
func download(t *testing.T, s *site, cookie *network.Cookie, href string) string {
	t.Helper()
	// A store that does not answer in time on a loaded machine is a 503
	// that says to retry in a few seconds: the download is tried again, as
	// a user would, for up to two minutes.
	for deadline := time.Now().Add(2 * time.Minute); ; {
		req, err := http.NewRequest("GET", s.base+href, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.AddCookie(&http.Cookie{Name: cookie.Name, Value: cookie.Value})
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode == http.StatusServiceUnavailable && time.Now().Before(deadline) {
			time.Sleep(2 * time.Second)
			continue
		}
		if res.StatusCode != 200 {
			var e json.RawMessage = raw
			t.Fatalf("GET %s: %d %s", href, res.StatusCode, e)
		}
		return string(raw)
	}
}
