package campaigns_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
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

// TestPayoutsReplayFromRawSnapshots runs a campaign of 150 videos by 8
// creators over five simulated weeks, settling once a day, with tiers, a
// view cap, a minimum, base pay and a maximum, creator caps and a budget
// that bind, cross-posted clips and a rules change in the middle. Then it
// recomputes every locked line from scratch: the rules version in force at
// the video's publication, the views of the last raw snapshot in
// metric_snapshots at or before the window's end, the price, and the caps
// in lock order; each must equal what was stored.
func TestPayoutsReplayFromRawSnapshots(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 28))
	ws, owner, id := newCampaign(t, 150, 0, 0)
	scalar[int](t, `UPDATE campaigns SET budget = 400000 WHERE collection_id = $1 RETURNING 1`, id)
	scalar[int](t, `UPDATE campaign_rules SET tiers = '[{"fromViews":0,"cpm":150},{"fromViews":20000,"cpm":100},{"fromViews":100000,"cpm":40}]',
		view_cap = 300000, min_views = 1000, min_amount = 50, max_amount = 20000, creator_cap = 30000 WHERE collection_id = $1 RETURNING 1`, id)
	scalar[int](t, `UPDATE collections SET name = 'Replay' WHERE id = $1 RETURNING 1`, id)

	type video struct {
		id, account uuid.UUID
		plat        platform.Platform
		published   time.Time
	}
	var videos []video
	captions := []string{"Three habits that doubled my focus", "The best pasta you will ever make", "I tried the viral lamp so you don't have to",
		"Unboxing the tiniest camera on earth", "What nobody tells you about moving abroad"}
	for c := range 8 {
		creator := uuid.New()
		scalar[int](t, `INSERT INTO creators (id, workspace_id, name) VALUES ($1, $2, $3) RETURNING 1`, creator, ws, fmt.Sprintf("creator %d", c))
		for _, plat := range []platform.Platform{platform.TikTok, platform.Instagram} {
			acc := env.Account(t, ws, testenv.AccountOptions{Platform: plat, Handle: fmt.Sprintf("c%d_%s", c, plat), Status: domain.ItemActive, CollectionID: &id})
			scalar[int](t, `UPDATE accounts SET creator_id = $2 WHERE id = $1 RETURNING 1`, acc, creator)
			for range 9 + rng.IntN(3) {
				published := campaignStart.Add(time.Duration(rng.IntN(21*24)) * time.Hour)
				caption := captions[rng.IntN(len(captions))]
				v := env.Video(t, ws, testenv.VideoOptions{Platform: plat, PlatformID: uuid.NewString(), AccountID: acc, Caption: caption,
					Status: domain.ItemActive, PublishedAt: published, CreatedAt: published})
				videos = append(videos, video{v, acc, plat, published})
			}
		}
	}
	// snapshots every 5 to 40 hours up to five weeks, views growing at a
	// pace of the video's own
	w := ingest.NewSnapshotWriter(env.CH, 5000, time.Now())
	for _, v := range videos {
		pace := 50 + rng.Float64()*4000
		if rng.IntN(8) == 0 {
			pace *= 40 // a hit, beyond the view cap
		}
		var views uint64
		for at := v.published.Add(time.Hour); at.Before(campaignStart.Add(36 * 24 * time.Hour)); at = at.Add(time.Duration(5+rng.IntN(36)) * time.Hour) {
			views += uint64(pace * (1 + rng.Float64()))
			err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: v.plat, Kind: platform.Video, EntityID: v.id, AccountID: v.account, ScrapedAt: at,
				Metrics: ingest.Metrics{Views: ptr(views), Likes: ptr(views / 25), Comments: ptr(views / 300)}, JobID: uuid.New()})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}

	settle := func(now time.Time) {
		h := campaigns.SettlePayoutsHandler{DB: env.PG, Ledger: querycampaigns.SettlementHandler{DB: env.PG, CH: env.CH},
			Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: fixedNow(now)}
		if _, err := h.Settle(ctx, ws, id); err != nil {
			t.Fatal(err)
		}
	}
	for day := 1; day <= 35; day++ {
		now := campaignStart.Add(time.Duration(day) * 24 * time.Hour)
		if day == 11 {
			// mid-campaign, richer rules for the videos published from now on
			_, err := campaigns.ChangeCampaignRulesHandler{DB: env.PG, Now: fixedNow(now)}.Handle(ctx, campaigns.ChangeCampaignRules{WorkspaceID: ws, ActorID: owner, CollectionID: id,
				Rules: payout.Terms{Tiers: []payout.Tier{{From: 0, CPM: 250}, {From: 50_000, CPM: 120}}, ViewCap: 250_000, CreatorCap: 40_000, WindowHours: 120}})
			if err != nil {
				t.Fatal(err)
			}
		}
		settle(now)
	}

	// the replay
	type rules struct {
		created                                                     time.Time
		tiers                                                       []payout.Tier
		viewCap, minViews, minAmount, maxAmount, creatorCap, window int64
	}
	var versions []rules
	rows, err := env.PG.Query(ctx, `SELECT created_at, tiers, view_cap, min_views, min_amount, max_amount, creator_cap, window_hours FROM campaign_rules WHERE collection_id = $1 ORDER BY version`, id)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var r rules
		var tiers []byte
		if err := rows.Scan(&r.created, &tiers, &r.viewCap, &r.minViews, &r.minAmount, &r.maxAmount, &r.creatorCap, &r.window); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(tiers, &r.tiers); err != nil {
			t.Fatal(err)
		}
		versions = append(versions, r)
	}
	price := func(r rules, views int64) (int64, int64) {
		if views <= 0 || views < r.minViews {
			return 0, 0
		}
		paid := min(views, r.viewCap)
		if r.viewCap == 0 {
			paid = views
		}
		var sum int64 // views × CPM fit in 64 bits here
		for i, tier := range r.tiers {
			upTo := paid
			if i+1 < len(r.tiers) {
				upTo = min(paid, r.tiers[i+1].From)
			}
			if upTo > tier.From {
				sum += (upTo - tier.From) * int64(tier.CPM)
			}
		}
		amount := max(sum/1000, r.minAmount)
		if r.maxAmount > 0 {
			amount = min(amount, r.maxAmount)
		}
		return paid, amount
	}
	type stored struct {
		video                           uuid.UUID
		version                         int
		payee, clip                     string
		published, windowEnd, period    time.Time
		views, paidViews, price, amount int64
		status, hold                    string
	}
	rows, err = env.PG.Query(ctx, `
		SELECT video_id, rules_version, COALESCE(creator_id::text, account_id::text, video_id::text), clip, published_at, window_end, period_start,
			views, paid_views, price, amount, status, hold_reason
		FROM payout_lines WHERE collection_id = $1 ORDER BY seq`, id)
	if err != nil {
		t.Fatal(err)
	}
	var lines []stored
	for rows.Next() {
		var l stored
		if err := rows.Scan(&l.video, &l.version, &l.payee, &l.clip, &l.published, &l.windowEnd, &l.period, &l.views, &l.paidViews, &l.price, &l.amount, &l.status, &l.hold); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, l)
	}
	if len(lines) < 120 {
		t.Fatalf("only %d of %d lines locked after five weeks", len(lines), len(videos))
	}
	var total int64
	perCreator := map[string]int64{}
	bestClip := map[string]int64{}
	binds := map[string]int{}
	for _, l := range lines {
		v := 0
		for i, r := range versions {
			if !r.created.After(l.published) {
				v = i
			}
		}
		r := versions[v]
		if l.version != v+1 {
			t.Errorf("%s: version %d, published %s under version %d", l.video, l.version, l.published, v+1)
		}
		if want := l.published.Add(time.Duration(r.window) * time.Hour); !l.windowEnd.Equal(want) {
			t.Errorf("%s: window ends %s, want %s", l.video, l.windowEnd, want)
		}
		var raw uint64
		err := env.CH.QueryRow(ctx, `SELECT argMax(views, scraped_at) FROM metric_snapshots WHERE workspace_id = ? AND entity_id = ? AND scraped_at <= ?`,
			ws, l.video, l.windowEnd.UTC()).Scan(&raw)
		if err != nil || int64(raw) != l.views {
			t.Errorf("%s: %d views locked, the raw snapshots say %d at %s (%v)", l.video, l.views, raw, l.windowEnd, err)
		}
		paid, amount := price(r, l.views)
		if paid != l.paidViews || amount != l.price {
			t.Errorf("%s: priced %d views at %d, want %d at %d", l.video, l.paidViews, l.price, paid, amount)
		}
		// the caps in lock order: the clip's best earlier price, the
		// creator's week, the budget
		pay := amount
		if l.clip != "" {
			pay = max(0, pay-bestClip[l.clip])
			bestClip[l.clip] = max(bestClip[l.clip], amount)
		}
		key := l.payee + l.period.String()
		if r.creatorCap > 0 {
			pay = min(pay, max(0, r.creatorCap-perCreator[key]))
		}
		pay = min(pay, max(0, 400000-total))
		if pay != l.amount {
			t.Errorf("%s: amount %d, recomputed %d", l.video, l.amount, pay)
		}
		total += l.amount
		perCreator[key] += l.amount
		binds[fmt.Sprint(l.version)]++
	}
	var bounds []string
	if err := env.PG.QueryRow(ctx, `SELECT array_agg(DISTINCT bound) FROM payout_lines WHERE collection_id = $1`, id).Scan(&bounds); err != nil {
		t.Fatal(err)
	}
	for _, b := range []string{"view_cap", "cross_post", "creator_cap", "budget"} {
		found := false
		for _, got := range bounds {
			found = found || got == b
		}
		if !found {
			t.Errorf("no line bound by %s (bounds %q): the replay does not cover it", b, bounds)
		}
	}
	if binds["1"] == 0 || binds["2"] == 0 {
		t.Errorf("lines by rules version %v: both versions must be covered", binds)
	}
}

