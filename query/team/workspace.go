package team

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/plan"
)

// Workspace is what the dashboard shows about the caller's workspace.
type Workspace struct {
	ID                    uuid.UUID    `json:"id"`
	Name                  string       `json:"name"`
	Plan                  plan.Name    `json:"plan"`
	VideoLimit            int          `json:"videoLimit"`
	SeatLimit             int          `json:"seatLimit"`
	MaxVideosPerAccount   int          `json:"maxVideosPerAccount"`
	RefreshIntervalHrs    int          `json:"refreshIntervalHours"`
	ManualRefreshesPerDay int          `json:"manualRefreshesPerDay"`
	HasAccess             bool         `json:"hasAccess"`
	TrialEndsAt           *time.Time   `json:"trialEndsAt"`
	SubscriptionStatus    *string      `json:"subscriptionStatus"`
	GraceEndsAt           *time.Time   `json:"graceEndsAt"` // when access ends while the subscription is past due
	Founding              bool         `json:"founding"`
	Role                  domain.Role  `json:"role"`
	Usage                 Usage        `json:"usage"`
	ScrapeBudget          ScrapeBudget `json:"scrapeBudget"`
	CreatedAt             time.Time    `json:"createdAt"`
	// OrganisationID is the agency the workspace belongs to; nil for none.
	OrganisationID *uuid.UUID `json:"organisationId"`
	// BilledBy is the workspace that pays for this one (the organisation's
	// home, under billing per organisation); nil: it pays for itself.
	BilledBy *BilledBy `json:"billedBy"`
	// BilledTogether counts the workspaces whose usage counts against these
	// limits (1: this one alone); OwnUsage is this workspace's share of
	// Usage when they are more than one.
	BilledTogether int    `json:"billedTogether"`
	OwnUsage       *Usage `json:"ownUsage,omitempty"`
	// A client viewer's reach (Role client): its collections (nil: the
	// whole workspace), and whether it reads payouts.
	ClientCollections []uuid.UUID `json:"clientCollections,omitempty"`
	ClientPayouts     bool        `json:"clientPayouts,omitempty"`
}

// BilledBy names the workspace that pays for another.
type BilledBy struct {
	WorkspaceID uuid.UUID `json:"workspaceId"`
	Name        string    `json:"name"`
}

// ScrapeBudget is the snapshots scheduled refreshes may spend and spent over 24 hours.
type ScrapeBudget struct {
	PerDay      int `json:"perDay"`
	UsedLast24h int `json:"usedLast24h"`
}

// Usage is what counts against the plan's limits.
type Usage struct {
	// Videos is VideosByLink + AccountSlots.
	Videos       int `json:"videos"`
	VideosByLink int `json:"videosByLink"`
	AccountSlots int `json:"accountSlots"`
	Accounts     int `json:"accounts"`
	Seats        int `json:"seats"`
}

// workspaceSQL reads the workspace $1 for its member $3 at $2. The usage is
// what counts against the limits: summed over the workspaces billed
// together (plan.BilledTogetherSQL), with the workspace's own share apart.
var workspaceSQL = `
SELECT w.id, w.name, w.plan, w.video_limit, w.seat_limit, w.has_access, w.trial_ends_at,
       w.subscription_status, w.grace_ends_at, w.founding, w.created_at, m.role, w.organisation_id,
       ` + plan.BilledVideosByLinkSQL + `, ` + plan.BilledAccountSlotsSQL + `,
       ` + plan.BilledAccountsSQL + `,
       ` + plan.BilledSeatsSQL + `,
       -- the refreshes' and the watches' runs, each reason written out as
       -- the predicate of its partial index
       (SELECT coalesce(sum(j.snapshots), 0) FROM scrape_jobs j
        WHERE j.workspace_id IN ` + plan.BilledTogetherSQL + ` AND j.reason = 'refresh' AND j.snapshots > 0 AND j.created_at > $2::timestamptz - interval '24 hours')
       + (SELECT coalesce(sum(j.snapshots), 0) FROM scrape_jobs j
        WHERE j.workspace_id IN ` + plan.BilledTogetherSQL + ` AND j.reason = 'watch' AND j.snapshots > 0 AND j.created_at > $2::timestamptz - interval '24 hours'),
       b.id, b.name, (SELECT count(*) FROM ` + plan.BilledTogetherSQL + ` t),
       ` + plan.VideosByLinkSQL + `, ` + plan.AccountSlotsSQL + `, ` + plan.AccountsSQL + `, ` + plan.SeatsOf("w.id", "$2") + `
FROM workspaces w
JOIN workspace_members m ON m.workspace_id = w.id AND m.user_id = $3
LEFT JOIN workspaces b ON b.id = w.billed_by
WHERE w.id = $1`

