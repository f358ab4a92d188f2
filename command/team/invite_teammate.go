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
	"github.com/reeltrack/reeltrack/command/input"
	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/mail"
	"github.com/reeltrack/reeltrack/internal/plan"
)

// InviteTeammate invites an e-mail into the caller's workspace.
type InviteTeammate struct {
	WorkspaceID uuid.UUID
	InviterID   uuid.UUID
	Email       string
	Role        domain.Role // member (default), admin or client
	// A client viewer's reach: its collections (nil or empty: the whole
	// workspace), and whether it reads payouts.
	ClientCollections []uuid.UUID
	ClientPayouts     bool
}

// Validate normalizes the e-mail and the role.
func (c *InviteTeammate) Validate() error {
	var err error
	c.Email, err = input.NormalizeEmail("email", c.Email)
	problems := []error{err}
	switch c.Role {
	case "":
		c.Role = domain.RoleMember
	case domain.RoleMember, domain.RoleAdmin:
	case domain.RoleClient:
		if len(c.ClientCollections) > 100 {
			problems = append(problems, apperr.Invalid("clientCollections", "at most 100"))
		}
	default:
		problems = append(problems, apperr.Invalid("role", `must be "member", "admin" or "client"`))
	}
	if c.Role != domain.RoleClient && (c.ClientCollections != nil || c.ClientPayouts) {
		problems = append(problems, apperr.Invalid("clientCollections", `only a client viewer's invite ("role": "client") has a reach`))
	}
	c.ClientCollections = input.UniqueIDs(c.ClientCollections)
	if len(c.ClientCollections) == 0 {
		c.ClientCollections = nil
	}
	return errors.Join(problems...)
}

// InviteTeammateHandler records invites and e-mails their links; an invite of
// someone in another workspace holds its seat until it expires or is revoked.
type InviteTeammateHandler struct {
	DB     *pgxpool.Pool
	Outbox outbox.Outbox
	Links  Links
	Now    func() time.Time
}

// Handle checks the inviter's role, duplicates and seats under a lock on the
// workspace row, so concurrent invites cannot exceed the seat limit.
func (h InviteTeammateHandler) Handle(ctx context.Context, cmd InviteTeammate) error {
	if err := cmd.Validate(); err != nil {
		return err
	}
	var mailID uuid.UUID
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		// the seats of workspaces billed together are counted together,
		// under a lock on the row of the workspace that pays
		var seatLimit int
		err := tx.QueryRow(ctx, `SELECT seat_limit FROM workspaces WHERE id = (SELECT `+plan.PayerSQL+` FROM workspaces w WHERE w.id = $1) FOR UPDATE`,
			cmd.WorkspaceID).Scan(&seatLimit)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("workspace not found")
		}
		if err != nil {
			return fmt.Errorf("lock workspace: %w", err)
		}
		var role domain.Role
		err = tx.QueryRow(ctx, `SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $2`,
			cmd.WorkspaceID, cmd.InviterID).Scan(&role)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("workspace not found")
		}
		if err != nil {
			return fmt.Errorf("read inviter role: %w", err)
		}
		if !role.Manages() {
			return authz.Refused("invite teammates")
		}

		// Only this workspace is looked at, so the answer tells nothing about the
		// address elsewhere; an expired invite is dropped on a new one.
		if _, err := tx.Exec(ctx, `DELETE FROM workspace_invites WHERE workspace_id = $1 AND email = $2 AND expires_at <= $3`,
			cmd.WorkspaceID, cmd.Email, h.Now()); err != nil {
			return fmt.Errorf("drop expired invite: %w", err)
		}
		var member, invited bool
		var seatsUsed int
		err = tx.QueryRow(ctx, `
			SELECT
				EXISTS (SELECT 1 FROM users u JOIN workspace_members m ON m.user_id = u.id WHERE u.email = $3 AND m.workspace_id = $1),
				`+plan.BilledSeatsSQL+`,
				EXISTS (SELECT 1 FROM workspace_invites WHERE workspace_id = $1 AND email = $3)`,
			cmd.WorkspaceID, h.Now(), cmd.Email).Scan(&member, &seatsUsed, &invited)
		if err != nil {
			return fmt.Errorf("check invitee: %w", err)
		}
		switch {
		case member:
			return apperr.Conflict("this e-mail is already a member of the workspace")
		case invited:
			return apperr.Conflict("this e-mail has already been invited")
		case cmd.Role == domain.RoleClient:
			// a client viewer takes no seat
		case seatsUsed >= seatLimit && seatLimit == 1:
			return apperr.Forbidden("the plan's only seat is in use: upgrade to invite teammates")
		case seatsUsed >= seatLimit:
			return apperr.Forbidden(fmt.Sprintf("all %d seats of the plan are in use: upgrade to invite more teammates", seatLimit))
		}
		if cmd.ClientCollections != nil {
			var n int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM collections WHERE workspace_id = $1 AND id = ANY($2)`,
				cmd.WorkspaceID, cmd.ClientCollections).Scan(&n); err != nil {
				return fmt.Errorf("check collections: %w", err)
			}
			if n != len(cmd.ClientCollections) {
				return apperr.NotFound("collection not found")
			}
		}
		id := uuid.New()
		if _, err := tx.Exec(ctx, `
			INSERT INTO workspace_invites (id, workspace_id, email, role, invited_by, client_collections, client_payouts)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			id, cmd.WorkspaceID, cmd.Email, cmd.Role, cmd.InviterID, cmd.ClientCollections, cmd.ClientPayouts); err != nil {
			return fmt.Errorf("insert invite: %w", err)
		}
		if mailID, err = sendInvite(ctx, tx, h.Links, id, h.Now()); err != nil {
			return err
		}
		details := map[string]any{"role": cmd.Role}
		if cmd.Role == domain.RoleClient {
			details["clientCollections"], details["clientPayouts"] = cmd.ClientCollections, cmd.ClientPayouts
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.InviterID, Action: domain.ActionInviteSent,
			Target: cmd.Email, Details: details})
	})
	if err != nil {
		return err
	}
	h.Outbox.SendSoon(mailID)
	return nil
}

