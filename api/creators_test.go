package api_test

import (
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query"
	querycollections "github.com/reeltrack/reeltrack/query/collections"
	"github.com/reeltrack/reeltrack/query/numbers"
	queryteam "github.com/reeltrack/reeltrack/query/team"
)

// creatorsWorkspace is a signed-up owner's workspace with tracked
// accounts.
type creatorsWorkspace struct {
	app      *testApp
	cookie   *http.Cookie
	ws       uuid.UUID
	accounts map[string]uuid.UUID
}

func newCreatorsWorkspace(t *testing.T, a *testApp) *creatorsWorkspace {
	t.Helper()
	c := a.signUp(uniqueEmail("creators"))
	w := &creatorsWorkspace{app: a, cookie: c, ws: a.bootstrap(c).Workspace.ID, accounts: map[string]uuid.UUID{}}
	for _, acc := range []struct {
		handle string
		plat   platform.Platform
	}{{"maya_tt", platform.TikTok}, {"maya_yt", platform.YouTube}, {"leo_ig", platform.Instagram}} {
		w.accounts[acc.handle] = env.Account(t, w.ws, testenv.AccountOptions{Platform: acc.plat, Handle: acc.handle, Status: domain.ItemActive,
			DisplayName: strings.ToUpper(acc.handle)})
	}
	return w
}

func (w *creatorsWorkspace) list(t *testing.T) []querycollections.Creator {
	t.Helper()
	var l querycollections.CreatorList
	w.app.request("GET", "/api/creators", nil, w.cookie).expect(t, 200).decode(t, &l)
	return l.Creators
}

// handles are the creator's accounts' handles, in the answer's order.
func handles(c querycollections.Creator) []string {
	var out []string
	for _, a := range c.Accounts {
		out = append(out, a.Handle)
	}
	return out
}

// creatorRows counts the workspace's stored creators.
func creatorRows(t *testing.T, ws uuid.UUID) int {
	return count(t, `SELECT count(*) FROM creators WHERE workspace_id = $1`, ws)
}

// accountsWithCreator counts the workspace's accounts that have a creator.
func accountsWithCreator(t *testing.T, ws uuid.UUID) int {
	return count(t, `SELECT count(*) FROM accounts WHERE workspace_id = $1 AND creator_id IS NOT NULL`, ws)
}

