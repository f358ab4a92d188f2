package tracking_test

import (
	"context"
	"slices"
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

func removeAccount(ws, account uuid.UUID) error {
	return tracking.RemoveAccountHandler{DB: env.PG}.Handle(context.Background(), tracking.RemoveAccount{WorkspaceID: ws, AccountID: account})
}

// TestRemoveAccount: removing an account keeps its row and its videos but
// frees its place in the video limit and bumps the data version; removing
// it again succeeds and changes nothing. Another workspace's account is not
// found and stays as it was; no id is invalid input.
func TestRemoveAccount(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	account := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive, TrackingLimit: 7})
	video := env.Video(t, ws, testenv.VideoOptions{AccountID: account, Status: domain.ItemActive})
	usage := func() int { return scalar[int](t, `SELECT `+plan.VideoUsageSQL, ws) }
	if got := usage(); got != 7 {
		t.Fatalf("usage %d before, want the account's 7", got)
	}

	v := dataVersion(t, ws)
	if err := removeAccount(ws, account); err != nil {
		t.Fatal(err)
	}
	if got := statuses(t, account, video); !slices.Equal(got, []domain.Item{domain.ItemRemoved, domain.ItemActive}) {
		t.Fatalf("account and video %v, want the account removed, its video kept", got)
	}
	if got := usage(); got != 0 {
		t.Fatalf("usage %d after removal, want 0", got)
	}
	if dataVersion(t, ws) != v+1 {
		t.Fatal("removal did not bump the data version")
	}
	if err := removeAccount(ws, account); err != nil || dataVersion(t, ws) != v+1 {
		t.Fatalf("removing a removed account: %v, data version %d; want success writing nothing", err, dataVersion(t, ws)-v)
	}

	theirs := env.Account(t, env.Workspace(t, testenv.WorkspaceOptions{}), testenv.AccountOptions{Status: domain.ItemActive})
	if err := removeAccount(ws, theirs); apperr.KindOf(err) != apperr.KindNotFound || status(t, theirs) != domain.ItemActive {
		t.Fatalf("another workspace's account: %v, now %s; want not found, still active", err, status(t, theirs))
	}
	if got := invalidFields(t, removeAccount(ws, uuid.Nil)); !slices.Equal(got, []string{"id"}) {
		t.Fatalf("no id: fields %q", got)
	}
}
