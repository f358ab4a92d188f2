package outbox_test

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// senderFunc is a mail sender made of a function.
type senderFunc func(context.Context, outbox.OutgoingMail) error

func (f senderFunc) SendMail(ctx context.Context, m outbox.OutgoingMail) error { return f(ctx, m) }

// TestMailAttemptsAreCounted: each e-mail of the outbox tried is counted,
// failed or sent.
func TestMailAttemptsAreCounted(t *testing.T) {
	ctx := context.Background()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	id := uuid.New()
	if _, err := env.PG.Exec(ctx, `
		INSERT INTO mail_outbox (id, workspace_id, kind, recipient, subject, text_body, html_body)
		VALUES ($1, $2, $3, 'someone@example.com', 'Verify', 'text', '<p>html</p>')`, id, ws, domain.MailVerifyEmail); err != nil {
		t.Fatal(err)
	}
	m := metrics.New()
	send := func(err error) {
		t.Helper()
		sending := &background.Tasks{}
		o := outbox.Outbox{DB: env.PG, Metrics: m, Sending: sending, Log: slog.New(slog.DiscardHandler), Now: time.Now,
			Mail: senderFunc(func(context.Context, outbox.OutgoingMail) error { return err })}
		o.SendSoon(id)
		if err := sending.Wait(ctx); err != nil {
			t.Fatal(err)
		}
	}
	send(errors.New("the mail server is down"))
	send(nil)
	for result, want := range map[string]float64{metrics.MailFailed: 1, metrics.MailSent: 1} {
		got, _ := metrics.Value(m.Registry, "reeltrack_mail_attempts_total", map[string]string{"result": result})
		if got != want {
			t.Errorf("%s: %v, want %v", result, got, want)
		}
	}
}
