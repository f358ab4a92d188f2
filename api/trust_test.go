package api_test

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/internal/auth"
)

// starterWorkspace is a signed-up, verified owner of a workspace with seats
// for a team.
func starterWorkspace(a *testApp, prefix string) (*http.Cookie, string, uuid.UUID) {
	a.t.Helper()
	email := uniqueEmail(prefix)
	c := a.signUp(email)
	a.verify(email)
	ws := a.bootstrap(c).Workspace.ID
	exec(a.t, `UPDATE workspaces SET plan = 'growth', video_limit = 1000, seat_limit = 5 WHERE id = $1`, ws)
	return c, email, ws
}

// TestInviteTakeoverIsRefused replays the attack on the way into a
// workspace: a member reads no pending invite's address, and an account
// made with an invited address joins nothing without the invite's link,
// nor with it until the address is verified. Every refusal writes nothing.
func TestInviteTakeoverIsRefused(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	owner, _, ws := starterWorkspace(a, "owner")
	plain := a.member(owner, uniqueEmail("plain"), "member")
	cfo := uniqueEmail("cfo")
	a.request("POST", "/api/workspace/team", map[string]string{"email": cfo, "role": "admin"}, owner).expect(t, 200)

	// a plain member sees no invited address; the seat is still counted
	var tb teamBody
	r := a.request("GET", "/api/workspace/team", nil, plain).expect(t, 200)
	r.decode(t, &tb)
	if len(tb.Invites) != 0 || strings.Contains(string(r.Body), cfo) || tb.Seats.Used != 3 {
		t.Fatalf("a member's team view %s", r.Body)
	}
	a.request("GET", "/api/workspace/team", nil, owner).expect(t, 200).decode(t, &tb)
	if len(tb.Invites) != 1 || tb.Invites[0].Email != cfo {
		t.Fatalf("the owner's team view %+v", tb)
	}

	// the attacker signs up with the invited address: sign-up and bootstrap
	// give them a workspace of their own, never the inviter's
	attacker := a.signUp(cfo)
	if w := a.bootstrap(attacker); w.Workspace.ID == ws || !w.Created {
		t.Fatalf("bootstrap with an invited address %+v", w)
	}
	// without the link: a guessed token is refused like a used one
	fake, _, _ := auth.NewLinkToken()
	for _, token := range []string{fake, "", "x", strings.Repeat("A", 43)} {
		a.request("POST", "/api/invites/accept", map[string]string{"token": token}, attacker).expectError(t, 404, "not_found")
		a.request("POST", "/api/invites/preview", map[string]string{"token": token}).expectError(t, 404, "not_found")
	}
	token := a.link(cfo, "/invite")
	// a verified user of another address holding the link
	other := uniqueEmail("other")
	otherCookie := a.signUp(other)
	a.verify(other)
	a.request("POST", "/api/invites/accept", map[string]string{"token": token}, otherCookie).expectError(t, 403, "forbidden")
	if n := count(t, `SELECT count(*) FROM workspace_members WHERE workspace_id = $1`, ws); n != 2 {
		t.Fatalf("%d members after the refused attempts, want 2", n)
	}
	// the invite's token is kept hashed only
	if n := count(t, `SELECT count(*) FROM workspace_invites WHERE token_hash = $1`, auth.HashLinkToken(token)); n != 1 {
		t.Fatal("the invite's hash is not stored")
	}
	if n := count(t, `SELECT count(*) FROM workspace_invites WHERE encode(token_hash, 'escape') LIKE '%' || $1 || '%'`, token); n != 0 {
		t.Fatal("the invite's token is stored in clear")
	}

	// the preview shows what the link offers
	var pv struct {
		Invite struct{ WorkspaceName, Role, Email, InvitedBy string }
	}
	a.request("POST", "/api/invites/preview", map[string]string{"token": token}).expect(t, 200).decode(t, &pv)
	if pv.Invite.Email != cfo || pv.Invite.Role != "admin" || pv.Invite.WorkspaceName == "" {
		t.Fatalf("preview %+v", pv)
	}
	// a resend replaces the link: the old one stops working
	a.request("POST", "/api/workspace/team/invites/"+tb.Invites[0].ID.String()+"/resend", nil, plain).expectError(t, 403, "forbidden")
	a.request("POST", "/api/workspace/team/invites/"+tb.Invites[0].ID.String()+"/resend", nil, owner).expect(t, 200)
	fresh := a.link(cfo, "/invite")
	if fresh == token {
		t.Fatal("the resend sent the same link")
	}
	a.request("POST", "/api/invites/preview", map[string]string{"token": token}).expectError(t, 404, "not_found")

	// the owner of the address joins with the new link, once: the link
	// came to the invited address, so holding it proves the address (no
	// second link to follow), and their unused workspace is given up
	var acc struct {
		WorkspaceID uuid.UUID
		Role        string
	}
	a.request("POST", "/api/invites/accept", map[string]string{"token": fresh}, attacker).expect(t, 200).decode(t, &acc)
	if acc.WorkspaceID != ws || acc.Role != "admin" {
		t.Fatalf("accepted %+v", acc)
	}
	a.request("POST", "/api/invites/accept", map[string]string{"token": fresh}, attacker).expectError(t, 404, "not_found")
	if n := count(t, `SELECT count(*) FROM users WHERE email = $1 AND email_verified_at IS NOT NULL`, cfo); n != 1 {
		t.Fatal("joining through the invite link did not verify the address")
	}
}

