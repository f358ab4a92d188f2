package api_test

import (
	"strings"
	"testing"
)

// TestRenameWorkspace: PATCH /api/workspace renames the workspace for its
// owner and admins and answers it with the new name, which bootstrap, the
// activity log and the next invite e-mail show; a member is refused with
// 403 and bad names with 400, neither writing anything.
func TestRenameWorkspace(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ownerEmail := uniqueEmail("owner")
	owner := a.signUp(ownerEmail)
	ws := a.bootstrap(owner).Workspace
	if !strings.HasSuffix(ws.Name, "'s workspace") {
		t.Fatalf("a new workspace is named %q", ws.Name)
	}

	var got struct {
		ID   string `json:"id"`
		Name string `json:"name"`
		Role string `json:"role"`
	}
	a.request("PATCH", "/api/workspace", map[string]string{"name": "  Northwind Agency  "}, owner).expect(t, 200).decode(t, &got)
	if got.ID != ws.ID.String() || got.Name != "Northwind Agency" || got.Role != "owner" {
		t.Fatalf("rename answered %+v", got)
	}
	if w := a.bootstrap(owner).Workspace; w.Name != "Northwind Agency" {
		t.Fatalf("bootstrap after the rename names %q", w.Name)
	}
	var log struct {
		Entries []struct {
			Action, Target string
			Actor          *struct{ Email string }
			Details        map[string]any
		}
	}
	a.request("GET", "/api/workspace/activity", nil, owner).expect(t, 200).decode(t, &log)
	if len(log.Entries) == 0 || log.Entries[0].Action != "workspace_renamed" || log.Entries[0].Target != "Northwind Agency" ||
		log.Entries[0].Actor == nil || log.Entries[0].Actor.Email != ownerEmail || log.Entries[0].Details["from"] != ws.Name {
		t.Fatalf("the newest activity is %+v, want the rename by the owner", log.Entries)
	}

	// The next invite e-mail names the workspace as it is called now.
	memberEmail := uniqueEmail("member")
	member := a.member(owner, memberEmail, "member")
	invited := false
	for _, m := range a.mail.to(memberEmail) {
		if strings.Contains(m.Text, "/invite?token=") {
			invited = strings.Contains(m.Text, `workspace "Northwind Agency"`)
		}
	}
	if !invited {
		t.Fatalf("the invite e-mail does not name the renamed workspace: %+v", a.mail.to(memberEmail))
	}

	renamed := func() int {
		return count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND action = 'workspace_renamed'`, ws.ID)
	}
	version := count(t, `SELECT data_version FROM workspaces WHERE id = $1`, ws.ID)
	a.request("PATCH", "/api/workspace", map[string]string{"name": "Members' corner"}, member).expectError(t, 403, "forbidden")
	for _, body := range []string{
		`{"name": ""}`, `{"name": "   "}`, `{}`, `{"name": null}`, `{"name": 7}`, `{"name": "North\u0007wind"}`, `{"name": "North\nwind"}`,
		`{"name": "` + strings.Repeat("n", 101) + `"}`, `{"name": "Fine", "plan": "agency"}`,
	} {
		a.request("PATCH", "/api/workspace", body, owner).expectError(t, 400, "invalid_request")
	}
	if w := a.bootstrap(owner).Workspace; w.Name != "Northwind Agency" || renamed() != 1 ||
		count(t, `SELECT data_version FROM workspaces WHERE id = $1`, ws.ID) != version {
		t.Fatalf("refused renames wrote: name %q, %d renames logged", w.Name, renamed())
	}

	// An admin renames too; 100 characters is the longest name.
	exec(t, `UPDATE workspace_members m SET role = 'admin' FROM users u WHERE u.id = m.user_id AND u.email = $1`, memberEmail)
	long := strings.Repeat("é", 100)
	a.request("PATCH", "/api/workspace", map[string]string{"name": long}, member).expect(t, 200).decode(t, &got)
	if got.Name != long || got.Role != "admin" || renamed() != 2 {
		t.Fatalf("the admin's rename answered %+v", got)
	}
}

// TestRenameWorkspaceNeedsWorkspace: before bootstrap there is no
// workspace to rename.
func TestRenameWorkspaceNeedsWorkspace(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c := a.signUp(uniqueEmail("fresh"))
	a.request("PATCH", "/api/workspace", map[string]string{"name": "Acme"}, c).expectError(t, 404, "not_found")
}
