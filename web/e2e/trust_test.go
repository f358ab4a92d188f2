package e2e

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// status calls the API without a session and answers the status.
func (s *site) status(method, path, body string) int {
	s.t.Helper()
	req, err := http.NewRequest(method, s.base+"/api"+path, strings.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// logOut signs the browser out with the shell's button.
func logOut(t *testing.T, ctx context.Context) {
	t.Helper()
	do(t, ctx, "log out",
		click(`//button[normalize-space()="Log out"]`, chromedp.BySearch),
		waitVisible(`//h1[normalize-space()="Log in"]`, chromedp.BySearch),
	)
}

// logIn signs the browser in through the login page.
func logIn(t *testing.T, ctx context.Context, base, email, pass string) {
	t.Helper()
	do(t, ctx, "log in as "+email,
		chromedp.Navigate(base+"/login"),
		waitVisible(`input[name=email]`),
		sendKeys(`input[name=email]`, email),
		sendKeys(`input[name=password]`, pass),
		click(`button[type=submit]`),
		waitVisible(`//h1[normalize-space()="Overview"]`, chromedp.BySearch),
	)
}

// typeInto replaces the value of a form field as typing would.
func typeInto(sel, value string) chromedp.Action {
	return chromedp.Tasks{
		chromedp.Evaluate(fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = ''; e.dispatchEvent(new Event('input', {bubbles: true})) })()`, sel), nil),
		sendKeys(sel, value),
	}
}

// TestInviteJourney: an owner invites an address from the team page; the
// invitee opens the e-mailed link signed out, creates an account with the
// invited address, verifies it with the e-mailed link, accepts, and lands
// in the owner's workspace, without a workspace of their own being made on
// the way. Resending makes a new link and the old one stops working; the
// owner's activity log tells it all, a member's team page shows neither
// invites nor the log.
func TestInviteJourney(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, owner, cookie := signedUp(t, 1280, 800, "owner")
	// The trial's second seat is for the teammate.
	ws := s.workspace(cookie)

	mate := "mate-" + owner
	var sent string
	do(t, ctx, "invite",
		chromedp.Navigate(s.base+"/team"),
		waitVisible(`form[aria-label="Invite a teammate"] input[type=email]`),
		sendKeys(`form[aria-label="Invite a teammate"] input[type=email]`, mate),
		click(`form[aria-label="Invite a teammate"] button[type=submit]`),
		waitVisible(`form[aria-label="Invite a teammate"] .notice`),
		readText(`form[aria-label="Invite a teammate"] .notice`, &sent),
		waitVisible(`//*[@data-testid="invites"]//td[contains(., "`+mate+`")]`, chromedp.BySearch),
		waitVisible(`[data-testid="invites"] [data-testid="invite-expiry"] time`),
	)
	if want := "We e-mailed an invite link to " + mate + "; it works for 7 days."; sent != want {
		t.Errorf("after inviting: %q, want %q", sent, want)
	}
	labelled(t, ctx)
	first := s.link(mate, "/invite")

	// Resend: a new link, the first one stops working.
	do(t, ctx, "resend the invite",
		click(`button[aria-label="Resend the invite of `+mate+`"]`),
		waitVisible(`//*[@data-testid="invites"]//*[@role="status"][normalize-space()="Sent"]`, chromedp.BySearch),
	)
	link := s.link(mate, "/invite")
	if link == first {
		t.Fatal("resending the invite e-mailed the same link")
	}
	logOut(t, ctx)
	do(t, ctx, "the first link",
		chromedp.Navigate(s.base+first),
		waitVisible(`//h1[normalize-space()="This invite link does not work"]`, chromedp.BySearch),
		waitVisible(`//p[contains(., "Ask whoever invited you to send a new invite")]`, chromedp.BySearch),
	)

	// From here until the invite is accepted, nothing may bootstrap a
	// workspace for the invitee.
	var mu sync.Mutex
	bootstraps := 0
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok && strings.Contains(e.Request.URL, "/api/workspace/bootstrap") {
			mu.Lock()
			bootstraps++
			mu.Unlock()
		}
	})
	var summary, prefilled string
	do(t, ctx, "open the invite signed out",
		network.Enable(),
		chromedp.Navigate(s.base+link),
		waitVisible(`[data-testid="invite-summary"]`),
		readText(`[data-testid="invite-summary"]`, &summary),
	)
	if want := owner + " invited you to " + ws.Name + " as a member."; summary != want {
		t.Errorf("invite page: %q, want %q", summary, want)
	}
	labelled(t, ctx)
	do(t, ctx, "create an account from the invite",
		click(`//a[normalize-space()="Create an account"]`, chromedp.BySearch),
		waitVisible(`//h1[normalize-space()="Create your account"]`, chromedp.BySearch),
		readValue(`input[name=email]`, &prefilled),
	)
	if prefilled != mate {
		t.Errorf("the sign-up page's e-mail holds %q, want the invited %q", prefilled, mate)
	}
	do(t, ctx, "sign up and come back to the invite",
		sendKeys(`input[name=password]`, password),
		click(`button[type=submit]`),
		waitVisible(`[data-testid="invite-unverified"]`),
	)
	waitLocation(t, ctx, link)
	labelled(t, ctx)

	// The verification link, then back to the invite.
	do(t, ctx, "verify the address",
		chromedp.Navigate(s.base+s.link(mate, "/verify-email")),
		waitVisible(`//h1[normalize-space()="Your e-mail address is verified"]`, chromedp.BySearch),
		click(`//a[normalize-space()="Continue to your invite"]`, chromedp.BySearch),
		waitVisible(`//button[normalize-space()="Accept and join"]`, chromedp.BySearch),
	)
	mu.Lock()
	before := bootstraps
	mu.Unlock()
	if before != 0 {
		t.Errorf("the invite pages bootstrapped a workspace %d times before the invite was accepted", before)
	}
	var wsName string
	do(t, ctx, "accept",
		click(`//button[normalize-space()="Accept and join"]`, chromedp.BySearch),
		waitVisible(`//h1[normalize-space()="Overview"]`, chromedp.BySearch),
		readText(`.ws-name`, &wsName),
	)
	mu.Lock()
	after := bootstraps
	mu.Unlock()
	if after == 0 {
		t.Error("no bootstrap seen after the invite was accepted: the request listener sees nothing")
	}
	if wsName != ws.Name {
		t.Errorf("after accepting, the shell shows workspace %q, want the owner's %q", wsName, ws.Name)
	}
	var created int
	if err := env.PG.QueryRow(context.Background(), `
		SELECT count(*) FROM workspaces w JOIN users u ON u.id = w.owner_id WHERE u.email = $1`, mate).Scan(&created); err != nil {
		t.Logf("count the invitee's workspaces: %v", err)
	} else if created != 0 {
		t.Errorf("the invitee owns %d workspaces, want none", created)
	}

	// A member: no invites block, no activity log.
	var invitesShown bool
	do(t, ctx, "the member's team page",
		chromedp.Navigate(s.base+"/team"),
		waitVisible(`[data-testid="members"]`),
		waitVisible(`//*[@data-testid="members"]//td[contains(., "`+mate+`")]`, chromedp.BySearch),
		chromedp.Evaluate(`!!document.querySelector('[data-testid="invites"], #invites-title')`, &invitesShown),
	)
	if invitesShown {
		t.Error("a member's team page shows a pending invites block")
	}
	do(t, ctx, "the member's activity page",
		chromedp.Navigate(s.base+"/team/activity"),
		waitVisible(`//h3[normalize-space()="Only owners and admins can see the activity log"]`, chromedp.BySearch),
	)
	logOut(t, ctx)

	// The owner's activity log: the invite, its new link, the acceptance,
	// behind a page of 60 failed sign-ins (the newest entries).
	logIn(t, ctx, s.base, owner, password)
	if _, err := env.PG.Exec(context.Background(), `
		INSERT INTO activity_log (workspace_id, actor_id, actor_email, action, client_ip)
		SELECT $1, u.id, u.email, 'login_failed', '203.0.113.7' FROM users u, generate_series(1, 60) WHERE u.email = $2`, ws.ID, owner); err != nil {
		t.Fatal(err)
	}
	var rows []map[string]string
	var firstPage int
	do(t, ctx, "the owner's activity log",
		chromedp.Navigate(s.base+"/team"),
		waitVisible(`nav.tabs`),
		click(`//nav[@aria-label="Team"]//a[normalize-space()="Activity"]`, chromedp.BySearch),
		waitVisible(`[data-testid="activity-entry"][data-action="login_failed"]`),
		chromedp.Evaluate(`document.querySelectorAll('[data-testid="activity-entry"]').length`, &firstPage),
		click(`//button[normalize-space()="Load more"]`, chromedp.BySearch),
		waitVisible(`[data-testid="activity-entry"][data-action="invite_accepted"]`),
		waitVisible(`//p[starts-with(normalize-space(), "That is everything")]`, chromedp.BySearch),
		chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="activity-entry"]')].map(r => ({action: r.dataset.action, who: r.querySelector('.who').textContent, what: r.querySelector('.what').textContent, ip: r.querySelector('.ip').textContent}))`, &rows),
	)
	labelled(t, ctx)
	if firstPage != 50 {
		t.Errorf("the first page shows %d entries, want 50", firstPage)
	}
	want := map[string][2]string{
		"login_failed":    {owner, "Failed sign-in attempt (wrong password)"},
		"invite_accepted": {mate, "Accepted the invite and joined as member"},
		"invite_resent":   {owner, "Sent a new invite link to " + mate},
		"invite_sent":     {owner, "Invited " + mate + " as member"},
	}
	for _, r := range rows {
		if w, ok := want[r["action"]]; ok {
			if r["who"] != w[0] || r["what"] != w[1] || r["ip"] == "" || r["ip"] == "—" {
				t.Errorf("activity %s: %v, want who %q, what %q and an address", r["action"], r, w[0], w[1])
			}
			delete(want, r["action"])
		}
	}
	if len(want) > 0 {
		t.Errorf("the activity log lacks %v; it shows %v", want, rows)
	}
}

