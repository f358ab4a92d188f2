package command

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// RenameCollection gives a collection a new name.
type RenameCollection struct {
	WorkspaceID uuid.UUID
	ID          uuid.UUID
	Name        string
}

// Validate trims the name and checks it as CreateCollection does.
func (c *RenameCollection) Validate() error {
	var err error
	c.Name, err = collectionName(c.Name)
	return err
}

// DeleteCollection deletes a collection; its videos and accounts stay
// tracked, in no collection.
type DeleteCollection struct {
	WorkspaceID uuid.UUID
	ID          uuid.UUID
}

// ManageCollectionHandler renames and deletes collections.
type ManageCollectionHandler struct{ DB *pgxpool.Pool }

// Rename sets the name: 400 for a bad name, 404 for a collection of
// another workspace, 409 for a name another collection of the workspace
// has (ignoring case). A collection may be renamed to its own name in
// another case.
func (h ManageCollectionHandler) Rename(ctx context.Context, cmd RenameCollection) error {
	if err := cmd.Validate(); err != nil {
		return err
	}
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var old string
		err := tx.QueryRow(ctx, `
			UPDATE collections c SET name = $3 FROM collections prev
			WHERE c.id = $1 AND c.workspace_id = $2 AND prev.id = c.id
			RETURNING prev.name`, cmd.ID, cmd.WorkspaceID, cmd.Name).Scan(&old)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("collection not found")
		}
		if err != nil {
			return err
		}
		if err := recordActivity(ctx, tx, activity{WorkspaceID: cmd.WorkspaceID, Action: domain.ActionCollectionChanged, Target: cmd.Name,
			Details: map[string]any{"from": old}}); err != nil {
			return err
		}
		return BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
	if taken := nameTaken(err, cmd.Name); taken != nil {
		return taken
	}
	if err != nil && apperr.KindOf(err) == apperr.KindInternal {
		return fmt.Errorf("rename collection: %w", err)
	}
	return err
}

// Delete deletes the collection after taking its videos and accounts out
// of it: 404 for a collection of another workspace, 409 while alert rules
// are scoped to it (deleting it would widen them to the whole workspace;
// delete them or change their scope first).
func (h ManageCollectionHandler) Delete(ctx context.Context, cmd DeleteCollection) error {
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		// the workspace row first, the order of every write of its
		// tracked items
		if _, err := tx.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`, cmd.WorkspaceID); err != nil {
			return fmt.Errorf("lock workspace: %w", err)
		}
		var rules, lines int
		err := tx.QueryRow(ctx, `
			SELECT (SELECT count(*) FROM alert_rules r WHERE r.workspace_id = c.workspace_id AND r.collection_id = c.id),
				(SELECT count(*) FROM payout_lines l WHERE l.collection_id = c.id)
			FROM collections c WHERE c.id = $1 AND c.workspace_id = $2 FOR UPDATE`, cmd.ID, cmd.WorkspaceID).Scan(&rules, &lines)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("collection not found")
		}
		if err != nil {
			return fmt.Errorf("lock collection: %w", err)
		}
		if rules > 0 {
			return apperr.Conflict(fmt.Sprintf(
				"%d alert rule(s) are scoped to this collection: delete them or change their scope first", rules))
		}
		if lines > 0 {
			// the ledger is the record of what was owed and paid
			return apperr.Conflict(fmt.Sprintf(
				"this collection is a campaign with %d locked payout line(s): end the campaign instead of deleting it", lines))
		}
		for _, table := range []string{"videos", "accounts"} {
			if _, err := tx.Exec(ctx, `UPDATE `+table+` SET collection_id = NULL, updated_at = now()
				WHERE workspace_id = $1 AND collection_id = $2`, cmd.WorkspaceID, cmd.ID); err != nil {
				return fmt.Errorf("take %s out of the collection: %w", table, err)
			}
		}
		var name string
		if err := tx.QueryRow(ctx, `DELETE FROM collections WHERE id = $1 RETURNING name`, cmd.ID).Scan(&name); err != nil {
			return fmt.Errorf("delete collection: %w", err)
		}
		if err := recordActivity(ctx, tx, activity{WorkspaceID: cmd.WorkspaceID, Action: domain.ActionCollectionDeleted, Target: name}); err != nil {
			return err
		}
		return BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
}
