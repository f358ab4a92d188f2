package team

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// InvitePreview is what an invite's link offers, shown before it is taken.
type InvitePreview struct {
	WorkspaceName string      `json:"workspaceName"`
	Role          domain.Role `json:"role"`
	Email         string      `json:"email"`
	InvitedBy     string      `json:"invitedBy"`
	ExpiresAt     time.Time   `json:"expiresAt"`
}

// InvitePreviewHandler reads an invite by its link's token.
type InvitePreviewHandler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
}

// errBadInvite is also the answer of taking a bad invite.
var errBadInvite = apperr.NotFound("this invite link is invalid or has expired: ask for a new invite")

// Handle answers the invite of the token, or not found.
func (h InvitePreviewHandler) Handle(ctx context.Context, token string) (InvitePreview, error) {
	if !auth.LooksLikeLinkToken(token) {
		return InvitePreview{}, errBadInvite
	}
	var p InvitePreview
	err := h.DB.QueryRow(ctx, `
SELECT w.name, i.role, i.email, u.email, i.expires_at
FROM workspace_invites i JOIN workspaces w ON w.id = i.workspace_id JOIN users u ON u.id = i.invited_by
WHERE i.token_hash = $1 AND i.expires_at > $2`, auth.HashLinkToken(token), h.Now()).
		Scan(&p.WorkspaceName, &p.Role, &p.Email, &p.InvitedBy, &p.ExpiresAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return InvitePreview{}, errBadInvite
	}
	if err != nil {
		return InvitePreview{}, fmt.Errorf("read invite: %w", err)
	}
	p.ExpiresAt = p.ExpiresAt.UTC()
	return p, nil
}