// TestCreatorsCreateAndList: a creator is created with its accounts (201,
// as the list shows it) and listed by name ignoring case; a removed
// account leaves its list; bad input is a 400, a taken name a 409 and an
// account of another workspace a 404, each writing nothing. The creation
// is in the activity log.
func TestCreatorsCreateAndList(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	w := newCreatorsWorkspace(t, a)
	if raw := string(a.request("GET", "/api/creators", nil, w.cookie).expect(t, 200).Body); raw != `{"creators":[]}` {
		t.Fatalf("no creators: %s", raw)
	}

	var maya querycollections.Creator
	a.request("POST", "/api/creators", map[string]any{
		"name": "  maya ", "email": "Maya@Example.com", "postingGoal": 4,
		"accountIds": []uuid.UUID{w.accounts["maya_yt"], w.accounts["maya_tt"]},
	}, w.cookie).expect(t, 201).decode(t, &maya)
	if maya.ID == uuid.Nil || maya.Name != "maya" || maya.Email != "maya@example.com" || maya.PostingGoal == nil || *maya.PostingGoal != 4 || maya.CreatedAt.IsZero() {
		t.Fatalf("created %+v", maya)
	}
	if got := handles(maya); !slices.Equal(got, []string{"maya_tt", "maya_yt"}) ||
		!reflect.DeepEqual(maya.Accounts[0], querycollections.CreatorAccount{ID: w.accounts["maya_tt"], Platform: "tiktok", Handle: "maya_tt", DisplayName: "MAYA_TT",
			Verification: query.Verification{State: query.VerificationNone}}) {
		t.Fatalf("accounts %+v", maya.Accounts)
	}
	var leo querycollections.Creator
	res := a.request("POST", "/api/creators", map[string]any{"name": "Leo", "postingGoal": nil}, w.cookie).expect(t, 201)
	if !strings.Contains(string(res.Body), `"postingGoal":null`) || !strings.Contains(string(res.Body), `"accounts":[]`) {
		t.Fatalf("a creator without goal nor accounts: %s", res.Body)
	}
	res.decode(t, &leo)

	list := w.list(t)
	if len(list) != 2 || list[0].ID != leo.ID || list[1].ID != maya.ID || !slices.Equal(handles(list[1]), []string{"maya_tt", "maya_yt"}) {
		t.Fatalf("list %+v, want Leo then maya with her accounts", list)
	}

	// refused: nothing written
	theirs := newCreatorsWorkspace(t, a)
	for _, c := range []struct {
		body   any
		status int
		code   string
	}{
		{map[string]any{"name": "MAYA"}, 409, "conflict"},
		{map[string]any{"name": "Ana", "accountIds": []uuid.UUID{w.accounts["leo_ig"], theirs.accounts["leo_ig"]}}, 404, "not_found"},
		{map[string]any{"name": "Ana", "accountIds": []uuid.UUID{uuid.New()}}, 404, "not_found"},
		{map[string]any{"email": "ana@example.com"}, 400, "invalid_request"},
		{map[string]any{"name": "   "}, 400, "invalid_request"},
		{map[string]any{"name": strings.Repeat("é", 101)}, 400, "invalid_request"},
		{map[string]any{"name": "Ana\u0007"}, 400, "invalid_request"},
		{map[string]any{"name": "Ana", "email": "ana@"}, 400, "invalid_request"},
		{map[string]any{"name": "Ana", "postingGoal": 0}, 400, "invalid_request"},
		{map[string]any{"name": "Ana", "postingGoal": 1001}, 400, "invalid_request"},
		{map[string]any{"name": "Ana", "postingGoal": 2.5}, 400, "invalid_request"},
		{map[string]any{"name": "Ana", "postingGoal": "4"}, 400, "invalid_request"},
		{map[string]any{"name": "Ana", "accountIds": []string{"nope"}}, 400, "invalid_request"},
		{map[string]any{"name": "Ana", "accountIds": "x"}, 400, "invalid_request"},
		{map[string]any{"name": "Ana", "payee": true}, 400, "invalid_request"},
		{"not json", 400, "invalid_request"},
	} {
		a.request("POST", "/api/creators", c.body, w.cookie).expectError(t, c.status, c.code)
	}
	if n, moved := creatorRows(t, w.ws), accountsWithCreator(t, w.ws); n != 2 || moved != 2 {
		t.Fatalf("%d creators, %d accounts with one after refused requests; want 2 and 2", n, moved)
	}
	if fields := a.request("POST", "/api/creators", map[string]any{"name": "", "email": "x", "postingGoal": 0}, w.cookie).
		expectError(t, 400, "invalid_request").Fields; len(fields) != 3 {
		t.Fatalf("fields %v, want name, email and postingGoal named", fields)
	}

	// a removed account is not listed under its creator
	a.request("DELETE", "/api/accounts/"+w.accounts["maya_yt"].String(), nil, w.cookie).expect(t, 200)
	if got := handles(w.list(t)[1]); !slices.Equal(got, []string{"maya_tt"}) {
		t.Fatalf("maya's accounts after removing one: %q", got)
	}

	// another workspace sees none of them, and may use the same names
	if got := theirs.list(t); len(got) != 0 {
		t.Fatalf("another workspace lists %+v", got)
	}
	a.request("POST", "/api/creators", map[string]any{"name": "Maya"}, theirs.cookie).expect(t, 201)
	a.request("GET", "/api/creators?x=1", nil, w.cookie).expectError(t, 400, "invalid_request")

	var page queryteam.Activity
	a.request("GET", "/api/workspace/activity", nil, w.cookie).expect(t, 200).decode(t, &page)
	var logged []string
	for _, e := range page.Entries {
		if strings.HasPrefix(e.Action, "creator_") {
			logged = append(logged, e.Action+" "+e.Target)
		}
	}
	if !slices.Equal(logged, []string{"creator_saved Leo", "creator_saved maya"}) {
		t.Fatalf("activity %q, want the two creations, newest first", logged)
	}
}

