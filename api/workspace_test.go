package api_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

func TestBootstrapCreatesATrialWorkspaceOnce(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c := a.signUp(uniqueEmail("owner"))
	before := time.Now()
	w := a.bootstrap(c)
	ws := w.Workspace
	if !w.Created || ws.Plan != "trial" || ws.VideoLimit != 50 || ws.SeatLimit != 2 ||
		ws.MaxVideosPerAccount != 30 || !ws.HasAccess || !w.HasAccess || ws.Role != "owner" {
		t.Fatalf("first bootstrap %+v, want a new trial workspace owned by the caller with access", w)
	}
	if ws.TrialEndsAt == nil || ws.TrialEndsAt.Sub(before) < 7*24*time.Hour-time.Minute || ws.TrialEndsAt.Sub(before) > 7*24*time.Hour+time.Minute {
		t.Fatalf("trial ends %v, want 7 days from now", ws.TrialEndsAt)
	}
	if ws.Usage.Videos != 0 || ws.Usage.Seats != 1 {
		t.Fatalf("usage %+v, want 0 videos and 1 seat", ws.Usage)
	}

	again := a.bootstrap(c)
	if again.Workspace.ID != ws.ID || again.Created {
		t.Fatalf("second bootstrap %+v, want the same workspace, not created", again)
	}
	if n := count(t, `SELECT count(*) FROM workspaces WHERE id = $1`, ws.ID); n != 1 {
		t.Fatalf("%d workspaces", n)
	}
}

func TestConcurrentFirstBootstrapsMakeOneWorkspace(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	email := uniqueEmail("race")
	c := a.signUp(email)
	var wg sync.WaitGroup
	ids := make([]uuid.UUID, 8)
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ids[i] = a.bootstrap(c).Workspace.ID
		}()
	}
	wg.Wait()
	for _, id := range ids {
		if id != ids[0] {
			t.Fatalf("concurrent bootstraps answered different workspaces: %v", ids)
		}
	}
	if n := count(t, `SELECT count(*) FROM workspaces w JOIN users u ON u.id = w.owner_id WHERE u.email = $1`, email); n != 1 {
		t.Fatalf("%d workspaces created, want 1", n)
	}
}

func TestBootstrapUsageCountsVideosAndAccountLimits(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c := a.signUp(uniqueEmail("usage"))
	ws := a.bootstrap(c).Workspace
	acct := env.Account(t, ws.ID, testenv.AccountOptions{TrackingLimit: 12})
	env.Account(t, ws.ID, testenv.AccountOptions{TrackingLimit: 20, Status: domain.ItemRemoved})
	env.Video(t, ws.ID, testenv.VideoOptions{Platform: platform.YouTube})
	env.Video(t, ws.ID, testenv.VideoOptions{AccountID: acct})
	if u := a.bootstrap(c).Workspace.Usage; u.Videos != 13 {
		t.Fatalf("usage %+v, want 12 (active account's limit) + 1 (individual video) = 13", u)
	}
}

func TestHasAccess(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c := a.signUp(uniqueEmail("access"))
	ws := a.bootstrap(c).Workspace

	exec(t, `UPDATE workspaces SET trial_ends_at = now() - interval '1 minute' WHERE id = $1`, ws.ID)
	if w := a.bootstrap(c); w.HasAccess || w.Workspace.HasAccess {
		t.Fatalf("expired trial has access: %+v", w)
	}
	exec(t, `UPDATE workspaces SET plan = 'growth', video_limit = 1000, seat_limit = 5 WHERE id = $1`, ws.ID)
	if w := a.bootstrap(c); !w.HasAccess || w.Workspace.Plan != "growth" || w.Workspace.VideoLimit != 1000 {
		t.Fatalf("paid workspace %+v, want access on growth", w)
	}
	exec(t, `UPDATE workspaces SET has_access = false WHERE id = $1`, ws.ID)
	if w := a.bootstrap(c); w.HasAccess {
		t.Fatalf("ended subscription still has access: %+v", w)
	}
}

