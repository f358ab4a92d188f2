package api_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
)

// TestCampaignHoldsLowViewQuality: a campaign with a 48-hour validation
// window and a minimum view quality of 70. Its lines stay projected while
// their windows are closed and the validation window runs (the page counts
// them as validating, each says until when); then the settle run locks
// them, each with its score: a post like the account's others locks at
// 100; one whose views the platform took back during the validation window
// is held as low_quality, saying why; one with a fifth of the account's
// engagement is held too. The leaderboard shows the creator's score,
// weighted by views.
//
// Not parallel: the settle run settles every campaign of the package's
// database at the app's clock.
func TestCampaignHoldsLowViewQuality(t *testing.T) {
	monday := time.Date(2026, 8, 3, 0, 0, 0, 0, time.UTC)
	clock := &shiftedClock{}
	clock.set(time.Until(monday.Add(24 * time.Hour)))
	a := newApp(t, func(d *wiring.Deps) { d.Now, d.Config.CronSecret = clock.Now, cronSecret })
	owner := a.signUp(uniqueEmail("quality"))
	ws := a.bootstrap(owner).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000 WHERE id = $1`, ws)
	coll := env.Collection(t, ws, "Quality")
	creator := uuid.New()
	exec(t, `INSERT INTO creators (id, workspace_id, name) VALUES ($1, $2, 'Lea')`, creator, ws)
	acc := env.Account(t, ws, testenv.AccountOptions{Platform: platform.TikTok, Handle: "lea_tt", Status: domain.ItemActive, CollectionID: &coll, LastScrapedAt: time.Now()})
	exec(t, `UPDATE accounts SET creator_id = $2 WHERE id = $1`, acc, creator)
	w := ingest.NewSnapshotWriter(env.CH, 100, time.Now())
	snap := func(id uuid.UUID, at time.Time, views, likes, comments uint64) {
		t.Helper()
		if err := w.Add(context.Background(), ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: id, AccountID: acc,
			ScrapedAt: at, Metrics: ingest.Metrics{Views: u64(views), Likes: u64(likes), Comments: u64(comments)}, JobID: uuid.New()}); err != nil {
			t.Fatal(err)
		}
	}
	video := func(key string, published time.Time) uuid.UUID {
		return env.Video(t, ws, testenv.VideoOptions{Platform: platform.TikTok, PlatformID: key, AccountID: acc, AccountHandle: "lea_tt",
			Status: domain.ItemActive, PublishedAt: published, CreatedAt: published, LastScrapedAt: time.Now()})
	}
	// the account's history: four videos before the campaign, ~10,000 views, 5 % engagement
	for i, views := range []uint64{9_000, 10_000, 11_000, 12_000} {
		v := video("hist"+string(rune('a'+i)), monday.Add(-30*24*time.Hour))
		snap(v, monday.Add(-20*24*time.Hour), views, views/20, views/200)
	}
	a.request("POST", "/api/campaigns", map[string]any{
		"collectionId": coll, "currency": "USD", "startsAt": monday, "period": "weekly", "validationHours": 48, "minQuality": 70,
		"rules": map[string]any{"tiers": []map[string]int{{"fromViews": 0, "cpm": 100}}, "windowHours": 72},
	}, owner).expect(t, 201)
	published := monday.Add(time.Hour)
	windowEnd := published.Add(72 * time.Hour)
	good, fell, dull := video("q-good", published), video("q-fell", published), video("q-dull", published)
	snap(good, windowEnd.Add(-time.Hour), 10_500, 520, 55)
	snap(fell, windowEnd.Add(-time.Hour), 10_000, 500, 50)
	snap(dull, windowEnd.Add(-time.Hour), 10_000, 100, 5)
	// during the validation window, the platform takes back a fifth of one's views
	snap(fell, windowEnd.Add(24*time.Hour), 8_000, 500, 50)
	snap(good, windowEnd.Add(24*time.Hour), 10_600, 525, 55)
	if err := w.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	lines := func() (map[uuid.UUID]querycampaigns.Line, querycampaigns.CampaignPage) {
		t.Helper()
		ls, page := a.campaignLedger(t, coll, owner)
		out := map[uuid.UUID]querycampaigns.Line{}
		for _, l := range ls {
			out[l.VideoID] = l
		}
		return out, page
	}

	// the window closed a day ago: the lines wait out the validation window
	clock.set(time.Until(windowEnd.Add(25 * time.Hour)))
	httpRequest(a, "GET", "/api/cron/alerts", "Bearer "+cronSecret).expect(t, 200)
	got, page := lines()
	if page.Validating != 3 || page.AwaitingLock != 0 {
		t.Fatalf("during the validation window: %d validating, %d awaiting the lock", page.Validating, page.AwaitingLock)
	}
	for _, id := range []uuid.UUID{good, fell, dull} {
		l := got[id]
		if l.Status != domain.LineProjected || l.ValidatingUntil == nil || !l.ValidatingUntil.Equal(windowEnd.Add(48*time.Hour)) || l.Quality != nil {
			t.Fatalf("a line in its validation window: %+v", l)
		}
	}

	// the validation window over, the run locks them with their scores
	clock.set(time.Until(windowEnd.Add(49 * time.Hour)))
	httpRequest(a, "GET", "/api/cron/alerts", "Bearer "+cronSecret).expect(t, 200)
	got, page = lines()
	if l := got[good]; l.Status != domain.LineLocked || l.Quality == nil || *l.Quality != 100 || l.Views != 10_500 {
		t.Errorf("the post like the account's others: %+v", l)
	}
	if l := got[fell]; l.Status != domain.LineHeld || l.HoldReason != domain.HoldLowQuality || l.Quality == nil || *l.Quality >= 70 ||
		!strings.Contains(l.HoldDetail, "views fell 20%") || l.Views != 10_000 {
		t.Errorf("the post whose views were taken back: %+v (quality %v)", l, l.Quality)
	}
	if l := got[dull]; l.Status != domain.LineHeld || l.HoldReason != domain.HoldLowQuality || !strings.Contains(l.HoldDetail, "likes and comments") {
		t.Errorf("the post with a fifth of the engagement: %+v", l)
	}
	var standing *querycampaigns.CreatorStanding
	for i := range page.Creators {
		if page.Creators[i].Payee.ID == creator {
			standing = &page.Creators[i]
		}
	}
	if standing == nil || standing.Quality == nil {
		t.Fatalf("the leaderboard %+v", page.Creators)
	}
	q := func(id uuid.UUID) int64 { return int64(*got[id].Quality) * got[id].Views }
	want := (q(good) + q(fell) + q(dull) + 15_250) / 30_500
	if int64(*standing.Quality) != want {
		t.Errorf("the creator's score %d, want the views-weighted %d", *standing.Quality, want)
	}
	if page.Validating != 0 {
		t.Errorf("after the lock, %d lines still validating", page.Validating)
	}
}
