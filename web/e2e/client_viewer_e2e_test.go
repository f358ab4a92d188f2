package e2e

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// TestClientViewerJourney: the owner invites a client viewer of one
// collection from the Team page; the client signs up, takes the invite and
// sees only the numbers' pages, only its collection, and none of the
// team's tools.
func TestClientViewerJourney(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, owner, cookie := signedUp(t, 1280, 900, "client-owner")
	var shown, hidden struct {
		ID string `json:"id"`
	}
	s.send(cookie, "POST", "/collections", `{"name":"Client launch"}`, &shown)
	s.send(cookie, "POST", "/collections", `{"name":"Internal tests"}`, &hidden)

	client := "viewer-" + owner
	do(t, ctx, "invite a client viewer of one collection",
		chromedp.Navigate(s.base+"/team"),
		waitVisible(`form[aria-label="Invite a teammate"] input[type=email]`),
		sendKeys(`form[aria-label="Invite a teammate"] input[type=email]`, client),
		setValue(`form[aria-label="Invite a teammate"] select[name=role]`, "client"),
		chromedp.Evaluate(`document.querySelector('form[aria-label="Invite a teammate"] select[name=role]').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
		waitVisible(`[data-testid=client-choices] input[value="`+shown.ID+`"]`),
		click(`[data-testid=client-choices] input[value="`+shown.ID+`"]`),
		click(`form[aria-label="Invite a teammate"] button[type=submit]`),
		waitVisible(`//*[@data-testid="invites"]//td[contains(., "`+client+`")]`, chromedp.BySearch),
	)
	labelled(t, ctx)
	var team struct {
		Invites []struct {
			Email             string   `json:"email"`
			Role              string   `json:"role"`
			ClientCollections []string `json:"clientCollections"`
		} `json:"invites"`
	}
	s.send(cookie, "GET", "/workspace/team", "", &team)
	if len(team.Invites) != 1 || team.Invites[0].Role != "client" || len(team.Invites[0].ClientCollections) != 1 || team.Invites[0].ClientCollections[0] != shown.ID {
		b, _ := json.Marshal(team)
		t.Fatalf("the invite %s", b)
	}
	logOut(t, ctx)

	do(t, ctx, "the client signs up",
		chromedp.Navigate(s.base+"/signup"),
		waitVisible(`input[name=email]`),
		sendKeys(`input[name=email]`, client),
		sendKeys(`input[name=password]`, password),
		click(`button[type=submit]`),
		waitVisible(`//h1[normalize-space()="Overview"]`, chromedp.BySearch))
	viewer := sessionCookie(t, ctx, s.base)
	s.send(viewer, "POST", "/auth/verify-email", `{"token":"`+strings.TrimPrefix(s.link(client, "/verify-email"), "/verify-email?token=")+`"}`, nil)
	s.send(viewer, "POST", "/invites/accept", `{"token":"`+strings.TrimPrefix(s.link(client, "/invite"), "/invite?token=")+`"}`, nil)

	var nav []string
	do(t, ctx, "the client's dashboard",
		chromedp.Navigate(s.base+"/collections"),
		waitVisible(`[data-testid=collections-table]`),
		chromedp.Evaluate(`[...document.querySelectorAll('nav#nav a')].map(a => a.getAttribute('href'))`, &nav),
	)
	if got := strings.Join(nav, " "); got != "/ /videos /accounts /collections /export /settings" {
		t.Fatalf("the client's navigation: %s", got)
	}
	textOf(t, ctx, "its collection", `[data-testid=collections-table]`, "Client launch")
	var rows string
	do(t, ctx, "read the collections", chromedp.Text(`[data-testid=collections-table]`, &rows))
	if strings.Contains(rows, "Internal tests") {
		t.Fatalf("the client sees another collection: %s", rows)
	}
	// the overview offers its collection's report as a PDF
	var report struct {
		Href, Type string
		Status     int
	}
	do(t, ctx, "download the report",
		chromedp.Navigate(s.base+"/?datePreset=7d"),
		waitVisible(`[data-testid=client-report]`),
		chromedp.Evaluate(`(async () => {
			const href = document.querySelector('[data-testid=client-report]').getAttribute('href')
			const r = await fetch(href)
			return {href, type: r.headers.get('content-type'), status: r.status}
		})()`, &report, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }),
	)
	if want := "subject=collection&datePreset=7d&id=" + shown.ID; !strings.HasSuffix(report.Href, want) || report.Status != 200 || report.Type != "application/pdf" {
		t.Fatalf("the client's report %+v, want …%s, a PDF", report, want)
	}
	do(t, ctx, "a team's page",
		chromedp.Navigate(s.base+"/track"),
		waitVisible(`[data-testid=client-only]`),
	)
}
