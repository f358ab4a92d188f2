package api_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

type bulkAnswer struct {
	Action                      string
	Videos, Accounts, Followed  int
	Unchanged                   int
	RefreshesLeft, RefreshQuota *int
}

type accountRowOut struct {
	ID                uuid.UUID `json:"id"`
	Status            string    `json:"status"`
	TrackingLimit     int       `json:"tracking_limit"`
	TrackedVideos     int       `json:"trackedVideos"`
	VideosBeyondLimit int       `json:"videosBeyondLimit"`
}

func videosTotal(t *testing.T, a *testApp, c *http.Cookie, params string) int {
	t.Helper()
	var list struct{ Total int }
	a.request("GET", "/api/videos?"+params, nil, c).expect(t, 200).decode(t, &list)
	return list.Total
}

// TestLimitsThatAddUp: lowering an account's tracking limit keeps the
// videos beyond it with their history, stops refreshing and counting them
// and shows them as such; the usage meter, the lists and the account row
// agree; raising the limit brings them back.
func TestLimitsThatAddUp(t *testing.T) {
	t.Parallel()
	a, _ := newScrapingApp(t)
	c := a.signUp(uniqueEmail("limits"))
	ws := a.bootstrap(c).Workspace
	var acct trackOut
	a.request("POST", "/api/track", map[string]any{"url": "https://www.tiktok.com/@limits.add.up", "tracking_limit": 10}, c).
		expect(t, 200).decode(t, &acct)
	waitJob(t, acct.JobID)
	// the account's posts that count: its feed may list reposts and
	// posts by others too, which take no place and count apart
	found := count(t, `SELECT count(*) FROM videos WHERE account_id = $1 AND post_kind IN ('own', 'collab')`, acct.ID)
	if found < 6 {
		t.Fatalf("the account brought %d videos, want at least 6", found)
	}

	var row accountRowOut
	a.request("PATCH", "/api/accounts/"+acct.ID.String(), map[string]any{"tracking_limit": 4}, c).expect(t, 200).decode(t, &row)
	if row.TrackingLimit != 4 || row.TrackedVideos != 4 || row.VideosBeyondLimit != found-4 {
		t.Fatalf("after lowering the limit to 4 the account reads %+v; want 4 tracked and %d beyond", row, found-4)
	}
	// the newest four are the ones kept
	if n := count(t, `SELECT count(*) FROM (SELECT status FROM videos WHERE account_id = $1
		ORDER BY published_at DESC NULLS LAST, created_at DESC, id LIMIT 4) s WHERE status = 'active'`, acct.ID); n != 4 {
		t.Fatalf("%d of the account's 4 newest videos are active", n)
	}
	if got := a.bootstrap(c).Workspace.Usage.Videos; got != 4 {
		t.Fatalf("usage %d, want 4", got)
	}
	if got := videosTotal(t, a, c, ""); got != 4 {
		t.Fatalf("the Videos list counts %d, want the 4 tracked", got)
	}
	if got := videosTotal(t, a, c, "status=beyond_limit"); got != found-4 {
		t.Fatalf("the Videos list beyond the limit counts %d, want %d", got, found-4)
	}
	var ov struct{ Totals struct{ Videos int } }
	a.request("GET", "/api/overview", nil, c).expect(t, 200).decode(t, &ov)
	if ov.Totals.Videos != 4 {
		t.Fatalf("Overview counts %d videos, want 4", ov.Totals.Videos)
	}
	var beyond uuid.UUID
	if err := env.PG.QueryRow(t.Context(), `SELECT id FROM videos WHERE account_id = $1 AND status = 'beyond_limit' LIMIT 1`, acct.ID).Scan(&beyond); err != nil {
		t.Fatal(err)
	}
	var page struct{ Status string }
	a.request("GET", "/api/videos/"+beyond.String(), nil, c).expect(t, 200).decode(t, &page)
	if page.Status != "beyond_limit" {
		t.Fatalf("the page of a video beyond the limit says %q", page.Status)
	}

	// a refresh of the account leaves the videos beyond the limit alone
	scrapedBefore := count(t, `SELECT count(*) FROM videos WHERE account_id = $1 AND status = 'beyond_limit' AND last_scraped_at IS NOT NULL
		AND post_kind IN ('own', 'collab')`, acct.ID)
	exec(t, `UPDATE videos SET last_scraped_at = last_scraped_at - interval '1 hour' WHERE account_id = $1`, acct.ID)
	var out bulkAnswer
	a.request("POST", "/api/items/bulk", map[string]any{"action": "refresh", "account_ids": []uuid.UUID{acct.ID}}, c).expect(t, 200).decode(t, &out)
	if out.Accounts != 1 {
		t.Fatalf("refresh answered %+v", out)
	}
	waitJobsOfWorkspace(t, ws.ID)
	if n := count(t, `SELECT count(*) FROM videos WHERE account_id = $1 AND status = 'beyond_limit'
		AND last_scraped_at > now() - interval '30 minutes'`, acct.ID); n != 0 || scrapedBefore != found-4 {
		t.Fatalf("%d videos beyond the limit were refreshed (%d had been scraped before)", n, scrapedBefore)
	}
	if n := count(t, `SELECT count(*) FROM videos WHERE account_id = $1 AND status = 'active'
		AND last_scraped_at > now() - interval '30 minutes' AND post_kind IN ('own', 'collab')`, acct.ID); n != 4 {
		t.Fatalf("%d tracked videos were refreshed, want 4", n)
	}
	if got := videosTotal(t, a, c, ""); got != 4 {
		t.Fatalf("after a refresh the Videos list counts %d, want 4", got)
	}

	// raising the limit brings them back
	a.request("PATCH", "/api/accounts/"+acct.ID.String(), map[string]any{"tracking_limit": 10}, c).expect(t, 200).decode(t, &row)
	if row.TrackedVideos != found || row.VideosBeyondLimit != 0 || videosTotal(t, a, c, "") != found {
		t.Fatalf("after raising the limit the account reads %+v", row)
	}
	if got := a.bootstrap(c).Workspace.Usage.Videos; got != 10 {
		t.Fatalf("usage %d, want 10", got)
	}
	a.request("GET", "/api/videos?status=removed", nil, c).expectError(t, 400, "invalid_request")
}

