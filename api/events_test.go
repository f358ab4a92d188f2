package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/internal/testenv"
	queryalerts "github.com/reeltrack/reeltrack/query/alerts"
)

type cronEventsBody struct {
	Events struct {
		Milestones, Dispatched, Deliveries, Emails int
	}
}

// TestEventsReachTheirRules drives the events of the catalog the way
// production raises them: items tracked through the API, scraped by the
// simulator through its webhook, refreshed as the clocks move. A video that
// takes off past 1M views raises video.milestone once for each rule's
// threshold it passed, told to the rules of that threshold only (its views
// when first seen set its mark silently); a video whose scrapes keep failing raises
// tracking.failed at the third failure, once; an account's refresh that
// finds posts made since it was tracked raises account.new_post for each
// (its first scrape, which finds its existing posts, raises none). Each
// event is dispatched once: to the e-mail of the rule of its type and to
// the rule's channels (one delivery each), never to a rule of another type
// or scope, a disabled rule, or another workspace.
func TestEventsReachTheirRules(t *testing.T) {
	a, sim, inbox, clock := newAlertingApp(t, func(d *wiring.Deps) { d.Config.ChannelAllowedAddresses = "127.0.0.0/8" })
	ctx := context.Background()
	// only this test's rules are enabled, and earlier events are done with
	exec(t, `UPDATE alert_rules SET enabled = false`)
	exec(t, `UPDATE events SET dispatched_at = now() WHERE dispatched_at IS NULL`)

	workspace := func() (*http.Cookie, uuid.UUID, string) {
		owner := uniqueEmail("events")
		c := a.signUp(owner)
		a.verify(owner)
		ws := a.bootstrap(c).Workspace.ID
		exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000, seat_limit = 15 WHERE id = $1`, ws)
		return c, ws, owner
	}
	ours, ws, owner := workspace()
	theirs, theirWS, theirOwner := workspace()
	inbox.Take()

	track := func(c *http.Cookie, url string) uuid.UUID {
		t.Helper()
		var out trackOut
		a.request("POST", "/api/track", map[string]any{"url": url}, c).expect(t, 200).decode(t, &out)
		waitJob(t, out.JobID)
		return out.ID
	}
	rule := func(c *http.Cookie, body map[string]any) queryalerts.AlertRule {
		t.Helper()
		var r queryalerts.AlertRule
		a.request("POST", "/api/alerts", body, c).expect(t, 200).decode(t, &r)
		return r
	}
	// a Discord channel on a local receiver: the dispatch queues its
	// deliveries, the cron sends them
	rcv := newHookReceiver(t)
	var ch channelOut
	a.request("POST", "/api/channels", map[string]string{"kind": "discord", "name": "Ops", "url": rcv.URL + "/api/webhooks/1/x"}, ours).expect(t, 201).decode(t, &ch)
	channel := ch.ID

	// a rule of each type under test, and some that must stay silent
	milestones := rule(ours, map[string]any{"name": "Milestones", "eventType": "video.milestone", "threshold": 1_000_000, "channelIds": []uuid.UUID{channel}})
	if milestones.EventType != "video.milestone" || milestones.Threshold != 1_000_000 || !milestones.Email || len(milestones.ChannelIDs) != 1 {
		t.Fatalf("saved rule %+v", milestones)
	}
	rule(ours, map[string]any{"name": "Failing", "eventType": "tracking.failed"})
	rule(ours, map[string]any{"name": "New posts", "eventType": "account.new_post", "email": false, "channelIds": []uuid.UUID{channel}})
	// 100,000 views, the threshold of a milestone rule that gives none
	if r := rule(ours, map[string]any{"name": "YouTube only", "eventType": "video.milestone", "platform": "youtube"}); r.Threshold != 100_000 {
		t.Fatalf("a milestone rule without a threshold watches %v, want 100,000", r.Threshold)
	}
	a.request("POST", "/api/alerts", map[string]any{"name": "Half a view", "eventType": "video.milestone", "threshold": 0.5}, ours).
		expectError(t, 400, "invalid_request")
	rule(ours, map[string]any{"name": "Off", "eventType": "tracking.failed", "enabled": false})
	rule(theirs, map[string]any{"name": "Theirs", "eventType": "video.milestone"})
	// a rule needs somewhere to send; a channel of another workspace is
	// not found
	a.request("POST", "/api/alerts", map[string]any{"name": "Nowhere", "eventType": "account.new_post", "email": false}, ours).
		expectError(t, 400, "invalid_request")
	a.request("POST", "/api/alerts", map[string]any{"name": "Not ours", "eventType": "account.new_post", "channelIds": []uuid.UUID{channel}}, theirs).
		expect(t, 404)
	a.request("POST", "/api/alerts", map[string]any{"name": "Bad", "eventType": "video.exploded"}, ours).expectError(t, 400, "invalid_request")
	// a rule keeps its event
	a.request("POST", "/api/alerts", map[string]any{"id": milestones.ID, "eventType": "tracking.failed"}, ours).expectError(t, 400, "invalid_request")

	spike := track(ours, "https://www.tiktok.com/@spike.events/video/7301234567890123411")
	failing := track(ours, "https://www.tiktok.com/@private.events/video/7301234567890123412")
	account := track(ours, "https://www.tiktok.com/@events.poster")
	track(theirs, "https://www.tiktok.com/@calm.theirs/video/7301234567890123413")

	cron := func() cronEventsBody {
		t.Helper()
		var out cronEventsBody
		httpRequest(a, "GET", "/api/cron/alerts", "Bearer "+cronSecret).expect(t, 200).decode(t, &out)
		return out
	}
	later := func(by time.Duration) {
		t.Helper()
		clock.set(time.Until(clock.Now()) + by)
		req, err := http.NewRequest("POST", sim+"/sim/clock?by="+by.String(), nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer sim-token")
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("moving the simulator's clock: %v %v", res, err)
		}
		res.Body.Close()
		httpRequest(a, "GET", "/api/cron/refresh", "Bearer "+cronSecret).expect(t, 200)
		waitWorkspaceJobs(t, ws, theirWS)
	}
	events := func(typ string) []map[string]any {
		t.Helper()
		rows, err := env.PG.Query(ctx, `SELECT payload FROM events WHERE workspace_id = $1 AND type = $2 ORDER BY created_at, id`, ws, typ)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []map[string]any
		for rows.Next() {
			var raw []byte
			if err := rows.Scan(&raw); err != nil {
				t.Fatal(err)
			}
			var m map[string]any
			if err := json.Unmarshal(raw, &m); err != nil {
				t.Fatal(err)
			}
			out = append(out, m)
		}
		return out
	}
	mailsTo := func(mails []testenv.Mail, to string) []testenv.Mail {
		var out []testenv.Mail
		for _, m := range mails {
			if m.To == to {
				out = append(out, m)
			}
		}
		return out
	}

	// First scan: every item's milestone is marked without an event, and no
	// account has posted since it was tracked.
	cron()
	if n := count(t, `SELECT count(*) FROM events WHERE workspace_id = ANY($1)`, []uuid.UUID{ws, theirWS}); n != 0 {
		t.Fatalf("%d events before anything happened", n)
	}
	if n := count(t, `SELECT count(*) FROM milestone_marks WHERE workspace_id = $1 AND entity_id = $2`, ws, spike); n != 1 {
		t.Fatal("the spike video's milestone is not marked after the first scan")
	}

	// An hour on the spike video has taken off past 1M views, and so past
	// 100,000 too, which YouTube only watches: one event each; the failing
	// video failed a second time.
	later(61 * time.Minute)
	cron()
	got := events("video.milestone")
	passed := map[float64]bool{}
	for _, e := range got {
		if e["video"].(map[string]any)["id"] == spike.String() {
			passed[e["milestone"].(float64)] = true
		}
	}
	if len(got) != 2 || !passed[100_000] || !passed[1_000_000] {
		t.Fatalf("video.milestone events %v, want the spike video at 100,000 and 1,000,000", got)
	}
	// The account may have posted in that hour too (when depends on the
	// simulator's hour): its new posts go to the channel as well.
	earlyPosts := len(events("account.new_post"))
	if n := count(t, `SELECT count(*) FROM event_deliveries d JOIN events e ON e.id = d.event_id
		WHERE d.workspace_id = $1 AND d.channel_id = $2 AND d.status = 'delivered' AND e.type = 'video.milestone'`, ws, channel); n != 1 {
		t.Fatalf("%d milestone deliveries to the channel delivered, want the 1,000,000 views'", n)
	}
	rcv.mu.Lock()
	bodies := append([]string(nil), rcv.bodies...)
	rcv.mu.Unlock()
	// (the channel may send both events in one message)
	all := strings.Join(bodies, "\n")
	if strings.Count(all, "passed 1,000,000 views") != 1 || strings.Contains(all, "passed 100,000 views") ||
		!strings.Contains(all, "spike.events/video/7301234567890123411") || (earlyPosts == 0) != (strings.Count(all, "posted a new") == 0) {
		t.Fatalf("the Discord receiver got %q, want the milestone with its video's link (and %d new posts)", bodies, earlyPosts)
	}
	if n := len(events("tracking.failed")); n != 0 {
		t.Fatalf("tracking.failed after two failures: %d events", n)
	}
	mails := mailsTo(inbox.Take(), owner)
	if len(mails) != 1 || !strings.Contains(mails[0].Subject, "Milestones") || !strings.Contains(mails[0].Text, "passed 1,000,000 views") ||
		strings.Contains(mails[0].Text, "passed 100,000 views") {
		t.Fatalf("e-mails to the owner %+v, want one of the Milestones rule, of 1,000,000 views only", mails)
	}

	// Two days on: the X account has posted, and the failing video failed
	// a third time.
	later(48 * time.Hour)
	run := cron()
	posts := events("account.new_post")
	if len(posts) == 0 {
		rows, _ := env.PG.Query(ctx, `SELECT v.published_at, v.created_at, a.created_at, a.last_scraped_at, v.status FROM videos v JOIN accounts a ON a.id = v.account_id WHERE a.id = $1 ORDER BY v.published_at DESC LIMIT 5`, account)
		for rows.Next() {
			var p, c, ac, al *time.Time
			var st string
			_ = rows.Scan(&p, &c, &ac, &al, &st)
			t.Logf("video published %v created %v; account created %v scraped %v; %s", p, c, ac, al, st)
		}
		rows.Close()
		rows, _ = env.PG.Query(ctx, `SELECT j.reason, j.status, j.items_total, j.scraped_at, t.entity_kind FROM scrape_jobs j JOIN scrape_job_targets t ON t.job_id = j.id WHERE t.entity_id = $1 ORDER BY j.created_at`, account)
		for rows.Next() {
			var reason, st, kind string
			var n int
			var at *time.Time
			_ = rows.Scan(&reason, &st, &n, &at, &kind)
			t.Logf("job %s %s %d items at %v %s", reason, st, n, at, kind)
		}
		rows.Close()
		t.Fatal("no account.new_post after two days of an account posting every few hours")
	}
	for _, p := range posts {
		if p["account"].(map[string]any)["id"] != account.String() {
			t.Fatalf("new post of another account: %v", p)
		}
	}
	failed := events("tracking.failed")
	if len(failed) != 1 || failed[0]["kind"] != "video" || failed[0]["failures"] != float64(3) ||
		failed[0]["video"].(map[string]any)["id"] != failing.String() {
		t.Fatalf("tracking.failed events %v, want the private video once at 3 failures", failed)
	}
	if run.Events.Dispatched < len(posts)-earlyPosts+1 {
		t.Fatalf("dispatch %+v, want at least the %d new posts and the failure", run.Events, len(posts)-earlyPosts)
	}
	mails = mailsTo(inbox.Take(), owner)
	if len(mails) != 1 || !strings.Contains(mails[0].Subject, "Failing") {
		t.Fatalf("e-mails to the owner %+v, want the Failing rule's only (New posts sends no e-mail)", mails)
	}
	if n := count(t, `SELECT count(*) FROM event_deliveries d JOIN events e ON e.id = d.event_id
		WHERE d.channel_id = $1 AND e.type = 'account.new_post'`, channel); n != len(posts) {
		t.Fatalf("%d new post deliveries, want %d", n, len(posts))
	}

	// Nothing is told twice, a fourth failure raises nothing, and the
	// other workspace heard nothing.
	later(61 * time.Minute)
	cron()
	if n := len(events("tracking.failed")); n != 1 {
		t.Fatalf("%d tracking.failed events after a fourth failure, want 1", n)
	}
	if n := count(t, `SELECT count(*) FROM events WHERE dispatched_at IS NULL AND workspace_id = $1`, ws); n != 0 {
		t.Fatalf("%d events left undispatched", n)
	}
	if n := count(t, `SELECT count(*) FROM events WHERE workspace_id = $1`, theirWS); n != 0 {
		t.Fatalf("%d events in the other workspace", n)
	}
	if m := mailsTo(inbox.Take(), theirOwner); len(m) != 0 {
		t.Fatalf("the other workspace got %d e-mails", len(m))
	}

	// A deleted channel leaves the rules that sent to it, which can still
	// be saved. (The owner signs in again: days have passed.)
	ours = a.logIn(owner)
	a.request("DELETE", "/api/channels/"+channel.String(), nil, ours).expect(t, 204)
	var saved queryalerts.AlertRule
	a.request("POST", "/api/alerts", map[string]any{"id": milestones.ID, "name": "Milestones, e-mail only"}, ours).expect(t, 200).decode(t, &saved)
	if len(saved.ChannelIDs) != 0 {
		t.Fatalf("the rule still names the deleted channel: %v", saved.ChannelIDs)
	}
}
