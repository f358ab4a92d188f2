package main

import (
	"context"
	"errors"
	"io"
	"log"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/internal/mail"
)

// inbox is a real SMTP server on loopback that keeps what arrives and
// refuses recipients at unknown@.
type inbox struct {
	mu    sync.Mutex
	mails []string
}

type inboxSession struct{ in *inbox }

func (s inboxSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s inboxSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	if strings.HasPrefix(to, "unknown@") {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
	}
	return nil
}
func (s inboxSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	s.in.mu.Lock()
	s.in.mails = append(s.in.mails, string(b))
	s.in.mu.Unlock()
	return err
}
func (s inboxSession) Reset()        {}
func (s inboxSession) Logout() error { return nil }

func startInbox(t *testing.T) (*inbox, string) {
	in := &inbox{}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return inboxSession{in}, nil }))
	srv.Domain = "localhost"
	srv.ErrorLog = log.New(io.Discard, "", 0)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return in, "smtp://" + l.Addr().String() + "?starttls=false"
}

func TestOutboxMailGoesOutOverSMTP(t *testing.T) {
	in, url := startInbox(t)
	s, err := mail.NewSender(mail.Options{URL: url, From: "reeltrack <alerts@example.com>", SendTimeout: 5 * time.Second},
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	sender := command.Mailer{Mail: s}
	id := uuid.New()
	err = sender.SendMail(context.Background(), command.OutgoingMail{ID: id, To: "boss@example.com",
		Subject: "reeltrack alert: Take-off (2 videos)", Text: "v1 took off", HTML: "<p>v1 took off</p>"})
	if err != nil {
		t.Fatal(err)
	}
	in.mu.Lock()
	got := strings.Join(in.mails, "\n")
	in.mu.Unlock()
	if !strings.Contains(got, "Message-ID: <"+id.String()+"@example.com>") || !strings.Contains(got, "Subject: reeltrack alert: Take-off (2 videos)") ||
		!strings.Contains(got, "To: <boss@example.com>") {
		t.Fatalf("arrived:\n%s", got)
	}

	// a refused recipient is final; a server that is gone is not
	err = sender.SendMail(context.Background(), command.OutgoingMail{ID: uuid.New(), To: "unknown@example.com", Subject: "s", Text: "t"})
	if !errors.Is(err, command.ErrMailRejected) {
		t.Fatalf("refused recipient: %v", err)
	}
	down, err := mail.NewSender(mail.Options{URL: "smtp://127.0.0.1:1?starttls=false", From: "a@example.com", SendTimeout: 2 * time.Second}, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = command.Mailer{Mail: down}.SendMail(context.Background(), command.OutgoingMail{ID: uuid.New(), To: "boss@example.com", Subject: "s", Text: "t"})
	if err == nil || errors.Is(err, command.ErrMailRejected) {
		t.Fatalf("server down: %v", err)
	}
}
