package tracking

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// RemoveAccount soft-removes an account: it is no longer listed, refreshed or counted.
type RemoveAccount struct {
	WorkspaceID uuid.UUID
	AccountID   uuid.UUID
}

// Validate checks the ids.
func (c RemoveAccount) Validate() error {
	if c.AccountID == uuid.Nil {
		return apperr.Invalid("id", "is required")
	}
	return nil
}

// RemoveAccountHandler removes accounts.
type RemoveAccountHandler struct{ DB *pgxpool.Pool }

// Handle removes the account (404 for another workspace's); it lowers usage, so needs no access.
func (h RemoveAccountHandler) Handle(ctx context.Context, cmd RemoveAccount) error {
	if err := cmd.Validate(); err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		// the workspace row first, the order of every write of its tracked items
		if _, err := tx.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`, cmd.WorkspaceID); err != nil {
			return fmt.Errorf("lock workspace: %w", err)
		}
		var status string
		err := tx.QueryRow(ctx, `SELECT status FROM accounts WHERE id = $1 AND workspace_id = $2 FOR UPDATE`,
			cmd.AccountID, cmd.WorkspaceID).Scan(&status)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("account not found")
		}
		if err != nil {
			return fmt.Errorf("lock account: %w", err)
		}
		if domain.Item(status) == domain.ItemRemoved {
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE accounts SET status = $2, status_reason = '', updated_at = now() WHERE id = $1 AND workspace_id = $3`,
			cmd.AccountID, domain.ItemRemoved, cmd.WorkspaceID); err != nil {
			return fmt.Errorf("remove account: %w", err)
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
}