// TestInviteLinksExpireAndRevoke: an expired or revoked invite's link is
// refused; an expired invite holds no seat and can be sent again.
func TestInviteLinksExpireAndRevoke(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	owner, _, ws := starterWorkspace(a, "owner")
	late, gone := uniqueEmail("late"), uniqueEmail("gone")
	var tb teamBody
	a.request("POST", "/api/workspace/team", map[string]string{"email": late}, owner).expect(t, 200)
	a.request("POST", "/api/workspace/team", map[string]string{"email": gone}, owner).expect(t, 200).decode(t, &tb)
	lateCookie, goneCookie := a.signUp(late), a.signUp(gone)
	a.verify(late)
	a.verify(gone)
	lateToken, goneToken := a.link(late, "/invite"), a.link(gone, "/invite")

	exec(t, `UPDATE workspace_invites SET expires_at = now() - interval '1 second' WHERE workspace_id = $1 AND email = $2`, ws, late)
	a.request("POST", "/api/invites/accept", map[string]string{"token": lateToken}, lateCookie).expectError(t, 404, "not_found")
	a.request("GET", "/api/workspace/team", nil, owner).expect(t, 200).decode(t, &tb)
	if tb.Seats.Used != 2 {
		t.Fatalf("seats %+v: an expired invite holds no seat", tb.Seats)
	}
	for _, inv := range tb.Invites {
		if (inv.Email == late) != inv.Expired {
			t.Fatalf("invite %+v: expired wrong", inv)
		}
	}
	var goneID uuid.UUID
	for _, inv := range tb.Invites {
		if inv.Email == gone {
			goneID = inv.ID
		}
	}
	a.request("DELETE", "/api/workspace/team/invites/"+goneID.String(), nil, owner).expect(t, 200)
	a.request("POST", "/api/invites/accept", map[string]string{"token": goneToken}, goneCookie).expectError(t, 404, "not_found")
	// inviting the expired address again sends a link that works
	a.request("POST", "/api/workspace/team", map[string]string{"email": late}, owner).expect(t, 200)
	a.request("POST", "/api/invites/accept", map[string]string{"token": a.link(late, "/invite")}, lateCookie).expect(t, 200)
}

