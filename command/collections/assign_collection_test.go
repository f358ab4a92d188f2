package collections_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/collections"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

func assign(t *testing.T, ws uuid.UUID, collection *uuid.UUID, videos, accounts []uuid.UUID) (collections.Assigned, error) {
	t.Helper()
	return collections.AssignCollectionHandler{DB: env.PG}.Handle(context.Background(),
		collections.AssignCollection{WorkspaceID: ws, CollectionID: collection, VideoIDs: videos, AccountIDs: accounts})
}

// collectionOf is the collection a video or an account is in; nil: none.
func collectionOf(t *testing.T, id uuid.UUID) *uuid.UUID {
	t.Helper()
	return scalar[*uuid.UUID](t, `SELECT collection_id FROM videos WHERE id = $1 UNION ALL SELECT collection_id FROM accounts WHERE id = $1`, id)
}

func sameCollection(a, b *uuid.UUID) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

// TestAssignCollectionMovesAnAccountsVideosWithIt: an account's videos
// follow it into a collection and out of it, unless the workspace placed
// them in another collection than the account's; those stay where they
// were put. Videos tracked by their own link are moved only when named.
func TestAssignCollectionMovesAnAccountsVideosWithIt(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	launch, evergreen := env.Collection(t, ws, "Launch"), env.Collection(t, ws, "Evergreen")
	account := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive})
	follows := env.Video(t, ws, testenv.VideoOptions{AccountID: account, Status: domain.ItemActive})
	placed := env.Video(t, ws, testenv.VideoOptions{AccountID: account, Status: domain.ItemActive, CollectionID: &evergreen})
	byLink := env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive})

	check := func(step string, want map[uuid.UUID]*uuid.UUID) {
		t.Helper()
		names := map[uuid.UUID]string{account: "the account", follows: "its video", placed: "its video placed in Evergreen", byLink: "the video by link"}
		for id, w := range want {
			if got := collectionOf(t, id); !sameCollection(got, w) {
				t.Errorf("%s: %s is in %v, want %v", step, names[id], got, w)
			}
		}
	}

	out, err := assign(t, ws, &launch, nil, []uuid.UUID{account})
	if err != nil || out.Accounts != 1 || out.Followed != 1 || out.Videos != 0 {
		t.Fatalf("assign the account to Launch: %+v, %v; want the account and 1 video that followed", out, err)
	}
	check("into Launch", map[uuid.UUID]*uuid.UUID{account: &launch, follows: &launch, placed: &evergreen, byLink: nil})

	out, err = assign(t, ws, nil, []uuid.UUID{byLink}, []uuid.UUID{account})
	if err != nil || out.Accounts != 1 || out.Followed != 1 || out.Videos != 1 {
		t.Fatalf("take the account and a video out of any collection: %+v, %v", out, err)
	}
	check("out of any", map[uuid.UUID]*uuid.UUID{account: nil, follows: nil, placed: &evergreen, byLink: nil})
}

// TestAssignCollectionIsAllOrNone: a collection, an account or a video
// that is not the workspace's (or is removed) refuses the whole
// assignment with 404, and nothing moves.
func TestAssignCollectionIsAllOrNone(t *testing.T) {
	t.Parallel()
	ws, other := env.Workspace(t, testenv.WorkspaceOptions{}), env.Workspace(t, testenv.WorkspaceOptions{})
	launch, theirCollection := env.Collection(t, ws, "Launch"), env.Collection(t, other, "Launch")
	account := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive})
	video := env.Video(t, ws, testenv.VideoOptions{AccountID: account, Status: domain.ItemActive})
	removed := env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemRemoved})
	theirVideo := env.Video(t, other, testenv.VideoOptions{Status: domain.ItemActive})
	theirAccount := env.Account(t, other, testenv.AccountOptions{Status: domain.ItemActive})

	for _, c := range []struct {
		name             string
		collection       *uuid.UUID
		videos, accounts []uuid.UUID
	}{
		{"another workspace's collection", &theirCollection, []uuid.UUID{video}, []uuid.UUID{account}},
		{"another workspace's video", &launch, []uuid.UUID{theirVideo}, []uuid.UUID{account}},
		{"another workspace's account", &launch, nil, []uuid.UUID{account, theirAccount}},
		{"a removed video", &launch, []uuid.UUID{removed}, []uuid.UUID{account}},
	} {
		if _, err := assign(t, ws, c.collection, c.videos, c.accounts); apperr.KindOf(err) != apperr.KindNotFound {
			t.Errorf("%s: %v, want not found", c.name, err)
		}
	}
	for _, id := range []uuid.UUID{account, video, removed, theirVideo, theirAccount} {
		if got := collectionOf(t, id); got != nil {
			t.Errorf("a refused assignment moved %s into %s", id, got)
		}
	}
}

// TestAssignCollectionCountsTheVideosThatFollow: the videos that follow
// their account are told apart as every page counts them: those counted,
// those beyond the account's tracking limit, and the posts that are not
// the account's own; removed videos move without being counted at all.
func TestAssignCollectionCountsTheVideosThatFollow(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	launch := env.Collection(t, ws, "Launch")
	account := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive, TrackingLimit: 2})
	for range 2 {
		env.Video(t, ws, testenv.VideoOptions{AccountID: account, Status: domain.ItemActive})
	}
	for range 3 {
		env.Video(t, ws, testenv.VideoOptions{AccountID: account, Status: domain.ItemBeyondLimit})
	}
	repost := env.Video(t, ws, testenv.VideoOptions{AccountID: account, Status: domain.ItemActive})
	exec(t, `UPDATE videos SET post_kind = 'repost' WHERE id = $1`, repost)
	env.Video(t, ws, testenv.VideoOptions{AccountID: account, Status: domain.ItemRemoved})

	out, err := assign(t, ws, &launch, nil, []uuid.UUID{account})
	if err != nil {
		t.Fatal(err)
	}
	want := collections.Assigned{Accounts: 1, Followed: 6, FollowedCounted: 2, FollowedBeyondLimit: 3, FollowedNotOwn: 1}
	if out != want {
		t.Fatalf("moved %+v, want %+v", out, want)
	}
}
