package collections_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/collections"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// The creator writes below are an owner's of the workspace (creatorWS
// gives it one), unless the command names another actor.

func createCreator(cmd collections.CreateCreator) (uuid.UUID, error) {
	if cmd.ActorID == uuid.Nil {
		cmd.ActorID = ownerOf(cmd.WorkspaceID)
	}
	return collections.SaveCreatorHandler{DB: env.PG}.Create(context.Background(), cmd)
}

func updateCreator(cmd collections.UpdateCreator) error {
	if cmd.ActorID == uuid.Nil {
		cmd.ActorID = ownerOf(cmd.WorkspaceID)
	}
	return collections.SaveCreatorHandler{DB: env.PG}.Update(context.Background(), cmd)
}

func deleteCreator(ws, id uuid.UUID) error {
	return collections.SaveCreatorHandler{DB: env.PG}.Delete(context.Background(), collections.DeleteCreator{WorkspaceID: ws, ActorID: ownerOf(ws), ID: id})
}

// ownerOf is the workspace's owner; uuid.Nil when it has none.
func ownerOf(ws uuid.UUID) uuid.UUID {
	var id uuid.UUID
	_ = env.PG.QueryRow(context.Background(), `SELECT user_id FROM workspace_members WHERE workspace_id = $1 AND role = 'owner' LIMIT 1`, ws).Scan(&id)
	return id
}

// creatorWS is a new workspace with an owner.
func creatorWS(t *testing.T) uuid.UUID {
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	env.Owner(t, ws)
	return ws
}

// creators are the workspace's creators as "name|email|goal" ("-" for no
// goal), by name ignoring case.
func creators(t *testing.T, ws uuid.UUID) []string {
	t.Helper()
	return scalar[[]string](t, `
		SELECT coalesce(array_agg(name || '|' || email || '|' || coalesce(posting_goal::text, '-') ORDER BY lower(name)), '{}')
		FROM creators WHERE workspace_id = $1`, ws)
}

// creatorOf is the creator of a tracked account; nil for none.
func creatorOf(t *testing.T, account uuid.UUID) *uuid.UUID {
	t.Helper()
	return scalar[*uuid.UUID](t, `SELECT creator_id FROM accounts WHERE id = $1`, account)
}

// creatorsOf are the creators of the accounts, in order; uuid.Nil for none.
func creatorsOf(t *testing.T, accounts ...uuid.UUID) []uuid.UUID {
	t.Helper()
	out := make([]uuid.UUID, len(accounts))
	for i, a := range accounts {
		if c := creatorOf(t, a); c != nil {
			out[i] = *c
		}
	}
	return out
}

