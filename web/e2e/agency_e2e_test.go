package e2e

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// chooseWorkspace picks a workspace in the top bar's switcher as a user
// does: the select's value, then its change event.
func chooseWorkspace(id string) chromedp.Action {
	return chromedp.Tasks{
		waitEnabled(`[data-testid=ws-select]`),
		setValue(`[data-testid=ws-select]`, id),
		chromedp.Evaluate(`document.querySelector('[data-testid=ws-select]').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
	}
}

// switcherShows waits until the top bar's switcher has the workspace id
// chosen, named name, and its menu is enabled again.
func switcherShows(id, name string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		return chromedp.Poll(fmt.Sprintf(`(() => {
			const s = document.querySelector('[data-testid=ws-select]');
			return !!s && !s.disabled && s.value === %q && s.selectedOptions[0].textContent.includes(%q);
		})()`, id, name), nil, chromedp.WithPollingInterval(50*time.Millisecond)).Do(ctx)
	})
}

// TestAgencyPage: an owner makes the workspace an agency on the Agency
// page, adds a client workspace there, switches to it with the top bar's
// switcher (the session then works in it: the top bar names it, the
// dashboard and the API answer it), switches back and sees the roll-up list
// both workspaces.
func TestAgencyPage(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 1280, 900, "agency-page")
	home := s.workspace(cookie)

	do(t, ctx, "make the workspace an agency",
		chromedp.Navigate(s.base+"/agency"),
		waitVisible(`[data-testid=agency-start] input[name=agencyName]`),
		typeInto(`[data-testid=agency-start] input[name=agencyName]`, "Glow Agency"),
		click(`[data-testid=make-agency]`),
		waitVisible(`//h1[normalize-space()="Glow Agency"]`, chromedp.BySearch),
		waitVisible(`table[data-testid=rollup-table] tr[data-testid=rollup-row][data-id="`+home.ID+`"]`),
		waitVisible(`nav a[href="/agency"]`),
	)
	// one workspace still: the top bar names it, without a menu
	textOf(t, ctx, "the top bar's workspace", `[data-testid=ws-name]`, home.Name)
	labelled(t, ctx)

	do(t, ctx, "add a client workspace",
		typeInto(`[data-testid=add-workspace] input[name=clientName]`, "Acme Skincare"),
		click(`[data-testid=add-workspace-submit]`),
		waitVisible(`[data-testid=workspace-added]`),
		waitVisible(`tr[data-testid=rollup-row][data-name="Acme Skincare"]`),
		// the login now reaches two: the top bar's menu
		waitVisible(`[data-testid=ws-select]`),
	)
	var list struct {
		Workspaces []struct {
			ID      string `json:"id"`
			Name    string `json:"name"`
			Own     bool   `json:"own"`
			Current bool   `json:"current"`
		} `json:"workspaces"`
	}
	s.api(cookie, "GET", "/workspaces", &list)
	var acme string
	for _, w := range list.Workspaces {
		if w.Name == "Acme Skincare" {
			acme = w.ID
		}
	}
	if len(list.Workspaces) != 2 || acme == "" || !list.Workspaces[0].Own || list.Workspaces[0].ID != home.ID || !list.Workspaces[0].Current {
		t.Fatalf("the login's workspaces after adding one: %+v", list.Workspaces)
	}

	do(t, ctx, "switch to the client workspace",
		chooseWorkspace(acme),
		waitVisible(`//h1[normalize-space()="Overview"]`, chromedp.BySearch),
		switcherShows(acme, "Acme Skincare"),
		// the switch opens the workspace's overview
		chromedp.Poll(`location.pathname === '/'`, nil, chromedp.WithPollingInterval(50*time.Millisecond)),
	)
	if got := s.workspace(cookie); got.ID != acme || got.Name != "Acme Skincare" {
		t.Fatalf("after the switch the session works in %+v, not Acme Skincare (%s)", got, acme)
	}
	var title string
	do(t, ctx, "the switcher's choice", chromedp.Evaluate(`document.querySelector('[data-testid=ws-select]').selectedOptions[0].textContent`, &title))
	if !strings.Contains(title, "Acme Skincare") {
		t.Fatalf("the top bar shows %q after the switch", title)
	}

	do(t, ctx, "switch back and open the roll-up",
		chooseWorkspace(home.ID),
		switcherShows(home.ID, home.Name),
		waitVisible(`//h1[normalize-space()="Overview"]`, chromedp.BySearch),
		click(`nav a[href="/agency"]`),
		waitVisible(`//h1[normalize-space()="Glow Agency"]`, chromedp.BySearch),
		waitVisible(`tr[data-testid=rollup-row][data-id="`+home.ID+`"]`),
		waitVisible(`tr[data-testid=rollup-row][data-id="`+acme+`"]`),
	)
	var rows []string
	do(t, ctx, "the roll-up's rows", chromedp.Evaluate(`[...document.querySelectorAll('table[data-testid=rollup-table] tr[data-testid=rollup-row]')].map(r => r.dataset.name)`, &rows))
	if len(rows) != 2 || rows[0] != home.Name || rows[1] != "Acme Skincare" {
		t.Fatalf("the roll-up lists %q, want %q and Acme Skincare", rows, home.Name)
	}
	if got := s.workspace(cookie); got.ID != home.ID {
		t.Fatalf("after switching back the session works in %+v", got)
	}
	textOf(t, ctx, "the workspaces tile", `[data-testid=agency-workspaces]`, "2")

	// one subscription for the agency: the client workspace takes the
	// home's plan, and the limits are shown as one
	textOf(t, ctx, "the limits added up", `[data-testid=agency-usage-total]`, "limits added up")
	do(t, ctx, "bill the agency as one",
		click(`[data-testid=agency-billing] input[value=organisation]`),
		click(`[data-testid=billing-save]`),
	)
	textOf(t, ctx, "the limits shared", `[data-testid=agency-usage-total]`, "of one limit")
	textOf(t, ctx, "the client on the agency's plan", `[data-testid=agency-usage] tbody`, "agency’s")
	var billed int
	if err := env.PG.QueryRow(context.Background(), `SELECT count(*) FROM workspaces WHERE billed_by = $1`, home.ID).Scan(&billed); err != nil || billed != 1 {
		t.Fatalf("%d client workspaces billed by the home (%v), want 1", billed, err)
	}

	// a join code for an existing workspace, shown once: the one kept (hashed)
	var code string
	do(t, ctx, "make a join code",
		click(`[data-testid=make-join-code]`),
		waitVisible(`[data-testid=join-code-made] code`),
		chromedp.Text(`[data-testid=join-code-made] code`, &code),
	)
	var kept int
	if err := env.PG.QueryRow(context.Background(), `SELECT count(*) FROM organisation_join_codes c JOIN organisations o ON o.id = c.organisation_id
		WHERE o.home_workspace_id = $1 AND c.code_hash = sha256(convert_to($2, 'UTF8'))`, home.ID, strings.TrimSpace(code)).Scan(&kept); err != nil || kept != 1 {
		t.Fatalf("the join code shown %q is kept %d times (%v)", code, kept, err)
	}

	// At 375 px the switcher stays in the top bar, and the roll-up does not
	// scroll sideways.
	var overflow bool
	do(t, ctx, "the roll-up at 375 px",
		emulation.SetDeviceMetricsOverride(375, 812, 1, true),
		chromedp.Reload(),
		waitVisible(`tr[data-testid=rollup-row][data-id="`+acme+`"]`),
		quiet(),
		chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow),
	)
	if overflow {
		t.Error("the Agency page scrolls sideways at 375 px")
	}
	labelled(t, ctx)
	do(t, ctx, "switch at 375 px",
		waitVisible(`[data-testid=ws-select]`),
		chooseWorkspace(acme),
		switcherShows(acme, "Acme Skincare"),
		waitVisible(`//h1[normalize-space()="Overview"]`, chromedp.BySearch),
		chooseWorkspace(home.ID),
		switcherShows(home.ID, home.Name),
	)
}

