package api

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

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/answercache"
	"github.com/reeltrack/reeltrack/web"
)

// The public routes of a share link: no session, the token is the proof.
// Every request reads the link from PostgreSQL (a revoked or expired link
// stops at once) and answers only what its scope shows; every token that
// opens nothing answers the same 404.

// Limits of the public routes: requests per client IP and minute, and
// password attempts per link, client IP and minute.
const (
	sharedPerMinute        = 120
	sharedUnlocksPerMinute = 5
	// shareUnlockTTL is how long an unlocked link stays open in a browser.
	shareUnlockTTL = 24 * time.Hour
	// shareCookie is the name of the cookie of an unlocked link.
	shareCookie = "reeltrack_share"
)

const localSharedLink = "sharedLink"

// sharedRoutes adds the public routes, and, with the dashboard, its shell
// at /s/{token} with the link's headers.
func (s *server) sharedRoutes(app *fiber.App, r fiber.Router) {
	limit := rateLimit(s.Limiter, sharedPerMinute, byIP("shared"))
	r.Get("/shared/:token", sharedHeaders, limit, s.sharedLink(false, s.getShared))
	r.Post("/shared/:token/unlock", sharedHeaders, limit, s.sharedLink(false, s.postSharedUnlock))
	r.Get("/shared/:token/overview", sharedHeaders, limit, s.sharedLink(true, s.getSharedOverview))
	r.Get("/shared/:token/videos", sharedHeaders, limit, s.sharedLink(true, s.getSharedVideos))
	r.Get("/shared/:token/campaign", sharedHeaders, limit, s.sharedLink(true, s.getSharedCampaign))
	if s.Site != nil {
		site := s.Site.Handler()
		app.Get("/s/:token", func(c *fiber.Ctx) error {
			err := site(c)
			var l *query.SharedLink
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
		})
	}
}

// withoutShareToken is a request path as the access log records it: a
// share link's token, which opens the link, masked.
func withoutShareToken(p string) string {
	for _, prefix := range []string{"/api/shared/", "/s/"} {
		if rest, ok := strings.CutPrefix(p, prefix); ok && rest != "" {
			token, tail, _ := strings.Cut(rest, "/")
			if tail != "" {
				tail = "/" + tail
			}
			return prefix + maskToken(token) + tail
		}
	}
	return p
}

// maskToken keeps the first 4 characters of a token, enough to tell
// requests of one link apart in the log, and none that open it.
func maskToken(t string) string {
	if len(t) <= 4 {
		return "…"
	}
	return t[:4] + "…"
}

// sharedHeaders marks every answer of a link: not indexed, no referrer,
// not kept, and not framed unless the link allows it (whose handler then
// set the policy already).
func sharedHeaders(c *fiber.Ctx) error {
	err := c.Next()
	c.Set("X-Robots-Tag", "noindex, nofollow")
	c.Set(fiber.HeaderReferrerPolicy, "no-referrer")
	c.Set(fiber.HeaderCacheControl, "no-store")
	l, _ := c.Locals(localSharedLink).(query.SharedLink)
	if l.ID == uuid.Nil {
		c.Set(fiber.HeaderContentSecurityPolicy, frameAncestors(nil))
		c.Set(fiber.HeaderXFrameOptions, "DENY")
	}
	return err
}

// frameAncestors is the frame-ancestors directive of a link: 'none'
// unless it allows embedding, then its origins, or any origin (*) when it
// names none.
func frameAncestors(l *query.SharedLink) string {
	switch {
	case l == nil || !l.AllowEmbedding:
		return "frame-ancestors 'none'"
	case len(l.EmbedOrigins) == 0:
		return "frame-ancestors *"
	}
	return "frame-ancestors " + strings.Join(l.EmbedOrigins, " ")
}

// sharedLink finds the live link of the path's token and hands it to
// next; locked says whether next needs a password-protected link to be
// unlocked (its cookie) first.
func (s *server) sharedLink(locked bool, next func(*fiber.Ctx, query.SharedLink) error) fiber.Handler {
	return func(c *fiber.Ctx) error {
		token := c.Params("token")
		if !auth.LooksLikeLinkToken(token) {
			return query.ErrNoSharedLink
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

// sharedInfo is what a link shows before its numbers: enough for the
// page's title and its password prompt.
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
}

// sharedScope is a link's scope without its id.
type sharedScope struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
}

func (s *server) getShared(c *fiber.Ctx, l query.SharedLink) error {
	if _, err := s.ManageShareLinks.CountView(c.UserContext(), auth.HashLinkToken(c.Params("token"))); err != nil {
		return err
	}
	return c.JSON(sharedInfo{Name: l.Name, Scope: sharedScope{Kind: l.Scope.Kind, Name: l.Scope.Name}, Platforms: l.Filters.Platforms,
		DatePreset: l.DatePreset, From: l.From, To: l.To, FrozenAt: l.FrozenAt, PasswordRequired: l.HasPassword,
		Unlocked: s.unlocked(c, l), IncludePayouts: l.IncludePayouts, ExpiresAt: l.ExpiresAt})
}

type unlockIn struct {
	Password string `json:"password"`
}

func (s *server) postSharedUnlock(c *fiber.Ctx, l query.SharedLink) error {
	var in unlockIn
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	if !l.HasPassword {
		return c.JSON(map[string]bool{"unlocked": true})
	}
	if ok, wait := s.Limiter.Allow(c.UserContext(), "ip:share-unlock:"+l.ID.String()+":"+c.IP(), sharedUnlocksPerMinute); !ok {
		return tooMany(c, wait)
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
		Expires: exp, MaxAge: int(shareUnlockTTL.Seconds()), HTTPOnly: true, Secure: s.Config.CookieSecure, SameSite: fiber.CookieSameSiteLaxMode,
	})
	return c.JSON(map[string]bool{"unlocked": true})
}

