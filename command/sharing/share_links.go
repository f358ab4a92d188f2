// Package sharing opens a workspace's numbers to outsiders: share links (a
// read-only view behind a token and maybe a password, its visits counted) and
// API keys (made by an owner or admin, shown once, their use recorded).
package sharing

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
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
	"github.com/reeltrack/reeltrack/internal/platform"
)

const (
	MaxShareLinkName    = 100
	MaxShareEmbedOrigin = 20
	// MaxShareRangeDays is how far back a link's range may start, as the dashboard's.
	MaxShareRangeDays = 365
)

// ShareDatePresets are the windows a share link may show; "custom" is From-To.
var ShareDatePresets = []string{"24h", "7d", "30d", "90d", "all", "custom"}

// ShareLinkOptions are what an owner or admin may change after a link is made.
type ShareLinkOptions struct {
	Name string
	// Password, when set, replaces the link's password; empty removes it.
	Password       *string
	ExpiresAt      *time.Time
	IncludePayouts bool
	AllowEmbedding bool
	EmbedOrigins   []string
	FrozenAt       *time.Time
}

// CreateShareLink makes a read-only link to a view of a workspace: every
// video (CollectionID nil) or one collection's, with filters and a window.
type CreateShareLink struct {
	WorkspaceID  uuid.UUID
	ActorID      uuid.UUID
	Role         domain.Role
	CollectionID *uuid.UUID
	Platforms    []string
	// IndividualOnly and ShopOnly filter as the dashboard's do.
	IndividualOnly bool
	ShopOnly       bool
	DatePreset     string
	From, To       *time.Time
	ShareLinkOptions
}

// Validate checks the link's options and filters at now, naming every problem;
// it trims names and origins, sorts platforms and rounds the freeze to the hour.
func (c *CreateShareLink) Validate(now time.Time) error {
	errs := []error{c.ShareLinkOptions.validate(now)}
	for i, p := range c.Platforms {
		c.Platforms[i] = strings.ToLower(strings.TrimSpace(p))
		if !slices.Contains(platform.All, platform.Platform(c.Platforms[i])) {
			errs = append(errs, apperr.Invalid("platforms", fmt.Sprintf("unknown platform %q: must be one of tiktok, instagram, youtube, x", p)))
		}
	}
	slices.Sort(c.Platforms)
	c.Platforms = slices.Compact(c.Platforms)
	if c.Platforms == nil {
		c.Platforms = []string{}
	}
	if c.DatePreset == "" {
		c.DatePreset = "30d"
	}
	switch {
	case !slices.Contains(ShareDatePresets, c.DatePreset):
		errs = append(errs, apperr.Invalid("datePreset", "must be one of "+strings.Join(ShareDatePresets, ", ")))
	case c.DatePreset == "custom":
		errs = append(errs, checkShareRange(c.From, c.To, now))
		if c.From != nil && c.FrozenAt != nil && c.From.After(*c.FrozenAt) {
			errs = append(errs, apperr.Invalid("frozenAt", "must not be before the range's first day"))
		}
	case c.From != nil || c.To != nil:
		errs = append(errs, apperr.Invalid("from", "a range of dates goes with datePreset custom only"))
	}
	return errors.Join(errs...)
}

// checkShareRange checks a custom range as the dashboard's overview does.
func checkShareRange(from, to *time.Time, now time.Time) error {
	if from == nil || to == nil {
		return apperr.Invalid("from", "datePreset custom needs both from and to (dates as YYYY-MM-DD)")
	}
	today := now.UTC().Truncate(24 * time.Hour)
	var errs []error
	if from.Before(today.AddDate(0, 0, -MaxShareRangeDays)) {
		errs = append(errs, apperr.Invalid("from", fmt.Sprintf("must be within the last %d days", MaxShareRangeDays)))
	}
	if to.After(today) {
		errs = append(errs, apperr.Invalid("to", "must not be after today (UTC)"))
	}
	if to.Before(*from) {
		errs = append(errs, apperr.Invalid("to", "must be on or after from"))
	}
	return errors.Join(errs...)
}

