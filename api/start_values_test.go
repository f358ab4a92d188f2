package api_test

import (
	"context"
	"log/slog"
	"net/url"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
)

// TestStartValuesKeptUntilALateScrape reads the videos list while the
// start values of its windows are kept between requests: the answers
// agree with the raw snapshots when computed, when read from what was
// kept, and after a scrape older than the workspace's latest one changed
// a start value.
func TestStartValuesKeptUntilALateScrape(t *testing.T) {
	t.Parallel()
	kept := chread.NewStartValueCache(64<<20, time.Hour, slog.New(slog.DiscardHandler), func() time.Time { return dashNow })
	d := seedDashboard(t, func(dp *wiring.Deps) { dp.StartValueCache = kept })
	ctx := context.Background()
	// each read after a write, as a dashboard's after a scrape
	read := func(params url.Values) videoList {
		t.Helper()
		exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)
		var l videoList
		d.get(t, "/api/videos", params, &l)
		checkVideos(t, d.history(t, "video"), l.Videos, dashNow)
		return l
	}
	page := url.Values{"limit": {"500"}}
	byGain := url.Values{"limit": {"500"}, "sort": {"gained24h"}}

	// the page's read of some videos keeps the workspace's start values
	// in the background; the sort by gain reads every video's and keeps them
	read(page)
	read(byGain)
	kept.Wait()
	if kept.Len() < 2 {
		t.Fatalf("%d sets of start values kept, want 2", kept.Len())
	}
	before := read(page)
	read(byGain)

	// a late scrape: a snapshot of v1 just before the 24h window, recorded
	// long after the latest scrape
	v1 := d.videos["v1"]
	cutoff := query.WindowOf(query.Preset24h, dashNow).Start
	at := cutoff.Add(-20 * time.Minute)
	w := ingest.NewSnapshotWriter(env.CH, 500, time.Now())
	job := uuid.New()
	s := ingest.Snapshot{WorkspaceID: d.ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: v1, AccountID: d.accounts["acc1"],
		ScrapedAt: at, Metrics: ingest.Metrics{Views: u64(7)}, JobID: job}
	if err := w.Add(ctx, s); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	tx, err := env.PG.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if err := tracking.ApplyScrape(ctx, tx, tracking.ScrapeResult{JobID: job, WorkspaceID: d.ws, Platform: "tiktok", ScrapedAt: at}); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}

	after := read(page)
	read(byGain)
	gain := func(l videoList) *int64 {
		for _, v := range l.Videos {
			if v.ID == v1 {
				return v.ViewsGained24h
			}
		}
		t.Fatal("v1 not listed")
		return nil
	}
	if b, a := gain(before), gain(after); b == nil || a == nil || *a == *b {
		t.Errorf("v1's 24h gain %s before the late scrape, %s after: want it changed", show(b), show(a))
	}
}
