package collections_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/collections"
)

// creator records a creator of the workspace with the accounts and
// returns its id.
func creator(t *testing.T, ws uuid.UUID, name, email string, goal *int, accounts ...uuid.UUID) uuid.UUID {
	t.Helper()
	id := uuid.New()
	mustExec(t, `INSERT INTO creators (id, workspace_id, name, email, posting_goal) VALUES ($1, $2, $3, $4, $5)`, id, ws, name, email, goal)
	mustExec(t, `UPDATE accounts SET creator_id = $2 WHERE id = ANY($1)`, accounts, id)
	return id
}

// TestCreators: the list is by name ignoring case, each creator with its
// accounts by platform and handle, its removed accounts left out; another
// workspace's creators are neither listed nor found.
func TestCreators(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	h := collections.CreatorsHandler{DB: env.PG}
	ws := env.Workspace(t, testenv.WorkspaceOptions{})

	empty, err := h.Handle(ctx, ws)
	if err != nil {
		t.Fatal(err)
	}
	if raw, _ := json.Marshal(empty); string(raw) != `{"creators":[]}` {
		t.Fatalf("no creators: %s", raw)
	}

	account := func(plat platform.Platform, handle string, status domain.Item) uuid.UUID {
		return env.Account(t, ws, testenv.AccountOptions{Platform: plat, Handle: handle, Status: status, DisplayName: "The " + handle})
	}
	yt := account(platform.YouTube, "maya", domain.ItemActive)
	tt := account(platform.TikTok, "Maya_b", domain.ItemPaused)
	tt2 := account(platform.TikTok, "maya_a", domain.ItemActive)
	gone := account(platform.Instagram, "maya", domain.ItemRemoved)
	account(platform.X, "nobody", domain.ItemActive)
	goal := 4
	maya := creator(t, ws, "maya", "maya@example.com", &goal, yt, tt, tt2, gone)
	leo := creator(t, ws, "Leo", "", nil)
	zed := creator(t, ws, "Zed", "", nil)
	other := env.Workspace(t, testenv.WorkspaceOptions{})
	theirs := creator(t, other, "Abe", "", nil, env.Account(t, other, testenv.AccountOptions{}))

	list, err := h.Handle(ctx, ws)
	if err != nil {
		t.Fatal(err)
	}
	var ids []uuid.UUID
	for _, c := range list.Creators {
		ids = append(ids, c.ID)
	}
	if !slices.Equal(ids, []uuid.UUID{leo, maya, zed}) {
		t.Fatalf("listed %v, want Leo, maya, Zed: by name ignoring case, none of another workspace", ids)
	}
	m := list.Creators[1]
	if m.Name != "maya" || m.Email != "maya@example.com" || m.PostingGoal == nil || *m.PostingGoal != 4 || m.CreatedAt.IsZero() || m.CreatedAt.Location().String() != "UTC" {
		t.Fatalf("maya %+v", m)
	}
	want := []collections.CreatorAccount{
		{ID: tt2, Platform: "tiktok", Handle: "maya_a", DisplayName: "The maya_a", Verification: query.Verification{State: query.VerificationNone}},
		{ID: tt, Platform: "tiktok", Handle: "Maya_b", DisplayName: "The Maya_b", Verification: query.Verification{State: query.VerificationNone}},
		{ID: yt, Platform: "youtube", Handle: "maya", DisplayName: "The maya", Verification: query.Verification{State: query.VerificationNone}},
	}
	if !slices.Equal(m.Accounts, want) {
		t.Fatalf("maya's accounts %+v, want %+v (the removed one left out)", m.Accounts, want)
	}
	if l := list.Creators[0]; l.PostingGoal != nil || l.Accounts == nil || len(l.Accounts) != 0 {
		t.Fatalf("Leo %+v, want no goal and an empty list of accounts", l)
	}

	one, err := h.One(ctx, ws, maya)
	if err != nil || one.ID != maya || !slices.Equal(one.Accounts, want) {
		t.Fatalf("One: %+v, %v", one, err)
	}
	if _, err := h.One(ctx, ws, theirs); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("another workspace's creator: %v, want not found", err)
	}
}
