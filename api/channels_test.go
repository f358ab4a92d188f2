package api_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
)

// hookReceiver is a Slack-compatible endpoint on loopback that answers
// status.
type hookReceiver struct {
	*httptest.Server
	mu     sync.Mutex
	bodies []string
	status int
}

func newHookReceiver(t *testing.T) *hookReceiver {
	r := &hookReceiver{status: http.StatusOK}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		b, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.bodies = append(r.bodies, string(b))
		status := r.status
		r.mu.Unlock()
		w.WriteHeader(status)
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *hookReceiver) answer(status int) {
	r.mu.Lock()
	r.status = status
	r.mu.Unlock()
}

type channelOut struct {
	ID                  uuid.UUID  `json:"id"`
	Kind                string     `json:"kind"`
	Name                string     `json:"name"`
	URLHint             string     `json:"urlHint"`
	Enabled             bool       `json:"enabled"`
	DisabledReason      string     `json:"disabledReason"`
	PreviousSecretUntil *time.Time `json:"previousSecretUntil"`
	LastSuccessAt       *time.Time `json:"lastSuccessAt"`
	Secret              string     `json:"secret"`
	RecentAttempts      []struct {
		StatusCode *int `json:"statusCode"`
	} `json:"recentAttempts"`
}

type attemptOut struct {
	DeliveryID uuid.UUID `json:"deliveryId"`
	Status     string    `json:"status"`
	Delivered  bool      `json:"delivered"`
	StatusCode *int      `json:"statusCode"`
	Error      string    `json:"error"`
}

