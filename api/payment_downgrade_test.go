package api_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// TestLowerPlanKeepsItemsButBlocksAndPausesBeyondTheLimit moves a
// workspace from growth (1000 videos) to starter (250) below its usage:
// every item stays, tracking more answers 403, and the refresh cron
// queues only the oldest items whose running total fits the limit, until
// removing an account brings the workspace back within it.
func TestLowerPlanKeepsItemsButBlocksAndPausesBeyondTheLimit(t *testing.T) {
	f := newFakeStripe(t)
	a, _ := newScrapingAppWith(t, withStripe(f.URL))
	owner := a.signUp(uniqueEmail("downgrade"))
	ws := a.bootstrap(owner).Workspace
	short := uuid.NewString()[:8]
	s := &subscribed{a: a, f: f, owner: owner, ws: ws.ID, sub: "sub_" + short, cus: "cus_" + short}
	s.set("active", "price_growth_month")
	expectApplied(t, a.deliver(s.completed(t)), "applied")

	// Tracked a minute apart, oldest first; the paused account counts and
	// keeps its place but is never refreshed.
	start := time.Now().Add(-time.Hour)
	type item struct {
		name, kind, status string
		cost               int
		id                 uuid.UUID
	}
	items := []*item{
		{name: "paused account", kind: "account", status: "paused", cost: 30},
		{name: "account 1", kind: "account", status: "active", cost: 100},
		{name: "video 1", kind: "video", cost: 1},
		{name: "account 2", kind: "account", status: "active", cost: 100},
		{name: "video 2", kind: "video", cost: 1},                         // running total 232
		{name: "account 3", kind: "account", status: "active", cost: 100}, // 332: beyond 250
		{name: "video 3", kind: "video", cost: 1},
	}
	for i, it := range items {
		at := start.Add(time.Duration(i) * time.Minute)
		key := short + strings.ReplaceAll(it.name, " ", "")
		if it.kind == "account" {
			it.id = env.Account(t, ws.ID, testenv.AccountOptions{Handle: key, Status: domain.Item(it.status), TrackingLimit: it.cost, CreatedAt: at})
		} else {
			it.id = env.Video(t, ws.ID, testenv.VideoOptions{Platform: platform.YouTube, PlatformID: key, CreatedAt: at})
		}
	}

	s.set("active", "price_starter_month")
	expectApplied(t, a.deliver(s.subscriptionEvent(t, "updated", fakeSub{Customer: s.cus, Status: "active"})), "applied")
	w := a.bootstrap(owner).Workspace
	if w.Plan != "starter" || w.VideoLimit != 250 || w.Usage.Videos != 333 || !w.HasAccess {
		t.Fatalf("after the downgrade: %+v, want starter, limit 250, all 333 of usage kept, access", w)
	}
	if n := count(t, `SELECT (SELECT count(*) FROM accounts WHERE workspace_id = $1 AND status <> 'removed') + (SELECT count(*) FROM videos WHERE workspace_id = $1)`, ws.ID); n != len(items) {
		t.Fatalf("%d items after the downgrade, want all %d", n, len(items))
	}
	e := a.request("POST", "/api/track", map[string]string{"url": "https://www.tiktok.com/@someone/video/7301234567890123456"}, owner).
		expectError(t, 403, "forbidden")
	if !strings.Contains(e.Message, "plan limit") {
		t.Fatalf("403 message %q", e.Message)
	}

	// An item is queued when a refresh job names it: the simulator may have
	// finished the job, and cleared the item's queued mark, by the time
	// this looks.
	queued := func() map[string]bool {
		out := map[string]bool{}
		for _, it := range items {
			out[it.name] = count(t, `SELECT count(*) FROM scrape_job_targets WHERE entity_id = $1`, it.id) > 0
		}
		return out
	}
	httpRequest(a, "GET", "/api/cron/refresh", "Bearer "+cronSecret).expect(t, 200)
	want := map[string]bool{"paused account": false, "account 1": true, "video 1": true, "account 2": true, "video 2": true, "account 3": false, "video 3": false}
	if got := queued(); !equalSets(got, want) {
		t.Fatalf("queued after the downgrade %v, want %v", got, want)
	}

	// Removing account 2 brings usage to 233: the rest refresh again, and
	// tracking works again.
	a.request("DELETE", "/api/accounts/"+items[3].id.String(), nil, owner).expect(t, 200)
	httpRequest(a, "GET", "/api/cron/refresh", "Bearer "+cronSecret).expect(t, 200)
	if got := queued(); !got["account 3"] || !got["video 3"] || got["paused account"] {
		t.Fatalf("queued after the removal %v, want account 3 and video 3 too", got)
	}
	a.request("POST", "/api/track", map[string]string{"url": "https://www.tiktok.com/@someone/video/7301234567890123456"}, owner).expect(t, 200)
}

func equalSets(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
