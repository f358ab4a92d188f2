package command

import (
	"context"
	"errors"
	"fmt"
	"strings"
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
	ID    uuid.UUID
	Email string
}

// Validate normalizes the e-mail and checks the password rules.
func (c *SignUp) Validate() error {
	var problems []error
	email, err := normalizeEmail("email", c.Email)
	if err != nil {
		problems = append(problems, err)
	}
	c.Email = email
	problems = append(problems, validatePassword(c.Password, email))
	return errors.Join(problems...)
}

func validatePassword(p, email string) error {
	switch {
	case p == "":
		return apperr.Invalid("password", "is required")
	case utf8.RuneCountInString(p) < minPasswordLength:
		return apperr.Invalid("password", fmt.Sprintf("must be at least %d characters", minPasswordLength))
	case len(p) > maxPasswordBytes:
		return apperr.Invalid("password", fmt.Sprintf("must be at most %d bytes", maxPasswordBytes))
	case strings.TrimSpace(p) == "":
		return apperr.Invalid("password", "must not be only spaces")
	case email != "" && strings.EqualFold(p, email):
		return apperr.Invalid("password", "must not be the e-mail address")
	}
	return nil
}

// SignUpHandler stores new users; a pending invite is accepted at once.
type SignUpHandler struct {
	DB        *pgxpool.Pool
	Passwords *auth.Passwords
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
		_, err = acceptInvite(ctx, tx, u.ID, u.Email)
		return err
	})
	if err != nil {
		return User{}, err
	}
	return u, nil
}

// acceptInvite makes the user a member of the workspace that invited the
// e-mail first, and drops the e-mail's other invites (their seats free up).
// It reports the workspace joined, or uuid.Nil when there was no invite.
func acceptInvite(ctx context.Context, tx pgx.Tx, userID uuid.UUID, email string) (uuid.UUID, error) {
	var wsID uuid.UUID
	var role string
	err := tx.QueryRow(ctx, `
		SELECT workspace_id, role FROM workspace_invites
		WHERE email = $1 ORDER BY created_at, id LIMIT 1 FOR UPDATE`, email).Scan(&wsID, &role)
	if errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, nil
	}
	if err != nil {
		return uuid.Nil, fmt.Errorf("find invite: %w", err)
	}
	if _, err := tx.Exec(ctx,
		`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)`,
		wsID, userID, role); err != nil {
		return uuid.Nil, fmt.Errorf("join invited workspace: %w", err)
	}
	if _, err := tx.Exec(ctx, `DELETE FROM workspace_invites WHERE email = $1`, email); err != nil {
		return uuid.Nil, fmt.Errorf("delete accepted invites: %w", err)
	}
	return wsID, nil
}