// ResendInvite e-mails a pending invite's link again.
type ResendInvite struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID
	InviteID    uuid.UUID
}

// Resend makes a new link for the invite, restarts its validity and e-mails
// it: 403 unless the actor manages the workspace, 404 for another's invite.
func (h InviteTeammateHandler) Resend(ctx context.Context, cmd ResendInvite) error {
	var mailID uuid.UUID
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "resend invites"); err != nil {
			return err
		}
		var email string
		err := tx.QueryRow(ctx, `SELECT email FROM workspace_invites WHERE id = $1 AND workspace_id = $2`, cmd.InviteID, cmd.WorkspaceID).Scan(&email)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("invite not found")
		}
		if err != nil {
			return fmt.Errorf("read invite: %w", err)
		}
		if mailID, err = sendInvite(ctx, tx, h.Links, cmd.InviteID, h.Now()); err != nil {
			return err
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionInviteResent, Target: email})
	})
	if err != nil {
		return err
	}
	h.Outbox.SendSoon(mailID)
	return nil
}

// insertInvite records an invite of email into the workspace as role (a
// creator's names its creator) and queues its e-mail, answering the e-mail's id.
func insertInvite(ctx context.Context, tx pgx.Tx, links Links, ws, inviter uuid.UUID, email string, role domain.Role, creator *uuid.UUID, now time.Time) (uuid.UUID, error) {
	id := uuid.New()
	if _, err := tx.Exec(ctx, `
		INSERT INTO workspace_invites (id, workspace_id, email, role, creator_id, invited_by) VALUES ($1, $2, $3, $4, $5, $6)`,
		id, ws, email, role, creator, inviter); err != nil {
		return uuid.Nil, fmt.Errorf("insert invite: %w", err)
	}
	return sendInvite(ctx, tx, links, id, now)
}

func sendInvite(ctx context.Context, tx pgx.Tx, links Links, inviteID uuid.UUID, now time.Time) (uuid.UUID, error) {
	raw, hash, err := auth.NewLinkToken()
	if err != nil {
		return uuid.Nil, err
	}
	var wsID uuid.UUID
	var email, role, workspace, inviter string
	err = tx.QueryRow(ctx, `
		UPDATE workspace_invites i SET token_hash = $2, expires_at = $3, sent_at = $4
		FROM workspaces w, users u
		WHERE i.id = $1 AND w.id = i.workspace_id AND u.id = i.invited_by
		RETURNING i.workspace_id, i.email, i.role, w.name, u.email`,
		inviteID, hash, now.Add(InviteValidFor), now).Scan(&wsID, &email, &role, &workspace, &inviter)
	if err != nil {
		return uuid.Nil, fmt.Errorf("renew invite link: %w", err)
	}
	kind := mail.Invite
	if domain.Role(role) == domain.RoleCreator {
		kind = mail.CreatorInvite
	}
	m, err := mail.AccountMessage(mail.AccountLink{
		Kind: kind, URL: links.to("/invite", raw), ValidFor: InviteValidFor,
		Workspace: workspace, Role: role, InvitedBy: inviter,
	})
	if err != nil {
		return uuid.Nil, err
	}
	return outbox.Queue(ctx, tx, domain.MailInvite, &wsID, email, m)
}
