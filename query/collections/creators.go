package collections

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query"
)

// Creator is one row of the creators list: a payee of campaigns and its accounts.
type Creator struct {
	ID    uuid.UUID `json:"id"`
	Name  string    `json:"name"`
	Email string    `json:"email"`
	// PostingGoal is the videos to post per campaign period; nil for none.
	PostingGoal *int `json:"postingGoal"`
	// Accounts are those not removed, by platform and handle.
	Accounts []CreatorAccount `json:"accounts"`
	// Login is the creator's own sign-in to the creator portal.
	Login CreatorLogin `json:"login"`
	// TaxForm is the form an owner or admin recorded as on file, and when.
	TaxForm      domain.TaxForm `json:"taxForm"`
	TaxFormSetAt *time.Time     `json:"taxFormSetAt"`
	CreatedAt    time.Time      `json:"createdAt"`
}

// CreatorLogin is a creator's sign-in: none, invited (a pending invite to
// Email, which has expired when Expired) or active (a user of Email).
type CreatorLogin struct {
	State   string  `json:"state"`
	Email   *string `json:"email"`
	Expired bool    `json:"expired"`
}

// CreatorAccount is an account of a creator.
type CreatorAccount struct {
	ID          uuid.UUID         `json:"id"`
	Platform    platform.Platform `json:"platform"`
	Handle      string            `json:"handle"`
	DisplayName string            `json:"displayName"`
	// Verification is whether the creator has proven it owns the account
	// (the code is the creator's alone: always nil here).
	Verification query.Verification `json:"verification"`
}

// The states of a creator's login.
const (
	LoginNone    = "none"
	LoginInvited = "invited"
	LoginActive  = "active"
)

// CreatorList is the answer of GET /creators.
type CreatorList struct {
	Creators []Creator `json:"creators"`
}

// CreatorsHandler answers the creators list.
type CreatorsHandler struct{ DB *pgxpool.Pool }

// Handle lists the workspace's creators by name, ignoring case.
func (h CreatorsHandler) Handle(ctx context.Context, ws uuid.UUID) (CreatorList, error) {
	list, err := h.read(ctx, ws, nil)
	return CreatorList{Creators: list}, err
}

// One returns one creator of the workspace as the list shows it.
func (h CreatorsHandler) One(ctx context.Context, ws, id uuid.UUID) (Creator, error) {
	list, err := h.read(ctx, ws, &id)
	return query.OnlyOne(list, err, "creator not found")
}

func (h CreatorsHandler) read(ctx context.Context, ws uuid.UUID, id *uuid.UUID) ([]Creator, error) {
	rows, _ := h.DB.Query(ctx, `
SELECT c.id, c.name, c.email, c.posting_goal, c.created_at, c.tax_form, c.tax_form_set_at,
       coalesce(json_agg(json_build_object('id', a.id, 'platform', a.platform, 'handle', a.handle, 'displayName', a.display_name,
                                           'verification', json_build_object(
                                               'state', CASE WHEN a.verified_at IS NOT NULL THEN $5 WHEN a.verify_code IS NOT NULL THEN $6 ELSE $7 END,
                                               'code', NULL, 'requestedAt', a.verify_requested_at, 'checkedAt', a.verify_checked_at,
                                               'verifiedAt', a.verified_at, 'method', a.verified_method))
                         ORDER BY a.platform, lower(a.handle), a.id) FILTER (WHERE a.id IS NOT NULL), '[]'),
       (SELECT u.email FROM workspace_members m JOIN users u ON u.id = m.user_id
        WHERE m.workspace_id = c.workspace_id AND m.creator_id = c.id),
       (SELECT i.email FROM workspace_invites i WHERE i.workspace_id = c.workspace_id AND i.creator_id = c.id),
       (SELECT i.expires_at IS NULL OR i.expires_at <= $4 FROM workspace_invites i WHERE i.workspace_id = c.workspace_id AND i.creator_id = c.id)
FROM creators c
LEFT JOIN accounts a ON a.workspace_id = c.workspace_id AND a.creator_id = c.id AND a.status <> $3
WHERE c.workspace_id = $1 AND ($2::uuid IS NULL OR c.id = $2)
GROUP BY c.id
ORDER BY lower(c.name), c.id`, ws, id, domain.ItemRemoved, time.Now(), query.VerificationVerified, query.VerificationPending, query.VerificationNone)
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Creator, error) {
		var c Creator
		var member, invited *string
		var expired *bool
		err := r.Scan(&c.ID, &c.Name, &c.Email, &c.PostingGoal, &c.CreatedAt, &c.TaxForm, &c.TaxFormSetAt, &c.Accounts, &member, &invited, &expired)
		c.TaxFormSetAt = query.UTC(c.TaxFormSetAt)
		c.CreatedAt = c.CreatedAt.UTC()
		switch {
		case member != nil:
			c.Login = CreatorLogin{State: LoginActive, Email: member}
		case invited != nil:
			c.Login = CreatorLogin{State: LoginInvited, Email: invited, Expired: expired != nil && *expired}
		default:
			c.Login = CreatorLogin{State: LoginNone}
		}
		return c, err
	})
	if err != nil {
		return nil, fmt.Errorf("read creators: %w", err)
	}
	return list, nil
}