func (o *ShareLinkOptions) validate(now time.Time) error {
	var errs []error
	var err error
	if o.Name, err = input.CheckName(o.Name, MaxShareLinkName); err != nil {
		errs = append(errs, err)
	}
	// an empty password at creation is none, in a change its removal
	if o.Password != nil && *o.Password != "" {
		if err := input.ValidatePassword("password", *o.Password, ""); err != nil {
			errs = append(errs, err)
		}
	}
	if o.ExpiresAt != nil && !o.ExpiresAt.After(now) {
		errs = append(errs, apperr.Invalid("expiresAt", "must be in the future"))
	}
	if o.FrozenAt != nil {
		at := o.FrozenAt.UTC().Truncate(time.Hour)
		o.FrozenAt = &at
		if at.After(now) {
			errs = append(errs, apperr.Invalid("frozenAt", "must not be in the future: a link is frozen at a time already past"))
		}
	}
	if len(o.EmbedOrigins) > MaxShareEmbedOrigin {
		errs = append(errs, apperr.Invalid("embedOrigins", fmt.Sprintf("at most %d origins", MaxShareEmbedOrigin)))
	}
	if !o.AllowEmbedding && len(o.EmbedOrigins) > 0 {
		errs = append(errs, apperr.Invalid("embedOrigins", "origins go with allowEmbedding true"))
	}
	for i, raw := range o.EmbedOrigins {
		origin, err := shareOrigin(raw)
		if err != nil {
			errs = append(errs, apperr.Invalid(fmt.Sprintf("embedOrigins[%d]", i), err.Error()))
			continue
		}
		o.EmbedOrigins[i] = origin
	}
	if o.EmbedOrigins == nil {
		o.EmbedOrigins = []string{}
	}
	slices.Sort(o.EmbedOrigins)
	o.EmbedOrigins = slices.Compact(o.EmbedOrigins)
	return errors.Join(errs...)
}

// shareOrigin checks an origin a link may be framed by: http(s), a host and
// maybe a port, lower case; it goes into the Content-Security-Policy as is.
func shareOrigin(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	u, err := url.Parse(raw)
	switch {
	case err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || strings.ContainsAny(raw, " ;,'\"*"):
		return "", errors.New("must be an origin such as https://client.example.com (scheme and host, no path)")
	}
	return strings.ToLower(u.Scheme + "://" + u.Host), nil
}

// CreatedShareLink is the new link's id and its token, shown once: only its hash is kept.
type CreatedShareLink struct {
	ID    uuid.UUID
	Token string
}

// ShareLinksHandler creates, changes and revokes share links, and counts views.
type ShareLinksHandler struct {
	DB        *pgxpool.Pool
	Passwords *auth.Passwords
	Now       func() time.Time
}

var errShareManagers = authz.Refused("manage share links")