// TestEmailVerification: sign-up e-mails a single-use link (text and HTML);
// the resend is rate-limited and makes the earlier link stop working.
func TestEmailVerification(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	email := uniqueEmail("verify")
	c := a.signUp(email)
	var me struct {
		User struct {
			Email         string
			EmailVerified bool
		}
	}
	a.request("GET", "/api/auth/me", nil, c).expect(t, 200).decode(t, &me)
	if me.User.EmailVerified || me.User.Email != email {
		t.Fatalf("me after sign-up %+v", me)
	}
	first := a.link(email, "/verify-email")
	a.request("POST", "/api/auth/verify-email/resend", nil, c).expect(t, 200)
	second := a.link(email, "/verify-email")
	a.request("POST", "/api/auth/verify-email/resend", nil, c).expectError(t, 429, "rate_limited")
	if first == second {
		t.Fatal("the resend sent the same link")
	}
	a.request("POST", "/api/auth/verify-email", map[string]string{"token": first}).expectError(t, 400, "invalid_request")
	a.request("POST", "/api/auth/verify-email", map[string]string{"token": second}).expect(t, 200)
	a.request("POST", "/api/auth/verify-email", map[string]string{"token": second}).expectError(t, 400, "invalid_request")
	a.request("GET", "/api/auth/me", nil, c).expect(t, 200).decode(t, &me)
	if !me.User.EmailVerified {
		t.Fatal("not verified after the link")
	}
	// the sent link is not kept in clear in the outbox
	if n := count(t, `SELECT count(*) FROM mail_outbox WHERE text_body LIKE '%' || $1 || '%' OR html_body LIKE '%' || $1 || '%'`, second); n != 0 {
		t.Fatal("a sent link's token stays in the outbox")
	}

	// an expired link is refused
	other := uniqueEmail("expired")
	a.signUp(other)
	token := a.link(other, "/verify-email")
	exec(t, `UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, auth.HashLinkToken(token))
	a.request("POST", "/api/auth/verify-email", map[string]string{"token": token}).expectError(t, 400, "invalid_request")
}

// TestPasswordReset: the answer is the same for any address; the link works
// once within its hour, sets the password and ends every session.
func TestPasswordReset(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	email := uniqueEmail("reset")
	laptop := a.signUp(email)
	phone := a.logIn(email)

	known := a.request("POST", "/api/auth/password/forgot", map[string]string{"email": strings.ToUpper(email)}).expect(t, 202)
	unknown := a.request("POST", "/api/auth/password/forgot", map[string]string{"email": uniqueEmail("nobody")}).expect(t, 202)
	if string(known.Body) != string(unknown.Body) {
		t.Fatalf("the answers differ: %s and %s", known.Body, unknown.Body)
	}
	a.request("POST", "/api/auth/password/forgot", map[string]string{"email": "not an address"}).expectError(t, 400, "invalid_request")
	token := a.link(email, "/reset-password")

	// bad passwords and bad tokens change nothing
	a.request("POST", "/api/auth/password/reset", map[string]string{"token": token, "password": "short"}).expectError(t, 400, "invalid_request")
	fake, _, _ := auth.NewLinkToken()
	a.request("POST", "/api/auth/password/reset", map[string]string{"token": fake, "password": "a new horse"}).expectError(t, 400, "invalid_request")
	a.request("GET", "/api/auth/me", nil, phone).expect(t, 200)

	res := a.request("POST", "/api/auth/password/reset", map[string]string{"token": token, "password": "a new horse"}).expect(t, 200)
	fresh := res.cookie(auth.CookieName)
	a.request("GET", "/api/auth/me", nil, fresh).expect(t, 200)
	for _, old := range []*http.Cookie{laptop, phone} {
		a.request("GET", "/api/auth/me", nil, old).expectError(t, 401, "unauthenticated")
	}
	a.request("POST", "/api/auth/password/reset", map[string]string{"token": token, "password": "another horse"}).expectError(t, 400, "invalid_request")
	a.request("POST", "/api/auth/login", map[string]string{"email": email, "password": "correct horse"}).expectError(t, 401, "unauthenticated")
	a.request("POST", "/api/auth/login", map[string]string{"email": email, "password": "a new horse"}).expect(t, 200)

	// an hour later the link no longer works
	a.request("POST", "/api/auth/password/forgot", map[string]string{"email": email}).expect(t, 202)
	late := a.link(email, "/reset-password")
	exec(t, `UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, auth.HashLinkToken(late))
	a.request("POST", "/api/auth/password/reset", map[string]string{"token": late, "password": "late horse"}).expectError(t, 400, "invalid_request")

	// per address: 3 an hour, whether the address has an account or not
	// (each from a client of its own: 5 a minute per client)
	for _, known := range []bool{true, false} {
		b := newApp(t)
		addr := uniqueEmail("limited")
		if known {
			b.signUp(addr)
		}
		var got []int
		for range 4 {
			got = append(got, b.request("POST", "/api/auth/password/forgot", map[string]string{"email": addr}).Status)
		}
		if fmt.Sprint(got) != "[202 202 202 429]" {
			t.Fatalf("forgot for an address (with an account: %v): %v, want 3 an hour", known, got)
		}
	}
	// per client: 5 a minute, whatever the addresses
	c := newApp(t)
	var got []int
	for range 6 {
		got = append(got, c.request("POST", "/api/auth/password/forgot", map[string]string{"email": uniqueEmail("many")}).Status)
	}
	if fmt.Sprint(got) != "[202 202 202 202 202 429]" {
		t.Fatalf("forgot from one client: %v, want 5 a minute", got)
	}
}

