package command

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// Creator limits.
const (
	// MaxCreatorName is the longest creator name, in characters.
	MaxCreatorName = 100
	// MaxPostingGoal is the highest posting goal, in videos per period of
	// a campaign.
	MaxPostingGoal = 1000
	// MaxCreatorAccounts bounds the accounts given to a creator at once.
	MaxCreatorAccounts = 1000
)

// CreateCreator records a creator: a payee of campaigns, with the tracked
// accounts it posts from.
type CreateCreator struct {
	WorkspaceID uuid.UUID
	Name        string
	// Email is "" for none.
	Email string
	// PostingGoal is nil for none.
	PostingGoal *int
	// AccountIDs are accounts of the workspace; each leaves the creator it
	// had.
	AccountIDs []uuid.UUID
}

// Validate trims the name and the e-mail and checks every field, naming
// each bad one.
func (c *CreateCreator) Validate() error {
	var errs []error
	var err error
	if c.Name, err = checkName(c.Name, MaxCreatorName); err != nil {
		errs = append(errs, err)
	}
	if c.Email, err = creatorEmail(c.Email); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(append(errs, checkPostingGoal(c.PostingGoal), checkCreatorAccounts(c.AccountIDs))...)
}

// UpdateCreator changes a creator; a nil field keeps its value.
type UpdateCreator struct {
	WorkspaceID uuid.UUID
	ID          uuid.UUID
	Name        *string
	Email       *string
	// PostingGoal set to a nil pointer clears the goal.
	PostingGoal **int
	// AccountIDs replaces the creator's accounts: each leaves the creator
	// it had, and the creator's accounts not in it are left without one.
	AccountIDs *[]uuid.UUID
}

// Validate trims the name and the e-mail and checks the fields given as
// CreateCreator does; a change of nothing is refused.
func (c *UpdateCreator) Validate() error {
	if c.Name == nil && c.Email == nil && c.PostingGoal == nil && c.AccountIDs == nil {
		return apperr.Invalid("", "nothing to change: give name, email, postingGoal, accountIds or several")
	}
	var errs []error
	if c.Name != nil {
		name, err := checkName(*c.Name, MaxCreatorName)
		c.Name = &name
		errs = append(errs, err)
	}
	if c.Email != nil {
		email, err := creatorEmail(*c.Email)
		c.Email = &email
		errs = append(errs, err)
	}
	if c.PostingGoal != nil {
		errs = append(errs, checkPostingGoal(*c.PostingGoal))
	}
	if c.AccountIDs != nil {
		errs = append(errs, checkCreatorAccounts(*c.AccountIDs))
	}
	return errors.Join(errs...)
}

// DeleteCreator deletes a creator; its accounts stay tracked, without
// creator.
type DeleteCreator struct {
	WorkspaceID uuid.UUID
	ID          uuid.UUID
}

// creatorEmail trims an optional e-mail address and checks it: "" for
// none, or a bare address (normalizeEmail), lower-cased.
func creatorEmail(raw string) (string, error) {
	if strings.TrimSpace(raw) == "" {
		return "", nil
	}
	return normalizeEmail("email", raw)
}

func checkPostingGoal(goal *int) error {
	if goal != nil && (*goal < 1 || *goal > MaxPostingGoal) {
		return apperr.Invalid("postingGoal", fmt.Sprintf("must be from 1 to %d videos per period, or null for none", MaxPostingGoal))
	}
	return nil
}

func checkCreatorAccounts(ids []uuid.UUID) error {
	if len(ids) > MaxCreatorAccounts {
		return apperr.Invalid("accountIds", fmt.Sprintf("must hold at most %d ids", MaxCreatorAccounts))
	}
	return nil
}

// creatorNameTaken is the conflict of a name another creator of the
// workspace has (ignoring case), from the unique index's violation; nil
// for other errors.
func creatorNameTaken(err error, name string) error {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" && pgErr.ConstraintName == "creators_name_idx" {
		return apperr.Conflict(fmt.Sprintf("a creator named %q already exists", name))
	}
	return nil
}

// SaveCreatorHandler creates, changes and deletes creators. Any member of
// the workspace may. Each write is one transaction that records the
// activity and bumps the data version, since cached answers show payees.
type SaveCreatorHandler struct{ DB *pgxpool.Pool }

