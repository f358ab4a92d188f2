package mail

import (
	"context"
	"log/slog"
	netmail "net/mail"
)

// logSender writes each message to the log instead of sending it: the
// local default, so that a developer sees the mails without an SMTP server.
type logSender struct {
	log  *slog.Logger
	from *netmail.Address
}

// Send validates m like the SMTP sender and logs its recipients, subject and
// text at info level.
func (l *logSender) Send(ctx context.Context, m Message) error {
	p, err := prepare(m, l.from)
	if err != nil {
		return err
	}
	l.log.InfoContext(ctx, "mail not sent: SMTP_URL is not set",
		"from", l.from.String(),
		"to", m.To,
		"subject", p.subject,
		"messageId", p.messageID,
		"text", m.Text,
		"htmlBytes", len(m.HTML),
	)
	return nil
}
