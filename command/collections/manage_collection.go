package collections

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
	"github.com/reeltrack/reeltrack/internal/payout"
)

// RenameCollection gives a collection a new name.
type RenameCollection struct {
	WorkspaceID uuid.UUID
	ID          uuid.UUID
	Name        string
}

// Validate trims the name and checks it as CreateCollection does.
func (c *RenameCollection) Validate() error {
	var err error
	c.Name, err = collectionName(c.Name)
	return err
}

// DeleteCollection deletes a collection, its items left in none; a campaign's
// collection ends the campaign instead (ActorID must manage the workspace).
type DeleteCollection struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID
	ID          uuid.UUID
}

// ManageCollectionHandler renames and deletes collections.
type ManageCollectionHandler struct {
	DB     *pgxpool.Pool
	Settle CampaignSettler
}

// CampaignSettler locks an ended campaign's lines (campaigns.SettlePayoutsHandler).
type CampaignSettler interface {
	Clock() time.Time
	// EndSettlement reads the snapshots, so it runs before the delete's transaction.
	EndSettlement(ctx context.Context, ws, id uuid.UUID, now time.Time) (payout.Settlement, error)
	// LockEnd writes that settlement in the delete's transaction.
	LockEnd(ctx context.Context, tx pgx.Tx, ws, id uuid.UUID, s payout.Settlement, now time.Time) (locked, held int, err error)
}

// Rename sets the name: 404 for another workspace's collection, 409 for a taken name.
func (h ManageCollectionHandler) Rename(ctx context.Context, cmd RenameCollection) error {
	if err := cmd.Validate(); err != nil {
		return err
	}
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var old string
		err := tx.QueryRow(ctx, `
			UPDATE collections c SET name = $3 FROM collections prev
			WHERE c.id = $1 AND c.workspace_id = $2 AND prev.id = c.id AND c.deleted_at IS NULL
			RETURNING prev.name`, cmd.ID, cmd.WorkspaceID, cmd.Name).Scan(&old)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("collection not found")
		}
		if err != nil {
			return err
		}
		if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, Action: domain.ActionCollectionChanged, Target: cmd.Name,
			Details: map[string]any{"from": old}}); err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
	if taken := nameTaken(err, cmd.Name); taken != nil {
		return taken
	}
	if err != nil && apperr.KindOf(err) == apperr.KindInternal {
		return fmt.Errorf("rename collection: %w", err)
	}
	return err
}