// TestChannelsAPI: owners and admins save, test, rotate and delete
// channels, members read them; a webhook's secret is shown once, and
// neither it nor the URL is in any later answer, the activity log or the
// server's log; another workspace's channel is not found.
func TestChannelsAPI(t *testing.T) {
	t.Parallel()
	logs := &syncBuffer{}
	a := newApp(t, func(d *wiring.Deps) {
		d.Config.ChannelAllowedAddresses = "127.0.0.0/8"
		d.Log = slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
	owner, _, ws := starterWorkspace(a, "chowner")
	admin := a.member(owner, uniqueEmail("chadmin"), "admin")
	member := a.member(owner, uniqueEmail("chmember"), "member")
	rcv := newHookReceiver(t)
	slackURL := rcv.URL + "/services/T000/B000/SLACKTOKEN"
	hookURL := rcv.URL + "/HOOKTOKEN/events"

	a.request("POST", "/api/channels", map[string]string{"kind": "slack", "name": "Team", "url": slackURL}, member).expectError(t, 403, "forbidden")
	var slack, hook channelOut
	a.request("POST", "/api/channels", map[string]string{"kind": "slack", "name": "Team", "url": slackURL}, owner).expect(t, 201).decode(t, &slack)
	if slack.Secret != "" || slack.Kind != "slack" || !slack.Enabled || slack.URLHint != rcv.URL+"/services/T0…/…" {
		t.Fatalf("slack channel %+v", slack)
	}
	created := a.request("POST", "/api/channels", map[string]string{"kind": "webhook", "name": "Backend", "url": hookURL}, admin).expect(t, 201)
	created.decode(t, &hook)
	if !strings.HasPrefix(hook.Secret, "whsec_") || strings.Contains(string(created.Body), "HOOKTOKEN") || hook.URLHint != rcv.URL+"/…/…" {
		t.Fatalf("webhook channel %s", created.Body)
	}

	// refused URLs write nothing
	before := count(t, `SELECT count(*) FROM channels WHERE workspace_id = $1`, ws)
	for _, url := range []string{"http://localhost:8080/x", "https://10.1.2.3/x", "https://169.254.169.254/latest", "https://[::1]/x",
		"https://user:pw@hooks.slack.com/services/x", "http://hooks.slack.com/services/x"} {
		e := a.request("POST", "/api/channels", map[string]string{"kind": "slack", "name": "x", "url": url}, owner).expectError(t, 422, "unprocessable")
		if e.Fields["url"] == "" {
			t.Fatalf("%s: error %+v names no field", url, e)
		}
	}
	a.request("POST", "/api/channels", map[string]string{"kind": "email", "name": "x", "url": "https://example.com/"}, owner).expectError(t, 400, "invalid_request")
	a.request("POST", "/api/channels", map[string]string{"kind": "slack", "name": "", "url": ""}, owner).expectError(t, 400, "invalid_request")
	if n := count(t, `SELECT count(*) FROM channels WHERE workspace_id = $1`, ws); n != before {
		t.Fatalf("refused channels were saved: %d, want %d", n, before)
	}

	// the test goes at once and answers its attempt
	var att attemptOut
	a.request("POST", "/api/channels/"+slack.ID.String()+"/test", nil, member).expectError(t, 403, "forbidden")
	a.request("POST", "/api/channels/"+slack.ID.String()+"/test", nil, owner).expect(t, 200).decode(t, &att)
	if !att.Delivered || att.StatusCode == nil || *att.StatusCode != 200 || att.Status != "delivered" {
		t.Fatalf("test %+v", att)
	}
	if len(rcv.bodies) != 1 || !strings.Contains(rcv.bodies[0], "Test message") {
		t.Fatalf("receiver got %q", rcv.bodies)
	}
	rcv.answer(http.StatusInternalServerError)
	var failed attemptOut
	a.request("POST", "/api/channels/"+slack.ID.String()+"/test", nil, owner).expect(t, 200).decode(t, &failed)
	if failed.Delivered || failed.Status != "failed" || failed.Error != "HTTP 500" {
		t.Fatalf("failed test %+v", failed)
	}
	rcv.answer(http.StatusOK)
	var resent attemptOut
	a.request("POST", "/api/channels/"+slack.ID.String()+"/deliveries/"+failed.DeliveryID.String()+"/resend", nil, owner).expect(t, 200).decode(t, &resent)
	if !resent.Delivered {
		t.Fatalf("resend %+v", resent)
	}
	var dels struct {
		Deliveries []struct {
			ID         uuid.UUID `json:"id"`
			EventType  string    `json:"eventType"`
			Status     string    `json:"status"`
			AttemptLog []struct {
				StatusCode *int   `json:"statusCode"`
				Error      string `json:"error"`
			} `json:"attemptLog"`
		} `json:"deliveries"`
	}
	a.request("GET", "/api/channels/"+slack.ID.String()+"/deliveries", nil, member).expect(t, 200).decode(t, &dels)
	if len(dels.Deliveries) != 2 || dels.Deliveries[0].EventType != "channel.test" {
		t.Fatalf("deliveries %+v", dels)
	}
	for _, d := range dels.Deliveries {
		if d.ID == failed.DeliveryID && (len(d.AttemptLog) != 2 || *d.AttemptLog[0].StatusCode != 200 || d.AttemptLog[1].Error != "HTTP 500") {
			t.Fatalf("resent delivery's attempts %+v", d.AttemptLog)
		}
	}

	// rotation: webhook only, the new secret once
	a.request("POST", "/api/channels/"+slack.ID.String()+"/rotate-secret", nil, owner).expectError(t, 409, "conflict")
	a.request("POST", "/api/channels/"+hook.ID.String()+"/rotate-secret", nil, member).expectError(t, 403, "forbidden")
	var rotated struct {
		Secret              string    `json:"secret"`
		PreviousSecretUntil time.Time `json:"previousSecretUntil"`
	}
	a.request("POST", "/api/channels/"+hook.ID.String()+"/rotate-secret", nil, owner).expect(t, 200).decode(t, &rotated)
	if !strings.HasPrefix(rotated.Secret, "whsec_") || rotated.Secret == hook.Secret || time.Until(rotated.PreviousSecretUntil) < 23*time.Hour {
		t.Fatalf("rotated %+v", rotated)
	}

	// disable and enable
	var patched channelOut
	a.request("PATCH", "/api/channels/"+slack.ID.String(), map[string]any{"enabled": false, "name": "Team alerts"}, owner).expect(t, 200).decode(t, &patched)
	if patched.Enabled || patched.DisabledReason != "manual" || patched.Name != "Team alerts" {
		t.Fatalf("patched %+v", patched)
	}
	a.request("PATCH", "/api/channels/"+slack.ID.String(), map[string]any{"enabled": true}, admin).expect(t, 200).decode(t, &patched)
	if !patched.Enabled || patched.DisabledReason != "" {
		t.Fatalf("enabled %+v", patched)
	}
	a.request("PATCH", "/api/channels/"+slack.ID.String(), map[string]any{"url": "https://127.0.0.1.nip.io.localhost/x"}, owner).expectError(t, 422, "unprocessable")
	a.request("PATCH", "/api/channels/"+slack.ID.String(), map[string]any{"enabled": false}, member).expectError(t, 403, "forbidden")

	// members read; later answers never hold a secret or the URL
	list := a.request("GET", "/api/channels", nil, member).expect(t, 200)
	var got struct{ Channels []channelOut }
	list.decode(t, &got)
	if len(got.Channels) != 2 || got.Channels[0].PreviousSecretUntil == nil || got.Channels[1].LastSuccessAt == nil {
		t.Fatalf("list %s", list.Body)
	}
	for _, secret := range []string{hook.Secret, rotated.Secret, "SLACKTOKEN", "HOOKTOKEN", `"secret"`} {
		if strings.Contains(string(list.Body), secret) {
			t.Fatalf("the list shows %q", secret)
		}
		if n := count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND (details::text LIKE '%'||$2||'%' OR target LIKE '%'||$2||'%')`,
			ws, strings.Trim(secret, `"`)); n != 0 && secret != `"secret"` {
			t.Fatalf("the activity log holds %q", secret)
		}
		if strings.Contains(logs.String(), strings.TrimPrefix(secret, "whsec_")) && secret != `"secret"` {
			t.Fatalf("the log holds %q", secret)
		}
	}

	// another workspace's channel is not found
	other, _, _ := starterWorkspace(a, "chother")
	id := slack.ID.String()
	a.request("PATCH", "/api/channels/"+id, map[string]any{"name": "mine"}, other).expectError(t, 404, "not_found")
	a.request("DELETE", "/api/channels/"+id, nil, other).expectError(t, 404, "not_found")
	a.request("POST", "/api/channels/"+id+"/test", nil, other).expectError(t, 404, "not_found")
	a.request("POST", "/api/channels/"+hook.ID.String()+"/rotate-secret", nil, other).expectError(t, 404, "not_found")
	a.request("GET", "/api/channels/"+id+"/deliveries", nil, other).expectError(t, 404, "not_found")
	a.request("POST", "/api/channels/"+id+"/deliveries/"+failed.DeliveryID.String()+"/resend", nil, other).expectError(t, 404, "not_found")
	var theirs struct{ Channels []channelOut }
	a.request("GET", "/api/channels", nil, other).expect(t, 200).decode(t, &theirs)
	if len(theirs.Channels) != 0 {
		t.Fatalf("another workspace lists %+v", theirs)
	}

	a.request("DELETE", "/api/channels/"+hook.ID.String(), nil, member).expectError(t, 403, "forbidden")
	a.request("DELETE", "/api/channels/"+hook.ID.String(), nil, owner).expect(t, 204)
	if n := count(t, `SELECT count(*) FROM channels WHERE id = $1`, hook.ID); n != 0 {
		t.Fatal("the deleted channel is kept")
	}
	want := []string{"channel_saved", "channel_saved", "channel_secret_rotated", "channel_saved", "channel_saved", "channel_deleted"}
	var actions []string
	rows, err := env.PG.Query(t.Context(), `SELECT action FROM activity_log WHERE workspace_id = $1 AND action LIKE 'channel%' ORDER BY id`, ws)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var s string
		_ = rows.Scan(&s)
		actions = append(actions, s)
	}
	if strings.Join(actions, ",") != strings.Join(want, ",") {
		t.Fatalf("activity %v, want %v", actions, want)
	}
}