// TestSettleHoldsForReview: the settle run, reading the real snapshots,
// holds a line whose views burst beyond its account's history without the
// likes and comments to match, one whose video went unavailable before its
// window closed, and one with no snapshot before then; a plain line locks.
func TestSettleHoldsForReview(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ws, _, id := newCampaign(t, 100, 0, 0)
	acc := env.Account(t, ws, testenv.AccountOptions{Handle: "steady", Status: domain.ItemActive, CollectionID: &id})
	published := campaignStart.Add(24 * time.Hour)
	end := published.Add(payout.DefaultWindow)
	video := func(status domain.Item, lastScraped time.Time) uuid.UUID {
		return env.Video(t, ws, testenv.VideoOptions{PlatformID: uuid.NewString(), AccountID: acc, Status: status, PublishedAt: published,
			CreatedAt: published, LastScrapedAt: lastScraped})
	}
	var history []uuid.UUID
	for range 4 {
		history = append(history, video(domain.ItemActive, end))
	}
	burst, plain := video(domain.ItemActive, end), video(domain.ItemActive, end)
	gone, never := video(domain.ItemError, published.Add(48*time.Hour)), video(domain.ItemActive, time.Time{})
	scalar[int](t, `UPDATE videos SET status_reason = 'the video is private or deleted' WHERE id = $1 RETURNING 1`, gone)
	w := ingest.NewSnapshotWriter(env.CH, 100, time.Now())
	snap := func(v uuid.UUID, at time.Time, views, likes uint64) {
		err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: v, AccountID: acc, ScrapedAt: at,
			Metrics: ingest.Metrics{Views: ptr(views), Likes: ptr(likes), Comments: ptr(likes / 10)}, JobID: uuid.New()})
		if err != nil {
			t.Fatal(err)
		}
	}
	for i, v := range history {
		snap(v, end.Add(-time.Hour), uint64(20_000+i*1_000), 1_000)
	}
	snap(burst, end.Add(-time.Hour), 900_000, 400)
	snap(plain, end.Add(-time.Hour), 30_000, 1_500)
	snap(gone, published.Add(40*time.Hour), 5_000, 200)
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	h := campaigns.SettlePayoutsHandler{DB: env.PG, Ledger: querycampaigns.SettlementHandler{DB: env.PG, CH: env.CH},
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: fixedNow(end.Add(time.Hour))}
	if _, err := h.Settle(ctx, ws, id); err != nil {
		t.Fatal(err)
	}
	for v, want := range map[uuid.UUID]string{burst: "held burst", plain: "locked ", gone: "held unavailable", never: "held no_snapshot", history[0]: "locked "} {
		if got := scalar[string](t, `SELECT status || ' ' || hold_reason FROM payout_lines WHERE collection_id = $1 AND video_id = $2`, id, v); got != want {
			t.Errorf("video %s: %q, want %q", v, got, want)
		}
	}
	if detail := scalar[string](t, `SELECT hold_detail FROM payout_lines WHERE video_id = $1`, gone); detail != "the video is private or deleted" {
		t.Errorf("unavailable detail %q", detail)
	}
}

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

