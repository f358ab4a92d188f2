package team

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
)

// ErrSessionEnded answers a token that verifies for a session ended on the server.
var ErrSessionEnded = apperr.Unauthenticated("this session has ended: sign in again")

// sessionLiveSQL is true while the token's session ($1 user, $2 id, $3 issued)
// is live: its row's until ended, or an external provider's unless superseded.
const sessionLiveSQL = `(CASE
	WHEN s.id IS NOT NULL THEN s.user_id = $1 AND s.ended_at IS NULL AND s.expires_at > now()
	WHEN u.id IS NULL THEN true
	ELSE u.password_hash IS NULL AND (u.sessions_valid_after IS NULL OR $3::timestamptz > u.sessions_valid_after)
END)`

// Me is the signed-in user.
type Me struct {
	ID            uuid.UUID `json:"id"`
	Email         string    `json:"email"`
	EmailVerified bool      `json:"emailVerified"`
}

// SessionHandler checks that a session is live, for the routes without a workspace.
type SessionHandler struct{ DB *pgxpool.Pool }

// Handle answers the session's user, or 401 when the session ended.
func (h SessionHandler) Handle(ctx context.Context, s auth.Session) (Me, error) {
	var live bool
	var email *string
	var verified bool
	err := h.DB.QueryRow(ctx, `
SELECT `+sessionLiveSQL+`, u.email, u.email_verified_at IS NOT NULL
FROM (VALUES (1)) AS one (x)
LEFT JOIN users u ON u.id = $1
LEFT JOIN sessions s ON s.id = $2`, s.UserID, s.ID, s.IssuedAt).Scan(&live, &email, &verified)
	if err != nil {
		return Me{}, fmt.Errorf("read session: %w", err)
	}
	if !live {
		return Me{}, ErrSessionEnded
	}
	me := Me{ID: s.UserID, Email: s.Email, EmailVerified: verified}
	if email != nil {
		me.Email = *email
	}
	return me, nil
}
