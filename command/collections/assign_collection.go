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

// Assigned counts what moved: the videos and accounts named, and the videos
// that followed their account, told apart as every page counts them:
// counted, beyond the tracking limit, and not the account's own posts.
type Assigned struct {
	Videos, Accounts, Followed                           int
	FollowedCounted, FollowedBeyondLimit, FollowedNotOwn int
}

// AssignCollectionHandler moves items between collections.
type AssignCollectionHandler struct{ DB *pgxpool.Pool }

// Handle moves every item or none: 404 for an item or collection not the
// workspace's (or removed). An account's videos follow it unless placed in
// another collection than the account's.
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
		videos, accounts := uniq(cmd.VideoIDs), uniq(cmd.AccountIDs)
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
		tag, err := tx.Exec(ctx, `
			UPDATE accounts SET collection_id = $3, updated_at = now()
			WHERE workspace_id = $1 AND id = ANY($2) AND status <> $4`, cmd.WorkspaceID, accounts, cmd.CollectionID, domain.ItemRemoved)
		if err != nil {
			return fmt.Errorf("move accounts: %w", err)
		}
		if out.Accounts = int(tag.RowsAffected()); out.Accounts != len(accounts) {
			return apperr.NotFound("account not found: an id is not a tracked account of this workspace")
		}
		tag, err = tx.Exec(ctx, `
			UPDATE videos SET collection_id = $3, updated_at = now()
			WHERE workspace_id = $1 AND id = ANY($2) AND status <> $4`, cmd.WorkspaceID, videos, cmd.CollectionID, domain.ItemRemoved)
		if err != nil {
			return fmt.Errorf("move videos: %w", err)
		}
		if out.Videos = int(tag.RowsAffected()); out.Videos != len(videos) {
			return apperr.NotFound("video not found: an id is not a tracked video of this workspace")
		}
		// Target is the collection moved into; empty: out of any.
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

func uniq(ids []uuid.UUID) []uuid.UUID {
	seen := make(map[uuid.UUID]bool, len(ids))
	out := make([]uuid.UUID, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
