package api_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/mail"
	"github.com/reeltrack/reeltrack/internal/testenv"
	queryalerts "github.com/reeltrack/reeltrack/query/alerts"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// digestBody is the answer of the digest setting routes.
type digestBody struct {
	Frequency     string     `json:"frequency"`
	Since         *time.Time `json:"since"`
	NextPeriodEnd *time.Time `json:"nextPeriodEnd"`
}

// TestDigestSetting: a member's digest is off until chosen; a frequency
// other than off, daily or weekly is refused and writes nothing; a change
// is answered with the next period's end and logged once, and choosing the
// same frequency again logs nothing.
func TestDigestSetting(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 18, 9, 12, 0, 0, time.UTC) // a Wednesday
	a := newApp(t, func(d *wiring.Deps) { d.Now = func() time.Time { return now } })
	c := a.signUp(uniqueEmail("digest"))
	ws := a.bootstrap(c).Workspace.ID
	// joined before the clock's now
	exec(t, `UPDATE workspace_members SET joined_at = $2 WHERE workspace_id = $1`, ws, now.AddDate(0, -1, 0))
	// other tests' cron runs leave this member alone
	t.Cleanup(func() { exec(t, `UPDATE workspace_members SET digest_frequency = 'off' WHERE workspace_id = $1`, ws) })
	logged := func() int {
		return count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND action = $2`, ws, string(domain.ActionDigestChanged))
	}

	var got digestBody
	a.request("GET", "/api/workspace/digest", nil, c).expect(t, 200).decode(t, &got)
	if got.Frequency != "off" || got.Since != nil || got.NextPeriodEnd != nil {
		t.Fatalf("a new member's digest: %+v", got)
	}
	for _, bad := range []string{`{"frequency":"hourly"}`, `{"frequency":""}`, `{"frequency":"Daily"}`, `{"frequency":1}`, `{}`, `{"frequency":"daily","extra":1}`} {
		a.request("PUT", "/api/workspace/digest", bad, c).expectError(t, 400, "invalid_request")
	}
	if n := count(t, `SELECT count(*) FROM workspace_members WHERE workspace_id = $1 AND (digest_frequency <> 'off' OR digest_since IS NOT NULL)`, ws); n != 0 || logged() != 0 {
		t.Fatalf("refused choices wrote %d memberships and %d log entries", n, logged())
	}

	a.request("PUT", "/api/workspace/digest", map[string]string{"frequency": "weekly"}, c).expect(t, 200).decode(t, &got)
	monday := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	if got.Frequency != "weekly" || got.Since == nil || !got.Since.Equal(now) || got.NextPeriodEnd == nil || !got.NextPeriodEnd.Equal(monday) {
		t.Fatalf("after choosing weekly: %+v", got)
	}
	a.request("PUT", "/api/workspace/digest", map[string]string{"frequency": "weekly"}, c).expect(t, 200)
	a.request("PUT", "/api/workspace/digest", map[string]string{"frequency": "daily"}, c).expect(t, 200).decode(t, &got)
	if got.Frequency != "daily" || !got.NextPeriodEnd.Equal(time.Date(2026, 11, 19, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("after choosing daily: %+v", got)
	}
	if n := logged(); n != 2 {
		t.Fatalf("%d log entries for two changes", n)
	}
	var act struct {
		Entries []struct {
			Action string `json:"action"`
			Target string `json:"target"`
		} `json:"entries"`
	}
	a.request("GET", "/api/workspace/activity", nil, c).expect(t, 200).decode(t, &act)
	if len(act.Entries) == 0 || act.Entries[0].Action != string(domain.ActionDigestChanged) || act.Entries[0].Target != "daily" {
		t.Fatalf("the newest activity is %+v", act.Entries)
	}
	a.request("GET", "/api/workspace/digest", nil).expectError(t, 401, "unauthenticated")
}

// TestDigestNumbersMatchOverview: a digest's counts and top movers are the
// overview's for the same days, its followers what the accounts' raw
// snapshots say; it lists the period's alert events, the posts found on
// tracked accounts in it, and the items in error.
func TestDigestNumbersMatchOverview(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	ctx := context.Background()
	// a spike on 19 November, an older one, and a video in error
	rule := uuid.New()
	exec(t, `INSERT INTO alert_rules (id, workspace_id, name, metric, condition, threshold, window_hours, enabled)
		VALUES ($1, $2, 'Take-off <b>', 'views', 'gain', 100, 24, false)`, rule, d.ws)
	for _, at := range []time.Time{time.Date(2026, 11, 19, 10, 0, 0, 0, time.UTC), time.Date(2026, 11, 12, 10, 0, 0, 0, time.UTC)} {
		exec(t, `INSERT INTO alert_events (id, workspace_id, rule_id, video_id, triggered_at, metric, window_start, window_end, start_value, end_value, gain)
			VALUES ($1, $2, $3, $4, $5, 'views', $5, $5, 10, 510, 500)`, uuid.New(), d.ws, rule, d.videos["v1"], at)
	}
	exec(t, `UPDATE videos SET status = 'error', status_reason = 'the video is private' WHERE id = $1`, d.videos["v6"])
	// found on acc1 on 19 November, and one tracked by its link that day
	found := env.Video(t, d.ws, testenv.VideoOptions{PlatformID: "found", AccountID: d.accounts["acc1"], AccountHandle: "acc1",
		Status: domain.ItemPending, CreatedAt: time.Date(2026, 11, 19, 12, 0, 0, 0, time.UTC)})
	env.Video(t, d.ws, testenv.VideoOptions{PlatformID: "bylink", Status: domain.ItemPending, CreatedAt: time.Date(2026, 11, 19, 12, 0, 0, 0, time.UTC)})
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)

	h := queryalerts.DigestHandler{DB: env.PG, CH: env.CH, Now: func() time.Time { return dashNow }}
	hist := d.history(t, "account")
	for _, c := range []struct {
		f                    domain.DigestFrequency
		spikes, posts        int
		firstDay, periodDays int
	}{
		{domain.DigestDaily, 1, 1, 19, 1},
		{domain.DigestWeekly, 1, 0, 9, 7},
	} {
		start, end := c.f.LastClosed(dashNow)
		if !start.Equal(time.Date(2026, 11, c.firstDay, 0, 0, 0, 0, time.UTC)) || end.Sub(start) != time.Duration(c.periodDays)*24*time.Hour {
			t.Fatalf("%s: the last closed period of %s is %s to %s", c.f, dashNow, start, end)
		}
		got, err := h.Digest(ctx, d.ws, start, end)
		if err != nil {
			t.Fatal(err)
		}
		var o overviewBody
		d.get(t, "/api/overview", url.Values{"from": {start.Format(time.DateOnly)}, "to": {end.AddDate(0, 0, -1).Format(time.DateOnly)}}, &o)
		want := []numbers.PeriodGained{o.Gains.Views, o.Gains.Likes, o.Gains.Comments, o.Gains.Shares}
		if len(got.Counts) != 5 {
			t.Fatalf("%s: %d counts", c.f, len(got.Counts))
		}
		for i, w := range want {
			g := got.Counts[i]
			if g.Period != w.Period || !ptrEq(g.Previous, w.Previous) || !ptrEq(g.ChangePct, w.ChangePct) {
				t.Errorf("%s: %s gained %d (previous %s), the overview says %d (previous %s)", c.f, g.Metric, g.Period, show(g.Previous), w.Period, show(w.Previous))
			}
		}
		if o.Gains.Views.Period == 0 {
			t.Errorf("%s: the fixture gained no views", c.f)
		}
		// followers: acc1's, from its raw snapshots (acc2 is removed)
		fh := hist[d.accounts["acc1"]]
		period := *gainSince(fh, 5, start) - *gainSince(fh, 5, end)
		previous := *gainSince(fh, 5, start.Add(-end.Sub(start))) - *gainSince(fh, 5, start)
		if f := got.Counts[4]; f.Metric != domain.Followers || f.Period != period || f.Previous == nil || *f.Previous != previous || period == 0 {
			t.Errorf("%s: followers gained %d (previous %s), raw snapshots say %d (previous %d)", c.f, f.Period, show(f.Previous), period, previous)
		}
		if len(got.Movers) != len(o.TopMovers) || len(got.Movers) == 0 {
			t.Fatalf("%s: %d movers, the overview has %d", c.f, len(got.Movers), len(o.TopMovers))
		}
		for i, m := range o.TopMovers {
			if got.Movers[i].ID != m.ID || got.Movers[i].ViewsGained != m.ViewsGained {
				t.Errorf("%s: mover %d is %s +%d, the overview's %s +%d", c.f, i, got.Movers[i].ID, got.Movers[i].ViewsGained, m.ID, m.ViewsGained)
			}
		}
		if got.SpikeCount != c.spikes || len(got.Spikes) != c.spikes {
			t.Errorf("%s: %d spikes (%d listed), want %d", c.f, got.SpikeCount, len(got.Spikes), c.spikes)
		}
		if got.NewPostCount != c.posts || len(got.NewPosts) != c.posts || (c.posts == 1 && got.NewPosts[0].ID != found) {
			t.Errorf("%s: new posts %d %+v, want %d", c.f, got.NewPostCount, got.NewPosts, c.posts)
		}
		if got.FailureCount != 1 || len(got.Failures) != 1 || got.Failures[0].ID != d.videos["v6"] || got.Failures[0].Reason != "the video is private" {
			t.Errorf("%s: failures %d %+v", c.f, got.FailureCount, got.Failures)
		}
		if got.Empty() {
			t.Errorf("%s: the digest says it is empty", c.f)
		}
		msg, err := mail.DigestMessage(mail.Digest{Workspace: "Launch <team>", Frequency: c.f, DashboardURL: "https://app.example.com", Digest: got})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(msg.Text, "Views: "+mail.Signed(o.Gains.Views.Period)) || !strings.Contains(msg.HTML, mail.Signed(o.Gains.Views.Period)[1:]+"</td>") {
			t.Errorf("%s: the e-mail does not show the views gained, %s:\n%s", c.f, mail.Signed(o.Gains.Views.Period), msg.Text)
		}
	}

	// a workspace with nothing tracked has an empty digest
	empty := d.app.bootstrap(d.app.signUp(uniqueEmail("nothing"))).Workspace.ID
	start, end := domain.DigestDaily.LastClosed(dashNow)
	got, err := h.Digest(ctx, empty, start, end)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Empty() {
		t.Errorf("the digest of a workspace with nothing tracked: %+v", got)
	}
}

// digestClock is a settable clock.
type digestClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *digestClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *digestClock) set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// TestCronQueuesDigests runs the alerts cron over a seeded workspace: each
// member's digest of a closed period is queued once however often the cron
// runs, and arrives through a real SMTP server with the overview's numbers;
// members who did not choose it, chose it after the period ended, joined
// inside the period or never verified their address get none, nor does a
// workspace without access; a weekly digest waits for the week to close;
// an empty period sends nothing. Not parallel: the cron queues the digests
// of every workspace in the package's database, and parallel tests run
// after the sequential ones.
func TestCronQueuesDigests(t *testing.T) {
	inbox := testenv.SMTP(t)
	sender, err := mail.NewSender(mail.Options{URL: inbox.URL, From: "reeltrack <digests@example.com>", SendTimeout: 10 * time.Second},
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	clock := &digestClock{t: time.Date(2026, 11, 19, 10, 0, 0, 0, time.UTC)}
	d := seedDashboard(t, func(dp *wiring.Deps) {
		dp.Now = clock.Now
		dp.Config.CronSecret = cronSecret
		dp.Mail = outbox.Mailer{Mail: sender}
	})
	a := d.app
	// the parallel tests' cron runs, later, leave these members alone
	t.Cleanup(func() { exec(t, `UPDATE workspace_members SET digest_frequency = 'off' WHERE workspace_id = $1`, d.ws) })
	exec(t, `UPDATE users SET email_verified_at = now() WHERE id = $1`, env.Owner(t, d.ws))
	exec(t, `UPDATE workspaces SET seat_limit = 15 WHERE id = $1`, d.ws)
	long := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	members := map[string]string{}
	cookies := map[string]*http.Cookie{}
	for _, k := range []string{"daily", "weekly", "off", "unverified", "joinedLate", "late"} {
		members[k] = uniqueEmail("digest-" + strings.ToLower(k))
		cookies[k] = a.member(d.cookie, members[k], "member")
		exec(t, `UPDATE workspace_members SET joined_at = $2 WHERE user_id = (SELECT id FROM users WHERE email = $1)`, members[k], long)
	}
	exec(t, `UPDATE workspace_members SET joined_at = $2 WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
		members["joinedLate"], time.Date(2026, 11, 19, 9, 0, 0, 0, time.UTC))
	choose := func(k, f string) {
		t.Helper()
		a.request("PUT", "/api/workspace/digest", map[string]string{"frequency": f}, cookies[k]).expect(t, 200)
	}
	// on 19 November, 10:00
	for k, f := range map[string]string{"daily": "daily", "weekly": "weekly", "unverified": "daily", "joinedLate": "daily", "off": "daily"} {
		choose(k, f)
	}
	choose("off", "off")
	exec(t, `UPDATE users SET email_verified_at = NULL WHERE email = $1`, members["unverified"])
	inbox.Take() // the invites and verifications

	// on 20 November, 15:30: 19 November is closed; "late" chooses daily
	// after it closed
	clock.set(dashNow)
	choose("late", "daily")

	type cronBody struct {
		Digests    int `json:"digests"`
		EmailsSent int `json:"emailsSent"`
	}
	cron := func() cronBody {
		t.Helper()
		var out cronBody
		httpRequest(a, "GET", "/api/cron/alerts", "Bearer "+cronSecret).expect(t, 200).decode(t, &out)
		return out
	}
	recorded := func() map[string][]string {
		t.Helper()
		rows, err := env.PG.Query(context.Background(), `
			SELECT u.email, s.frequency || ' ' || to_char(s.period_start AT TIME ZONE 'UTC', 'YYYY-MM-DD') || CASE WHEN s.outbox_id IS NULL THEN ' empty' ELSE '' END
			FROM digest_sends s JOIN users u ON u.id = s.user_id WHERE s.workspace_id = $1 ORDER BY 2`, d.ws)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		out := map[string][]string{}
		for rows.Next() {
			var email, what string
			if err := rows.Scan(&email, &what); err != nil {
				t.Fatal(err)
			}
			for k, e := range members {
				if e == email {
					email = k
				}
			}
			out[email] = append(out[email], what)
		}
		return out
	}
	same := func(got map[string][]string, want map[string][]string) bool {
		if len(got) != len(want) {
			return false
		}
		for k, w := range want {
			if strings.Join(got[k], ",") != strings.Join(w, ",") {
				return false
			}
		}
		return true
	}

	// without access, nothing
	exec(t, `UPDATE workspaces SET has_access = false WHERE id = $1`, d.ws)
	if run := cron(); run.Digests != 0 || len(recorded()) != 0 {
		t.Fatalf("a workspace without access: %+v, %v", run, recorded())
	}
	exec(t, `UPDATE workspaces SET has_access = true WHERE id = $1`, d.ws)

	// the daily member gets 19 November's digest, once, from two runs at
	// once
	var wg sync.WaitGroup
	runs := make([]cronBody, 2)
	for i := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := httptest.NewRequest("GET", "/api/cron/alerts", nil)
			req.Header.Set("Authorization", "Bearer "+cronSecret)
			res, err := a.app.Test(req, clientTimeoutMs)
			if err != nil {
				t.Error(err)
				return
			}
			defer res.Body.Close()
			if res.StatusCode != 200 {
				t.Errorf("a concurrent run answered %d", res.StatusCode)
			}
			if err := json.NewDecoder(res.Body).Decode(&runs[i]); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if n := runs[0].Digests + runs[1].Digests; n != 1 {
		t.Fatalf("two concurrent runs queued %d digests (%+v)", n, runs)
	}
	if got, want := recorded(), map[string][]string{"daily": {"daily 2026-11-19"}}; !same(got, want) {
		t.Fatalf("digests recorded %v, want %v", got, want)
	}
	if run := cron(); run.Digests != 0 || len(recorded()) != 1 {
		t.Fatalf("a second run: %+v, %v", run, recorded())
	}
	o, err := numbers.OverviewHandler{DB: env.PG, CH: env.CH, Now: clock.Now}.Handle(context.Background(), d.ws, numbers.OverviewQuery{
		From: ptr(time.Date(2026, 11, 19, 0, 0, 0, 0, time.UTC)), To: ptr(time.Date(2026, 11, 19, 0, 0, 0, 0, time.UTC))})
	if err != nil {
		t.Fatal(err)
	}
	mails := inbox.Take()
	var digests []testenv.Mail
	for _, m := range mails {
		if strings.Contains(m.Subject, "digest") {
			digests = append(digests, m)
		}
	}
	if len(digests) != 1 || digests[0].To != members["daily"] {
		t.Fatalf("%d digest e-mails arrived (of %d), want one to the daily member", len(digests), len(mails))
	}
	m := digests[0]
	for _, want := range []string{"Daily digest", "Thu 19 Nov 2026", "Views: " + mail.Signed(o.Gains.Views.Period), "/settings", "from=2026-11-19&to=2026-11-19"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("the digest's text lacks %q:\n%s", want, m.Text)
		}
	}
	if !strings.Contains(m.HTML, mail.Signed(o.Gains.Views.Period)[1:]) || !strings.Contains(m.HTML, "/settings") {
		t.Errorf("the digest's HTML lacks the views gained or the settings link:\n%s", m.HTML)
	}

	// Sunday 22 November, 23:00: the week is not closed; 21 November was
	// empty (no snapshot after 20 November), so recorded and not sent
	clock.set(time.Date(2026, 11, 22, 23, 0, 0, 0, time.UTC))
	if run := cron(); run.Digests != 0 {
		t.Fatalf("Sunday's run queued %d digests", run.Digests)
	}
	want := map[string][]string{
		"daily":      {"daily 2026-11-19", "daily 2026-11-21 empty"},
		"joinedLate": {"daily 2026-11-21 empty"},
		"late":       {"daily 2026-11-21 empty"},
	}
	if got := recorded(); !same(got, want) {
		t.Fatalf("digests recorded on Sunday %v, want %v", got, want)
	}

	// Monday 23 November, 00:30: the week from 16 November closed; v2 was
	// found on 17 November
	clock.set(time.Date(2026, 11, 23, 0, 30, 0, 0, time.UTC))
	if run := cron(); run.Digests != 1 {
		t.Fatalf("Monday's run queued %d digests", run.Digests)
	}
	for _, k := range []string{"daily", "joinedLate", "late"} {
		want[k] = append(want[k], "daily 2026-11-22 empty")
	}
	want["weekly"] = []string{"weekly 2026-11-16"}
	if got := recorded(); !same(got, want) {
		t.Fatalf("digests recorded on Monday %v, want %v", got, want)
	}
	digests = nil
	for _, m := range inbox.Take() {
		if strings.Contains(m.Subject, "digest") {
			digests = append(digests, m)
		}
	}
	if len(digests) != 1 || digests[0].To != members["weekly"] || !strings.Contains(digests[0].Text, "Weekly digest") ||
		!strings.Contains(digests[0].Text, "New posts found on tracked accounts: 1") {
		t.Fatalf("Monday's digest e-mails: %+v", digests)
	}
}

func ptr[T any](v T) *T { return &v }
