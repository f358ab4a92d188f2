package alerts_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

func deleteRule(ws, id uuid.UUID) error {
	return alerts.DeleteAlertRuleHandler{DB: env.PG}.Handle(context.Background(), alerts.DeleteAlertRule{WorkspaceID: ws, ID: id})
}

// TestDeleteAlertRule: deleting a rule removes it and skips its e-mails
// not sent yet, so a deleted rule mails no one, while those sent stay as
// they were; another workspace's rule is not found and kept.
func TestDeleteAlertRule(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	other := env.Workspace(t, testenv.WorkspaceOptions{})
	rule := func(ws uuid.UUID) uuid.UUID {
		r, err := saveRule(t, alerts.SaveAlertRule{WorkspaceID: ws, Name: ptr("Spikes"), Metric: ptr(domain.Views),
			Condition: ptr(domain.ConditionGrowth), Threshold: ptr(50.0), WindowHours: ptr(24)})
		if err != nil {
			t.Fatal(err)
		}
		return r.ID
	}
	mine, theirs := rule(ws), rule(other)
	mail := func(status domain.Mail) uuid.UUID {
		id := uuid.New()
		if _, err := env.PG.Exec(context.Background(), `INSERT INTO mail_outbox (id, workspace_id, rule_id, kind, recipient, subject, text_body, html_body, status)
			VALUES ($1, $2, $3, $4, 'owner@example.com', 'Spike', 'text', 'html', $5)`, id, ws, mine, domain.MailAlert, status); err != nil {
			t.Fatal(err)
		}
		return id
	}
	pending, sent := mail(domain.MailPending), mail(domain.MailSent)

	if err := deleteRule(ws, theirs); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("another workspace's rule: %v, want not found", err)
	}
	v := dataVersion(t, ws)
	if err := deleteRule(ws, mine); err != nil {
		t.Fatal(err)
	}
	if rules(t, ws) != 0 || rules(t, other) != 1 {
		t.Fatalf("%d rules left here, %d in the other workspace; want 0 and 1", rules(t, ws), rules(t, other))
	}
	mailStatus := func(id uuid.UUID) string {
		return scalar[string](t, `SELECT status FROM mail_outbox WHERE id = $1`, id)
	}
	if p, s := mailStatus(pending), mailStatus(sent); p != string(domain.MailSkipped) || s != string(domain.MailSent) {
		t.Fatalf("e-mails %s and %s, want the pending one skipped, the sent one sent", p, s)
	}
	if dataVersion(t, ws) != v+1 {
		t.Fatal("deleting did not bump the data version")
	}
	if err := deleteRule(ws, mine); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("deleting again: %v, want not found", err)
	}
}
