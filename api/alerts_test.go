package api_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api"
	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/query"
)

func TestAlertRulesSaveAndList(t *testing.T) {
	d := seedDashboard(t)
	var rule query.AlertRule
	d.app.request("POST", "/api/alerts", map[string]any{
		"name": " Viral views ", "metric": "views", "condition": "gain", "threshold": 10000, "windowHours": 6,
	}, d.cookie).expect(t, 200).decode(t, &rule)
	if rule.ID == uuid.Nil || rule.Name != "Viral views" || rule.CooldownHours != 24 || !rule.Enabled ||
		rule.CollectionID != nil || rule.Platform != nil || len(rule.Recipients) != 0 || rule.TriggerCount != 0 || rule.LastTriggeredAt != nil {
		t.Fatalf("created %+v", rule)
	}

	// an update names the rule's id and changes only what it carries
	var updated query.AlertRule
	d.app.request("POST", "/api/alerts", map[string]any{
		"id": rule.ID, "enabled": false, "collectionId": d.collection, "platform": "tiktok",
		"recipients": []string{"Boss@Example.com", "boss@example.com", "team@example.org"},
	}, d.cookie).expect(t, 200).decode(t, &updated)
	if updated.ID != rule.ID || updated.Enabled || updated.Threshold != 10000 || updated.WindowHours != 6 ||
		updated.CollectionID == nil || *updated.CollectionID != d.collection || *updated.Platform != "tiktok" ||
		strings.Join(updated.Recipients, ",") != "boss@example.com,team@example.org" {
		t.Fatalf("updated %+v", updated)
	}
	d.app.request("POST", "/api/alerts", map[string]any{"id": rule.ID, "collectionId": nil, "platform": nil}, d.cookie).
		expect(t, 200).decode(t, &updated)
	if updated.CollectionID != nil || updated.Platform != nil || updated.Enabled {
		t.Fatalf("after clearing the scope %+v", updated)
	}

	var list struct{ Rules []query.AlertRule }
	d.get(t, "/api/alerts", nil, &list)
	if len(list.Rules) != 1 || list.Rules[0].ID != rule.ID {
		t.Fatalf("list %+v", list.Rules)
	}
	var events struct{ Events []query.AlertEvent }
	d.get(t, "/api/alerts/events", nil, &events)
	if events.Events == nil || len(events.Events) != 0 {
		t.Fatalf("events %+v", events)
	}
}

func TestAlertRulesRejectBadInput(t *testing.T) {
	d := seedDashboard(t)
	base := func(change map[string]any) map[string]any {
		r := map[string]any{"name": "r", "metric": "views", "condition": "gain", "threshold": 1000, "windowHours": 24}
		for k, v := range change {
			if v == nil {
				delete(r, k)
			} else {
				r[k] = v
			}
		}
		return r
	}
	cases := []struct {
		body  map[string]any
		field string
	}{
		{base(map[string]any{"name": nil}), "name"},
		{base(map[string]any{"name": strings.Repeat("x", 101)}), "name"},
		{base(map[string]any{"metric": "saves"}), "metric"},
		{base(map[string]any{"condition": "spike"}), "condition"},
		{base(map[string]any{"threshold": 0}), "threshold"},
		{base(map[string]any{"threshold": 10.5}), "threshold"},
		{base(map[string]any{"condition": "velocity_vs_baseline", "threshold": 1}), "threshold"},
		{base(map[string]any{"condition": "growth_pct", "threshold": 2e6}), "threshold"},
		{base(map[string]any{"windowHours": 0}), "windowHours"},
		{base(map[string]any{"windowHours": 169}), "windowHours"},
		{base(map[string]any{"windowHours": nil}), "windowHours"},
		{base(map[string]any{"minStartValue": -1}), "minStartValue"},
		{base(map[string]any{"cooldownHours": 721}), "cooldownHours"},
		{base(map[string]any{"platform": "vine"}), "platform"},
		{base(map[string]any{"recipients": []string{"a@example.com", "not an address"}}), "recipients[1]"},
		{base(map[string]any{"recipients": []string{"a@example.com\r\nBcc: x@evil.com"}}), "recipients[0]"},
		{base(map[string]any{"collectionId": "nope"}), "collectionId"},
	}
	for _, c := range cases {
		e := d.app.request("POST", "/api/alerts", c.body, d.cookie).expectError(t, 400, "invalid_request")
		if _, ok := e.Fields[c.field]; !ok {
			t.Errorf("%v: fields %v do not name %s", c.body, e.Fields, c.field)
		}
	}
	d.app.request("POST", "/api/alerts", base(map[string]any{"colour": "red"}), d.cookie).expectError(t, 400, "invalid_request")
	many := make([]string, 21)
	for i := range many {
		many[i] = uuid.NewString()[:8] + "@example.com"
	}
	d.app.request("POST", "/api/alerts", base(map[string]any{"recipients": many}), d.cookie).expectError(t, 400, "invalid_request")
	if n := count(t, `SELECT count(*) FROM alert_rules WHERE workspace_id = $1`, d.ws); n != 0 {
		t.Fatalf("%d rules stored from bad requests", n)
	}

	// ids of another workspace are not found
	other := seedDashboard(t)
	var theirs query.AlertRule
	other.app.request("POST", "/api/alerts", base(nil), other.cookie).expect(t, 200).decode(t, &theirs)
	d.app.request("POST", "/api/alerts", map[string]any{"id": theirs.ID, "enabled": false}, d.cookie).expectError(t, 404, "not_found")
	d.app.request("POST", "/api/alerts", base(map[string]any{"collectionId": other.collection}), d.cookie).expectError(t, 404, "not_found")
	d.app.request("GET", "/api/alerts/events?ruleId="+theirs.ID.String(), nil, d.cookie).expectError(t, 404, "not_found")
	if n := count(t, `SELECT count(*) FROM alert_rules WHERE id = $1 AND enabled`, theirs.ID); n != 1 {
		t.Fatal("another workspace changed the rule")
	}
}