// unlockValue is the cookie of an unlocked link until exp: the link's id
// and exp, signed with a key derived from the session secret over them
// and the link's password hash, so that a new password ends every unlock.
func (s *server) unlockValue(l query.SharedLink, exp time.Time) string {
	msg := make([]byte, 0, 24)
	msg = append(msg, l.ID[:]...)
	msg = binary.BigEndian.AppendUint64(msg, uint64(exp.Unix()))
	return base64.RawURLEncoding.EncodeToString(append(msg, s.unlockMAC(l, msg)...))
}

func (s *server) unlockMAC(l query.SharedLink, msg []byte) []byte {
	key := sha256.Sum256([]byte("reeltrack share link unlock\x00" + s.Config.SessionSecret))
	m := hmac.New(sha256.New, key[:])
	m.Write(msg)
	m.Write([]byte(l.PasswordHash))
	return m.Sum(nil)
}

// unlocked reports whether the request may read the link: it has no
// password, or the request carries its valid, unexpired cookie.
func (s *server) unlocked(c *fiber.Ctx, l query.SharedLink) bool {
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

// sharedCached answers from the cache of answers under the link's
// workspace and data version, as the dashboard's answers are kept.
func (s *server) sharedCached(c *fiber.Ctx, l query.SharedLink, name, params string, compute func(context.Context) (any, error)) error {
	k := answercache.Key{Workspace: l.WorkspaceID, Version: l.DataVersion, Name: name, Params: params}
	b, err := s.Cache.JSON(c.UserContext(), k, compute)
	if err != nil {
		return err
	}
	c.Response().Header.SetContentType(fiber.MIMEApplicationJSONCharsetUTF8)
	return c.Send(b)
}

// getSharedOverview is the dashboard's overview of the link's scope: its
// workspace, collection, filters, window and freeze come from the link;
// the request's parameters are ignored. The answer is the dashboard's own
// (and shares its cache entry).
func (s *server) getSharedOverview(c *fiber.Ctx, l query.SharedLink) error {
	q := l.Overview()
	return s.sharedCached(c, l, "overview", q.Key(), func(ctx context.Context) (any, error) {
		return s.Overview.Handle(ctx, l.WorkspaceID, q)
	})
}

// sharedVideo is a video of a link's list: what the dashboard's list
// shows of it, without the ids of other entities (account, collection)
// or its tracking details.
type sharedVideo struct {
	ID             uuid.UUID  `json:"id"`
	Platform       string     `json:"platform"`
	URL            string     `json:"url"`
	Caption        string     `json:"caption"`
	ThumbnailURL   string     `json:"thumbnailUrl"`
	AccountHandle  string     `json:"accountHandle"`
	PublishedAt    *time.Time `json:"publishedAt"`
	Metrics        any        `json:"metrics"`
	EngagementRate *float64   `json:"engagementRate"`
	ViewsGained24h *int64     `json:"viewsGained24h"`
	ViewsGained7d  *int64     `json:"viewsGained7d"`
	Views7d        []*int64   `json:"views7d,omitempty"`
}

type sharedVideoPage struct {
	Videos []sharedVideo `json:"videos"`
	Total  int           `json:"total"`
	Limit  int           `json:"limit"`
	Offset int           `json:"offset"`
}

// getSharedVideos is the scope's videos list: sort, limit and offset as
// the dashboard's; every filter parameter is ignored, the link's apply.
func (s *server) getSharedVideos(c *fiber.Ctx, l query.SharedLink) error {
	q, err := parseVideoQuery(func(k string) string {
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
	return s.sharedCached(c, l, "shared-videos", key, func(ctx context.Context) (any, error) {
		var page query.VideoPage
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
			out.Videos[i] = sharedVideo{ID: v.ID, Platform: v.Platform, URL: v.URL, Caption: v.Caption, ThumbnailURL: v.ThumbnailURL,
				AccountHandle: v.AccountHandle, PublishedAt: v.PublishedAt, Metrics: v.Metrics, EngagementRate: v.EngagementRate,
				ViewsGained24h: v.ViewsGained24h, ViewsGained7d: v.ViewsGained7d, Views7d: v.Views7d}
		}
		return out, nil
	})
}
