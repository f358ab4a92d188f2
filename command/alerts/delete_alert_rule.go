package alerts

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// DeleteAlertRule deletes one of the workspace's alert rules.
type DeleteAlertRule struct {
	WorkspaceID uuid.UUID
	ID          uuid.UUID
}

// DeleteAlertRuleHandler deletes alert rules.
type DeleteAlertRuleHandler struct{ DB *pgxpool.Pool }

// Handle deletes the rule and its alerts; its unsent e-mails are skipped.
func (h DeleteAlertRuleHandler) Handle(ctx context.Context, cmd DeleteAlertRule) error {
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var name string
		err := tx.QueryRow(ctx, `DELETE FROM alert_rules WHERE id = $1 AND workspace_id = $2 RETURNING name`, cmd.ID, cmd.WorkspaceID).Scan(&name)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("alert rule not found")
		}
		if err != nil {
			return fmt.Errorf("delete alert rule: %w", err)
		}
		if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, Action: domain.ActionAlertRuleDeleted, Target: name}); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `
			UPDATE mail_outbox SET status = $3, last_error = 'the alert rule was deleted'
			WHERE workspace_id = $1 AND rule_id = $2 AND status = $4`, cmd.WorkspaceID, cmd.ID, domain.MailSkipped, domain.MailPending); err != nil {
			return fmt.Errorf("skip the rule's e-mails: %w", err)
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
}