// TestCreateCreator: a creator's name is trimmed and unique in its
// workspace ignoring case, its e-mail stored lower-cased, and it takes the
// accounts given; creating one is logged and bumps the data version. Bad
// fields are all named, and a refused creation writes nothing.
func TestCreateCreator(t *testing.T) {
	t.Parallel()
	ws := creatorWS(t)
	a1 := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive})
	a2 := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemPaused})
	v := dataVersion(t, ws)

	maya, err := createCreator(collections.CreateCreator{WorkspaceID: ws, Name: "  Maya ", Email: " Maya@Example.com ", PostingGoal: ptr(4),
		AccountIDs: []uuid.UUID{a1, a2, a1}})
	if err != nil {
		t.Fatal(err)
	}
	if got := creators(t, ws); !slices.Equal(got, []string{"Maya|maya@example.com|4"}) {
		t.Fatalf("stored %q", got)
	}
	if got := creatorsOf(t, a1, a2); !slices.Equal(got, []uuid.UUID{maya, maya}) {
		t.Fatalf("the accounts' creators %v, want %s", got, maya)
	}
	if dataVersion(t, ws) != v+1 || !slices.Equal(activities(t, ws), []string{"creator_saved Maya"}) {
		t.Fatalf("data version +%d, activity %q; want +1 and the creation logged", dataVersion(t, ws)-v, activities(t, ws))
	}
	if _, err := createCreator(collections.CreateCreator{WorkspaceID: ws, Name: "Leo"}); err != nil {
		t.Fatalf("no e-mail, goal nor accounts: %v", err)
	}

	v = dataVersion(t, ws)
	if _, err := createCreator(collections.CreateCreator{WorkspaceID: ws, Name: "MAYA"}); apperr.KindOf(err) != apperr.KindConflict {
		t.Fatalf("a taken name in another case: %v, want conflict", err)
	}
	for _, c := range []struct {
		name   string
		cmd    collections.CreateCreator
		fields []string
	}{
		{"empty name", collections.CreateCreator{Name: "  "}, []string{"name"}},
		{"long name", collections.CreateCreator{Name: strings.Repeat("é", collections.MaxCreatorName+1)}, []string{"name"}},
		{"control character", collections.CreateCreator{Name: "Maya\x07"}, []string{"name"}},
		{"bad e-mail", collections.CreateCreator{Name: "Ana", Email: "ana@"}, []string{"email"}},
		{"long e-mail", collections.CreateCreator{Name: "Ana", Email: strings.Repeat("a", 250) + "@x.io"}, []string{"email"}},
		{"goal 0", collections.CreateCreator{Name: "Ana", PostingGoal: ptr(0)}, []string{"postingGoal"}},
		{"goal too high", collections.CreateCreator{Name: "Ana", PostingGoal: ptr(collections.MaxPostingGoal + 1)}, []string{"postingGoal"}},
		{"too many accounts", collections.CreateCreator{Name: "Ana", AccountIDs: make([]uuid.UUID, collections.MaxCreatorAccounts+1)}, []string{"accountIds"}},
		{"every field", collections.CreateCreator{Name: "", Email: "x", PostingGoal: ptr(-1)}, []string{"email", "name", "postingGoal"}},
	} {
		c.cmd.WorkspaceID = ws
		if got := invalidFields(t, func() error { _, err := createCreator(c.cmd); return err }()); !slices.Equal(got, c.fields) {
			t.Errorf("%s: fields %q, want %q", c.name, got, c.fields)
		}
	}

	// an account of another workspace, a removed one or an unknown id: not
	// found, and neither the creator nor the move is written
	other := creatorWS(t)
	theirs := env.Account(t, other, testenv.AccountOptions{Status: domain.ItemActive})
	removed := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemRemoved})
	for name, id := range map[string]uuid.UUID{"another workspace's": theirs, "removed": removed, "unknown": uuid.New()} {
		if _, err := createCreator(collections.CreateCreator{WorkspaceID: ws, Name: "Ana", AccountIDs: []uuid.UUID{a1, id}}); apperr.KindOf(err) != apperr.KindNotFound {
			t.Errorf("%s account: %v, want not found", name, err)
		}
	}
	if got := creators(t, ws); !slices.Equal(got, []string{"Leo||-", "Maya|maya@example.com|4"}) || dataVersion(t, ws) != v {
		t.Fatalf("after refused creations: %q, data version +%d", got, dataVersion(t, ws)-v)
	}
	if got := creatorsOf(t, a1, a2, theirs, removed); !slices.Equal(got, []uuid.UUID{maya, maya, uuid.Nil, uuid.Nil}) {
		t.Fatalf("a refused creation moved accounts: %v", got)
	}
	if len(activities(t, ws)) != 2 {
		t.Fatalf("refused creations were logged: %q", activities(t, ws))
	}
	if _, err := createCreator(collections.CreateCreator{WorkspaceID: other, Name: "Maya"}); err != nil {
		t.Fatalf("the same name in another workspace: %v", err)
	}
}

