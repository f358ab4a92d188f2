package api

import (
	"context"
	"log/slog"

	"github.com/reeltrack/reeltrack/command"
)

// logMailer writes e-mails to the log: the sender when no SMTP server is
// configured, so a newcomer sees the alerts.
type logMailer struct{ log *slog.Logger }

func (l logMailer) SendMail(ctx context.Context, m command.OutgoingMail) error {
	l.log.InfoContext(ctx, "e-mail (no SMTP server configured)", "to", m.To, "subject", m.Subject, "text", m.Text)
	return nil
}
