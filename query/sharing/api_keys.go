package sharing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/team"
)

// APIKey is what the dashboard shows of a key: never the key itself.
type APIKey struct {
	ID     uuid.UUID          `json:"id"`
	Name   string             `json:"name"`
	Prefix string             `json:"prefix"`
	Scope  domain.APIKeyScope `json:"scope"`
	// Status is active, expired, revoked, or inactive (its creator no longer manages).
	Status     domain.APIKeyStatus `json:"status"`
	CreatedBy  team.Actor          `json:"createdBy"`
	CreatedAt  time.Time           `json:"createdAt"`
	ExpiresAt  *time.Time          `json:"expiresAt"`
	LastUsedAt *time.Time          `json:"lastUsedAt"`
	LastUsedIP string              `json:"lastUsedIp"`
	RevokedAt  *time.Time          `json:"revokedAt"`
}

// APIKeys is a workspace's keys, newest first.
type APIKeys struct {
	Keys []APIKey `json:"keys"`
}

// APIKeyCaller is who a working key speaks for: its creator, with their role now.
type APIKeyCaller struct {
	ID         uuid.UUID
	Name       string
	Scope      domain.APIKeyScope
	Me         team.Me
	Membership team.Membership
	// LastUsedAt is nil before the key's first use.
	LastUsedAt *time.Time
}

// CodeInvalidAPIKey is the error code of a 401 for a key that does not work.
const CodeInvalidAPIKey = "invalid_api_key"

// The answers for a key that does not work: its holder may learn why.
var (
	ErrAPIKeyUnknown  = apperr.Coded(apperr.KindUnauthenticated, CodeInvalidAPIKey, "this API key is not valid")
	ErrAPIKeyRevoked  = apperr.Coded(apperr.KindUnauthenticated, CodeInvalidAPIKey, "this API key was revoked")
	ErrAPIKeyExpired  = apperr.Coded(apperr.KindUnauthenticated, CodeInvalidAPIKey, "this API key has expired")
	ErrAPIKeyInactive = apperr.Coded(apperr.KindUnauthenticated, CodeInvalidAPIKey, "this API key no longer works: its creator is no longer an owner or admin of its workspace")
)

// APIKeysHandler lists a workspace's keys and finds the caller of a key.
type APIKeysHandler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
}

// apiKeyWorksSQL: the key's creator manages its workspace ($2) and joined
// before the key, so a creator invited back does not bring old keys back.
const apiKeyWorksSQL = `(m.role = ANY($2) AND m.joined_at <= k.created_at)`

var managers = []domain.Role{domain.RoleOwner, domain.RoleAdmin}

// List answers the workspace's keys, revoked ones too: 403 unless a manager asks.
func (h APIKeysHandler) List(ctx context.Context, workspaceID uuid.UUID, role domain.Role) (APIKeys, error) {
	if !role.Manages() {
		return APIKeys{}, authz.Refused("see the API keys")
	}
	rows, _ := h.DB.Query(ctx, `
SELECT k.id, k.name, k.prefix, k.scope, k.created_by, u.email, k.created_at, k.expires_at, k.last_used_at, k.last_used_ip, k.revoked_at,
       coalesce(`+apiKeyWorksSQL+`, false)
FROM api_keys k
JOIN users u ON u.id = k.created_by
LEFT JOIN workspace_members m ON m.workspace_id = k.workspace_id AND m.user_id = k.created_by
WHERE k.workspace_id = $1
ORDER BY k.created_at DESC, k.id`, workspaceID, managers)
	out := APIKeys{Keys: []APIKey{}}
	now := h.Now()
	var k APIKey
	var creator uuid.UUID
	var works bool
	_, err := pgx.ForEachRow(rows, []any{&k.ID, &k.Name, &k.Prefix, &k.Scope, &creator, &k.CreatedBy.Email, &k.CreatedAt,
		&k.ExpiresAt, &k.LastUsedAt, &k.LastUsedIP, &k.RevokedAt, &works}, func() error {
		id := creator
		k.CreatedBy.ID = &id
		k.Status = apiKeyStatus(k.RevokedAt, k.ExpiresAt, works, now)
		k.CreatedAt = k.CreatedAt.UTC()
		k.ExpiresAt, k.LastUsedAt, k.RevokedAt = utc(k.ExpiresAt), utc(k.LastUsedAt), utc(k.RevokedAt)
		out.Keys = append(out.Keys, k)
		return nil
	})
	if err != nil {
		return APIKeys{}, fmt.Errorf("read api keys: %w", err)
	}
	return out, nil
}

// One answers one key of the workspace, or not found.
func (h APIKeysHandler) One(ctx context.Context, workspaceID, id uuid.UUID) (APIKey, error) {
	all, err := h.List(ctx, workspaceID, domain.RoleOwner)
	return query.OneWhere(all.Keys, err, func(k APIKey) bool { return k.ID == id }, "API key not found")
}

// Caller answers who the key of hash speaks for; 401 when it does not work.
func (h APIKeysHandler) Caller(ctx context.Context, hash []byte) (APIKeyCaller, error) {
	var c APIKeyCaller
	var revokedAt, expiresAt *time.Time
	var works bool
	var role *domain.Role
	err := h.DB.QueryRow(ctx, `
SELECT k.id, k.name, k.scope, k.revoked_at, k.expires_at, k.last_used_at, coalesce(`+apiKeyWorksSQL+`, false),
       u.id, u.email, u.email_verified_at IS NOT NULL,
       w.id, m.role, w.data_version, w.history_version, w.scraped_until
FROM api_keys k
JOIN users u ON u.id = k.created_by
JOIN workspaces w ON w.id = k.workspace_id
LEFT JOIN workspace_members m ON m.workspace_id = k.workspace_id AND m.user_id = k.created_by
WHERE k.key_hash = $1`, hash, managers).Scan(&c.ID, &c.Name, &c.Scope, &revokedAt, &expiresAt, &c.LastUsedAt, &works,
		&c.Me.ID, &c.Me.Email, &c.Me.EmailVerified,
		&c.Membership.WorkspaceID, &role, &c.Membership.DataVersion, &c.Membership.HistoryVersion, &c.Membership.ScrapedUntil)
	if errors.Is(err, pgx.ErrNoRows) {
		return APIKeyCaller{}, ErrAPIKeyUnknown
	}
	if err != nil {
		return APIKeyCaller{}, fmt.Errorf("read api key: %w", err)
	}
	switch apiKeyStatus(revokedAt, expiresAt, works, h.Now()) {
	case domain.APIKeyRevoked:
		return APIKeyCaller{}, ErrAPIKeyRevoked
	case domain.APIKeyExpired:
		return APIKeyCaller{}, ErrAPIKeyExpired
	case domain.APIKeyInactive:
		return APIKeyCaller{}, ErrAPIKeyInactive
	}
	c.Membership.Role = *role
	return c, nil
}

func apiKeyStatus(revokedAt, expiresAt *time.Time, works bool, now time.Time) domain.APIKeyStatus {
	switch {
	case revokedAt != nil:
		return domain.APIKeyRevoked
	case expiresAt != nil && !expiresAt.After(now):
		return domain.APIKeyExpired
	case !works:
		return domain.APIKeyInactive
	}
	return domain.APIKeyActive
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}
