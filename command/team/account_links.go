package team

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/mail"
)

// How long the links of account e-mails work.
const (
	VerifyLinkValidFor = 24 * time.Hour
	ResetLinkValidFor  = time.Hour
	InviteValidFor     = 7 * 24 * time.Hour
)

// Links makes the dashboard's addresses that account e-mails link to.
type Links struct {
	// BaseURL is PUBLIC_BASE_URL, without a trailing slash.
	BaseURL string
}

func (l Links) to(path, token string) string {
	return l.BaseURL + path + "?" + url.Values{"token": {token}}.Encode()
}

// errBadLink is the answer to a link token that is unknown, used or
// expired: which of them is not told.
var errBadLink = apperr.Invalid("token", "is invalid or has expired: ask for a new link")

// issueAccountToken makes the user's link of purpose and ends the earlier
// unused ones: only the newest link works. It returns the token.
func issueAccountToken(ctx context.Context, tx pgx.Tx, purpose domain.MailKind, userID uuid.UUID, email string, validFor time.Duration, now time.Time) (string, error) {
	raw, hash, err := auth.NewLinkToken()
	if err != nil {
		return "", err
	}
	if _, err := tx.Exec(ctx, `
		UPDATE account_tokens SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
		userID, string(purpose), now); err != nil {
		return "", fmt.Errorf("end earlier links: %w", err)
	}
	if _, err := tx.Exec(ctx, `
		INSERT INTO account_tokens (token_hash, purpose, user_id, email, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
		hash, string(purpose), userID, email, now, now.Add(validFor)); err != nil {
		return "", fmt.Errorf("store link token: %w", err)
	}
	return raw, nil
}

// useAccountToken takes an unused, unexpired link token of purpose sent to the
// user's current address, marking it used in tx. It returns user and address.
func useAccountToken(ctx context.Context, tx pgx.Tx, purpose domain.MailKind, raw string, now time.Time) (uuid.UUID, string, error) {
	if !auth.LooksLikeLinkToken(raw) {
		return uuid.Nil, "", errBadLink
	}
	var userID uuid.UUID
	var email string
	err := tx.QueryRow(ctx, `
		UPDATE account_tokens t SET used_at = $3
		FROM users u
		WHERE t.token_hash = $1 AND t.purpose = $2 AND t.used_at IS NULL AND t.expires_at > $3
		  AND u.id = t.user_id AND u.email = t.email
		RETURNING t.user_id, t.email`, auth.HashLinkToken(raw), string(purpose), now).Scan(&userID, &email)
	if errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, "", errBadLink
	}
	if err != nil {
		return uuid.Nil, "", fmt.Errorf("use link token: %w", err)
	}
	return userID, email, nil
}

func queueVerification(ctx context.Context, tx pgx.Tx, links Links, userID uuid.UUID, email string, now time.Time) (uuid.UUID, error) {
	token, err := issueAccountToken(ctx, tx, domain.MailVerifyEmail, userID, email, VerifyLinkValidFor, now)
	if err != nil {
		return uuid.Nil, err
	}
	m, err := mail.AccountMessage(mail.AccountLink{Kind: mail.VerifyEmail, URL: links.to("/verify-email", token), ValidFor: VerifyLinkValidFor})
	if err != nil {
		return uuid.Nil, err
	}
	return outbox.Queue(ctx, tx, domain.MailVerifyEmail, nil, email, m)
}

// VerifyEmailHandler sends verification links and takes them.
type VerifyEmailHandler struct {
	DB     *pgxpool.Pool
	Outbox outbox.Outbox
	Links  Links
	Now    func() time.Time
}

// Resend e-mails a new verification link to the user (the earlier one
// stops working): 409 when the address is verified already.
func (h VerifyEmailHandler) Resend(ctx context.Context, userID uuid.UUID) error {
	now := h.Now()
	var mailID uuid.UUID
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var email string
		var verified bool
		err := tx.QueryRow(ctx, `SELECT email, email_verified_at IS NOT NULL FROM users WHERE id = $1 FOR UPDATE`, userID).Scan(&email, &verified)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("no account for this session: sign in again")
		}
		if err != nil {
			return fmt.Errorf("read user: %w", err)
		}
		if verified {
			return apperr.Conflict("your e-mail address is verified already")
		}
		mailID, err = queueVerification(ctx, tx, h.Links, userID, email, now)
		return err
	})
	if err != nil {
		return err
	}
	h.Outbox.SendSoon(mailID)
	return nil
}

// Confirm takes a verification link, verifying and answering its address.
func (h VerifyEmailHandler) Confirm(ctx context.Context, token string) (string, error) {
	now := h.Now()
	var email string
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		userID, addr, err := useAccountToken(ctx, tx, domain.MailVerifyEmail, token, now)
		if err != nil {
			return err
		}
		email = addr
		if _, err := tx.Exec(ctx, `UPDATE users SET email_verified_at = COALESCE(email_verified_at, $2) WHERE id = $1`, userID, now); err != nil {
			return fmt.Errorf("verify e-mail: %w", err)
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{ActorID: userID, Action: domain.ActionEmailVerified, Target: addr})
	})
	return email, err
}
