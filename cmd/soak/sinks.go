package main

import (
	"bytes"
	"encoding/base64"
	"io"
	"log"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/http"
	netmail "net/mail"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/emersion/go-smtp"
)

// inbox is an SMTP server on loopback that takes every message: the
// server's mail sender delivers to it.
type inbox struct {
	url    string
	srv    *smtp.Server
	mu     sync.Mutex
	count  int
	tokens map[string]string // the last verification token sent to each address
}

var verifyToken = regexp.MustCompile(`/verify-email\?token=([A-Za-z0-9_\-]+)`)

func startInbox() (*inbox, error) {
	in := &inbox{tokens: map[string]string{}}
	in.srv = smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &inboxSession{in: in}, nil }))
	in.srv.Domain = "localhost"
	in.srv.ReadTimeout, in.srv.WriteTimeout = 10*time.Second, 10*time.Second
	in.srv.ErrorLog = log.New(io.Discard, "", 0)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	go func() { _ = in.srv.Serve(ln) }()
	in.url = "smtp://" + ln.Addr().String() + "?starttls=false"
	return in, nil
}

func (in *inbox) close() { _ = in.srv.Close() }

// received is the number of messages taken so far.
func (in *inbox) received() int {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.count
}

// token is the last verification token e-mailed to addr.
func (in *inbox) token(addr string) string {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.tokens[strings.ToLower(addr)]
}

type inboxSession struct {
	in *inbox
	to string
}

func (s *inboxSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s *inboxSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = strings.ToLower(to)
	return nil
}
func (s *inboxSession) Reset()        {}
func (s *inboxSession) Logout() error { return nil }

func (s *inboxSession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	var text strings.Builder
	if msg, err := netmail.ReadMessage(bytes.NewReader(raw)); err == nil {
		readText(&text, msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body)
	}
	s.in.mu.Lock()
	defer s.in.mu.Unlock()
	s.in.count++
	if m := verifyToken.FindStringSubmatch(text.String()); m != nil {
		s.in.tokens[s.to] = m[1]
	}
	return nil
}

// readText appends the decoded text parts of a message body to out.
func readText(out *strings.Builder, contentType, encoding string, body io.Reader) {
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
			readText(out, p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p)
		}
	}
	switch strings.ToLower(encoding) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body)
	}
	if mediaType == "text/plain" {
		b, _ := io.ReadAll(body)
		out.Write(b)
	}
}

// receiver is a webhook channel's endpoint on loopback: it answers 200 to
// every delivery and counts them.
type receiver struct {
	url   string
	srv   *http.Server
	count atomic.Int64
}

func startReceiver() (*receiver, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	rc := &receiver{url: "http://" + ln.Addr().String() + "/hooks/soak"}
	rc.srv = &http.Server{ReadHeaderTimeout: 10 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		if r.Method == http.MethodPost {
			rc.count.Add(1)
		}
		w.WriteHeader(http.StatusOK)
	})}
	go func() { _ = rc.srv.Serve(ln) }()
	return rc, nil
}

func (rc *receiver) close() { _ = rc.srv.Close() }