// TestForgotAndResetPassword: the login page's "Forgot your password?"
// e-mails a reset link; its page checks that both passwords match, sets
// the new one and signs in. Then the settings page changes it again and
// signs out everywhere.
func TestForgotAndResetPassword(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, email, _ := signedUp(t, 375, 812, "reset")
	logOut(t, ctx)

	var said string
	do(t, ctx, "ask for a reset link",
		click(`//a[normalize-space()="Forgot your password?"]`, chromedp.BySearch),
		waitVisible(`//h1[normalize-space()="Forgot your password?"]`, chromedp.BySearch),
		sendKeys(`input[name=email]`, email),
		click(`button[type=submit]`),
		waitVisible(`[data-testid="forgot-sent"]`),
		readText(`[data-testid="forgot-sent"]`, &said),
	)
	if want := "If an account exists for " + email + ", we sent a link to reset its password. The link works for one hour."; said != want {
		t.Errorf("after asking: %q, want %q", said, want)
	}
	labelled(t, ctx)

	const first, second = "a brand new secret", "yet another secret"
	link := s.link(email, "/reset-password")
	do(t, ctx, "two different passwords",
		chromedp.Navigate(s.base+link),
		waitVisible(`input[name=password]`),
		sendKeys(`input[name=password]`, first),
		sendKeys(`input[name=repeat]`, first+"!"),
		click(`button[type=submit]`),
		waitVisible(`#repeat-error`),
	)
	labelled(t, ctx)
	do(t, ctx, "too short a password",
		typeInto(`input[name=password]`, "short"),
		typeInto(`input[name=repeat]`, "short"),
		click(`button[type=submit]`),
		waitVisible(`#password-error`),
	)
	do(t, ctx, "set the new password",
		typeInto(`input[name=password]`, first),
		typeInto(`input[name=repeat]`, first),
		click(`button[type=submit]`),
		waitVisible(`//h1[normalize-space()="Overview"]`, chromedp.BySearch),
	)
	if got := s.status("POST", "/auth/login", `{"email":"`+email+`","password":"`+password+`"}`); got != 401 {
		t.Errorf("the old password after the reset: %d, want 401", got)
	}
	do(t, ctx, "the used link",
		chromedp.Navigate(s.base+link),
		waitVisible(`input[name=password]`),
		sendKeys(`input[name=password]`, second),
		sendKeys(`input[name=repeat]`, second),
		click(`button[type=submit]`),
		waitVisible(`//h1[normalize-space()="This link does not work"]`, chromedp.BySearch),
		waitVisible(`//a[normalize-space()="Ask for a new link"]`, chromedp.BySearch),
	)

	// Settings: the address (verified by the reset link), a wrong current
	// password, then the change.
	var shown, verified string
	do(t, ctx, "settings",
		chromedp.Navigate(s.base+"/settings"),
		waitVisible(`[data-testid="settings-email"]`),
		readText(`[data-testid="settings-email"]`, &shown),
		readText(`[data-testid="settings-verified"]`, &verified),
	)
	if shown != email || !strings.Contains(verified, "Verified") {
		t.Errorf("settings show %q, %q; want %q, verified", shown, verified, email)
	}
	labelled(t, ctx)
	do(t, ctx, "a wrong current password",
		sendKeys(`input[name=currentPassword]`, "not my password"),
		sendKeys(`input[name=newPassword]`, second),
		sendKeys(`input[name=repeat]`, second),
		click(`form[aria-label="Change password"] button[type=submit]`),
		waitVisible(`#currentPassword-error`),
	)
	do(t, ctx, "change the password",
		typeInto(`input[name=currentPassword]`, first),
		click(`form[aria-label="Change password"] button[type=submit]`),
		waitVisible(`[data-testid="password-changed"]`),
	)
	if got := s.status("POST", "/auth/login", `{"email":"`+email+`","password":"`+first+`"}`); got != 401 {
		t.Errorf("the reset password after the change: %d, want 401", got)
	}
	do(t, ctx, "sign out everywhere",
		click(`//section//button[normalize-space()="Sign out everywhere"]`, chromedp.BySearch),
		waitVisible(`dialog[open] button.danger`),
		click(`dialog[open] button.danger`),
		waitVisible(`//h1[normalize-space()="Log in"]`, chromedp.BySearch),
	)
	logIn(t, ctx, s.base, email, second)
}

