// Package reports builds the white-label reports (docs/reports.md): a
// workspace's overview, a collection's or a campaign's numbers over a
// period, read from the same handlers as the dashboard's pages, branded
// with the organisation's name, logo and colour, as one printable HTML
// document that internal/pdf prints.
package reports

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/query"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
	"github.com/reeltrack/reeltrack/query/numbers"
	queryorgs "github.com/reeltrack/reeltrack/query/organisations"
)

// Subject is what a report is of.
type Subject string

// The subjects of a report.
const (
	Overview   Subject = "overview"
	Collection Subject = "collection"
	Campaign   Subject = "campaign"
)

// Ask is one report: its subject (a collection's or a campaign's id for
// those) and its window.
type Ask struct {
	Subject Subject
	ID      *uuid.UUID
	Window  query.Preset
}

// Validate checks the subject and its id.
func (a Ask) Validate() error {
	switch a.Subject {
	case Overview:
		if a.ID != nil {
			return apperr.Invalid("id", "an overview report is of the whole workspace: leave id out")
		}
	case Collection, Campaign:
		if a.ID == nil {
			return apperr.Invalid("id", "the "+string(a.Subject)+"'s id")
		}
	default:
		return apperr.Invalid("subject", `"overview", "collection" or "campaign"`)
	}
	switch a.Window {
	case query.Preset7d, query.Preset30d, query.Preset90d:
	default:
		return apperr.Invalid("datePreset", `"7d", "30d" or "90d"`)
	}
	return nil
}

// Report is what a report shows.
type Report struct {
	Workspace string
	Subject   Subject
	// Name is the collection's or campaign's name; the workspace's for an overview.
	Name string
	// Branding is the organisation's; nil for a workspace outside one.
	Branding    *queryorgs.Branding
	Overview    numbers.Overview
	Campaign    *querycampaigns.CampaignPage
	GeneratedAt time.Time
}

// Title is the report's title, its file's name too.
func (r Report) Title() string {
	switch r.Subject {
	case Collection:
		return r.Name + " · collection report"
	case Campaign:
		return r.Name + " · campaign report"
	}
	return r.Workspace + " · report"
}

// Handler builds reports.
type Handler struct {
	DB            *pgxpool.Pool
	Overview      numbers.OverviewHandler
	Campaigns     querycampaigns.CampaignsHandler
	Organisations queryorgs.Handler
	Now           func() time.Time
}

// Build reads the report's numbers: 404 for a collection or campaign of
// another workspace, or one deleted.
func (h Handler) Build(ctx context.Context, ws uuid.UUID, a Ask) (Report, error) {
	if err := a.Validate(); err != nil {
		return Report{}, err
	}
	r := Report{Subject: a.Subject, GeneratedAt: h.Now().UTC()}
	if err := h.DB.QueryRow(ctx, `SELECT name FROM workspaces WHERE id = $1`, ws).Scan(&r.Workspace); err != nil {
		return Report{}, fmt.Errorf("read workspace: %w", err)
	}
	r.Name = r.Workspace
	q := numbers.OverviewQuery{Window: a.Window, Filter: numbers.VideoFilter{Published: query.PresetAll}}
	if a.ID != nil {
		err := h.DB.QueryRow(ctx, `SELECT name FROM collections WHERE workspace_id = $1 AND id = $2 AND deleted_at IS NULL`, ws, *a.ID).Scan(&r.Name)
		if errors.Is(err, pgx.ErrNoRows) {
			return Report{}, apperr.NotFound(string(a.Subject) + " not found")
		}
		if err != nil {
			return Report{}, fmt.Errorf("read collection: %w", err)
		}
		q.Filter.CollectionID = a.ID
	}
	if a.Subject == Campaign {
		page, err := h.Campaigns.Page(ctx, ws, *a.ID)
		if err != nil {
			return Report{}, err
		}
		r.Campaign = &page
	}
	var err error
	if r.Overview, err = h.Overview.Handle(ctx, ws, q); err != nil {
		return Report{}, err
	}
	if r.Branding, err = h.Organisations.BrandingOf(ctx, ws); err != nil {
		return Report{}, err
	}
	return r, nil
}