// TestCreatorsUpdate: a change sets the fields given, a null goal clears
// it, accountIds replaces the set and moves an account from the creator
// it had; the answer is read after the write. Bad input, a taken name,
// another workspace's creator or account are refused and write nothing.
func TestCreatorsUpdate(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	w := newCreatorsWorkspace(t, a)
	var maya, leo querycollections.Creator
	a.request("POST", "/api/creators", map[string]any{"name": "Maya", "email": "maya@example.com", "postingGoal": 4,
		"accountIds": []uuid.UUID{w.accounts["maya_tt"], w.accounts["leo_ig"]}}, w.cookie).expect(t, 201).decode(t, &maya)
	a.request("POST", "/api/creators", map[string]any{"name": "Leo"}, w.cookie).expect(t, 201).decode(t, &leo)

	// leo_ig moves from Maya to Leo
	var got querycollections.Creator
	a.request("PATCH", "/api/creators/"+leo.ID.String(), map[string]any{"accountIds": []uuid.UUID{w.accounts["leo_ig"]}}, w.cookie).
		expect(t, 200).decode(t, &got)
	if got.ID != leo.ID || got.Name != "Leo" || !slices.Equal(handles(got), []string{"leo_ig"}) {
		t.Fatalf("Leo after the move %+v", got)
	}
	list := w.list(t)
	if !slices.Equal(handles(list[1]), []string{"maya_tt"}) || list[1].Email != "maya@example.com" || *list[1].PostingGoal != 4 {
		t.Fatalf("Maya after the move %+v", list[1])
	}

	// the goal cleared by null, the name in another case; the rest kept
	path := "/api/creators/" + maya.ID.String()
	res := a.request("PATCH", path, `{"name": "MAYA", "postingGoal": null}`, w.cookie).expect(t, 200)
	res.decode(t, &got)
	if got.Name != "MAYA" || got.PostingGoal != nil || got.Email != "maya@example.com" || !slices.Equal(handles(got), []string{"maya_tt"}) {
		t.Fatalf("after clearing the goal %s", res.Body)
	}
	// accountIds replaces the set: maya_yt in, maya_tt out
	a.request("PATCH", path, map[string]any{"email": "", "postingGoal": 7, "accountIds": []uuid.UUID{w.accounts["maya_yt"]}}, w.cookie).
		expect(t, 200).decode(t, &got)
	if got.Email != "" || got.PostingGoal == nil || *got.PostingGoal != 7 || !slices.Equal(handles(got), []string{"maya_yt"}) {
		t.Fatalf("after replacing the accounts %+v", got)
	}
	if count(t, `SELECT count(*) FROM accounts WHERE id = $1 AND creator_id IS NULL AND status = $2`, w.accounts["maya_tt"], domain.ItemActive) != 1 {
		t.Fatal("maya_tt is not tracked without creator after leaving the set")
	}

	// refused: nothing written
	theirs := newCreatorsWorkspace(t, a)
	var their querycollections.Creator
	a.request("POST", "/api/creators", map[string]any{"name": "Theirs"}, theirs.cookie).expect(t, 201).decode(t, &their)
	for _, c := range []struct {
		path   string
		body   any
		status int
		code   string
	}{
		{path, map[string]any{"name": "leo"}, 409, "conflict"},
		{path, map[string]any{"name": "Ana", "accountIds": []uuid.UUID{w.accounts["maya_tt"], theirs.accounts["maya_tt"]}}, 404, "not_found"},
		{"/api/creators/" + their.ID.String(), map[string]any{"name": "Mine"}, 404, "not_found"},
		{"/api/creators/" + uuid.NewString(), map[string]any{"name": "Mine"}, 404, "not_found"},
		{"/api/creators/nope", map[string]any{"name": "Mine"}, 400, "invalid_request"},
		{path, `{}`, 400, "invalid_request"},
		{path, map[string]any{"name": ""}, 400, "invalid_request"},
		{path, map[string]any{"name": "Ana", "postingGoal": 0}, 400, "invalid_request"},
		{path, map[string]any{"email": "not an address"}, 400, "invalid_request"},
		{path, map[string]any{"accountIds": []string{"nope"}}, 400, "invalid_request"},
		{path, map[string]any{"name": "Ana", "color": "red"}, 400, "invalid_request"},
	} {
		a.request("PATCH", c.path, c.body, w.cookie).expectError(t, c.status, c.code)
	}
	list = w.list(t)
	if len(list) != 2 || list[0].Name != "Leo" || list[1].Name != "MAYA" || *list[1].PostingGoal != 7 ||
		!slices.Equal(handles(list[0]), []string{"leo_ig"}) || !slices.Equal(handles(list[1]), []string{"maya_yt"}) {
		t.Fatalf("a refused change was written: %+v", list)
	}
	if got := theirs.list(t); len(got) != 1 || got[0].Name != "Theirs" || accountsWithCreator(t, theirs.ws) != 0 {
		t.Fatalf("another workspace's creators changed: %+v", got)
	}
}

