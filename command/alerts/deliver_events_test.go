package alerts_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/internal/webhook"
)

// receiver is a Slack-, Discord- or webhook-compatible endpoint on
// loopback that records what it is sent and answers as it is told.
type receiver struct {
	*httptest.Server
	mu   sync.Mutex
	got  []received
	next func(w http.ResponseWriter) // nil: 200
}

type received struct {
	Path   string
	Header http.Header
	Body   []byte
}

func newReceiver(t *testing.T) *receiver {
	r := &receiver{}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.got = append(r.got, received{Path: req.URL.Path, Header: req.Header.Clone(), Body: body})
		answer := r.next
		r.mu.Unlock()
		if req.URL.Path == "/elsewhere" {
			w.WriteHeader(http.StatusOK)
			return
		}
		if answer == nil {
			_, _ = w.Write([]byte("ok"))
			return
		}
		answer(w)
	}))
	t.Cleanup(r.Close)
	return r
}

// answer makes the receiver answer status (with headers) from now on.
func (r *receiver) answer(status int, headers ...string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.next = func(w http.ResponseWriter) {
		for i := 0; i+1 < len(headers); i += 2 {
			w.Header().Set(headers[i], headers[i+1])
		}
		w.WriteHeader(status)
		_, _ = w.Write([]byte("no_service"))
	}
}

func (r *receiver) requests() []received {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]received(nil), r.got...)
}

// clock is a settable time.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// The delivery tests do not run in parallel: a round delivers every
// workspace's due deliveries, so one test's round would take another's;
// each deletes its channels when it ends.

// deliverFixture is a workspace with its channel handlers, a clock and
// the addresses of loopback allowed.
type deliverFixture struct {
	ws, owner uuid.UUID
	clock     *clock
	save      alerts.SaveChannelHandler
	deliver   alerts.DeliverEventsHandler
	paces     []time.Duration
}

const sessionSecret = "test-session-secret-0123456789abcdef"

func newDeliverFixture(t *testing.T) *deliverFixture {
	t.Helper()
	allow, err := webhook.ParseAllowList("127.0.0.0/8")
	if err != nil {
		t.Fatal(err)
	}
	f := &deliverFixture{ws: env.Workspace(t, testenv.WorkspaceOptions{}), clock: &clock{t: time.Now().Truncate(time.Second)}}
	f.owner = env.Owner(t, f.ws)
	t.Cleanup(func() {
		_, _ = env.PG.Exec(context.Background(), `DELETE FROM channels WHERE workspace_id = $1`, f.ws)
	})
	sealer := webhook.NewSealer(sessionSecret)
	f.save = alerts.SaveChannelHandler{DB: env.PG, Sealer: sealer, Allow: allow, Now: f.clock.now}
	f.deliver = alerts.DeliverEventsHandler{
		DB: env.PG, Client: webhook.NewClient(allow), Sealer: sealer, Allow: allow, DashboardURL: "https://reeltrack.example",
		Log: slog.New(slog.DiscardHandler), Now: f.clock.now, Jitter: func() float64 { return 0.5 },
		Pace: func(_ context.Context, d time.Duration) { f.paces = append(f.paces, d) },
	}
	return f
}

func (f *deliverFixture) channel(t *testing.T, kind domain.ChannelKind, url string) (uuid.UUID, string) {
	t.Helper()
	out, err := f.save.Create(context.Background(), alerts.CreateChannel{WorkspaceID: f.ws, ActorID: f.owner, Kind: string(kind),
		Name: string(kind) + " channel", URL: url})
	if err != nil {
		t.Fatal(err)
	}
	return out.ID, out.Secret
}

// queue records an event of the workspace and its delivery to the
// channel, due at once; it returns the delivery's id.
func (f *deliverFixture) queue(t *testing.T, channel uuid.UUID, summary string) uuid.UUID {
	t.Helper()
	event, delivery := uuid.New(), uuid.New()
	payload, _ := json.Marshal(map[string]any{"summary": summary, "views": 1_000_000})
	exec(t, `INSERT INTO events (id, workspace_id, type, occurred_at, payload, dispatched_at) VALUES ($1, $2, $3, $4, $5, $4)`,
		event, f.ws, string(domain.EventVideoMilestone), f.clock.now(), payload)
	exec(t, `INSERT INTO event_deliveries (id, workspace_id, event_id, channel_id, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $5, $5)`,
		delivery, f.ws, event, channel, f.clock.now())
	return delivery
}

