package api_test

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	queryhealth "github.com/reeltrack/reeltrack/query/health"
)

// TestWorkspaceHealth builds a workspace's troubles the way they happen:
// scrapes that succeed, a run whose input the provider refuses, a provider
// out of credit (starts paused, a job left queued), e-mails and channel
// deliveries waiting or given up, and another workspace with troubles of
// its own. The health page shows each in the workspace's numbers, the
// provider's pause and the scheduled steps' runs as the instance's, the
// secrets masked; three hours later, with no scrape since, the banner says
// that collection has stopped and which item has waited longest. Members
// read the banner but not the page; a user without a workspace gets 404.
//
// Not parallel: the other tests' refresh runs, on their own clocks, would
// queue and scrape this workspace's items, whose waiting is what it checks.
// It costs about 5 s (four tracked items, one cron run of each kind over
// the package's workspaces).
func TestWorkspaceHealth(t *testing.T) {
	clock := &shiftedClock{}
	script := &startScript{status: map[string]int{}, starts: map[string]int{}}
	front := httptest.NewServer(script)
	t.Cleanup(front.Close)
	provider := ingest.NewClient(ingest.ClientOptions{BaseURL: front.URL, Token: "sim-token", RetryWait: 10 * time.Millisecond, MaxWait: 50 * time.Millisecond})
	a, sim := newScrapingAppWith(t, func(d *wiring.Deps) {
		d.Now = clock.Now
		d.Provider = provider
	})
	target, err := url.Parse(sim)
	if err != nil {
		t.Fatal(err)
	}
	script.proxy = httputil.NewSingleHostReverseProxy(target)

	owner := a.signUp(uniqueEmail("health"))
	ws := a.bootstrap(owner).Workspace.ID
	memberEmail := uniqueEmail("health-member")
	member := a.signUp(memberEmail)
	exec(t, `INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'member')`, ws, userID(t, memberEmail))
	track := func(link string) trackOut {
		t.Helper()
		var r trackOut
		a.request("POST", "/api/track", map[string]any{"url": link, "tracking_limit": 2}, owner).expect(t, 200).decode(t, &r)
		t.Cleanup(func() { exec(t, `DELETE FROM scrape_jobs WHERE id = $1`, r.JobID) })
		return r
	}
	// two scrapes that work, on TikTok and YouTube
	for _, link := range []string{"https://www.tiktok.com/@health.ok", "https://www.youtube.com/watch?v=healthOk001"} {
		if got := waitJob(t, track(link).JobID); got != "processed" {
			t.Fatalf("%s: job %s", link, got)
		}
	}
	// an Instagram reel whose input the provider refuses: its job fails
	script.set("", 400)
	refused := track("https://www.instagram.com/reel/C0healthR1x/")
	waitRow(t, "the refused job failed", `SELECT count(*) FROM scrape_jobs WHERE id = $1 AND status = 'failed'`, refused.JobID)
	// then the account runs out of credit: starting runs is paused, the
	// next item's job waits
	script.set("", 402)
	paused := track("https://www.youtube.com/shorts/healthPause")
	waitRow(t, "starting runs paused", `SELECT count(*) FROM provider_pauses WHERE account = $1 AND kind = 'credit'`, provider.Account())
	a.starts.Wait(t.Context())

	// the scheduled steps run once each
	began := clock.Now().Add(-time.Second)
	cronRefresh(t, a)
	httpRequest(a, "GET", "/api/cron/alerts", "Bearer "+cronSecret).expect(t, 200)

	// e-mails and deliveries waiting, given up, and sent; another
	// workspace's too
	theirs := a.signUp(uniqueEmail("health-other"))
	theirWS := a.bootstrap(theirs).Workspace.ID
	mail := func(ws uuid.UUID, status string, age time.Duration) {
		exec(t, `INSERT INTO mail_outbox (id, workspace_id, recipient, subject, text_body, html_body, status, next_attempt_at, created_at, kind)
			VALUES ($1, $2, 'someone@example.com', 's', 't', 'h', $3, now() + interval '1 day', now() - make_interval(secs => $4), 'alert')`,
			uuid.New(), ws, status, age.Seconds())
	}
	mail(ws, "pending", 10*time.Minute)
	mail(ws, "pending", time.Minute)
	mail(ws, "failed", time.Hour)
	mail(ws, "failed", 30*time.Hour) // before the window
	mail(ws, "sent", time.Hour)
	for range 5 {
		mail(theirWS, "pending", 2*time.Hour)
	}
	channel := func(ws uuid.UUID, enabled bool) uuid.UUID {
		id := uuid.New()
		exec(t, `INSERT INTO channels (id, workspace_id, kind, name, url_sealed, url_hint, enabled) VALUES ($1, $2, 'webhook', 'Hook', 'sealed', 'https://…', $3)`,
			id, ws, enabled)
		return id
	}
	delivery := func(ws, ch uuid.UUID, status string, age time.Duration) {
		event := uuid.New()
		exec(t, `INSERT INTO events (id, workspace_id, type, occurred_at, payload) VALUES ($1, $2, 'video.spike', now(), '{}')`, event, ws)
		exec(t, `INSERT INTO event_deliveries (id, workspace_id, event_id, channel_id, status, next_attempt_at, created_at)
			VALUES ($1, $2, $3, $4, $5, now() + interval '1 day', now() - make_interval(secs => $6))`, uuid.New(), ws, event, ch, status, age.Seconds())
	}
	hook := channel(ws, true)
	channel(ws, false)
	delivery(ws, hook, "pending", 20*time.Minute)
	delivery(ws, hook, "pending", 5*time.Minute)
	delivery(ws, hook, "failed", 2*time.Hour)
	delivery(ws, hook, "delivered", time.Hour)
	theirHook := channel(theirWS, true)
	delivery(theirWS, theirHook, "failed", time.Hour)

	read := func(c *http.Cookie) queryhealth.WorkspaceHealth {
		t.Helper()
		var h queryhealth.WorkspaceHealth
		a.request("GET", "/api/workspace/health", nil, c).expect(t, 200).decode(t, &h)
		return h
	}
	summary := func(c *http.Cookie) queryhealth.HealthBanner {
		t.Helper()
		var b queryhealth.HealthBanner
		a.request("GET", "/api/workspace/health/summary", nil, c).expect(t, 200).decode(t, &b)
		return b
	}

	h := read(owner)
	if h.WindowHours != 24 || h.StoppedAfterMinutes != 60 {
		t.Errorf("window %d h, stopped after %d min", h.WindowHours, h.StoppedAfterMinutes)
	}
	byPlatform := map[string]queryhealth.PlatformScrapes{}
	for _, p := range h.Platforms {
		byPlatform[string(p.Platform)] = p
	}
	if len(h.Platforms) != 3 {
		t.Errorf("platforms %+v, want tiktok, instagram and youtube", h.Platforms)
	}
	for _, p := range []string{"tiktok", "youtube"} {
		got := byPlatform[p]
		var want time.Time
		if err := env.PG.QueryRow(t.Context(), `SELECT max(scraped_at) FROM scrape_jobs WHERE workspace_id = $1 AND platform = $2 AND status = 'processed'`, ws, p).Scan(&want); err != nil {
			t.Fatal(err)
		}
		if got.LastSuccessAt == nil || !got.LastSuccessAt.Equal(want) || got.Succeeded != 1 || got.Failed != 0 || got.FailureRate == nil || *got.FailureRate != 0 {
			t.Errorf("%s: %+v, want the last success at %s, 1 succeeded, none failed", p, got, want)
		}
	}
	ig := byPlatform["instagram"]
	if ig.LastSuccessAt != nil || ig.Succeeded != 0 || ig.Failed != 1 || ig.FailureRate == nil || *ig.FailureRate != 1 ||
		ig.LastError == nil || !strings.Contains(ig.LastError.Message, "refused the input") {
		t.Errorf("instagram: %+v (last error %+v), want one failed job of 1 and the refusal in words", ig, ig.LastError)
	}
	// the job waiting for the provider says why
	if yt := byPlatform["youtube"]; yt.LastError == nil || !strings.Contains(yt.LastError.Message, "out of credit") {
		t.Errorf("youtube's last error %+v, want the pause's reason", yt.LastError)
	}
	if h.Queue.Waiting != 1 || h.Queue.Running != 0 || h.Queue.OldestAt == nil {
		t.Errorf("queue %+v, want the paused job waiting", h.Queue)
	}
	if o := h.OldestOverdue; o == nil || o.ID != paused.ID || o.Kind != "video" || o.Platform != "youtube" || o.LateSeconds < 0 || o.LateSeconds > 600 {
		t.Errorf("oldest overdue %+v, want the paused video, due since it was tracked", o)
	}
	if h.Mail.Pending != 2 || h.Mail.Failed != 1 || h.Mail.OldestPendingAt == nil || clock.Now().Sub(*h.Mail.OldestPendingAt) < 9*time.Minute {
		t.Errorf("mail %+v, want 2 pending (the oldest 10 minutes old) and 1 given up in the window", h.Mail)
	}
	if h.Channels.Pending != 2 || h.Channels.Failed != 1 || h.Channels.DisabledChannels != 1 || h.Channels.OldestPendingAt == nil ||
		clock.Now().Sub(*h.Channels.OldestPendingAt) < 19*time.Minute {
		t.Errorf("channels %+v, want 2 pending (the oldest 20 minutes old), 1 given up, 1 channel disabled", h.Channels)
	}
	if h.Provider.State != "refusing" || len(h.Provider.Pauses) != 1 || h.Provider.Pauses[0].Kind != "credit" || h.Provider.Pauses[0].Refusals < 1 ||
		!strings.Contains(h.Provider.Pauses[0].Reason, "out of credit") || !h.Provider.Pauses[0].RetryAfter.After(h.Provider.Pauses[0].Since) {
		t.Errorf("provider %+v, want paused for credit", h.Provider)
	}
	var steps []domain.CronStep
	for _, s := range h.Steps {
		steps = append(steps, s.Step)
		if s.LastRunAt == nil || s.LastRunAt.Before(began) || s.LastRunMs == nil || *s.LastRunMs < 0 {
			t.Errorf("step %s: %+v, want a run since %s", s.Step, s, began)
		}
		if (s.State == "failing") != (s.FailuresInARow > 0) || (s.State != "ok" && s.State != "failing") {
			t.Errorf("step %s: state %s with %d failures in a row", s.Step, s.State, s.FailuresInARow)
		}
		if s.Step == domain.StepRefresh || s.Step == domain.StepMail {
			if s.State != "ok" || s.LastSuccessAt == nil || s.LastSuccessAt.Before(*s.LastRunAt) || s.LastSuccessMs == nil {
				t.Errorf("step %s: %+v, want a success ended after its run began", s.Step, s)
			}
		}
	}
	if !slices.Equal(steps, domain.CronSteps) {
		t.Errorf("steps %v, want %v", steps, domain.CronSteps)
	}
	// scrapes recorded within the hour: collection goes on, though an item waits
	if h.Summary.Collection != "ok" || h.Summary.Provider != "refusing" || h.Summary.ProviderKind == nil || *h.Summary.ProviderKind != "credit" ||
		h.Summary.LastScrapeAt == nil {
		t.Errorf("summary %+v", h.Summary)
	}
	// the refused input failed once, which is the item's, not collection's
	if len(h.Summary.FailingPlatforms) != 0 || h.Summary.LastFailureAt != nil {
		t.Errorf("summary %+v: a refused input is not failing collection", h.Summary)
	}
	if b := summary(member); b.Collection != "ok" || b.Provider != "refusing" {
		t.Errorf("the member's banner %+v", b)
	}
	for _, text := range []string{ig.LastError.Message, byPlatform["youtube"].LastError.Message, h.Provider.Pauses[0].Reason} {
		if strings.Contains(text, "sim-token") || !strings.Contains(text, "***") {
			t.Errorf("%q: the token is not masked", text)
		}
	}

	// a member reads the banner only; a user without a workspace neither
	a.request("GET", "/api/workspace/health", nil, member).expectError(t, 403, "forbidden")
	loner := a.signUp(uniqueEmail("health-loner"))
	a.request("GET", "/api/workspace/health", nil, loner).expectError(t, 404, "not_found")
	a.request("GET", "/api/workspace/health/summary", nil, loner).expectError(t, 404, "not_found")

	// the other workspace sees its own numbers, and the same provider
	other := read(theirs)
	if len(other.Platforms) != 0 || other.Queue.Waiting+other.Queue.Running != 0 || other.OldestOverdue != nil ||
		other.Mail.Pending != 5 || other.Mail.Failed != 0 || other.Channels.Pending != 0 || other.Channels.Failed != 1 || other.Channels.DisabledChannels != 0 {
		t.Errorf("the other workspace's health %+v: not its own numbers", other)
	}
	if other.Provider.State != "refusing" || other.Summary.Collection != "ok" || other.Summary.LastScrapeAt != nil {
		t.Errorf("the other workspace's provider %+v, summary %+v", other.Provider, other.Summary)
	}

	// three hours on, nothing scraped since: collection has stopped
	clock.set(3 * time.Hour)
	b := summary(owner)
	if b.Collection != "stopped" || b.OverdueSince == nil || b.LastScrapeAt == nil || b.Provider != "refusing" {
		t.Fatalf("three hours later, the banner %+v, want collection stopped", b)
	}
	if mb := summary(member); !reflect.DeepEqual(mb, b) {
		t.Errorf("the member's banner %+v, the owner's %+v", mb, b)
	}
	later := read(owner)
	o := later.OldestOverdue
	if o == nil || o.ID != paused.ID || !o.DueAt.Equal(*b.OverdueSince) || o.LateSeconds < int64((3*time.Hour-time.Minute)/time.Second) {
		t.Errorf("three hours later, the oldest overdue %+v, banner %+v: want the paused video, about 3 h late", o, b)
	}
	if !reflect.DeepEqual(later.Summary, b) {
		t.Errorf("the page's summary %+v, the banner %+v", later.Summary, b)
	}
	for _, s := range later.Steps {
		if s.State != "late" && s.State != "failing" {
			t.Errorf("three hours after its run, step %s is %s, want late", s.Step, s.State)
		}
	}
	// the other workspace has nothing due: not stopped
	if ob := summary(theirs); ob.Collection != "ok" {
		t.Errorf("the other workspace's banner %+v", ob)
	}
}

