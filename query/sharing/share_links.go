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
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// ShareScope is what a share link shows: the workspace, a collection or a campaign.
type ShareScope struct {
	Kind         string     `json:"kind"`
	CollectionID *uuid.UUID `json:"collectionId"`
	Name         string     `json:"name"`
}

// ShareFilters are a link's filters, as the dashboard takes them.
type ShareFilters struct {
	Platforms        []string `json:"platforms"`
	IndividualOnly   bool     `json:"individualOnly"`
	PlatformShopOnly bool     `json:"platformShopOnly"`
}

// ShareLink is a link as the workspace's members see it, never its token.
type ShareLink struct {
	ID             uuid.UUID    `json:"id"`
	Name           string       `json:"name"`
	Scope          ShareScope   `json:"scope"`
	Filters        ShareFilters `json:"filters"`
	DatePreset     string       `json:"datePreset"`
	From           *string      `json:"from"`
	To             *string      `json:"to"`
	HasPassword    bool         `json:"hasPassword"`
	ExpiresAt      *time.Time   `json:"expiresAt"`
	Expired        bool         `json:"expired"`
	IncludePayouts bool         `json:"includePayouts"`
	AllowEmbedding bool         `json:"allowEmbedding"`
	EmbedOrigins   []string     `json:"embedOrigins"`
	FrozenAt       *time.Time   `json:"frozenAt"`
	ViewCount      int64        `json:"viewCount"`
	LastViewedAt   *time.Time   `json:"lastViewedAt"`
	CreatedAt      time.Time    `json:"createdAt"`
}

// SharedLink is a live link found by its token: never sent as it is.
type SharedLink struct {
	ShareLink
	WorkspaceID  uuid.UUID
	PasswordHash string
	DataVersion  int64
}

// Filter is the link's selection of videos as the dashboard's filter.
func (l SharedLink) Filter() numbers.VideoFilter {
	f := numbers.VideoFilter{Published: query.PresetAll, CollectionID: l.Scope.CollectionID, IndividualOnly: l.Filters.IndividualOnly, ShopOnly: l.Filters.PlatformShopOnly}
	for _, p := range l.Filters.Platforms {
		f.Platforms = append(f.Platforms, platform.Platform(p))
	}
	return f
}

// Overview is the link's overview query: its window, filters and freeze.
func (l SharedLink) Overview() numbers.OverviewQuery {
	q := numbers.OverviewQuery{Window: query.Preset(l.DatePreset), Filter: l.Filter(), AsOf: l.FrozenAt}
	if l.DatePreset == string(query.PresetCustom) && l.From != nil && l.To != nil {
		from, _ := time.Parse(time.DateOnly, *l.From)
		to, _ := time.Parse(time.DateOnly, *l.To)
		q.Window, q.From, q.To = query.Preset30d, &from, &to
	}
	return q
}

// ShareLinksHandler reads share links.
type ShareLinksHandler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
}

// shareLinkSQL reads links; the caller adds the WHERE clause.
const shareLinkSQL = `
SELECT l.id, l.name, l.collection_id, COALESCE(c.name, ''), cp.collection_id IS NOT NULL, l.platforms, l.individual_only, l.shop_only,
    l.date_preset, to_char(l.range_from, 'YYYY-MM-DD'), to_char(l.range_to, 'YYYY-MM-DD'), l.password_hash, l.expires_at,
    l.include_payouts, l.allow_embedding, l.embed_origins, l.frozen_at, l.view_count, l.last_viewed_at, l.created_at,
    l.workspace_id, w.data_version
FROM share_links l
JOIN workspaces w ON w.id = l.workspace_id
LEFT JOIN collections c ON c.id = l.collection_id
LEFT JOIN campaigns cp ON cp.collection_id = l.collection_id
`

