package api_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	queryalerts "github.com/reeltrack/reeltrack/query/alerts"
)

func TestDeleteAlertRule(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	save := func(d *dashboard, name string) queryalerts.AlertRule {
		var r queryalerts.AlertRule
		d.app.request("POST", "/api/alerts", map[string]any{
			"name": name, "metric": "views", "condition": "gain", "threshold": 100, "windowHours": 6,
		}, d.cookie).expect(t, 200).decode(t, &r)
		return r
	}
	gone, kept := save(d, "gone"), save(d, "kept")
	// an alert the rule raised and its e-mail, not sent yet
	exec(t, `INSERT INTO alert_events (id, workspace_id, rule_id, video_id, triggered_at, metric, window_start, window_end, start_value, end_value, gain)
		VALUES ($1, $2, $3, $4, $5, 'views', $5, $5, 1, 200, 199)`, uuid.New(), d.ws, gone.ID, d.videos["v1"], time.Now())
	mail := uuid.New()
	exec(t, `INSERT INTO mail_outbox (id, workspace_id, rule_id, recipient, subject, text_body, html_body)
		VALUES ($1, $2, $3, 'x@example.com', 's', 't', 'h')`, mail, d.ws, gone.ID)

	other := seedDashboard(t)
	theirs := save(other, "theirs")
	d.app.request("DELETE", "/api/alerts/"+theirs.ID.String(), nil, d.cookie).expectError(t, 404, "not_found")
	d.app.request("DELETE", "/api/alerts/"+uuid.NewString(), nil, d.cookie).expectError(t, 404, "not_found")
	d.app.request("DELETE", "/api/alerts/nope", nil, d.cookie).expectError(t, 400, "invalid_request")
	d.app.request("DELETE", "/api/alerts/"+gone.ID.String(), nil).expectError(t, 401, "unauthenticated")
	if count(t, `SELECT count(*) FROM alert_rules WHERE id = ANY($1)`, []uuid.UUID{theirs.ID, gone.ID}) != 2 {
		t.Fatal("a refused delete was written")
	}

	version := count(t, `SELECT data_version FROM workspaces WHERE id = $1`, d.ws)
	res := d.app.request("DELETE", "/api/alerts/"+gone.ID.String(), nil, d.cookie).expect(t, 204)
	if len(res.Body) != 0 {
		t.Fatalf("204 with a body %s", res.Body)
	}
	var list struct{ Rules []queryalerts.AlertRule }
	d.get(t, "/api/alerts", nil, &list)
	if len(list.Rules) != 1 || list.Rules[0].ID != kept.ID {
		t.Fatalf("rules after the delete %+v", list.Rules)
	}
	if n := count(t, `SELECT count(*) FROM alert_events WHERE rule_id = $1`, gone.ID); n != 0 {
		t.Errorf("%d alerts of the deleted rule remain", n)
	}
	if n := count(t, `SELECT count(*) FROM mail_outbox WHERE id = $1 AND status = 'skipped'`, mail); n != 1 {
		t.Error("the deleted rule's pending e-mail was not skipped")
	}
	if count(t, `SELECT data_version FROM workspaces WHERE id = $1`, d.ws) == version {
		t.Error("the delete did not bump the data version")
	}
	d.app.request("DELETE", "/api/alerts/"+gone.ID.String(), nil, d.cookie).expectError(t, 404, "not_found")
	// an update of the deleted rule finds nothing either
	d.app.request("POST", "/api/alerts", map[string]any{"id": gone.ID, "enabled": false}, d.cookie).expectError(t, 404, "not_found")
}
