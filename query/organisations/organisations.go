// Package organisations reads agencies' organisations (docs/agencies.md):
// the workspaces a login reaches, an organisation with its workspaces and
// branding, and the roll-up over its client workspaces.
package organisations

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/plan"
)

// Ref names an organisation or a workspace.
type Ref struct {
	ID   uuid.UUID `json:"id"`
	Name string    `json:"name"`
}

// Workspace is one of the workspaces a login reaches, for the switcher.
type Workspace struct {
	ID   uuid.UUID   `json:"id"`
	Name string      `json:"name"`
	Role domain.Role `json:"role"`
	// Organisation is the agency the workspace belongs to; nil for none.
	Organisation *Ref `json:"organisation"`
	// Own: the login's own workspace (not reached through an organisation).
	Own bool `json:"own"`
	// Current: the workspace the session works in.
	Current bool `json:"current"`
}

// Branding is how reports and share pages of an organisation's workspaces
// present themselves.
type Branding struct {
	// Name is the brand name shown (the organisation's name when no brand name is set).
	Name  string `json:"name"`
	Color string `json:"color"`
	Logo  string `json:"logo"`
	// WhiteLabel: the plan of the organisation's home allows leaving out
	// reeltrack's name (the agency plan).
	WhiteLabel bool `json:"whiteLabel"`
}

// Organisation is an agency with its workspaces.
type Organisation struct {
	ID              uuid.UUID    `json:"id"`
	Name            string       `json:"name"`
	HomeWorkspaceID uuid.UUID    `json:"homeWorkspaceId"`
	BrandName       string       `json:"brandName"`
	BrandColor      string       `json:"brandColor"`
	Logo            string       `json:"logo"`
	Branding        Branding     `json:"branding"`
	CanManage       bool         `json:"canManage"`
	Workspaces      []OrgMember  `json:"workspaces"`
	CreatedAt       time.Time    `json:"createdAt"`
	Plan            plan.Name    `json:"homePlan"`
	Role            *domain.Role `json:"role"`
	// CanLeave: the caller is the own owner of the workspace it works in, a
	// client workspace, which it may take out of the organisation.
	CanLeave bool `json:"canLeave"`
	// Billing: "workspace" (each workspace its own subscription) or
	// "organisation" (the home's subscription for all).
	Billing string `json:"billing"`
	// Usage sums the workspaces listed; its limits are the home's under
	// billing per organisation, the workspaces' own limits added up
	// otherwise.
	Usage OrgUsage `json:"usage"`
}

// OrgUsage is what an organisation's workspaces use of their limits.
type OrgUsage struct {
	Videos     int `json:"videos"`
	VideoLimit int `json:"videoLimit"`
	Seats      int `json:"seats"`
	SeatLimit  int `json:"seatLimit"`
}

// OrgMember is a workspace of the organisation as its managers see it.
type OrgMember struct {
	ID        uuid.UUID `json:"id"`
	Name      string    `json:"name"`
	Home      bool      `json:"home"`
	Plan      plan.Name `json:"plan"`
	HasAccess bool      `json:"hasAccess"`
	CreatedAt time.Time `json:"createdAt"`
	// BilledByHome: it is on the home's subscription; its limits are the
	// organisation's, shared. Videos and Seats are its own usage.
	BilledByHome bool `json:"billedByHome"`
	// OwnOwner: it has an owner of its own, so it can leave the
	// organisation (one the agency made has only the agency's people).
	OwnOwner   bool `json:"ownOwner"`
	Videos     int  `json:"videos"`
	VideoLimit int  `json:"videoLimit"`
	Seats      int  `json:"seats"`
	SeatLimit  int  `json:"seatLimit"`
}

// Handler reads organisations.
type Handler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
}

// ErrNoOrganisation answers a workspace outside any organisation.
var ErrNoOrganisation = apperr.NotFound("this workspace belongs to no organisation")

