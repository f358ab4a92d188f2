package campaigns_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/campaigns"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
)

// TestOpenLineSharesTheClipOfALockedOne: a creator posts a clip on TikTok,
// its line is stored, then posts it again on Instagram and on TikTok while
// that window is open. The Instagram post is the same clip as the stored
// one (its captions match): it is paid only what the clip earns beyond the
// stored line. The second TikTok post is a clip of its own, numbered after
// the stored one, and paid in full. Both projections say so, before and
// after the stored line is kept by the server for its ledger version.
func TestOpenLineSharesTheClipOfALockedOne(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// 1.00 per 1,000 views
	ws, _, id := newCampaign(t, 100, 0, 0)
	creator := uuid.New()
	scalar[int](t, `INSERT INTO creators (id, workspace_id, name) VALUES ($1, $2, 'Dee') RETURNING 1`, creator, ws)
	video := func(plat platform.Platform, caption string, published time.Time, views uint64) uuid.UUID {
		acc := env.Account(t, ws, testenv.AccountOptions{Platform: plat, Status: domain.ItemActive, CollectionID: &id})
		scalar[int](t, `UPDATE accounts SET creator_id = $2 WHERE id = $1 RETURNING 1`, acc, creator)
		v := env.Video(t, ws, testenv.VideoOptions{Platform: plat, PlatformID: uuid.NewString(), AccountID: acc, Caption: caption,
			Status: domain.ItemActive, PublishedAt: published, CreatedAt: published})
		w := ingest.NewSnapshotWriter(env.CH, 10, time.Now())
		if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: plat, Kind: platform.Video, EntityID: v, AccountID: acc,
			ScrapedAt: published.Add(24 * time.Hour), Metrics: ingest.Metrics{Views: ptr(views)}, JobID: uuid.New()}); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		return v
	}
	first := campaignStart.Add(time.Hour)
	tiktok := video(platform.TikTok, "Five knots every sailor should know #boats", first, 8_000)
	// the same clip three days later, fewer views: 5.00 of it, all earned by the TikTok post's 8.00
	insta := video(platform.Instagram, "five knots every sailor should know!", first.Add(3*24*time.Hour), 5_000)
	// the clip posted again on TikTok: a second clip, numbered after the
	// stored TikTok post, paid in full
	other := video(platform.TikTok, "Five knots every sailor should know #boats", first.Add(3*24*time.Hour+time.Hour), 2_000)

	now := first.Add(payout.DefaultWindow + time.Hour)
	h := campaigns.SettlePayoutsHandler{DB: env.PG, Ledger: querycampaigns.SettlementHandler{DB: env.PG, CH: env.CH},
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: fixedNow(now)}
	if run, err := h.Settle(ctx, ws, id); err != nil || run.Locked != 1 {
		t.Fatalf("settle: %+v, %v; want the TikTok line stored", run, err)
	}
	read := querycampaigns.CampaignsHandler{DB: env.PG, CH: env.CH, Now: fixedNow(now)}
	// twice: the stored line read, then kept for the ledger's version
	for _, pass := range []string{"read", "kept"} {
		page, err := read.Lines(ctx, ws, id, querycampaigns.LinesQuery{Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		lines := map[uuid.UUID]querycampaigns.Line{}
		for _, ln := range page.Lines {
			lines[ln.VideoID] = ln
		}
		lk, open, rest := lines[tiktok], lines[insta], lines[other]
		// stored: locked, or held for review (one snapshot is no history)
		if lk.Status == domain.LineProjected || lk.Amount != 800 || lk.Clip == "" {
			t.Fatalf("%s: the TikTok line %s, amount %d, clip %q; want stored, 800, a clip", pass, lk.Status, lk.Amount, lk.Clip)
		}
		if open.Status != domain.LineProjected || open.Clip != lk.Clip || open.Amount != 0 || open.Bound != string(payout.BoundCrossPost) {
			t.Errorf("%s: the Instagram post of the clip: %s, clip %q, amount %d, bound %q; want projected, clip %q, 0, cross_post",
				pass, open.Status, open.Clip, open.Amount, open.Bound, lk.Clip)
		}
		if rest.Status != domain.LineProjected || rest.Clip == lk.Clip || rest.Amount != 200 || rest.Bound != "" {
			t.Errorf("%s: the second TikTok post of the clip: %s, clip %q, amount %d, bound %q; want projected, a clip of its own, 200, unbound",
				pass, rest.Status, rest.Clip, rest.Amount, rest.Bound)
		}
	}
}
