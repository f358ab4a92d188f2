package campaigns_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/command/campaigns"
	"github.com/reeltrack/reeltrack/command/collections"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
)

// applyScrape records a scrape's videos of one account as a completion
// would, at scrapedAt.
func applyScrape(t *testing.T, ws uuid.UUID, scrapedAt time.Time, videos ...tracking.VideoUpdate) {
	t.Helper()
	err := pgx.BeginFunc(context.Background(), env.PG, func(tx pgx.Tx) error {
		job := uuid.New()
		if _, err := tx.Exec(context.Background(), `INSERT INTO scrape_jobs (id, workspace_id, platform, actor, input, reason) VALUES ($1, $2, 'tiktok', 'a', '{}', 'refresh')`, job, ws); err != nil {
			return err
		}
		return tracking.ApplyScrape(context.Background(), tx, tracking.ScrapeResult{JobID: job, WorkspaceID: ws, Platform: "tiktok", ScrapedAt: scrapedAt, Videos: videos})
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestTrackingLimitKeepsTheNewestOwnPostsAndOpenWindows: an account's
// limit keeps its newest posts that count, an untimed post placed by the
// listing's order among them; reposts take no place and leave with the
// oldest kept post; a post the limit pushes out in the middle of a
// campaign window stays tracked (kept_until, refreshed by its own link)
// until the window closes, and the settle run releases it then.
func TestTrackingLimitKeepsTheNewestOwnPostsAndOpenWindows(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ws, _, coll := newCampaign(t, 100, 0, 0)
	acc := env.Account(t, ws, testenv.AccountOptions{Handle: "daily", Status: domain.ItemActive, TrackingLimit: 2, CollectionID: &coll})
	now := campaignStart.Add(10 * 24 * time.Hour)
	at := func(h int) *time.Time { x := now.Add(-time.Duration(h) * time.Hour); return &x }
	v := func(pid string, kind domain.PostKind, published, listed *time.Time) tracking.VideoUpdate {
		return tracking.VideoUpdate{ID: uuid.New(), PlatformID: pid, URL: "https://www.tiktok.com/@daily/video/" + pid, AccountID: &acc,
			AuthorHandle: "daily", PublishedAt: published, ListedAt: listed, Kind: kind}
	}
	applyScrape(t, ws, now,
		v("untimed", domain.KindOwn, nil, at(0)),       // leads the listing: the newest
		v("repost_new", domain.KindRepost, at(2), nil), // newer than the oldest kept post: stays
		v("own_1", domain.KindOwn, at(3), nil),
		v("own_2", domain.KindOwn, at(30), nil),         // pushed out, inside the 7-day window
		v("repost_old", domain.KindRepost, at(40), nil), // older than the oldest kept post
		v("own_old", domain.KindOwn, at(24*12), nil),    // pushed out, published before the campaign
	)
	state := func(pid string) string {
		return scalar[string](t, `SELECT status || CASE WHEN kept_until IS NULL THEN '' ELSE ' kept' END FROM videos WHERE workspace_id = $1 AND platform_video_id = $2`, ws, pid)
	}
	for pid, want := range map[string]string{"untimed": "active", "own_1": "active", "repost_new": "active", "own_2": "active kept",
		"repost_old": "beyond_limit", "own_old": "beyond_limit"} {
		if got := state(pid); got != want {
			t.Errorf("%s: %q, want %q", pid, got, want)
		}
	}
	if until := scalar[time.Time](t, `SELECT kept_until FROM videos WHERE workspace_id = $1 AND platform_video_id = 'own_2'`, ws); !until.Equal(at(30).Add(payout.DefaultWindow)) {
		t.Errorf("kept until %s, want the window's end %s", until, at(30).Add(payout.DefaultWindow))
	}
	// the refresh plans the kept video as a video of its own, for the
	// campaign; another test's refresh may hold the planning lock for a
	// moment, so it is called until it planned
	refresh := tracking.RefreshDueHandler{DB: env.PG, Actors: ingest.DefaultActors(), MaxPerRun: 100,
		Start: tracking.StartScrapeHandler{DB: env.PG, Log: slog.New(slog.DiscardHandler)}, Now: fixedNow(now)}
	reason := func() string {
		return scalar[string](t, `SELECT coalesce(refresh_reason, '') FROM videos WHERE workspace_id = $1 AND platform_video_id = 'own_2'`, ws)
	}
	for i := 0; i < 50 && reason() == ""; i++ {
		if _, err := refresh.Handle(ctx, tracking.RefreshDue{}); err != nil {
			t.Fatal(err)
		}
	}
	if got := reason(); got != "new" && got != "campaign" {
		t.Errorf("the kept video's refresh reason is %q, want it planned as a video of its own", got)
	}
	// once the window has closed, the settle run locks its line and
	// releases it
	after := at(30).Add(payout.DefaultWindow + time.Hour)
	h := campaigns.SettlePayoutsHandler{DB: env.PG, Ledger: querycampaigns.SettlementHandler{DB: env.PG, CH: env.CH},
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: fixedNow(after)}
	run, err := h.Settle(ctx, ws, coll)
	if err != nil {
		t.Fatal(err)
	}
	if run.Released < 1 {
		t.Errorf("settle run %+v released nothing", run)
	}
	if got := state("own_2"); got != "beyond_limit" {
		t.Errorf("own_2 after its window: %q, want beyond_limit", got)
	}
	if n := scalar[int64](t, `SELECT count(*) FROM payout_lines l JOIN videos v ON v.id = l.video_id WHERE l.collection_id = $1 AND v.platform_video_id = 'own_2'`, coll); n != 1 {
		t.Errorf("own_2 has %d locked lines, want 1 (held: no snapshot was taken)", n)
	}
}

// TestVideoTrackedByLinkFindsItsAccount: a video tracked by its own link
// belongs to its author's account, tracked after it or before it.
func TestVideoTrackedByLinkFindsItsAccount(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	first := env.Video(t, ws, testenv.VideoOptions{AccountHandle: "later_" + strings.ReplaceAll(uuid.NewString()[:6], "-", "")})
	handle := scalar[string](t, `SELECT account_handle FROM videos WHERE id = $1`, first)
	h := tracking.TrackHandler{DB: env.PG, Actors: ingest.DefaultActors(), MaxPerRun: 50, Now: time.Now, Start: tracking.StartScrapeHandler{Log: slog.New(slog.DiscardHandler)}}
	out, err := h.Handle(ctx, tracking.Track{WorkspaceID: ws, URL: "https://www.tiktok.com/@" + handle})
	if err != nil {
		t.Fatal(err)
	}
	if got := scalar[*uuid.UUID](t, `SELECT account_id FROM videos WHERE id = $1`, first); got == nil || *got != *out.ID {
		t.Errorf("the video tracked first belongs to %v, want the account tracked after it %s", got, *out.ID)
	}
	if !scalar[bool](t, `SELECT tracked_individually FROM videos WHERE id = $1`, first) {
		t.Error("the video is no longer tracked by its own link")
	}
	// a video tracked after the account joins it once its scrape names
	// the author
	later := env.Video(t, ws, testenv.VideoOptions{})
	pid := scalar[string](t, `SELECT platform_video_id FROM videos WHERE id = $1`, later)
	applyScrape(t, ws, time.Now().UTC().Truncate(time.Second), tracking.VideoUpdate{ID: later, PlatformID: pid, URL: "https://www.tiktok.com/@" + handle + "/video/" + pid,
		AuthorHandle: handle, Kind: domain.KindOwn})
	if got := scalar[*uuid.UUID](t, `SELECT account_id FROM videos WHERE id = $1`, later); got == nil || *got != *out.ID {
		t.Errorf("the video tracked after the account belongs to %v, want %s", got, *out.ID)
	}
}

// TestVideoPayee: only owners and admins choose the creator a video of no
// account is paid to; a video of an account is paid to its creator.
func TestVideoPayee(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	owner := env.Owner(t, ws)
	member := env.User(t, testenv.UserOptions{})
	env.Member(t, ws, member, domain.RoleMember)
	stray := env.Video(t, ws, testenv.VideoOptions{AccountHandle: "stray"})
	acc := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive})
	ofAccount := env.Video(t, ws, testenv.VideoOptions{AccountID: acc})
	creator := uuid.New()
	scalar[int](t, `INSERT INTO creators (id, workspace_id, name) VALUES ($1, $2, 'Ana') RETURNING 1`, creator, ws)
	h := collections.VideoPayeeHandler{DB: env.PG}
	set := func(actor, video uuid.UUID, c *uuid.UUID) error {
		return h.Handle(ctx, collections.SetVideoPayee{WorkspaceID: ws, ActorID: actor, VideoID: video, CreatorID: c})
	}
	if err := set(member, stray, &creator); apperr.KindOf(err) != apperr.KindForbidden {
		t.Errorf("a member: %v", err)
	}
	if err := set(owner, ofAccount, &creator); apperr.KindOf(err) != apperr.KindConflict {
		t.Errorf("a video of an account: %v", err)
	}
	theirs := uuid.New()
	if err := set(owner, stray, &theirs); apperr.KindOf(err) != apperr.KindNotFound {
		t.Errorf("an unknown creator: %v", err)
	}
	if err := set(owner, stray, &creator); err != nil {
		t.Fatal(err)
	}
	if got := scalar[*uuid.UUID](t, `SELECT creator_id FROM videos WHERE id = $1`, stray); got == nil || *got != creator {
		t.Errorf("payee %v, want %s", got, creator)
	}
	if n := scalar[int64](t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND action = $2`, ws, string(domain.ActionVideoPayeeChanged)); n != 1 {
		t.Errorf("%d activity entries", n)
	}
	if err := set(owner, stray, nil); err != nil || scalar[*uuid.UUID](t, `SELECT creator_id FROM videos WHERE id = $1`, stray) != nil {
		t.Errorf("clearing: %v", err)
	}
}

// TestLedgerPaysOnlyWhatItCanTrust: the ledger pays the accounts' own
// posts (to the chosen creator for a video of no account); it holds a
// collab, a line read from a snapshot older than the tolerance and a line
// whose publish time is unknown (never dated by its tracking); reposts and
// videos beyond the limit get no line; the campaign list shows what the
// page shows.
func TestLedgerPaysOnlyWhatItCanTrust(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ws, _, coll := newCampaign(t, 100, 0, 0)
	acc := env.Account(t, ws, testenv.AccountOptions{Handle: "creator_" + uuid.NewString()[:4], Status: domain.ItemActive, CollectionID: &coll})
	published := campaignStart.Add(24 * time.Hour)
	end := published.Add(payout.DefaultWindow)
	video := func(kind domain.PostKind, status domain.Item) uuid.UUID {
		v := env.Video(t, ws, testenv.VideoOptions{PlatformID: uuid.NewString(), AccountID: acc, Status: status, PublishedAt: published,
			CreatedAt: published, LastScrapedAt: end})
		scalar[int](t, `UPDATE videos SET post_kind = $2 WHERE id = $1 RETURNING 1`, v, kind)
		return v
	}
	fresh, stale, collab := video(domain.KindOwn, domain.ItemActive), video(domain.KindOwn, domain.ItemActive), video(domain.KindCollab, domain.ItemActive)
	repost, beyond := video(domain.KindRepost, domain.ItemActive), video(domain.KindOwn, domain.ItemBeyondLimit)
	untimed := env.Video(t, ws, testenv.VideoOptions{PlatformID: uuid.NewString(), AccountID: acc, Status: domain.ItemActive,
		CreatedAt: published, LastScrapedAt: end})
	stray := env.Video(t, ws, testenv.VideoOptions{PlatformID: uuid.NewString(), AccountHandle: "stray", CollectionID: &coll, Status: domain.ItemActive,
		PublishedAt: published, CreatedAt: published, LastScrapedAt: end})
	creator := uuid.New()
	scalar[int](t, `INSERT INTO creators (id, workspace_id, name) VALUES ($1, $2, 'Chosen') RETURNING 1`, creator, ws)
	scalar[int](t, `UPDATE videos SET creator_id = $2 WHERE id = $1 RETURNING 1`, stray, creator)
	w := ingest.NewSnapshotWriter(env.CH, 100, time.Now())
	for v, at := range map[uuid.UUID]time.Time{fresh: end.Add(-time.Hour), stale: end.Add(-30 * time.Hour), collab: end.Add(-time.Hour),
		repost: end.Add(-time.Hour), beyond: end.Add(-time.Hour), untimed: end.Add(-time.Hour), stray: end.Add(-2 * time.Hour)} {
		err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: v, AccountID: acc, ScrapedAt: at,
			Metrics: ingest.Metrics{Views: ptr(uint64(20_000)), Likes: ptr(uint64(1_000)), Comments: ptr(uint64(100))}, JobID: uuid.New()})
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	read := querycampaigns.CampaignsHandler{DB: env.PG, CH: env.CH, Now: fixedNow(end.Add(-2 * time.Hour))}
	page, err := read.Page(ctx, ws, coll)
	if err != nil {
		t.Fatal(err)
	}
	list, err := read.List(ctx, ws)
	if err != nil {
		t.Fatal(err)
	}
	if page.Campaign.Videos != 5 || page.Campaign.NotPaid != 1 || len(list) != 1 || list[0].Videos != page.Campaign.Videos ||
		list[0].Creators != page.Campaign.Creators || *list[0].Spend.Projected != *page.Campaign.Spend.Projected {
		t.Fatalf("page %+v, list %+v: want 5 lines (the repost and the video beyond the limit unpaid), the list as the page", page.Campaign.CampaignSummary, list)
	}
	h := campaigns.SettlePayoutsHandler{DB: env.PG, Ledger: querycampaigns.SettlementHandler{DB: env.PG, CH: env.CH},
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: fixedNow(end.Add(7 * 24 * time.Hour))}
	if _, err := h.Settle(ctx, ws, coll); err != nil {
		t.Fatal(err)
	}
	line := func(v uuid.UUID) string {
		var got string
		err := env.PG.QueryRow(ctx, `SELECT status || ' ' || hold_reason || ' ' || payee || ' ' || (published_at IS NULL)::text FROM payout_lines WHERE collection_id = $1 AND video_id = $2`, coll, v).Scan(&got)
		if err == pgx.ErrNoRows {
			return "none"
		}
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	name := scalar[string](t, `SELECT handle FROM accounts WHERE id = $1`, acc)
	for v, want := range map[uuid.UUID]string{
		fresh: "locked  " + name + " false", stale: "held stale_snapshot " + name + " false", collab: "held collab " + name + " false",
		untimed: "held publish_time_unknown " + name + " true", stray: "locked  Chosen false", repost: "none", beyond: "none",
	} {
		if got := line(v); got != want {
			t.Errorf("video %s: %q, want %q", v, got, want)
		}
	}
	if detail := scalar[string](t, `SELECT hold_detail FROM payout_lines WHERE video_id = $1`, stale); !strings.Contains(detail, "30 h before the window closed") {
		t.Errorf("stale detail %q", detail)
	}
}

// TestPayeeChangeShowsOnTheLine: a member cannot re-point a line's payee;
// an owner who moves the account to another creator while the line is
// open is named on the line, projected and locked, and in the review.
func TestPayeeChangeShowsOnTheLine(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ws, owner, coll := newCampaign(t, 100, 0, 0)
	member := env.User(t, testenv.UserOptions{})
	env.Member(t, ws, member, domain.RoleMember)
	acc := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive, CollectionID: &coll})
	published := campaignStart.Add(24 * time.Hour)
	end := published.Add(payout.DefaultWindow)
	video := env.Video(t, ws, testenv.VideoOptions{PlatformID: uuid.NewString(), AccountID: acc, Status: domain.ItemActive, PublishedAt: published,
		CreatedAt: published, LastScrapedAt: end})
	w := ingest.NewSnapshotWriter(env.CH, 10, time.Now())
	if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: video, AccountID: acc,
		ScrapedAt: end.Add(-time.Hour), Metrics: ingest.Metrics{Views: ptr(uint64(10_000))}, JobID: uuid.New()}); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	saver := collections.SaveCreatorHandler{DB: env.PG}
	if _, err := saver.Create(ctx, collections.CreateCreator{WorkspaceID: ws, ActorID: member, Name: "Mine", AccountIDs: []uuid.UUID{acc}}); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("a member making a creator of the campaign's account: %v", err)
	}
	if _, err := saver.Create(ctx, collections.CreateCreator{WorkspaceID: ws, ActorID: owner, Name: "Nova", AccountIDs: []uuid.UUID{acc}}); err != nil {
		t.Fatal(err)
	}
	lines := func(now time.Time) []querycampaigns.Line {
		page, err := querycampaigns.CampaignsHandler{DB: env.PG, CH: env.CH, Now: fixedNow(now)}.Lines(ctx, ws, coll, querycampaigns.LinesQuery{})
		if err != nil {
			t.Fatal(err)
		}
		return page.Lines
	}
	email := scalar[string](t, `SELECT email FROM users WHERE id = $1`, owner)
	if ls := lines(end.Add(-2 * time.Hour)); len(ls) != 1 || ls[0].Payee.Name != "Nova" || ls[0].PayeeChange == nil || ls[0].PayeeChange.By != email {
		t.Fatalf("the projected line: %+v", ls)
	}
	h := campaigns.SettlePayoutsHandler{DB: env.PG, Ledger: querycampaigns.SettlementHandler{DB: env.PG, CH: env.CH},
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: fixedNow(end.Add(time.Hour))}
	if _, err := h.Settle(ctx, ws, coll); err != nil {
		t.Fatal(err)
	}
	if ls := lines(end.Add(2 * time.Hour)); len(ls) != 1 || ls[0].Status != "locked" || ls[0].PayeeChange == nil || ls[0].PayeeChange.By != email {
		t.Fatalf("the locked line: %+v", ls)
	}
	out, err := campaigns.ReviewPayoutsHandler{DB: env.PG, Now: time.Now}.Handle(ctx, campaigns.ReviewPayouts{WorkspaceID: ws, ActorID: owner, CollectionID: coll,
		Action: campaigns.Approve, VideoIDs: []uuid.UUID{video}})
	if err != nil || out.Changed != 1 || len(out.PayeeChanged) != 1 || out.PayeeChanged[0].Payee != "Nova" || out.PayeeChanged[0].By != email {
		t.Fatalf("the review: %+v, %v", out, err)
	}
}
