package main

import (
	"context"
	"fmt"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/internal/mail"
)

// mailSender delivers the outbox's e-mails through the configured SMTP
// server (or the log, when none is configured).
type mailSender struct{ mail mail.Sender }

func (m mailSender) SendMail(ctx context.Context, o command.OutgoingMail) error {
	err := m.mail.Send(ctx, mail.Message{ID: o.ID.String(), To: []string{o.To}, Subject: o.Subject, Text: o.Text, HTML: o.HTML})
	if err != nil && mail.Permanent(err) {
		return fmt.Errorf("%w: %w", command.ErrMailRejected, err)
	}
	return err
}
