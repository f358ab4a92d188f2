package team

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/command/input"
	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// InviteCreator invites a creator of the workspace to sign in to the
// creator portal, as that creator only (docs/creators.md).
type InviteCreator struct {
	WorkspaceID uuid.UUID
	InviterID   uuid.UUID
	CreatorID   uuid.UUID
	// Email is where the link goes; "" for the creator's own e-mail.
	Email string
}

// InviteCreatorHandler records a creator's invite and e-mails its link. A
// creator's login takes no seat of the plan; a new invite of the same
// creator replaces the one pending.
type InviteCreatorHandler struct {
	DB     *pgxpool.Pool
	Outbox outbox.Outbox
	Links  Links
	Now    func() time.Time
}

// Handle invites: 403 unless the inviter manages the workspace, 404 for
// another workspace's creator, 422 without an address, 409 when the creator
// already signs in or the address is taken in the workspace.
func (h InviteCreatorHandler) Handle(ctx context.Context, cmd InviteCreator) error {
	var mailID uuid.UUID
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, cmd.WorkspaceID, cmd.InviterID, "invite creators"); err != nil {
			return err
		}
		var name, own string
		var signsIn bool
		err := tx.QueryRow(ctx, `
			SELECT c.name, c.email,
				EXISTS (SELECT 1 FROM workspace_members m WHERE m.workspace_id = c.workspace_id AND m.creator_id = c.id)
			FROM creators c WHERE c.id = $1 AND c.workspace_id = $2 FOR UPDATE OF c`, cmd.CreatorID, cmd.WorkspaceID).Scan(&name, &own, &signsIn)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("creator not found")
		}
		if err != nil {
			return fmt.Errorf("read creator: %w", err)
		}
		email := cmd.Email
		if email == "" {
			email = own
		}
		if email == "" {
			return apperr.Invalid("email", "is required: the creator has no e-mail of its own")
		}
		if email, err = input.NormalizeEmail("email", email); err != nil {
			return err
		}
		if signsIn {
			return apperr.Conflict("this creator already signs in: end its login first to invite another address")
		}
		// the creator's pending invite is replaced; an expired one of the
		// address is dropped, as for teammates
		if _, err := tx.Exec(ctx, `
			DELETE FROM workspace_invites
			WHERE workspace_id = $1 AND (creator_id = $2 OR (email = $3 AND expires_at <= $4))`,
			cmd.WorkspaceID, cmd.CreatorID, email, h.Now()); err != nil {
			return fmt.Errorf("drop the creator's invite: %w", err)
		}
		var member, invited bool
		err = tx.QueryRow(ctx, `
			SELECT
				EXISTS (SELECT 1 FROM users u JOIN workspace_members m ON m.user_id = u.id WHERE u.email = $2 AND m.workspace_id = $1),
				EXISTS (SELECT 1 FROM workspace_invites WHERE workspace_id = $1 AND email = $2)`,
			cmd.WorkspaceID, email).Scan(&member, &invited)
		if err != nil {
			return fmt.Errorf("check invitee: %w", err)
		}
		switch {
		case member:
			return apperr.Conflict("this e-mail already signs in to the workspace")
		case invited:
			return apperr.Conflict("this e-mail has already been invited to the workspace")
		}
		if mailID, err = insertInvite(ctx, tx, h.Links, cmd.WorkspaceID, cmd.InviterID, email, domain.RoleCreator, &cmd.CreatorID, h.Now()); err != nil {
			return err
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.InviterID, Action: domain.ActionInviteSent,
			Target: email, Details: map[string]any{"role": domain.RoleCreator, "creator": name, "creatorId": cmd.CreatorID}})
	})
	if err != nil {
		return err
	}
	h.Outbox.SendSoon(mailID)
	return nil
}

// EndCreatorLogin ends a creator's sign-in: its login and its pending invite.
type EndCreatorLogin struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID
	CreatorID   uuid.UUID
}

// End deletes the creator's membership (its sessions end at once) and its
// pending invite: 403 unless the actor manages the workspace, 404 for
// another workspace's creator or one without either. The creator, its
// accounts and lines stay.
func (h InviteCreatorHandler) End(ctx context.Context, cmd EndCreatorLogin) error {
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "end creators' logins"); err != nil {
			return err
		}
		var name string
		err := tx.QueryRow(ctx, `SELECT name FROM creators WHERE id = $1 AND workspace_id = $2`, cmd.CreatorID, cmd.WorkspaceID).Scan(&name)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("creator not found")
		}
		if err != nil {
			return fmt.Errorf("read creator: %w", err)
		}
		var user *uuid.UUID
		var email string
		err = tx.QueryRow(ctx, `
			DELETE FROM workspace_members m USING users u
			WHERE m.workspace_id = $1 AND m.creator_id = $2 AND u.id = m.user_id
			RETURNING m.user_id, u.email`, cmd.WorkspaceID, cmd.CreatorID).Scan(&user, &email)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("end the creator's login: %w", err)
		}
		var invitee string
		err = tx.QueryRow(ctx, `DELETE FROM workspace_invites WHERE workspace_id = $1 AND creator_id = $2 RETURNING email`,
			cmd.WorkspaceID, cmd.CreatorID).Scan(&invitee)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("revoke the creator's invite: %w", err)
		}
		if user == nil && invitee == "" {
			return apperr.NotFound("this creator has no login and no pending invite")
		}
		details := map[string]any{"role": domain.RoleCreator, "creator": name, "creatorId": cmd.CreatorID}
		if invitee != "" {
			if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionInviteRevoked,
				Target: invitee, Details: details}); err != nil {
				return err
			}
		}
		if user != nil {
			if err := endSessions(ctx, tx, *user, h.Now()); err != nil {
				return err
			}
			if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionMemberRemoved,
				Target: email, Details: details}); err != nil {
				return err
			}
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
}
