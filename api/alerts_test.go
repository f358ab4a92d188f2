package api_test

import (
	"io"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/mail"
	"github.com/reeltrack/reeltrack/internal/testenv"
	queryalerts "github.com/reeltrack/reeltrack/query/alerts"
)

func TestAlertRulesSaveAndList(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	var rule queryalerts.AlertRule
	d.app.request("POST", "/api/alerts", map[string]any{
		"name": " Viral views ", "metric": "views", "condition": "gain", "threshold": 10000, "windowHours": 6,
	}, d.cookie).expect(t, 200).decode(t, &rule)
	if rule.ID == uuid.Nil || rule.Name != "Viral views" || rule.CooldownHours != 24 || !rule.Enabled ||
		rule.CollectionID != nil || rule.Platform != nil || len(rule.Recipients) != 0 || rule.TriggerCount != 0 || rule.LastTriggeredAt != nil {
		t.Fatalf("created %+v", rule)
	}

	// an update names the rule's id and changes only what it carries
	boss, team := addMember(t, d.ws, "boss"), addMember(t, d.ws, "team")
	var updated queryalerts.AlertRule
	d.app.request("POST", "/api/alerts", map[string]any{
		"id": rule.ID, "enabled": false, "collectionId": d.collection, "platform": "tiktok",
		"recipients": []string{strings.ToUpper(boss), boss, team},
	}, d.cookie).expect(t, 200).decode(t, &updated)
	if updated.ID != rule.ID || updated.Enabled || updated.Threshold != 10000 || updated.WindowHours != 6 ||
		updated.CollectionID == nil || *updated.CollectionID != d.collection || *updated.Platform != "tiktok" ||
		strings.Join(updated.Recipients, ",") != boss+","+team {
		t.Fatalf("updated %+v", updated)
	}
	d.app.request("POST", "/api/alerts", map[string]any{"id": rule.ID, "collectionId": nil, "platform": nil}, d.cookie).
		expect(t, 200).decode(t, &updated)
	if updated.CollectionID != nil || updated.Platform != nil || updated.Enabled {
		t.Fatalf("after clearing the scope %+v", updated)
	}

	var list struct{ Rules []queryalerts.AlertRule }
	d.get(t, "/api/alerts", nil, &list)
	if len(list.Rules) != 1 || list.Rules[0].ID != rule.ID {
		t.Fatalf("list %+v", list.Rules)
	}
	var events struct{ Events []queryalerts.AlertEvent }
	d.get(t, "/api/alerts/events", nil, &events)
	if events.Events == nil || len(events.Events) != 0 {
		t.Fatalf("events %+v", events)
	}
}

func TestAlertRulesRejectBadInput(t *testing.T) {
	t.Parallel()
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
	var theirs queryalerts.AlertRule
	other.app.request("POST", "/api/alerts", base(nil), other.cookie).expect(t, 200).decode(t, &theirs)
	d.app.request("POST", "/api/alerts", map[string]any{"id": theirs.ID, "enabled": false}, d.cookie).expectError(t, 404, "not_found")
	d.app.request("POST", "/api/alerts", base(map[string]any{"collectionId": other.collection}), d.cookie).expectError(t, 404, "not_found")
	d.app.request("GET", "/api/alerts/events?ruleId="+theirs.ID.String(), nil, d.cookie).expectError(t, 404, "not_found")
	if n := count(t, `SELECT count(*) FROM alert_rules WHERE id = $1 AND enabled`, theirs.ID); n != 1 {
		t.Fatal("another workspace changed the rule")
	}
}

// addMember makes a new user, named after prefix, a member of the
// workspace and returns the user's e-mail.
func addMember(t *testing.T, ws uuid.UUID, prefix string) string {
	t.Helper()
	email := uniqueEmail(prefix)
	env.Member(t, ws, env.User(t, testenv.UserOptions{Email: email, Verified: true}), domain.RoleMember)
	return email
}

