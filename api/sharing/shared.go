package sharing

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/query/answercache"
	"github.com/reeltrack/reeltrack/query/numbers"
	queryorgs "github.com/reeltrack/reeltrack/query/organisations"
	querysharing "github.com/reeltrack/reeltrack/query/sharing"
	"github.com/reeltrack/reeltrack/web"
)

// The public routes of a share link: the token is the proof. Every request
// reads the link from PostgreSQL (a revoked link stops at once) and answers
// only what its scope shows; every token that opens nothing answers one 404.

// Password attempts per link, client IP and minute (api limits the
// requests per client IP).
const (
	sharedUnlocksPerMinute = 5
	// shareUnlockTTL is how long an unlocked link stays open in a browser.
	shareUnlockTTL = 24 * time.Hour
	shareCookie    = "reeltrack_share"
)

const localSharedLink = "sharedLink"

// SitePage serves the dashboard's page of a link (/s/{token}) with site,
// under the link's frame-ancestors, neither indexed nor sending a referrer.
func (s *Room) SitePage(site fiber.Handler) fiber.Handler {
	return func(c *fiber.Ctx) error {
		err := site(c)
		var l *querysharing.SharedLink
		if token := c.Params("token"); auth.LooksLikeLinkToken(token) {
			if found, ferr := s.ShareLinks.ByToken(c.UserContext(), auth.HashLinkToken(token)); ferr == nil {
				l = &found
			}
		}
		c.Set(fiber.HeaderContentSecurityPolicy, strings.Replace(web.CSP, "frame-ancestors 'none'", frameAncestors(l), 1))
		if l == nil || !l.AllowEmbedding {
			c.Set(fiber.HeaderXFrameOptions, "DENY")
		}
		c.Set("X-Robots-Tag", "noindex, nofollow")
		c.Set(fiber.HeaderReferrerPolicy, "no-referrer")
		return err
	}
}

// Headers marks every answer of a link: not indexed, no referrer, not
// kept, not framed unless the link allows it (its handler set the policy).
func (s *Room) Headers(c *fiber.Ctx) error {
	err := c.Next()
	c.Set("X-Robots-Tag", "noindex, nofollow")
	c.Set(fiber.HeaderReferrerPolicy, "no-referrer")
	c.Set(fiber.HeaderCacheControl, "no-store")
	l, _ := c.Locals(localSharedLink).(querysharing.SharedLink)
	if l.ID == uuid.Nil {
		c.Set(fiber.HeaderContentSecurityPolicy, frameAncestors(nil))
		c.Set(fiber.HeaderXFrameOptions, "DENY")
	}
	return err
}

// frameAncestors is a link's frame-ancestors: 'none' unless it allows
// embedding, then its origins, or * when it names none.
func frameAncestors(l *querysharing.SharedLink) string {
	switch {
	case l == nil || !l.AllowEmbedding:
		return "frame-ancestors 'none'"
	case len(l.EmbedOrigins) == 0:
		return "frame-ancestors *"
	}
	return "frame-ancestors " + strings.Join(l.EmbedOrigins, " ")
}

// Link finds the live link of the path's token; locked: it must be unlocked first.
func (s *Room) Link(locked bool, next func(*fiber.Ctx, querysharing.SharedLink) error) fiber.Handler {
	return func(c *fiber.Ctx) error {
		token := c.Params("token")
		if !auth.LooksLikeLinkToken(token) {
			return querysharing.ErrNoSharedLink
		}
		l, err := s.ShareLinks.ByToken(c.UserContext(), auth.HashLinkToken(token))
		if err != nil {
			return err
		}
		c.Locals(localSharedLink, l)
		c.Set(fiber.HeaderContentSecurityPolicy, frameAncestors(&l))
		if !l.AllowEmbedding {
			c.Set(fiber.HeaderXFrameOptions, "DENY")
		}
		if locked && !s.unlocked(c, l) {
			return apperr.Unauthenticated("this link needs its password: POST it to /unlock")
		}
		return next(c, l)
	}
}