func TestBootstrapForExternalSession(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := uuid.New()
	email := uniqueEmail("external")
	tok := signed(t, jwt.SigningMethodHS256, []byte(testSecret), jwt.MapClaims{
		"sub": id.String(), "email": strings.ToUpper(email), "exp": time.Now().Add(time.Hour).Unix(),
	})
	c := &http.Cookie{Name: auth.CookieName, Value: tok}
	w := a.bootstrap(c)
	if !w.Created || w.Workspace.Role != "owner" {
		t.Fatalf("bootstrap %+v, want a new workspace", w)
	}
	if n := count(t, `SELECT count(*) FROM users WHERE id = $1 AND email = $2 AND password_hash IS NULL`, id, email); n != 1 {
		t.Fatal("the external user was not recorded")
	}
	// Without an e-mail claim an unknown user cannot be created.
	bare := signed(t, jwt.SigningMethodHS256, []byte(testSecret), jwt.MapClaims{"sub": uuid.NewString(), "exp": time.Now().Add(time.Hour).Unix()})
	a.request("POST", "/api/workspace/bootstrap", nil, &http.Cookie{Name: auth.CookieName, Value: bare}).expectError(t, 401, "unauthenticated")
}

func TestBootstrapRejectsBadInput(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	email := uniqueEmail("badboot")
	c := a.signUp(email)
	a.request("POST", "/api/workspace/bootstrap", `{"name": 7}`, c).expectError(t, 400, "invalid_request")
	a.request("POST", "/api/workspace/bootstrap", `{"nme": "x"}`, c).expectError(t, 400, "invalid_request")
	a.request("POST", "/api/workspace/bootstrap", `{"name": "`+strings.Repeat("n", 101)+`"}`, c).expectError(t, 400, "invalid_request")
	if n := count(t, `SELECT count(*) FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE u.email = $1`, email); n != 0 {
		t.Fatal("a rejected bootstrap created a workspace")
	}
	w := a.bootstrap(c)
	if !w.Created {
		t.Fatal("bootstrap after rejected ones did not create the workspace")
	}
	a.request("POST", "/api/workspace/bootstrap", `{"name": "  Acme Agency  "}`, c).expect(t, 200)
}

type teamBody struct {
	Members []struct {
		UserID uuid.UUID `json:"userId"`
		Email  string    `json:"email"`
		Role   string    `json:"role"`
	} `json:"members"`
	Invites []struct {
		ID      uuid.UUID `json:"id"`
		Email   string    `json:"email"`
		Role    string    `json:"role"`
		Expired bool      `json:"expired"`
	} `json:"invites"`
	Seats struct{ Used, Limit int } `json:"seats"`
}