// Delete takes the collection's items out of it and deletes it: 409 while alert
// rules are scoped to it (they would widen to the whole workspace). A campaign's
// collection records what its creators are owed: deleting it ends the campaign
// instead, locking every unlocked line; the ledger and the hidden row stay.
func (h ManageCollectionHandler) Delete(ctx context.Context, cmd DeleteCollection) error {
	var campaign bool
	err := h.DB.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM campaigns WHERE workspace_id = $1 AND collection_id = $2 AND ended_at IS NULL)`,
		cmd.WorkspaceID, cmd.ID).Scan(&campaign)
	if err != nil {
		return fmt.Errorf("read campaign: %w", err)
	}
	var settlement payout.Settlement
	now := time.Now().UTC()
	if campaign {
		now = h.Settle.Clock().UTC()
		// read before the transaction: it reads the snapshots, and lines
		// a settle run locks meanwhile are skipped when these lock
		if err := h.mayEnd(ctx, cmd); err != nil {
			return err
		}
		if settlement, err = h.Settle.EndSettlement(ctx, cmd.WorkspaceID, cmd.ID, now); err != nil {
			return err
		}
	}
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		// the workspace row first, the order of every write of its tracked items
		if _, err := tx.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`, cmd.WorkspaceID); err != nil {
			return fmt.Errorf("lock workspace: %w", err)
		}
		var rules int
		var name string
		var isCampaign bool
		err := tx.QueryRow(ctx, `
			SELECT c.name, (SELECT count(*) FROM alert_rules r WHERE r.workspace_id = c.workspace_id AND r.collection_id = c.id),
				EXISTS (SELECT 1 FROM campaigns k WHERE k.workspace_id = c.workspace_id AND k.collection_id = c.id)
			FROM collections c WHERE c.id = $1 AND c.workspace_id = $2 AND c.deleted_at IS NULL FOR UPDATE`, cmd.ID, cmd.WorkspaceID).Scan(&name, &rules, &isCampaign)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("collection not found")
		}
		if err != nil {
			return fmt.Errorf("lock collection: %w", err)
		}
		if rules > 0 {
			msg := fmt.Sprintf("%d alert rules are scoped to this collection: delete them or change their scope first", rules)
			if rules == 1 {
				msg = "1 alert rule is scoped to this collection: delete it or change its scope first"
			}
			return apperr.Coded(apperr.KindConflict, CodeCollectionHasAlertRules, msg)
		}
		if isCampaign != campaign {
			return apperr.Conflict("the collection became a campaign, or its campaign ended, while it was being deleted: try again")
		}
		for _, table := range []string{"videos", "accounts"} {
			if _, err := tx.Exec(ctx, `UPDATE `+table+` SET collection_id = NULL, updated_at = now()
				WHERE workspace_id = $1 AND collection_id = $2`, cmd.WorkspaceID, cmd.ID); err != nil {
				return fmt.Errorf("take %s out of the collection: %w", table, err)
			}
		}
		if campaign {
			return h.end(ctx, tx, cmd, name, settlement, now)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM collections WHERE id = $1 AND workspace_id = $2`, cmd.ID, cmd.WorkspaceID); err != nil {
			return fmt.Errorf("delete collection: %w", err)
		}
		if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionCollectionDeleted, Target: name}); err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
}

// CodeCollectionHasAlertRules refuses a delete while rules are scoped to it.
const CodeCollectionHasAlertRules = "collection_has_alert_rules"

// mayEnd refuses a member the end of a campaign, saying what it holds.
func (h ManageCollectionHandler) mayEnd(ctx context.Context, cmd DeleteCollection) error {
	var role domain.Role
	var name, currency string
	var budget int64
	var digits, lines int
	err := h.DB.QueryRow(ctx, `
		SELECT coalesce((SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $3), ''),
			col.name, c.currency, c.minor_digits, c.budget, (SELECT count(*) FROM payout_lines l WHERE l.workspace_id = c.workspace_id AND l.collection_id = c.collection_id)
		FROM campaigns c JOIN collections col ON col.id = c.collection_id
		WHERE c.workspace_id = $1 AND c.collection_id = $2`, cmd.WorkspaceID, cmd.ID, cmd.ActorID).Scan(&role, &name, &currency, &digits, &budget, &lines)
	if errors.Is(err, pgx.ErrNoRows) {
		return apperr.NotFound("collection not found")
	}
	if err != nil {
		return fmt.Errorf("read campaign: %w", err)
	}
	if role.Manages() {
		return nil
	}
	budgetText := "no budget"
	if budget > 0 {
		budgetText = "a budget of " + currency + " " + payout.Decimal(payout.Money(budget), digits)
	}
	return apperr.Forbidden(fmt.Sprintf("this collection is the campaign %q (%s, %d locked line%s): deleting it ends the campaign, "+
		"which only owners and admins can do; ask one of them", name, budgetText, lines, plural(lines)))
}

// end ends the campaign of a collection being deleted, in its transaction:
// it locks every unlocked line, marks the campaign ended and hides the row.
func (h ManageCollectionHandler) end(ctx context.Context, tx pgx.Tx, cmd DeleteCollection, name string, settlement payout.Settlement, now time.Time) error {
	if err := authz.LockTeam(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "end a campaign"); err != nil {
		return err
	}
	locked, held, err := h.Settle.LockEnd(ctx, tx, cmd.WorkspaceID, cmd.ID, settlement, now)
	if err != nil {
		return err
	}
	var currency string
	var digits int
	var budget, committed int64
	err = tx.QueryRow(ctx, `
		UPDATE campaigns c SET ended_at = $2, ended_by = $3, updated_at = now() WHERE collection_id = $1 AND workspace_id = $5
		RETURNING currency, minor_digits, budget,
			(SELECT coalesce(sum(amount), 0) FROM payout_lines l WHERE l.workspace_id = c.workspace_id AND l.collection_id = c.collection_id AND l.status = ANY($4))`,
		cmd.ID, now, cmd.ActorID, domain.CommittedLines, cmd.WorkspaceID).Scan(&currency, &digits, &budget, &committed)
	if err != nil {
		return fmt.Errorf("end campaign: %w", err)
	}
	if _, err := tx.Exec(ctx, `UPDATE collections SET deleted_at = $2 WHERE id = $1 AND workspace_id = $3`, cmd.ID, now, cmd.WorkspaceID); err != nil {
		return fmt.Errorf("hide the collection: %w", err)
	}
	err = activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionCampaignEnded, Target: name,
		Details: map[string]any{"reason": "its collection was deleted", "currency": currency,
			"budget": payout.Decimal(payout.Money(budget), digits), "committed": payout.Decimal(payout.Money(committed), digits),
			"linesLocked": locked, "linesHeld": held}})
	if err != nil {
		return err
	}
	if err := dataversion.BumpLedgerVersion(ctx, tx, cmd.WorkspaceID, cmd.ID); err != nil {
		return err
	}
	return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