// logoDataURL is a small PNG logo as a data: URL: a bar of the colour c
// with a lighter band, 160×40.
func logoDataURL(t *testing.T, c color.RGBA) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 160, 40))
	for y := 0; y < 40; y++ {
		for x := 0; x < 160; x++ {
			p := c
			if x > 12 && x < 36 && y > 8 && y < 32 {
				p = color.RGBA{255, 255, 255, 255}
			}
			img.Set(x, y, p)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
}

// shootAgency makes the signed-in owner's workspace (home) an agency's,
// branded, with a client workspace, and writes the roll-up, the overview
// with the top bar's switcher and the team pages; then the session works in
// home again.
func shootAgency(t *testing.T, s *site, ctx context.Context, home, dir string, each func(func(screen))) {
	t.Helper()
	owner := sessionCookie(t, ctx, s.base)
	s.create(owner, "/organisation", `{"name":"Glow Agency"}`, nil)
	s.send(owner, "PATCH", "/organisation", `{"brandName":"Glow Studio","brandColor":"#0e9f6e","logo":"`+logoDataURL(t, color.RGBA{14, 159, 110, 255})+`"}`, nil)
	var client struct {
		WorkspaceID string `json:"workspaceId"`
	}
	s.create(owner, "/organisation/workspaces", `{"name":"Acme Skincare"}`, &client)
	each(func(sc screen) {
		shoot(t, ctx, s.base+"/agency?datePreset=90d", filepath.Join(dir, sc.file("agency-rollup")), sc, waitVisible(`[data-testid=rollup-table]`))
		shoot(t, ctx, s.base+"/?datePreset=30d", filepath.Join(dir, sc.file("overview-agency")), sc, waitVisible(`[data-testid=ws-select]`))
		shoot(t, ctx, s.base+"/team", filepath.Join(dir, sc.file("team-agency")), sc, waitVisible(`[data-testid=members]`))
		// inviting a client viewer: its collections and payouts
		shoot(t, ctx, s.base+"/team", filepath.Join(dir, sc.file("team-invite-client")), sc,
			waitVisible(`form[aria-label="Invite a teammate"] select[name=role]`),
			setValue(`form[aria-label="Invite a teammate"] select[name=role]`, "client"),
			chromedp.Evaluate(`document.querySelector('form[aria-label="Invite a teammate"] select[name=role]').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
			waitVisible(`[data-testid=client-choices] input[name=clientCollections]`),
			click(`[data-testid=client-choices] input[name=clientCollections]`))
	})
	s.send(owner, "PUT", "/session/workspace", `{"workspaceId":"`+client.WorkspaceID+`"}`, nil)
	each(func(sc screen) {
		shoot(t, ctx, s.base+"/team", filepath.Join(dir, sc.file("team-client-workspace")), sc, waitVisible(`[data-testid=via-org]`))
	})
	s.send(owner, "PUT", "/session/workspace", `{"workspaceId":"`+home+`"}`, nil)
}

// shootClientViewer signs the invited client viewer up in the browser,
// verifies its address, accepts its invite, writes the pages it reads and
// logs it out.
func shootClientViewer(t *testing.T, s *site, ctx context.Context, email, colID, dir string, each func(func(screen))) {
	t.Helper()
	do(t, ctx, "the client viewer signs up",
		chromedp.Navigate(s.base+"/signup"),
		waitVisible(`input[name=email]`),
		sendKeys(`input[name=email]`, email),
		sendKeys(`input[name=password]`, password),
		click(`button[type=submit]`),
		waitVisible(`//h1[normalize-space()="Overview"]`, chromedp.BySearch))
	viewer := sessionCookie(t, ctx, s.base)
	s.send(viewer, "POST", "/auth/verify-email", `{"token":"`+strings.TrimPrefix(s.link(email, "/verify-email"), "/verify-email?token=")+`"}`, nil)
	s.send(viewer, "POST", "/invites/accept", `{"token":"`+strings.TrimPrefix(s.link(email, "/invite"), "/invite?token=")+`"}`, nil)
	each(func(sc screen) {
		shoot(t, ctx, s.base+"/?datePreset=30d", filepath.Join(dir, sc.file("client-overview")), sc, waitVisible(`.kpis`))
		shoot(t, ctx, s.base+"/videos", filepath.Join(dir, sc.file("client-videos")), sc, waitVisible(`[data-testid=videos-table]`))
		shoot(t, ctx, s.base+"/collections", filepath.Join(dir, sc.file("client-collections")), sc, waitVisible(`[data-testid=collections-table]`))
		shoot(t, ctx, s.base+"/campaigns/"+colID, filepath.Join(dir, sc.file("client-campaign")), sc, waitVisible(`[data-testid=leaderboard]`))
	})
	do(t, ctx, "the client viewer logs out", click(`//button[normalize-space()="Log out"]`, chromedp.BySearch), waitVisible(`input[name=email]`))
}
