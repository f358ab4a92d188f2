// Package outbox is the mail outbox: every e-mail the service sends is
// queued (Queue) in the transaction of the change it tells about, then
// delivered by Outbox, in the alerts cron's round or, for an account
// e-mail, right after its transaction (SendSoon), through a MailSender
// (Mailer: the SMTP server, or the log).
package outbox

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/mail"
	"github.com/reeltrack/reeltrack/internal/metrics"
)

// Outbox delivers the e-mails of mail_outbox.
type Outbox struct {
	DB   *pgxpool.Pool
	Mail MailSender
	Log  *slog.Logger
	Now  func() time.Time
	// Sending runs the SendSoon deliveries, counted for a shutdown to wait on.
	Sending *background.Tasks
	// Metrics counts each e-mail tried; nil counts nothing.
	Metrics *metrics.Metrics
}

// OutboxRun counts what one delivery round did.
type OutboxRun struct {
	Sent, Failed int
	// Skipped counts alert e-mails whose recipient is not a verified member.
	Skipped int
}

// Outbox delivery limits.
const (
	maxMailAttempts  = 8
	maxMailsPerRun   = 1000
	firstMailBackoff = time.Minute
	maxMailBackoff   = 6 * time.Hour
)

// The outcomes of one delivery.
const (
	mailNoneDue = iota
	mailSent
	mailFailed
	mailSkipped
)

// SendSoonTimeout bounds the delivery that follows an account e-mail's
// transaction; a slower mail server leaves it to the next round.
const SendSoonTimeout = 30 * time.Second