func (f *deliverFixture) run(t *testing.T) alerts.DeliverRun {
	t.Helper()
	run, err := f.deliver.Deliver(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return run
}

func deliveryStatus(t *testing.T, id uuid.UUID) (string, int) {
	t.Helper()
	var s string
	var n int
	if err := env.PG.QueryRow(context.Background(), `SELECT status, attempts FROM event_deliveries WHERE id = $1`, id).Scan(&s, &n); err != nil {
		t.Fatal(err)
	}
	return s, n
}

// TestDeliverFoldsSlackBurst: every due delivery of a Slack channel goes
// in one message, which lists ten and counts the rest; each delivery gets
// the attempt; the channel's last success is recorded.
func TestDeliverFoldsSlackBurst(t *testing.T) {
	f := newDeliverFixture(t)
	rcv := newReceiver(t)
	ch, secret := f.channel(t, domain.ChannelSlack, rcv.URL+"/services/T0/B0/secret")
	if secret != "" {
		t.Fatal("a Slack channel got a signing secret")
	}
	var ids []uuid.UUID
	for i := range 12 {
		ids = append(ids, f.queue(t, ch, "video "+strconv.Itoa(i)+" passed 1M views"))
	}
	run := f.run(t)
	if run.Messages != 1 || run.Delivered != 12 {
		t.Fatalf("run %+v, want one message delivering 12", run)
	}
	reqs := rcv.requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests, want 1", len(reqs))
	}
	var msg struct {
		Text   string            `json:"text"`
		Blocks []json.RawMessage `json:"blocks"`
	}
	if err := json.Unmarshal(reqs[0].Body, &msg); err != nil {
		t.Fatal(err)
	}
	if len(msg.Blocks) != 11 || !strings.Contains(string(reqs[0].Body), "and 2 more") || !strings.Contains(msg.Text, "Views milestone") {
		t.Fatalf("message %s", reqs[0].Body)
	}
	for _, id := range ids {
		if s, n := deliveryStatus(t, id); s != string(domain.DeliveryDelivered) || n != 1 {
			t.Fatalf("delivery %s %d", s, n)
		}
	}
	if n := scalar[int](t, `SELECT count(*) FROM delivery_attempts WHERE channel_id = $1 AND status_code = 200`, ch); n != 12 {
		t.Fatalf("%d attempts recorded, want 12", n)
	}
	if scalar[*time.Time](t, `SELECT last_success_at FROM channels WHERE id = $1`, ch) == nil {
		t.Fatal("no last success")
	}
	if run := f.run(t); run.Messages != 0 {
		t.Fatalf("a second round sent %+v", run)
	}
}

// TestDeliverRatePerChannel: a Slack channel sends at most a message a
// second and a Discord one every 2.4 s, whatever is due; a webhook
// channel's burst is paced at 10 a second; one channel's rate does not
// hold another back.
func TestDeliverRatePerChannel(t *testing.T) {
	f := newDeliverFixture(t)
	slackRcv, discordRcv, hookRcv := newReceiver(t), newReceiver(t), newReceiver(t)
	slack, _ := f.channel(t, domain.ChannelSlack, slackRcv.URL+"/s")
	discord, _ := f.channel(t, domain.ChannelDiscord, discordRcv.URL+"/d")
	hook, _ := f.channel(t, domain.ChannelWebhook, hookRcv.URL+"/h")
	f.queue(t, slack, "one")
	f.queue(t, discord, "one")
	f.run(t)
	f.queue(t, slack, "two")
	f.queue(t, discord, "two")
	for i := range 3 {
		f.queue(t, hook, "hook "+strconv.Itoa(i))
	}
	run := f.run(t)
	if run.Messages != 3 || len(slackRcv.requests()) != 1 || len(discordRcv.requests()) != 1 || len(hookRcv.requests()) != 3 {
		t.Fatalf("run %+v: slack %d, discord %d, webhook %d", run, len(slackRcv.requests()), len(discordRcv.requests()), len(hookRcv.requests()))
	}
	if len(f.paces) != 2 || f.paces[0] != 100*time.Millisecond {
		t.Fatalf("webhook burst paced %v, want 2 × 100ms", f.paces)
	}
	f.clock.advance(time.Second)
	f.run(t)
	if len(slackRcv.requests()) != 2 || len(discordRcv.requests()) != 1 {
		t.Fatalf("after 1s: slack %d, discord %d", len(slackRcv.requests()), len(discordRcv.requests()))
	}
	f.clock.advance(1500 * time.Millisecond)
	f.run(t)
	if len(discordRcv.requests()) != 2 {
		t.Fatalf("after 2.5s: discord %d", len(discordRcv.requests()))
	}
}

