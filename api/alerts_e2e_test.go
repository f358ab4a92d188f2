package api_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/internal/mail"
	"github.com/reeltrack/reeltrack/internal/testenv"
	queryalerts "github.com/reeltrack/reeltrack/query/alerts"
	querycollections "github.com/reeltrack/reeltrack/query/collections"
)

// shiftedClock is the service's clock: the real time moved on by a span the
// test sets, so refreshes fall due and cooldowns run out without waiting.
type shiftedClock struct {
	mu    sync.Mutex
	ahead time.Duration
}

func (c *shiftedClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.ahead)
}

func (c *shiftedClock) set(ahead time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ahead = ahead
}

type alertRunBody struct {
	Scanned, Matched, Alerted, EmailsSent, EmailsFailed, EmailsSkipped int
}

// newAlertingApp is an app that scrapes from the simulator (sim) and sends
// its e-mails to a real SMTP server (inbox), on a clock the test moves;
// change, when set, changes its settings further.
func newAlertingApp(t *testing.T, change func(*wiring.Deps)) (*testApp, string, *testenv.Inbox, *shiftedClock) {
	t.Helper()
	inbox := testenv.SMTP(t)
	clock := &shiftedClock{}
	sender, err := mail.NewSender(mail.Options{URL: inbox.URL, From: "reeltrack <alerts@example.com>", SendTimeout: 10 * time.Second},
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	a, sim := newScrapingAppWith(t, func(d *wiring.Deps) {
		d.Now = clock.Now
		d.Mail = outbox.Mailer{Mail: sender}
		if change != nil {
			change(d)
		}
	}, "-quirks=false")
	return a, sim, inbox, clock
}

// tracked is a workspace of the end-to-end test, as its user sees it.
type tracked struct {
	cookie *http.Cookie
	ws     uuid.UUID
	owner  string
	ids    map[string]uuid.UUID // by the key the test gave each tracked item
}

// TestCronAlertsEndToEnd loads snapshots the way production does: items are
// tracked through the API, the scraping simulator serves them, its webhook
// calls the completion route, and the scheduled refresh scrapes them again,
// by when the simulator's "spike" inputs have taken off (1,000,000 more
// views). /api/cron/alerts then e-mails, through a real SMTP server, exactly
// the videos each rule covers to its recipients; a second call sends
// nothing; after the cooldown the rules alert again; a deferred delivery is
// retried after its back-off; paused accounts' videos and disabled rules
// stay silent; a collection-scoped rule ignores other videos; and no
// workspace hears of another's videos, even of the same video.
func TestCronAlertsEndToEnd(t *testing.T) {
	a, sim, inbox, clock := newAlertingApp(t, nil)
	cron := func(path string) alertRunBody {
		t.Helper()
		var out alertRunBody
		httpRequest(a, "GET", path, "Bearer "+cronSecret).expect(t, 200).decode(t, &out)
		return out
	}
	// the scan covers every workspace of the package's database: only this
	// test's rules are enabled, so its counts are its own
	exec(t, `UPDATE alert_rules SET enabled = false`)

	workspace := func() *tracked {
		owner := uniqueEmail("alerts")
		c := a.signUp(owner)
		a.verify(owner) // alert e-mails go to verified addresses only
		w := &tracked{cookie: c, ws: a.bootstrap(c).Workspace.ID, owner: owner, ids: map[string]uuid.UUID{}}
		// hourly refreshes
		exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000, seat_limit = 15 WHERE id = $1`, w.ws)
		return w
	}
	// join invites a new teammate, who signs up, and returns their e-mail:
	// alert e-mails go only to members
	join := func(w *tracked, prefix string) string {
		t.Helper()
		email := uniqueEmail(prefix)
		if got := a.bootstrap(a.member(w.cookie, email, "member")).Workspace.ID; got != w.ws {
			t.Fatalf("%s joined %s, want %s", email, got, w.ws)
		}
		return email
	}
	track := func(w *tracked, key, url string, collection *uuid.UUID) {
		t.Helper()
		body := map[string]any{"url": url}
		if collection != nil {
			body["collection_id"] = collection
		}
		var out trackOut
		a.request("POST", "/api/track", body, w.cookie).expect(t, 200).decode(t, &out)
		if got := waitJob(t, out.JobID); got != "processed" {
			t.Fatalf("tracking %s: job %s", url, got)
		}
		w.ids[key] = out.ID
	}
	rule := func(w *tracked, body map[string]any) uuid.UUID {
		t.Helper()
		var r queryalerts.AlertRule
		a.request("POST", "/api/alerts", body, w.cookie).expect(t, 200).decode(t, &r)
		return r.ID
	}

	ours, theirs := workspace(), workspace()
	// Take-off names no recipients: it mails every member, the owner and
	// the launch member
	launchMember, themMember := join(ours, "launch"), join(theirs, "them")
	inbox.Take() // the verification and invite e-mails
	var launch querycollections.Collection
	a.request("POST", "/api/collections", map[string]string{"name": "Launch"}, ours.cookie).expect(t, 200).decode(t, &launch)
	// ours: two videos about to take off (one in the collection), one that
	// will not, and an account whose videos will
	track(ours, "v1", "https://www.tiktok.com/@spike.one/video/7301234567890123401", &launch.ID)
	track(ours, "v2", "https://www.tiktok.com/@spike.two/video/7301234567890123402", nil)
	track(ours, "calm", "https://www.tiktok.com/@calm.three/video/7301234567890123403", nil)
	track(ours, "acc", "https://www.tiktok.com/@spike.garden", nil)
	// theirs: a video of their own, and v2 tracked after ours, so their
	// first scrape already shows its take-off and theirs never gains
	track(theirs, "v4", "https://www.tiktok.com/@spike.four/video/7301234567890123404", nil)
	track(theirs, "v2", "https://www.tiktok.com/@spike.two/video/7301234567890123402", nil)
	// from now on the account's refreshes scrape its newest two videos
	rows, err := env.PG.Query(context.Background(), `SELECT id FROM videos WHERE account_id = $1`, ours.ids["acc"])
	if err != nil {
		t.Fatal(err)
	}
	accVideos, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil || len(accVideos) == 0 {
		t.Fatalf("the account brought no videos (%v)", err)
	}
	a.request("PATCH", "/api/accounts/"+ours.ids["acc"].String(), map[string]any{"tracking_limit": 2}, ours.cookie).expect(t, 200)

	const gain = 900_000 // less than a take-off, more than any of these videos' views before it
	takeOff := rule(ours, map[string]any{"name": "Take-off", "metric": "views", "condition": "gain", "threshold": gain, "windowHours": 6, "cooldownHours": 1})
	launchOnly := rule(ours, map[string]any{"name": "Launch only", "metric": "views", "condition": "gain", "threshold": gain, "windowHours": 6,
		"cooldownHours": 1, "collectionId": launch.ID, "recipients": []string{launchMember}})
	rule(ours, map[string]any{"name": "Off", "metric": "views", "condition": "gain", "threshold": 1, "windowHours": 6, "enabled": false,
		"recipients": []string{launchMember}})
	rule(theirs, map[string]any{"name": "Theirs", "metric": "views", "condition": "gain", "threshold": gain, "windowHours": 6,
		"cooldownHours": 1, "recipients": []string{themMember}})

	// One scrape each: nothing has gained anything yet.
	if run := cron("/api/cron/alerts"); run.Matched != 0 || run.EmailsSent != 0 {
		t.Fatalf("before any take-off %+v", run)
	}

	// An hour on (for the service and the provider alike: the hourly
	// projection keeps one snapshot per hour), the scheduled refresh scrapes
	// everything again through the webhook, and the spike inputs have
	// taken off.
	clock.set(61 * time.Minute)
	req, err := http.NewRequest("POST", sim+"/sim/clock?by=61m", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer sim-token")
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("moving the simulator's clock: %v %v", res, err)
	}
	res.Body.Close()
	cron("/api/cron/refresh")
	waitWorkspaceJobs(t, ours.ws, theirs.ws)
	for key, w := range map[string]*tracked{"v1": ours, "v2": ours, "calm": ours, "v4": theirs} {
		if n := snapshotCount(t, w.ids[key]); n != 2 {
			t.Fatalf("%s has %d snapshots, want 2 (track and refresh)", key, n)
		}
	}
	// as the background merges of a running server would: one row per hour
	if err := env.CH.Exec(context.Background(), "OPTIMIZE TABLE entity_hourly FINAL"); err != nil {
		t.Fatal(err)
	}
	// The account's two newest videos were refreshed: those it tracked,
	// or, when it posted in that hour, the new post (tracked from this
	// scrape, in the place of the oldest) and the newest before it.
	refreshed := accVideosTracked(t, ours.ids["acc"])
	if len(refreshed) != 2 {
		t.Fatalf("the account tracks %d videos after the refresh, want its newest 2", len(refreshed))
	}
	for _, id := range refreshed {
		want := uint64(1) // a new post, first scraped by the refresh
		if slices.Contains(accVideos, id) {
			want = 2
		}
		if n := snapshotCount(t, id); n != want {
			t.Fatalf("video %s of the account has %d snapshots after the refresh, want %d", id, n, want)
		}
	}
	var refreshedLines []string
	for _, id := range refreshed {
		refreshedLines = append(refreshedLines, videoLine(t, id))
	}

	// The account is paused before the scan: its videos, which took off
	// too, stay out of the e-mails.
	a.request("PATCH", "/api/accounts/"+ours.ids["acc"].String(), map[string]any{"status": "paused"}, ours.cookie).expect(t, 200)
	run := cron("/api/cron/alerts")
	if run.Alerted != 4 || run.EmailsSent != 4 || run.EmailsFailed != 0 {
		t.Fatalf("first alerts %+v, want v1 and v2 for Take-off (to 2 members), v1 for Launch only, v4 for Theirs in 4 e-mails", run)
	}
	expectMails(t, inbox.Take(), map[string][]string{
		ours.owner + " Take-off":      {videoLine(t, ours.ids["v1"]), videoLine(t, ours.ids["v2"])},
		launchMember + " Take-off":    {videoLine(t, ours.ids["v1"]), videoLine(t, ours.ids["v2"])},
		launchMember + " Launch only": {videoLine(t, ours.ids["v1"])},
		themMember + " Theirs":        {videoLine(t, theirs.ids["v4"])},
	})

	// A second call sends nothing: everything is inside its cooldown.
	if run := cron("/api/cron/alerts"); run.Matched != 4 || run.Alerted != 0 || run.EmailsSent != 0 {
		t.Fatalf("second call %+v", run)
	}
	if m := inbox.Take(); len(m) != 0 {
		t.Fatalf("the second call sent %d e-mails", len(m))
	}

	// Active again, the account's refreshed videos alert: pausing was what
	// kept them out.
	a.request("PATCH", "/api/accounts/"+ours.ids["acc"].String(), map[string]any{"status": "active"}, ours.cookie).expect(t, 200)
	if run := cron("/api/cron/alerts"); run.Alerted != len(refreshed) || run.EmailsSent != 2 {
		t.Fatalf("after resuming the account %+v", run)
	}
	expectMails(t, inbox.Take(), map[string][]string{ours.owner + " Take-off": refreshedLines, launchMember + " Take-off": refreshedLines})

	// Past the one-hour cooldown every rule alerts again. The SMTP server
	// defers these e-mails at first; they go out once their back-off (a
	// minute) has passed.
	clock.set(2*time.Hour + 5*time.Minute)
	inbox.Defer(true)
	if run := cron("/api/cron/alerts"); run.Alerted != 4+len(refreshed) || run.EmailsSent != 0 || run.EmailsFailed != 4 {
		t.Fatalf("after the cooldown, with deliveries deferred %+v", run)
	}
	inbox.Defer(false)
	if run := cron("/api/cron/alerts"); run.Alerted != 0 || run.EmailsSent != 0 {
		t.Fatalf("deferred e-mails retried before their back-off: %+v", run)
	}
	clock.set(2*time.Hour + 7*time.Minute)
	if run := cron("/api/cron/alerts"); run.Alerted != 0 || run.EmailsSent != 4 {
		t.Fatalf("retry after the back-off %+v", run)
	}
	expectMails(t, inbox.Take(), map[string][]string{
		ours.owner + " Take-off":      append([]string{videoLine(t, ours.ids["v1"]), videoLine(t, ours.ids["v2"])}, refreshedLines...),
		launchMember + " Take-off":    append([]string{videoLine(t, ours.ids["v1"]), videoLine(t, ours.ids["v2"])}, refreshedLines...),
		launchMember + " Launch only": {videoLine(t, ours.ids["v1"])},
		themMember + " Theirs":        {videoLine(t, theirs.ids["v4"])},
	})

	// Disabled rules never alert: with Take-off switched off, past the
	// cooldown again only Launch only and Theirs do. Launch only's
	// recipient has left the workspace meanwhile: the alert is recorded,
	// its e-mail skipped.
	a.request("POST", "/api/alerts", map[string]any{"id": takeOff, "enabled": false}, ours.cookie).expect(t, 200)
	exec(t, `DELETE FROM workspace_members WHERE user_id = (SELECT id FROM users WHERE email = $1)`, launchMember)
	clock.set(3*time.Hour + 10*time.Minute)
	if run := cron("/api/cron/alerts"); run.Alerted != 2 || run.EmailsSent != 1 || run.EmailsSkipped != 1 {
		t.Fatalf("with Take-off disabled and Launch only's recipient gone %+v", run)
	}
	expectMails(t, inbox.Take(), map[string][]string{
		themMember + " Theirs": {videoLine(t, theirs.ids["v4"])},
	})

	// The history the dashboard shows.
	var list struct{ Rules []queryalerts.AlertRule }
	a.request("GET", "/api/alerts", nil, ours.cookie).expect(t, 200).decode(t, &list)
	counts := map[uuid.UUID]int{}
	for _, r := range list.Rules {
		counts[r.ID] = r.TriggerCount
	}
	if counts[takeOff] != 4+2*len(refreshed) || counts[launchOnly] != 3 {
		t.Fatalf("trigger counts %v, want Take-off %d and Launch only 3", counts, 4+2*len(refreshed))
	}
}

// waitWorkspaceJobs waits until the workspaces' scrape jobs have all ended.
func waitWorkspaceJobs(t *testing.T, workspaces ...uuid.UUID) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		n := count(t, `SELECT count(*) FROM scrape_jobs WHERE workspace_id = ANY($1) AND status NOT IN ('processed', 'failed')`, workspaces)
		if n == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d scrape jobs still open after 30s", n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// accVideosTracked are the videos the account tracks (not beyond its
// limit), in id order.
func accVideosTracked(t *testing.T, account uuid.UUID) []uuid.UUID {
	t.Helper()
	rows, err := env.PG.Query(context.Background(), `
		SELECT id FROM videos WHERE account_id = $1 AND status NOT IN ('beyond_limit', 'removed') ORDER BY id::text`, account)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// videoLine is what an alert e-mail says of the video under a 6-hour views
// gain rule, worked out from what the webhook stored: the gain from its
// first snapshot to its latest (both inside the window) and the growth, or
// the gain from 0 when it is a new post of its account published inside
// the window; and its link.
func videoLine(t *testing.T, video uuid.UUID) string {
	t.Helper()
	var first, last uint64
	var lastAt, published time.Time
	err := env.CH.QueryRow(context.Background(), `
		SELECT argMin(views, scraped_at), argMax(views, scraped_at), max(scraped_at), max(published_at)
		FROM metric_snapshots FINAL WHERE entity_id = ?`, video).Scan(&first, &last, &lastAt, &published)
	if err != nil {
		t.Fatal(err)
	}
	var url string
	var newPost bool
	if err := env.PG.QueryRow(context.Background(), `
		SELECT v.url, coalesce(v.published_at >= a.created_at, false) FROM videos v LEFT JOIN accounts a ON a.id = v.account_id
		WHERE v.id = $1`, video).Scan(&url, &newPost); err != nil {
		t.Fatal(err)
	}
	// numbers as the dashboard writes them: 1,012,400
	n := func(v uint64) string { return strings.TrimPrefix(mail.Signed(int64(v)), "+") }
	if newPost && !published.Before(lastAt.Add(-6*time.Hour)) {
		// a new post published inside the window: counted from 0 at publishing
		return fmt.Sprintf("+%s views since it was published, within 6h (0 → %s)\n", n(last), n(last)) + "|" + url
	}
	return fmt.Sprintf("+%s views in 6h (%s → %s, +%.1f %%)\n", n(last-first), n(first), n(last), float64(last-first)*100/float64(first)) + "|" + url
}

// expectMails checks that exactly the e-mails arrived that want lists, by
// "recipient rule-name", each naming exactly the videos given (a line of
// videoLine each) in its text and linking them in its HTML.
func expectMails(t *testing.T, got []testenv.Mail, want map[string][]string) {
	t.Helper()
	if len(got) != len(want) {
		var who []string
		for _, m := range got {
			who = append(who, m.To+": "+m.Subject)
		}
		t.Fatalf("%d e-mails arrived (%v), want %d", len(got), who, len(want))
	}
	for _, m := range got {
		var videos []string
		found := false
		for key, v := range want {
			to, name, _ := strings.Cut(key, " ")
			if m.To == to && strings.HasPrefix(m.Subject, "reeltrack alert: "+name+" (") {
				videos, found = v, true
				delete(want, key)
				break
			}
		}
		if !found {
			t.Fatalf("unexpected e-mail to %s: %q", m.To, m.Subject)
		}
		if !strings.HasSuffix(m.Subject, fmt.Sprintf("(%d video%s)", len(videos), map[bool]string{true: "", false: "s"}[len(videos) == 1])) {
			t.Errorf("to %s: subject %q, want %d videos", m.To, m.Subject, len(videos))
		}
		if n := strings.Count(m.Text, "\n- "); n != len(videos) {
			t.Errorf("to %s: %d videos listed, want %d:\n%s", m.To, n, len(videos), m.Text)
		}
		for _, v := range videos {
			line, url, _ := strings.Cut(v, "|")
			if !strings.Contains(m.Text, line) || !strings.Contains(m.Text, url) || !strings.Contains(m.HTML, `href="`+url+`"`) {
				t.Errorf("to %s: no %q for %s in\n%s", m.To, line, url, m.Text)
			}
		}
	}
}