// mailbox records e-mails; fail makes sends fail.
type mailbox struct {
	mu   sync.Mutex
	got  []command.OutgoingMail
	fail bool
}

func (m *mailbox) SendMail(_ context.Context, msg command.OutgoingMail) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail {
		return errors.New("451 try again later")
	}
	m.got = append(m.got, msg)
	return nil
}

func (m *mailbox) take() []command.OutgoingMail {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := m.got
	m.got = nil
	return out
}

type alertRunBody struct {
	Scanned, Matched, Alerted, EmailsSent, EmailsFailed int
}

func TestCronAlertsSendsEachAlertOnce(t *testing.T) {
	box := &mailbox{}
	withMail := func(d *api.Deps) { d.Mail = box; d.Config.CronSecret = cronSecret }
	d := seedDashboard(t, withMail)
	other := seedDashboard(t, withMail)
	cron := func() alertRunBody {
		t.Helper()
		var out alertRunBody
		req := httptest.NewRequest("GET", "/api/cron/alerts", nil)
		req.Header.Set("Authorization", "Bearer "+cronSecret)
		d.app.send(req).expect(t, 200).decode(t, &out)
		return out
	}
	d.app.request("GET", "/api/cron/alerts", nil).expectError(t, 401, "unauthenticated")
	// the scan covers every workspace of the package's database: only this
	// test's rules are enabled, so its counts are its own
	exec(t, `UPDATE alert_rules SET enabled = false`)

	// v1 gains 2,844 views in the 6 hours before its latest snapshot, v3
	// (published 12 hours ago, scraped for 10) 9,000; v2 only 240, and v6's
	// latest snapshot is older than the window.
	var rule query.AlertRule
	d.app.request("POST", "/api/alerts", map[string]any{
		"name": "Take-off", "metric": "views", "condition": "gain", "threshold": 2000, "windowHours": 6, "cooldownHours": 1,
	}, d.cookie).expect(t, 200).decode(t, &rule)
	// the other workspace's rule would match d's videos, were it to see them
	other.app.request("POST", "/api/alerts", map[string]any{
		"name": "Theirs", "metric": "views", "condition": "gain", "threshold": 2000, "windowHours": 6,
		"recipients": []string{"them@example.com"},
	}, other.cookie).expect(t, 200)

	run := cron()
	mails := box.take()
	// both workspaces' fixtures have the same videos: each workspace is
	// told about its own two
	if run.Alerted != 4 || run.EmailsSent != 2 || run.EmailsFailed != 0 {
		t.Fatalf("first run %+v", run)
	}
	var ours command.OutgoingMail
	for _, m := range mails {
		if m.To == "them@example.com" {
			if strings.Contains(m.Text, d.ws.String()) || strings.Contains(m.Text, "/v/v1") == false {
				t.Errorf("their e-mail: %s", m.Text)
			}
			continue
		}
		ours = m
	}
	owner := count(t, `SELECT count(*) FROM users u JOIN workspace_members m ON m.user_id = u.id WHERE m.workspace_id = $1 AND u.email = $2`, d.ws, ours.To)
	if owner != 1 || !strings.Contains(ours.Subject, "Take-off") || !strings.Contains(ours.Text, "https://example.com/v/v1") ||
		!strings.Contains(ours.Text, "https://example.com/v/v3") || strings.Contains(ours.Text, "/v/v2") || !strings.Contains(ours.HTML, "<a href=\"https://example.com/v/v1\">") {
		t.Fatalf("our e-mail to %s: %q\n%s", ours.To, ours.Subject, ours.Text)
	}
	var events struct{ Events []query.AlertEvent }
	d.get(t, "/api/alerts/events", nil, &events)
	if len(events.Events) != 2 {
		t.Fatalf("%d events recorded", len(events.Events))
	}
	for _, e := range events.Events {
		if e.VideoID == d.videos["v1"] && (e.Gain != 2844 || e.EndValue != 58600) {
			t.Errorf("v1 event %+v", e)
		}
	}

	// a repeated call inside the cooldown sends nothing
	if run := cron(); run.Matched != 4 || run.Alerted != 0 || run.EmailsSent != 0 {
		t.Fatalf("second run %+v", run)
	}
	if m := box.take(); len(m) != 0 {
		t.Fatalf("second run sent %d e-mails", len(m))
	}

	// once the cooldown is over the rule alerts again; a failed send is
	// retried on a later run
	exec(t, `UPDATE alert_events SET triggered_at = triggered_at - interval '2 hours' WHERE workspace_id = $1`, d.ws)
	box.fail = true
	if run := cron(); run.Alerted != 2 || run.EmailsSent != 0 || run.EmailsFailed != 1 {
		t.Fatalf("run with a failing mail server %+v", run)
	}
	box.fail = false
	if run := cron(); run.EmailsSent != 0 {
		t.Fatalf("the failed e-mail was retried before its back-off: %+v", run)
	}
	exec(t, `UPDATE mail_outbox SET next_attempt_at = $2 WHERE workspace_id = $1 AND status = 'pending'`, d.ws, dashNow.Add(-time.Second))
	if run := cron(); run.EmailsSent != 1 || len(box.take()) != 1 {
		t.Fatalf("retry %+v", run)
	}
	var list struct{ Rules []query.AlertRule }
	d.get(t, "/api/alerts", nil, &list)
	if r := list.Rules[0]; r.TriggerCount != 4 || r.LastTriggeredAt == nil {
		t.Fatalf("rule history %+v", r)
	}

	// paused accounts' videos and disabled rules never alert
	exec(t, `UPDATE alert_events SET triggered_at = triggered_at - interval '2 hours' WHERE workspace_id = $1`, d.ws)
	exec(t, `UPDATE accounts SET status = 'paused' WHERE id = $1`, d.accounts["acc1"])
	d.app.request("POST", "/api/alerts", map[string]any{"id": rule.ID, "collectionId": d.collection}, d.cookie).expect(t, 200)
	if run := cron(); run.Alerted != 0 {
		t.Fatalf("a paused account's video alerted: %+v", run)
	}
	exec(t, `UPDATE accounts SET status = 'active' WHERE id = $1`, d.accounts["acc1"])
	// scoped to the collection: v1 (through acc1) but not v3
	if run := cron(); run.Alerted != 1 {
		t.Fatalf("collection-scoped run %+v", run)
	}
	if m := box.take(); len(m) != 1 || strings.Contains(m[0].Text, "/v/v3") {
		t.Fatalf("collection-scoped e-mail %+v", m)
	}
	exec(t, `UPDATE alert_events SET triggered_at = triggered_at - interval '2 hours' WHERE workspace_id = $1`, d.ws)
	d.app.request("POST", "/api/alerts", map[string]any{"id": rule.ID, "enabled": false}, d.cookie).expect(t, 200)
	if run := cron(); run.Alerted != 0 {
		t.Fatalf("a disabled rule alerted: %+v", run)
	}
}
