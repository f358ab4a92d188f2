package api_test

import (
	"context"
	"net/http"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// TestDashboardAgreesWithRawSnapshotsThroughTheWebhookPath tracks an
// account and a single video, lets the scraping provider's completions
// write their snapshots over three scrape rounds, and recomputes the videos
// list, the accounts list and every overview window from the raw snapshots.
func TestDashboardAgreesWithRawSnapshotsThroughTheWebhookPath(t *testing.T) {
	// The clock runs while the scrapes land, then stops, so that every
	// answer is read at one instant that the recomputation uses too.
	var frozen atomic.Pointer[time.Time]
	a, sim := newScrapingAppWith(t, func(d *wiring.Deps) {
		d.Now = func() time.Time {
			if at := frozen.Load(); at != nil {
				return *at
			}
			return time.Now()
		}
	}, "-speed", "3600") // a second is an hour: the numbers move between rounds
	c := a.signUp(uniqueEmail("hook"))
	ws := a.bootstrap(c).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000 WHERE id = $1`, ws)

	var acc, vid trackOut
	a.request("POST", "/api/track", map[string]string{"url": "https://www.tiktok.com/@dashhook"}, c).expect(t, 200).decode(t, &acc)
	a.request("POST", "/api/track", map[string]string{"url": "https://www.youtube.com/shorts/dQw4w9WgXcQ"}, c).expect(t, 200).decode(t, &vid)
	for _, j := range []string{acc.JobID, vid.JobID} {
		if got := waitJob(t, j); got != "processed" {
			t.Fatalf("job %s %s", j, got)
		}
	}
	for range 2 {
		// snapshot times have whole seconds: a round in the same second
		// would replace the one before
		moveSimClock(t, sim, time.Second)
		// everything of this workspace is due again
		exec(t, `UPDATE accounts SET last_scraped_at = last_scraped_at - interval '2 days' WHERE workspace_id = $1`, ws)
		exec(t, `UPDATE videos SET last_scraped_at = last_scraped_at - interval '2 days' WHERE workspace_id = $1 AND tracked_individually`, ws)
		httpRequest(a, "GET", "/api/cron/refresh", "Bearer "+cronSecret).expect(t, 200)
		// the cron serves every workspace of the package's database: wait
		// for this one's jobs
		rows, err := env.PG.Query(context.Background(), `SELECT id::text FROM scrape_jobs WHERE workspace_id = $1 AND status NOT IN ('processed', 'failed')`, ws)
		if err != nil {
			t.Fatal(err)
		}
		jobs, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		if len(jobs) == 0 {
			t.Fatal("the refresh queued nothing of this workspace")
		}
		for _, j := range jobs {
			if got := waitJob(t, j); got != "processed" {
				t.Fatalf("refresh job %s %s", j, got)
			}
		}
	}
	// The simulator's clock runs an hour a second, and the snapshots carry
	// its runs' finish times: read the dashboard at the latest of them, so
	// that every snapshot is in the past of the answers and of the
	// recomputation alike.
	var newest time.Time
	if err := env.CH.QueryRow(context.Background(), `SELECT max(scraped_at) FROM metric_snapshots WHERE workspace_id = ?`, ws).Scan(&newest); err != nil {
		t.Fatal(err)
	}
	at := time.Now().UTC()
	if newest.After(at) {
		at = newest.UTC().Add(time.Second)
	}
	d, list, listed := dashboardAt(t, a, c, ws, &frozen, at)
	if list.Total < 2 || list.Total != len(list.Videos) {
		t.Fatalf("%d videos listed of %d", len(list.Videos), list.Total)
	}
	hist := d.history(t, "video")
	// One snapshot per scrape round: the single video is in all three; an
	// account's video only in the rounds whose listing held it (the
	// simulator's clock runs an hour a second, so on a slow machine a new
	// post can push the oldest tracked one out of the newest videos between
	// rounds), and most of them in all three.
	full := 0
	for _, v := range list.Videos {
		n := len(hist[v.ID])
		switch {
		case v.TrackedIndividually && n != 3:
			t.Errorf("video %s, tracked on its own, has %d snapshots, want one per scrape round (3)", v.PlatformVideoID, n)
		case n < 1 || n > 3:
			t.Errorf("video %s has %d snapshots, want one per scrape round that listed it (1 to 3)", v.PlatformVideoID, n)
		case n == 3:
			full++
		}
	}
	if full*2 <= len(list.Videos) {
		t.Errorf("%d of %d videos have a snapshot from every scrape round", full, len(list.Videos))
	}
	checkVideos(t, hist, list.Videos, at)
	for _, preset := range []string{"24h", "7d", "30d", "90d", "all"} {
		checkOverview(t, d, hist, url.Values{}, preset, listed, 1)
	}

	var accounts struct{ Accounts []numbers.Account }
	d.get(t, "/api/accounts", nil, &accounts)
	if len(accounts.Accounts) != 1 {
		t.Fatalf("%d accounts listed, want 1", len(accounts.Accounts))
	}
	got := accounts.Accounts[0]
	followers := d.history(t, "account")[got.ID]
	var views uint64
	videos := 0
	for _, v := range list.Videos {
		if v.AccountID == nil || *v.AccountID != got.ID {
			continue
		}
		videos++
		if l := latest(hist[v.ID], 0); l != nil {
			views += *l
		}
	}
	if w := latest(followers, 5); !ptrEq(got.Followers, w) || w == nil {
		t.Errorf("account followers %s, raw snapshots say %s", show(got.Followers), show(w))
	}
	if w := gainSince(followers, 5, query.WindowOf(query.Preset7d, at).Start); !ptrEq(got.FollowersGained7d, w) {
		t.Errorf("account followers gained in 7d %s, raw snapshots say %s", show(got.FollowersGained7d), show(w))
	}
	if got.TrackedVideos != videos || !ptrEq(got.TotalViews, &views) || videos == 0 {
		t.Errorf("account lists %d videos with %s views; the list has %d with %d", got.TrackedVideos, show(got.TotalViews), videos, views)
	}
}

// dashboardAt stops the app's clock (frozen) at at, so that every answer
// is read at that instant, makes the workspace's cached answers stale, and
// lists its videos (up to 500): the dashboard, which knows each listed
// video by its platform id, the list, and those ids in list order.
func dashboardAt(t *testing.T, a *testApp, c *http.Cookie, ws uuid.UUID, frozen *atomic.Pointer[time.Time], at time.Time) (*dashboard, videoList, []string) {
	t.Helper()
	frozen.Store(&at)
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws)
	d := &dashboard{app: a, cookie: c, ws: ws, videos: map[string]uuid.UUID{}, at: at}
	var list videoList
	d.get(t, "/api/videos", url.Values{"limit": {"500"}}, &list)
	var listed []string
	for _, v := range list.Videos {
		d.videos[v.PlatformVideoID] = v.ID
		listed = append(listed, v.PlatformVideoID)
	}
	return d, list, listed
}

// moveSimClock moves the scraping simulator's wall clock, and so its runs'
// finish times, on by d.
func moveSimClock(t *testing.T, sim string, d time.Duration) {
	t.Helper()
	req, err := http.NewRequest("POST", sim+"/sim/clock?by="+d.String(), nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer sim-token")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("moving the simulator's clock: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("moving the simulator's clock: %s", res.Status)
	}
}
