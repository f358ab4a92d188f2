package command

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/state"
)

// InviteTeammate invites an e-mail into the caller's workspace.
type InviteTeammate struct {
	WorkspaceID uuid.UUID
	InviterID   uuid.UUID
	Email       string
	Role        string // "member" (default) or "admin"
}

// Validate normalizes the e-mail and the role.
func (c *InviteTeammate) Validate() error {
	var problems []error
	email, err := normalizeEmail("email", c.Email)
	if err != nil {
		problems = append(problems, err)
	}
	c.Email = email
	switch c.Role {
	case "":
		c.Role = string(state.RoleMember)
	case string(state.RoleMember), string(state.RoleAdmin):
	default:
		problems = append(problems, apperr.Invalid("role", `must be "member" or "admin"`))
	}
	return errors.Join(problems...)
}

// InviteTeammateHandler records invites; the invitee joins on sign-up or on
// their next workspace bootstrap. An invite of someone who already belongs
// to another workspace is recorded like any other and waits, holding its
// seat, until they have no workspace when they bootstrap (a user belongs to
// at most one).
type InviteTeammateHandler struct{ DB *pgxpool.Pool }

// Handle checks the inviter's role, duplicates and seats under a lock on the
// workspace row, so concurrent invites cannot exceed the seat limit.
func (h InviteTeammateHandler) Handle(ctx context.Context, cmd InviteTeammate) error {
	if err := cmd.Validate(); err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var seatLimit int
		err := tx.QueryRow(ctx, `SELECT seat_limit FROM workspaces WHERE id = $1 FOR UPDATE`, cmd.WorkspaceID).Scan(&seatLimit)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("workspace not found")
		}
		if err != nil {
			return fmt.Errorf("lock workspace: %w", err)
		}
		var role string
		err = tx.QueryRow(ctx, `SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $2`,
			cmd.WorkspaceID, cmd.InviterID).Scan(&role)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("workspace not found")
		}
		if err != nil {
			return fmt.Errorf("read inviter role: %w", err)
		}
		if !managesWorkspace(role) {
			return apperr.Forbidden("only owners and admins can invite teammates")
		}

		// Only this workspace's members and invites are looked at: whether
		// the address has an account or belongs to another workspace must
		// not change the answer, so the invite is recorded either way.
		var member, invited bool
		var seatsUsed int
		err = tx.QueryRow(ctx, `
			SELECT
				EXISTS (SELECT 1 FROM users u JOIN workspace_members m ON m.user_id = u.id WHERE u.email = $2 AND m.workspace_id = $1),
				EXISTS (SELECT 1 FROM workspace_invites WHERE workspace_id = $1 AND email = $2),
				(SELECT count(*) FROM workspace_members WHERE workspace_id = $1)
				+ (SELECT count(*) FROM workspace_invites WHERE workspace_id = $1)`,
			cmd.WorkspaceID, cmd.Email).Scan(&member, &invited, &seatsUsed)
		if err != nil {
			return fmt.Errorf("check invitee: %w", err)
		}
		switch {
		case member:
			return apperr.Conflict("this e-mail is already a member of the workspace")
		case invited:
			return apperr.Conflict("this e-mail has already been invited")
		case seatsUsed >= seatLimit:
			return apperr.Forbidden(fmt.Sprintf("all %d seats of the plan are in use: upgrade to invite more teammates", seatLimit))
		}
		_, err = tx.Exec(ctx, `
			INSERT INTO workspace_invites (id, workspace_id, email, role, invited_by) VALUES ($1, $2, $3, $4, $5)`,
			uuid.New(), cmd.WorkspaceID, cmd.Email, cmd.Role, cmd.InviterID)
		if err != nil {
			return fmt.Errorf("insert invite: %w", err)
		}
		return nil
	})
}

// managesWorkspace reports whether a member's role may manage the
// workspace: invite teammates and handle billing.
func managesWorkspace(role string) bool { return state.Role(role).Manages() }
