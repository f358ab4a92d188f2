package team

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/command/input"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// RenameWorkspace gives a workspace a new name.
type RenameWorkspace struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID
	Name        string
}

// Validate trims the name and checks it as a collection's name is checked.
func (c *RenameWorkspace) Validate() error {
	var err error
	c.Name, err = input.CheckName(c.Name, MaxWorkspaceName)
	return err
}

// RenameWorkspaceHandler renames workspaces.
type RenameWorkspaceHandler struct{ DB *pgxpool.Pool }

// Handle renames the workspace under a lock on its row (403 unless the actor
// manages it) and bumps the data version; the same name writes nothing.
func (h RenameWorkspaceHandler) Handle(ctx context.Context, cmd RenameWorkspace) error {
	if err := cmd.Validate(); err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "rename the workspace"); err != nil {
			return err
		}
		var before string
		err := tx.QueryRow(ctx, `SELECT name FROM workspaces WHERE id = $1`, cmd.WorkspaceID).Scan(&before)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("workspace not found")
		}
		if err != nil {
			return fmt.Errorf("read workspace name: %w", err)
		}
		if before == cmd.Name {
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE workspaces SET name = $2 WHERE id = $1`, cmd.WorkspaceID, cmd.Name); err != nil {
			return fmt.Errorf("rename workspace: %w", err)
		}
		if err := dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID); err != nil {
			return err
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionWorkspaceRenamed,
			Target: cmd.Name, Details: map[string]any{"from": before, "to": cmd.Name}})
	})
}