// WorkspaceHandler reads one workspace as seen by one of its members.
type WorkspaceHandler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
}

// Handle returns the workspace, or not found when the user is not a member.
func (h WorkspaceHandler) Handle(ctx context.Context, workspaceID, userID uuid.UUID) (Workspace, error) {
	var w Workspace
	var planName string
	var flag bool
	now := h.Now()
	var payerID *uuid.UUID
	var payerName *string
	var own Usage
	err := h.DB.QueryRow(ctx, workspaceSQL, workspaceID, now, userID).Scan(
		&w.ID, &w.Name, &planName, &w.VideoLimit, &w.SeatLimit, &flag, &w.TrialEndsAt,
		&w.SubscriptionStatus, &w.GraceEndsAt, &w.Founding, &w.CreatedAt, &w.Role, &w.OrganisationID,
		&w.Usage.VideosByLink, &w.Usage.AccountSlots, &w.Usage.Accounts, &w.Usage.Seats,
		&w.ScrapeBudget.UsedLast24h, &payerID, &payerName, &w.BilledTogether,
		&own.VideosByLink, &own.AccountSlots, &own.Accounts, &own.Seats)
	if errors.Is(err, pgx.ErrNoRows) {
		return Workspace{}, apperr.NotFound("workspace not found")
	}
	if err != nil {
		return Workspace{}, fmt.Errorf("read workspace: %w", err)
	}
	w.Usage.Videos = w.Usage.VideosByLink + w.Usage.AccountSlots
	if payerID != nil {
		w.BilledBy = &BilledBy{WorkspaceID: *payerID, Name: *payerName}
	}
	if w.BilledTogether > 1 {
		own.Videos = own.VideosByLink + own.AccountSlots
		w.OwnUsage = &own
	}
	p, err := plan.Stored(planName)
	if err != nil {
		return Workspace{}, err
	}
	w.Plan = p.Name
	w.MaxVideosPerAccount = p.MaxPerAccount
	w.RefreshIntervalHrs = int(p.RefreshInterval / time.Hour)
	w.ManualRefreshesPerDay = p.ManualRefreshesPerDay
	w.ScrapeBudget.PerDay = p.BudgetFor(w.VideoLimit)
	w.HasAccess = plan.HasAccess(p.Name, flag, w.TrialEndsAt, w.GraceEndsAt, now)
	if w.Role == domain.RoleClient {
		// a client viewer learns the workspace's name, its own role and reach
		var payouts bool
		if err := h.DB.QueryRow(ctx, `SELECT client_collections, client_payouts FROM workspace_members WHERE workspace_id = $1 AND user_id = $2`,
			workspaceID, userID).Scan(&w.ClientCollections, &payouts); err != nil {
			return Workspace{}, fmt.Errorf("read the client viewer's reach: %w", err)
		}
		return Workspace{ID: w.ID, Name: w.Name, Plan: w.Plan, HasAccess: w.HasAccess, Role: w.Role, CreatedAt: w.CreatedAt,
			ClientCollections: w.ClientCollections, ClientPayouts: payouts}, nil
	}
	if w.Role == domain.RoleCreator {
		// a creator's login learns the workspace's name and its own role,
		// none of the team's plan, limits or usage
		return Workspace{ID: w.ID, Name: w.Name, Plan: w.Plan, HasAccess: w.HasAccess, Role: w.Role, CreatedAt: w.CreatedAt}, nil
	}
	return w, nil
}

