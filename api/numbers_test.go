package api_test

import (
	"context"
	"math"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// writeSnapshots writes snapshots of the dashboard's workspace through the
// ingest path's writer and marks its data changed.
func (d *dashboard) writeSnapshots(t *testing.T, snaps ...ingest.Snapshot) {
	t.Helper()
	ctx := context.Background()
	w := ingest.NewSnapshotWriter(env.CH, 500, time.Now())
	for _, s := range snaps {
		s.WorkspaceID = d.ws
		if s.JobID == uuid.Nil {
			s.JobID = uuid.New()
		}
		if err := w.Add(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)
}

// TestOverviewSaysWhatMovedTheTotals: over the last 7 days two videos of
// the fixture were first scraped (v2, v3: they joined the count with
// their first numbers), one came back from beyond its account's limit (its
// numbers at the window's start join), and one video was removed and an
// account removed with its video (they left with their numbers at the
// start). The totals are the videos' latest numbers, so they moved by what
// the counted videos gained plus what joined less what left: the answer's
// numbers add up to the totals from the raw snapshots. The count changes
// are recorded by the database when a status changes. A selection none of
// whose videos was recorded before the window's start says so
// (previousTracked), which the fixture's whole selection does not.
func TestOverviewSaysWhatMovedTheTotals(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	var before numbers.Overview
	d.get(t, "/api/overview", url.Values{"datePreset": {"7d"}}, &before)
	if c := before.CountChanges; c == nil || c.Joined.Videos != 2 || c.Joined.Views != 500+5000 || c.Left.Videos != 0 {
		t.Fatalf("count changes %+v, want v2 and v3 joined with 500 and 5,000 views, none left", c)
	}
	if !before.PreviousTracked {
		t.Error("previousTracked false, but v1 and v6 were recorded before the window")
	}

	start := query.WindowOf(query.Preset7d, dashNow).Start
	// v7 of acc1: beyond the limit, back in the count an hour ago
	v7 := env.Video(t, d.ws, testenv.VideoOptions{PlatformID: "v7", AccountID: d.accounts["acc1"], AccountHandle: "acc1", Status: domain.ItemActive,
		PublishedAt: dashNow.Add(-12 * 24 * time.Hour), CreatedAt: dashNow.Add(-12 * 24 * time.Hour), LastScrapedAt: time.Now()})
	// acc3 and its video v9, removed three hours ago
	acc3 := env.Account(t, d.ws, testenv.AccountOptions{Handle: "acc3", URL: "https://example.com/acc3", Status: domain.ItemActive,
		CreatedAt: dashNow.Add(-30 * 24 * time.Hour), LastScrapedAt: time.Now()})
	v9 := env.Video(t, d.ws, testenv.VideoOptions{PlatformID: "v9", AccountID: acc3, AccountHandle: "acc3", Status: domain.ItemActive,
		PublishedAt: dashNow.Add(-20 * 24 * time.Hour), CreatedAt: dashNow.Add(-20 * 24 * time.Hour), LastScrapedAt: time.Now()})
	snap := func(id, acc uuid.UUID, at time.Time, views, likes uint64) ingest.Snapshot {
		return ingest.Snapshot{Platform: platform.TikTok, Kind: platform.Video, EntityID: id, AccountID: acc, ScrapedAt: at,
			Metrics: ingest.Metrics{Views: u64(views), Likes: u64(likes)}}
	}
	d.writeSnapshots(t,
		snap(v7, d.accounts["acc1"], dashNow.Add(-9*24*time.Hour), 100, 10), snap(v7, d.accounts["acc1"], dashNow.Add(-time.Hour), 300, 30),
		snap(v9, acc3, dashNow.Add(-9*24*time.Hour), 50, 5), snap(v9, acc3, dashNow.Add(-4*time.Hour), 80, 8))

	// the database records each change of the count
	changedAt := func(sql string, id uuid.UUID) *time.Time {
		t.Helper()
		var at *time.Time
		if err := env.PG.QueryRow(context.Background(), sql, id).Scan(&at); err != nil {
			t.Fatal(err)
		}
		return at
	}
	exec(t, `UPDATE videos SET caption = 'renamed' WHERE id = $1`, v7)
	if at := changedAt(`SELECT counted_changed_at FROM videos WHERE id = $1`, v7); at != nil {
		t.Fatalf("a caption change recorded a count change at %v", at)
	}
	exec(t, `UPDATE videos SET status = $2 WHERE id = $1`, v7, domain.ItemBeyondLimit)
	exec(t, `UPDATE videos SET status = $2 WHERE id = $1`, v7, domain.ItemActive)
	exec(t, `UPDATE videos SET status = $2 WHERE id = $1`, d.videos["v6"], domain.ItemRemoved)
	exec(t, `UPDATE accounts SET status = $2 WHERE id = $1`, acc3, domain.ItemRemoved)
	if changedAt(`SELECT counted_changed_at FROM videos WHERE id = $1`, v7) == nil || changedAt(`SELECT counted_changed_at FROM videos WHERE id = $1`, d.videos["v6"]) == nil ||
		changedAt(`SELECT removed_changed_at FROM accounts WHERE id = $1`, acc3) == nil {
		t.Fatal("a change of status recorded no count change")
	}
	// at the fixture's times
	exec(t, `UPDATE videos SET counted_changed_at = $2 WHERE id = $1`, v7, dashNow.Add(-time.Hour))
	exec(t, `UPDATE videos SET counted_changed_at = $2 WHERE id = $1`, d.videos["v6"], dashNow.Add(-2*time.Hour))
	exec(t, `UPDATE accounts SET removed_changed_at = $2 WHERE id = $1`, acc3, dashNow.Add(-3*time.Hour))
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)

	var o numbers.Overview
	d.get(t, "/api/overview", url.Values{"datePreset": {"7d"}}, &o)
	hist := d.history(t, "video")
	at := func(key uuid.UUID, m int) uint64 {
		v, _ := valueBefore(hist[key], m, start)
		return v
	}
	c := o.CountChanges
	if c == nil || c.Joined.Videos != 3 || c.Joined.Views != 500+5000+100 || c.Joined.Likes != 100+100+10 {
		t.Fatalf("joined %+v, want v2, v3 with their first numbers and v7 with its numbers at the start (5,600 views, 210 likes)", c)
	}
	if wantViews := at(d.videos["v6"], 0) + 50; c.Left.Videos != 2 || c.Left.Views != wantViews {
		t.Fatalf("left %+v, want v6 and v9 with %d views at the start", c.Left, wantViews)
	}
	// the totals: the videos counted at the start, what the counted ones
	// gained, what joined, less what left
	for m, total := range []uint64{o.Totals.Views, o.Totals.Likes} {
		atStart := at(d.videos["v1"], m) + at(d.videos["v6"], m) + at(v9, m)
		joined, left, gained := []uint64{c.Joined.Views, c.Joined.Likes}[m], []uint64{c.Left.Views, c.Left.Likes}[m], []int64{o.Gains.Views.Period, o.Gains.Likes.Period}[m]
		if got := int64(atStart) + gained + int64(joined) - int64(left); got != int64(total) {
			t.Errorf("count %d: %d at the start + %d gained + %d joined - %d left = %d, totals say %d", m, atStart, gained, joined, left, got, total)
		}
	}

	// the videos tracked by their own link: v3 (first scraped 10 hours
	// ago) and v4 (never scraped) are left, v6 left: nothing of the
	// selection was tracked before the window
	var own numbers.Overview
	d.get(t, "/api/overview", url.Values{"datePreset": {"7d"}, "individualOnly": {"true"}}, &own)
	if own.PreviousTracked {
		t.Error("previousTracked true for a selection first scraped inside the window")
	}
	if c := own.CountChanges; c == nil || c.Joined.Videos != 1 || c.Left.Videos != 1 {
		t.Errorf("tracked by their own link: count changes %+v, want v3 joined and v6 left", c)
	}
	// no count changes for "all" or a range that ended
	var all numbers.Overview
	d.get(t, "/api/overview", url.Values{"datePreset": {"all"}}, &all)
	if all.CountChanges != nil || all.PreviousTracked {
		t.Errorf("all: count changes %+v, previousTracked %v; want none", all.CountChanges, all.PreviousTracked)
	}
}

// TestHiddenLikesHaveNoEngagementRate: an Instagram video whose likes are
// hidden has views and comments but no engagement rate (a rate from its
// comments alone would rank it last); the sort by engagement puts it with
// the videos without a rate, and the overview's and its account's rates
// leave it out.
func TestHiddenLikesHaveNoEngagementRate(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	hidden := env.Video(t, d.ws, testenv.VideoOptions{Platform: platform.Instagram, PlatformID: "hidden1", AccountID: d.accounts["acc1"], AccountHandle: "acc1",
		Status: domain.ItemActive, PublishedAt: dashNow.Add(-4 * 24 * time.Hour), CreatedAt: dashNow.Add(-4 * 24 * time.Hour), LastScrapedAt: time.Now()})
	d.writeSnapshots(t, ingest.Snapshot{Platform: platform.Instagram, Kind: platform.Video, EntityID: hidden, AccountID: d.accounts["acc1"],
		ScrapedAt: dashNow.Add(-time.Hour), Metrics: ingest.Metrics{Views: u64(40000), Comments: u64(80)}})

	var v numbers.VideoDetail
	d.get(t, "/api/videos/"+hidden.String(), nil, &v)
	if v.Metrics.Views == nil || v.Metrics.Likes != nil || v.EngagementRate != nil {
		t.Fatalf("a video with hidden likes: views %s, likes %s, engagement %s; want views, no likes, no rate", show(v.Metrics.Views), show(v.Metrics.Likes), show(v.EngagementRate))
	}
	var list videoList
	d.get(t, "/api/videos", url.Values{"sort": {"engagement"}, "limit": {"500"}}, &list)
	var interactions, views uint64
	rated := true
	for _, x := range list.Videos {
		if x.EngagementRate == nil {
			rated = false
		} else if !rated {
			t.Fatalf("sorted by engagement, %s (rated) comes after a video without a rate", x.PlatformVideoID)
		} else {
			views += *x.Metrics.Views
			interactions += x.Metrics.Interactions()
		}
		if x.ID == hidden && x.EngagementRate != nil {
			t.Fatalf("the list rates the video with hidden likes %v", *x.EngagementRate)
		}
	}
	var o numbers.Overview
	d.get(t, "/api/overview", url.Values{"datePreset": {"7d"}}, &o)
	want := float64(interactions) * 100 / float64(views)
	if r := o.Totals.EngagementRate; r == nil || math.Abs(*r-want) > 1e-9 {
		t.Errorf("overview engagement %s, want %v from the rated videos only", show(r), want)
	}
	var an numbers.AccountAnalytics
	d.get(t, "/api/accounts/"+d.accounts["acc1"].String()+"/analytics", nil, &an)
	var ai, av uint64
	for _, x := range an.Videos {
		if x.EngagementRate != nil && x.Status != domain.ItemBeyondLimit {
			ai += x.Metrics.Interactions()
			av += *x.Metrics.Views
		}
	}
	if r := an.Account.EngagementRate; r == nil || math.Abs(*r-float64(ai)*100/float64(av)) > 1e-9 {
		t.Errorf("account engagement %s, want %v from its rated videos only", show(r), float64(ai)*100/float64(av))
	}
}

// TestVideoChartHasEveryScrape: two scrapes of one UTC hour (the first,
// then a refresh 20 minutes later that found 386,300 more views) are one
// point of the hour series but two of the scrape series, so the chart
// shows the jump the 24-hour gain counts; a scrape written again (a
// replayed completion) is one point. Every scrape of v1 in the last 30
// days is there.
func TestVideoChartHasEveryScrape(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	vid := byLinkVideo(t, d.ws, platform.TikTok, "twice", dashNow.Add(-time.Hour))
	first := ingest.Snapshot{Platform: platform.TikTok, Kind: platform.Video, EntityID: vid, ScrapedAt: dashNow.Truncate(time.Hour).Add(5 * time.Minute),
		Metrics: ingest.Metrics{Views: u64(1000), Likes: u64(10)}}
	second := first
	second.ScrapedAt, second.Metrics = first.ScrapedAt.Add(20*time.Minute), ingest.Metrics{Views: u64(387300), Likes: u64(900)}
	d.writeSnapshots(t, first, second)
	d.writeSnapshots(t, second)

	var v numbers.VideoDetail
	d.get(t, "/api/videos/"+vid.String(), nil, &v)
	if len(v.Hourly) != 1 || len(v.Scrapes) != 2 {
		t.Fatalf("%d hourly points and %d scrapes, want 1 and 2", len(v.Hourly), len(v.Scrapes))
	}
	if !v.Scrapes[0].T.Equal(first.ScrapedAt) || *v.Scrapes[0].Views != 1000 || !v.Scrapes[1].T.Equal(second.ScrapedAt) || *v.Scrapes[1].Views != 387300 {
		t.Errorf("scrapes %v %s, %v %s; want the two scrapes", v.Scrapes[0].T, show(v.Scrapes[0].Views), v.Scrapes[1].T, show(v.Scrapes[1].Views))
	}
	if v.ViewsGained24h == nil || *v.ViewsGained24h != 386300 {
		t.Errorf("gained 24 h %s, want 386300, what the scrapes show", show(v.ViewsGained24h))
	}

	d.get(t, "/api/videos/"+d.videos["v1"].String(), nil, &v)
	since := dashNow.Truncate(time.Hour).Add(-(numbers.VideoHourlyDays*24 - 1) * time.Hour)
	var want []rawSnapshot
	for _, s := range d.history(t, "video")[d.videos["v1"]] {
		if !s.at.Before(since) {
			want = append(want, s)
		}
	}
	if len(v.Scrapes) != len(want) || len(want) == 0 {
		t.Fatalf("v1: %d scrapes, raw snapshots say %d", len(v.Scrapes), len(want))
	}
	for i, p := range v.Scrapes {
		if !p.T.Equal(want[i].at) || !ptrEq(p.Views, want[i].metrics[0]) || !ptrEq(p.Likes, want[i].metrics[1]) {
			t.Fatalf("v1 scrape %d: %v %s, raw snapshot %v %s", i, p.T, show(p.Views), want[i].at, show(want[i].metrics[0]))
		}
	}
}

// TestDailyExportAgreesWithTheOverviewChart: today's views gained of the
// daily export, summed over the videos, are the overview's bar of today,
// a video first scraped today included (v-today: two scrapes today, its
// first day).
func TestDailyExportAgreesWithTheOverviewChart(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	vid := byLinkVideo(t, d.ws, platform.TikTok, "today", dashNow.Add(-3*time.Hour))
	d.writeSnapshots(t,
		ingest.Snapshot{Platform: platform.TikTok, Kind: platform.Video, EntityID: vid, ScrapedAt: dashNow.Add(-3 * time.Hour), Metrics: ingest.Metrics{Views: u64(2000)}},
		ingest.Snapshot{Platform: platform.TikTok, Kind: platform.Video, EntityID: vid, ScrapedAt: dashNow.Add(-time.Hour), Metrics: ingest.Metrics{Views: u64(14600)}})
	var o numbers.Overview
	d.get(t, "/api/overview", url.Values{"datePreset": {"7d"}}, &o)
	today := o.Series[len(o.Series)-1]
	if !today.T.Equal(dashNow.Truncate(24 * time.Hour)) {
		t.Fatalf("the chart's last bar is of %v", today.T)
	}
	recs := readCSV(t, d.app.request("GET", "/api/export?type=daily", nil, d.cookie).expect(t, 200).Body)
	col := map[string]int{}
	for i, c := range recs[0] {
		col[c] = i
	}
	var sum int64
	found := false
	for _, r := range recs[1:] {
		if r[col["item_type"]] != "video" || r[col["date"]] != dashNow.Format(time.DateOnly) {
			continue
		}
		g := r[col["views_gained"]]
		if r[col["id"]] == vid.String() {
			found = true
			if g != "12600" {
				t.Errorf("the video first scraped today gained %q, want 12600", g)
			}
		}
		if g != "" {
			n, err := strconv.ParseInt(g, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			sum += n
		}
	}
	if !found || sum != today.Gained {
		t.Errorf("the export's views gained today add up to %d (the new video listed: %v), the overview's bar is %d", sum, found, today.Gained)
	}
}

// TestOverviewSaysWhenScoresStart: before the insights step has seen the
// workspace the overview cannot tell; after it, it says when the first
// scores and forecasts come. acc1's two videos are too few to be scored,
// and the fixture's videos too few to forecast: both wait.
func TestOverviewSaysWhenScoresStart(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	var o numbers.Overview
	d.get(t, "/api/overview", url.Values{"datePreset": {"7d"}}, &o)
	if o.InsightsStart != nil {
		t.Fatalf("insights start %+v before the insights step", o.InsightsStart)
	}
	if _, err := alerts.ComputeWorkspaceInsights(context.Background(), env.PG, chread.InsightsReader{CH: env.CH}, d.ws, dashNow); err != nil {
		t.Fatal(err)
	}
	d.get(t, "/api/overview", url.Values{"datePreset": {"7d"}}, &o)
	if s := o.InsightsStart; s == nil || s.Outliers != "waiting" || s.OutliersAt != nil || s.Forecasts != "waiting" {
		t.Fatalf("insights start %+v, want both waiting", s)
	}
}