// verifySignature checks a Standard Webhooks request as the
// specification's text describes it, independently of the package.
func verifySignature(secret string, h http.Header, body []byte, now time.Time) error {
	id, ts, sigs := h.Get("webhook-id"), h.Get("webhook-timestamp"), h.Get("webhook-signature")
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || id == "" {
		return errors.New("missing or bad headers")
	}
	if d := now.Sub(time.Unix(sec, 0)); d > 5*time.Minute || d < -5*time.Minute {
		return errors.New("timestamp out of tolerance")
	}
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil {
		return err
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + ts + "." + string(body)))
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	for _, s := range strings.Fields(sigs) {
		if v, sig, _ := strings.Cut(s, ","); v == "v1" && hmac.Equal([]byte(sig), []byte(want)) {
			return nil
		}
	}
	return errors.New("no matching signature")
}

// TestDeliverWebhookSigned: a webhook request carries one event in the
// specification's envelope, its webhook-id the event's id, signed with
// the channel's secret; after a rotation both the new and the previous
// secret sign for 24 hours, then the new one alone.
func TestDeliverWebhookSigned(t *testing.T) {
	f := newDeliverFixture(t)
	rcv := newReceiver(t)
	ch, secret := f.channel(t, domain.ChannelWebhook, rcv.URL+"/hooks/reeltrack")
	if !strings.HasPrefix(secret, "whsec_") {
		t.Fatalf("secret %q", secret)
	}
	if n := scalar[int](t, `SELECT count(*) FROM channels WHERE id = $1 AND (secret_sealed LIKE '%'||$2||'%' OR url_sealed LIKE '%hooks%')`,
		ch, strings.TrimPrefix(secret, "whsec_")); n != 0 {
		t.Fatal("the secret or URL is stored in the clear")
	}
	f.queue(t, ch, "first")
	f.run(t)
	req := rcv.requests()[0]
	if err := verifySignature(secret, req.Header, req.Body, f.clock.now()); err != nil {
		t.Fatalf("verify: %v", err)
	}
	var body struct {
		Type      string         `json:"type"`
		Timestamp time.Time      `json:"timestamp"`
		Data      map[string]any `json:"data"`
	}
	if err := json.Unmarshal(req.Body, &body); err != nil || body.Type != "video.milestone" || body.Data["summary"] != "first" ||
		!body.Timestamp.Equal(f.clock.now()) {
		t.Fatalf("body %s (%v)", req.Body, err)
	}
	eventID := scalar[uuid.UUID](t, `SELECT event_id FROM event_deliveries WHERE channel_id = $1`, ch)
	if req.Header.Get("webhook-id") != eventID.String() {
		t.Fatalf("webhook-id %q, want the event's id %s", req.Header.Get("webhook-id"), eventID)
	}

	rotated, err := f.save.RotateSecret(context.Background(), alerts.RotateChannelSecret{WorkspaceID: f.ws, ActorID: f.owner, ID: ch})
	if err != nil {
		t.Fatal(err)
	}
	f.clock.advance(time.Second)
	f.queue(t, ch, "second")
	f.run(t)
	req = rcv.requests()[1]
	if len(strings.Fields(req.Header.Get("webhook-signature"))) != 2 {
		t.Fatalf("signature during the rotation %q", req.Header.Get("webhook-signature"))
	}
	for _, s := range []string{secret, rotated.Secret} {
		if err := verifySignature(s, req.Header, req.Body, f.clock.now()); err != nil {
			t.Fatalf("rotation: %v", err)
		}
	}
	f.clock.advance(alerts.PreviousSecretFor)
	f.queue(t, ch, "third")
	f.run(t)
	req = rcv.requests()[2]
	if verifySignature(secret, req.Header, req.Body, f.clock.now()) == nil || verifySignature(rotated.Secret, req.Header, req.Body, f.clock.now()) != nil {
		t.Fatalf("after 24 hours %q", req.Header.Get("webhook-signature"))
	}
}