// sharedInfo is what a link shows before its numbers: title and password prompt.
type sharedInfo struct {
	Name             string      `json:"name"`
	Scope            sharedScope `json:"scope"`
	Platforms        []string    `json:"platforms"`
	DatePreset       string      `json:"datePreset"`
	From             *string     `json:"from"`
	To               *string     `json:"to"`
	FrozenAt         *time.Time  `json:"frozenAt"`
	PasswordRequired bool        `json:"passwordRequired"`
	Unlocked         bool        `json:"unlocked"`
	IncludePayouts   bool        `json:"includePayouts"`
	ExpiresAt        *time.Time  `json:"expiresAt"`
	// Branding is the agency's the workspace belongs to; nil: reeltrack's.
	Branding *queryorgs.Branding `json:"branding"`
}

type sharedScope struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
}

func (s *Room) GetShared(c *fiber.Ctx, l querysharing.SharedLink) error {
	if _, err := s.ManageShareLinks.CountView(c.UserContext(), auth.HashLinkToken(c.Params("token"))); err != nil {
		return err
	}
	branding, err := s.Organisations.BrandingOf(c.UserContext(), l.WorkspaceID)
	if err != nil {
		return err
	}
	return c.JSON(sharedInfo{Name: l.Name, Scope: sharedScope{Kind: l.Scope.Kind, Name: l.Scope.Name}, Platforms: l.Filters.Platforms,
		DatePreset: l.DatePreset, From: l.From, To: l.To, FrozenAt: l.FrozenAt, PasswordRequired: l.HasPassword,
		Unlocked: s.unlocked(c, l), IncludePayouts: l.IncludePayouts, ExpiresAt: l.ExpiresAt, Branding: branding})
}

type unlockIn struct {
	Password string `json:"password"`
}

func (s *Room) PostSharedUnlock(c *fiber.Ctx, l querysharing.SharedLink) error {
	var in unlockIn
	if err := httpx.DecodeJSON(c, &in, false); err != nil {
		return err
	}
	if !l.HasPassword {
		return c.JSON(map[string]bool{"unlocked": true})
	}
	if ok, wait := s.Limiter.Allow(c.UserContext(), "ip:share-unlock:"+l.ID.String()+":"+c.IP(), sharedUnlocksPerMinute); !ok {
		return httpx.TooMany(c, wait)
	}
	ok, err := s.Passwords.Check(l.PasswordHash, in.Password)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.Unauthenticated("wrong password")
	}
	exp := s.Now().Add(shareUnlockTTL)
	c.Cookie(&fiber.Cookie{
		Name: shareCookie, Value: s.unlockValue(l, exp), Path: "/api/shared/" + c.Params("token"),
		Expires: exp, MaxAge: int(shareUnlockTTL.Seconds()), HTTPOnly: true, Secure: s.CookieSecure, SameSite: fiber.CookieSameSiteLaxMode,
	})
	return c.JSON(map[string]bool{"unlocked": true})
}

// unlockValue is the cookie of an unlocked link until exp: the link's id
// and exp, signed with a key derived from the session secret over them
// and the link's password hash, so that a new password ends every unlock.
func (s *Room) unlockValue(l querysharing.SharedLink, exp time.Time) string {
	msg := make([]byte, 0, 24)
	msg = append(msg, l.ID[:]...)
	msg = binary.BigEndian.AppendUint64(msg, uint64(exp.Unix()))
	return base64.RawURLEncoding.EncodeToString(append(msg, s.unlockMAC(l, msg)...))
}

func (s *Room) unlockMAC(l querysharing.SharedLink, msg []byte) []byte {
	key := sha256.Sum256([]byte("reeltrack share link unlock\x00" + s.SessionSecret))
	m := hmac.New(sha256.New, key[:])
	m.Write(msg)
	m.Write([]byte(l.PasswordHash))
	return m.Sum(nil)
}

