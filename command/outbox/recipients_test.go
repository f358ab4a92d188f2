package outbox_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// TestTeamAndCreatorMailsGoToTheirOwn: an alert goes only to the team's
// verified members, never to a creator's login; an e-mail to a creator
// only to a creator's login of the workspace. The others are skipped.
func TestTeamAndCreatorMailsGoToTheirOwn(t *testing.T) {
	ctx := context.Background()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	teammate := env.User(t, testenv.UserOptions{Verified: true})
	env.Member(t, ws, teammate, domain.RoleMember)
	creatorUser := env.User(t, testenv.UserOptions{Verified: true})
	creator := uuid.New()
	env.Exec(t, `INSERT INTO creators (id, workspace_id, name) VALUES ($1, $2, 'Ana')`, creator, ws)
	env.Exec(t, `INSERT INTO workspace_members (workspace_id, user_id, role, creator_id) VALUES ($1, $2, 'creator', $3)`, ws, creatorUser, creator)
	addr := func(user uuid.UUID) string { return user.String() + "@example.com" }

	var sent []string
	sending := &background.Tasks{}
	o := outbox.Outbox{DB: env.PG, Sending: sending, Log: slog.New(slog.DiscardHandler), Now: time.Now,
		Mail: senderFunc(func(_ context.Context, m outbox.OutgoingMail) error { sent = append(sent, m.Subject); return nil })}
	send := func(kind domain.MailKind, to, subject string) (status string) {
		t.Helper()
		id := uuid.New()
		env.Exec(t, `INSERT INTO mail_outbox (id, workspace_id, kind, recipient, subject, text_body, html_body) VALUES ($1, $2, $3, $4, $5, 't', 'h')`,
			id, ws, kind, to, subject)
		o.SendSoon(id)
		if err := sending.Wait(ctx); err != nil {
			t.Fatal(err)
		}
		if err := env.PG.QueryRow(ctx, `SELECT status FROM mail_outbox WHERE id = $1`, id).Scan(&status); err != nil {
			t.Fatal(err)
		}
		return status
	}
	for _, c := range []struct {
		kind domain.MailKind
		to   string
		want domain.Mail
	}{
		{domain.MailAlert, addr(teammate), domain.MailSent},
		{domain.MailAlert, addr(creatorUser), domain.MailSkipped},
		{domain.MailCreator, addr(creatorUser), domain.MailSent},
		{domain.MailCreator, addr(teammate), domain.MailSkipped},
		{domain.MailCreator, "stranger@example.com", domain.MailSkipped},
	} {
		if got := send(c.kind, c.to, string(c.kind)+" to "+c.to); got != string(c.want) {
			t.Errorf("%s e-mail to %s: %s, want %s", c.kind, c.to, got, c.want)
		}
	}
	if len(sent) != 2 {
		t.Errorf("sent %q, want the teammate's alert and the creator's e-mail", sent)
	}
}
