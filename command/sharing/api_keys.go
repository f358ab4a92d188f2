package sharing

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/input"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
)

const (
	// MaxAPIKeyName is the longest key name, in characters.
	MaxAPIKeyName = 100
	// MaxAPIKeys bounds the workspace's working (unrevoked, unexpired) keys.
	MaxAPIKeys = 50
	// MaxAPIKeyLifetime is the furthest expiry a key may be given.
	MaxAPIKeyLifetime = 5 * 366 * 24 * time.Hour
	// APIKeyUseEvery is how often a key's last use is written at most.
	APIKeyUseEvery = time.Minute
)

// CreateAPIKey makes a personal API key of an owner or admin.
type CreateAPIKey struct {
	WorkspaceID uuid.UUID
	CreatorID   uuid.UUID
	Role        domain.Role
	Name        string
	Scope       domain.APIKeyScope
	// ExpiresAt is nil for a key that never expires.
	ExpiresAt *time.Time
}

// Validate trims the name and checks every field, naming each bad one.
func (c *CreateAPIKey) Validate(now time.Time) error {
	if !c.Role.Manages() {
		return authz.Refused("create API keys")
	}
	var errs []error
	var err error
	if c.Name, err = input.CheckName(c.Name, MaxAPIKeyName); err != nil {
		errs = append(errs, err)
	}
	switch {
	case c.Scope == "":
		errs = append(errs, apperr.Invalid("scope", "is required: read or write"))
	case !slices.Contains(domain.APIKeyScopes, c.Scope):
		errs = append(errs, apperr.Invalid("scope", "must be read or write"))
	}
	if c.ExpiresAt != nil {
		switch {
		case !c.ExpiresAt.After(now):
			errs = append(errs, apperr.Invalid("expiresAt", "must be in the future, or null for a key that never expires"))
		case c.ExpiresAt.After(now.Add(MaxAPIKeyLifetime)):
			errs = append(errs, apperr.Invalid("expiresAt", "must be at most 5 years ahead"))
		}
	}
	return errors.Join(errs...)
}

// NewAPIKey is a key just made, answered this once, and its row's id.
type NewAPIKey struct {
	ID  uuid.UUID
	Key string
}

// RevokeAPIKey ends a key of the workspace at once.
type RevokeAPIKey struct {
	WorkspaceID uuid.UUID
	ID          uuid.UUID
	ActorID     uuid.UUID
	Role        domain.Role
}

// UseAPIKey records a request made with a key.
type UseAPIKey struct {
	ID, WorkspaceID uuid.UUID
	IP              string
}

// APIKeysHandler creates and revokes API keys and records their use.
type APIKeysHandler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
}

// Create makes a key and stores its SHA-256 only: 403 unless the creator
// manages the workspace, 409 when it has MaxAPIKeys working keys.
func (h APIKeysHandler) Create(ctx context.Context, cmd CreateAPIKey) (NewAPIKey, error) {
	now := h.Now()
	if err := cmd.Validate(now); err != nil {
		return NewAPIKey{}, err
	}
	key, prefix, hash, err := auth.NewAPIKey()
	if err != nil {
		return NewAPIKey{}, err
	}
	id := uuid.New()
	err = pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		// the workspace's row serialises the count of its keys
		if _, err := tx.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR UPDATE`, cmd.WorkspaceID); err != nil {
			return err
		}
		var working int
		err := tx.QueryRow(ctx, `
			SELECT count(*) FROM api_keys
			WHERE workspace_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)`,
			cmd.WorkspaceID, now).Scan(&working)
		if err != nil {
			return err
		}
		if working >= MaxAPIKeys {
			return apperr.Conflict(fmt.Sprintf("this workspace has %d working API keys, the most it may have: revoke one first", working))
		}
		_, err = tx.Exec(ctx, `
			INSERT INTO api_keys (id, workspace_id, created_by, name, scope, key_hash, prefix, expires_at, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
			id, cmd.WorkspaceID, cmd.CreatorID, cmd.Name, string(cmd.Scope), hash, prefix, cmd.ExpiresAt, now)
		if err != nil {
			return err
		}
		details := map[string]any{"id": id, "scope": cmd.Scope, "prefix": prefix}
		if cmd.ExpiresAt != nil {
			details["expiresAt"] = cmd.ExpiresAt.UTC()
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.CreatorID, Action: domain.ActionAPIKeyCreated,
			Target: cmd.Name, Details: details})
	})
	if err != nil {
		if apperr.KindOf(err) == apperr.KindInternal {
			return NewAPIKey{}, fmt.Errorf("create api key: %w", err)
		}
		return NewAPIKey{}, err
	}
	return NewAPIKey{ID: id, Key: key}, nil
}

// Revoke ends a key at once: 403 unless the actor manages the workspace, 404
// for another workspace's key. Revoking a revoked key changes nothing.
func (h APIKeysHandler) Revoke(ctx context.Context, cmd RevokeAPIKey) error {
	if !cmd.Role.Manages() {
		return authz.Refused("revoke API keys")
	}
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var name, prefix string
		var revoked bool
		err := tx.QueryRow(ctx, `
			SELECT name, prefix, revoked_at IS NOT NULL FROM api_keys WHERE id = $1 AND workspace_id = $2 FOR UPDATE`,
			cmd.ID, cmd.WorkspaceID).Scan(&name, &prefix, &revoked)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("API key not found")
		}
		if err != nil || revoked {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE api_keys SET revoked_at = $2, revoked_by = $3 WHERE id = $1 AND workspace_id = $4`, cmd.ID, h.Now(), cmd.ActorID, cmd.WorkspaceID); err != nil {
			return err
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionAPIKeyRevoked,
			Target: name, Details: map[string]any{"id": cmd.ID, "prefix": prefix}})
	})
	if err != nil && apperr.KindOf(err) == apperr.KindInternal {
		return fmt.Errorf("revoke api key: %w", err)
	}
	return err
}

// Use records the time and client address of a request made with the key,
// unless the last use is under APIKeyUseEvery old (another replica wrote it).
func (h APIKeysHandler) Use(ctx context.Context, u UseAPIKey) error {
	now := h.Now()
	_, err := h.DB.Exec(ctx, `
		UPDATE api_keys SET last_used_at = $2, last_used_ip = $3
		WHERE id = $1 AND workspace_id = $5 AND (last_used_at IS NULL OR last_used_at <= $4)`,
		u.ID, now, u.IP, now.Add(-APIKeyUseEvery), u.WorkspaceID)
	if err != nil {
		return fmt.Errorf("record api key use: %w", err)
	}
	return nil
}
