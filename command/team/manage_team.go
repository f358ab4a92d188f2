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
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// ChangeMemberRole makes a member of the workspace an admin or a member.
type ChangeMemberRole struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID
	UserID      uuid.UUID
	Role        domain.Role // admin or member
}

// Validate checks the role.
func (c ChangeMemberRole) Validate() error {
	switch c.Role {
	case domain.RoleAdmin, domain.RoleMember:
		return nil
	case "":
		return apperr.Invalid("role", `is required: "admin" or "member"`)
	}
	return apperr.Invalid("role", `must be "admin" or "member"`)
}

// RemoveMember takes a user out of the workspace: a manager removing
// someone, or a member leaving (UserID is ActorID).
type RemoveMember struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID
	UserID      uuid.UUID
}

// RevokeInvite deletes a pending invite, freeing its seat.
type RevokeInvite struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID
	InviteID    uuid.UUID
}

// ManageTeamHandler changes roles, removes members and revokes invites under
// the workspace row lock invites take. The owner can be neither demoted nor
// removed (409). A removed member's sessions end; membership and session are
// read on every request, so access ends with the next one.
type ManageTeamHandler struct{ DB *pgxpool.Pool }

// ChangeRole sets the member's role: 403 unless the actor manages the
// workspace, 404 for a non-member, 409 for the owner. The same role writes nothing.
func (h ManageTeamHandler) ChangeRole(ctx context.Context, cmd ChangeMemberRole) error {
	if err := cmd.Validate(); err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		role, err := lockMember(ctx, tx, cmd.WorkspaceID, cmd.ActorID, cmd.UserID, "change roles", "the owner's role cannot be changed")
		if err != nil {
			return err
		}
		if role == cmd.Role {
			return nil
		}
		if role == domain.RoleClient {
			return apperr.Conflict("a client viewer's role cannot be changed: remove it and invite the address as a teammate")
		}
		if _, err := tx.Exec(ctx, `UPDATE workspace_members SET role = $3 WHERE workspace_id = $1 AND user_id = $2`,
			cmd.WorkspaceID, cmd.UserID, cmd.Role); err != nil {
			return fmt.Errorf("change role: %w", err)
		}
		email, err := userEmail(ctx, tx, cmd.UserID)
		if err != nil {
			return err
		}
		if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionRoleChanged,
			Target: email, Details: map[string]any{"from": role, "to": cmd.Role}}); err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
}

// Remove deletes the membership: 403 unless the actor manages the workspace or
// removes themself, 404 for a non-member, 409 for the owner (who cannot leave).
func (h ManageTeamHandler) Remove(ctx context.Context, cmd RemoveMember) error {
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		action := "remove teammates"
		if cmd.UserID == cmd.ActorID {
			action = ""
		}
		role, err := lockMember(ctx, tx, cmd.WorkspaceID, cmd.ActorID, cmd.UserID, action, "the owner cannot be removed from the workspace, nor leave it")
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2`,
			cmd.WorkspaceID, cmd.UserID); err != nil {
			return fmt.Errorf("remove member: %w", err)
		}
		email, err := userEmail(ctx, tx, cmd.UserID)
		if err != nil {
			return err
		}
		a := activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionMemberLeft,
			Target: email, Details: map[string]any{"role": role}}
		if cmd.UserID != cmd.ActorID {
			// A removed member's sessions end at once, on every device.
			a.Action = domain.ActionMemberRemoved
			if err := endSessions(ctx, tx, cmd.UserID, time.Now()); err != nil {
				return err
			}
		}
		if err := activitylog.Record(ctx, tx, a); err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
}

// Revoke deletes the invite: 403 unless the actor manages, 404 for another's.
func (h ManageTeamHandler) Revoke(ctx context.Context, cmd RevokeInvite) error {
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "revoke invites"); err != nil {
			return err
		}
		var email string
		err := tx.QueryRow(ctx, `DELETE FROM workspace_invites WHERE id = $1 AND workspace_id = $2 RETURNING email`, cmd.InviteID, cmd.WorkspaceID).Scan(&email)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("invite not found")
		}
		if err != nil {
			return fmt.Errorf("revoke invite: %w", err)
		}
		if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionInviteRevoked, Target: email}); err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
}

// lockMember locks the team for action (authz.LockTeam) and reads the user's
// role: 404 for a non-member, 409 saying ownerRefused for the owner.
func lockMember(ctx context.Context, tx pgx.Tx, workspaceID, actorID, userID uuid.UUID, action, ownerRefused string) (domain.Role, error) {
	if err := authz.LockTeam(ctx, tx, workspaceID, actorID, action); err != nil {
		return "", err
	}
	role, err := authz.MemberRole(ctx, tx, workspaceID, userID)
	var organisation *string
	if err == nil {
		err = tx.QueryRow(ctx, `
			SELECT o.name FROM workspace_members m JOIN organisations o ON o.id = m.via_organisation
			WHERE m.workspace_id = $1 AND m.user_id = $2`, workspaceID, userID).Scan(&organisation)
		if errors.Is(err, pgx.ErrNoRows) {
			err = nil
		} else if err != nil {
			err = fmt.Errorf("read the member's organisation: %w", err)
		}
	}
	switch {
	case err != nil:
	case organisation != nil:
		err = apperr.Conflict("this member reaches the workspace through the organisation " + *organisation +
			": change it in the team of the organisation's own workspace")
	case role == domain.RoleOwner:
		err = apperr.Conflict(ownerRefused)
	case role == domain.RoleCreator:
		// not of the team: a creator's login is ended with its creator's
		// (DELETE /api/creators/{id}/login)
		err = apperr.NotFound("member not found")
	}
	return role, err
}

// userEmail is the user's address, for the activity log; empty for a user
// who is gone (the entry is still written).
func userEmail(ctx context.Context, tx pgx.Tx, userID uuid.UUID) (string, error) {
	var email string
	err := tx.QueryRow(ctx, `SELECT email FROM users WHERE id = $1`, userID).Scan(&email)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return "", fmt.Errorf("read the user's address: %w", err)
	}
	return email, nil
}
