package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/url"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/insight"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query/chread"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// TestVideosFromRanksAgreeWithTheFullRead reads every sort of the videos
// list, under every filter (on the current engine and on the cluster,
// unfiltered and in a collection) and on more than one page, first from
// ClickHouse (the workspace's ranks not synced) and then from
// video_ranks' indexes once the cron's ranks step has filled them: the
// answers must be the same. A late scrape then changes a video's start
// value of the 24 h window: the list must follow it at once (the slot is
// no longer read), and again from the ranks once the step has rewritten
// it. The totals kept per filter must follow a video leaving the count
// and an account leaving the collection. An hour later, the next hour's
// start values, written ahead, must answer as ClickHouse does then.
func TestVideosFromRanksAgreeWithTheFullRead(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := seedDashboard(t)
	later := newApp(t, func(dp *wiring.Deps) { dp.Now = func() time.Time { return dashNow.Add(time.Hour) } })

	// every sort under every filter, a page of 500; unfiltered and in a
	// collection also paged (paging, the first read only: what the later
	// changes move is the rows, not how a page of them is cut)
	var queries, paging []url.Values
	filters := []url.Values{{}, {"collectionId": {d.collection.String()}}, {"platforms": {"tiktok"}}, {"datePreset": {"7d"}},
		{"individualOnly": {"true"}}, {"status": {"active"}}}
	if testenv.CurrentEngine() || env.CHOptions.Cluster != "" {
		// the other filters choose the ids in PostgreSQL and send
		// ClickHouse the statements the collection's list sends: on the
		// other engines every ClickHouse statement is read without them
		filters = filters[:2]
	}
	for _, by := range numbers.VideoSorts() {
		for _, f := range filters {
			pages := [][2]string{{"500", "0"}}
			if len(f) == 0 || f.Has("collectionId") { // paging, unfiltered and in a collection
				pages = append(pages, [2]string{"2", "1"}, [2]string{"1", "4"}, [2]string{"1", "0"})
			}
			for _, page := range pages {
				q := url.Values{"sort": {string(by)}, "limit": {page[0]}, "offset": {page[1]}}
				for k, v := range f {
					q[k] = v
				}
				if page[0] == "500" {
					queries = append(queries, q)
				} else {
					paging = append(paging, q)
				}
			}
		}
	}
	// and each account's analytics, which read its videos' numbers as the list does
	var analytics []string
	for key, acc := range d.accounts {
		if key == "acc2" { // removed: not found either way
			continue
		}
		for _, g := range []string{"day", "hour"} {
			analytics = append(analytics, "/api/accounts/"+acc.String()+"/analytics?granularity="+g)
		}
	}
	slices.Sort(analytics)
	// read answers every query with nothing kept (the data version bumped first)
	read := func(app *testApp, also ...url.Values) map[string]string {
		out := map[string]string{}
		for _, q := range append(slices.Clip(queries), also...) {
			exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)
			var l videoList
			app.request("GET", "/api/videos?"+q.Encode(), nil, d.cookie).expect(t, 200).decode(t, &l)
			b, err := json.Marshal(l)
			if err != nil {
				t.Fatal(err)
			}
			out[q.Encode()] = string(b)
		}
		for _, path := range analytics {
			exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)
			var a any
			app.request("GET", path, nil, d.cookie).expect(t, 200).decode(t, &a)
			b, err := json.Marshal(a)
			if err != nil {
				t.Fatal(err)
			}
			out[path] = string(b)
		}
		return out
	}
	same := func(what string, want, got map[string]string) { t.Helper(); sameAnswers(t, what, want, got) }
	step := func(now time.Time) tracking.RanksRun { t.Helper(); return ranksStep(t, d.ws, now) }
	kept := func(now time.Time) {
		t.Helper()
		var synced bool
		if err := env.PG.QueryRow(ctx, `SELECT synced FROM video_rank_state WHERE workspace_id = $1`, d.ws).Scan(&synced); err != nil || !synced {
			t.Fatalf("ranks not synced (%v, %v)", synced, err)
		}
		for _, w := range domain.RankWindows {
			var valid bool
			err := env.PG.QueryRow(ctx, `SELECT valid FROM video_rank_slots WHERE workspace_id = $1 AND slot = $2 AND cutoff = $3`,
				d.ws, w.Slot(w.Start(now)), w.Start(now)).Scan(&valid)
			if err != nil || !valid {
				t.Fatalf("%s slot at %s not written (%v, %v)", w.Name, w.Start(now), valid, err)
			}
		}
	}
	forget := func() { exec(t, `DELETE FROM video_rank_state WHERE workspace_id = $1`, d.ws) }
	// the insights step's read of every video's latest views, last scrape
	// and 24 h gain: from the ranks as from ClickHouse
	insightsFromRanks := func(now time.Time) map[uuid.UUID]insight.Latest {
		t.Helper()
		got, err := numbers.InsightsReader{DB: env.PG, CH: env.CH}.Latest(ctx, d.ws, now)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	sameInsights := func(what string, now time.Time) {
		t.Helper()
		want, err := chread.InsightsReader{CH: env.CH}.Latest(ctx, d.ws, now)
		if err != nil {
			t.Fatal(err)
		}
		got, gains := insightsFromRanks(now), 0
		for id, w := range want {
			if g, ok := got[id]; !ok || !g.At.Equal(w.At) || g.Views != w.Views || !reflect.DeepEqual(g.PerHour, w.PerHour) {
				t.Errorf("%s: the insights' latest of %s from the ranks %+v, from ClickHouse %+v", what, id, showLatest(g), showLatest(w))
			}
			if w.PerHour != nil && *w.PerHour > 0 {
				gains++
			}
		}
		for id := range got {
			if _, ok := want[id]; !ok {
				t.Errorf("%s: the ranks give the insights video %s, ClickHouse does not", what, id)
			}
		}
		if gains == 0 {
			t.Errorf("%s: no 24 h gain compared: the check proves nothing", what)
		}
	}

	full := read(d.app, paging...)
	step(dashNow)
	kept(dashNow)
	same("from the ranks", full, read(d.app, paging...))
	sameInsights("from the ranks", dashNow)

	// the ranks are what the list reads: a count changed there alone shows
	var top videoList
	d.get(t, "/api/videos", url.Values{"limit": {"1"}}, &top)
	exec(t, `UPDATE video_ranks SET views = 0 WHERE video_id = $1`, top.Videos[0].ID)
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)
	var moved videoList
	d.get(t, "/api/videos", url.Values{"limit": {"1"}}, &moved)
	if moved.Videos[0].ID == top.Videos[0].ID {
		t.Fatal("the list's first video did not move when its views in video_ranks did: the list does not read the ranks")
	}
	if l := insightsFromRanks(dashNow)[top.Videos[0].ID]; l.Views != 0 {
		t.Fatalf("the insights step reads %d views for %s, not video_ranks' 0: it does not read the ranks", l.Views, top.Videos[0].ID)
	}
	// as do its account's analytics
	if top.Videos[0].AccountID == nil {
		t.Fatal("the list's first video has no account: the analytics' check proves nothing")
	}
	var an numbers.AccountAnalytics
	d.get(t, "/api/accounts/"+top.Videos[0].AccountID.String()+"/analytics", nil, &an)
	if i := slices.IndexFunc(an.Videos, func(v numbers.Video) bool { return v.ID == top.Videos[0].ID }); i < 0 ||
		an.Videos[i].Metrics.Views == nil || *an.Videos[i].Metrics.Views != 0 {
		t.Fatalf("the account's analytics do not show the views of video_ranks (0) for %s: they do not read the ranks", top.Videos[0].ID)
	}
	// and the sparklines their kept days: one changed there alone shows
	exec(t, `UPDATE video_ranks SET day_views[8] = day_views[8] + 1000000 WHERE video_id = $1`, moved.Videos[0].ID)
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)
	var spiked videoList
	d.get(t, "/api/videos", url.Values{"limit": {"1"}}, &spiked)
	if s := spiked.Videos[0].Views7d; len(s) != 7 || s[6] == nil || *s[6] < 1000000 {
		t.Fatalf("the videos list's sparkline %s does not read the video's kept days", testenv.Days(s))
	}
	exec(t, `UPDATE video_ranks SET day_views[8] = day_views[8] - 1000000 WHERE video_id = $1`, moved.Videos[0].ID)
	forget()
	step(dashNow)

	// a late scrape of v2 inside its gap, 30 hours ago: its 24 h gain changes
	late := dashNow.Add(-30 * time.Hour)
	w := ingest.NewSnapshotWriter(env.CH, 10, time.Now())
	views := uint64(2000)
	if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: d.ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: d.videos["v2"],
		AccountID: d.accounts["acc1"], ScrapedAt: late, Metrics: ingest.Metrics{Views: &views}, JobID: uuid.New()}); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	scrapedRanks(t, d.ws, []uuid.UUID{d.videos["v2"]}, late, dashNow)
	if err := dataversion.RecordScrapeTime(ctx, env.PG, d.ws, late); err != nil {
		t.Fatal(err)
	}
	forget()
	afterLate := read(d.app)
	if afterLate[gainKey()] == full[gainKey()] {
		t.Fatalf("the late scrape changed nothing of %s: the test proves nothing", gainKey())
	}
	step(dashNow)
	kept(dashNow)
	// a late scrape recorded now drops the slot: the full read answers
	if err := dataversion.RecordScrapeTime(ctx, env.PG, d.ws, late); err != nil {
		t.Fatal(err)
	}
	same("after a late scrape, its slot dropped", afterLate, read(d.app))
	if run := step(dashNow); run.Slots == 0 {
		t.Error("the ranks step wrote no slot after a late scrape dropped one")
	}
	kept(dashNow)
	same("after a late scrape, from the ranks written again", afterLate, read(d.app))
	sameInsights("after a late scrape", dashNow)

	// the totals kept per filter follow what they count: a video leaves the
	// count, an account leaves the collection
	exec(t, `UPDATE videos SET status = 'beyond_limit' WHERE id = $1`, d.videos["v3"])
	exec(t, `UPDATE accounts SET collection_id = NULL WHERE id = $1`, d.accounts["acc1"])
	fromRanks := read(d.app)
	forget()
	changed := read(d.app)
	if changed[gainKey()] == afterLate[gainKey()] {
		t.Fatal("leaving the count changed nothing of the list: the test proves nothing")
	}
	same("after the counted videos changed", changed, fromRanks)
	step(dashNow)

	// an hour later: the 24 h window's next start was written ahead
	kept(dashNow.Add(time.Hour))
	fromRanks = read(later)
	forget()
	same("an hour later", read(later), fromRanks)
	step(dashNow.Add(time.Hour))
	sameInsights("an hour later", dashNow.Add(time.Hour))
}

