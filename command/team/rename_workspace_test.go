package team_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/team"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

func rename(ws, actor uuid.UUID, name string) error {
	return team.RenameWorkspaceHandler{DB: env.PG}.Handle(context.Background(),
		team.RenameWorkspace{WorkspaceID: ws, ActorID: actor, Name: name})
}

func workspaceName(t *testing.T, ws uuid.UUID) string {
	t.Helper()
	return scalar[string](t, `SELECT name FROM workspaces WHERE id = $1`, ws)
}

// TestRenameWorkspace: owners and admins rename the workspace, trimmed,
// logged with the former name and bumping the data version; a member is
// forbidden, someone of another workspace finds none, and a bad name
// (empty, too long, with a control character) writes nothing. The same
// name again changes nothing. An invite sent after the rename names the
// workspace by its new name.
func TestRenameWorkspace(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{Name: "ann's workspace"})
	owner := env.Owner(t, ws)
	admin := env.User(t, testenv.UserOptions{Verified: true})
	env.Member(t, ws, admin, domain.RoleAdmin)
	member := env.User(t, testenv.UserOptions{Verified: true})
	env.Member(t, ws, member, domain.RoleMember)
	outsider := env.Owner(t, env.Workspace(t, testenv.WorkspaceOptions{}))

	version := dataVersion(t, ws)
	if err := rename(ws, owner, "  Northwind Agency \t"); err != nil {
		t.Fatal(err)
	}
	if got := workspaceName(t, ws); got != "Northwind Agency" {
		t.Fatalf("name %q, want the trimmed new name", got)
	}
	if dataVersion(t, ws) <= version {
		t.Error("the rename did not bump the data version: cached answers keep the old name")
	}
	if got := activities(t, ws); !slices.Equal(got, []string{"workspace_renamed Northwind Agency"}) {
		t.Fatalf("activity %q", got)
	}
	if from := scalar[string](t, `SELECT details->>'from' FROM activity_log WHERE workspace_id = $1 AND action = $2`, ws, domain.ActionWorkspaceRenamed); from != "ann's workspace" {
		t.Errorf("the log's former name is %q", from)
	}

	if err := rename(ws, admin, "Northwind"); err != nil {
		t.Fatalf("an admin renames: %v", err)
	}
	if err := rename(ws, member, "Mine now"); apperr.KindOf(err) != apperr.KindForbidden {
		t.Errorf("a member renames: %v, want forbidden", err)
	}
	if err := rename(ws, outsider, "Theirs"); apperr.KindOf(err) != apperr.KindNotFound {
		t.Errorf("someone of another workspace renames: %v, want not found", err)
	}
	for name, bad := range map[string]string{
		"empty":             "",
		"only spaces":       "  \t ",
		"too long":          strings.Repeat("é", team.MaxWorkspaceName+1),
		"control character": "North\x07wind",
		"line break":        "North\nwind",
	} {
		if got := invalidFields(t, rename(ws, owner, bad)); !slices.Equal(got, []string{"name"}) {
			t.Errorf("%s: fields %q, want name", name, got)
		}
	}
	// 100 characters is the longest name taken
	if err := rename(ws, owner, strings.Repeat("é", team.MaxWorkspaceName)); err != nil {
		t.Errorf("a name of %d characters: %v", team.MaxWorkspaceName, err)
	}
	if err := rename(ws, owner, "Northwind"); err != nil {
		t.Fatal(err)
	}
	version = dataVersion(t, ws)
	logged := len(activities(t, ws))
	if err := rename(ws, owner, " Northwind "); err != nil {
		t.Fatal(err)
	}
	if dataVersion(t, ws) != version || len(activities(t, ws)) != logged || workspaceName(t, ws) != "Northwind" {
		t.Error("renaming to the current name wrote something")
	}

	// The invite e-mail names the workspace as it is called now.
	mate := uniqueEmail("mate")
	if err := invite(ws, owner, mate, ""); err != nil {
		t.Fatal(err)
	}
	body := scalar[string](t, `SELECT text_body FROM mail_outbox WHERE recipient = $1`, mate)
	if !strings.Contains(body, `workspace "Northwind"`) || strings.Contains(body, "ann's workspace") {
		t.Errorf("the invite e-mail reads:\n%s", body)
	}
}

// TestRenameRefusedWritesNothing: a refused rename (bad name, member)
// leaves the name, the data version and the log as they were.
func TestRenameRefusedWritesNothing(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{Name: "Kept"})
	owner := env.Owner(t, ws)
	member := env.User(t, testenv.UserOptions{})
	env.Member(t, ws, member, domain.RoleMember)
	version := dataVersion(t, ws)
	_ = rename(ws, owner, "")
	_ = rename(ws, owner, "bad\x00name")
	_ = rename(ws, member, "Fine name")
	if workspaceName(t, ws) != "Kept" || dataVersion(t, ws) != version || len(activities(t, ws)) != 0 {
		t.Fatalf("refused renames wrote: name %q, version %d → %d, log %q", workspaceName(t, ws), version, dataVersion(t, ws), activities(t, ws))
	}
}