// TestDeliverRetries: a failed attempt (a 500, a redirect, a refused
// address) is recorded with its status and a short error and retried
// after the back-off; the next success delivers it.
func TestDeliverRetries(t *testing.T) {
	f := newDeliverFixture(t)
	rcv := newReceiver(t)
	ch, _ := f.channel(t, domain.ChannelDiscord, rcv.URL+"/api/webhooks/1/SECRETPATH")
	id := f.queue(t, ch, "retry me")
	rcv.answer(http.StatusInternalServerError)
	if run := f.run(t); run.Retrying != 1 {
		t.Fatalf("run %+v", run)
	}
	if s, n := deliveryStatus(t, id); s != "pending" || n != 1 {
		t.Fatalf("after a 500: %s %d", s, n)
	}
	// Jitter 0.5 is the back-off itself: 5 s after the first failure.
	if next := scalar[time.Time](t, `SELECT next_attempt_at FROM event_deliveries WHERE id = $1`, id); !next.Equal(f.clock.now().Add(5 * time.Second)) {
		t.Fatalf("next attempt %v, want 5s after %v", next, f.clock.now())
	}
	f.clock.advance(4 * time.Second)
	if run := f.run(t); run.Messages != 0 {
		t.Fatalf("retried before its back-off: %+v", run)
	}
	f.clock.advance(time.Second)
	rcv.mu.Lock()
	rcv.next = func(w http.ResponseWriter) {
		w.Header().Set("Location", rcv.URL+"/elsewhere")
		w.WriteHeader(http.StatusFound)
	}
	rcv.mu.Unlock()
	f.run(t)
	if s, n := deliveryStatus(t, id); s != "pending" || n != 2 {
		t.Fatalf("after a redirect: %s %d", s, n)
	}
	for _, r := range rcv.requests() {
		if r.Path == "/elsewhere" {
			t.Fatal("the redirect was followed")
		}
	}
	f.clock.advance(5 * time.Minute)
	rcv.answer(http.StatusOK)
	f.run(t)
	if s, n := deliveryStatus(t, id); s != "delivered" || n != 3 {
		t.Fatalf("after a success: %s %d", s, n)
	}
	rows, err := env.PG.Query(context.Background(), `SELECT coalesce(status_code, 0), error FROM delivery_attempts WHERE delivery_id = $1 ORDER BY id`, id)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var code int
		var msg string
		_ = rows.Scan(&code, &msg)
		got = append(got, strconv.Itoa(code)+" "+msg)
	}
	if strings.Join(got, "|") != "500 HTTP 500: no_service|302 HTTP 302: redirect not followed|200 " {
		t.Fatalf("attempts %q", got)
	}
	if n := scalar[int](t, `SELECT count(*) FROM delivery_attempts WHERE channel_id = $1 AND error LIKE '%SECRETPATH%'`, ch); n != 0 {
		t.Fatal("an attempt's error holds the URL's secret path")
	}

	// An address the rule refuses, once the allow list no longer holds it.
	strict := f.deliver
	strict.Allow = webhook.AllowList{}
	strict.Client = webhook.NewClient(webhook.AllowList{})
	id2 := f.queue(t, ch, "refused")
	f.clock.advance(time.Minute)
	before := len(rcv.requests())
	if _, err := strict.Deliver(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(rcv.requests()) != before {
		t.Fatal("a refused address was reached")
	}
	if msg := scalar[string](t, `SELECT last_error FROM event_deliveries WHERE id = $1`, id2); !strings.HasPrefix(msg, "refused: ") ||
		strings.Contains(msg, "SECRETPATH") {
		t.Fatalf("refused attempt's error %q", msg)
	}
}