// TestPasswordChange needs the current password and ends every other
// session; this client continues with a new one.
func TestPasswordChange(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	email := uniqueEmail("change")
	laptop := a.signUp(email)
	phone := a.logIn(email)
	e := a.request("POST", "/api/auth/password/change", map[string]string{"currentPassword": "wrong horse", "newPassword": "new horse 1"}, laptop).
		expectError(t, 400, "invalid_request")
	if e.Fields["currentPassword"] == "" {
		t.Fatalf("error %+v, want it on currentPassword", e)
	}
	a.request("POST", "/api/auth/password/change", map[string]string{"currentPassword": "correct horse", "newPassword": email}, laptop).
		expectError(t, 400, "invalid_request")
	a.request("GET", "/api/auth/me", nil, phone).expect(t, 200)
	res := a.request("POST", "/api/auth/password/change", map[string]string{"currentPassword": "correct horse", "newPassword": "new horse 1"}, laptop).expect(t, 200)
	fresh := res.cookie(auth.CookieName)
	a.request("GET", "/api/auth/me", nil, fresh).expect(t, 200)
	a.request("GET", "/api/auth/me", nil, phone).expectError(t, 401, "unauthenticated")
	a.request("GET", "/api/auth/me", nil, laptop).expectError(t, 401, "unauthenticated")
}

// TestSessionsEndOnTheServer: a logged-out token is refused wherever a copy
// of it is; "sign out everywhere" ends every device's; a token of an
// external provider (no session row, a user without a password) ends too.
func TestSessionsEndOnTheServer(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	email := uniqueEmail("sessions")
	laptop := a.signUp(email)
	a.bootstrap(laptop)
	copied := &http.Cookie{Name: laptop.Name, Value: laptop.Value}
	a.request("POST", "/api/auth/logout", nil, laptop).expect(t, 200)
	for _, path := range []string{"/api/auth/me", "/api/videos"} {
		a.request("GET", path, nil, copied).expectError(t, 401, "unauthenticated")
	}

	one, two := a.logIn(email), a.logIn(email)
	a.request("GET", "/api/videos", nil, two).expect(t, 200)
	a.request("POST", "/api/auth/logout-everywhere", nil, one).expect(t, 200)
	for _, c := range []*http.Cookie{one, two} {
		a.request("GET", "/api/videos", nil, c).expectError(t, 401, "unauthenticated")
	}
	a.request("GET", "/api/videos", nil, a.logIn(email)).expect(t, 200)

	// a token this service did not record, of a user with a password, is
	// refused: every session of ours has its row
	tokens := auth.NewTokens(testSecret, time.Hour)
	raw, _, _ := tokens.Issue(userID(t, email), email)
	a.request("GET", "/api/auth/me", nil, &http.Cookie{Name: auth.CookieName, Value: raw}).expectError(t, 401, "unauthenticated")

	// an external provider's user
	extID, extEmail := uuid.New(), uniqueEmail("external")
	ext, _, _ := tokens.Issue(extID, extEmail)
	extCookie := &http.Cookie{Name: auth.CookieName, Value: ext}
	a.bootstrap(extCookie)
	a.request("GET", "/api/videos", nil, extCookie).expect(t, 200)
	a.request("POST", "/api/auth/logout", nil, extCookie).expect(t, 200)
	a.request("GET", "/api/videos", nil, extCookie).expectError(t, 401, "unauthenticated")
	other, _, _ := tokens.Issue(extID, extEmail)
	otherCookie := &http.Cookie{Name: auth.CookieName, Value: other}
	a.request("GET", "/api/videos", nil, otherCookie).expect(t, 200)
	a.request("POST", "/api/auth/logout-everywhere", nil, otherCookie).expect(t, 200)
	a.request("GET", "/api/videos", nil, otherCookie).expectError(t, 401, "unauthenticated")
}