// TestOpenVideosOfMovedVideos: a campaign's open lines are its videos
// without a line of it, whatever lines of other campaigns they hold: a
// video stored in a second campaign and back is stored in the first, not
// open; one stored in a second campaign only and moved in is open; a line
// removed makes its video open again; a video deleted takes its line.
func TestOpenVideosOfMovedVideos(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ws, owner, x := newCampaign(t, 100, 0, 0)
	y := env.Collection(t, ws, "Second")
	if err := (campaigns.CreateCampaignHandler{DB: env.PG, Now: fixedNow(campaignStart)}).Handle(ctx, campaigns.CreateCampaign{
		WorkspaceID: ws, ActorID: owner, CollectionID: y, Currency: "USD", Period: "weekly",
		Settings: domain.CampaignSettings{StartsAt: campaignStart},
		Rules:    payout.Terms{Tiers: []payout.Tier{{From: 0, CPM: 100}}},
	}); err != nil {
		t.Fatal(err)
	}
	acc := env.Account(t, ws, testenv.AccountOptions{Platform: platform.TikTok, Status: domain.ItemActive, CollectionID: &x})
	first := campaignStart.Add(time.Hour)
	video := func(published time.Time, opts testenv.VideoOptions) uuid.UUID {
		opts.Platform, opts.PlatformID, opts.Status, opts.PublishedAt, opts.CreatedAt = platform.TikTok, uuid.NewString(), domain.ItemActive, published, published
		return env.Video(t, ws, opts)
	}
	a1 := video(first, testenv.VideoOptions{AccountID: acc})
	a2 := video(first.Add(time.Hour), testenv.VideoOptions{AccountID: acc})
	b1 := video(first.Add(2*time.Hour), testenv.VideoOptions{CollectionID: &x})
	c1 := video(first.Add(3*time.Hour), testenv.VideoOptions{CollectionID: &y})
	now := first.Add(payout.DefaultWindow + 3*time.Hour)
	// published after the others' windows closed: open at now
	a3 := video(now.Add(-time.Hour), testenv.VideoOptions{AccountID: acc})

	settle := campaigns.SettlePayoutsHandler{DB: env.PG, Ledger: querycampaigns.SettlementHandler{DB: env.PG, CH: env.CH},
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: fixedNow(now)}
	read := querycampaigns.CampaignsHandler{DB: env.PG, CH: env.CH, Now: fixedNow(now)}
	// stored lines of campaign c, and its open (projected) ones
	ledger := func(c uuid.UUID) (stored, open map[uuid.UUID]bool) {
		t.Helper()
		page, err := read.Lines(ctx, ws, c, querycampaigns.LinesQuery{Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		stored, open = map[uuid.UUID]bool{}, map[uuid.UUID]bool{}
		for _, ln := range page.Lines {
			if ln.Status == domain.LineProjected {
				open[ln.VideoID] = true
			} else {
				stored[ln.VideoID] = true
			}
		}
		if len(page.Lines) != page.Total {
			t.Fatalf("%d lines of %d", len(page.Lines), page.Total)
		}
		return stored, open
	}
	want := func(step string, c uuid.UUID, stored, open []uuid.UUID) {
		t.Helper()
		s, o := ledger(c)
		if len(s) != len(stored) || len(o) != len(open) {
			t.Fatalf("%s: %d stored and %d open lines, want %d and %d", step, len(s), len(o), len(stored), len(open))
		}
		for _, v := range stored {
			if !s[v] {
				t.Errorf("%s: video %s is not stored", step, v)
			}
		}
		for _, v := range open {
			if !o[v] {
				t.Errorf("%s: video %s is not open", step, v)
			}
		}
	}

	want("before the settle run", x, nil, []uuid.UUID{a1, a2, b1, a3})
	if run, err := settle.Settle(ctx, ws, x); err != nil || run.Locked != 3 {
		t.Fatalf("settle: %+v, %v; want the three closed windows stored", run, err)
	}
	want("settled", x, []uuid.UUID{a1, a2, b1}, []uuid.UUID{a3})

	// a1 moves to the second campaign and is stored there
	exec(t, `UPDATE videos SET collection_id = $2 WHERE id = $1`, a1, y)
	if run, err := settle.Settle(ctx, ws, y); err != nil || run.Locked != 2 {
		t.Fatalf("settle the second campaign: %+v, %v; want a1 and c1 stored", run, err)
	}
	// a line once stored stays in its campaign's ledger
	want("a1 in the second campaign", x, []uuid.UUID{a1, a2, b1}, []uuid.UUID{a3})
	want("a1 in the second campaign", y, []uuid.UUID{a1, c1}, nil)
	// back in the first, it is stored there still, not open again
	exec(t, `UPDATE videos SET collection_id = NULL WHERE id = $1`, a1)
	want("a1 back", x, []uuid.UUID{a1, a2, b1}, []uuid.UUID{a3})
	if run, err := settle.Settle(ctx, ws, x); err != nil || run.Locked != 0 {
		t.Fatalf("settle again: %+v, %v; want nothing stored twice", run, err)
	}
	// c1, stored in the second campaign, moves to the first: open there
	exec(t, `UPDATE videos SET collection_id = $2 WHERE id = $1`, c1, x)
	want("c1 moved in", x, []uuid.UUID{a1, a2, b1}, []uuid.UUID{a3, c1})
	exec(t, `UPDATE videos SET collection_id = $2 WHERE id = $1`, c1, y)

	// a line removed (by hand: the service never removes one) is a new
	// ledger version; its video is open again
	removed := func(c, v uuid.UUID) {
		exec(t, `DELETE FROM payout_lines WHERE collection_id = $1 AND video_id = $2`, c, v)
		exec(t, `UPDATE campaigns SET ledger_version = ledger_version + 1 WHERE collection_id = $1`, c)
	}
	removed(x, a2)
	want("a2's line removed", x, []uuid.UUID{a1, b1}, []uuid.UUID{a2, a3})
	// removing the second campaign's line of a1 leaves the first's alone
	removed(y, a1)
	want("a1's second line removed", x, []uuid.UUID{a1, b1}, []uuid.UUID{a2, a3})

	// a video deleted takes its line with it
	exec(t, `DELETE FROM videos WHERE id = $1`, b1)
	exec(t, `UPDATE campaigns SET ledger_version = ledger_version + 1 WHERE collection_id = $1`, x)
	if n := scalar[int](t, `SELECT count(*) FROM payout_lines WHERE video_id = $1`, b1); n != 0 {
		t.Errorf("%d lines of a deleted video", n)
	}
	want("b1 deleted", x, []uuid.UUID{a1}, []uuid.UUID{a2, a3})
}