// TestCronAlertsDeliversChannels: the alerts cron sends the channels' due
// deliveries and says so in its answer.
func TestCronAlertsDeliversChannels(t *testing.T) {
	a := newApp(t, func(d *wiring.Deps) {
		d.Config.CronSecret = cronSecret
		d.Config.ChannelAllowedAddresses = "127.0.0.0/8"
	})
	owner, _, ws := starterWorkspace(a, "chcron")
	rcv := newHookReceiver(t)
	var ch channelOut
	a.request("POST", "/api/channels", map[string]string{"kind": "discord", "name": "Ops", "url": rcv.URL + "/api/webhooks/1/x"}, owner).expect(t, 201).decode(t, &ch)
	event := uuid.New()
	exec(t, `INSERT INTO events (id, workspace_id, type, occurred_at, payload, dispatched_at) VALUES ($1, $2, 'video.spike', now(), '{"summary":"a spike"}', now())`, event, ws)
	exec(t, `INSERT INTO event_deliveries (id, workspace_id, event_id, channel_id) VALUES ($1, $2, $3, $4)`, uuid.New(), ws, event, ch.ID)
	var out struct {
		Deliveries *struct {
			Messages  int `json:"messages"`
			Delivered int `json:"delivered"`
		} `json:"deliveries"`
	}
	httpRequest(a, "GET", "/api/cron/alerts", "Bearer "+cronSecret).expect(t, 200).decode(t, &out)
	if out.Deliveries == nil || out.Deliveries.Delivered < 1 {
		t.Fatalf("cron answer %+v", out.Deliveries)
	}
	if n := count(t, `SELECT count(*) FROM event_deliveries WHERE channel_id = $1 AND status = 'delivered'`, ch.ID); n != 1 {
		t.Fatalf("%d delivered", n)
	}
	rcv.mu.Lock()
	defer rcv.mu.Unlock()
	if len(rcv.bodies) != 1 || !strings.Contains(rcv.bodies[0], "a spike") {
		t.Fatalf("receiver got %q", rcv.bodies)
	}
}
