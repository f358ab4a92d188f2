package team

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// Team is the workspace's members, pending invites and seat usage.
type Team struct {
	Members []Member `json:"members"`
	Invites []Invite `json:"invites"`
	Seats   Seats    `json:"seats"`
}

// Member is a user in the workspace.
type Member struct {
	UserID   uuid.UUID   `json:"userId"`
	Email    string      `json:"email"`
	Role     domain.Role `json:"role"`
	JoinedAt time.Time   `json:"joinedAt"`
	// Organisation names the agency through which the member reaches the
	// workspace (its home's owners and admins); nil for the workspace's own.
	Organisation *string `json:"organisation"`
	// A client viewer's reach: its collections (nil: the whole workspace)
	// and whether it reads payouts.
	ClientCollections []uuid.UUID `json:"clientCollections,omitempty"`
	ClientPayouts     bool        `json:"clientPayouts,omitempty"`
}

// Invite is a pending invitation; a teammate's holds a seat until it expires.
type Invite struct {
	ID                uuid.UUID   `json:"id"`
	Email             string      `json:"email"`
	Role              domain.Role `json:"role"`
	ClientCollections []uuid.UUID `json:"clientCollections,omitempty"`
	ClientPayouts     bool        `json:"clientPayouts,omitempty"`
	InvitedBy         string      `json:"invitedBy"`
	CreatedAt         time.Time   `json:"createdAt"`
	// ExpiresAt is nil for an invite made before links, which works once resent.
	ExpiresAt *time.Time `json:"expiresAt"`
	Expired   bool       `json:"expired"`
}

// Seats counts the team's own members plus their pending invites against
// the plan's seat limit: client viewers and the agency's people take none.
type Seats struct {
	Used  int `json:"used"`
	Limit int `json:"limit"`
}

const (
	teamMembersSQL = `
SELECT m.user_id, u.email, m.role, m.joined_at, o.name, m.client_collections, m.client_payouts,
       m.via_organisation IS NULL AND m.role NOT IN ('creator', 'client')
FROM workspace_members m JOIN users u ON u.id = m.user_id
LEFT JOIN organisations o ON o.id = m.via_organisation
WHERE m.workspace_id = $1 AND m.role <> 'creator'
ORDER BY m.joined_at, u.email`
	teamInvitesSQL = `
SELECT i.id, i.email, i.role, i.client_collections, i.client_payouts, u.email, i.created_at, i.expires_at,
       i.expires_at IS NULL OR i.expires_at <= $2
FROM workspace_invites i JOIN users u ON u.id = i.invited_by
WHERE i.workspace_id = $1 AND i.role <> 'creator'
ORDER BY i.created_at, i.email`
)

// TeamHandler reads a workspace's team.
type TeamHandler struct{ DB *pgxpool.Pool }

// Handle returns the workspace's team, the invites listed for managers only.
func (h TeamHandler) Handle(ctx context.Context, workspaceID uuid.UUID, manager bool) (Team, error) {
	t := Team{Members: []Member{}, Invites: []Invite{}}
	rows, _ := h.DB.Query(ctx, teamMembersSQL, workspaceID)
	var m Member
	var seat bool
	seats := 0
	if _, err := pgx.ForEachRow(rows, []any{&m.UserID, &m.Email, &m.Role, &m.JoinedAt, &m.Organisation, &m.ClientCollections, &m.ClientPayouts, &seat}, func() error {
		t.Members = append(t.Members, m)
		if seat {
			seats++
		}
		return nil
	}); err != nil {
		return Team{}, fmt.Errorf("read members: %w", err)
	}
	rows, _ = h.DB.Query(ctx, teamInvitesSQL, workspaceID, time.Now())
	var i Invite
	holding := 0
	if _, err := pgx.ForEachRow(rows, []any{&i.ID, &i.Email, &i.Role, &i.ClientCollections, &i.ClientPayouts, &i.InvitedBy, &i.CreatedAt, &i.ExpiresAt, &i.Expired}, func() error {
		if i.Role != domain.RoleClient && (i.ExpiresAt == nil || !i.Expired) {
			holding++
		}
		if manager {
			t.Invites = append(t.Invites, i)
		}
		return nil
	}); err != nil {
		return Team{}, fmt.Errorf("read invites: %w", err)
	}
	if err := h.DB.QueryRow(ctx, `SELECT seat_limit FROM workspaces WHERE id = $1`, workspaceID).Scan(&t.Seats.Limit); err != nil {
		return Team{}, fmt.Errorf("read seat limit: %w", err)
	}
	t.Seats.Used = seats + holding
	return t, nil
}
