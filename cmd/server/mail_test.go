package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/internal/mail"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

func TestOutboxMailGoesOutOverSMTP(t *testing.T) {
	in := testenv.SMTP(t)
	s, err := mail.NewSender(mail.Options{URL: in.URL, From: "reeltrack <alerts@example.com>", SendTimeout: 5 * time.Second},
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	sender := outbox.Mailer{Mail: s}
	id := uuid.New()
	err = sender.SendMail(context.Background(), outbox.OutgoingMail{ID: id, To: "boss@example.com",
		Subject: "reeltrack alert: Take-off (2 videos)", Text: "v1 took off", HTML: "<p>v1 took off</p>"})
	if err != nil {
		t.Fatal(err)
	}
	got := in.Take()
	if len(got) != 1 || got[0].Header.Get("Message-ID") != "<"+id.String()+"@example.com>" || got[0].Subject != "reeltrack alert: Take-off (2 videos)" ||
		got[0].Header.Get("To") != "<boss@example.com>" || got[0].To != "boss@example.com" || !strings.Contains(got[0].Text, "v1 took off") {
		t.Fatalf("arrived: %+v", got)
	}

	// a refused recipient is final; a server that is gone is not
	err = sender.SendMail(context.Background(), outbox.OutgoingMail{ID: uuid.New(), To: "unknown@example.com", Subject: "s", Text: "t"})
	if !errors.Is(err, outbox.ErrMailRejected) {
		t.Fatalf("refused recipient: %v", err)
	}
	down, err := mail.NewSender(mail.Options{URL: "smtp://127.0.0.1:1?starttls=false", From: "a@example.com", SendTimeout: 2 * time.Second}, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = outbox.Mailer{Mail: down}.SendMail(context.Background(), outbox.OutgoingMail{ID: uuid.New(), To: "boss@example.com", Subject: "s", Text: "t"})
	if err == nil || errors.Is(err, outbox.ErrMailRejected) {
		t.Fatalf("server down: %v", err)
	}
}
