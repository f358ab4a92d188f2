package api_test

import (
	"testing"

	"github.com/google/uuid"
)

// TestCollectionItems: tracked videos and accounts go into a collection,
// move and come out after the fact; an account's videos follow it unless
// they were placed elsewhere; ids of another workspace write nothing.
func TestCollectionItems(t *testing.T) {
	t.Parallel()
	a, _ := newScrapingApp(t)
	c := a.signUp(uniqueEmail("organise"))
	ws := a.bootstrap(c).Workspace
	var acct, single trackOut
	a.request("POST", "/api/track", map[string]any{"url": "https://www.tiktok.com/@organise.me", "tracking_limit": 5}, c).expect(t, 200).decode(t, &acct)
	waitJob(t, acct.JobID)
	a.request("POST", "/api/track", map[string]any{"url": "https://www.youtube.com/watch?v=dQw4w9WgXcQ"}, c).expect(t, 200).decode(t, &single)
	waitJob(t, single.JobID)
	videos := count(t, `SELECT count(*) FROM videos WHERE account_id = $1`, acct.ID)
	if videos == 0 {
		t.Fatal("the account's videos did not arrive")
	}
	var one uuid.UUID
	// one that counts: the account's own post, not a repost its feed listed
	if err := env.PG.QueryRow(t.Context(), `SELECT id FROM videos WHERE account_id = $1 AND post_kind = 'own' AND status = 'active' ORDER BY id LIMIT 1`, acct.ID).Scan(&one); err != nil {
		t.Fatal(err)
	}
	collection := func(name string) uuid.UUID {
		var out struct{ ID uuid.UUID }
		a.request("POST", "/api/collections", map[string]string{"name": name}, c).expect(t, 200).decode(t, &out)
		return out.ID
	}
	launch, other := collection("Launch"), collection("Other")
	in := func(coll *uuid.UUID) int {
		if coll == nil {
			return count(t, `SELECT count(*) FROM videos WHERE workspace_id = $1 AND collection_id IS NULL`, ws.ID)
		}
		return count(t, `SELECT count(*) FROM videos WHERE workspace_id = $1 AND collection_id = $2`, ws.ID, *coll)
	}
	type moved struct {
		Videos, Accounts, Followed                           int
		FollowedCounted, FollowedBeyondLimit, FollowedNotOwn int
	}
	var m moved

	// the account into Launch: its videos follow, told apart as the
	// collection counts them
	a.request("POST", "/api/collection-items", map[string]any{"collection_id": launch, "account_ids": []uuid.UUID{acct.ID}}, c).
		expect(t, 200).decode(t, &m)
	if m.Accounts != 1 || m.Followed != videos || in(&launch) != videos {
		t.Fatalf("moved %+v, %d videos in Launch, want the account and its %d videos", m, in(&launch), videos)
	}
	counted := count(t, `SELECT count(*) FROM videos WHERE account_id = $1 AND post_kind IN ('own', 'collab') AND status NOT IN ('removed', 'beyond_limit')`, acct.ID)
	beyond := count(t, `SELECT count(*) FROM videos WHERE account_id = $1 AND status = 'beyond_limit'`, acct.ID)
	if m.FollowedCounted != counted || m.FollowedBeyondLimit != beyond || m.FollowedNotOwn != videos-counted-beyond {
		t.Fatalf("moved %+v, want %d counted, %d beyond the limit and the rest not the account's own", m, counted, beyond)
	}
	var cols struct {
		Collections []struct {
			Name                        string
			Videos, BeyondLimit, NotOwn int
		}
	}
	a.request("GET", "/api/collections", nil, c).expect(t, 200).decode(t, &cols)
	for _, col := range cols.Collections {
		if col.Name == "Launch" && col.Videos != m.FollowedCounted {
			t.Errorf("Launch counts %d videos, the move said %d counted", col.Videos, m.FollowedCounted)
		}
	}
	if count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND action = 'collection_changed' AND target = 'Launch'
		AND details = jsonb_build_object('accounts', 1, 'videos', $2::int)`, ws.ID, videos) != 1 {
		t.Fatal("the move is not in the activity log")
	}
	// one of its videos and the single video into Other
	a.request("POST", "/api/collection-items", map[string]any{"collection_id": other, "video_ids": []uuid.UUID{one, single.ID}}, c).
		expect(t, 200).decode(t, &m)
	if m.Videos != 2 || in(&other) != 2 {
		t.Fatalf("moved %+v, %d in Other", m, in(&other))
	}
	// the account out of any collection: its videos in Launch follow, the
	// one placed in Other stays
	a.request("POST", "/api/collection-items", map[string]any{"collection_id": nil, "account_ids": []uuid.UUID{acct.ID}}, c).
		expect(t, 200).decode(t, &m)
	if m.Followed != videos-1 || in(&launch) != 0 || in(&other) != 2 {
		t.Fatalf("moved %+v; Launch %d, Other %d", m, in(&launch), in(&other))
	}
	var list struct{ Total int }
	a.request("GET", "/api/videos?collectionId="+other.String(), nil, c).expect(t, 200).decode(t, &list)
	if list.Total != 2 {
		t.Fatalf("the Videos list of Other counts %d, want 2", list.Total)
	}

	// bad input and other workspaces' ids: 4xx, nothing written
	stranger := a.signUp(uniqueEmail("stranger"))
	a.bootstrap(stranger)
	for _, body := range []map[string]any{
		{"video_ids": []uuid.UUID{one}},
		{"collection_id": "x", "video_ids": []uuid.UUID{one}},
		{"collection_id": launch, "video_ids": []string{"nope"}},
		{"collection_id": launch},
	} {
		a.request("POST", "/api/collection-items", body, c).expectError(t, 400, "invalid_request")
	}
	a.request("POST", "/api/collection-items", map[string]any{"collection_id": launch, "video_ids": []uuid.UUID{one, uuid.New()}}, c).
		expectError(t, 404, "not_found")
	a.request("POST", "/api/collection-items", map[string]any{"collection_id": launch, "video_ids": []uuid.UUID{one}}, stranger).
		expectError(t, 404, "not_found")
	if in(&launch) != 0 || in(&other) != 2 {
		t.Fatalf("a refused move wrote: Launch %d, Other %d", in(&launch), in(&other))
	}
}
