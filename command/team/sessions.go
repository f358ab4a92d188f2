package team

import (
	"context"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// SessionsHandler records the sessions this service issues and ends them; a
// session is live while not ended or expired, checked on every request.
type SessionsHandler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
}

// maxUserAgent bounds the client description kept with a session.
const maxUserAgent = 300

// Start records a session just issued to the client of ctx.
func (h SessionsHandler) Start(ctx context.Context, s auth.Session) error {
	ua := activitylog.ClientOf(ctx).UserAgent
	if len(ua) > maxUserAgent {
		ua = ua[:maxUserAgent]
	}
	if !utf8.ValidString(ua) {
		ua = ""
	}
	_, err := h.DB.Exec(ctx, `
		INSERT INTO sessions (id, user_id, created_at, expires_at, client_ip, user_agent) VALUES ($1, $2, $3, $4, $5, $6)`,
		s.ID, s.UserID, s.IssuedAt, s.ExpiresAt, activitylog.ClientOf(ctx).IP, ua)
	if err != nil {
		return fmt.Errorf("record session: %w", err)
	}
	return nil
}

// End ends one session (a logout). An external provider's token gets an
// ended row so it stops working; one without an id ends all earlier ones.
func (h SessionsHandler) End(ctx context.Context, s auth.Session) error {
	now := h.Now()
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

// EndAll ends every session of the user, the caller's included.
func (h SessionsHandler) EndAll(ctx context.Context, userID uuid.UUID) error {
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := endSessions(ctx, tx, userID, h.Now()); err != nil {
			return err
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{ActorID: userID, Action: domain.ActionLogoutEverywhere})
	})
}

// endSessions ends every session of the user at now: the rows, and external
// tokens through users.sessions_valid_after.
func endSessions(ctx context.Context, tx pgx.Tx, userID uuid.UUID, now time.Time) error {
	if _, err := tx.Exec(ctx, `UPDATE sessions SET ended_at = $2 WHERE user_id = $1 AND ended_at IS NULL`, userID, now); err != nil {
		return fmt.Errorf("end sessions: %w", err)
	}
	if _, err := tx.Exec(ctx, `UPDATE users SET sessions_valid_after = $2 WHERE id = $1`, userID, now); err != nil {
		return fmt.Errorf("end sessions: %w", err)
	}
	return nil
}
