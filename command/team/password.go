package team

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/input"
	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/mail"
)

// PasswordHandler resets forgotten passwords by e-mail and changes known ones;
// both end every session of the user.
type PasswordHandler struct {
	DB        *pgxpool.Pool
	Passwords *auth.Passwords
	Outbox    outbox.Outbox
	Links     Links
	Now       func() time.Time
}

// Forgot e-mails a reset link if the address has an account, after the answer
// and in the background, so neither the answer nor its time tells. Malformed
// addresses are 400.
func (h PasswordHandler) Forgot(ctx context.Context, rawEmail string) error {
	email, err := input.NormalizeEmail("email", rawEmail)
	if err != nil {
		return err
	}
	send := func(ctx context.Context) {
		ctx, cancel := context.WithTimeout(ctx, outbox.SendSoonTimeout)
		defer cancel()
		if err := h.sendReset(ctx, email); err != nil {
			h.Outbox.Log.ErrorContext(ctx, "password reset link not queued", "error", err)
		}
	}
	base := activitylog.WithClient(context.Background(), activitylog.ClientOf(ctx))
	if !h.Outbox.Sending.Go(base, send) {
		// the process is stopping: nothing else would queue the link
		send(base)
	}
	return nil
}

func (h PasswordHandler) sendReset(ctx context.Context, email string) error {
	now := h.Now()
	var mailID uuid.UUID
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var userID uuid.UUID
		err := tx.QueryRow(ctx, `SELECT id FROM users WHERE email = $1 FOR UPDATE`, email).Scan(&userID)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("find user: %w", err)
		}
		token, err := issueAccountToken(ctx, tx, domain.MailResetPassword, userID, email, ResetLinkValidFor, now)
		if err != nil {
			return err
		}
		m, err := mail.AccountMessage(mail.AccountLink{Kind: mail.ResetPassword, URL: h.Links.to("/reset-password", token), ValidFor: ResetLinkValidFor})
		if err != nil {
			return err
		}
		mailID, err = outbox.Queue(ctx, tx, domain.MailResetPassword, nil, email, m)
		return err
	})
	if err != nil {
		return err
	}
	h.Outbox.SendSoon(mailID)
	return nil
}

// ResetPassword sets a new password with a reset link's token.
type ResetPassword struct {
	Token    string
	Password string
}

// Reset takes the link (once, within its hour), sets the password, ends every
// session and, since the link proves the address, verifies it.
func (h PasswordHandler) Reset(ctx context.Context, cmd ResetPassword) (User, error) {
	if !auth.LooksLikeLinkToken(cmd.Token) {
		return User{}, errBadLink
	}
	if err := input.ValidatePassword("password", cmd.Password, ""); err != nil {
		return User{}, err
	}
	hash, err := h.Passwords.Hash(cmd.Password)
	if err != nil {
		return User{}, err
	}
	now := h.Now()
	var u User
	err = pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		userID, email, err := useAccountToken(ctx, tx, domain.MailResetPassword, cmd.Token, now)
		if err != nil {
			return err
		}
		if err := input.ValidatePassword("password", cmd.Password, email); err != nil {
			return err
		}
		u = User{ID: userID, Email: email, EmailVerified: true}
		if _, err := tx.Exec(ctx, `
			UPDATE users SET password_hash = $2, email_verified_at = COALESCE(email_verified_at, $3) WHERE id = $1`,
			userID, hash, now); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		if err := endSessions(ctx, tx, userID, now); err != nil {
			return err
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{ActorID: userID, Action: domain.ActionPasswordReset})
	})
	if err != nil {
		return User{}, err
	}
	return u, nil
}

// ChangePassword sets a new password, knowing the current one.
type ChangePassword struct {
	UserID          uuid.UUID
	CurrentPassword string
	NewPassword     string
}

// Change checks the current password (400 on the field when wrong), sets
// the new one and ends every session of the user.
func (h PasswordHandler) Change(ctx context.Context, cmd ChangePassword) (User, error) {
	if cmd.CurrentPassword == "" {
		return User{}, apperr.Invalid("currentPassword", "is required")
	}
	now := h.Now()
	var u User
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var stored *string
		err := tx.QueryRow(ctx, `SELECT email, password_hash, email_verified_at IS NOT NULL FROM users WHERE id = $1 FOR UPDATE`, cmd.UserID).
			Scan(&u.Email, &stored, &u.EmailVerified)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("no account for this session: sign in again")
		}
		if err != nil {
			return fmt.Errorf("read user: %w", err)
		}
		u.ID = cmd.UserID
		hash := ""
		if stored != nil {
			hash = *stored
		}
		ok, err := h.Passwords.Check(hash, cmd.CurrentPassword)
		if err != nil {
			return err
		}
		problems := []error{input.ValidatePassword("newPassword", cmd.NewPassword, u.Email)}
		if !ok {
			problems = append(problems, apperr.Invalid("currentPassword", "is not right"))
		}
		if err := errors.Join(problems...); err != nil {
			return err
		}
		newHash, err := h.Passwords.Hash(cmd.NewPassword)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE users SET password_hash = $2 WHERE id = $1`, cmd.UserID, newHash); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		if err := endSessions(ctx, tx, cmd.UserID, now); err != nil {
			return err
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{ActorID: cmd.UserID, Action: domain.ActionPasswordChanged})
	})
	if err != nil {
		return User{}, err
	}
	return u, nil
}
