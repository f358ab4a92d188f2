package api_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
)

// latestViews is the views of an entity's latest snapshot, nil when hidden.
func latestViews(t *testing.T, entity uuid.UUID) *uint64 {
	t.Helper()
	var views *uint64
	if err := env.CH.QueryRow(context.Background(),
		`SELECT views FROM metric_snapshots FINAL WHERE entity_id = ? ORDER BY scraped_at DESC LIMIT 1`, entity).Scan(&views); err != nil {
		t.Fatal(err)
	}
	return views
}

// TestPlatformAccountsEndToEnd tracks accounts through the API against the
// simulator, whose clock hardly moves so that two scrapes of one reel see
// the same counts: an Instagram account reaches its tracking limit with
// reels whose views equal those of the same reel tracked on its own, a
// YouTube channel keeps both shorts and long videos, and an X handle whose
// run answers with an error row that names no input becomes error with
// the row's reason.
func TestPlatformAccountsEndToEnd(t *testing.T) {
	t.Parallel()
	a, _ := newScrapingApp(t, "-speed", "0.000001", "-quirks=false")
	c := a.signUp(uniqueEmail("platforms"))
	exec(t, `UPDATE workspaces SET video_limit = 200 WHERE id = $1`, a.bootstrap(c).Workspace.ID)
	suffix := uuid.NewString()[:6]

	var ig trackOut
	a.request("POST", "/api/track", map[string]string{"url": "https://www.instagram.com/reelmaker_" + suffix + "/"}, c).expect(t, 200).decode(t, &ig)
	waitJobsOf(t, ig.ID)
	if n := count(t, `SELECT count(*) FROM scrape_job_targets WHERE entity_id = $1`, ig.ID); n != 2 {
		t.Errorf("%d jobs for the Instagram account, want its reels and its details", n)
	}
	if n := count(t, `SELECT count(*) FROM accounts WHERE id = $1 AND status = 'active' AND followers IS NOT NULL AND tracking_limit = 30`, ig.ID); n != 1 {
		t.Fatal("the Instagram account is not active with followers")
	}
	if n := count(t, `SELECT count(*) FROM videos WHERE account_id = $1 AND url LIKE 'https://www.instagram.com/reel/%' AND status = 'active'`, ig.ID); n != 30 {
		t.Fatalf("%d reels found through an account with tracking limit 30", n)
	}

	// The newest of its reels, tracked on its own in another workspace.
	var reelID uuid.UUID
	var reelURL string
	if err := env.PG.QueryRow(context.Background(),
		`SELECT id, url FROM videos WHERE account_id = $1 ORDER BY published_at DESC LIMIT 1`, ig.ID).Scan(&reelID, &reelURL); err != nil {
		t.Fatal(err)
	}
	other := a.signUp(uniqueEmail("platforms-other"))
	a.bootstrap(other)
	var alone trackOut
	a.request("POST", "/api/track", map[string]string{"url": reelURL}, other).expect(t, 200).decode(t, &alone)
	if got := waitJob(t, alone.JobID); got != "processed" {
		t.Fatalf("job of the reel tracked alone: %s", got)
	}
	viaAccount, viaURL := latestViews(t, reelID), latestViews(t, alone.ID)
	if viaAccount == nil || viaURL == nil || *viaAccount != *viaURL {
		t.Errorf("views of %s: %v through the account, %v tracked alone; want the same number", reelURL, viaAccount, viaURL)
	}

	var yt trackOut
	a.request("POST", "/api/track", map[string]string{"url": "https://www.youtube.com/@mixedchannel"}, c).expect(t, 200).decode(t, &yt)
	waitJobsOf(t, yt.ID)
	shorts := count(t, `SELECT count(*) FROM videos WHERE account_id = $1 AND url LIKE 'https://www.youtube.com/shorts/%'`, yt.ID)
	long := count(t, `SELECT count(*) FROM videos WHERE account_id = $1 AND url LIKE 'https://www.youtube.com/watch?v=%'`, yt.ID)
	if shorts == 0 || long == 0 || shorts+long != 30 {
		t.Errorf("YouTube channel: %d shorts and %d long videos; want both, 30 in all", shorts, long)
	}

	var x trackOut
	a.request("POST", "/api/track", map[string]string{"url": "https://x.com/private_" + suffix}, c).expect(t, 200).decode(t, &x)
	waitJobsOf(t, x.ID)
	if n := count(t, `SELECT count(*) FROM accounts WHERE id = $1 AND status = 'error' AND status_reason = 'No results for this input'`, x.ID); n != 1 {
		var status, reason string
		_ = env.PG.QueryRow(context.Background(), `SELECT status, status_reason FROM accounts WHERE id = $1`, x.ID).Scan(&status, &reason)
		t.Errorf("X handle with an error row: %s %q; want error with the row's reason", status, reason)
	}
}
