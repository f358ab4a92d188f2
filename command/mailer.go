package command

import (
	"context"
	"fmt"

	"github.com/reeltrack/reeltrack/internal/mail"
)

// Mailer delivers the outbox's e-mails with a mail.Sender: through the
// configured SMTP server, or to the log when none is configured.
type Mailer struct{ Mail mail.Sender }

// SendMail sends one e-mail; the outbox id becomes its Message-ID, so a
// resend keeps it.
func (m Mailer) SendMail(ctx context.Context, o OutgoingMail) error {
	err := m.Mail.Send(ctx, mail.Message{ID: o.ID.String(), To: []string{o.To}, Subject: o.Subject, Text: o.Text, HTML: o.HTML})
	if err != nil && mail.Permanent(err) {
		return fmt.Errorf("%w: %w", ErrMailRejected, err)
	}
	return err
}