func (h ShareLinksHandler) scan(row pgx.CollectableRow) (SharedLink, error) {
	var l SharedLink
	var campaign bool
	err := row.Scan(&l.ID, &l.Name, &l.Scope.CollectionID, &l.Scope.Name, &campaign, &l.Filters.Platforms, &l.Filters.IndividualOnly, &l.Filters.PlatformShopOnly,
		&l.DatePreset, &l.From, &l.To, &l.PasswordHash, &l.ExpiresAt,
		&l.IncludePayouts, &l.AllowEmbedding, &l.EmbedOrigins, &l.FrozenAt, &l.ViewCount, &l.LastViewedAt, &l.CreatedAt,
		&l.WorkspaceID, &l.DataVersion)
	if err != nil {
		return l, err
	}
	switch {
	case l.Scope.CollectionID == nil:
		l.Scope.Kind, l.Scope.Name = "workspace", ""
	case campaign:
		l.Scope.Kind = "campaign"
	default:
		l.Scope.Kind = "collection"
	}
	l.HasPassword = l.PasswordHash != ""
	l.Expired = l.ExpiresAt != nil && !l.ExpiresAt.After(h.Now())
	for _, t := range []**time.Time{&l.ExpiresAt, &l.FrozenAt, &l.LastViewedAt} {
		*t = query.InUTC(*t)
	}
	l.CreatedAt = l.CreatedAt.UTC()
	l.Filters.Platforms, l.EmbedOrigins = query.OrEmpty(l.Filters.Platforms), query.OrEmpty(l.EmbedOrigins)
	return l, nil
}

// List lists the workspace's links that are not revoked, newest first.
func (h ShareLinksHandler) List(ctx context.Context, ws uuid.UUID) ([]ShareLink, error) {
	rows, err := h.DB.Query(ctx, shareLinkSQL+`WHERE l.workspace_id = $1 AND l.revoked_at IS NULL ORDER BY l.created_at DESC, l.id`, ws)
	if err != nil {
		return nil, fmt.Errorf("list share links: %w", err)
	}
	links, err := pgx.CollectRows(rows, h.scan)
	if err != nil {
		return nil, fmt.Errorf("list share links: %w", err)
	}
	out := make([]ShareLink, len(links))
	for i, l := range links {
		out[i] = l.ShareLink
	}
	return out, nil
}

// One is a link of the workspace that is not revoked; 404 otherwise.
func (h ShareLinksHandler) One(ctx context.Context, ws, id uuid.UUID) (ShareLink, error) {
	rows, err := h.DB.Query(ctx, shareLinkSQL+`WHERE l.workspace_id = $1 AND l.id = $2 AND l.revoked_at IS NULL`, ws, id)
	if err != nil {
		return ShareLink{}, fmt.Errorf("read share link: %w", err)
	}
	l, err := pgx.CollectExactlyOneRow(rows, h.scan)
	if errors.Is(err, pgx.ErrNoRows) {
		return ShareLink{}, apperr.NotFound("share link not found")
	}
	if err != nil {
		return ShareLink{}, fmt.Errorf("read share link: %w", err)
	}
	return l.ShareLink, nil
}

// ErrNoSharedLink answers every token that opens nothing, whatever the reason.
var ErrNoSharedLink = apperr.NotFound("this link does not exist or no longer works")

// ByToken is the live link of tokenHash, read on every call.
func (h ShareLinksHandler) ByToken(ctx context.Context, tokenHash []byte) (SharedLink, error) {
	rows, err := h.DB.Query(ctx, shareLinkSQL+`WHERE l.token_hash = $1 AND l.revoked_at IS NULL AND (l.expires_at IS NULL OR l.expires_at > $2)`,
		tokenHash, h.Now().UTC())
	if err != nil {
		return SharedLink{}, fmt.Errorf("read shared link: %w", err)
	}
	l, err := pgx.CollectExactlyOneRow(rows, h.scan)
	if errors.Is(err, pgx.ErrNoRows) {
		return SharedLink{}, ErrNoSharedLink
	}
	if err != nil {
		return SharedLink{}, fmt.Errorf("read shared link: %w", err)
	}
	return l, nil
}
