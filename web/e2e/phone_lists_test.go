package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// phoneList is how a list of a page lays out at 375 px: the first row's
// display and its cells' labels, and whether the list or the page scrolls
// sideways.
type phoneList struct {
	Display    string   `json:"display"`
	Labels     []string `json:"labels"`
	ListScroll bool     `json:"listScroll"`
	PageScroll bool     `json:"pageScroll"`
}

// readPhoneList reads the list whose rows sel finds into out.
func readPhoneList(sel string, out *phoneList) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`(() => {
		const row = document.querySelector(%q)
		const wrap = row.closest('.table-wrap')
		return {
			display: getComputedStyle(row).display,
			labels: [...row.children].map(td => getComputedStyle(td, '::before').content).filter(c => c && c !== 'none').map(c => c.replace(/^"|"$/g, '')),
			listScroll: wrap.scrollWidth > wrap.clientWidth + 1,
			pageScroll: document.documentElement.scrollWidth > innerWidth + 1,
		}
	})()`, sel), out)
}

// TestPhoneListsAreCards: at 375 px the Videos page folds its filters
// behind a "Filters" button, so the first screen shows a video, and the
// button opens them; the campaign ledger, the API keys and the creators
// are cards with each value labelled, like the videos, instead of tables
// that scroll inside their frames; a member sees the creators' cards
// without the controls that change them.
func TestPhoneListsAreCards(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 375, 812, "phonelists")
	colID := s.newCollection(cookie, "Phone campaign")
	var acct struct {
		ID string `json:"id"`
	}
	s.send(cookie, "POST", "/track", `{"url":"https://www.tiktok.com/@phone.lists","collection_id":"`+colID+`","tracking_limit":3}`, &acct)
	s.waitFirstScrapes(cookie, 3)
	s.create(cookie, "/creators", `{"name":"Mara Lindqvist","email":"mara@example.com","postingGoal":3,"accountIds":["`+acct.ID+`"]}`, nil)
	s.create(cookie, "/campaigns", `{"collectionId":"`+colID+`","currency":"USD","startsAt":"2023-01-01T00:00:00Z","period":"monthly",
		"rules":{"tiers":[{"fromViews":0,"cpm":150}],"windowHours":168}}`, nil)
	s.sendWant(cookie, "POST", "/api-keys", `{"name":"Looker sync","scope":"read"}`, 201, nil)

	var toggle struct {
		Shown    bool    `json:"shown"`
		Filters  bool    `json:"filters"`
		FirstTop float64 `json:"firstTop"`
	}
	state := chromedp.Evaluate(`(() => {
		const b = document.querySelector('[data-testid=filters-toggle]')
		return {
			shown: !!b && getComputedStyle(b).display !== 'none',
			filters: !!document.querySelector('#video-filters select[name=sort]').offsetParent,
			firstTop: document.querySelector('[data-testid="videos-table"] [data-testid="row"]').getBoundingClientRect().top,
		}
	})()`, &toggle)
	do(t, ctx, "the videos at 375 px",
		chromedp.Navigate(s.base+"/videos"),
		waitVisible(`[data-testid="videos-table"] [data-testid="row"]`),
		state,
	)
	if !toggle.Shown || toggle.Filters || toggle.FirstTop > 812 {
		t.Errorf("at 375 px: the Filters button shown %t, the filters shown %t, the first video at %.0f px", toggle.Shown, toggle.Filters, toggle.FirstTop)
	}
	var expanded string
	do(t, ctx, "open the filters",
		click(`[data-testid=filters-toggle]`),
		waitVisible(`#video-filters select[name=sort]`),
		readAttribute(`[data-testid=filters-toggle]`, "aria-expanded", &expanded, nil),
	)
	if expanded != "true" {
		t.Errorf("the open Filters button says aria-expanded=%q", expanded)
	}
	labelled(t, ctx)

	check := func(what, page, row string, want ...string) {
		t.Helper()
		var l phoneList
		do(t, ctx, what+" at 375 px",
			chromedp.Navigate(s.base+page),
			waitVisible(row),
			readPhoneList(row, &l),
		)
		if l.Display != "grid" || l.ListScroll || l.PageScroll {
			t.Errorf("%s at 375 px: a row is laid out as %q, the list scrolls sideways %t, the page %t", what, l.Display, l.ListScroll, l.PageScroll)
		}
		for _, w := range want {
			found := false
			for _, got := range l.Labels {
				found = found || got == w
			}
			if !found {
				t.Errorf("%s: a card's values are labelled %q, not %q", what, l.Labels, w)
			}
		}
	}
	check("the ledger", "/campaigns/"+colID, `table[data-testid=ledger] tr[data-testid=line]`, "Payee", "Status", "Views", "Amount")
	check("the API keys", "/team/api-keys", `table[data-testid=api-keys] tr[data-testid=key-row]`, "Scope", "Status", "Last used")
	check("the creators", "/creators", `table[data-testid=creators-table] tr[data-testid=row]`, "Accounts", "Posting goal")

	// a member: the same cards, without Edit and Delete
	member := teammate(t, uuid.MustParse(s.workspace(cookie).ID), "phone-member", domain.RoleMember)
	mctx := openBrowser(t, 375, 812)
	logIn(t, mctx, s.base, member, password)
	var l phoneList
	var controls int
	do(t, mctx, "the creators as a member",
		chromedp.Navigate(s.base+"/creators"),
		waitVisible(`[data-testid=creators-managers-only]`),
		waitVisible(`table[data-testid=creators-table] tr[data-testid=row]`),
		readPhoneList(`table[data-testid=creators-table] tr[data-testid=row]`, &l),
		chromedp.Evaluate(`document.querySelectorAll('table[data-testid=creators-table] button').length`, &controls),
	)
	if l.Display != "grid" || controls != 0 {
		t.Errorf("a member's creators at 375 px: rows laid out as %q, %d buttons", l.Display, controls)
	}
}
