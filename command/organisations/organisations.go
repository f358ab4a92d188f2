// Package organisations keeps agencies' organisations (docs/agencies.md): a
// home workspace whose owners and admins reach every client workspace of
// the organisation with the same role (the schema's triggers keep those
// memberships), the client workspaces it makes, its white-label branding,
// and the workspace a session works in.
package organisations

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/command/input"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/plan"
)

// Limits of an organisation.
const (
	MaxName       = 80
	MaxWorkspaces = 200
	// MaxLogoBytes bounds a logo's data: URL.
	MaxLogoBytes = 300_000
)

// ErrNoOrganisation answers a workspace outside any organisation.
var ErrNoOrganisation = apperr.NotFound("this workspace belongs to no organisation")

// Handler makes and changes organisations and their client workspaces.
type Handler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
}

// Create is making an organisation whose home is the actor's workspace.
type Create struct {
	WorkspaceID, ActorID uuid.UUID
	Name                 string
}

// Create makes the workspace the home of a new organisation (its owner
// only): 409 for a workspace already in one. Logged (organisation_created).
func (h Handler) Create(ctx context.Context, cmd Create) (uuid.UUID, error) {
	name, err := input.CheckName(cmd.Name, MaxName)
	if err != nil {
		return uuid.Nil, err
	}
	id := uuid.New()
	err = pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "make an organisation"); err != nil {
			return err
		}
		role, err := authz.MemberRole(ctx, tx, cmd.WorkspaceID, cmd.ActorID)
		if err != nil {
			return err
		}
		if role != domain.RoleOwner {
			return apperr.Forbidden("only the workspace's owner can make it an organisation's")
		}
		var inOrg, competitors bool
		if err := tx.QueryRow(ctx, `SELECT organisation_id IS NOT NULL, competitors_of IS NOT NULL FROM workspaces WHERE id = $1`,
			cmd.WorkspaceID).Scan(&inOrg, &competitors); err != nil {
			return fmt.Errorf("read workspace: %w", err)
		}
		if inOrg || competitors {
			return apperr.Conflict("this workspace already belongs to an organisation")
		}
		if _, err := tx.Exec(ctx, `INSERT INTO organisations (id, name, home_workspace_id) VALUES ($1, $2, $3)`,
			id, name, cmd.WorkspaceID); err != nil {
			return fmt.Errorf("insert organisation: %w", err)
		}
		if _, err := tx.Exec(ctx, `UPDATE workspaces SET organisation_id = $2, updated_at = now() WHERE id = $1`, cmd.WorkspaceID, id); err != nil {
			return fmt.Errorf("join organisation: %w", err)
		}
		if err := dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID); err != nil {
			return err
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID,
			Action: domain.ActionOrgCreated, Target: name})
	})
	return id, err
}

// Change is a change of the organisation's name or branding; nil leaves a
// field as it is, "" clears a branding field.
type Change struct {
	WorkspaceID, ActorID uuid.UUID
	Name                 *string
	BrandName            *string
	BrandColor           *string
	Logo                 *string
	// Billing is BillingWorkspace or BillingOrganisation.
	Billing *string
}

// How an organisation's workspaces are billed: each by its own
// subscription, or all by the home's (docs/agencies.md, "Billing").
const (
	BillingWorkspace    = "workspace"
	BillingOrganisation = "organisation"
)

var (
	colour = regexp.MustCompile(`^#[0-9a-f]{6}$`)
	logo   = regexp.MustCompile(`^data:image/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$`)
)

