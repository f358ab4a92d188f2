package command

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// ChangeMemberRole makes a member of the workspace an admin or a member.
type ChangeMemberRole struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID
	UserID      uuid.UUID
	Role        string // "admin" or "member"
}

// Validate checks the role.
func (c ChangeMemberRole) Validate() error {
	switch domain.Role(c.Role) {
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

// ManageTeamHandler changes roles, removes members and revokes invites.
// Each change runs under the lock on the workspace row that invites take,
// so it is ordered with them and with the others. The owner can be neither
// demoted nor removed (409): the workspace and its billing are theirs.
//
// A removed member loses access with their next request: their sessions
// are ended (on every device), and the membership and the session are
// read from PostgreSQL on every request (nothing caches them). The data version is bumped with every change, as with every
// write of the workspace. Alert rules naming a removed member's e-mail keep
// it; the e-mails due to a non-member are skipped when sent.
type ManageTeamHandler struct{ DB *pgxpool.Pool }

// ChangeRole sets the member's role: 403 unless the actor is an owner or
// admin, 404 for a user who is not a member of the workspace, 409 for the
// owner. Setting the role a member has succeeds and writes nothing.
func (h ManageTeamHandler) ChangeRole(ctx context.Context, cmd ChangeMemberRole) error {
	if err := cmd.Validate(); err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := lockTeam(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "change roles"); err != nil {
			return err
		}
		role, err := memberRole(ctx, tx, cmd.WorkspaceID, cmd.UserID)
		if err != nil {
			return err
		}
		if domain.Role(role) == domain.RoleOwner {
			return apperr.Conflict("the owner's role cannot be changed")
		}
		if role == cmd.Role {
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE workspace_members SET role = $3 WHERE workspace_id = $1 AND user_id = $2`,
			cmd.WorkspaceID, cmd.UserID, cmd.Role); err != nil {
			return fmt.Errorf("change role: %w", err)
		}
		if err := recordActivity(ctx, tx, activity{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionRoleChanged,
			Target: userEmail(ctx, tx, cmd.UserID), Details: map[string]any{"from": role, "to": cmd.Role}}); err != nil {
			return err
		}
		return BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
}

// Remove deletes the membership: 403 unless the actor is an owner or admin
// or removes themself, 404 for a user who is not a member of the
// workspace, 409 for the owner (who cannot leave either).
func (h ManageTeamHandler) Remove(ctx context.Context, cmd RemoveMember) error {
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		action := "remove teammates"
		if cmd.UserID == cmd.ActorID {
			action = ""
		}
		if err := lockTeam(ctx, tx, cmd.WorkspaceID, cmd.ActorID, action); err != nil {
			return err
		}
		role, err := memberRole(ctx, tx, cmd.WorkspaceID, cmd.UserID)
		if err != nil {
			return err
		}
		if domain.Role(role) == domain.RoleOwner {
			return apperr.Conflict("the owner cannot be removed from the workspace, nor leave it")
		}
		if _, err := tx.Exec(ctx, `DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2`,
			cmd.WorkspaceID, cmd.UserID); err != nil {
			return fmt.Errorf("remove member: %w", err)
		}
		a := activity{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionMemberLeft,
			Target: userEmail(ctx, tx, cmd.UserID), Details: map[string]any{"role": role}}
		if cmd.UserID != cmd.ActorID {
			// A removed member's sessions end at once, on every device.
			a.Action = domain.ActionMemberRemoved
			if err := endSessions(ctx, tx, cmd.UserID, time.Now()); err != nil {
				return err
			}
		}
		if err := recordActivity(ctx, tx, a); err != nil {
			return err
		}
		return BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
}

// Revoke deletes the invite: 403 unless the actor is an owner or admin,
// 404 for an invite that is not the workspace's.
func (h ManageTeamHandler) Revoke(ctx context.Context, cmd RevokeInvite) error {
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := lockTeam(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "revoke invites"); err != nil {
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
		if err := recordActivity(ctx, tx, activity{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionInviteRevoked, Target: email}); err != nil {
			return err
		}
		return BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
}

// lockTeam locks the workspace row, then checks that the actor is a member
// who may manage the workspace, unless action is empty (any member may).
func lockTeam(ctx context.Context, tx pgx.Tx, workspaceID, actorID uuid.UUID, action string) error {
	if _, err := tx.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR UPDATE`, workspaceID); err != nil {
		return fmt.Errorf("lock workspace: %w", err)
	}
	role, err := memberRole(ctx, tx, workspaceID, actorID)
	if apperr.KindOf(err) == apperr.KindNotFound {
		return apperr.NotFound("workspace not found")
	}
	if err != nil {
		return err
	}
	if action != "" && !managesWorkspace(role) {
		return apperr.Forbidden("only owners and admins can " + action)
	}
	return nil
}

// userEmail is the user's address, for the activity log; empty when it
// cannot be read (the entry is still written).
func userEmail(ctx context.Context, tx pgx.Tx, userID uuid.UUID) string {
	var email string
	_ = tx.QueryRow(ctx, `SELECT email FROM users WHERE id = $1`, userID).Scan(&email)
	return email
}

// memberRole is the user's role in the workspace; not found when they are
// not a member.
func memberRole(ctx context.Context, tx pgx.Tx, workspaceID, userID uuid.UUID) (string, error) {
	var role string
	err := tx.QueryRow(ctx, `SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $2 FOR UPDATE`,
		workspaceID, userID).Scan(&role)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", apperr.NotFound("member not found")
	}
	if err != nil {
		return "", fmt.Errorf("read member: %w", err)
	}
	return role, nil
}
