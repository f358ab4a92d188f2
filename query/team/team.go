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
}

// Invite is a pending invitation; it holds a seat until it expires.
type Invite struct {
	ID        uuid.UUID   `json:"id"`
	Email     string      `json:"email"`
	Role      domain.Role `json:"role"`
	InvitedBy string      `json:"invitedBy"`
	CreatedAt time.Time   `json:"createdAt"`
	// ExpiresAt is nil for an invite made before links, which works once resent.
	ExpiresAt *time.Time `json:"expiresAt"`
	Expired   bool       `json:"expired"`
}

// Seats counts members plus pending invites against the plan's seat limit.
type Seats struct {
	Used  int `json:"used"`
	Limit int `json:"limit"`
}

const (
	teamMembersSQL = `
SELECT m.user_id, u.email, m.role, m.joined_at
FROM workspace_members m JOIN users u ON u.id = m.user_id
WHERE m.workspace_id = $1 AND m.role <> 'creator'
ORDER BY m.joined_at, u.email`
	teamInvitesSQL = `
SELECT i.id, i.email, i.role, u.email, i.created_at, i.expires_at, i.expires_at IS NULL OR i.expires_at <= $2
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
	if _, err := pgx.ForEachRow(rows, []any{&m.UserID, &m.Email, &m.Role, &m.JoinedAt}, func() error {
		t.Members = append(t.Members, m)
		return nil
	}); err != nil {
		return Team{}, fmt.Errorf("read members: %w", err)
	}
	rows, _ = h.DB.Query(ctx, teamInvitesSQL, workspaceID, time.Now())
	var i Invite
	holding := 0
	if _, err := pgx.ForEachRow(rows, []any{&i.ID, &i.Email, &i.Role, &i.InvitedBy, &i.CreatedAt, &i.ExpiresAt, &i.Expired}, func() error {
		if i.ExpiresAt == nil || !i.Expired {
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
	t.Seats.Used = len(t.Members) + holding
	return t, nil
}
