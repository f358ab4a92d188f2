// Package outbox queues every e-mail in the transaction of its change (Queue)
// and delivers it in the alerts cron's round or, for an account e-mail, at once.
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
	Metrics *metrics.Metrics
}

// OutboxRun counts what one delivery round did.
type OutboxRun struct {
	Sent, Failed int
	// Skipped counts alert e-mails whose recipient is not a verified member.
	Skipped int
}

const (
	maxMailAttempts  = 8
	maxMailsPerRun   = 1000
	firstMailBackoff = time.Minute
	maxMailBackoff   = 6 * time.Hour
)

const (
	mailNoneDue = iota
	mailSent
	mailFailed
	mailSkipped
)

// SendSoonTimeout bounds SendSoon's delivery; a slower server leaves it to the round.
const SendSoonTimeout = 30 * time.Second

// Queue adds an e-mail to the outbox in tx; it is due at once.
func Queue(ctx context.Context, tx pgx.Tx, kind domain.MailKind, workspaceID *uuid.UUID, to string, m mail.Message) (uuid.UUID, error) {
	id := uuid.New()
	var name *string
	var data []byte
	if a := m.Attachment; a != nil {
		name, data = &a.Name, a.Data
	}
	_, err := tx.Exec(ctx, `
		INSERT INTO mail_outbox (id, workspace_id, kind, recipient, subject, text_body, html_body, attachment_name, attachment)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, id, workspaceID, string(kind), to, m.Subject, m.Text, m.HTML, name, data)
	if err != nil {
		return uuid.Nil, fmt.Errorf("queue %s e-mail: %w", kind, err)
	}
	return id, nil
}

// Deliver sends the due e-mails, retrying a failed one with doubling back-off.
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

// SendSoon delivers the queued e-mail id now, in the background, so a link arrives in seconds.
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

// deliverOne sends the oldest due e-mail, or id due or not; alerts go to members only.
func (o Outbox) deliverOne(ctx context.Context, id uuid.UUID) (outcome int, err error) {
	now := o.Now
	err = pgx.BeginFunc(ctx, o.DB, func(tx pgx.Tx) error {
		var m OutgoingMail
		var attempts int
		var kind string
		var member bool
		err := tx.QueryRow(ctx, `
SELECT o.id, o.kind, o.recipient, o.subject, o.text_body, o.html_body, o.attachment_name, o.attachment, o.attempts,
       EXISTS (SELECT 1 FROM workspace_members wm JOIN users u ON u.id = wm.user_id
               WHERE wm.workspace_id = o.workspace_id AND u.email = lower(o.recipient)
                 AND wm.role <> 'client' AND (wm.role = 'creator') = (o.kind = 'creator') AND u.email_verified_at IS NOT NULL)
FROM mail_outbox o
-- domain.MailPending written out: the predicate of the partial index
-- mail_outbox_due_idx, which a parameter could not use
WHERE o.status = 'pending' AND (o.id = $2 OR ($2 = '00000000-0000-0000-0000-000000000000'::uuid AND o.next_attempt_at <= $1))
ORDER BY o.next_attempt_at, o.id
LIMIT 1 FOR UPDATE OF o SKIP LOCKED`, now(), id).Scan(&m.ID, &kind, &m.To, &m.Subject, &m.Text, &m.HTML, &m.AttachmentName, &m.Attachment, &attempts, &member)
		if errors.Is(err, pgx.ErrNoRows) {
			outcome = mailNoneDue
			return nil
		}
		if err != nil {
			return fmt.Errorf("read outbox: %w", err)
		}
		if (domain.MailKind(kind) == domain.MailAlert || domain.MailKind(kind) == domain.MailDigest || domain.MailKind(kind) == domain.MailCreator) && !member {
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

// redactLinkSQL empties a done account e-mail's body: its link's token is kept only hashed.
const redactLinkSQL = `
	text_body = CASE WHEN kind = 'alert' THEN text_body ELSE '' END,
	html_body = CASE WHEN kind = 'alert' THEN html_body ELSE '' END,
	attachment = NULL`