// TestDeliverThrottled: a 429 delays the channel by its Retry-After and
// is not counted against the delivery; an HTTP date works as well.
func TestDeliverThrottled(t *testing.T) {
	f := newDeliverFixture(t)
	rcv := newReceiver(t)
	ch, _ := f.channel(t, domain.ChannelSlack, rcv.URL+"/s")
	id := f.queue(t, ch, "throttled")
	rcv.answer(http.StatusTooManyRequests, "Retry-After", "120")
	if run := f.run(t); run.Throttled != 1 || run.Retrying != 0 {
		t.Fatalf("run %+v", run)
	}
	if s, n := deliveryStatus(t, id); s != "pending" || n != 0 {
		t.Fatalf("after a 429: %s %d", s, n)
	}
	if next := scalar[time.Time](t, `SELECT next_send_at FROM channels WHERE id = $1`, ch); !next.Equal(f.clock.now().Add(2 * time.Minute)) {
		t.Fatalf("channel waits until %v", next)
	}
	f.clock.advance(time.Minute)
	if run := f.run(t); run.Messages != 0 {
		t.Fatalf("sent before Retry-After: %+v", run)
	}
	f.clock.advance(time.Minute)
	rcv.answer(http.StatusTooManyRequests, "Retry-After", f.clock.now().Add(30*time.Second).UTC().Format(http.TimeFormat))
	f.run(t)
	if next := scalar[time.Time](t, `SELECT next_send_at FROM channels WHERE id = $1`, ch); !next.Equal(f.clock.now().Add(30 * time.Second)) {
		t.Fatalf("channel waits until %v after an HTTP date", next)
	}
	f.clock.advance(30 * time.Second)
	rcv.answer(http.StatusOK)
	f.run(t)
	if s, n := deliveryStatus(t, id); s != "delivered" || n != 1 {
		t.Fatalf("after the wait: %s %d", s, n)
	}
}

// disabledFixture adds a verified admin, an unverified admin and a
// verified member to the fixture's workspace, and verifies the owner.
func (f *deliverFixture) team(t *testing.T) (admin string) {
	admin = uuid.NewString() + "@example.com"
	env.Member(t, f.ws, env.User(t, testenv.UserOptions{Email: admin, Verified: true}), domain.RoleAdmin)
	env.Member(t, f.ws, env.User(t, testenv.UserOptions{}), domain.RoleAdmin)
	env.Member(t, f.ws, env.User(t, testenv.UserOptions{Verified: true}), domain.RoleMember)
	exec(t, `UPDATE users SET email_verified_at = now() WHERE id = $1`, f.owner)
	return admin
}

// disabledMails are the recipients of the workspace's channel_disabled
// e-mails.
func disabledMails(t *testing.T, ws uuid.UUID) []string {
	return scalar[[]string](t, `SELECT coalesce(array_agg(recipient ORDER BY recipient), '{}') FROM mail_outbox WHERE workspace_id = $1 AND kind = $2`,
		ws, string(domain.MailChannelDisabled))
}

