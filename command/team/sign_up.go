// Package team is who uses a workspace and how they get in: sign-up (with
// an e-mail verification link), log-in and sessions, password resets,
// invites (InviteTeammate → the invite's e-mail → AcceptInvite), the
// members' roles, the workspace's bootstrap and name, and the e-mails left
// on the marketing site (CaptureLead).
package team

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/input"
	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
)

// SignUp creates a user with an e-mail and a password.
type SignUp struct {
	Email    string
	Password string
}

// User is a signed-up user.
type User struct {
	ID            uuid.UUID
	Email         string
	EmailVerified bool
}

// Validate normalizes the e-mail and checks the password rules.
func (c *SignUp) Validate() error {
	var err error
	c.Email, err = input.NormalizeEmail("email", c.Email)
	return errors.Join(err, input.ValidatePassword("password", c.Password, c.Email))
}

// SignUpHandler stores new users and e-mails them a verification link. A
// new user joins no workspace: an invite is accepted with its link only.
type SignUpHandler struct {
	DB        *pgxpool.Pool
	Passwords *auth.Passwords
	Outbox    outbox.Outbox
	Links     Links
	Now       func() time.Time
}

// Handle creates the user, or answers a conflict when the e-mail is taken.
func (h SignUpHandler) Handle(ctx context.Context, cmd SignUp) (User, error) {
	if err := cmd.Validate(); err != nil {
		return User{}, err
	}
	hash, err := h.Passwords.Hash(cmd.Password)
	if err != nil {
		return User{}, err
	}
	u := User{ID: uuid.New(), Email: cmd.Email}
	var mailID uuid.UUID
	err = pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx,
			`INSERT INTO users (id, email, password_hash) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING`,
			u.ID, u.Email, hash)
		if err != nil {
			return fmt.Errorf("insert user: %w", err)
		}
		if tag.RowsAffected() == 0 {
			return apperr.Conflict("an account with this e-mail already exists")
		}
		mailID, err = queueVerification(ctx, tx, h.Links, u.ID, u.Email, h.Now())
		return err
	})
	if err != nil {
		return User{}, err
	}
	h.Outbox.SendSoon(mailID)
	return u, nil
}
