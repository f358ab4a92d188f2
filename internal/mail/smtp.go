package mail

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	netmail "net/mail"
	"time"

	gomail "github.com/wneessen/go-mail"
)

type smtpSender struct {
	server      server
	from        *netmail.Address
	dialTimeout time.Duration
	sendTimeout time.Duration
	rootCAs     *x509.CertPool
}

// Send delivers m within the send timeout. Errors wrap ErrInvalid for a message
// that can never be sent, or the context's error when it ended the send.
func (s *smtpSender) Send(ctx context.Context, m Message) error {
	msg, err := s.build(m)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.sendTimeout)
	defer cancel()
	client, err := gomail.NewClient(s.server.host, s.clientOptions(ctx)...)
	if err != nil {
		return fmt.Errorf("send mail via %s: %w", s.server.addr(), err)
	}
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return fmt.Errorf("send mail via %s: %w: %w", s.server.addr(), ctxErr, err)
		}
		return fmt.Errorf("send mail via %s: %w", s.server.addr(), err)
	}
	return nil
}

func (s *smtpSender) build(m Message) (*gomail.Msg, error) {
	p, err := prepare(m, s.from)
	if err != nil {
		return nil, err
	}
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	msg.FromMailAddress(s.from)
	msg.ToMailAddress(p.to...)
	msg.Subject(p.subject)
	msg.SetDate()
	msg.SetMessageIDWithValue(p.messageID)
	// RFC 3834: keeps vacation responders from answering alerts.
	msg.SetGenHeader("Auto-Submitted", "auto-generated")
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	if a := m.Attachment; a != nil {
		if err := msg.AttachReader(a.Name, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(a.ContentType))); err != nil {
			return nil, fmt.Errorf("%w: attachment %s: %w", ErrInvalid, a.Name, err)
		}
	}
	return msg, nil
}

func (s *smtpSender) clientOptions(ctx context.Context) []gomail.Option {
	tlsConfig := &tls.Config{ServerName: s.server.host, MinVersion: tls.VersionTLS12, RootCAs: s.rootCAs}
	opts := []gomail.Option{
		gomail.WithPort(s.server.port),
		gomail.WithTimeout(s.dialTimeout),
		gomail.WithTLSConfig(tlsConfig),
		gomail.WithDialContextFunc(func(dialCtx context.Context, network, _ string) (net.Conn, error) {
			var conn net.Conn
			var err error
			if s.server.security == implicitTLS {
				d := tls.Dialer{Config: tlsConfig}
				conn, err = d.DialContext(dialCtx, network, s.server.addr())
			} else {
				var d net.Dialer
				conn, err = d.DialContext(dialCtx, network, s.server.addr())
			}
			if err != nil {
				return nil, err
			}
			// go-mail watches the context only while dialing; closing the
			// connection when ctx ends bounds the whole exchange.
			context.AfterFunc(ctx, func() { _ = conn.Close() })
			return conn, nil
		}),
	}
	switch s.server.security {
	case startTLS:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case implicitTLS:
		opts = append(opts, gomail.WithSSL())
	case plaintext:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	}
	if s.server.username != "" {
		// go-mail refuses PLAIN and LOGIN without TLS (other than to
		// localhost) and falls back to the other mechanisms the server lists.
		opts = append(opts,
			gomail.WithOpportunisticSMTPAuth(gomail.SMTPAuthPlain, gomail.SMTPAuthLogin),
			gomail.WithUsername(s.server.username),
			gomail.WithPassword(s.server.password),
		)
	}
	return opts
}

// Permanent reports whether err says the message can never be delivered as
// it is (invalid, or refused with a 5xx); anything else may succeed later.
func Permanent(err error) bool {
	if errors.Is(err, ErrInvalid) {
		return true
	}
	var se *gomail.SendError
	if !errors.As(err, &se) || se.IsTemp() || se.ErrorCode() < 500 {
		return false
	}
	return se.Reason == gomail.ErrSMTPRcptTo || se.Reason == gomail.ErrSMTPDataClose
}