// Validate normalizes and checks the fields given.
func (c *Change) Validate() error {
	var errs []error
	if c.Name != nil {
		n, err := input.CheckName(*c.Name, MaxName)
		c.Name = &n
		errs = append(errs, err)
	}
	if c.BrandName != nil {
		n := strings.TrimSpace(*c.BrandName)
		if n != "" {
			var err error
			n, err = input.CheckName(n, MaxName)
			errs = append(errs, err)
		}
		c.BrandName = &n
	}
	if c.BrandColor != nil {
		v := strings.ToLower(strings.TrimSpace(*c.BrandColor))
		if v != "" && !colour.MatchString(v) {
			errs = append(errs, apperr.Invalid("brandColor", `a colour as "#rrggbb", or "" for none`))
		}
		c.BrandColor = &v
	}
	if c.Billing != nil && *c.Billing != BillingWorkspace && *c.Billing != BillingOrganisation {
		errs = append(errs, apperr.Invalid("billing", `"workspace" (each workspace its own subscription) or "organisation" (the home's subscription for all)`))
	}
	if c.Logo != nil && *c.Logo != "" {
		switch {
		case len(*c.Logo) > MaxLogoBytes:
			errs = append(errs, apperr.Invalid("logo", fmt.Sprintf("at most %d bytes as a data: URL (about 220 KB of image)", MaxLogoBytes)))
		case !logo.MatchString(*c.Logo):
			errs = append(errs, apperr.Invalid("logo", "a PNG, JPEG or WebP image as a base64 data: URL, or \"\" for none"))
		}
	}
	return errors.Join(errs...)
}

// Change renames or rebrands the organisation (owners and admins of its
// home): 404 outside an organisation. Logged (organisation_changed) in the
// home workspace.
func (h Handler) Change(ctx context.Context, cmd Change) error {
	if err := cmd.Validate(); err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		org, home, err := h.managed(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "change the organisation")
		if err != nil {
			return err
		}
		if cmd.Billing != nil && *cmd.Billing == BillingOrganisation {
			if err := noOwnSubscription(ctx, tx, org, home); err != nil {
				return err
			}
		}
		// the home's row before its clients', as tracking in a client takes
		// them: the triggers update the clients' rows, bumpAll the home's
		if _, err := tx.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`, home); err != nil {
			return fmt.Errorf("lock the home: %w", err)
		}
		// the schema's triggers bill the workspaces as billing says
		if _, err := tx.Exec(ctx, `
			UPDATE organisations SET name = coalesce($2, name), brand_name = coalesce($3, brand_name),
				brand_color = coalesce($4, brand_color), logo = coalesce($5, logo), billing = coalesce($6, billing)
			WHERE id = $1`, org, cmd.Name, cmd.BrandName, cmd.BrandColor, cmd.Logo, cmd.Billing); err != nil {
			return fmt.Errorf("change organisation: %w", err)
		}
		changed := []string{}
		for _, f := range []struct {
			name string
			v    *string
		}{{"name", cmd.Name}, {"brandName", cmd.BrandName}, {"brandColor", cmd.BrandColor}, {"logo", cmd.Logo}, {"billing", cmd.Billing}} {
			if f.v != nil {
				changed = append(changed, f.name)
			}
		}
		if err := bumpAll(ctx, tx, org); err != nil {
			return err
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: home, ActorID: cmd.ActorID,
			Action: domain.ActionOrgChanged, Details: map[string]any{"changed": changed}})
	})
}

// AddWorkspace is making a client workspace in the actor's organisation.
type AddWorkspace struct {
	WorkspaceID, ActorID uuid.UUID
	Name                 string
}

// AddWorkspace makes a client workspace in the organisation of the
// caller's workspace (owners and admins of its home), on a trial of its
// own; the home's owners and admins reach it at once. 409 beyond
// MaxWorkspaces. Logged in the home (client_workspace_created) and in the
// new workspace (workspace_created).
func (h Handler) AddWorkspace(ctx context.Context, cmd AddWorkspace) (uuid.UUID, error) {
	name, err := input.CheckName(cmd.Name, MaxName)
	if err != nil {
		return uuid.Nil, err
	}
	id := uuid.New()
	err = pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		org, home, err := h.managed(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "add client workspaces")
		if err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM workspaces WHERE organisation_id = $1`, org).Scan(&n); err != nil {
			return fmt.Errorf("count workspaces: %w", err)
		}
		if n >= MaxWorkspaces {
			return apperr.Conflict(fmt.Sprintf("an organisation holds %d workspaces", MaxWorkspaces))
		}
		trial, _ := plan.Lookup(plan.Trial)
		if _, err := tx.Exec(ctx, `
			INSERT INTO workspaces (id, name, owner_id, plan, video_limit, seat_limit, has_access, trial_ends_at, organisation_id)
			VALUES ($1, $2, $3, $4, $5, $6, true, $7, $8)`,
			id, name, cmd.ActorID, string(trial.Name), trial.VideoLimit, trial.SeatLimit, h.Now().Add(plan.TrialLength), org); err != nil {
			return fmt.Errorf("insert client workspace: %w", err)
		}
		if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: home, ActorID: cmd.ActorID,
			Action: domain.ActionClientWorkspace, Target: name, Details: map[string]any{"workspaceId": id}}); err != nil {
			return err
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: id, ActorID: cmd.ActorID,
			Action: domain.ActionWorkspaceCreated, Target: name, Details: map[string]any{"organisationId": org}})
	})
	return id, err
}

