package team

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/input"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/plan"
)

// MaxWorkspaceName is the longest workspace name, in characters.
const MaxWorkspaceName = 100

// BootstrapWorkspace gives the caller their workspace or a new trial one; an
// invite is accepted with its link only, never by matching e-mails here.
type BootstrapWorkspace struct {
	UserID uuid.UUID
	Email  string // from the session; used when the user row does not exist yet
	Name   string // optional name for a new workspace
}

// Validate checks the optional name as a rename does (RenameWorkspace).
func (c *BootstrapWorkspace) Validate() error {
	c.Name = strings.TrimSpace(c.Name)
	if c.Name != "" {
		if _, err := input.CheckName(c.Name, MaxWorkspaceName); err != nil {
			return err
		}
	}
	if c.UserID == uuid.Nil {
		return apperr.Unauthenticated("no user in session")
	}
	return nil
}

// Bootstrapped says which workspace the caller is in and how they got there.
type Bootstrapped struct {
	WorkspaceID uuid.UUID
	Created     bool // a new workspace was made
}

// BootstrapWorkspaceHandler is idempotent: calling it again returns the same
// workspace and changes nothing.
type BootstrapWorkspaceHandler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
}

// Handle runs the bootstrap in one transaction under a lock on the user row,
// so concurrent first calls create one workspace.
func (h BootstrapWorkspaceHandler) Handle(ctx context.Context, cmd BootstrapWorkspace) (Bootstrapped, error) {
	if err := cmd.Validate(); err != nil {
		return Bootstrapped{}, err
	}
	var out Bootstrapped
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		email, err := h.lockUser(ctx, tx, cmd)
		if err != nil {
			return err
		}
		err = tx.QueryRow(ctx, `SELECT workspace_id FROM workspace_members WHERE user_id = $1 AND via_organisation IS NULL`, cmd.UserID).
			Scan(&out.WorkspaceID)
		if err == nil {
			return nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("find membership: %w", err)
		}
		out.WorkspaceID, err = createWorkspace(ctx, tx, cmd.UserID, workspaceName(cmd.Name, email), h.Now())
		if err != nil {
			return err
		}
		out.Created = true
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: out.WorkspaceID, ActorID: cmd.UserID, Action: domain.ActionWorkspaceCreated, Target: workspaceName(cmd.Name, email)})
	})
	if err != nil {
		return Bootstrapped{}, err
	}
	return out, nil
}

// lockUser locks the caller's user row, creating it for a session issued by
// an external auth provider, and returns the user's e-mail.
func (h BootstrapWorkspaceHandler) lockUser(ctx context.Context, tx pgx.Tx, cmd BootstrapWorkspace) (string, error) {
	var email string
	err := tx.QueryRow(ctx, `SELECT email FROM users WHERE id = $1 FOR UPDATE`, cmd.UserID).Scan(&email)
	if err == nil {
		return email, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return "", fmt.Errorf("lock user: %w", err)
	}
	email, err = input.NormalizeEmail("email", cmd.Email)
	if err != nil {
		return "", apperr.Unauthenticated("the session names no user and carries no usable e-mail")
	}
	tag, err := tx.Exec(ctx, `INSERT INTO users (id, email) VALUES ($1, $2) ON CONFLICT DO NOTHING`, cmd.UserID, email)
	if err != nil {
		return "", fmt.Errorf("insert user: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return "", apperr.Conflict("the session's e-mail belongs to another user")
	}
	return email, nil
}

func workspaceName(name, email string) string {
	if name != "" {
		return name
	}
	local, _, _ := strings.Cut(email, "@")
	return local + "'s workspace"
}

func createWorkspace(ctx context.Context, tx pgx.Tx, owner uuid.UUID, name string, now time.Time) (uuid.UUID, error) {
	id := uuid.New()
	trial, _ := plan.Lookup(plan.Trial)
	_, err := tx.Exec(ctx, `
		INSERT INTO workspaces (id, name, owner_id, plan, video_limit, seat_limit, has_access, trial_ends_at)
		VALUES ($1, $2, $3, $4, $5, $6, true, $7)`,
		id, name, owner, string(trial.Name), trial.VideoLimit, trial.SeatLimit, now.Add(plan.TrialLength))
	if err != nil {
		return uuid.Nil, fmt.Errorf("insert workspace: %w", err)
	}
	if _, err := tx.Exec(ctx,
		`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)`, id, owner, domain.RoleOwner); err != nil {
		return uuid.Nil, fmt.Errorf("insert owner: %w", err)
	}
	return id, nil
}
