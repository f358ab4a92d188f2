package collections

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/command/input"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
)

const (
	// MaxCreatorName is the longest creator name, in characters.
	MaxCreatorName = 100
	// MaxPostingGoal is the highest posting goal, in videos per campaign period.
	MaxPostingGoal = 1000
	// MaxCreatorAccounts bounds the accounts given to a creator at once.
	MaxCreatorAccounts = 1000
)

// CreateCreator records a creator: a payee, with the accounts it posts from.
type CreateCreator struct {
	WorkspaceID uuid.UUID
	// ActorID must be an owner or admin: a creator is a payee.
	ActorID     uuid.UUID
	Name        string
	Email       string
	PostingGoal *int
	// AccountIDs are the workspace's accounts; each leaves the creator it had.
	AccountIDs []uuid.UUID
	// TaxForm is the form on file; "" for none.
	TaxForm domain.TaxForm
}

// Validate trims the name and e-mail and checks every field, naming each bad one.
func (c *CreateCreator) Validate() error {
	var errs []error
	var err error
	if c.Name, err = input.CheckName(c.Name, MaxCreatorName); err != nil {
		errs = append(errs, err)
	}
	if c.Email, err = creatorEmail(c.Email); err != nil {
		errs = append(errs, err)
	}
	if c.TaxForm == "" {
		c.TaxForm = domain.TaxFormNone
	}
	return errors.Join(append(errs, checkPostingGoal(c.PostingGoal), checkCreatorAccounts(c.AccountIDs), checkTaxForm(c.TaxForm))...)
}

func checkTaxForm(f domain.TaxForm) error {
	if !slices.Contains(domain.TaxForms, f) {
		return apperr.Invalid("taxForm", "one of none, w9, w8ben, other")
	}
	return nil
}

// UpdateCreator changes a creator; a nil field keeps its value.
type UpdateCreator struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID
	ID          uuid.UUID
	Name        *string
	Email       *string
	// PostingGoal set to a nil pointer clears the goal.
	PostingGoal **int
	// AccountIDs replaces the creator's accounts, each leaving the creator it had.
	AccountIDs *[]uuid.UUID
	// TaxForm records the form on file.
	TaxForm *domain.TaxForm
}

// Validate checks the given fields as CreateCreator does; no change is refused.
func (c *UpdateCreator) Validate() error {
	if c.Name == nil && c.Email == nil && c.PostingGoal == nil && c.AccountIDs == nil && c.TaxForm == nil {
		return apperr.Invalid("", "nothing to change: give name, email, postingGoal, accountIds, taxForm or several")
	}
	var errs []error
	if c.Name != nil {
		name, err := input.CheckName(*c.Name, MaxCreatorName)
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
	if c.TaxForm != nil {
		errs = append(errs, checkTaxForm(*c.TaxForm))
	}
	return errors.Join(errs...)
}

// DeleteCreator deletes a creator; its accounts stay tracked, without creator.
type DeleteCreator struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID
	ID          uuid.UUID
}

// creatorEmail trims an optional e-mail and checks it: "" for none.
func creatorEmail(raw string) (string, error) {
	if strings.TrimSpace(raw) == "" {
		return "", nil
	}
	return input.NormalizeEmail("email", raw)
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

func creatorNameTaken(err error, name string) error {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" && pgErr.ConstraintName == "creators_name_idx" {
		return apperr.Conflict(fmt.Sprintf("a creator named %q already exists", name))
	}
	return nil
}

// SaveCreatorHandler creates, changes and deletes creators, the payees of their
// accounts' lines, so only for owners and admins (403). Cached answers show
// payees: each write bumps the data version.
type SaveCreatorHandler struct{ DB *pgxpool.Pool }