// Create records the creator and gives it its accounts, and returns its
// id: 400 for a bad field, 409 for a name another creator of the
// workspace has (ignoring case), 404 for an account that is not a tracked
// account of the workspace (or a removed one). A refused creation writes
// nothing.
func (h SaveCreatorHandler) Create(ctx context.Context, cmd CreateCreator) (uuid.UUID, error) {
	if err := cmd.Validate(); err != nil {
		return uuid.Nil, err
	}
	id := uuid.New()
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := lockWorkspaceRow(ctx, tx, cmd.WorkspaceID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO creators (id, workspace_id, name, email, posting_goal) VALUES ($1, $2, $3, $4, $5)`,
			id, cmd.WorkspaceID, cmd.Name, cmd.Email, cmd.PostingGoal); err != nil {
			return err
		}
		if err := assignCreatorAccounts(ctx, tx, cmd.WorkspaceID, id, cmd.AccountIDs, false); err != nil {
			return err
		}
		if err := recordActivity(ctx, tx, activity{WorkspaceID: cmd.WorkspaceID, Action: domain.ActionCreatorSaved, Target: cmd.Name,
			Details: map[string]any{"created": true, "accounts": len(uniq(cmd.AccountIDs))}}); err != nil {
			return err
		}
		return BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
	if taken := creatorNameTaken(err, cmd.Name); taken != nil {
		return uuid.Nil, taken
	}
	if err != nil {
		if apperr.KindOf(err) == apperr.KindInternal {
			err = fmt.Errorf("create creator: %w", err)
		}
		return uuid.Nil, err
	}
	return id, nil
}

// Update applies the change: 400 for a bad field, 404 for a creator of
// another workspace or an account as Create has it, 409 for a name another
// creator of the workspace has (ignoring case; a creator may take its own
// name in another case). A refused change writes nothing.
func (h SaveCreatorHandler) Update(ctx context.Context, cmd UpdateCreator) error {
	if err := cmd.Validate(); err != nil {
		return err
	}
	var name string
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := lockWorkspaceRow(ctx, tx, cmd.WorkspaceID); err != nil {
			return err
		}
		var old, email string
		var goal *int
		err := tx.QueryRow(ctx, `SELECT name, email, posting_goal FROM creators WHERE id = $1 AND workspace_id = $2 FOR UPDATE`,
			cmd.ID, cmd.WorkspaceID).Scan(&old, &email, &goal)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("creator not found")
		}
		if err != nil {
			return fmt.Errorf("lock creator: %w", err)
		}
		name = old
		apply(&name, cmd.Name)
		apply(&email, cmd.Email)
		apply(&goal, cmd.PostingGoal)
		if _, err := tx.Exec(ctx, `UPDATE creators SET name = $3, email = $4, posting_goal = $5, updated_at = now() WHERE id = $1 AND workspace_id = $2`,
			cmd.ID, cmd.WorkspaceID, name, email, goal); err != nil {
			return err
		}
		details := map[string]any{"created": false}
		if name != old {
			details["from"] = old
		}
		if cmd.AccountIDs != nil {
			if err := assignCreatorAccounts(ctx, tx, cmd.WorkspaceID, cmd.ID, *cmd.AccountIDs, true); err != nil {
				return err
			}
			details["accounts"] = len(uniq(*cmd.AccountIDs))
		}
		if err := recordActivity(ctx, tx, activity{WorkspaceID: cmd.WorkspaceID, Action: domain.ActionCreatorSaved, Target: name,
			Details: details}); err != nil {
			return err
		}
		return BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
	if taken := creatorNameTaken(err, name); taken != nil {
		return taken
	}
	if err != nil && apperr.KindOf(err) == apperr.KindInternal {
		return fmt.Errorf("update creator: %w", err)
	}
	return err
}

// Delete deletes the creator: 404 for a creator of another workspace. Its
// accounts stay tracked, without creator.
func (h SaveCreatorHandler) Delete(ctx context.Context, cmd DeleteCreator) error {
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := lockWorkspaceRow(ctx, tx, cmd.WorkspaceID); err != nil {
			return err
		}
		var name string
		err := tx.QueryRow(ctx, `SELECT name FROM creators WHERE id = $1 AND workspace_id = $2 FOR UPDATE`, cmd.ID, cmd.WorkspaceID).Scan(&name)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("creator not found")
		}
		if err != nil {
			return fmt.Errorf("lock creator: %w", err)
		}
		// the foreign key would clear them too, but not mark them changed
		if _, err := tx.Exec(ctx, `UPDATE accounts SET creator_id = NULL, updated_at = now() WHERE workspace_id = $1 AND creator_id = $2`,
			cmd.WorkspaceID, cmd.ID); err != nil {
			return fmt.Errorf("take the accounts from the creator: %w", err)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM creators WHERE id = $1 AND workspace_id = $2`, cmd.ID, cmd.WorkspaceID); err != nil {
			return fmt.Errorf("delete creator: %w", err)
		}
		if err := recordActivity(ctx, tx, activity{WorkspaceID: cmd.WorkspaceID, Action: domain.ActionCreatorDeleted, Target: name}); err != nil {
			return err
		}
		return BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
}

// lockWorkspaceRow locks the workspace's row, first, the order of every
// write of its tracked items; it also makes the creator writes of one
// workspace wait for each other.
func lockWorkspaceRow(ctx context.Context, tx pgx.Tx, workspaceID uuid.UUID) error {
	if _, err := tx.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`, workspaceID); err != nil {
		return fmt.Errorf("lock workspace: %w", err)
	}
	return nil
}

// assignCreatorAccounts gives the creator the accounts ids, each leaving
// the creator it had; with replace, the creator's other accounts are left
// without creator. 404 when an id is not a tracked account of the
// workspace (or a removed one).
func assignCreatorAccounts(ctx context.Context, tx pgx.Tx, workspaceID, creatorID uuid.UUID, ids []uuid.UUID, replace bool) error {
	ids = uniq(ids)
	if replace {
		if _, err := tx.Exec(ctx, `
			UPDATE accounts SET creator_id = NULL, updated_at = now()
			WHERE workspace_id = $1 AND creator_id = $2 AND NOT (id = ANY($3))`, workspaceID, creatorID, ids); err != nil {
			return fmt.Errorf("take accounts from the creator: %w", err)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	tag, err := tx.Exec(ctx, `
		UPDATE accounts SET creator_id = $3, updated_at = now()
		WHERE workspace_id = $1 AND id = ANY($2) AND status <> $4`, workspaceID, ids, creatorID, domain.ItemRemoved)
	if err != nil {
		return fmt.Errorf("give accounts to the creator: %w", err)
	}
	if int(tag.RowsAffected()) != len(ids) {
		return apperr.NotFound("account not found: an id is not a tracked account of this workspace")
	}
	return nil
}