// TestAlertRecipientsAreMembers: a rule mails only members of its
// workspace, so the service cannot be made to mail any address. Every
// other address is a 400 naming it, and nothing is saved.
func TestAlertRecipientsAreMembers(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	member := addMember(t, d.ws, "member")
	other := seedDashboard(t)
	theirs := addMember(t, other.ws, "theirs")
	invited := uniqueEmail("invited")
	exec(t, `INSERT INTO workspace_invites (id, workspace_id, email, role, invited_by)
		SELECT $1, $2, $3, 'member', owner_id FROM workspaces WHERE id = $2`, uuid.New(), d.ws, invited)
	base := map[string]any{"name": "r", "metric": "views", "condition": "gain", "threshold": 1000, "windowHours": 24}
	with := func(recipients ...string) map[string]any {
		r := map[string]any{"recipients": recipients}
		for k, v := range base {
			r[k] = v
		}
		return r
	}

	for _, c := range []struct {
		recipients []string
		fields     []string
	}{
		{[]string{member, "stranger@example.com"}, []string{"recipients[1]"}},
		{[]string{"victim@example.org", member, theirs}, []string{"recipients[0]", "recipients[2]"}},
		{[]string{invited}, []string{"recipients[0]"}},
	} {
		e := d.app.request("POST", "/api/alerts", with(c.recipients...), d.cookie).expectError(t, 400, "invalid_request")
		for _, f := range c.fields {
			if !strings.Contains(e.Fields[f], "not a member") {
				t.Errorf("%v: fields %v, want %s named as not a member", c.recipients, e.Fields, f)
			}
		}
		if len(e.Fields) != len(c.fields) {
			t.Errorf("%v: fields %v, want only %v", c.recipients, e.Fields, c.fields)
		}
	}
	if n := count(t, `SELECT count(*) FROM alert_rules WHERE workspace_id = $1`, d.ws); n != 0 {
		t.Fatalf("%d rules saved with outside recipients", n)
	}

	// members, in any case, are accepted
	var rule queryalerts.AlertRule
	d.app.request("POST", "/api/alerts", with(strings.ToUpper(member)), d.cookie).expect(t, 200).decode(t, &rule)
	if strings.Join(rule.Recipients, ",") != member {
		t.Fatalf("recipients %v", rule.Recipients)
	}
	// an update to an outside address is refused and changes nothing
	d.app.request("POST", "/api/alerts", map[string]any{"id": rule.ID, "recipients": []string{"x@example.net"}}, d.cookie).
		expectError(t, 400, "invalid_request")
	if n := count(t, `SELECT count(*) FROM alert_rules WHERE id = $1 AND recipients = $2`, rule.ID, []string{member}); n != 1 {
		t.Fatal("a refused update changed the recipients")
	}
	// A rule that lists an address that is not a member (saved before the
	// check, or a member who left) can still be changed without naming
	// its recipients: the address is skipped when mails are sent.
	exec(t, `UPDATE alert_rules SET recipients = '{"left@example.com"}' WHERE id = $1`, rule.ID)
	d.app.request("POST", "/api/alerts", map[string]any{"id": rule.ID, "enabled": false}, d.cookie).expect(t, 200)
}

// TestAlertMailsGoOnlyToMembers: an alert e-mail is sent only while its
// recipient is a member of the workspace. One queued for an outside address
// (a rule saved before recipients were checked) or for a member who left
// since is marked skipped and never reaches the mail server.
func TestAlertMailsGoOnlyToMembers(t *testing.T) {
	inbox := testenv.SMTP(t)
	sender, err := mail.NewSender(mail.Options{URL: inbox.URL, From: "reeltrack <alerts@example.com>", SendTimeout: 10 * time.Second},
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	a := newApp(t, func(d *wiring.Deps) {
		d.Config.CronSecret = cronSecret
		d.Mail = outbox.Mailer{Mail: sender}
	})
	// the scan covers every workspace of the package's database: with no
	// rule enabled it raises nothing, and only the outbox is delivered
	exec(t, `UPDATE alert_rules SET enabled = false`)
	owner := a.signUp(uniqueEmail("owner"))
	ws := a.bootstrap(owner).Workspace.ID
	stays, leaves, unverified := addMember(t, ws, "stays"), addMember(t, ws, "leaves"), addMember(t, ws, "unverified")
	exec(t, `UPDATE users SET email_verified_at = NULL WHERE email = $1`, unverified)
	var rule queryalerts.AlertRule
	a.request("POST", "/api/alerts", map[string]any{"name": "r", "metric": "views", "condition": "gain", "threshold": 1000,
		"windowHours": 24, "enabled": false, "recipients": []string{stays, leaves, unverified}}, owner).expect(t, 200).decode(t, &rule)
	exec(t, `UPDATE alert_rules SET recipients = array_append(recipients, 'outsider@example.org') WHERE id = $1`, rule.ID)
	exec(t, `DELETE FROM workspace_members WHERE user_id = (SELECT id FROM users WHERE email = $1)`, leaves)

	queued := map[string]uuid.UUID{}
	for _, to := range []string{strings.ToUpper(stays), leaves, unverified, "outsider@example.org"} {
		id := uuid.New()
		queued[strings.ToLower(to)] = id
		exec(t, `INSERT INTO mail_outbox (id, workspace_id, rule_id, recipient, subject, text_body, html_body)
			VALUES ($1, $2, $3, $4, 'reeltrack alert: r (1 video)', 'text', '<p>html</p>')`, id, ws, rule.ID, to)
	}
	var run struct{ EmailsSent, EmailsFailed, EmailsSkipped int }
	httpRequest(a, "GET", "/api/cron/alerts", "Bearer "+cronSecret).expect(t, 200).decode(t, &run)
	if run.EmailsSkipped < 3 || run.EmailsSent < 1 {
		t.Fatalf("run %+v, want at least 1 sent and 3 skipped", run)
	}
	var to []string
	for _, m := range inbox.Take() {
		to = append(to, strings.ToLower(m.To))
	}
	if !slices.Contains(to, stays) || slices.Contains(to, leaves) || slices.Contains(to, unverified) || slices.Contains(to, "outsider@example.org") {
		t.Fatalf("e-mails went to %v, want the member %s and neither %s, the unverified %s nor the outsider", to, stays, leaves, unverified)
	}
	for addr, want := range map[string]string{stays: "sent", leaves: "skipped", unverified: "skipped", "outsider@example.org": "skipped"} {
		if n := count(t, `SELECT count(*) FROM mail_outbox WHERE id = $1 AND status = $2`, queued[addr], want); n != 1 {
			t.Errorf("the e-mail to %s is not %s", addr, want)
		}
	}
}