// TestHealthBannerWhenRunsFail: the provider starts every run and every
// run ends FAILED (the simulator's -fail-rate 1), as when a platform's
// change breaks its actor. A failed run marks its items in error, so none
// is overdue and collection never counts as stopped; the banner says that
// the platform's collection is failing once a job has failed twice, for
// every member, and the page agrees. One failure is not yet failing: the
// retry may well succeed.
//
// Not parallel: the other tests' refresh runs, on their own clocks, would
// retry this workspace's jobs.
func TestHealthBannerWhenRunsFail(t *testing.T) {
	clock := &shiftedClock{}
	a, _ := newScrapingAppWith(t, func(d *wiring.Deps) { d.Now = clock.Now }, "-fail-rate", "1")
	owner := a.signUp(uniqueEmail("failing"))
	ws := a.bootstrap(owner).Workspace.ID
	memberEmail := uniqueEmail("failing-member")
	member := a.signUp(memberEmail)
	exec(t, `INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'member')`, ws, userID(t, memberEmail))
	summary := func(c *http.Cookie) queryhealth.HealthBanner {
		t.Helper()
		var b queryhealth.HealthBanner
		a.request("GET", "/api/workspace/health/summary", nil, c).expect(t, 200).decode(t, &b)
		return b
	}

	var r trackOut
	a.request("POST", "/api/track", map[string]any{"url": "https://www.tiktok.com/@runs.fail", "tracking_limit": 2}, owner).expect(t, 200).decode(t, &r)
	t.Cleanup(func() { exec(t, `DELETE FROM scrape_jobs WHERE workspace_id = $1`, ws) })
	if got := waitJob(t, r.JobID); got != "failed" {
		t.Fatalf("the first run: job %s, want failed", got)
	}
	if b := summary(owner); b.Collection != "ok" || len(b.FailingPlatforms) != 0 || b.LastFailureAt != nil {
		t.Errorf("after one failed run, the banner %+v, want ok", b)
	}

	// the retry, due a minute after the failure, fails too
	clock.set(3 * time.Minute)
	cronRefresh(t, a)
	waitRow(t, "the retry failed", `SELECT count(*) FROM scrape_jobs WHERE id = $1 AND status = 'failed' AND attempts >= 2`, r.JobID)
	b := summary(owner)
	if b.Collection != "failing" || !slices.Equal(b.FailingPlatforms, []platform.Platform{platform.TikTok}) || b.LastFailureAt == nil || b.OverdueSince != nil {
		t.Fatalf("after two failed runs, the banner %+v, want tiktok failing", b)
	}
	var failedAt time.Time
	if err := env.PG.QueryRow(t.Context(), `SELECT updated_at FROM scrape_jobs WHERE id = $1`, r.JobID).Scan(&failedAt); err != nil {
		t.Fatal(err)
	}
	if !b.LastFailureAt.Equal(failedAt) {
		t.Errorf("last failure at %s, the job failed at %s", b.LastFailureAt, failedAt)
	}
	if mb := summary(member); !reflect.DeepEqual(mb, b) {
		t.Errorf("the member's banner %+v, the owner's %+v", mb, b)
	}
	var h queryhealth.WorkspaceHealth
	a.request("GET", "/api/workspace/health", nil, owner).expect(t, 200).decode(t, &h)
	if !reflect.DeepEqual(h.Summary, b) || h.OldestOverdue != nil {
		t.Errorf("the page's summary %+v (oldest overdue %+v), the banner %+v", h.Summary, h.OldestOverdue, b)
	}
	if len(h.Platforms) != 1 || h.Platforms[0].Failed != 1 || h.Platforms[0].LastError == nil {
		t.Errorf("platforms %+v, want tiktok's failed job with its error", h.Platforms)
	}

	// two hours on, with no run tried since: nothing failed within the hour
	clock.set(2 * time.Hour)
	if b := summary(owner); b.Collection != "ok" || len(b.FailingPlatforms) != 0 {
		t.Errorf("two hours after the last failure, the banner %+v, want ok", b)
	}
}