// Queue adds an e-mail to the outbox in tx; it is due at once.
func Queue(ctx context.Context, tx pgx.Tx, kind domain.MailKind, workspaceID *uuid.UUID, to string, m mail.Message) (uuid.UUID, error) {
	id := uuid.New()
	_, err := tx.Exec(ctx, `
		INSERT INTO mail_outbox (id, workspace_id, kind, recipient, subject, text_body, html_body)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, id, workspaceID, string(kind), to, m.Subject, m.Text, m.HTML)
	if err != nil {
		return uuid.Nil, fmt.Errorf("queue %s e-mail: %w", kind, err)
	}
	return id, nil
}

// Deliver sends the due e-mails, one row claimed at a time (SKIP LOCKED); a
// failed send is retried with doubling back-off, up to maxMailAttempts.
func (o Outbox) Deliver(ctx context.Context) (OutboxRun, error) {
	var run OutboxRun
	for range maxMailsPerRun {
		outcome, err := o.deliverOne(ctx, uuid.Nil)
		if err != nil {
			return run, err
		}
		switch outcome {
		case mailNoneDue:
			return run, nil
		case mailSent:
			run.Sent++
		case mailFailed:
			run.Failed++
		case mailSkipped:
			run.Skipped++
		}
	}
	return run, nil
}

// SendSoon delivers the queued e-mail id now, in the background, so a link
// arrives in seconds; the round takes it up if this attempt fails.
func (o Outbox) SendSoon(id uuid.UUID) {
	if id == uuid.Nil || o.DB == nil {
		return
	}
	// Refused while the process stops: the round takes it up.
	o.Sending.Go(context.Background(), func(ctx context.Context) {
		ctx, cancel := context.WithTimeout(ctx, SendSoonTimeout)
		defer cancel()
		if _, err := o.deliverOne(ctx, id); err != nil {
			o.Log.WarnContext(ctx, "e-mail left to the next delivery round", "outboxId", id, "error", err)
		}
	})
}

// deliverOne sends the oldest due e-mail, or e-mail id, due or not. An alert
// or digest e-mail goes out only while its recipient is a verified member of
// the workspace; otherwise it is marked skipped and never sent.
func (o Outbox) deliverOne(ctx context.Context, id uuid.UUID) (outcome int, err error) {
	now := o.Now
	err = pgx.BeginFunc(ctx, o.DB, func(tx pgx.Tx) error {
		var m OutgoingMail
		var attempts int
		var kind string
		var member bool
		err := tx.QueryRow(ctx, `
SELECT o.id, o.kind, o.recipient, o.subject, o.text_body, o.html_body, o.attempts,
       EXISTS (SELECT 1 FROM workspace_members wm JOIN users u ON u.id = wm.user_id
               WHERE wm.workspace_id = o.workspace_id AND u.email = lower(o.recipient)
                 AND u.email_verified_at IS NOT NULL)
FROM mail_outbox o
-- domain.MailPending written out: the predicate of the partial index
-- mail_outbox_due_idx, which a parameter could not use
WHERE o.status = 'pending' AND (o.id = $2 OR ($2 = '00000000-0000-0000-0000-000000000000'::uuid AND o.next_attempt_at <= $1))
ORDER BY o.next_attempt_at, o.id
LIMIT 1 FOR UPDATE OF o SKIP LOCKED`, now(), id).Scan(&m.ID, &kind, &m.To, &m.Subject, &m.Text, &m.HTML, &attempts, &member)
		if errors.Is(err, pgx.ErrNoRows) {
			outcome = mailNoneDue
			return nil
		}
		if err != nil {
			return fmt.Errorf("read outbox: %w", err)
		}
		if (domain.MailKind(kind) == domain.MailAlert || domain.MailKind(kind) == domain.MailDigest) && !member {
			outcome = mailSkipped
			o.Log.WarnContext(ctx, kind+" e-mail skipped: the recipient is not a verified member of the workspace", "outboxId", m.ID)
			_, err = tx.Exec(ctx, `UPDATE mail_outbox SET status = $3, last_error = $2 WHERE id = $1`,
				m.ID, "the recipient is not a verified member of the workspace", domain.MailSkipped)
			return err
		}
		sendErr := o.Mail.SendMail(ctx, m)
		if sendErr == nil {
			outcome = mailSent
			_, err = tx.Exec(ctx, `UPDATE mail_outbox SET status = $3, sent_at = $2, attempts = attempts + 1, last_error = '',`+redactLinkSQL+`
				WHERE id = $1`, m.ID, now(), domain.MailSent)
			return err
		}
		outcome = mailFailed
		attempts++
		status := domain.MailPending
		if attempts >= maxMailAttempts || errors.Is(sendErr, ErrMailRejected) {
			status = domain.MailFailed
		}
		backoff := min(firstMailBackoff<<(attempts-1), maxMailBackoff)
		o.Log.WarnContext(ctx, "e-mail not sent", "outboxId", m.ID, "kind", kind, "attempts", attempts, "error", sendErr)
		msg := sendErr.Error()
		if len(msg) > 500 {
			msg = msg[:500]
		}
		// a given-up e-mail's link is redacted too; a pending one keeps its body
		redact := ""
		if status == domain.MailFailed {
			redact = "," + redactLinkSQL
		}
		_, err = tx.Exec(ctx, `UPDATE mail_outbox SET status = $2, attempts = $3, next_attempt_at = $4, last_error = $5`+redact+`
			WHERE id = $1`, m.ID, status, attempts, now().Add(backoff), strings.ToValidUTF8(msg, ""))
		return err
	})
	if err != nil {
		return mailNoneDue, fmt.Errorf("deliver e-mail: %w", err)
	}
	switch outcome {
	case mailSent:
		o.Metrics.MailAttempt(metrics.MailSent)
	case mailFailed:
		o.Metrics.MailAttempt(metrics.MailFailed)
	case mailSkipped:
		o.Metrics.MailAttempt(metrics.MailSkipped)
	}
	return outcome, nil
}

// redactLinkSQL empties an account e-mail's body once sent or given up: it
// holds a link's token, otherwise kept only hashed. Alert e-mails keep theirs.
const redactLinkSQL = `
	text_body = CASE WHEN kind = 'alert' THEN text_body ELSE '' END,
	html_body = CASE WHEN kind = 'alert' THEN html_body ELSE '' END`
