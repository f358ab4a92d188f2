package api_test

import (
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// TestNextScrapeFollowsTheRefresh: the video, account and overview answers
// say when the next scrape comes and why, by the plan the refresh queues
// with: an item is due exactly when its nextScrapeAt is not in the future,
// a young account comes back sooner than the plan's interval, and a paused
// account has none.
func TestNextScrapeFollowsTheRefresh(t *testing.T) {
	a, _ := newScrapingApp(t)
	c := a.signUp(uniqueEmail("nextscrape"))
	ws := a.bootstrap(c).Workspace
	var acc, vid trackOut
	a.request("POST", "/api/track", map[string]any{"url": "https://www.tiktok.com/@next.scrape", "tracking_limit": 3}, c).expect(t, 200).decode(t, &acc)
	waitJob(t, acc.JobID)
	a.request("POST", "/api/track", map[string]string{"url": "https://www.youtube.com/watch?v=nextScrape1"}, c).expect(t, 200).decode(t, &vid)
	waitJob(t, vid.JobID)

	type answer struct {
		NextScrapeAt     *time.Time `json:"nextScrapeAt"`
		NextScrapeReason *string    `json:"nextScrapeReason"`
	}
	var lastReason *string
	read := func(path string) *time.Time {
		t.Helper()
		var out answer
		a.request("GET", path, nil, c).expect(t, 200).decode(t, &out)
		if (out.NextScrapeAt == nil) != (out.NextScrapeReason == nil) {
			t.Fatalf("%s: nextScrapeAt %v with reason %v", path, out.NextScrapeAt, out.NextScrapeReason)
		}
		lastReason = out.NextScrapeReason
		return out.NextScrapeAt
	}
	reason := func(what, want string) {
		t.Helper()
		if lastReason == nil || *lastReason != want {
			t.Fatalf("%s: nextScrapeReason %v, want %s", what, deref(lastReason), want)
		}
	}
	// plan calls the refresh until it has planned the account, and waits
	// for the jobs it started: the package's other tests call the refresh
	// too, and a call while another one plans only retries jobs
	plan := func() {
		t.Helper()
		exec(t, `UPDATE accounts SET refresh_reason = NULL WHERE id = $1`, acc.ID)
		for range 100 {
			cronRefreshDone(t, a)
			if count(t, `SELECT count(*) FROM accounts WHERE id = $1 AND refresh_reason IS NOT NULL`, acc.ID) == 1 {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Fatal("the refresh never planned the account")
	}
	dbNow := func(sql string, args ...any) time.Time {
		t.Helper()
		var at time.Time
		if err := env.PG.QueryRow(t.Context(), sql, args...).Scan(&at); err != nil {
			t.Fatal(err)
		}
		return at
	}
	near := func(what string, got *time.Time, want time.Time) {
		t.Helper()
		if got == nil {
			t.Fatalf("%s: no nextScrapeAt, want %s", what, want)
		}
		if d := got.Sub(want); d < -5*time.Second || d > 5*time.Second {
			t.Fatalf("%s: nextScrapeAt %s, want about %s", what, got, want)
		}
	}
	// Just after its first scrape, each item's next scrape is the first
	// day's one, an hour after tracking; the overview gives the soonest.
	var created time.Time
	if err := env.PG.QueryRow(t.Context(), `SELECT created_at FROM videos WHERE id = $1`, vid.ID).Scan(&created); err != nil {
		t.Fatal(err)
	}
	near("video", read("/api/videos/"+vid.ID.String()), created.Add(time.Hour))
	reason("video", "first_day")
	// Never scraped, its next scrape is its first.
	exec(t, `UPDATE videos SET last_scraped_at = NULL WHERE id = $1`, vid.ID)
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws.ID)
	read("/api/videos/" + vid.ID.String())
	reason("a video never scraped", "new")
	exec(t, `UPDATE videos SET last_scraped_at = now() WHERE id = $1`, vid.ID)
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws.ID)
	var accCreated time.Time
	if err := env.PG.QueryRow(t.Context(), `SELECT created_at FROM accounts WHERE id = $1`, acc.ID).Scan(&accCreated); err != nil {
		t.Fatal(err)
	}
	near("account", read("/api/accounts/"+acc.ID.String()+"/analytics"), accCreated.Add(time.Hour))
	near("overview", read("/api/overview"), accCreated.Add(time.Hour))

	// A video found through the account is scraped with it.
	var found string
	if err := env.PG.QueryRow(t.Context(), `SELECT id::text FROM videos WHERE account_id = $1 LIMIT 1`, acc.ID).Scan(&found); err != nil {
		t.Fatal(err)
	}
	near("the account's video", read("/api/videos/"+found), accCreated.Add(time.Hour))

	// Ages of the account (created and last scraped so many minutes ago)
	// whose videos are old and whose growth is not known yet, so it is
	// planned at the plan's interval (a day on the trial) besides its
	// first-day scrapes: the refresh queues it exactly when the answer
	// says it is due.
	exec(t, `UPDATE videos SET tracked_individually = false WHERE id = $1`, vid.ID) // the account alone is scheduled
	exec(t, `UPDATE videos SET published_at = now() - interval '60 days' WHERE account_id = $1 OR id = $2`, acc.ID, vid.ID)
	plan()
	for _, step := range []struct {
		name             string
		created, scraped int
		wantIn           time.Duration // from now; 0: due now
		reason           string
	}{
		{"just tracked", 5, 4, 55 * time.Minute, "first_day"},
		{"an hour old, scraped before", 70, 65, 0, "first_day"},
		{"an hour old, scraped since", 70, 5, 290 * time.Minute, "first_day"},
		{"six hours old, scraped at two", 370, 240, 0, "first_day"},
		{"a day old, scraped at six", 24*60 + 10, 18 * 60, 0, "first_day"},
		{"two days old, scraped an hour ago", 48 * 60, 60, 23 * time.Hour, "settled"},
		{"two days old, scraped a day ago", 48 * 60, 24*60 + 5, 0, "first_day"}, // its 24-hour scrape came since
	} {
		// the package's other tests share the database (and their
		// refreshes plan this workspace too): count this workspace's
		// refreshes from before the account is set up
		refreshes := func() int {
			return count(t, `SELECT count(*) FROM scrape_jobs WHERE workspace_id = $1 AND reason = 'refresh'`, ws.ID)
		}
		before := refreshes()
		// The expected time counts from the database's clock at the
		// update, and a due item's from the read: a loaded machine may
		// take seconds between the two.
		set := dbNow(`UPDATE accounts SET created_at = now() - make_interval(mins => $2), last_scraped_at = now() - make_interval(mins => $3),
			refresh_queued_at = NULL WHERE id = $1 RETURNING now()`, acc.ID, step.created, step.scraped)
		// the posts the last scrape found are old too
		exec(t, `UPDATE videos SET published_at = now() - interval '60 days' WHERE account_id = $1`, acc.ID)
		exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws.ID)
		readNear := func(what, path string) *time.Time {
			t.Helper()
			asked := time.Now()
			got := read(path)
			if step.wantIn > 0 {
				near(what, got, set.Add(step.wantIn))
				return got
			}
			// due: the answer is the moment of the read
			if got == nil || got.Before(asked.Add(-5*time.Second)) || got.After(time.Now().Add(5*time.Second)) {
				t.Fatalf("%s: nextScrapeAt %v, want the moment of the read (due)", what, got)
			}
			return got
		}
		next := readNear(step.name, "/api/accounts/"+acc.ID.String()+"/analytics")
		reason(step.name, step.reason)
		readNear(step.name+" (overview)", "/api/overview")
		due := !next.After(time.Now())
		plan()
		if queued := refreshes() - before; (queued > 0) != due {
			t.Fatalf("%s: nextScrapeAt %s (due %v), but the refresh queued %d jobs", step.name, next, due, queued)
		}
	}

	// A video published under four hours ago makes the account young:
	// planned at the plan's interval over 48 h / 3 h 50 min, just under
	// 2 h, which the ladder of intervals rounds up to 2 h (36 snapshots a
	// day, within the trial's 50; a video exactly 4 h old by the time the
	// refresh reads it is past that rung, and gets 3 h), it comes back two
	// hours after its last scrape, and the answer says why.
	// A refresh of the steps above that another test's refresh call started
	// completes first: its scrape would put back the video's publish time.
	waitRow(t, "the workspace's scrapes done", `SELECT (count(*) = 0)::int FROM scrape_jobs WHERE workspace_id = $1 AND status <> ALL($2)`,
		ws.ID, []domain.Job{domain.JobProcessed, domain.JobFailed})
	set := dbNow(`UPDATE accounts SET created_at = now() - interval '3 days', last_scraped_at = now() - interval '20 minutes',
		refresh_queued_at = NULL WHERE id = $1 RETURNING now()`, acc.ID)
	exec(t, `UPDATE videos SET published_at = now() - interval '3 hours 50 minutes' WHERE id = $1`, found)
	plan()
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws.ID)
	near("young", read("/api/accounts/"+acc.ID.String()+"/analytics"), set.Add(100*time.Minute))
	reason("young", "young")
	near("young (the video)", read("/api/videos/"+found), set.Add(100*time.Minute))
	reason("young (the video)", "young")

	// A paused account is not refreshed: no next scrape anywhere.
	exec(t, `UPDATE accounts SET status = 'paused' WHERE id = $1`, acc.ID)
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws.ID)
	for _, path := range []string{"/api/accounts/" + acc.ID.String() + "/analytics", "/api/overview", "/api/videos/" + found} {
		if got := read(path); got != nil {
			t.Fatalf("%s: nextScrapeAt %s for a paused account, want null", path, got)
		}
	}
}

// deref shows a reason that may be null.
func deref(s *string) string {
	if s == nil {
		return "null"
	}
	return *s
}
