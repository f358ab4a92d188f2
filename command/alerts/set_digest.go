package alerts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// SetDigest sets how often a member receives their workspace's digest.
type SetDigest struct {
	WorkspaceID uuid.UUID
	UserID      uuid.UUID
	Frequency   domain.DigestFrequency
}

// Validate checks the frequency.
func (c SetDigest) Validate() error {
	if !c.Frequency.Valid() {
		return apperr.Invalid("frequency", "must be one of off, daily, weekly")
	}
	return nil
}

// SetDigestHandler writes a member's digest choice.
type SetDigestHandler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
}

// Handle stores the choice and its time, from which the digests start.
func (h SetDigestHandler) Handle(ctx context.Context, cmd SetDigest) error {
	if err := cmd.Validate(); err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var current domain.DigestFrequency
		err := tx.QueryRow(ctx, `SELECT digest_frequency FROM workspace_members WHERE workspace_id = $1 AND user_id = $2 FOR UPDATE`,
			cmd.WorkspaceID, cmd.UserID).Scan(&current)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("membership not found")
		}
		if err != nil {
			return fmt.Errorf("lock membership: %w", err)
		}
		if current == cmd.Frequency {
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE workspace_members SET digest_frequency = $3, digest_since = $4 WHERE workspace_id = $1 AND user_id = $2`,
			cmd.WorkspaceID, cmd.UserID, cmd.Frequency, h.Now().UTC()); err != nil {
			return fmt.Errorf("set digest: %w", err)
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.UserID, Action: domain.ActionDigestChanged,
			Target: string(cmd.Frequency), Details: map[string]any{"from": string(current), "to": string(cmd.Frequency)}})
	})
}