// Membership is the caller's place in a workspace.
type Membership struct {
	WorkspaceID uuid.UUID
	Role        domain.Role
	// CreatorID is the creator a creator's login is (Role creator); nil otherwise.
	CreatorID *uuid.UUID
	// ClientCollections are the only collections a client viewer reads (Role
	// client); nil: the whole workspace. ClientPayouts: it reads payouts too.
	ClientCollections []uuid.UUID
	ClientPayouts     bool
	// DataVersion keys the cached answers.
	DataVersion int64
	// HistoryVersion and ScrapedUntil are for chread.KeptStartValues.
	HistoryVersion int64
	ScrapedUntil   *time.Time
}

// MembershipHandler finds a session's workspace and checks the session is live.
type MembershipHandler struct{ DB *pgxpool.Pool }

// Handle returns the membership: 401 when the session ended, not found before bootstrap.
func (h MembershipHandler) Handle(ctx context.Context, s auth.Session) (Membership, error) {
	var m Membership
	var live bool
	var wsID *uuid.UUID
	var role *domain.Role
	var dataVersion, historyVersion *int64
	var collections []uuid.UUID
	err := h.DB.QueryRow(ctx, `
SELECT `+sessionLiveSQL+`, m.workspace_id, m.role, m.creator_id, m.client_collections, coalesce(m.client_payouts, false),
       w.data_version, w.history_version, w.scraped_until
FROM (VALUES (1)) AS one (x)
LEFT JOIN users u ON u.id = $1
LEFT JOIN sessions s ON s.id = $2
-- the workspace the session chose while it is still one of the login's,
-- else the login's own
LEFT JOIN LATERAL (
    SELECT * FROM workspace_members x WHERE x.user_id = $1
    ORDER BY x.workspace_id = s.current_workspace DESC NULLS LAST, x.via_organisation IS NULL DESC
    LIMIT 1) m ON true
LEFT JOIN workspaces w ON w.id = m.workspace_id`, s.UserID, s.ID, s.IssuedAt).
		Scan(&live, &wsID, &role, &m.CreatorID, &collections, &m.ClientPayouts, &dataVersion, &historyVersion, &m.ScrapedUntil)
	if err != nil {
		return Membership{}, fmt.Errorf("read membership: %w", err)
	}
	if !live {
		return Membership{}, ErrSessionEnded
	}
	if wsID == nil {
		return Membership{}, apperr.NotFound("no workspace yet: call POST /api/workspace/bootstrap first")
	}
	m.WorkspaceID, m.Role, m.DataVersion, m.HistoryVersion = *wsID, *role, *dataVersion, *historyVersion
	if m.Role == domain.RoleClient {
		m.ClientCollections = collections
	}
	return m, nil
}

// Reach is what a client viewer's collections are checked to hold.
type Reach string

// The items a client viewer of chosen collections may open one by one.
const (
	ReachVideo   Reach = "video"
	ReachAccount Reach = "account"
)

// Reaches reports whether the video or account is in one of the client
// viewer's collections (always, for a viewer of the whole workspace).
func (h MembershipHandler) Reaches(ctx context.Context, m Membership, kind Reach, id uuid.UUID) (bool, error) {
	if m.ClientCollections == nil {
		return true, nil
	}
	// a video is in its own collection, else in its account's, as the
	// videos' collection filter reads it
	sql := `SELECT EXISTS (SELECT 1 FROM videos v LEFT JOIN accounts a ON a.workspace_id = v.workspace_id AND a.id = v.account_id
		WHERE v.workspace_id = $1 AND v.id = $2 AND coalesce(v.collection_id, a.collection_id) = ANY($3))`
	if kind == ReachAccount {
		sql = `SELECT EXISTS (SELECT 1 FROM accounts WHERE workspace_id = $1 AND id = $2 AND collection_id = ANY($3))`
	}
	var ok bool
	err := h.DB.QueryRow(ctx, sql, m.WorkspaceID, id, m.ClientCollections).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("read the %s's collection: %w", kind, err)
	}
	return ok, nil
}