func showLatest(l insight.Latest) string {
	if l.PerHour == nil {
		return fmt.Sprintf("%d views at %s, no gain", l.Views, l.At.Format(time.RFC3339))
	}
	return fmt.Sprintf("%d views at %s, %.3f an hour", l.Views, l.At.Format(time.RFC3339), *l.PerHour)
}

// sameAnswers fails t for each answer of got that is not want's.
func sameAnswers(t *testing.T, what string, want, got map[string]string) {
	t.Helper()
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: %s differs from the full read:\n got %s\nwant %s", what, k, got[k], w)
		}
	}
}

// scrapedRanks writes to video_ranks what a completion of a scrape recorded
// at `at` writes for its videos (their counts, and their days as they stand
// at now), as the server wires it.
func scrapedRanks(t *testing.T, ws uuid.UUID, videos []uuid.UUID, at, now time.Time) {
	t.Helper()
	ctx := context.Background()
	write, seen := tracking.ScrapedRanks(ctx, wiring.RankReader(env.CH), slog.Default(), ws, videos, at, now)
	if !seen {
		t.Fatal("the scrape's ranks were not read back")
	}
	if err := pgx.BeginFunc(ctx, env.PG, func(tx pgx.Tx) error { return write(ctx, tx) }); err != nil {
		t.Fatal(err)
	}
}

// ranksStep runs the cron's ranks step at now over the workspace ws, as the
// server wires it: tests running beside it keep their own workspaces' ranks.
func ranksStep(t *testing.T, ws uuid.UUID, now time.Time) tracking.RanksRun {
	t.Helper()
	h := tracking.SyncVideoRanksHandler{DB: env.PG, Reader: wiring.RankReader(env.CH), Log: slog.Default(), Now: func() time.Time { return now },
		MinVideos: 1, Accounts: numbers.AccountSums{DB: env.PG, CH: env.CH}, Workspace: ws}
	run, err := h.Handle(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return run
}

func gainKey() string {
	return fmt.Sprintf("limit=500&offset=0&sort=%s", numbers.SortGained24h)
}
