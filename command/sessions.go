package command

import (
	"context"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// SessionsHandler records the sessions this service issues and ends them.
// A session is live while its row is not ended (sessions.ended_at) and has
// not expired; query.MembershipHandler and query.SessionHandler check that
// on every request.
type SessionsHandler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
}

// maxUserAgent bounds the client description kept with a session.
const maxUserAgent = 300

// Start records a session just issued to the client of ctx.
func (h SessionsHandler) Start(ctx context.Context, s auth.Session) error {
	ua := ClientOf(ctx).UserAgent
	if len(ua) > maxUserAgent {
		ua = ua[:maxUserAgent]
	}
	if !utf8.ValidString(ua) {
		ua = ""
	}
	_, err := h.DB.Exec(ctx, `
		INSERT INTO sessions (id, user_id, created_at, expires_at, client_ip, user_agent) VALUES ($1, $2, $3, $4, $5, $6)`,
		s.ID, s.UserID, s.IssuedAt, s.ExpiresAt, ClientOf(ctx).IP, ua)
	if err != nil {
		return fmt.Errorf("record session: %w", err)
	}
	return nil
}

// End ends one session (a logout). The token of an external provider has
// no row: one is written, already ended, so the token stops working; one
// without an id ends every session of its user issued before now.
func (h SessionsHandler) End(ctx context.Context, s auth.Session) error {
	now := h.now()
	if s.ID == "" {
		return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error { return endSessions(ctx, tx, s.UserID, now) })
	}
	_, err := h.DB.Exec(ctx, `
		INSERT INTO sessions (id, user_id, created_at, expires_at, ended_at) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (id) DO UPDATE SET ended_at = COALESCE(sessions.ended_at, EXCLUDED.ended_at)
		WHERE sessions.user_id = EXCLUDED.user_id`,
		s.ID, s.UserID, s.IssuedAt, s.ExpiresAt, now)
	if err != nil {
		return fmt.Errorf("end session: %w", err)
	}
	return nil
}

// EndAll ends every session of the user, the caller's included ("sign out
// everywhere").
func (h SessionsHandler) EndAll(ctx context.Context, userID uuid.UUID) error {
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := endSessions(ctx, tx, userID, h.now()); err != nil {
			return err
		}
		return recordActivity(ctx, tx, activity{ActorID: userID, Action: domain.ActionLogoutEverywhere})
	})
}

func (h SessionsHandler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

// endSessions ends every session of the user at now: the rows of the
// sessions issued here, and, through users.sessions_valid_after, the
// tokens of an external provider issued until then.
func endSessions(ctx context.Context, tx pgx.Tx, userID uuid.UUID, now time.Time) error {
	if _, err := tx.Exec(ctx, `UPDATE sessions SET ended_at = $2 WHERE user_id = $1 AND ended_at IS NULL`, userID, now); err != nil {
		return fmt.Errorf("end sessions: %w", err)
	}
	if _, err := tx.Exec(ctx, `UPDATE users SET sessions_valid_after = $2 WHERE id = $1`, userID, now); err != nil {
		return fmt.Errorf("end sessions: %w", err)
	}
	return nil
}
