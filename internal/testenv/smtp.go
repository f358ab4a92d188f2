package testenv

import (
	"bytes"
	"encoding/base64"
	"io"
	"log"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// Inbox is an SMTP server on loopback that keeps every message it accepts;
// it refuses unknown@ for good, and fails every message while Defer is on.
type Inbox struct {
	// URL points the service's mail sender at the inbox (plain SMTP, loopback).
	URL string

	mu       sync.Mutex
	mails    []Mail // not taken yet
	arrived  []Mail // every message, for Since
	deferred bool
}

// Mail is a message as it arrived, read back.
type Mail struct {
	From, To   string // envelope
	Header     netmail.Header
	Subject    string // decoded
	Text, HTML string // decoded parts, lines ending in \n
	Raw        string
}

// SMTP starts an Inbox that stops when the test ends.
func SMTP(t testing.TB) *Inbox {
	t.Helper()
	in, stop, err := StartSMTP()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = stop() })
	return in
}

// StartSMTP starts an Inbox that stops when stop is called, for a package
// to share.
func StartSMTP() (in *Inbox, stop func() error, err error) {
	in = &Inbox{}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &inboxSession{in: in}, nil }))
	srv.Domain = "localhost"
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	srv.ErrorLog = log.New(io.Discard, "", 0)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, err
	}
	go func() { _ = srv.Serve(l) }()
	in.URL = "smtp://" + l.Addr().String() + "?starttls=false"
	return in, srv.Close, nil
}

// Take returns the messages that arrived since the last Take.
func (in *Inbox) Take() []Mail {
	in.mu.Lock()
	defer in.mu.Unlock()
	out := in.mails
	in.mails = nil
	return out
}

// Since returns the messages after the first i, and the count to pass next:
// readers sharing the inbox each keep their own.
func (in *Inbox) Since(i int) ([]Mail, int) {
	in.mu.Lock()
	defer in.mu.Unlock()
	i = min(i, len(in.arrived))
	return append([]Mail(nil), in.arrived[i:]...), len(in.arrived)
}

// Defer makes the inbox answer every message with 451 while on.
func (in *Inbox) Defer(on bool) {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.deferred = on
}

type inboxSession struct {
	in       *Inbox
	from, to string
}

func (s *inboxSession) Mail(from string, _ *smtp.MailOptions) error { s.from = from; return nil }

func (s *inboxSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	if strings.HasPrefix(to, "unknown@") {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
	}
	s.to = to
	return nil
}

func (s *inboxSession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.in.mu.Lock()
	defer s.in.mu.Unlock()
	if s.in.deferred {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later"}
	}
	m := Mail{From: s.from, To: s.to, Raw: string(raw)}
	if msg, err := netmail.ReadMessage(bytes.NewReader(raw)); err == nil {
		m.Header = msg.Header
		m.Subject, _ = new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
		readParts(&m, msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body)
	}
	s.in.mails = append(s.in.mails, m)
	s.in.arrived = append(s.in.arrived, m)
	return nil
}

func (s *inboxSession) Reset()        {}
func (s *inboxSession) Logout() error { return nil }

func readParts(m *Mail, contentType, encoding string, body io.Reader) {
	mediaType, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		mediaType = "text/plain"
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextPart()
			if err != nil {
				return
			}
			readParts(m, p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p)
		}
	}
	switch strings.ToLower(encoding) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body)
	}
	b, _ := io.ReadAll(body)
	text := strings.ReplaceAll(string(b), "\r\n", "\n") // lines end in CRLF on the wire
	switch mediaType {
	case "text/plain":
		m.Text += text
	case "text/html":
		m.HTML += text
	}
}