// TestActivityLog: owners and admins read who did what, from where; members
// cannot; pages follow the cursor.
func TestActivityLog(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	owner, ownerEmail, _ := starterWorkspace(a, "owner")
	bobEmail := uniqueEmail("bob")
	bob := a.member(owner, bobEmail, "member")
	a.request("POST", "/api/auth/login", map[string]string{"email": bobEmail, "password": "wrong horse"}).expectError(t, 401, "unauthenticated")
	a.request("PATCH", "/api/workspace/team/members/"+userID(t, bobEmail).String(), map[string]string{"role": "admin"}, owner).expect(t, 200)
	a.request("POST", "/api/collections", map[string]string{"name": "Launch"}, bob).expect(t, 200)

	a.request("GET", "/api/workspace/activity", nil, a.logIn(uniqueEmailMember(t, a, owner))).expectError(t, 403, "forbidden")
	type entry struct {
		ID, Action, Target, IP string
		Actor                  *struct{ Email string }
		Details                map[string]any
	}
	var page struct {
		Entries []entry
		Next    *string
	}
	a.request("GET", "/api/workspace/activity?limit=200", nil, bob).expect(t, 200).decode(t, &page)
	seen := map[string]entry{} // action and actor
	for _, e := range page.Entries {
		if e.Actor != nil && e.IP != "" {
			seen[e.Action+" "+e.Actor.Email] = e
		}
	}
	for action, who := range map[string]string{
		"workspace_created": ownerEmail, "invite_sent": ownerEmail, "invite_accepted": bobEmail, "login_failed": bobEmail,
		"member_role_changed": ownerEmail, "collection_created": bobEmail,
	} {
		if _, ok := seen[action+" "+who]; !ok {
			t.Errorf("no %s entry by %s with the client's address in %+v", action, who, page.Entries)
		}
	}
	seen["member_role_changed"] = seen["member_role_changed "+ownerEmail]
	if d := seen["member_role_changed"].Details; d["from"] != "member" || d["to"] != "admin" || seen["member_role_changed"].Target != bobEmail {
		t.Errorf("role change entry %+v", seen["member_role_changed"])
	}
	// pages: newest first, the cursor continues without overlap
	var first, second struct {
		Entries []entry
		Next    *string
	}
	a.request("GET", "/api/workspace/activity?limit=2", nil, owner).expect(t, 200).decode(t, &first)
	if len(first.Entries) != 2 || first.Next == nil {
		t.Fatalf("first page %+v", first)
	}
	a.request("GET", "/api/workspace/activity?limit=2&before="+*first.Next, nil, owner).expect(t, 200).decode(t, &second)
	if len(second.Entries) == 0 || atoi(t, second.Entries[0].ID) >= atoi(t, first.Entries[1].ID) {
		t.Fatalf("second page %+v after %+v", second, first)
	}
	a.request("GET", "/api/workspace/activity?limit=0", nil, owner).expectError(t, 400, "invalid_request")
	a.request("GET", "/api/workspace/activity?before=x", nil, owner).expectError(t, 400, "invalid_request")
	// another workspace's log is not readable: each reads its own
	other, _, _ := starterWorkspace(a, "other")
	var theirs struct{ Entries []entry }
	a.request("GET", "/api/workspace/activity", nil, other).expect(t, 200).decode(t, &theirs)
	for _, e := range theirs.Entries {
		if e.Actor != nil && (e.Actor.Email == bobEmail || e.Actor.Email == ownerEmail) {
			t.Fatalf("another workspace's log shows %+v", e)
		}
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("id %q: %v", s, err)
	}
	return n
}

// uniqueEmailMember adds a plain member to the owner's workspace and
// returns their address.
func uniqueEmailMember(t *testing.T, a *testApp, owner *http.Cookie) string {
	t.Helper()
	email := uniqueEmail("plain")
	a.member(owner, email, "member")
	return email
}

// TestActivityIsKeptAYear: the alerts cron deletes the log's entries older
// than a year, and sessions and links a day past their expiry; younger ones
// stay.
func TestActivityIsKeptAYear(t *testing.T) {
	a := newApp(t, func(d *wiring.Deps) { d.Config.CronSecret = cronSecret })
	owner, email, ws := starterWorkspace(a, "kept")
	exec(t, `UPDATE alert_rules SET enabled = false`)
	exec(t, `INSERT INTO activity_log (workspace_id, action, created_at) VALUES ($1, 'login', now() - interval '366 days'), ($1, 'login', now() - interval '364 days')`, ws)
	exec(t, `UPDATE sessions SET expires_at = now() - interval '25 hours' WHERE user_id = $1`, userID(t, email))
	httpRequest(a, "GET", "/api/cron/alerts", "Bearer "+cronSecret).expect(t, 200)
	if n := count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND created_at < now() - interval '365 days'`, ws); n != 0 {
		t.Fatal("an entry older than a year is kept")
	}
	if n := count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND created_at < now() - interval '300 days'`, ws); n != 1 {
		t.Fatal("an entry younger than a year is gone")
	}
	if n := count(t, `SELECT count(*) FROM sessions WHERE user_id = $1`, userID(t, email)); n != 0 {
		t.Fatal("expired sessions are kept")
	}
	a.request("GET", "/api/auth/me", nil, owner).expectError(t, 401, "unauthenticated")
}