// TestCreatorsDelete: deleting a creator keeps its accounts tracked,
// without creator; another workspace's creator is not found and kept.
// Creators are payees: an admin manages them, a member may not (and a
// refused write changes nothing).
func TestCreatorsDelete(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	w := newCreatorsWorkspace(t, a)
	exec(t, `UPDATE workspaces SET seat_limit = 5 WHERE id = $1`, w.ws)
	admin := a.member(w.cookie, uniqueEmail("admin"), "admin")
	member := a.member(w.cookie, uniqueEmail("member"), "member")

	a.request("POST", "/api/creators", map[string]any{"name": "Mine", "accountIds": []uuid.UUID{w.accounts["maya_tt"]}}, member).expectError(t, 403, "forbidden")
	var maya querycollections.Creator
	a.request("POST", "/api/creators", map[string]any{"name": "Maya", "accountIds": []uuid.UUID{w.accounts["maya_tt"], w.accounts["maya_yt"]}},
		admin).expect(t, 201).decode(t, &maya)
	a.request("PATCH", "/api/creators/"+maya.ID.String(), map[string]any{"accountIds": []uuid.UUID{}}, member).expectError(t, 403, "forbidden")
	a.request("DELETE", "/api/creators/"+maya.ID.String(), nil, member).expectError(t, 403, "forbidden")
	if accountsWithCreator(t, w.ws) != 2 {
		t.Fatal("a member's refused write changed the creator's accounts")
	}
	theirs := newCreatorsWorkspace(t, a)
	var their querycollections.Creator
	a.request("POST", "/api/creators", map[string]any{"name": "Theirs"}, theirs.cookie).expect(t, 201).decode(t, &their)

	a.request("DELETE", "/api/creators/"+their.ID.String(), nil, admin).expectError(t, 404, "not_found")
	a.request("DELETE", "/api/creators/nope", nil, admin).expectError(t, 400, "invalid_request")
	if creatorRows(t, theirs.ws) != 1 || creatorRows(t, w.ws) != 1 {
		t.Fatal("a refused delete was written")
	}

	a.request("DELETE", "/api/creators/"+maya.ID.String(), nil, admin).expect(t, 204)
	if got := w.list(t); len(got) != 0 {
		t.Fatalf("creators after the delete %+v", got)
	}
	var accounts numbers.AccountList
	a.request("GET", "/api/accounts", nil, w.cookie).expect(t, 200).decode(t, &accounts)
	if len(accounts.Accounts) != 3 || accountsWithCreator(t, w.ws) != 0 {
		t.Fatalf("%d accounts listed, %d with a creator; want all 3 still tracked, none with a creator", len(accounts.Accounts), accountsWithCreator(t, w.ws))
	}
	a.request("DELETE", "/api/creators/"+maya.ID.String(), nil, admin).expectError(t, 404, "not_found")

	var page queryteam.Activity
	a.request("GET", "/api/workspace/activity", nil, w.cookie).expect(t, 200).decode(t, &page)
	if e := page.Entries[0]; e.Action != "creator_deleted" || e.Target != "Maya" || e.Actor == nil || !strings.HasPrefix(e.Actor.Email, "admin-") {
		t.Fatalf("latest activity %+v, want the admin's deletion of Maya", e)
	}
}
