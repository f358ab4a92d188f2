package api_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// TestVideosThatGainedNothingAreNotListedAsMovers: a video whose views did
// not move is neither a top mover of the overview nor its account's best
// video of the last 7 days; an account whose videos gained nothing has no
// best video.
func TestVideosThatGainedNothingAreNotListedAsMovers(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	acc := env.Account(t, d.ws, testenv.AccountOptions{Handle: "flat", URL: "https://example.com/flat", Status: domain.ItemActive,
		CreatedAt: dashNow.Add(-60 * 24 * time.Hour), LastScrapedAt: time.Now()})
	added := dashNow.Add(-20 * 24 * time.Hour)
	flat := env.Video(t, d.ws, testenv.VideoOptions{PlatformID: "flat1", URL: "https://example.com/v/flat1", AccountID: acc, AccountHandle: "flat",
		Status: domain.ItemActive, PublishedAt: added, CreatedAt: added, LastScrapedAt: time.Now()})
	ctx := context.Background()
	w := ingest.NewSnapshotWriter(env.CH, 500, time.Now())
	for _, age := range []time.Duration{10 * 24 * time.Hour, 3 * 24 * time.Hour, 2 * time.Hour} {
		err := w.Add(ctx, ingest.Snapshot{WorkspaceID: d.ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: flat, AccountID: acc,
			ScrapedAt: dashNow.Add(-age), Metrics: ingest.Metrics{Views: u64(777)}, JobID: uuid.New()})
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)

	for _, preset := range []string{"24h", "7d", "30d"} {
		var o numbers.Overview
		d.get(t, "/api/overview", url.Values{"datePreset": {preset}}, &o)
		if len(o.TopMovers) == 0 {
			t.Errorf("%s: no movers, the fixture's videos gained views", preset)
		}
		for _, m := range o.TopMovers {
			if m.ID == flat || m.ViewsGained <= 0 {
				t.Errorf("%s: mover %s gained %d", preset, m.ID, m.ViewsGained)
			}
		}
	}
	var an numbers.AccountAnalytics
	d.get(t, "/api/accounts/"+acc.String()+"/analytics", nil, &an)
	if an.BestVideo != nil {
		t.Errorf("best video %s gained %d: none of the account's videos gained views", an.BestVideo.PlatformVideoID, an.BestVideo.ViewsGained)
	}
}