func TestTeamInvitesAndJoins(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ownerEmail := uniqueEmail("owner")
	owner := a.signUp(ownerEmail)
	ws := a.bootstrap(owner).Workspace
	bob := uniqueEmail("bob")

	// The trial has two seats: the owner's and one teammate's.
	var team teamBody
	a.request("POST", "/api/workspace/team", map[string]string{"email": " " + strings.ToUpper(bob)}, owner).expect(t, 200).decode(t, &team)
	if len(team.Invites) != 1 || team.Invites[0].Email != bob || team.Invites[0].Role != "member" || team.Seats.Used != 2 || team.Seats.Limit != 2 {
		t.Fatalf("team after invite %+v", team)
	}
	refusal := a.request("POST", "/api/workspace/team", map[string]string{"email": uniqueEmail("carol")}, owner).expectError(t, 403, "forbidden")
	if !strings.Contains(refusal.Message, "all 2 seats") {
		t.Errorf("the trial's second invite is refused with %q", refusal.Message)
	}
	if n := count(t, `SELECT count(*) FROM workspace_invites WHERE workspace_id = $1`, ws.ID); n != 1 {
		t.Fatal("a refused invite was stored")
	}

	exec(t, `UPDATE workspaces SET plan = 'starter', video_limit = 250, seat_limit = 3 WHERE id = $1`, ws.ID)
	a.request("POST", "/api/workspace/team", map[string]string{"email": bob}, owner).expectError(t, 409, "conflict")
	a.request("POST", "/api/workspace/team", map[string]string{"email": ownerEmail}, owner).expectError(t, 409, "conflict")
	for _, body := range []string{`{"email": "nope"}`, `{"email": "x@example.com", "role": "owner"}`, `{}`, `{"email": ["x@example.com"]}`} {
		a.request("POST", "/api/workspace/team", body, owner).expectError(t, 400, "invalid_request")
	}

	// Bob signs up, verifies his address, takes the invite's link and
	// lands in the workspace.
	bobCookie := a.signUp(bob)
	a.verify(bob)
	a.request("POST", "/api/invites/accept", map[string]string{"token": a.link(bob, "/invite")}, bobCookie).expect(t, 200)
	bw := a.bootstrap(bobCookie)
	if bw.Workspace.ID != ws.ID || bw.Workspace.Role != "member" || bw.Created {
		t.Fatalf("invitee bootstrap %+v, want membership of %s", bw, ws.ID)
	}
	a.request("GET", "/api/workspace/team", nil, owner).expect(t, 200).decode(t, &team)
	if len(team.Members) != 2 || len(team.Invites) != 0 || team.Seats.Used != 2 {
		t.Fatalf("team after join %+v", team)
	}
	// A member cannot invite.
	a.request("POST", "/api/workspace/team", map[string]string{"email": uniqueEmail("carol")}, bobCookie).expectError(t, 403, "forbidden")

	// An admin invite, taken by a user who signed up before it and made a
	// workspace of their own at their first sign-in, unused: it is given
	// up for the invited one.
	dave := uniqueEmail("dave")
	daveCookie := a.signUp(dave)
	a.verify(dave)
	own := a.bootstrap(daveCookie).Workspace.ID
	a.request("POST", "/api/workspace/team", map[string]string{"email": dave, "role": "admin"}, owner).expect(t, 200)
	a.request("POST", "/api/invites/accept", map[string]string{"token": a.link(dave, "/invite")}, daveCookie).expect(t, 200)
	if dw := a.bootstrap(daveCookie); dw.Created || dw.Workspace.ID != ws.ID || dw.Workspace.Role != "admin" {
		t.Fatalf("dave bootstrap %+v", dw)
	}
	if count(t, `SELECT count(*) FROM workspaces WHERE id = $1`, own) != 0 {
		t.Fatal("dave's unused workspace is still there")
	}
	// All three seats are now members: the next invite is refused.
	a.request("POST", "/api/workspace/team", map[string]string{"email": uniqueEmail("erin")}, daveCookie).expectError(t, 403, "forbidden")
}

