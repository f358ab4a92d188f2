package api_test

import (
	"strings"
	"testing"

	"github.com/google/uuid"

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