// Create records the creator with its accounts and returns its id: 409 for a
// taken name, 404 for an account not tracked here. A refusal writes nothing.
func (h SaveCreatorHandler) Create(ctx context.Context, cmd CreateCreator) (uuid.UUID, error) {
	if err := cmd.Validate(); err != nil {
		return uuid.Nil, err
	}
	id := uuid.New()
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, cmd.WorkspaceID, cmd.ActorID, errPayees); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO creators (id, workspace_id, name, email, posting_goal, tax_form, tax_form_set_at, tax_form_set_by)
			VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $6 <> $8 THEN now() END, CASE WHEN $6 <> $8 THEN $7::uuid END)`,
			id, cmd.WorkspaceID, cmd.Name, cmd.Email, cmd.PostingGoal, cmd.TaxForm, cmd.ActorID, domain.TaxFormNone); err != nil {
			return err
		}
		moved, err := assignCreatorAccounts(ctx, tx, cmd.WorkspaceID, cmd.ActorID, id, cmd.AccountIDs, false)
		if err != nil {
			return err
		}
		if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionCreatorSaved, Target: cmd.Name,
			Details: map[string]any{"created": true, "accounts": len(input.UniqueIDs(cmd.AccountIDs)), "payeeChanged": moved, "taxForm": cmd.TaxForm}}); err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
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

// Update applies the change: 404 and 409 as in Create (its own name in
// another case is fine). A refusal writes nothing.
func (h SaveCreatorHandler) Update(ctx context.Context, cmd UpdateCreator) error {
	if err := cmd.Validate(); err != nil {
		return err
	}
	var name string
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, cmd.WorkspaceID, cmd.ActorID, errPayees); err != nil {
			return err
		}
		var old, email string
		var goal *int
		var form domain.TaxForm
		err := tx.QueryRow(ctx, `SELECT name, email, posting_goal, tax_form FROM creators WHERE id = $1 AND workspace_id = $2 FOR UPDATE`,
			cmd.ID, cmd.WorkspaceID).Scan(&old, &email, &goal, &form)
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
		if cmd.TaxForm != nil && *cmd.TaxForm != form {
			if _, err := tx.Exec(ctx, `UPDATE creators SET tax_form = $3, tax_form_set_at = now(), tax_form_set_by = $4 WHERE id = $1 AND workspace_id = $2`,
				cmd.ID, cmd.WorkspaceID, *cmd.TaxForm, cmd.ActorID); err != nil {
				return fmt.Errorf("record the tax form: %w", err)
			}
			details["taxForm"] = map[string]domain.TaxForm{"from": form, "to": *cmd.TaxForm}
		}
		if cmd.AccountIDs != nil {
			moved, err := assignCreatorAccounts(ctx, tx, cmd.WorkspaceID, cmd.ActorID, cmd.ID, *cmd.AccountIDs, true)
			if err != nil {
				return err
			}
			details["accounts"], details["payeeChanged"] = len(input.UniqueIDs(*cmd.AccountIDs)), moved
		}
		if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionCreatorSaved, Target: name,
			Details: details}); err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
	if taken := creatorNameTaken(err, name); taken != nil {
		return taken
	}
	if err != nil && apperr.KindOf(err) == apperr.KindInternal {
		return fmt.Errorf("update creator: %w", err)
	}
	return err
}

// Delete deletes the creator; its accounts stay tracked, without creator.
func (h SaveCreatorHandler) Delete(ctx context.Context, cmd DeleteCreator) error {
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, cmd.WorkspaceID, cmd.ActorID, errPayees); err != nil {
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
		rows, err := tx.Query(ctx, `
			UPDATE accounts SET creator_id = NULL, creator_set_by = $3, creator_set_at = now(), updated_at = now()
			WHERE workspace_id = $1 AND creator_id = $2 RETURNING platform || ' @' || handle`,
			cmd.WorkspaceID, cmd.ID, cmd.ActorID)
		if err != nil {
			return fmt.Errorf("take the accounts from the creator: %w", err)
		}
		left, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return fmt.Errorf("take the accounts from the creator: %w", err)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM creators WHERE id = $1 AND workspace_id = $2`, cmd.ID, cmd.WorkspaceID); err != nil {
			return fmt.Errorf("delete creator: %w", err)
		}
		if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionCreatorDeleted, Target: name,
			Details: map[string]any{"payeeChanged": left}}); err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
}

// errPayees is what a member is refused: creators are payees.
const errPayees = "create, change or delete creators: a creator is who the lines of its accounts pay"

// assignCreatorAccounts gives the creator the accounts ids, each leaving its creator
// (with replace, its other accounts lose it): 404 for an id not a tracked account.
func assignCreatorAccounts(ctx context.Context, tx pgx.Tx, workspaceID, actorID, creatorID uuid.UUID, ids []uuid.UUID, replace bool) ([]string, error) {
	ids = input.UniqueIDs(ids)
	var moved []string
	collect := func(rows pgx.Rows, err error) error {
		if err != nil {
			return err
		}
		names, err := pgx.CollectRows(rows, pgx.RowTo[string])
		moved = append(moved, names...)
		return err
	}
	if replace {
		if err := collect(tx.Query(ctx, `
			UPDATE accounts SET creator_id = NULL, creator_set_by = $4, creator_set_at = now(), updated_at = now()
			WHERE workspace_id = $1 AND creator_id = $2 AND NOT (id = ANY($3)) RETURNING platform || ' @' || handle`,
			workspaceID, creatorID, ids, actorID)); err != nil {
			return nil, fmt.Errorf("take accounts from the creator: %w", err)
		}
	}
	if len(ids) == 0 {
		return moved, nil
	}
	var found int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM accounts WHERE workspace_id = $1 AND id = ANY($2) AND status <> $3`,
		workspaceID, ids, domain.ItemRemoved).Scan(&found); err != nil {
		return nil, fmt.Errorf("give accounts to the creator: %w", err)
	}
	if found != len(ids) {
		return nil, apperr.NotFound("account not found: an id is not a tracked account of this workspace")
	}
	if err := collect(tx.Query(ctx, `
		UPDATE accounts SET creator_id = $3, creator_set_by = $4, creator_set_at = now(), updated_at = now()
		WHERE workspace_id = $1 AND id = ANY($2) AND creator_id IS DISTINCT FROM $3 RETURNING platform || ' @' || handle`,
		workspaceID, ids, creatorID, actorID)); err != nil {
		return nil, fmt.Errorf("give accounts to the creator: %w", err)
	}
	return moved, nil
}

func apply[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}
