package team

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
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// AcceptInvite joins a workspace with the token of an invite's link.
type AcceptInvite struct {
	UserID uuid.UUID
	Token  string
}

// Accepted is the workspace joined and the role taken.
type Accepted struct {
	WorkspaceID uuid.UUID
	Role        domain.Role
}

// ErrBadInvite answers every invite token that is unknown, used, revoked or
// expired: which of them is not told.
var ErrBadInvite = apperr.NotFound("this invite link is invalid or has expired: ask for a new invite")

// AcceptInviteHandler is the only way into a workspace one did not create. The
// token came by e-mail to the invited address, so it verifies that address.
type AcceptInviteHandler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
}

// Handle takes the invite: 404 bad token, 403 another address, 409 a member
// elsewhere. The user's untouched trial workspace is given up for it.
func (h AcceptInviteHandler) Handle(ctx context.Context, cmd AcceptInvite) (Accepted, error) {
	if !auth.LooksLikeLinkToken(cmd.Token) {
		return Accepted{}, ErrBadInvite
	}
	var out Accepted
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var inviteID uuid.UUID
		var creatorID *uuid.UUID
		var invited string
		var clientCollections []uuid.UUID
		var clientPayouts bool
		err := tx.QueryRow(ctx, `
			SELECT id, workspace_id, email, role, creator_id, client_collections, client_payouts FROM workspace_invites
			WHERE token_hash = $1 AND expires_at > $2 FOR UPDATE`,
			auth.HashLinkToken(cmd.Token), h.Now()).Scan(&inviteID, &out.WorkspaceID, &invited, &out.Role, &creatorID, &clientCollections, &clientPayouts)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrBadInvite
		}
		if err != nil {
			return fmt.Errorf("find invite: %w", err)
		}
		if _, err := tx.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR UPDATE`, out.WorkspaceID); err != nil {
			return fmt.Errorf("lock workspace: %w", err)
		}
		var email string
		var verified bool
		err = tx.QueryRow(ctx, `SELECT email, email_verified_at IS NOT NULL FROM users WHERE id = $1 FOR UPDATE`, cmd.UserID).Scan(&email, &verified)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("lock user: %w", err)
		}
		if email != invited {
			return apperr.Forbidden("this invite is for another e-mail address: sign in with the invited address")
		}
		if !verified {
			if _, err := tx.Exec(ctx, `UPDATE users SET email_verified_at = $2 WHERE id = $1`, cmd.UserID, h.Now()); err != nil {
				return fmt.Errorf("verify the invited address: %w", err)
			}
			if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: out.WorkspaceID, ActorID: cmd.UserID, Action: domain.ActionEmailVerified,
				Target: invited, Details: map[string]any{"by": "invite link"}}); err != nil {
				return err
			}
		}
		if err := leaveUnusedWorkspace(ctx, tx, cmd.UserID, out.WorkspaceID); err != nil {
			return err
		}
		if creatorID != nil {
			// one login a creator: an invite of a creator who signs in by
			// now (another address took an earlier one) is spent
			var taken bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM workspace_members WHERE workspace_id = $1 AND creator_id = $2)`,
				out.WorkspaceID, *creatorID).Scan(&taken); err != nil {
				return fmt.Errorf("read the creator's login: %w", err)
			}
			if taken {
				return apperr.Conflict("this creator already signs in with another address")
			}
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO workspace_members (workspace_id, user_id, role, creator_id, client_collections, client_payouts)
			VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
			out.WorkspaceID, cmd.UserID, out.Role, creatorID, clientCollections, clientPayouts); err != nil {
			return fmt.Errorf("join invited workspace: %w", err)
		}
		// The address's other invites can no longer be taken: a user
		// belongs to one workspace. Their seats free up.
		if _, err := tx.Exec(ctx, `DELETE FROM workspace_invites WHERE email = $1`, invited); err != nil {
			return fmt.Errorf("delete accepted invites: %w", err)
		}
		if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: out.WorkspaceID, ActorID: cmd.UserID, Action: domain.ActionInviteAccepted,
			Target: invited, Details: map[string]any{"role": out.Role}}); err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, out.WorkspaceID)
	})
	if err != nil {
		return Accepted{}, err
	}
	return out, nil
}

// leaveUnusedWorkspace deletes a workspace the user owns with nothing in it,
// and answers 409 for any other membership.
func leaveUnusedWorkspace(ctx context.Context, tx pgx.Tx, userID, joining uuid.UUID) error {
	var wsID uuid.UUID
	var role domain.Role
	err := tx.QueryRow(ctx, `SELECT workspace_id, role FROM workspace_members WHERE user_id = $1 AND via_organisation IS NULL FOR UPDATE`, userID).Scan(&wsID, &role)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && wsID == joining) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read membership: %w", err)
	}
	busy := apperr.Conflict("you already belong to a workspace: leave it, or ask its owner to remove you, then open the invite link again")
	if role != domain.RoleOwner {
		return busy
	}
	var unused bool
	err = tx.QueryRow(ctx, `
		SELECT w.payment_customer_id IS NULL
		   AND NOT EXISTS (SELECT 1 FROM workspace_members WHERE workspace_id = w.id AND user_id <> $2)
		   AND NOT EXISTS (SELECT 1 FROM workspace_invites WHERE workspace_id = w.id)
		   AND NOT EXISTS (SELECT 1 FROM accounts WHERE workspace_id = w.id)
		   AND NOT EXISTS (SELECT 1 FROM videos WHERE workspace_id = w.id)
		   AND NOT EXISTS (SELECT 1 FROM collections WHERE workspace_id = w.id)
		   AND NOT EXISTS (SELECT 1 FROM alert_rules WHERE workspace_id = w.id)
		   AND NOT EXISTS (SELECT 1 FROM scrape_jobs WHERE workspace_id = w.id)
		   AND NOT EXISTS (SELECT 1 FROM workspaces c WHERE c.competitors_of = w.id)
		FROM workspaces w WHERE w.id = $1 FOR UPDATE`, wsID, userID).Scan(&unused)
	if err != nil {
		return fmt.Errorf("check own workspace: %w", err)
	}
	if !unused {
		return busy
	}
	if _, err := tx.Exec(ctx, `DELETE FROM workspaces WHERE id = $1`, wsID); err != nil {
		return fmt.Errorf("give up own workspace: %w", err)
	}
	return nil
}