// TestDeliverGoneDisables: a 410 disables the channel at once: the
// deliveries of the message fail, its other waiting ones are cancelled,
// the verified owners and admins are e-mailed and the activity log
// records it without an actor.
func TestDeliverGoneDisables(t *testing.T) {
	f := newDeliverFixture(t)
	admin := f.team(t)
	rcv := newReceiver(t)
	ch, _ := f.channel(t, domain.ChannelDiscord, rcv.URL+"/api/webhooks/1/token")
	a, b := f.queue(t, ch, "a"), f.queue(t, ch, "b")
	later := f.queue(t, ch, "later")
	exec(t, `UPDATE event_deliveries SET next_attempt_at = $2 WHERE id = $1`, later, f.clock.now().Add(time.Hour))
	rcv.answer(http.StatusGone)
	run := f.run(t)
	if run.Failed != 2 || run.ChannelsDisabled != 1 {
		t.Fatalf("run %+v", run)
	}
	for id, want := range map[uuid.UUID]string{a: "failed", b: "failed", later: "cancelled"} {
		if s, _ := deliveryStatus(t, id); s != want {
			t.Fatalf("delivery %s, want %s", s, want)
		}
	}
	if r := scalar[string](t, `SELECT disabled_reason FROM channels WHERE id = $1 AND NOT enabled`, ch); r != string(domain.ChannelDisabledGone) {
		t.Fatalf("disabled for %q", r)
	}
	owner := scalar[string](t, `SELECT email FROM users WHERE id = $1`, f.owner)
	want := []string{admin, owner}
	if admin > owner {
		want = []string{owner, admin}
	}
	if got := disabledMails(t, f.ws); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("e-mailed %v, want %v", got, want)
	}
	if subject := scalar[string](t, `SELECT subject FROM mail_outbox WHERE workspace_id = $1 AND kind = $2 LIMIT 1`, f.ws,
		string(domain.MailChannelDisabled)); !strings.Contains(subject, "discord channel") {
		t.Fatalf("subject %q", subject)
	}
	if n := scalar[int](t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND action = $2 AND actor_id IS NULL AND details->>'reason' = 'gone'`,
		f.ws, string(domain.ActionChannelDisabled)); n != 1 {
		t.Fatalf("%d activity entries", n)
	}
	// a disabled channel sends nothing, and later queued deliveries are cancelled
	f.clock.advance(2 * time.Hour)
	late := f.queue(t, ch, "after")
	if run := f.run(t); run.Messages != 0 {
		t.Fatalf("a disabled channel sent: %+v", run)
	}
	if s, _ := deliveryStatus(t, late); s != "cancelled" {
		t.Fatalf("a delivery to a disabled channel is %s", s)
	}
	// enabling clears the reason
	on := true
	if err := f.save.Update(context.Background(), alerts.UpdateChannel{WorkspaceID: f.ws, ActorID: f.owner, ID: ch, Enabled: &on}); err != nil {
		t.Fatal(err)
	}
	if r := scalar[string](t, `SELECT disabled_reason FROM channels WHERE id = $1 AND enabled`, ch); r != "" {
		t.Fatalf("reason %q after enabling", r)
	}
}

// TestDeliverOutOfAttempts: a delivery that fails its last attempt fails
// and disables its channel, which e-mails the owners and admins.
func TestDeliverOutOfAttempts(t *testing.T) {
	f := newDeliverFixture(t)
	f.team(t)
	rcv := newReceiver(t)
	ch, _ := f.channel(t, domain.ChannelWebhook, rcv.URL+"/h")
	id := f.queue(t, ch, "doomed")
	exec(t, `UPDATE event_deliveries SET attempts = $2 WHERE id = $1`, id, len(alerts.DeliveryBackoff))
	rcv.answer(http.StatusServiceUnavailable)
	run := f.run(t)
	if run.Failed != 1 || run.ChannelsDisabled != 1 {
		t.Fatalf("run %+v", run)
	}
	if s, n := deliveryStatus(t, id); s != "failed" || n != len(alerts.DeliveryBackoff)+1 {
		t.Fatalf("delivery %s %d", s, n)
	}
	if r := scalar[string](t, `SELECT disabled_reason FROM channels WHERE id = $1 AND NOT enabled`, ch); r != string(domain.ChannelDisabledFailing) {
		t.Fatalf("disabled for %q", r)
	}
	if got := disabledMails(t, f.ws); len(got) != 2 {
		t.Fatalf("e-mailed %v", got)
	}
	var total time.Duration
	for _, d := range alerts.DeliveryBackoff {
		total += d
	}
	if total < 60*time.Hour || total > 80*time.Hour {
		t.Fatalf("retries span %v, want about three days", total)
	}
}

// TestSendTestAndResend: the test of a channel goes at once, to it alone,
// and answers the attempt; a failed test is not retried; a resend sends a
// failed delivery again. Members may not, and another workspace's channel
// is not found.
func TestSendTestAndResend(t *testing.T) {
	f := newDeliverFixture(t)
	rcv := newReceiver(t)
	ch, _ := f.channel(t, domain.ChannelSlack, rcv.URL+"/s")
	other, _ := f.channel(t, domain.ChannelSlack, rcv.URL+"/other")
	out, err := f.deliver.SendTest(context.Background(), alerts.SendChannelTest{WorkspaceID: f.ws, ActorID: f.owner, ChannelID: ch})
	if err != nil {
		t.Fatal(err)
	}
	if !out.Delivered || out.StatusCode == nil || *out.StatusCode != 200 || out.Status != domain.DeliveryDelivered {
		t.Fatalf("test %+v", out)
	}
	if reqs := rcv.requests(); len(reqs) != 1 || reqs[0].Path != "/s" || !strings.Contains(string(reqs[0].Body), "Test message") {
		t.Fatalf("requests %+v", reqs)
	}
	_ = other
	rcv.answer(http.StatusInternalServerError)
	out, err = f.deliver.SendTest(context.Background(), alerts.SendChannelTest{WorkspaceID: f.ws, ActorID: f.owner, ChannelID: ch})
	if err != nil {
		t.Fatal(err)
	}
	if out.Delivered || out.Status != domain.DeliveryFailed || !strings.HasPrefix(out.Error, "HTTP 500") {
		t.Fatalf("failed test %+v", out)
	}
	if enabled := scalar[bool](t, `SELECT enabled FROM channels WHERE id = $1`, ch); !enabled {
		t.Fatal("a failed test disabled the channel")
	}
	rcv.answer(http.StatusOK)
	again, err := f.deliver.Resend(context.Background(), alerts.ResendDelivery{WorkspaceID: f.ws, ActorID: f.owner, ChannelID: ch, DeliveryID: out.DeliveryID})
	if err != nil || !again.Delivered {
		t.Fatalf("resend %+v %v", again, err)
	}

	member := env.User(t, testenv.UserOptions{})
	env.Member(t, f.ws, member, domain.RoleMember)
	if _, err := f.deliver.SendTest(context.Background(), alerts.SendChannelTest{WorkspaceID: f.ws, ActorID: member, ChannelID: ch}); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("a member's test: %v", err)
	}
	g := newDeliverFixture(t)
	if _, err := g.deliver.SendTest(context.Background(), alerts.SendChannelTest{WorkspaceID: g.ws, ActorID: g.owner, ChannelID: ch}); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("another workspace's channel: %v", err)
	}
}

// TestDeliverFailingBurstStops: a webhook endpoint that fails the first
// request of a burst is not sent the rest in that round; they keep their
// attempts and go once the channel has rested.
func TestDeliverFailingBurstStops(t *testing.T) {
	f := newDeliverFixture(t)
	rcv := newReceiver(t)
	ch, _ := f.channel(t, domain.ChannelWebhook, rcv.URL+"/h")
	var ids []uuid.UUID
	for i := range 4 {
		ids = append(ids, f.queue(t, ch, "burst "+strconv.Itoa(i)))
	}
	rcv.answer(http.StatusBadGateway)
	if run := f.run(t); run.Messages != 1 || run.Retrying != 1 {
		t.Fatalf("run %+v, want one failed request", run)
	}
	tried := 0
	for _, id := range ids {
		s, n := deliveryStatus(t, id)
		if s != "pending" {
			t.Fatalf("a delivery is %s", s)
		}
		tried += n
	}
	if tried != 1 {
		t.Fatalf("%d attempts counted, want 1: the rest of the burst was sent", tried)
	}
	rcv.answer(http.StatusOK)
	f.clock.advance(alerts.DeliveryBackoff[0])
	if run := f.run(t); run.Delivered != 4 {
		t.Fatalf("after the rest: %+v", run)
	}
}
