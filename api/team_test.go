package api_test

import (
	"net/http"
	"testing"

	"github.com/google/uuid"
)

// team is a starter workspace with an owner, an admin, two members and a
// pending invite.
type team struct {
	a                        *testApp
	ws                       uuid.UUID
	owner, admin, bob, carol *http.Cookie
	ownerID, adminID, bobID  uuid.UUID
	carolID                  uuid.UUID
	bobEmail                 string
	invite                   uuid.UUID
}

func seedTeam(t *testing.T) *team {
	t.Helper()
	a := newApp(t)
	tm := &team{a: a}
	tm.owner = a.signUp(uniqueEmail("owner"))
	tm.ws = a.bootstrap(tm.owner).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'growth', video_limit = 1000, seat_limit = 5 WHERE id = $1`, tm.ws)
	join := func(email, role string) (*http.Cookie, uuid.UUID) {
		c := a.member(tm.owner, email, role)
		if w := a.bootstrap(c); w.Workspace.ID != tm.ws {
			t.Fatalf("%s did not join", email)
		}
		return c, userID(t, email)
	}
	tm.bobEmail = uniqueEmail("bob")
	tm.admin, tm.adminID = join(uniqueEmail("admin"), "admin")
	tm.bob, tm.bobID = join(tm.bobEmail, "member")
	tm.carol, tm.carolID = join(uniqueEmail("carol"), "member")
	tm.ownerID = uuid.MustParse(memberID(t, tm.ws, "owner"))
	var tb teamBody
	a.request("POST", "/api/workspace/team", map[string]string{"email": uniqueEmail("pending")}, tm.owner).expect(t, 200).decode(t, &tb)
	if err := env.PG.QueryRow(t.Context(), `SELECT id FROM workspace_invites WHERE workspace_id = $1`, tm.ws).Scan(&tm.invite); err != nil {
		t.Fatal(err)
	}
	return tm
}

func userID(t *testing.T, email string) uuid.UUID {
	t.Helper()
	var id uuid.UUID
	if err := env.PG.QueryRow(t.Context(), `SELECT id FROM users WHERE email = $1`, email).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func memberID(t *testing.T, ws uuid.UUID, role string) string {
	t.Helper()
	var id uuid.UUID
	if err := env.PG.QueryRow(t.Context(), `SELECT user_id FROM workspace_members WHERE workspace_id = $1 AND role = $2`, ws, role).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id.String()
}

func (tm *team) role(t *testing.T, user uuid.UUID) string {
	t.Helper()
	var role string
	if err := env.PG.QueryRow(t.Context(), `SELECT coalesce((SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $2), '')`,
		tm.ws, user).Scan(&role); err != nil {
		t.Fatal(err)
	}
	return role
}

func members(path string, id uuid.UUID) string {
	return "/api/workspace/team/" + path + "/" + id.String()
}

func TestChangeMemberRole(t *testing.T) {
	t.Parallel()
	tm := seedTeam(t)
	a := tm.a
	version := func() int { return count(t, `SELECT data_version FROM workspaces WHERE id = $1`, tm.ws) }

	var tb teamBody
	before := version()
	a.request("PATCH", members("members", tm.bobID), map[string]string{"role": "admin"}, tm.admin).expect(t, 200).decode(t, &tb)
	if tm.role(t, tm.bobID) != "admin" || len(tb.Members) != 4 || len(tb.Invites) != 1 {
		t.Fatalf("after promoting bob: role %s, team %+v", tm.role(t, tm.bobID), tb)
	}
	if version() == before {
		t.Error("the role change did not bump the data version")
	}
	// bob's next request runs as an admin: he may invite now
	a.request("DELETE", members("invites", tm.invite), nil, tm.bob).expect(t, 200)
	a.request("PATCH", members("members", tm.bobID), map[string]string{"role": "member"}, tm.owner).expect(t, 200)
	a.request("POST", "/api/workspace/team", map[string]string{"email": uniqueEmail("x")}, tm.bob).expectError(t, 403, "forbidden")

	// a member may not change roles, not even their own
	a.request("PATCH", members("members", tm.carolID), map[string]string{"role": "admin"}, tm.bob).expectError(t, 403, "forbidden")
	a.request("PATCH", members("members", tm.bobID), map[string]string{"role": "admin"}, tm.bob).expectError(t, 403, "forbidden")
	// the owner keeps their role
	a.request("PATCH", members("members", tm.ownerID), map[string]string{"role": "member"}, tm.admin).expectError(t, 409, "conflict")
	a.request("PATCH", members("members", tm.ownerID), map[string]string{"role": "admin"}, tm.owner).expectError(t, 409, "conflict")
	// bad input
	for _, body := range []any{`{"role": "owner"}`, `{"role": ""}`, `{}`, `{"role": "admin", "x": 1}`, `[]`} {
		a.request("PATCH", members("members", tm.carolID), body, tm.owner).expectError(t, 400, "invalid_request")
	}
	a.request("PATCH", "/api/workspace/team/members/nope", map[string]string{"role": "admin"}, tm.owner).expectError(t, 400, "invalid_request")
	// a user of another workspace, and no user
	other := seedTeam(t)
	a.request("PATCH", members("members", other.bobID), map[string]string{"role": "admin"}, tm.owner).expectError(t, 404, "not_found")
	a.request("PATCH", members("members", uuid.New()), map[string]string{"role": "admin"}, tm.owner).expectError(t, 404, "not_found")
	if other.role(t, other.bobID) != "member" || tm.role(t, tm.carolID) != "member" || tm.role(t, tm.ownerID) != "owner" {
		t.Fatal("a refused change was written")
	}
}

func TestRemoveMember(t *testing.T) {
	t.Parallel()
	tm := seedTeam(t)
	a := tm.a
	// a member may not remove someone else; nobody may remove the owner
	a.request("DELETE", members("members", tm.carolID), nil, tm.bob).expectError(t, 403, "forbidden")
	a.request("DELETE", members("members", tm.ownerID), nil, tm.admin).expectError(t, 409, "conflict")
	a.request("DELETE", members("members", tm.ownerID), nil, tm.owner).expectError(t, 409, "conflict")
	a.request("DELETE", "/api/workspace/team/members/nope", nil, tm.owner).expectError(t, 400, "invalid_request")
	other := seedTeam(t)
	a.request("DELETE", members("members", other.bobID), nil, tm.owner).expectError(t, 404, "not_found")
	if tm.role(t, tm.carolID) != "member" || other.role(t, other.bobID) != "member" || tm.role(t, tm.ownerID) != "owner" {
		t.Fatal("a refused removal was written")
	}

	// bob works in the dashboard, then the admin removes him
	a.request("GET", "/api/videos", nil, tm.bob).expect(t, 200)
	var tb teamBody
	a.request("DELETE", members("members", tm.bobID), nil, tm.admin).expect(t, 200).decode(t, &tb)
	if len(tb.Members) != 3 || tb.Seats.Used != 4 || tm.role(t, tm.bobID) != "" {
		t.Fatalf("team after removing bob %+v", tb)
	}
	// his session ended with the removal: his very next requests, with a
	// workspace or without, answer 401
	a.request("GET", "/api/videos", nil, tm.bob).expectError(t, 401, "unauthenticated")
	a.request("GET", "/api/workspace/team", nil, tm.bob).expectError(t, 401, "unauthenticated")
	a.request("GET", "/api/auth/me", nil, tm.bob).expectError(t, 401, "unauthenticated")
	a.request("DELETE", members("members", tm.carolID), nil, tm.bob).expectError(t, 401, "unauthenticated")
	// signed in again, he finds no workspace, as before a bootstrap
	bob := a.logIn(tm.bobEmail)
	a.request("GET", "/api/videos", nil, bob).expectError(t, 404, "not_found")
	// removing him again: he is no member
	a.request("DELETE", members("members", tm.bobID), nil, tm.owner).expectError(t, 404, "not_found")

	// carol leaves on her own
	a.request("DELETE", members("members", tm.carolID), nil, tm.carol).expect(t, 204)
	a.request("GET", "/api/overview", nil, tm.carol).expectError(t, 404, "not_found")
	if tm.role(t, tm.carolID) != "" {
		t.Fatal("carol is still a member")
	}
	// an admin may leave too
	a.request("DELETE", members("members", tm.adminID), nil, tm.admin).expect(t, 204)
	a.request("GET", "/api/workspace/team", nil, tm.owner).expect(t, 200).decode(t, &tb)
	if len(tb.Members) != 1 || tb.Members[0].Role != "owner" {
		t.Fatalf("team at the end %+v", tb)
	}
}

func TestRevokeInvite(t *testing.T) {
	t.Parallel()
	tm := seedTeam(t)
	a := tm.a
	a.request("DELETE", members("invites", tm.invite), nil, tm.bob).expectError(t, 403, "forbidden")
	other := seedTeam(t)
	a.request("DELETE", members("invites", other.invite), nil, tm.owner).expectError(t, 404, "not_found")
	a.request("DELETE", "/api/workspace/team/invites/nope", nil, tm.owner).expectError(t, 400, "invalid_request")
	if count(t, `SELECT count(*) FROM workspace_invites WHERE id = ANY($1)`, []uuid.UUID{tm.invite, other.invite}) != 2 {
		t.Fatal("a refused revoke was written")
	}
	var tb teamBody
	a.request("DELETE", members("invites", tm.invite), nil, tm.admin).expect(t, 200).decode(t, &tb)
	if len(tb.Invites) != 0 || tb.Seats.Used != 4 {
		t.Fatalf("team after the revoke %+v", tb)
	}
	a.request("DELETE", members("invites", tm.invite), nil, tm.owner).expectError(t, 404, "not_found")
}