// Workspaces lists the login's workspaces, its own first, then by name;
// current is the workspace the session works in.
func (h Handler) Workspaces(ctx context.Context, user, current uuid.UUID) ([]Workspace, error) {
	rows, _ := h.DB.Query(ctx, `
		SELECT w.id, w.name, m.role, o.id, o.name, m.via_organisation IS NULL
		FROM workspace_members m
		JOIN workspaces w ON w.id = m.workspace_id
		LEFT JOIN organisations o ON o.id = w.organisation_id
		WHERE m.user_id = $1
		ORDER BY m.via_organisation IS NULL DESC, lower(w.name), w.id`, user)
	out := []Workspace{}
	var w Workspace
	var orgID *uuid.UUID
	var orgName *string
	_, err := pgx.ForEachRow(rows, []any{&w.ID, &w.Name, &w.Role, &orgID, &orgName, &w.Own}, func() error {
		w.Organisation = nil
		if orgID != nil {
			w.Organisation = &Ref{ID: *orgID, Name: *orgName}
		}
		w.Current = w.ID == current
		out = append(out, w)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read workspaces: %w", err)
	}
	return out, nil
}

// Of answers the organisation of the workspace as the user sees it: the
// workspaces it reaches of it (every one for the home's owners and
// admins). 404 outside an organisation.
func (h Handler) Of(ctx context.Context, ws, user uuid.UUID) (Organisation, error) {
	o, err := h.head(ctx, ws, user)
	if err != nil {
		return Organisation{}, err
	}
	var trial, grace *time.Time
	now := h.Now()
	rows, _ := h.DB.Query(ctx, `
		SELECT w.id, w.name, w.id = $2, w.plan, w.has_access, w.trial_ends_at, w.grace_ends_at, w.created_at,
		       w.billed_by IS NOT NULL, w.video_limit, w.seat_limit, `+plan.VideoUsageOf("w.id")+`, `+plan.SeatsOf("w.id", "$4")+`,
		       EXISTS (SELECT 1 FROM workspace_members x WHERE x.workspace_id = w.id AND x.via_organisation IS NULL AND x.role = $5),
		       m.via_organisation IS NULL AND m.role = $5
		FROM workspaces w
		JOIN workspace_members m ON m.workspace_id = w.id AND m.user_id = $3
		WHERE w.organisation_id = $1
		ORDER BY w.id <> $2, lower(w.name), w.id`, o.ID, o.HomeWorkspaceID, user, now, domain.RoleOwner)
	o.Workspaces = []OrgMember{}
	var m OrgMember
	var name string
	var access, ownsIt bool
	_, err = pgx.ForEachRow(rows, []any{&m.ID, &m.Name, &m.Home, &name, &access, &trial, &grace, &m.CreatedAt,
		&m.BilledByHome, &m.VideoLimit, &m.SeatLimit, &m.Videos, &m.Seats, &m.OwnOwner, &ownsIt}, func() error {
		if m.ID == ws && !m.Home && ownsIt {
			o.CanLeave = true
		}
		p, err := plan.Stored(name)
		if err != nil {
			return err
		}
		m.Plan, m.HasAccess = p.Name, plan.HasAccess(p.Name, access, trial, grace, now)
		o.Workspaces = append(o.Workspaces, m)
		o.Usage.Videos += m.Videos
		o.Usage.Seats += m.Seats
		// workspaces billed by the home share its limits: counted once
		if !m.BilledByHome {
			o.Usage.VideoLimit += m.VideoLimit
			o.Usage.SeatLimit += m.SeatLimit
		}
		return nil
	})
	if err != nil {
		return Organisation{}, fmt.Errorf("read the organisation's workspaces: %w", err)
	}
	return o, nil
}

// head reads the organisation of the workspace and the user's place in
// it, without its workspaces.
func (h Handler) head(ctx context.Context, ws, user uuid.UUID) (Organisation, error) {
	var o Organisation
	var homePlan string
	var homeAccess bool
	var trial, grace *time.Time
	err := h.DB.QueryRow(ctx, `
		SELECT o.id, o.name, o.home_workspace_id, o.brand_name, o.brand_color, o.logo, o.created_at, o.billing,
		       hw.plan, hw.has_access, hw.trial_ends_at, hw.grace_ends_at,
		       (SELECT hm.role FROM workspace_members hm WHERE hm.workspace_id = o.home_workspace_id AND hm.user_id = $2)
		FROM workspaces w
		JOIN organisations o ON o.id = w.organisation_id
		JOIN workspaces hw ON hw.id = o.home_workspace_id
		WHERE w.id = $1`, ws, user).Scan(&o.ID, &o.Name, &o.HomeWorkspaceID, &o.BrandName, &o.BrandColor, &o.Logo, &o.CreatedAt, &o.Billing,
		&homePlan, &homeAccess, &trial, &grace, &o.Role)
	if errors.Is(err, pgx.ErrNoRows) {
		return Organisation{}, ErrNoOrganisation
	}
	if err != nil {
		return Organisation{}, fmt.Errorf("read organisation: %w", err)
	}
	p, err := plan.Stored(homePlan)
	if err != nil {
		return Organisation{}, err
	}
	o.Plan = p.Name
	o.CanManage = o.Role != nil && o.Role.Manages()
	o.Branding = brandingOf(o.Name, o.BrandName, o.BrandColor, o.Logo,
		p.Name == plan.Agency && plan.HasAccess(p.Name, homeAccess, trial, grace, h.Now()))
	return o, nil
}

// BrandingOf answers the branding of the workspace's organisation; a
// workspace outside any has reeltrack's (nil).
func (h Handler) BrandingOf(ctx context.Context, ws uuid.UUID) (*Branding, error) {
	var name, brand, color, logo, homePlan string
	var access bool
	var trial, grace *time.Time
	err := h.DB.QueryRow(ctx, `
		SELECT o.name, o.brand_name, o.brand_color, o.logo, hw.plan, hw.has_access, hw.trial_ends_at, hw.grace_ends_at
		FROM workspaces w
		JOIN organisations o ON o.id = w.organisation_id
		JOIN workspaces hw ON hw.id = o.home_workspace_id
		WHERE w.id = $1`, ws).Scan(&name, &brand, &color, &logo, &homePlan, &access, &trial, &grace)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read branding: %w", err)
	}
	p, err := plan.Stored(homePlan)
	if err != nil {
		return nil, err
	}
	b := brandingOf(name, brand, color, logo, p.Name == plan.Agency && plan.HasAccess(p.Name, access, trial, grace, h.Now()))
	return &b, nil
}

func brandingOf(name, brand, color, logo string, whiteLabel bool) Branding {
	if brand == "" {
		brand = name
	}
	return Branding{Name: brand, Color: color, Logo: logo, WhiteLabel: whiteLabel}
}