// TestOrganiseItems: videos and accounts are paused, resumed, removed,
// refreshed and moved between collections, by id or by the filter of their
// list; a removed video leaves the dashboard and stops counting, and
// tracking its link again brings it back; refresh keeps to the plan's
// daily quota; another workspace's ids answer 404 and bad input 400, and
// neither writes.
func TestOrganiseItems(t *testing.T) {
	t.Parallel()
	a, _ := newScrapingApp(t)
	c := a.signUp(uniqueEmail("bulk"))
	ws := a.bootstrap(c).Workspace
	var acct, single trackOut
	a.request("POST", "/api/track", map[string]any{"url": "https://www.instagram.com/bulk.moves/", "tracking_limit": 8}, c).
		expect(t, 200).decode(t, &acct)
	a.request("POST", "/api/track", map[string]any{"url": "https://www.youtube.com/watch?v=bulkvideo01"}, c).expect(t, 200).decode(t, &single)
	waitJobsOfWorkspace(t, ws.ID)
	all := videosTotal(t, a, c, "")
	if all < 4 {
		t.Fatalf("%d videos listed", all)
	}
	var launch struct{ ID uuid.UUID }
	a.request("POST", "/api/collections", map[string]string{"name": "Launch"}, c).expect(t, 200).decode(t, &launch)

	var out bulkAnswer
	// every Instagram video into Launch, by the list's filter
	a.request("POST", "/api/items/bulk", map[string]any{"action": "move", "collection_id": launch.ID,
		"videos_matching": map[string]string{"platforms": "instagram"}}, c).expect(t, 200).decode(t, &out)
	if out.Videos != all-1 || videosTotal(t, a, c, "collectionId="+launch.ID.String()) != all-1 {
		t.Fatalf("moved %+v; want the %d Instagram videos", out, all-1)
	}

	// the usage meter says what it counts
	u := a.bootstrap(c).Workspace.Usage
	if u.VideosByLink != 1 || u.AccountSlots != 8 || u.Accounts != 1 || u.Videos != 9 {
		t.Fatalf("usage %+v, want 1 video by link and 8 kept for 1 account", u)
	}
	// pause the single video and the account: not refreshed, still counted
	usage := u.Videos
	a.request("POST", "/api/items/bulk", map[string]any{"action": "pause", "video_ids": []uuid.UUID{single.ID},
		"account_ids": []uuid.UUID{acct.ID}}, c).expect(t, 200).decode(t, &out)
	if out.Videos != 1 || out.Accounts != 1 || a.bootstrap(c).Workspace.Usage.Videos != usage {
		t.Fatalf("pause answered %+v", out)
	}
	if got := videosTotal(t, a, c, "status=paused"); got != 1 {
		t.Fatalf("%d paused videos listed", got)
	}
	a.request("POST", "/api/items/bulk", map[string]any{"action": "refresh", "video_ids": []uuid.UUID{single.ID}}, c).
		expect(t, 200).decode(t, &out)
	if out.Videos != 0 || out.Unchanged != 1 {
		t.Fatalf("a paused video was refreshed: %+v", out)
	}
	var v struct{ Status string }
	a.request("PATCH", "/api/videos/"+single.ID.String(), map[string]string{"status": "active"}, c).expect(t, 200).decode(t, &v)
	if v.Status != "active" {
		t.Fatalf("resumed video reads %q", v.Status)
	}
	a.request("POST", "/api/items/bulk", map[string]any{"action": "resume", "accounts_matching": map[string]string{"platforms": "instagram"}}, c).
		expect(t, 200).decode(t, &out)
	if out.Accounts != 1 {
		t.Fatalf("resume by filter answered %+v", out)
	}

	// remove the single video: gone from the lists and the usage, its
	// history kept, and back when its link is tracked again
	a.request("DELETE", "/api/videos/"+single.ID.String(), nil, c).expect(t, 204)
	if got := videosTotal(t, a, c, ""); got != all-1 {
		t.Fatalf("after removing a video %d are listed, want %d", got, all-1)
	}
	if got := a.bootstrap(c).Workspace.Usage.Videos; got != usage-1 {
		t.Fatalf("usage %d after removing a video, want %d", got, usage-1)
	}
	a.request("GET", "/api/videos/"+single.ID.String(), nil, c).expectError(t, 404, "not_found")
	if count(t, `SELECT count(*) FROM videos WHERE id = $1 AND status = 'removed'`, single.ID) != 1 {
		t.Fatal("the removed video's row is gone")
	}
	if count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND action = 'tracked_items_changed'
		AND details->>'action' = 'remove'`, ws.ID) != 1 {
		t.Fatal("the removal is not in the activity log")
	}
	var again trackOut
	a.request("POST", "/api/track", map[string]any{"url": "https://www.youtube.com/watch?v=bulkvideo01"}, c).expect(t, 200).decode(t, &again)
	if again.ID != single.ID || again.Existing {
		t.Fatalf("tracking a removed video again answered %+v", again)
	}
	waitJob(t, again.JobID)
	if got := videosTotal(t, a, c, ""); got != all {
		t.Fatalf("the video tracked again is not listed: %d", got)
	}

	// refresh now, within the trial's quota of 25 items a day
	exec(t, `UPDATE videos SET refresh_queued_at = NULL WHERE workspace_id = $1`, ws.ID)
	a.request("POST", "/api/items/bulk", map[string]any{"action": "refresh", "videos_matching": map[string]string{}}, c).
		expect(t, 200).decode(t, &out)
	if out.Videos != all || out.RefreshQuota == nil || *out.RefreshQuota != 25 || *out.RefreshesLeft != 25-all {
		t.Fatalf("refresh answered %+v", out)
	}
	waitJobsOfWorkspace(t, ws.ID)
	// the Instagram account is scraped by two runs, and counts once: one
	// refresh per item picked
	exec(t, `UPDATE accounts SET refresh_queued_at = NULL WHERE workspace_id = $1`, ws.ID)
	a.request("POST", "/api/items/bulk", map[string]any{"action": "refresh", "account_ids": []uuid.UUID{acct.ID}}, c).
		expect(t, 200).decode(t, &out)
	if out.Accounts != 1 || *out.RefreshesLeft != 25-all-1 {
		t.Fatalf("refresh of the account answered %+v, want %d left", out, 25-all-1)
	}
	if n := count(t, `SELECT count(*) FROM scrape_jobs WHERE workspace_id = $1 AND reason = 'manual' AND input->>'resultsType' IN ('reels', 'details')`, ws.ID); n != 2 {
		t.Fatalf("the account's refresh queued %d runs, want its reels and details runs", n)
	}
	waitJobsOfWorkspace(t, ws.ID)
	// fill the quota with manual jobs of earlier today, then ask for more
	for range 25 - all - 1 {
		env.Job(t, ws.ID, testenv.JobOptions{Platform: platform.YouTube, Actor: "x", Reason: "manual", Status: domain.JobProcessed,
			CreatedAt: time.Now().Add(-23 * time.Hour), Targets: []testenv.JobTarget{{Kind: platform.Video, ID: single.ID}}})
	}
	jobs := count(t, `SELECT count(*) FROM scrape_jobs WHERE workspace_id = $1`, ws.ID)
	r := a.request("POST", "/api/items/bulk", map[string]any{"action": "refresh", "video_ids": []uuid.UUID{single.ID}}, c)
	r.expectError(t, 429, "rate_limited")
	if wait := r.Header.Get("Retry-After"); wait == "" || wait == "0" {
		t.Fatalf("a refused refresh says Retry-After %q", wait)
	} else if d, _ := time.ParseDuration(wait + "s"); d > time.Hour+time.Minute {
		t.Fatalf("Retry-After %s, want about an hour (the oldest manual refresh is 23 hours old)", d)
	}
	if count(t, `SELECT count(*) FROM scrape_jobs WHERE workspace_id = $1`, ws.ID) != jobs {
		t.Fatal("a refused refresh queued a job")
	}

	// bad input and other workspaces' ids: 4xx, nothing written
	stranger := a.signUp(uniqueEmail("stranger"))
	a.bootstrap(stranger)
	before := count(t, `SELECT count(*) FROM videos WHERE workspace_id = $1 AND status = 'paused'`, ws.ID)
	for _, body := range []map[string]any{
		{"action": "explode", "video_ids": []uuid.UUID{single.ID}},
		{"action": "pause"},
		{"action": "pause", "video_ids": []string{"nope"}},
		{"action": "pause", "collection_id": launch.ID, "video_ids": []uuid.UUID{single.ID}},
		{"action": "move", "video_ids": []uuid.UUID{single.ID}},
		{"action": "pause", "videos_matching": map[string]string{"colour": "red"}},
		{"action": "pause", "videos_matching": map[string]string{"status": "gone"}},
	} {
		a.request("POST", "/api/items/bulk", body, c).expectError(t, 400, "invalid_request")
	}
	a.request("PATCH", "/api/videos/"+single.ID.String(), map[string]string{"status": "beyond_limit"}, c).expectError(t, 400, "invalid_request")
	a.request("POST", "/api/items/bulk", map[string]any{"action": "pause", "video_ids": []uuid.UUID{single.ID, uuid.New()}}, c).
		expectError(t, 404, "not_found")
	a.request("POST", "/api/items/bulk", map[string]any{"action": "pause", "video_ids": []uuid.UUID{single.ID}}, stranger).
		expectError(t, 404, "not_found")
	a.request("PATCH", "/api/videos/"+single.ID.String(), map[string]string{"status": "paused"}, stranger).expectError(t, 404, "not_found")
	a.request("DELETE", "/api/videos/"+single.ID.String(), nil, stranger).expectError(t, 404, "not_found")
	if got := count(t, `SELECT count(*) FROM videos WHERE workspace_id = $1 AND status = 'paused'`, ws.ID); got != before {
		t.Fatalf("a refused action wrote: %d paused, was %d", got, before)
	}
}
