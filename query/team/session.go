package team

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
)

// ErrSessionEnded answers a request whose token verifies but whose session
// ended on the server (logout, sign out everywhere, a password change or
// reset, a removal from the workspace).
var ErrSessionEnded = apperr.Unauthenticated("this session has ended: sign in again")

// sessionLiveSQL is true while the session of the token ($1 user, $2 token
// id, $3 issue time), joined as s on the sessions row and u on the user,
// is live:
//   - a session this service issued has its row: live until ended or
//     expired;
//   - a token of an external auth provider has none: live unless its user
//     has a password here (a user of this service's own sign-in, whose
//     every session has a row) or it was issued before the user's sessions
//     were last ended (users.sessions_valid_after). Its user has no row
//     until the first bootstrap.
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

// SessionHandler checks that a session is live, for the routes that need no
// workspace (the workspace routes check it with the membership).
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
