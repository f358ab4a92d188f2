package campaigns_test

import (
	"context"
	"io"
	"log/slog"
	"slices"
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

// readsCounted counts the whole-ledger reads of each campaign.
type readsCounted struct {
	querycampaigns.SettlementHandler
	full map[uuid.UUID]int
}

func (r *readsCounted) Settlement(ctx context.Context, ws, id uuid.UUID, now time.Time, all bool, since *time.Time) (payout.Settlement, error) {
	r.full[id]++
	return r.SettlementHandler.Settlement(ctx, ws, id, now, all, since)
}

// TestSettleRunReadsALedgerOnlyWhenDue: the settle cron reads a campaign's
// whole ledger on its first run, when a window has closed and after the
// ledger or the campaign's settings changed; a run with nothing due skips
// it, and one after a locked line's video was scraped lower writes only
// the fall. The lines are those a run reading every ledger would write.
// (Not parallel: the cron settles every campaign of the database.)
func TestSettleRunReadsALedgerOnlyWhenDue(t *testing.T) {
	ctx := context.Background()
	ws, owner, coll := newCampaign(t, 100, 0, 0)
	acc := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive, CollectionID: &coll})
	first := campaignStart.Add(24 * time.Hour)
	second := first.Add(3 * 24 * time.Hour)
	video := func(published time.Time) uuid.UUID {
		return env.Video(t, ws, testenv.VideoOptions{PlatformID: uuid.NewString(), AccountID: acc, Status: domain.ItemActive,
			PublishedAt: published, CreatedAt: published, LastScrapedAt: published.Add(payout.DefaultWindow - time.Hour)})
	}
	early, late := video(first), video(second)
	scrape := func(v uuid.UUID, at time.Time, views uint64) {
		t.Helper()
		w := ingest.NewSnapshotWriter(env.CH, 10, time.Now())
		if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: v, AccountID: acc,
			ScrapedAt: at, Metrics: ingest.Metrics{Views: ptr(views), Likes: ptr(uint64(100)), Comments: ptr(uint64(10))}, JobID: uuid.New()}); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		scalar[int](t, `UPDATE videos SET last_scraped_at = $2 WHERE id = $1 RETURNING 1`, v, at)
	}
	scrape(early, first.Add(payout.DefaultWindow-time.Hour), 10_000)
	scrape(late, second.Add(payout.DefaultWindow-time.Hour), 20_000)

	ledger := &readsCounted{SettlementHandler: querycampaigns.SettlementHandler{DB: env.PG, CH: env.CH}, full: map[uuid.UUID]int{}}
	h := campaigns.SettlePayoutsHandler{DB: env.PG, Ledger: ledger, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	run := func(at time.Time) campaigns.SettleRun {
		t.Helper()
		h.Now = fixedNow(at)
		r, err := h.Handle(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	lines := func() []string {
		return scalar[[]string](t, `SELECT coalesce(array_agg(rtrim(concat_ws(' ', video_id, views, status, hold_reason)) ORDER BY seq), '{}') FROM payout_lines WHERE collection_id = $1`, coll)
	}
	version := func() int64 {
		return scalar[int64](t, `SELECT ledger_version FROM campaigns WHERE collection_id = $1`, coll)
	}
	step := func(name string, at time.Time, reads int, want []string) {
		t.Helper()
		before := ledger.full[coll]
		r := run(at)
		if got := ledger.full[coll] - before; got != reads {
			t.Errorf("%s: %d whole-ledger reads, want %d (run %+v)", name, got, reads, r)
		}
		if got := lines(); !slices.Equal(got, want) {
			t.Errorf("%s: lines %q, want %q", name, got, want)
		}
	}

	closesEarly := first.Add(payout.DefaultWindow)
	lockedEarly := early.String() + " 10000 locked"
	step("the first run", closesEarly.Add(time.Hour), 1, []string{lockedEarly})
	v := version()
	step("an hour later, nothing due", closesEarly.Add(2*time.Hour), 0, []string{lockedEarly})
	if version() != v {
		t.Error("a run with nothing due changed the ledger version")
	}
	// a later scrape lower by more than 1 %: only the fall is written
	scrape(early, closesEarly.Add(2*time.Hour+30*time.Minute), 9_000)
	fell := early.String() + " 10000 held " + string(domain.HoldViewsFell)
	step("after a lower scrape", closesEarly.Add(3*time.Hour), 0, []string{fell})
	if version() == v {
		t.Error("the fall did not move the ledger version")
	}
	// the run that wrote the fall recorded the ledger as it left it
	step("after the fall", closesEarly.Add(4*time.Hour), 0, []string{fell})
	// a review changes the ledger: the next run reads it whole
	if _, err := (campaigns.ReviewPayoutsHandler{DB: env.PG, Now: time.Now}).Handle(ctx, campaigns.ReviewPayouts{WorkspaceID: ws, ActorID: owner,
		CollectionID: coll, Action: campaigns.Approve, VideoIDs: []uuid.UUID{early}}); err != nil {
		t.Fatal(err)
	}
	approved := early.String() + " 10000 approved " + string(domain.HoldViewsFell)
	step("after a review", closesEarly.Add(5*time.Hour), 1, []string{approved})
	step("an hour after the review", closesEarly.Add(6*time.Hour), 0, []string{approved})
	// the second video's window closes
	closesLate := second.Add(payout.DefaultWindow)
	// ... in the run that finds the first video's views fell again: both
	// written, the fall found among the videos scraped since the last run
	scrape(early, closesLate, 8_000)
	heldAgain := early.String() + " 10000 held " + string(domain.HoldViewsFell)
	step("the second window closed", closesLate.Add(time.Hour), 1, []string{heldAgain, late.String() + " 20000 locked"})
	if fellTo := scalar[int64](t, `SELECT fell_to FROM payout_lines WHERE collection_id = $1 AND video_id = $2`, coll, early); fellTo != 8_000 {
		t.Errorf("the fall to 8000 recorded as %d", fellTo)
	}
	step("an hour later", closesLate.Add(2*time.Hour), 0, []string{heldAgain, late.String() + " 20000 locked"})
	// a change of the campaign's settings (a budget) reads the ledger again
	err := campaigns.UpdateCampaignHandler{DB: env.PG}.Handle(ctx, campaigns.UpdateCampaign{WorkspaceID: ws, ActorID: owner, CollectionID: coll,
		Settings: domain.CampaignSettings{StartsAt: campaignStart, Budget: 100_000}})
	if err != nil {
		t.Fatal(err)
	}
	step("after a settings change", closesLate.Add(3*time.Hour), 1, []string{heldAgain, late.String() + " 20000 locked"})
}

// TestSettleBesideABulkChange: a settle run locks a campaign's lines while
// a bulk change of the same videos holds the workspace and then locks them
// (as pausing them does). The run waits for the workspace before it writes
// a line referring to a video, so both finish: neither is ended as a
// deadlock.
func TestSettleBesideABulkChange(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ws, _, coll := newCampaign(t, 100, 0, 0)
	acc := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive, CollectionID: &coll})
	published := campaignStart.Add(24 * time.Hour)
	var ids []uuid.UUID
	w := ingest.NewSnapshotWriter(env.CH, 10, time.Now())
	for i := range 3 {
		scraped := published.Add(payout.DefaultWindow - time.Hour)
		v := env.Video(t, ws, testenv.VideoOptions{PlatformID: uuid.NewString(), AccountID: acc, Status: domain.ItemActive,
			PublishedAt: published, CreatedAt: published, LastScrapedAt: scraped})
		ids = append(ids, v)
		if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: v, AccountID: acc,
			ScrapedAt: scraped, Metrics: ingest.Metrics{Views: ptr(uint64(10_000 * (i + 1))), Likes: ptr(uint64(100)), Comments: ptr(uint64(10))},
			JobID: uuid.New()}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	h := campaigns.SettlePayoutsHandler{DB: env.PG, Ledger: querycampaigns.SettlementHandler{DB: env.PG, CH: env.CH},
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: fixedNow(published.Add(payout.DefaultWindow + time.Hour))}

	env.BesideABulkChange(t, ws, ids, "the settle run", func() error {
		_, err := h.Settle(ctx, ws, coll)
		return err
	})
	if n := scalar[int](t, `SELECT count(*) FROM payout_lines WHERE collection_id = $1`, coll); n != len(ids) {
		t.Fatalf("%d lines locked, want %d", n, len(ids))
	}
}