// managed locks the organisation of the workspace (FOR NO KEY UPDATE: a
// stronger lock would hold up the foreign key checks of its workspaces'
// rows) and checks the actor is an owner or admin of its home; it answers
// the organisation and its home.
func (h Handler) managed(ctx context.Context, tx pgx.Tx, ws, actor uuid.UUID, action string) (org, home uuid.UUID, err error) {
	if _, err := authz.RoleOf(ctx, tx, ws, actor); err != nil {
		return uuid.Nil, uuid.Nil, err
	}
	err = tx.QueryRow(ctx, `
		SELECT o.id, o.home_workspace_id FROM workspaces w JOIN organisations o ON o.id = w.organisation_id
		WHERE w.id = $1 FOR NO KEY UPDATE OF o`, ws).Scan(&org, &home)
	if errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, uuid.Nil, ErrNoOrganisation
	}
	if err != nil {
		return uuid.Nil, uuid.Nil, fmt.Errorf("read organisation: %w", err)
	}
	role, err := authz.RoleOf(ctx, tx, home, actor)
	if apperr.KindOf(err) == apperr.KindNotFound || (err == nil && !role.Manages()) {
		return uuid.Nil, uuid.Nil, apperr.Forbidden("only the owners and admins of the organisation's own workspace can " + action)
	}
	return org, home, err
}

// noOwnSubscription refuses billing by the organisation while a client
// workspace pays for itself: its subscription would go on being charged.
func noOwnSubscription(ctx context.Context, tx pgx.Tx, org, home uuid.UUID) error {
	rows, _ := tx.Query(ctx, `
		SELECT name FROM workspaces
		WHERE organisation_id = $1 AND id <> $2 AND billed_by IS NULL AND competitors_of IS NULL
		  AND payment_subscription_id IS NOT NULL AND subscription_status = ANY($3)
		ORDER BY name`, org, home, plan.LiveSubscriptionStatuses)
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return fmt.Errorf("read subscriptions: %w", err)
	}
	if len(names) > 0 {
		return apperr.Conflict(fmt.Sprintf("client workspaces pay by a subscription of their own (%s): cancel it in each one's billing first",
			strings.Join(names, ", ")))
	}
	return nil
}

// bumpAll makes every kept answer of the organisation's workspaces stale
// (their pages show its name and branding), the home's row first, as
// tracking in a client workspace locks the rows.
func bumpAll(ctx context.Context, tx pgx.Tx, org uuid.UUID) error {
	rows, _ := tx.Query(ctx, `
		SELECT w.id FROM workspaces w JOIN organisations o ON o.id = w.organisation_id
		WHERE w.organisation_id = $1 ORDER BY w.id <> o.home_workspace_id, w.id`, org)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return fmt.Errorf("read workspaces: %w", err)
	}
	for _, id := range ids {
		if err := dataversion.BumpDataVersion(ctx, tx, id); err != nil {
			return err
		}
	}
	return nil
}

