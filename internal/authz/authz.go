// Package authz answers who may do what in a workspace: every write only
// managers may make asks RequireManager, LockTeam or Refused, so the rule
// and its words are one.
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

// RoleOf is the user's role in the workspace; not found for a non-member.
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

// RequireManager checks that the actor is an owner or admin of the workspace.
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

// Refused is the answer to a member who tries what only managers may do.
func Refused(action string) error {
	return apperr.Forbidden("only owners and admins can " + action)
}

// LockTeam locks the workspace row, then checks the actor may do action
// ("": any member may).
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

// MemberRole is RoleOf with the membership row locked.
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
