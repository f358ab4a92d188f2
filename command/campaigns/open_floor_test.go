package campaigns_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/campaigns"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
)

// TestOpenFloorAgreesWithEveryVideo: the ledger read from the campaign's
// open floor (schema 0041) equals the ledger read from every video of the
// campaign, after each change that could open a video before the floor or
// change what one is: an old post found on a campaign account, an account
// moved in with its posts, a removed post or account restored, a repost
// found to be the account's own, a publish time corrected to before the
// floor, a post tracked by its link, a line removed, the campaign's
// platforms and collab rule changed. Each either leaves the floor or
// clears it; the next settle run records it again.
func TestOpenFloorAgreesWithEveryVideo(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ws, owner, x := newCampaign(t, 100, 0, 0)
	other := env.Collection(t, ws, "Elsewhere")
	acc := env.Account(t, ws, testenv.AccountOptions{Platform: platform.TikTok, Status: domain.ItemActive, CollectionID: &x})
	outside := env.Account(t, ws, testenv.AccountOptions{Platform: platform.TikTok, Status: domain.ItemActive})
	first := campaignStart.Add(time.Hour)
	now := first.Add(3 * payout.DefaultWindow)
	video := func(published time.Time, opts testenv.VideoOptions) uuid.UUID {
		opts.PlatformID, opts.Status, opts.PublishedAt, opts.CreatedAt = uuid.NewString(), domain.ItemActive, published, published
		if opts.Platform == "" {
			opts.Platform = platform.TikTok
		}
		return env.Video(t, ws, opts)
	}
	kind := func(v uuid.UUID, k domain.PostKind) { exec(t, `UPDATE videos SET post_kind = $2 WHERE id = $1`, v, k) }
	// a week of posts before the windows that close by now, some of them
	// not paid, and some still open at now
	var old []uuid.UUID
	for i := range 8 {
		old = append(old, video(first.Add(time.Duration(i)*12*time.Hour), testenv.VideoOptions{AccountID: acc}))
	}
	kind(old[1], domain.KindRepost)
	kind(old[2], domain.KindOtherAuthor)
	kind(old[3], domain.KindCollab)
	video(now.Add(-2*time.Hour), testenv.VideoOptions{AccountID: acc})
	young := video(now.Add(-time.Hour), testenv.VideoOptions{CollectionID: &x})

	settle := campaigns.SettlePayoutsHandler{DB: env.PG, Ledger: querycampaigns.SettlementHandler{DB: env.PG, CH: env.CH},
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: fixedNow(now)}
	read := querycampaigns.CampaignsHandler{DB: env.PG, CH: env.CH, Now: fixedNow(now)}
	// the ledger as a text: each line's video and status, and the posts not paid
	ledger := func() string {
		t.Helper()
		page, err := read.Lines(ctx, ws, x, querycampaigns.LinesQuery{Limit: 500})
		if err != nil {
			t.Fatal(err)
		}
		p, err := read.Page(ctx, ws, x)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, ln := range page.Lines {
			out = append(out, fmt.Sprintf("%s %s", ln.VideoID, ln.Status))
		}
		slices.Sort(out)
		return fmt.Sprintf("%d lines, %d videos, %d not paid, %d awaiting a lock, counts %+v:\n%s",
			page.Total, p.Campaign.Videos, p.Campaign.NotPaid, p.AwaitingLock, p.Counts, strings.Join(out, "\n"))
	}
	type floor struct {
		at      *time.Time
		notPaid int
	}
	readFloor := func() floor {
		var f floor
		if err := env.PG.QueryRow(ctx, `SELECT open_floor, floor_not_paid FROM campaigns WHERE collection_id = $1`, x).Scan(&f.at, &f.notPaid); err != nil {
			t.Fatal(err)
		}
		return f
	}
	// agree compares the ledger read from the floor with the ledger read
	// from every video (the floor cleared, then put back as it was)
	agree := func(step string, floored bool) {
		t.Helper()
		f := readFloor()
		if (f.at != nil) != floored {
			t.Errorf("%s: open floor %v, want one recorded: %v", step, f.at, floored)
		}
		fromFloor := ledger()
		exec(t, `UPDATE campaigns SET open_floor = NULL WHERE collection_id = $1`, x)
		every := ledger()
		exec(t, `UPDATE campaigns SET open_floor = $2, floor_not_paid = $3 WHERE collection_id = $1`, x, f.at, f.notPaid)
		if fromFloor != every {
			t.Errorf("%s: the ledger from the floor %v differs from the ledger of every video:\n%s\nwant\n%s", step, f.at, fromFloor, every)
		}
	}
	settled := func(step string) {
		t.Helper()
		if _, err := settle.Settle(ctx, ws, x); err != nil {
			t.Fatalf("%s: settle: %v", step, err)
		}
		agree(step+", settled again", true)
	}

	agree("before a settle run", false)
	if run, err := settle.Settle(ctx, ws, x); err != nil || run.Locked != 6 {
		t.Fatalf("settle: %+v, %v; want the six closed posts paid or held stored", run, err)
	}
	f := readFloor()
	if f.at == nil || f.notPaid != 2 {
		t.Fatalf("open floor %v with %d not paid before it; want one, with the repost and the other author's post", f.at, f.notPaid)
	}
	agree("settled", true)
	if n := scalar[int](t, `SELECT count(*) FROM payout_lines WHERE collection_id = $1`, x); n != 6 {
		t.Fatalf("%d stored lines, want 6", n)
	}

	// new posts after the floor leave it
	video(now.Add(-30*time.Minute), testenv.VideoOptions{AccountID: acc})
	agree("a new post", true)

	// an old post found on a campaign account clears it
	found := video(first.Add(2*time.Hour), testenv.VideoOptions{AccountID: acc})
	agree("an old post found", false)
	settled("an old post found")

	// an account moved in with its old posts
	linked := video(first.Add(3*time.Hour), testenv.VideoOptions{AccountID: outside})
	video(first.Add(4*time.Hour), testenv.VideoOptions{AccountID: outside})
	agree("an old post outside the campaign", true)
	exec(t, `UPDATE accounts SET collection_id = $2 WHERE id = $1`, outside, x)
	agree("an account moved in", false)
	settled("an account moved in")

	// a removed post restored
	gone := video(first.Add(5*time.Hour), testenv.VideoOptions{AccountID: acc})
	exec(t, `UPDATE videos SET status = $2 WHERE id = $1`, gone, domain.ItemRemoved)
	settled("a post removed")
	exec(t, `UPDATE videos SET status = $2 WHERE id = $1`, gone, domain.ItemActive)
	agree("a removed post restored", false)
	settled("a removed post restored")

	// a repost found to be the account's own, and an own post to be a repost
	kind(old[1], domain.KindOwn)
	agree("a repost found own", false)
	settled("a repost found own")
	kind(found, domain.KindRepost)
	agree("a stored post found a repost", false)
	settled("a stored post found a repost")

	// a young post's publish time corrected to before the floor
	exec(t, `UPDATE videos SET published_at = $2 WHERE id = $1`, young, first.Add(6*time.Hour))
	agree("a publish time corrected", false)
	settled("a publish time corrected")

	// the account removed, then restored; a post tracked by its link
	exec(t, `UPDATE accounts SET status = $2 WHERE id = $1`, outside, domain.ItemRemoved)
	agree("an account removed", false)
	settled("an account removed")
	exec(t, `UPDATE videos SET tracked_individually = true WHERE id = $1`, linked)
	agree("a post of a removed account tracked by its link", false)
	settled("a post of a removed account tracked by its link")
	exec(t, `UPDATE accounts SET status = $2 WHERE id = $1`, outside, domain.ItemActive)
	agree("an account restored", false)
	settled("an account restored")

	// an account's scrape that changes its state but not what counts leaves it
	exec(t, `UPDATE accounts SET status = $2 WHERE id = $1`, outside, domain.ItemError)
	agree("an account's scrape failed", true)

	// a post moved out of the campaign and back
	exec(t, `UPDATE videos SET collection_id = $2 WHERE id = $1`, old[2], other)
	agree("a post moved out", false)
	settled("a post moved out")
	exec(t, `UPDATE videos SET collection_id = NULL WHERE id = $1`, old[2])
	agree("a post moved back", false)
	settled("a post moved back")

	// a line removed by hand
	exec(t, `DELETE FROM payout_lines WHERE collection_id = $1 AND video_id = $2`, x, old[0])
	exec(t, `UPDATE campaigns SET ledger_version = ledger_version + 1 WHERE collection_id = $1`, x)
	agree("a line removed", false)
	settled("a line removed")

	// the campaign's collab rule and platforms changed
	err := campaigns.UpdateCampaignHandler{DB: env.PG}.Handle(ctx, campaigns.UpdateCampaign{WorkspaceID: ws, ActorID: owner, CollectionID: x,
		Settings: domain.CampaignSettings{StartsAt: campaignStart, Collabs: domain.CollabsExclude}})
	if err != nil {
		t.Fatal(err)
	}
	agree("collabs excluded", false)
	settled("collabs excluded")
	video(first.Add(7*time.Hour), testenv.VideoOptions{AccountID: acc, Platform: platform.Instagram})
	settled("an Instagram post")
	err = campaigns.UpdateCampaignHandler{DB: env.PG}.Handle(ctx, campaigns.UpdateCampaign{WorkspaceID: ws, ActorID: owner, CollectionID: x,
		Settings: domain.CampaignSettings{StartsAt: campaignStart, Platforms: []string{string(platform.TikTok)}}})
	if err != nil {
		t.Fatal(err)
	}
	agree("TikTok only", false)
	settled("TikTok only")

	// a later settle run moves the floor on from where it was, counting the
	// posts it passes that are not paid
	repost := video(now.Add(-3*time.Hour), testenv.VideoOptions{AccountID: acc})
	kind(repost, domain.KindRepost)
	agree("a young repost", true)
	was := readFloor()
	later := now.Add(payout.DefaultWindow + time.Hour)
	settle.Now, read.Now = fixedNow(later), fixedNow(later)
	if run, err := settle.Settle(ctx, ws, x); err != nil || run.Locked == 0 {
		t.Fatalf("settle a window later: %+v, %v; want the young posts stored", run, err)
	}
	moved := readFloor()
	if moved.at == nil || !moved.at.After(*was.at) || moved.notPaid != was.notPaid+1 {
		t.Errorf("the floor moved from %v (%d not paid) to %v (%d); want later, with the repost counted", was.at, was.notPaid, moved.at, moved.notPaid)
	}
	agree("a window later", true)
}