// unlocked reports whether the request may read the link: it has no
// password, or the request carries its valid, unexpired cookie.
func (s *Room) unlocked(c *fiber.Ctx, l querysharing.SharedLink) bool {
	if !l.HasPassword {
		return true
	}
	raw, err := base64.RawURLEncoding.DecodeString(c.Cookies(shareCookie))
	if err != nil || len(raw) != 16+8+sha256.Size {
		return false
	}
	msg, mac := raw[:24], raw[24:]
	if subtle.ConstantTimeCompare(msg[:16], l.ID[:]) != 1 || !hmac.Equal(mac, s.unlockMAC(l, msg)) {
		return false
	}
	return time.Unix(int64(binary.BigEndian.Uint64(msg[16:])), 0).After(s.Now())
}

// linkKey is the cache key of a link's answer: the workspace's, so that an
// answer a member and a link both show is computed once.
func linkKey(l querysharing.SharedLink, name, params string) answercache.Key {
	return answercache.Key{Workspace: l.WorkspaceID, Version: l.DataVersion, Name: name, Params: params}
}

// GetSharedOverview is the dashboard's overview of the link's scope: the
// request's parameters are ignored, and it shares the dashboard's cache entry.
func (s *Room) GetSharedOverview(c *fiber.Ctx, l querysharing.SharedLink) error {
	q := l.Overview()
	return s.CachedFor(c, linkKey(l, "overview", q.Key()), func(ctx context.Context) (any, error) {
		return s.Overview.Handle(ctx, l.WorkspaceID, q)
	})
}

// sharedVideo is a video of a link's list, without other entities' ids.
type sharedVideo struct {
	domain.VideoCard
	Metrics        any      `json:"metrics"`
	EngagementRate *float64 `json:"engagementRate"`
	ViewsGained24h *int64   `json:"viewsGained24h"`
	ViewsGained7d  *int64   `json:"viewsGained7d"`
	Views7d        []*int64 `json:"views7d,omitempty"`
}

type sharedVideoPage struct {
	Videos []sharedVideo `json:"videos"`
	Total  int           `json:"total"`
	Limit  int           `json:"limit"`
	Offset int           `json:"offset"`
}

// GetSharedVideos is the scope's videos list: sort, limit and offset as
// the dashboard's; every filter parameter is ignored, the link's apply.
func (s *Room) GetSharedVideos(c *fiber.Ctx, l querysharing.SharedLink) error {
	q, err := httpx.ParseVideoQuery(func(k string) string {
		switch k {
		case "sort", "limit", "offset":
			return c.Query(k)
		}
		return ""
	})
	if err != nil {
		return err
	}
	q.Filter = l.Filter()
	key := q.Key()
	if l.FrozenAt != nil {
		key += "&asOf=" + l.FrozenAt.Format(time.RFC3339)
	}
	return s.CachedFor(c, linkKey(l, "shared-videos", key), func(ctx context.Context) (any, error) {
		var page numbers.VideoPage
		var err error
		if l.FrozenAt != nil {
			page, err = s.Videos.AsOf(ctx, l.WorkspaceID, q, *l.FrozenAt)
		} else {
			page, err = s.Videos.Handle(ctx, l.WorkspaceID, q)
		}
		if err != nil {
			return nil, err
		}
		out := sharedVideoPage{Videos: make([]sharedVideo, len(page.Videos)), Total: page.Total, Limit: page.Limit, Offset: page.Offset}
		for i, v := range page.Videos {
			out.Videos[i] = sharedVideo{VideoCard: v.Card(), Metrics: v.Metrics, EngagementRate: v.EngagementRate,
				ViewsGained24h: v.ViewsGained24h, ViewsGained7d: v.ViewsGained7d, Views7d: v.Views7d}
		}
		return out, nil
	})
}
