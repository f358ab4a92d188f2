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
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// SetVideoPayee chooses the creator a video of no tracked account is paid to;
// a nil CreatorID clears the choice (the video is then its own payee).
type SetVideoPayee struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID
	VideoID     uuid.UUID
	CreatorID   *uuid.UUID
}

// VideoPayeeHandler sets the payees of videos of no tracked account.
type VideoPayeeHandler struct{ DB *pgxpool.Pool }

// Handle writes the choice (owners and admins; 404 outside the workspace; 409
// for a tracked account's video). Locked lines keep their payee.
func (h VideoPayeeHandler) Handle(ctx context.Context, cmd SetVideoPayee) error {
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "choose who a video is paid to"); err != nil {
			return err
		}
		var account, handle, platform string
		var old *string
		err := tx.QueryRow(ctx, `
			SELECT coalesce(a.handle, ''), v.account_handle, v.platform, (SELECT c.name FROM creators c WHERE c.workspace_id = v.workspace_id AND c.id = v.creator_id)
			FROM videos v LEFT JOIN accounts a ON a.id = v.account_id
			WHERE v.id = $1 AND v.workspace_id = $2 AND v.status <> $3
			FOR UPDATE OF v`, cmd.VideoID, cmd.WorkspaceID, domain.ItemRemoved).Scan(&account, &handle, &platform, &old)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("video not found")
		}
		if err != nil {
			return fmt.Errorf("read video: %w", err)
		}
		if account != "" {
			return apperr.Conflict(fmt.Sprintf("the video belongs to the tracked account @%s: it is paid to that account's creator; "+
				"add the account to a creator on the Creators page instead", account))
		}
		var name string
		if cmd.CreatorID != nil {
			err := tx.QueryRow(ctx, `SELECT name FROM creators WHERE id = $1 AND workspace_id = $2`, *cmd.CreatorID, cmd.WorkspaceID).Scan(&name)
			if errors.Is(err, pgx.ErrNoRows) {
				return apperr.NotFound("creator not found")
			}
			if err != nil {
				return fmt.Errorf("read creator: %w", err)
			}
		}
		_, err = tx.Exec(ctx, `
			UPDATE videos SET creator_id = $2, creator_set_by = $3, creator_set_at = now(), updated_at = now() WHERE id = $1 AND workspace_id = $4`,
			cmd.VideoID, cmd.CreatorID, cmd.ActorID, cmd.WorkspaceID)
		if err != nil {
			return fmt.Errorf("set the video's payee: %w", err)
		}
		from := ""
		if old != nil {
			from = *old
		}
		err = activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionVideoPayeeChanged,
			Target: platform + " video by @" + handle, Details: map[string]any{"videoId": cmd.VideoID, "from": from, "to": name}})
		if err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
	if err != nil && apperr.KindOf(err) == apperr.KindInternal {
		return fmt.Errorf("set video payee: %w", err)
	}
	return err
}
