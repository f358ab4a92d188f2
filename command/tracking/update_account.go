package tracking

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// AccountStatuses are the statuses a caller may set on an account.
var AccountStatuses = []string{string(domain.ItemActive), string(domain.ItemPaused), string(domain.ItemRemoved)}

// UpdateAccount changes an account's status, its tracking limit, or both (nil keeps one).
type UpdateAccount struct {
	WorkspaceID   uuid.UUID
	AccountID     uuid.UUID
	Status        *string
	TrackingLimit *int
}

// Validate checks what can be checked without the workspace's plan.
func (c UpdateAccount) Validate() error {
	var problems []error
	if c.Status == nil && c.TrackingLimit == nil {
		problems = append(problems, apperr.Invalid("", "nothing to change: give status, tracking_limit or both"))
	}
	if c.Status != nil && !slices.Contains(AccountStatuses, *c.Status) {
		problems = append(problems, apperr.Invalid("status", "must be one of active, paused, removed"))
	}
	if c.TrackingLimit != nil && *c.TrackingLimit < 1 {
		problems = append(problems, apperr.Invalid("tracking_limit", "must be at least 1"))
	}
	return errors.Join(problems...)
}

// UpdateAccountHandler applies account changes under the workspace row lock tracking takes.
type UpdateAccountHandler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
}

// Handle applies the change: 403 when it adds usage past the video limit or
// without access, so a downgraded workspace can always lower, pause or remove.
func (h UpdateAccountHandler) Handle(ctx context.Context, cmd UpdateAccount) error {
	if err := cmd.Validate(); err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		lim, err := lockWorkspace(ctx, tx, cmd.WorkspaceID, h.Now())
		if err != nil {
			return err
		}
		var status string
		var limit int
		err = tx.QueryRow(ctx, `SELECT status, tracking_limit FROM accounts WHERE id = $1 AND workspace_id = $2 FOR UPDATE`,
			cmd.AccountID, cmd.WorkspaceID).Scan(&status, &limit)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("account not found")
		}
		if err != nil {
			return fmt.Errorf("lock account: %w", err)
		}
		newStatus, newLimit := status, limit
		if cmd.Status != nil {
			newStatus = *cmd.Status
		}
		if cmd.TrackingLimit != nil {
			if *cmd.TrackingLimit > lim.plan.MaxPerAccount {
				return apperr.Invalid("tracking_limit", fmt.Sprintf("must be from 1 to %d, the %s plan's maximum per account",
					lim.plan.MaxPerAccount, lim.plan.Name))
			}
			newLimit = *cmd.TrackingLimit
		}
		if newStatus == status && newLimit == limit {
			return nil
		}
		if extra := accountCost(newStatus, newLimit) - accountCost(status, limit); extra > 0 {
			if !lim.hasAccess {
				return errNoAccess
			}
			if lim.usage+extra > lim.videoLimit {
				return apperr.Forbidden(fmt.Sprintf(
					"plan limit reached: %s, this change needs %d more", lim.inUse(), extra))
			}
		}
		if _, err := tx.Exec(ctx, `
			UPDATE accounts SET status = $3, tracking_limit = $4,
				status_reason = CASE WHEN status = $3 THEN status_reason ELSE '' END, updated_at = now()
			WHERE id = $1 AND workspace_id = $2`, cmd.AccountID, cmd.WorkspaceID, newStatus, newLimit); err != nil {
			return fmt.Errorf("update account: %w", err)
		}
		if newLimit != limit {
			if err := RankAccountVideos(ctx, tx, cmd.WorkspaceID, cmd.AccountID, newLimit, h.Now()); err != nil {
				return err
			}
		}
		name, err := accountName(ctx, tx, cmd.WorkspaceID, cmd.AccountID)
		if err != nil {
			return err
		}
		err = activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, Action: domain.ActionAccountChanged,
			Target:  name,
			Details: map[string]any{"status": map[string]string{"from": status, "to": newStatus}, "trackingLimit": map[string]int{"from": limit, "to": newLimit}}})
		if err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
}

// accountCost is what an account counts against the video limit.
func accountCost(status string, trackingLimit int) int {
	if domain.Item(status) == domain.ItemRemoved {
		return 0
	}
	return trackingLimit
}

func accountName(ctx context.Context, tx pgx.Tx, workspaceID, id uuid.UUID) (string, error) {
	var name string
	if err := tx.QueryRow(ctx, `SELECT platform || ' @' || handle FROM accounts WHERE id = $1 AND workspace_id = $2`, id, workspaceID).Scan(&name); err != nil {
		return "", fmt.Errorf("read the account's name: %w", err)
	}
	return name, nil
}
