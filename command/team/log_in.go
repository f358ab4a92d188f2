package team

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/input"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// LogIn checks an e-mail and password.
type LogIn struct {
	Email    string
	Password string
}

// errBadCredentials is the one answer to every failed login, so it does not
// tell whether the e-mail has an account.
var errBadCredentials = apperr.Unauthenticated("wrong e-mail or password")

// Validate only requires both fields; a malformed e-mail simply fails to log in.
func (c *LogIn) Validate() error {
	c.Email = strings.ToLower(strings.TrimSpace(c.Email))
	var problems []error
	if c.Email == "" {
		problems = append(problems, apperr.Invalid("email", "is required"))
	} else if len(c.Email) > input.MaxEmailLength {
		problems = append(problems, apperr.Invalid("email", "must be at most 254 characters"))
	}
	if c.Password == "" {
		problems = append(problems, apperr.Invalid("password", "is required"))
	} else if len(c.Password) > 1024 {
		problems = append(problems, apperr.Invalid("password", "is too long"))
	}
	return errors.Join(problems...)
}

// LogInHandler verifies credentials against the stored hash.
type LogInHandler struct {
	DB        *pgxpool.Pool
	Passwords *auth.Passwords
}

// Handle returns the user whose credentials match.
func (h LogInHandler) Handle(ctx context.Context, cmd LogIn) (User, error) {
	if err := cmd.Validate(); err != nil {
		return User{}, err
	}
	var u User
	var hash *string
	err := h.DB.QueryRow(ctx, `SELECT id, email, password_hash, email_verified_at IS NOT NULL FROM users WHERE email = $1`, cmd.Email).
		Scan(&u.ID, &u.Email, &hash, &u.EmailVerified)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return User{}, fmt.Errorf("find user: %w", err)
	}
	stored := ""
	if hash != nil {
		stored = *hash
	}
	ok, err := h.Passwords.Check(stored, cmd.Password)
	if err != nil {
		return User{}, err
	}
	if u.ID == uuid.Nil {
		return User{}, errBadCredentials
	}
	if !ok {
		// The attempt is the account's to see; one on an unknown address
		// is nobody's, and the rate limit bounds it.
		if err := activitylog.Record(ctx, h.DB, activitylog.Entry{ActorID: u.ID, Action: domain.ActionLoginFailed}); err != nil {
			return User{}, err
		}
		return User{}, errBadCredentials
	}
	if err := activitylog.Record(ctx, h.DB, activitylog.Entry{ActorID: u.ID, Action: domain.ActionLogin}); err != nil {
		return User{}, err
	}
	return u, nil
}