// TestInviteTellsNothingOfOtherWorkspaces: inviting someone who belongs to
// another workspace answers exactly as inviting an address nobody uses
// (status, headers, body apart from ids, times and e-mails). The invite
// waits, holding its seat; its link works once they have no workspace.
func TestInviteTellsNothingOfOtherWorkspaces(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	inviter := func() (*http.Cookie, string, uuid.UUID) {
		email := uniqueEmail("inviter")
		c := a.signUp(email)
		ws := a.bootstrap(c).Workspace.ID
		exec(t, `UPDATE workspaces SET plan = 'starter', video_limit = 250, seat_limit = 3 WHERE id = $1`, ws)
		return c, email, ws
	}
	fresh := uniqueEmail("fresh")
	taken := uniqueEmail("taken")
	takenCookie := a.signUp(taken)
	theirs := a.bootstrap(takenCookie).Workspace.ID

	normalize := func(r response, inviter, invitee string) string {
		body := string(r.Body)
		body = strings.ReplaceAll(body, inviter, "<inviter>")
		body = strings.ReplaceAll(body, invitee, "<invitee>")
		body = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`).ReplaceAllString(body, "<id>")
		body = regexp.MustCompile(`"\d{4}-\d\d-\d\dT[^"]*"`).ReplaceAllString(body, "<time>")
		return fmt.Sprintf("%d %s %s", r.Status, r.Header.Get("Content-Type"), body)
	}
	c1, e1, ws1 := inviter()
	c2, e2, ws2 := inviter()
	got := map[string]string{}
	for _, x := range []struct {
		name, invitee, inviter string
		cookie                 *http.Cookie
	}{{"fresh", fresh, e1, c1}, {"taken", taken, e2, c2}} {
		r := a.request("POST", "/api/workspace/team", map[string]string{"email": x.invitee}, x.cookie)
		got[x.name] = normalize(r, x.inviter, x.invitee)
		// and again: the same conflict for both
		again := a.request("POST", "/api/workspace/team", map[string]string{"email": x.invitee}, x.cookie)
		got[x.name+" again"] = normalize(again, x.inviter, x.invitee)
	}
	if got["fresh"] != got["taken"] || got["fresh again"] != got["taken again"] {
		t.Fatalf("inviting another workspace's member answers\n%s\nthen\n%s\nan unused address\n%s\nthen\n%s",
			got["taken"], got["taken again"], got["fresh"], got["fresh again"])
	}
	if !strings.HasPrefix(got["fresh"], "200 ") || !strings.HasPrefix(got["fresh again"], "409 ") {
		t.Fatalf("answers %q then %q, want 200 then 409", got["fresh"], got["fresh again"])
	}
	if n := count(t, `SELECT count(*) FROM workspace_invites WHERE (workspace_id, email) IN (($1, $2), ($3, $4))`, ws1, fresh, ws2, taken); n != 2 {
		t.Fatalf("%d invites recorded, want both", n)
	}

	// The taken address stays where it is while it has a workspace: a
	// bootstrap never takes an invite, and its link answers 409 while
	// their workspace is in use.
	if w := a.bootstrap(takenCookie); w.Workspace.ID != theirs || w.Created {
		t.Fatalf("bootstrap of the invited member %+v, want their own workspace", w)
	}
	a.verify(taken)
	token := a.link(taken, "/invite")
	env.Collection(t, theirs, "in use")
	a.request("POST", "/api/invites/accept", map[string]string{"token": token}, takenCookie).expectError(t, 409, "conflict")
	var team teamBody
	a.request("GET", "/api/workspace/team", nil, c2).expect(t, 200).decode(t, &team)
	if len(team.Members) != 1 || len(team.Invites) != 1 || team.Invites[0].Email != taken || team.Seats.Used != 2 {
		t.Fatalf("inviter's team %+v, want the invite pending on a seat", team)
	}
	// Without a workspace, the link takes them in.
	exec(t, `DELETE FROM workspaces WHERE id = $1`, theirs)
	a.request("POST", "/api/invites/accept", map[string]string{"token": token}, takenCookie).expect(t, 200)
	if w := a.bootstrap(takenCookie); w.Workspace.ID != ws2 || w.Created || w.Workspace.Role != "member" {
		t.Fatalf("bootstrap after the invite %+v, want the invite taken", w)
	}
}

func TestConcurrentInvitesRespectSeats(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	owner := a.signUp(uniqueEmail("owner"))
	ws := a.bootstrap(owner).Workspace
	exec(t, `UPDATE workspaces SET seat_limit = 3 WHERE id = $1`, ws.ID)
	var wg sync.WaitGroup
	statuses := make([]int, 10)
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = a.request("POST", "/api/workspace/team", map[string]string{"email": uniqueEmail("many")}, owner).Status
		}()
	}
	wg.Wait()
	ok := 0
	for _, s := range statuses {
		if s == 200 {
			ok++
		} else if s != 403 {
			t.Fatalf("unexpected status %d", s)
		}
	}
	if ok != 2 || count(t, `SELECT count(*) FROM workspace_invites WHERE workspace_id = $1`, ws.ID) != 2 {
		t.Fatalf("%d invites accepted, want 2 (3 seats, 1 owner)", ok)
	}
}

func TestTeamNeedsBootstrap(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c := a.signUp(uniqueEmail("fresh"))
	a.request("GET", "/api/workspace/team", nil, c).expectError(t, 404, "not_found")
}
