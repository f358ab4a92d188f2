// Package competitors keeps a workspace's competitor set
// (docs/competitors.md): accounts tracked in a workspace of their own, with
// no members, that follows the workspace's plan and access, so their
// numbers are never in the workspace's totals, campaigns, payouts, budgets
// or share pages.
package competitors

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/competitorset"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// The tracking limit of a competitor: its newest videos.
const (
	DefaultTrackingLimit = 30
	MaxTrackingLimit     = 100
)

// Add is adding an account to the competitor set.
type Add struct {
	WorkspaceID, ActorID uuid.UUID
	URL                  string
	// TrackingLimit is how many of its newest videos are tracked; nil: 30.
	TrackingLimit *int
}

// Validate checks the link and the limit.
func (c Add) Validate() error {
	var errs []error
	if strings.TrimSpace(c.URL) == "" {
		errs = append(errs, apperr.Invalid("url", "the link of the competitor's account"))
	}
	if c.TrackingLimit != nil && (*c.TrackingLimit < 1 || *c.TrackingLimit > MaxTrackingLimit) {
		errs = append(errs, apperr.Invalid("trackingLimit", fmt.Sprintf("from 1 to %d", MaxTrackingLimit)))
	}
	return errors.Join(errs...)
}

// Handler adds and removes competitors.
type Handler struct {
	DB     *pgxpool.Pool
	Track  tracking.TrackHandler
	Remove tracking.RemoveAccountHandler
}

// Add tracks an account as a competitor (owners and admins): 400 for a
// link that is not an account's, 409 when the set is full, what tracking
// answers otherwise (the plan's access and video allowance, of the
// competitors' own). Logged (competitor_added).
func (h Handler) Add(ctx context.Context, cmd Add) (tracking.Tracked, error) {
	if err := cmd.Validate(); err != nil {
		return tracking.Tracked{}, err
	}
	target, err := h.Track.Resolver.Resolve(ctx, strings.TrimSpace(cmd.URL))
	if err != nil {
		return tracking.Tracked{}, err
	}
	if target.Kind != platform.Account {
		return tracking.Tracked{}, apperr.Invalid("url", "a competitor is an account: paste the link of its profile, not of a video")
	}
	var set uuid.UUID
	err = pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "manage competitors"); err != nil {
			return err
		}
		var ok bool
		var err error
		if set, ok, err = competitorset.Of(ctx, tx, cmd.WorkspaceID); err != nil || ok {
			return h.checkRoom(ctx, tx, set, err)
		}
		set = uuid.New()
		_, err = tx.Exec(ctx, `
			INSERT INTO workspaces (id, name, owner_id, plan, video_limit, seat_limit, has_access, trial_ends_at, grace_ends_at, subscription_status, competitors_of)
			SELECT $2, left(w.name, 180) || ' · competitors', w.owner_id, w.plan, w.video_limit, 1, w.has_access, w.trial_ends_at, w.grace_ends_at,
				w.subscription_status, w.id
			FROM workspaces w WHERE w.id = $1`, cmd.WorkspaceID, set)
		if err != nil {
			return fmt.Errorf("make the competitors' workspace: %w", err)
		}
		return nil
	})
	if err != nil {
		return tracking.Tracked{}, err
	}
	limit := DefaultTrackingLimit
	if cmd.TrackingLimit != nil {
		limit = *cmd.TrackingLimit
	}
	out, err := h.Track.Handle(ctx, tracking.Track{WorkspaceID: set, URL: cmd.URL, TrackingLimit: &limit})
	if err != nil {
		return out, err
	}
	err = activitylog.Record(ctx, h.DB, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionCompetitorAdded,
		Target: out.URL, Details: map[string]any{"platform": string(out.Platform)}})
	return out, err
}

// checkRoom refuses a competitor beyond competitorset.Max.
func (h Handler) checkRoom(ctx context.Context, tx pgx.Tx, set uuid.UUID, err error) error {
	if err != nil {
		return err
	}
	var n int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM accounts WHERE workspace_id = $1 AND status <> $2`, set, domain.ItemRemoved).Scan(&n); err != nil {
		return fmt.Errorf("count competitors: %w", err)
	}
	if n >= competitorset.Max {
		return apperr.Conflict(fmt.Sprintf("a competitor set holds %d accounts: remove one first", competitorset.Max))
	}
	return nil
}

// RemoveCompetitor stops tracking a competitor (owners and admins): 404
// for an account not in the workspace's set. Logged (competitor_removed).
func (h Handler) RemoveCompetitor(ctx context.Context, ws, actor, account uuid.UUID) error {
	var set uuid.UUID
	var handle, p string
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, ws, actor, "manage competitors"); err != nil {
			return err
		}
		var ok bool
		var err error
		if set, ok, err = competitorset.Of(ctx, tx, ws); err != nil {
			return err
		}
		if !ok {
			return apperr.NotFound("competitor not found")
		}
		err = tx.QueryRow(ctx, `SELECT handle, platform FROM accounts WHERE workspace_id = $1 AND id = $2 AND status <> $3`, set, account, domain.ItemRemoved).Scan(&handle, &p)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("competitor not found")
		}
		return err
	})
	if err != nil {
		return err
	}
	if err := h.Remove.Handle(ctx, tracking.RemoveAccount{WorkspaceID: set, AccountID: account}); err != nil {
		return err
	}
	return activitylog.Record(ctx, h.DB, activitylog.Entry{WorkspaceID: ws, ActorID: actor, Action: domain.ActionCompetitorRemoved,
		Target: account.String(), Details: map[string]any{"platform": p, "handle": handle}})
}
