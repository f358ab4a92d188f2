// Package authz answers who may do what in a workspace. Every write that
// only owners and admins may make asks RequireManager (or LockTeam, in the
// transaction that locks the workspace; or, holding the role already,
// refuses with Refused), so the rule and its words are one.
package authz

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// Querier reads rows: a pgx transaction, connection or pool.
type Querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// RoleOf is the user's role in the workspace: not found for someone who is
// not a member, so another workspace is not told apart from none.
func RoleOf(ctx context.Context, q Querier, workspaceID, userID uuid.UUID) (domain.Role, error) {
	var role domain.Role
	err := q.QueryRow(ctx, `SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $2`, workspaceID, userID).Scan(&role)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", apperr.NotFound("workspace not found")
	}
	if err != nil {
		return "", fmt.Errorf("read role: %w", err)
	}
	return role, nil
}

// RequireManager checks that the actor is an owner or admin of the workspace:
// 403 naming the action for a member, 404 for another workspace's.
func RequireManager(ctx context.Context, q Querier, workspaceID, actorID uuid.UUID, action string) error {
	role, err := RoleOf(ctx, q, workspaceID, actorID)
	if err != nil {
		return err
	}
	if !role.Manages() {
		return Refused(action)
	}
	return nil
}

// Refused is the answer to a member who tries what only owners and admins
// may do.
func Refused(action string) error {
	return apperr.Forbidden("only owners and admins can " + action)
}

// LockTeam locks the workspace row, then checks that the actor is a member
// who may manage the workspace, unless action is empty (any member may).
func LockTeam(ctx context.Context, tx pgx.Tx, workspaceID, actorID uuid.UUID, action string) error {
	if _, err := tx.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR UPDATE`, workspaceID); err != nil {
		return fmt.Errorf("lock workspace: %w", err)
	}
	role, err := MemberRole(ctx, tx, workspaceID, actorID)
	if apperr.KindOf(err) == apperr.KindNotFound {
		return apperr.NotFound("workspace not found")
	}
	if err != nil {
		return err
	}
	if action != "" && !role.Manages() {
		return Refused(action)
	}
	return nil
}

// MemberRole is the user's role in the workspace, read with their
// membership row locked; not found when they are not a member.
func MemberRole(ctx context.Context, tx pgx.Tx, workspaceID, userID uuid.UUID) (domain.Role, error) {
	var role domain.Role
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