// TestUpdateCreator: a change sets the fields given and keeps the others;
// a null goal clears it; accountIds replaces the creator's accounts, and
// an account given to another creator moves from the one it had. Another
// workspace's creator or account is not found, and a refused change
// writes nothing.
func TestUpdateCreator(t *testing.T) {
	t.Parallel()
	ws := creatorWS(t)
	a1 := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive})
	a2 := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive})
	a3 := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive})
	maya, err := createCreator(collections.CreateCreator{WorkspaceID: ws, Name: "Maya", Email: "maya@example.com", PostingGoal: ptr(4), AccountIDs: []uuid.UUID{a1, a2}})
	if err != nil {
		t.Fatal(err)
	}
	leo, err := createCreator(collections.CreateCreator{WorkspaceID: ws, Name: "Leo", AccountIDs: []uuid.UUID{a3}})
	if err != nil {
		t.Fatal(err)
	}

	// a2 moves from Maya to Leo, a3 leaves him: his set is replaced
	v := dataVersion(t, ws)
	if err := updateCreator(collections.UpdateCreator{WorkspaceID: ws, ID: leo, AccountIDs: &[]uuid.UUID{a2}}); err != nil {
		t.Fatal(err)
	}
	if got := creatorsOf(t, a1, a2, a3); !slices.Equal(got, []uuid.UUID{maya, leo, uuid.Nil}) {
		t.Fatalf("after moving a2 to Leo: %v, want Maya, Leo, none", got)
	}
	if got := creators(t, ws); !slices.Equal(got, []string{"Leo||-", "Maya|maya@example.com|4"}) || dataVersion(t, ws) != v+1 {
		t.Fatalf("fields not given changed: %q, data version +%d", got, dataVersion(t, ws)-v)
	}

	// the goal cleared, the name in another case, the e-mail and the
	// accounts kept
	if err := updateCreator(collections.UpdateCreator{WorkspaceID: ws, ID: maya, Name: ptr(" MAYA "), PostingGoal: ptr[*int](nil)}); err != nil {
		t.Fatalf("its own name in another case, no goal: %v", err)
	}
	if got := creators(t, ws); !slices.Equal(got, []string{"Leo||-", "MAYA|maya@example.com|-"}) || *creatorOf(t, a1) != maya {
		t.Fatalf("after clearing the goal: %q", got)
	}
	if err := updateCreator(collections.UpdateCreator{WorkspaceID: ws, ID: maya, Email: ptr(""), PostingGoal: ptr(ptr(10)), AccountIDs: &[]uuid.UUID{}}); err != nil {
		t.Fatal(err)
	}
	if got := creators(t, ws); !slices.Equal(got, []string{"Leo||-", "MAYA||10"}) || creatorOf(t, a1) != nil {
		t.Fatalf("after clearing the e-mail and the accounts: %q, a1's creator %v", got, creatorOf(t, a1))
	}
	if got := activities(t, ws); !slices.Equal(got[2:], []string{"creator_saved Leo", "creator_saved MAYA", "creator_saved MAYA"}) {
		t.Fatalf("activity %q", got)
	}

	// refused: nothing changes
	v = dataVersion(t, ws)
	theirWS := creatorWS(t)
	theirs, err := createCreator(collections.CreateCreator{WorkspaceID: theirWS, Name: "Theirs"})
	if err != nil {
		t.Fatal(err)
	}
	theirAccount := env.Account(t, theirWS, testenv.AccountOptions{Status: domain.ItemActive})
	for _, c := range []struct {
		name string
		cmd  collections.UpdateCreator
		want apperr.Kind
	}{
		{"another creator's name", collections.UpdateCreator{ID: leo, Name: ptr("maya")}, apperr.KindConflict},
		{"another workspace's creator", collections.UpdateCreator{ID: theirs, Name: ptr("Mine")}, apperr.KindNotFound},
		{"an unknown creator", collections.UpdateCreator{ID: uuid.New(), Name: ptr("Mine")}, apperr.KindNotFound},
		{"another workspace's account", collections.UpdateCreator{ID: leo, Name: ptr("Leon"), AccountIDs: &[]uuid.UUID{a1, theirAccount}}, apperr.KindNotFound},
		{"nothing to change", collections.UpdateCreator{ID: leo}, apperr.KindInvalid},
		{"bad goal", collections.UpdateCreator{ID: leo, Name: ptr("Leon"), PostingGoal: ptr(ptr(1001))}, apperr.KindInvalid},
		{"bad e-mail", collections.UpdateCreator{ID: leo, Email: ptr("leo at example.com")}, apperr.KindInvalid},
		{"empty name", collections.UpdateCreator{ID: leo, Name: ptr(" ")}, apperr.KindInvalid},
	} {
		c.cmd.WorkspaceID = ws
		if err := updateCreator(c.cmd); apperr.KindOf(err) != c.want {
			t.Errorf("%s: %v, want kind %d", c.name, err, c.want)
		}
	}
	if got := creators(t, ws); !slices.Equal(got, []string{"Leo||-", "MAYA||10"}) || dataVersion(t, ws) != v {
		t.Fatalf("after refused changes: %q, data version +%d", got, dataVersion(t, ws)-v)
	}
	if got := creatorsOf(t, a1, a2, theirAccount); !slices.Equal(got, []uuid.UUID{uuid.Nil, leo, uuid.Nil}) {
		t.Fatalf("a refused change moved accounts: %v", got)
	}
	if got := creators(t, theirWS); !slices.Equal(got, []string{"Theirs||-"}) {
		t.Fatalf("another workspace's creator changed: %q", got)
	}
}

// TestDeleteCreator: deleting a creator keeps its accounts tracked,
// without creator; it is logged and bumps the data version. Another
// workspace's creator is not found and kept.
func TestDeleteCreator(t *testing.T) {
	t.Parallel()
	ws := creatorWS(t)
	a1 := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive})
	a2 := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemPaused})
	maya, err := createCreator(collections.CreateCreator{WorkspaceID: ws, Name: "Maya", AccountIDs: []uuid.UUID{a1, a2}})
	if err != nil {
		t.Fatal(err)
	}
	other := creatorWS(t)
	theirs, err := createCreator(collections.CreateCreator{WorkspaceID: other, Name: "Theirs"})
	if err != nil {
		t.Fatal(err)
	}
	if err := deleteCreator(ws, theirs); apperr.KindOf(err) != apperr.KindNotFound || len(creators(t, other)) != 1 {
		t.Fatalf("another workspace's creator: %v, want not found and kept", err)
	}

	v := dataVersion(t, ws)
	if err := deleteCreator(ws, maya); err != nil {
		t.Fatal(err)
	}
	if got := creators(t, ws); len(got) != 0 {
		t.Fatalf("after delete: %q", got)
	}
	if got := creatorsOf(t, a1, a2); !slices.Equal(got, []uuid.UUID{uuid.Nil, uuid.Nil}) {
		t.Fatalf("the accounts' creators after delete: %v", got)
	}
	if got := statuses(t, a1, a2); !slices.Equal(got, []domain.Item{domain.ItemActive, domain.ItemPaused}) {
		t.Fatalf("accounts %v, want still tracked as they were", got)
	}
	if dataVersion(t, ws) != v+1 || !slices.Equal(activities(t, ws), []string{"creator_saved Maya", "creator_deleted Maya"}) {
		t.Fatalf("data version +%d, activity %q", dataVersion(t, ws)-v, activities(t, ws))
	}
	if err := deleteCreator(ws, maya); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("deleted twice: %v, want not found", err)
	}
}
