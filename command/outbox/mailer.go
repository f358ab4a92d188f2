package outbox

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/mail"
)

// OutgoingMail is one e-mail of the outbox.
type OutgoingMail struct {
	// ID is the outbox row's id, the same on a resend: the Message-ID.
	ID      uuid.UUID
	To      string
	Subject string
	Text    string
	HTML    string
	// AttachmentName and Attachment are a PDF sent with it (a report's); nil for none.
	AttachmentName *string
	Attachment     []byte
}

// ErrMailRejected wraps a send error retrying cannot fix: the e-mail fails at once.
var ErrMailRejected = errors.New("e-mail rejected")

// MailSender delivers one e-mail.
type MailSender interface {
	SendMail(ctx context.Context, m OutgoingMail) error
}

// Mailer delivers the outbox's e-mails through SMTP, or to the log.
type Mailer struct{ Mail mail.Sender }

// SendMail sends one e-mail, its outbox id as its Message-ID.
func (m Mailer) SendMail(ctx context.Context, o OutgoingMail) error {
	msg := mail.Message{ID: o.ID.String(), To: []string{o.To}, Subject: o.Subject, Text: o.Text, HTML: o.HTML}
	if o.AttachmentName != nil {
		msg.Attachment = &mail.Attachment{Name: *o.AttachmentName, ContentType: "application/pdf", Data: o.Attachment}
	}
	err := m.Mail.Send(ctx, msg)
	if err != nil && mail.Permanent(err) {
		return fmt.Errorf("%w: %w", ErrMailRejected, err)
	}
	return err
}