// Switch makes the session work in one of the login's workspaces: 404 for
// a workspace it is not a member of, 409 for a session the server keeps no
// record of (an external provider's).
func (h Handler) Switch(ctx context.Context, userID uuid.UUID, sessionID string, ws uuid.UUID) error {
	var member bool
	if err := h.DB.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM workspace_members WHERE workspace_id = $1 AND user_id = $2)`,
		ws, userID).Scan(&member); err != nil {
		return fmt.Errorf("read membership: %w", err)
	}
	if !member {
		return apperr.NotFound("workspace not found")
	}
	tag, err := h.DB.Exec(ctx, `UPDATE sessions SET current_workspace = $3 WHERE id = $1 AND user_id = $2 AND ended_at IS NULL`, sessionID, userID, ws)
	if err != nil {
		return fmt.Errorf("switch workspace: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return apperr.Conflict("this session cannot switch workspaces: sign in with your password")
	}
	return nil
}

// JoinCodeLife is how long a join code can be used.
const JoinCodeLife = 7 * 24 * time.Hour

// JoinCode is a code made for bringing an existing workspace in, shown once.
type JoinCode struct {
	Code      string    `json:"code"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// MakeJoinCode makes a join code of the organisation of the caller's
// workspace (owners and admins of its home), good for one workspace within
// JoinCodeLife; only its hash is kept. Logged in the home.
func (h Handler) MakeJoinCode(ctx context.Context, ws, actor uuid.UUID) (JoinCode, error) {
	code, hash, err := auth.NewLinkToken()
	if err != nil {
		return JoinCode{}, err
	}
	out := JoinCode{Code: code, ExpiresAt: h.Now().Add(JoinCodeLife)}
	err = pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		org, home, err := h.managed(ctx, tx, ws, actor, "make join codes")
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO organisation_join_codes (id, organisation_id, code_hash, created_by, expires_at) VALUES ($1, $2, $3, $4, $5)`,
			uuid.New(), org, hash, actor, out.ExpiresAt); err != nil {
			return fmt.Errorf("insert join code: %w", err)
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: home, ActorID: actor, Action: domain.ActionOrgJoinCode})
	})
	return out, err
}

// errBadCode answers a code that is unknown, used or expired, alike.
var errBadCode = apperr.NotFound("this join code is unknown, used or expired: ask the agency for a new one")

// Join brings the caller's workspace into the organisation whose join code
// it is (the workspace's own owner only): the organisation's owners and
// admins reach it at once, and it is billed as the organisation says. 404
// for a bad code; 409 for a workspace in an organisation already (or the
// home of one, or a competitors' workspace) and, under billing per
// organisation, for one that pays a live subscription of its own. Logged in
// both workspaces.
func (h Handler) Join(ctx context.Context, ws, actor uuid.UUID, code string) error {
	if !auth.LooksLikeLinkToken(code) {
		return errBadCode
	}
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, ws, actor, "bring the workspace into an organisation"); err != nil {
			return err
		}
		if err := ownOwner(ctx, tx, ws, actor, "bring the workspace into an organisation"); err != nil {
			return err
		}
		var codeID, org, home uuid.UUID
		var billing, orgName string
		err := tx.QueryRow(ctx, `
			SELECT c.id, o.id, o.home_workspace_id, o.billing, o.name FROM organisation_join_codes c
			JOIN organisations o ON o.id = c.organisation_id
			WHERE c.code_hash = $1 AND c.used_at IS NULL AND c.expires_at > $2
			FOR UPDATE OF c`, auth.HashLinkToken(code), h.Now()).Scan(&codeID, &org, &home, &billing, &orgName)
		if errors.Is(err, pgx.ErrNoRows) {
			return errBadCode
		}
		if err != nil {
			return fmt.Errorf("read join code: %w", err)
		}
		var inOrg, competitors, paying bool
		var name string
		if err := tx.QueryRow(ctx, `
			SELECT name, organisation_id IS NOT NULL, competitors_of IS NOT NULL,
			       payment_subscription_id IS NOT NULL AND subscription_status = ANY($2)
			FROM workspaces WHERE id = $1`, ws, plan.LiveSubscriptionStatuses).Scan(&name, &inOrg, &competitors, &paying); err != nil {
			return fmt.Errorf("read workspace: %w", err)
		}
		switch {
		case inOrg || competitors:
			return apperr.Conflict("this workspace already belongs to an organisation: leave it first")
		case paying && billing == BillingOrganisation:
			return apperr.Conflict("the agency pays for its workspaces, and this one pays a subscription of its own: cancel it in Billing first")
		}
		if _, err := tx.Exec(ctx, `UPDATE organisation_join_codes SET used_at = $2, used_by_workspace = $3 WHERE id = $1`, codeID, h.Now(), ws); err != nil {
			return fmt.Errorf("use join code: %w", err)
		}
		// the schema's triggers give the agency's people their place and
		// bill the workspace as the organisation says
		if _, err := tx.Exec(ctx, `UPDATE workspaces SET organisation_id = $2, updated_at = now() WHERE id = $1`, ws, org); err != nil {
			return fmt.Errorf("join organisation: %w", err)
		}
		if err := bumpAll(ctx, tx, org); err != nil {
			return err
		}
		if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: home, ActorID: actor,
			Action: domain.ActionOrgWorkspaceJoined, Target: name, Details: map[string]any{"workspaceId": ws}}); err != nil {
			return err
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: ws, ActorID: actor,
			Action: domain.ActionOrgWorkspaceJoined, Target: orgName, Details: map[string]any{"organisationId": org}})
	})
}

// Release takes a client workspace out of its organisation: by an owner or
// admin of the home, or by the workspace's own owner. The workspace must
// have an owner of its own (409 otherwise: one the agency made has none);
// the agency's people lose it at once, and billed by the agency it keeps
// its plan for the grace period (the schema's triggers). 404 for a
// workspace outside the caller's organisation; 409 for the home. Logged in
// both workspaces.
func (h Handler) Release(ctx context.Context, ws, actor, target uuid.UUID) error {
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var org, home uuid.UUID
		var orgName, name string
		err := tx.QueryRow(ctx, `
			SELECT o.id, o.home_workspace_id, o.name, t.name FROM workspaces w
			JOIN organisations o ON o.id = w.organisation_id
			JOIN workspaces t ON t.organisation_id = o.id AND t.id = $2
			WHERE w.id = $1 FOR NO KEY UPDATE OF o`, ws, target).Scan(&org, &home, &orgName, &name)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("workspace not found")
		}
		if err != nil {
			return fmt.Errorf("read organisation: %w", err)
		}
		homeRole, err := authz.RoleOf(ctx, tx, home, actor)
		if err != nil && apperr.KindOf(err) != apperr.KindNotFound {
			return err
		}
		manager := err == nil && homeRole.Manages()
		if !manager && ownOwner(ctx, tx, target, actor, "take the workspace out of the organisation") != nil {
			return apperr.Forbidden("only the organisation's owners and admins, or the workspace's own owner, can take it out")
		}
		if target == home {
			return apperr.Conflict("the organisation's own workspace cannot leave it")
		}
		var owned bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM workspace_members
			WHERE workspace_id = $1 AND via_organisation IS NULL AND role = $2)`, target, domain.RoleOwner).Scan(&owned); err != nil {
			return fmt.Errorf("read owner: %w", err)
		}
		if !owned {
			return apperr.Conflict("this workspace has no owner of its own, only the agency's people: it stays in the organisation")
		}
		if err := dataversion.BumpDataVersion(ctx, tx, target); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE workspaces SET organisation_id = NULL, updated_at = now() WHERE id = $1`, target); err != nil {
			return fmt.Errorf("leave organisation: %w", err)
		}
		if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: home, ActorID: actor,
			Action: domain.ActionOrgWorkspaceLeft, Target: name, Details: map[string]any{"workspaceId": target}}); err != nil {
			return err
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: target, ActorID: actor,
			Action: domain.ActionOrgWorkspaceLeft, Target: orgName, Details: map[string]any{"organisationId": org}})
	})
}

// ownOwner checks the actor is the workspace's own owner (not one through
// an organisation).
func ownOwner(ctx context.Context, tx pgx.Tx, ws, actor uuid.UUID, action string) error {
	var own bool
	err := tx.QueryRow(ctx, `SELECT role = $3 AND via_organisation IS NULL FROM workspace_members WHERE workspace_id = $1 AND user_id = $2`,
		ws, actor, domain.RoleOwner).Scan(&own)
	if errors.Is(err, pgx.ErrNoRows) {
		return apperr.NotFound("workspace not found")
	}
	if err != nil {
		return fmt.Errorf("read role: %w", err)
	}
	if !own {
		return apperr.Forbidden("only the workspace's own owner can " + action)
	}
	return nil
}
