package mail

import (
	"context"
	"log/slog"
	netmail "net/mail"
)

// logSender writes each message to the log: the local default, so a
// developer sees the mails without an SMTP server.
type logSender struct {
	log  *slog.Logger
	from *netmail.Address
}

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