// TestUnverifiedBanner: after sign-up the shell asks to confirm the
// address; "Send the link again" sends a new link, once a minute (the
// second click says how long to wait); the link verifies the address and
// the banner goes.
func TestUnverifiedBanner(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, email, _ := signedUp(t, 1280, 800, "banner")
	var text string
	do(t, ctx, "the banner",
		waitVisible(`[data-testid="unverified-banner"]`),
		readText(`[data-testid="unverified-banner"]`, &text),
	)
	if want := "Confirm your e-mail address: we sent a link to " + email + ". Until then you cannot accept invites or receive alert e-mails."; !strings.Contains(text, want) {
		t.Errorf("banner: %q, want %q", text, want)
	}
	labelled(t, ctx)
	signupLink := s.link(email, "/verify-email")

	// The second click comes at once, before the e-mail is waited for: on
	// a loaded machine the e-mail may take longer than the minute.
	var status string
	do(t, ctx, "send the link again, then once more at once",
		click(`//*[@data-testid="unverified-banner"]//button[normalize-space()="Send the link again"]`, chromedp.BySearch),
		waitVisible(`//*[@data-testid="resend-status"][starts-with(normalize-space(), "Sent")]`, chromedp.BySearch),
		click(`//*[@data-testid="unverified-banner"]//button[normalize-space()="Send the link again"]`, chromedp.BySearch),
		waitVisible(`//*[@data-testid="resend-status"][contains(., "try again in")]`, chromedp.BySearch),
		readText(`[data-testid="resend-status"]`, &status),
	)
	t.Logf("second resend: %s", status)
	link := s.link(email, "/verify-email")
	if link == signupLink {
		t.Fatal("the resent e-mail carries the sign-up's link")
	}
	time.Sleep(time.Second)
	if n := s.mailsTo(email); n != 0 {
		t.Errorf("%d more e-mails arrived after the refused resend", n)
	}

	// The sign-up's link stopped working when the new one was sent.
	do(t, ctx, "the first link",
		chromedp.Navigate(s.base+signupLink),
		waitVisible(`//h1[normalize-space()="This link does not work"]`, chromedp.BySearch),
		waitVisible(`//button[normalize-space()="Send the link again"]`, chromedp.BySearch),
	)
	var bannerLeft bool
	do(t, ctx, "verify",
		chromedp.Navigate(s.base+link),
		waitVisible(`//h1[normalize-space()="Your e-mail address is verified"]`, chromedp.BySearch),
		click(`//a[normalize-space()="Open the dashboard"]`, chromedp.BySearch),
		waitVisible(`//h1[normalize-space()="Overview"]`, chromedp.BySearch),
		quiet(),
		chromedp.Evaluate(`!!document.querySelector('[data-testid="unverified-banner"]')`, &bannerLeft),
	)
	if bannerLeft {
		t.Error("the banner stays after the address was verified")
	}
	do(t, ctx, "reload: still verified",
		chromedp.Navigate(s.base+"/settings"),
		waitVisible(`//*[@data-testid="settings-verified"][contains(., "Verified")]`, chromedp.BySearch),
		chromedp.Evaluate(`!!document.querySelector('[data-testid="unverified-banner"]')`, &bannerLeft),
	)
	if bannerLeft {
		t.Error("the banner shows again after a reload")
	}
}
