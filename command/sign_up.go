package command

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
)

// Password rules: long enough to resist guessing, short enough for bcrypt,
// which reads only the first 72 bytes.
const (
	minPasswordLength = 8
	maxPasswordBytes  = 72
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
	var problems []error
	email, err := normalizeEmail("email", c.Email)
	if err != nil {
		problems = append(problems, err)
	}
	c.Email = email
	problems = append(problems, validatePassword("password", c.Password, email))
	return errors.Join(problems...)
}

// validatePassword checks password p of the account email against the
// rules; field names the input in the answer.
func validatePassword(field, p, email string) error {
	switch {
	case p == "":
		return apperr.Invalid(field, "is required")
	case utf8.RuneCountInString(p) < minPasswordLength:
		return apperr.Invalid(field, fmt.Sprintf("must be at least %d characters", minPasswordLength))
	case len(p) > maxPasswordBytes:
		return apperr.Invalid(field, fmt.Sprintf("must be at most %d bytes", maxPasswordBytes))
	case strings.TrimSpace(p) == "":
		return apperr.Invalid(field, "must not be only spaces")
	case email != "" && strings.EqualFold(p, email):
		return apperr.Invalid(field, "must not be the e-mail address")
	}
	return nil
}

// SignUpHandler stores new users and e-mails them a verification link. A
// new user joins no workspace: an invite is accepted with its link only.
type SignUpHandler struct {
	DB        *pgxpool.Pool
	Passwords *auth.Passwords
	Outbox    Outbox
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