// Create checks the command and stores the link with its token's hash.
func (h ShareLinksHandler) Create(ctx context.Context, cmd CreateShareLink) (CreatedShareLink, error) {
	if !cmd.Role.Manages() {
		return CreatedShareLink{}, errShareManagers
	}
	if err := cmd.Validate(h.Now()); err != nil {
		return CreatedShareLink{}, err
	}
	hash, err := h.passwordHash(cmd.Password)
	if err != nil {
		return CreatedShareLink{}, err
	}
	token, tokenHash, err := auth.NewLinkToken()
	if err != nil {
		return CreatedShareLink{}, err
	}
	out := CreatedShareLink{ID: uuid.New(), Token: token}
	err = pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		scope := "the workspace"
		if cmd.CollectionID != nil {
			err := tx.QueryRow(ctx, `SELECT name FROM collections WHERE workspace_id = $1 AND id = $2 AND deleted_at IS NULL`, cmd.WorkspaceID, *cmd.CollectionID).Scan(&scope)
			if errors.Is(err, pgx.ErrNoRows) {
				return apperr.NotFound("collection not found")
			}
			if err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, `
INSERT INTO share_links (id, workspace_id, collection_id, name, token_hash, password_hash, platforms, individual_only, shop_only,
    date_preset, range_from, range_to, expires_at, include_payouts, allow_embedding, embed_origins, frozen_at, created_by)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
			out.ID, cmd.WorkspaceID, cmd.CollectionID, cmd.Name, tokenHash, hash, cmd.Platforms, cmd.IndividualOnly, cmd.ShopOnly,
			cmd.DatePreset, cmd.From, cmd.To, cmd.ExpiresAt, cmd.IncludePayouts, cmd.AllowEmbedding, cmd.EmbedOrigins, cmd.FrozenAt, nilIfZero(cmd.ActorID))
		if err != nil {
			return err
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionShareLinkCreated, Target: cmd.Name,
			Details: map[string]any{"scope": scope, "password": hash != "", "includePayouts": cmd.IncludePayouts, "frozen": cmd.FrozenAt != nil}})
	})
	if err != nil {
		return CreatedShareLink{}, wrapShare("create share link", err)
	}
	return out, nil
}

func (h ShareLinksHandler) passwordHash(p *string) (string, error) {
	if p == nil || *p == "" {
		return "", nil
	}
	return h.Passwords.Hash(*p)
}

// UpdateShareLink sets a link's options; scope, filters and window stay.
type UpdateShareLink struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID
	Role        domain.Role
	ID          uuid.UUID
	ShareLinkOptions
}

// Update changes a live link of the workspace (404 for another's, or revoked).
func (h ShareLinksHandler) Update(ctx context.Context, cmd UpdateShareLink) error {
	if !cmd.Role.Manages() {
		return errShareManagers
	}
	if err := cmd.validate(h.Now()); err != nil {
		return err
	}
	keep := cmd.Password == nil
	hash, err := h.passwordHash(cmd.Password)
	if err != nil {
		return err
	}
	err = pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `
UPDATE share_links SET name = $3, password_hash = CASE WHEN $4 THEN password_hash ELSE $5 END, expires_at = $6,
    include_payouts = $7, allow_embedding = $8, embed_origins = $9, frozen_at = $10, updated_at = now()
WHERE workspace_id = $1 AND id = $2 AND revoked_at IS NULL`,
			cmd.WorkspaceID, cmd.ID, cmd.Name, keep, hash, cmd.ExpiresAt, cmd.IncludePayouts, cmd.AllowEmbedding, cmd.EmbedOrigins, cmd.FrozenAt)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return apperr.NotFound("share link not found")
		}
		details := map[string]any{"includePayouts": cmd.IncludePayouts, "frozen": cmd.FrozenAt != nil, "allowEmbedding": cmd.AllowEmbedding}
		if !keep {
			details["password"] = hash != ""
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionShareLinkChanged, Target: cmd.Name, Details: details})
	})
	return wrapShare("update share link", err)
}

// RevokeShareLink ends a link at once.
type RevokeShareLink struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID
	Role        domain.Role
	ID          uuid.UUID
}

// Revoke marks the link revoked: from this commit on its token answers 404.
// The row stays (its hash can never be issued again), unlisted.
func (h ShareLinksHandler) Revoke(ctx context.Context, cmd RevokeShareLink) error {
	if !cmd.Role.Manages() {
		return errShareManagers
	}
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var name string
		err := tx.QueryRow(ctx, `
UPDATE share_links SET revoked_at = now(), updated_at = now()
WHERE workspace_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING name`, cmd.WorkspaceID, cmd.ID).Scan(&name)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("share link not found")
		}
		if err != nil {
			return err
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionShareLinkRevoked, Target: name})
	})
	return wrapShare("revoke share link", err)
}

// CountView adds a view to the live link of tokenHash, reporting whether one is live.
func (h ShareLinksHandler) CountView(ctx context.Context, tokenHash []byte) (bool, error) {
	tag, err := h.DB.Exec(ctx, `
UPDATE share_links SET view_count = view_count + 1, last_viewed_at = $2
WHERE token_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)`, tokenHash, h.Now().UTC())
	if err != nil {
		return false, fmt.Errorf("count share link view: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// wrapShare keeps the kinds of apperr and wraps the rest with op.
func wrapShare(op string, err error) error {
	var kind *apperr.Error
	if err == nil || errors.As(err, &kind) {
		return err
	}
	return fmt.Errorf("%s: %w", op, err)
}

func nilIfZero(id uuid.UUID) *uuid.UUID {
	if id == uuid.Nil {
		return nil
	}
	return &id
}
