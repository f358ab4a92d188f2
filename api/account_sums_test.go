package api_test

import (
	"context"
	"encoding/json"
	"net/url"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// TestAccountsFromSumsAgreeWithTheFullRead reads every sort of the
// accounts list, unfiltered, in a collection and on one platform, first
// from every video (the workspace's ranks not synced) and then from the
// kept account sums once the cron's ranks step has computed them: the
// answers must be the same, byte for byte. The sums must then follow, at
// the next read, a scrape (a late one changing a past day of the
// sparkline included), a video leaving the count or moving to another
// account, a post found not to be the account's own, and the day's turn,
// whose sparklines the step wrote ahead.
func TestAccountsFromSumsAgreeWithTheFullRead(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := seedDashboard(t)
	nextDay := newApp(t, func(dp *wiring.Deps) { dp.Now = func() time.Time { return dashNow.Add(24 * time.Hour) } })

	// a third account: its own posts, a repost and one beyond the limit
	acc3 := env.Account(t, d.ws, testenv.AccountOptions{Platform: platform.TikTok, Handle: "acc3", URL: "https://example.com/acc3",
		Status: domain.ItemActive, CreatedAt: dashNow.Add(-40 * 24 * time.Hour), LastScrapedAt: time.Now()})
	own := map[string]uuid.UUID{}
	for _, key := range []string{"w1", "w2", "w3", "w4"} {
		own[key] = env.Video(t, d.ws, testenv.VideoOptions{Platform: platform.TikTok, PlatformID: key, URL: "https://example.com/v/" + key,
			AccountID: acc3, AccountHandle: "acc3", Status: domain.ItemActive, PublishedAt: dashNow.Add(-9 * 24 * time.Hour),
			CreatedAt: dashNow.Add(-9 * 24 * time.Hour), LastScrapedAt: time.Now()})
	}
	exec(t, `UPDATE videos SET post_kind = 'repost' WHERE id = $1`, own["w3"])
	exec(t, `UPDATE videos SET status = 'beyond_limit' WHERE id = $1`, own["w4"])
	write := func(snaps ...ingest.Snapshot) {
		t.Helper()
		w := ingest.NewSnapshotWriter(env.CH, 10, time.Now())
		for _, s := range snaps {
			if err := w.Add(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Flush(ctx); err != nil {
			t.Fatal(err)
		}
	}
	snap := func(video uuid.UUID, at time.Time, views, likes uint64) ingest.Snapshot {
		return ingest.Snapshot{WorkspaceID: d.ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: video, AccountID: acc3,
			ScrapedAt: at, Metrics: ingest.Metrics{Views: &views, Likes: &likes}, JobID: uuid.New()}
	}
	var snaps []ingest.Snapshot
	for i, key := range []string{"w1", "w2", "w3", "w4"} {
		// daily at 10:00 for 9 days, w2 with a gap of three days
		for day := 9; day >= 0; day-- {
			at := dashNow.Truncate(24*time.Hour).AddDate(0, 0, -day).Add(10 * time.Hour)
			if !at.Before(dashNow) || key == "w2" && day >= 3 && day <= 5 {
				continue
			}
			n := uint64((i + 1) * (10 - day) * 1000)
			snaps = append(snaps, snap(own[key], at, n, n/20))
		}
	}
	write(snaps...)

	// every sort under every filter; after the changes, every sort
	// unfiltered and each filter under one sort (an account's figures do
	// not depend on the sort, only its place does)
	var queries, changes []url.Values
	filters := []url.Values{{}, {"collectionId": {d.collection.String()}}, {"platforms": {"tiktok"}}}
	if testenv.CurrentEngine() || env.CHOptions.Cluster != "" {
		// the platforms are chosen in PostgreSQL, and ClickHouse is sent
		// the unfiltered list's statements for fewer accounts: on the other
		// engines every ClickHouse statement is read without them
		filters = filters[:2]
	}
	for _, by := range numbers.AccountSorts() {
		for i, f := range filters {
			q := url.Values{"sort": {string(by)}}
			for k, v := range f {
				q[k] = v
			}
			queries = append(queries, q)
			if i == 0 || by == numbers.AccountSortViews {
				changes = append(changes, q)
			}
		}
	}
	readOf := func(app *testApp, queries []url.Values) map[string]string {
		t.Helper()
		out := map[string]string{}
		for _, q := range queries {
			exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)
			var l struct {
				Accounts         []json.RawMessage `json:"accounts"`
				Total            int               `json:"total"`
				MetricsAvailable bool              `json:"metricsAvailable"`
			}
			app.request("GET", "/api/accounts?"+q.Encode(), nil, d.cookie).expect(t, 200).decode(t, &l)
			if !l.MetricsAvailable {
				t.Fatalf("%s: no figures", q.Encode())
			}
			b, err := json.Marshal(l)
			if err != nil {
				t.Fatal(err)
			}
			out[q.Encode()] = string(b)
		}
		return out
	}
	all := func(app *testApp) map[string]string { t.Helper(); return readOf(app, queries) }
	read := func(app *testApp) map[string]string { t.Helper(); return readOf(app, changes) }
	same := func(what string, want, got map[string]string) { t.Helper(); sameAnswers(t, what, want, got) }
	step := func(now time.Time) tracking.RanksRun { t.Helper(); return ranksStep(t, d.ws, now) }
	scraped := func(video uuid.UUID, at time.Time) {
		t.Helper()
		scrapedRanks(t, d.ws, []uuid.UUID{video}, at, dashNow)
	}
	forget := func() { exec(t, `DELETE FROM video_rank_state WHERE workspace_id = $1`, d.ws) }
	// compare: the kept answer, then the full read of the same moment
	compare := func(what string, app *testApp) map[string]string {
		t.Helper()
		kept := read(app)
		forget()
		full := read(app)
		same(what, full, kept)
		step(dashNow)
		return full
	}

	full := all(d.app)
	if run := step(dashNow); run.Accounts < 3 || run.Days == 0 {
		t.Fatalf("the ranks step computed the sums of %d accounts, want every one (3), and read the days of %d videos", run.Accounts, run.Days)
	}
	same("from the sums", full, all(d.app))

	// the days the ranks step fills are those the sums read while unknown:
	// no account's sums are computed again for them
	exec(t, `UPDATE video_ranks SET days_to = NULL, day_views = NULL WHERE workspace_id = $1`, d.ws)
	exec(t, `DELETE FROM account_sums_changed WHERE workspace_id = $1`, d.ws)
	if run := step(dashNow); run.Days == 0 || run.Accounts != 0 {
		t.Fatalf("filling the days of %d videos computed the sums of %d accounts again, want none", run.Days, run.Accounts)
	}
	same("after the days were filled", full, all(d.app))

	// the sums are what the list reads: a figure changed there alone shows
	exec(t, `UPDATE account_sums SET total_views = 123456789 WHERE account_id = $1`, acc3)
	var l numbers.AccountList
	d.get(t, "/api/accounts", url.Values{"sort": {"views"}}, &l)
	if l.Accounts[0].ID != acc3 || *l.Accounts[0].TotalViews != 123456789 {
		t.Fatal("the accounts list does not read the kept sums")
	}
	forget()
	step(dashNow)

	// the sparklines are made of the videos' kept days: one changed there alone shows
	exec(t, `UPDATE video_ranks SET day_views[8] = day_views[8] + 1000000 WHERE video_id = $1`, own["w1"])
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)
	var sl numbers.AccountList
	d.get(t, "/api/accounts", url.Values{"sort": {"views"}}, &sl)
	for _, a := range sl.Accounts {
		if a.ID == acc3 && (len(a.Views7d) != 7 || a.Views7d[6] == nil || *a.Views7d[6] < 1000000) {
			t.Fatalf("the accounts list's sparkline %s does not read the videos' kept days", testenv.Days(a.Views7d))
		}
	}
	exec(t, `UPDATE video_ranks SET day_views[8] = day_views[8] - 1000000 WHERE video_id = $1`, own["w1"])

	// a late scrape of w2 inside its gap: a past day of the sparkline
	// changes, the latest counts do not (a scrape writes them back as the
	// projections show them)
	lateAt := dashNow.Truncate(24*time.Hour).AddDate(0, 0, -4).Add(12 * time.Hour)
	write(snap(own["w2"], lateAt, 9_500, 400))
	scraped(own["w2"], lateAt)
	afterLate := compare("after a late scrape", d.app)
	if afterLate[queries[0].Encode()] == full[queries[0].Encode()] {
		t.Fatal("the late scrape changed nothing of the list: the test proves nothing")
	}
	// a scrape of w1 now
	write(snap(own["w1"], dashNow.Add(-time.Minute), 99_000, 4_000))
	scraped(own["w1"], dashNow.Add(-time.Minute))
	afterScrape := compare("after a scrape", d.app)
	if afterScrape[queries[0].Encode()] == afterLate[queries[0].Encode()] {
		t.Fatal("the scrape changed nothing of the list: the test proves nothing")
	}

	// a video leaves the count, a post is found not to be the account's own,
	// a video moves to another account
	exec(t, `UPDATE videos SET status = 'beyond_limit' WHERE id = $1`, d.videos["v2"])
	exec(t, `UPDATE videos SET post_kind = 'quote' WHERE id = $1`, own["w2"])
	exec(t, `UPDATE videos SET account_id = $2 WHERE id = $1`, own["w1"], d.accounts["acc1"])
	changed := compare("after the counted videos changed", d.app)
	if changed[queries[0].Encode()] == afterScrape[queries[0].Encode()] {
		t.Fatal("the changes changed nothing of the list: the test proves nothing")
	}

	// the next day: its 7 d start values and sparklines were written ahead
	var ahead int
	if err := env.PG.QueryRow(ctx, `SELECT count(*) FROM account_sums WHERE workspace_id = $1 AND $2::date IN (spark_day_0, spark_day_1)`,
		d.ws, dashNow.Add(24*time.Hour).Format(time.DateOnly)).Scan(&ahead); err != nil || ahead < 3 {
		t.Fatalf("%d accounts have the next day's sparkline (%v), want 3", ahead, err)
	}
	kept := read(nextDay)
	forget()
	same("the next day", read(nextDay), kept)
}
