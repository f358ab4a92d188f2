package collections

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
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// MaxAssignItems bounds the videos and the accounts of one assignment.
const MaxAssignItems = tracking.MaxOrganiseItems

// AssignCollection puts tracked videos and accounts into a collection, or
// out of any (CollectionID nil), whenever they were tracked.
type AssignCollection struct {
	WorkspaceID  uuid.UUID
	CollectionID *uuid.UUID
	VideoIDs     []uuid.UUID
	AccountIDs   []uuid.UUID
}

// Validate bounds the lists.
func (c AssignCollection) Validate() error {
	var problems []error
	if len(c.VideoIDs) == 0 && len(c.AccountIDs) == 0 {
		problems = append(problems, apperr.Invalid("", "nothing to assign: give video_ids, account_ids or both"))
	}
	if len(c.VideoIDs) > MaxAssignItems {
		problems = append(problems, apperr.Invalid("video_ids", fmt.Sprintf("must hold at most %d ids", MaxAssignItems)))
	}
	if len(c.AccountIDs) > MaxAssignItems {
		problems = append(problems, apperr.Invalid("account_ids", fmt.Sprintf("must hold at most %d ids", MaxAssignItems)))
	}
	return errors.Join(problems...)
}

// Assigned counts what moved: the items named, and the videos that followed
// their account, told apart as every page counts them.
type Assigned struct {
	Videos, Accounts, Followed                           int
	FollowedCounted, FollowedBeyondLimit, FollowedNotOwn int
}

// AssignCollectionHandler moves items between collections.
type AssignCollectionHandler struct{ DB *pgxpool.Pool }

// Handle moves every item or none (404 for one not the workspace's); an
// account's videos follow it unless placed in another collection than its.
func (h AssignCollectionHandler) Handle(ctx context.Context, cmd AssignCollection) (Assigned, error) {
	if err := cmd.Validate(); err != nil {
		return Assigned{}, err
	}
	var out Assigned
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		// the workspace row first, the order of every write of its tracked items
		if _, err := tx.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`, cmd.WorkspaceID); err != nil {
			return fmt.Errorf("lock workspace: %w", err)
		}
		name := ""
		if cmd.CollectionID != nil {
			err := tx.QueryRow(ctx, `SELECT name FROM collections WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL`, *cmd.CollectionID, cmd.WorkspaceID).Scan(&name)
			if errors.Is(err, pgx.ErrNoRows) {
				return apperr.NotFound("collection not found")
			}
			if err != nil {
				return fmt.Errorf("read collection: %w", err)
			}
		}
		videos, accounts := input.UniqueIDs(cmd.VideoIDs), input.UniqueIDs(cmd.AccountIDs)
		// the accounts' videos that follow them, before the accounts move
		err := tx.QueryRow(ctx, `
			WITH moved AS (
				UPDATE videos v SET collection_id = $3, updated_at = now()
				FROM accounts a
				WHERE a.workspace_id = $1 AND a.id = ANY($2) AND a.status <> $5
				  AND v.workspace_id = a.workspace_id AND v.account_id = a.id AND NOT (v.id = ANY($4))
				  AND v.collection_id IS NOT DISTINCT FROM a.collection_id
				RETURNING v.status, v.post_kind = ANY($7) AS counted
			)
			SELECT count(*) FILTER (WHERE status <> $5 AND status <> $6 AND counted),
				count(*) FILTER (WHERE status = $6),
				count(*) FILTER (WHERE status <> $5 AND status <> $6 AND NOT counted)
			FROM moved`,
			cmd.WorkspaceID, accounts, cmd.CollectionID, videos, domain.ItemRemoved, domain.ItemBeyondLimit, domain.CountedKinds,
		).Scan(&out.FollowedCounted, &out.FollowedBeyondLimit, &out.FollowedNotOwn)
		if err != nil {
			return fmt.Errorf("move the accounts' videos: %w", err)
		}
		out.Followed = out.FollowedCounted + out.FollowedBeyondLimit + out.FollowedNotOwn
		if out.Accounts, err = moveItems(ctx, tx, "account", cmd.WorkspaceID, accounts, cmd.CollectionID); err != nil {
			return err
		}
		if out.Videos, err = moveItems(ctx, tx, "video", cmd.WorkspaceID, videos, cmd.CollectionID); err != nil {
			return err
		}
		if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, Action: domain.ActionCollectionChanged, Target: name,
			Details: map[string]any{"videos": out.Videos + out.Followed, "accounts": out.Accounts}}); err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
	if err != nil {
		return Assigned{}, err
	}
	return out, nil
}

// moveItems moves the workspace's tracked accounts or videos: 404 unless every id is one.
func moveItems(ctx context.Context, tx pgx.Tx, kind string, workspaceID uuid.UUID, ids []uuid.UUID, collection *uuid.UUID) (int, error) {
	tag, err := tx.Exec(ctx, `
		UPDATE `+kind+`s SET collection_id = $3, updated_at = now()
		WHERE workspace_id = $1 AND id = ANY($2) AND status <> $4`, workspaceID, ids, collection, domain.ItemRemoved)
	if err != nil {
		return 0, fmt.Errorf("move %ss: %w", kind, err)
	}
	n := int(tag.RowsAffected())
	if n != len(ids) {
		return n, apperr.NotFound(fmt.Sprintf("%s not found: an id is not a tracked %s of this workspace", kind, kind))
	}
	return n, nil
}
