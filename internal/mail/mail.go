// Package mail renders the service's e-mails and sends them: over SMTP when
// SMTP_URL is set, else to the log. No input can add a header: addresses must
// parse and hold no control characters (also after RFC 2047 decoding),
// subjects become one line, and non-ASCII header text is RFC 2047 encoded.
package mail

import (
	"context"
	"crypto/rand"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	netmail "net/mail"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Message is one e-mail. Text is required; HTML, when set, is sent with it
// as multipart/alternative and mail clients show the HTML.
type Message struct {
	// ID, when set, makes the Message-ID <ID@sender's domain>, so a message
	// resent from the same outbox row keeps it and receivers drop the duplicate.
	// Letters, digits and . _ + - only; empty: a random Message-ID.
	ID string
	// To holds the recipients, each "a@example.com" or "Name <a@example.com>".
	// A recipient the server refuses fails the whole message: send one
	// message per recipient when they are independent.
	To      []string
	Subject string
	Text    string
	HTML    string
	// Attachment, when set, rides with the message (a report's PDF).
	Attachment *Attachment
}

// Attachment is a file sent with a message.
type Attachment struct {
	Name        string
	ContentType string
	Data        []byte
}

const (
	MaxRecipients = 50
	MaxSubject    = 500     // characters
	MaxBody       = 2 << 20 // bytes of Text and HTML together
	maxID         = 200
	maxAddress    = 254
)

// ErrInvalid marks a message that can never be sent as it is; retrying is pointless.
var ErrInvalid = errors.New("invalid mail")

// Sender sends one message. Implementations are safe for concurrent use.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// Options configure NewSender.
type Options struct {
	// URL is SMTP_URL: smtp:// (STARTTLS required), smtps:// (implicit TLS), or
	// smtp://127.0.0.1:1025?starttls=false (loopback only). Empty: log mails.
	URL string
	// From is the sender (MAIL_FROM), e.g. "Reeltrack Alerts <alerts@example.com>".
	From string
	// DialTimeout bounds the connection and each SMTP command. Zero: 10s.
	DialTimeout time.Duration
	// SendTimeout bounds one whole Send. Zero: 30s.
	SendTimeout time.Duration
	// RootCAs verify the server's certificate. Nil: the system's roots.
	RootCAs *x509.CertPool
}

// NewSender returns an SMTP sender when o.URL is set, else one that logs.
func NewSender(o Options, log *slog.Logger) (Sender, error) {
	from, err := ParseAddress(o.From)
	if err != nil {
		return nil, fmt.Errorf("mail from: %w", err)
	}
	if o.URL == "" {
		return &logSender{log: log, from: from}, nil
	}
	srv, err := parseURL(o.URL)
	if err != nil {
		return nil, fmt.Errorf("smtp url: %w", err)
	}
	if o.DialTimeout <= 0 {
		o.DialTimeout = 10 * time.Second
	}
	if o.SendTimeout <= 0 {
		o.SendTimeout = 30 * time.Second
	}
	return &smtpSender{
		server:      srv,
		from:        from,
		dialTimeout: o.DialTimeout,
		sendTimeout: o.SendTimeout,
		rootCAs:     o.RootCAs,
	}, nil
}

// ParseAddress parses one address and refuses control characters anywhere in
// it, so it can never break a header line. Errors wrap ErrInvalid.
func ParseAddress(s string) (*netmail.Address, error) {
	a, err := parseAddress(s)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	return a, nil
}

func parseAddress(s string) (*netmail.Address, error) {
	if hasControl(s) {
		return nil, fmt.Errorf("address %q holds a control character", s)
	}
	a, err := netmail.ParseAddress(s)
	if err != nil {
		return nil, fmt.Errorf("address %q: %w", s, err)
	}
	// net/mail decodes RFC 2047 words in names, which can hide a line break.
	if hasControl(a.Name) || hasControl(a.Address) {
		return nil, fmt.Errorf("address %q holds a control character", s)
	}
	if len(a.Address) > maxAddress {
		return nil, fmt.Errorf("address %q is longer than %d characters", s, maxAddress)
	}
	return a, nil
}

type prepared struct {
	to        []*netmail.Address
	subject   string
	messageID string // without angle brackets
}

func prepare(m Message, from *netmail.Address) (prepared, error) {
	var p prepared
	var problems []error
	bad := func(format string, args ...any) {
		problems = append(problems, fmt.Errorf(format, args...))
	}
	switch {
	case len(m.To) == 0:
		bad("no recipient")
	case len(m.To) > MaxRecipients:
		bad("more than %d recipients", MaxRecipients)
	}
	for _, s := range m.To {
		a, err := parseAddress(s)
		if err != nil {
			problems = append(problems, err)
			continue
		}
		p.to = append(p.to, a)
	}
	p.subject = cleanSubject(m.Subject)
	if p.subject == "" {
		bad("no subject")
	} else if utf8.RuneCountInString(p.subject) > MaxSubject {
		bad("subject longer than %d characters", MaxSubject)
	}
	if strings.TrimSpace(m.Text) == "" {
		bad("no text")
	}
	if len(m.Text)+len(m.HTML) > MaxBody {
		bad("text and HTML larger than %d bytes", MaxBody)
	}
	if !utf8.ValidString(m.Text) || !utf8.ValidString(m.HTML) {
		bad("text or HTML is not UTF-8")
	}
	domain := from.Address[strings.LastIndexByte(from.Address, '@')+1:]
	switch {
	case m.ID == "":
		b := make([]byte, 16)
		_, _ = rand.Read(b)
		p.messageID = hex.EncodeToString(b) + "@" + domain
	case !validID(m.ID):
		bad("id %q: only letters, digits and . _ + - and at most %d characters", m.ID, maxID)
	default:
		p.messageID = m.ID + "@" + domain
	}
	if err := errors.Join(problems...); err != nil {
		return p, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	return p, nil
}

// cleanSubject: a subject is one line, whatever the caller passed.
func cleanSubject(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	space := false
	for _, r := range s {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			space = true
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return strings.TrimSpace(b.String())
}

func hasControl(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool {
		return unicode.IsControl(r) || r == '\u2028' || r == '\u2029'
	})
}

func validID(id string) bool {
	if len(id) > maxID || strings.HasPrefix(id, ".") || strings.HasSuffix(id, ".") || strings.Contains(id, "..") {
		return false
	}
	for _, r := range id {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
			r == '.' || r == '_' || r == '+' || r == '-'
		if !ok {
			return false
		}
	}
	return true
}
