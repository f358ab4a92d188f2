package api

import (
	"encoding/hex"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/sharing"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/domain"
	querysharing "github.com/reeltrack/reeltrack/query/sharing"
)

const localAPIKey = "apiKey"

// Codes of the 403s of requests made with an API key.
const (
	codeInsufficientScope = "insufficient_scope"
	codeAPIKeyRefused     = "api_key_not_allowed"
)

// keyRefused lists the routes that refuse API keys: a key works with the data,
// but cannot manage the account, the team or billing, nor make a credential or
// a destination of data that would outlive it.
var keyRefused = map[string]bool{
	"POST /api/auth/logout":                       true,
	"POST /api/auth/logout-everywhere":            true,
	"POST /api/auth/verify-email/resend":          true,
	"POST /api/auth/password/change":              true,
	"POST /api/invites/accept":                    true,
	"POST /api/workspace/bootstrap":               true,
	"POST /api/api-keys":                          true,
	"POST /api/workspace/team":                    true,
	"PATCH /api/workspace/team/members/:userId":   true,
	"DELETE /api/workspace/team/members/:userId":  true,
	"POST /api/workspace/team/invites/:id/resend": true,
	"DELETE /api/workspace/team/invites/:id":      true,
	"POST /api/payment/create-checkout":           true,
	"POST /api/payment/create-portal":             true,
	"POST /api/channels":                          true,
	"PATCH /api/channels/:id":                     true,
	"POST /api/channels/:id/rotate-secret":        true,
	"POST /api/share-links":                       true,
	"PATCH /api/share-links/:id":                  true,
	"POST /api/creators/:id/invite":               true,
	"DELETE /api/creators/:id/login":              true,
	"GET /api/creator":                            true,
	"GET /api/creator/campaigns/:id/posts":        true,
	"GET /api/creator/campaigns/:id/submissions":  true,
	"POST /api/creator/campaigns/:id/submissions": true,
	"PUT /api/creator/payout-method":              true,
	"GET /api/creator/statement":                  true,
	"POST /api/creator/accounts/:id/verification": true,
	// a login's workspaces and its agency: a key is one workspace's
	"GET /api/workspaces":                     true,
	"PUT /api/session/workspace":              true,
	"GET /api/organisation":                   true,
	"POST /api/organisation":                  true,
	"PATCH /api/organisation":                 true,
	"POST /api/organisation/workspaces":       true,
	"GET /api/organisation/rollup":            true,
	"POST /api/organisation/join-codes":       true,
	"POST /api/organisation/join":             true,
	"DELETE /api/organisation/workspaces/:id": true,
}

// bearer returns a Bearer credential; other schemes (a proxy's Basic) are not ours.
func bearer(c *fiber.Ctx) (string, bool) {
	scheme, cred, _ := strings.Cut(strings.TrimSpace(c.Get(fiber.HeaderAuthorization)), " ")
	if !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	return strings.TrimSpace(cred), true
}

// apiKey signs in a request with a Bearer key as the key's creator; the cookie
// and the browser's checks then do not apply, since no browser sends the
// header on its own.
func (s *server) apiKey(perMinute int) fiber.Handler {
	return func(c *fiber.Ctx) error {
		raw, ok := bearer(c)
		if !ok {
			return c.Next()
		}
		if keyRefused[c.Method()+" "+c.Route().Path] {
			return refuseKey()
		}
		hash, ok := auth.APIKeyHash(raw)
		if !ok {
			return badKey(c, querysharing.ErrAPIKeyUnknown)
		}
		ctx := c.UserContext()
		if ok, wait := s.Limiter.Allow(ctx, "apikey:"+hex.EncodeToString(hash[:16]), perMinute); !ok {
			return httpx.TooMany(c, wait)
		}
		k, err := s.APIKeys.Caller(ctx, hash)
		if apperr.KindOf(err) == apperr.KindUnauthenticated {
			return badKey(c, err)
		}
		if err != nil {
			return err
		}
		if k.Scope != domain.ScopeWrite && c.Method() != fiber.MethodGet && c.Method() != fiber.MethodHead {
			c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="reeltrack", error="insufficient_scope", scope="write"`)
			return apperr.Coded(apperr.KindForbidden, codeInsufficientScope, "this API key may only read (GET and HEAD): use a key of the write scope")
		}
		c.Locals(localAPIKey, k)
		httpx.SetSession(c, auth.Session{UserID: k.Me.ID, Email: k.Me.Email})
		httpx.SetMembership(c, k.Membership)
		httpx.SetMe(c, k.Me)
		cl := clientOf(c)
		cl.UserID, cl.APIKeyID = k.Me.ID, k.ID
		c.SetUserContext(activitylog.WithClient(ctx, cl))
		if k.LastUsedAt == nil || s.Now().Sub(*k.LastUsedAt) >= sharing.APIKeyUseEvery {
			if err := s.ManageAPIKeys.Use(ctx, sharing.UseAPIKey{ID: k.ID, WorkspaceID: k.Membership.WorkspaceID, IP: c.IP()}); err != nil {
				return err
			}
		}
		return c.Next()
	}
}

func badKey(c *fiber.Ctx, err error) error {
	c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="reeltrack", error="invalid_token"`)
	return err
}

func refuseKey() error {
	return apperr.Coded(apperr.KindForbidden, codeAPIKeyRefused,
		"this route does not take API keys: it manages your account, sessions, team, keys or billing; use the dashboard")
}

// noKey refuses a Bearer key on a route that only a browser's session may call.
func noKey(c *fiber.Ctx) error {
	if _, ok := bearer(c); ok {
		return refuseKey()
	}
	return c.Next()
}

// withoutKey runs h only for a request without an API key.
func withoutKey(h fiber.Handler) fiber.Handler {
	return func(c *fiber.Ctx) error {
		if byKey(c) {
			return c.Next()
		}
		return h(c)
	}
}

func byKey(c *fiber.Ctx) bool {
	_, ok := c.Locals(localAPIKey).(querysharing.APIKeyCaller)
	return ok
}
