package api

import (
	"encoding/hex"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/query"
)

const localAPIKey = "apiKey"

// Codes of the 403s of requests made with an API key.
const (
	codeInsufficientScope = "insufficient_scope"
	codeAPIKeyRefused     = "api_key_not_allowed"
)

// keyRefused lists the routes that refuse API keys (403
// api_key_not_allowed), as "METHOD path" of the router: those that manage
// the person's own account and sessions, and those that give access to
// people or credentials or reach the workspace's billing. A key works
// with the workspace's data; it cannot make a credential that outlives
// it (another key, an invite), change who is in the team, or open the
// payment provider's pages. Nor can it add a destination the workspace's
// events or numbers would keep flowing to after its revocation: a channel,
// a channel's new signing secret, a share link.
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
}

// bearer returns the credential of an Authorization header of the Bearer
// scheme (in any case); ok is false without one. Other schemes (a proxy's
// Basic) are not the service's and are left alone.
func bearer(c *fiber.Ctx) (string, bool) {
	scheme, cred, _ := strings.Cut(strings.TrimSpace(c.Get(fiber.HeaderAuthorization)), " ")
	if !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	return strings.TrimSpace(cred), true
}

// apiKey signs in a request that carries `Authorization: Bearer <key>` as
// the key's creator, in the key's workspace, with the locals the session
// routes read (the session's user, the membership, the user): the cookie
// is then ignored, and the browser's checks (cross-site writes, the
// session, the user's rate limit; see withoutKey) do not apply, since no
// browser sends the header on its own. A request without one passes on
// untouched. In order: a route that refuses keys answers 403; a value
// that is not a key 401; the key's own bucket of perMinute requests 429;
// an unknown, revoked or expired key, or one whose creator is no longer
// an owner or admin, 401; a read key on any method but GET and HEAD 403.
// Every 401 carries WWW-Authenticate. The key's last use is written at
// most once a minute.
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
			return badKey(c, query.ErrAPIKeyUnknown)
		}
		ctx := c.UserContext()
		if ok, wait := s.Limiter.Allow(ctx, "apikey:"+hex.EncodeToString(hash[:16]), perMinute); !ok {
			return tooMany(c, wait)
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
		c.Locals(localSession, auth.Session{UserID: k.Me.ID, Email: k.Me.Email})
		c.Locals(localMembership, k.Membership)
		c.Locals(localMe, k.Me)
		cl := clientOf(c)
		cl.UserID, cl.APIKeyID = k.Me.ID, k.ID
		c.SetUserContext(command.WithClient(ctx, cl))
		if k.LastUsedAt == nil || s.Now().Sub(*k.LastUsedAt) >= command.APIKeyUseEvery {
			if err := s.ManageAPIKeys.Use(ctx, command.UseAPIKey{ID: k.ID, IP: c.IP()}); err != nil {
				return err
			}
		}
		return c.Next()
	}
}

// badKey answers 401 with the challenge of the Bearer scheme.
func badKey(c *fiber.Ctx, err error) error {
	c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="reeltrack", error="invalid_token"`)
	return err
}

func refuseKey() error {
	return apperr.Coded(apperr.KindForbidden, codeAPIKeyRefused,
		"this route does not take API keys: it manages your account, sessions, team, keys or billing; use the dashboard")
}

// noKey refuses a request that carries a Bearer key, on a route outside
// the session routes that a browser's session alone may call.
func noKey(c *fiber.Ctx) error {
	if _, ok := bearer(c); ok {
		return refuseKey()
	}
	return c.Next()
}

// withoutKey runs h for a request without an API key: the session cookie,
// its cross-site check and its user's rate limit. A request signed in
// with a key (apiKey) goes on past it.
func withoutKey(h fiber.Handler) fiber.Handler {
	return func(c *fiber.Ctx) error {
		if byKey(c) {
			return c.Next()
		}
		return h(c)
	}
}

// byKey reports whether the request was signed in with an API key.
func byKey(c *fiber.Ctx) bool {
	_, ok := c.Locals(localAPIKey).(query.APIKeyCaller)
	return ok
}

type apiKeyIn struct {
	Name      string     `json:"name"`
	Scope     string     `json:"scope"`
	ExpiresAt *time.Time `json:"expiresAt"`
}

// apiKeyCreated is the answer of a key's creation, the one answer that
// holds the key.
type apiKeyCreated struct {
	Key    string       `json:"key"`
	APIKey query.APIKey `json:"apiKey"`
}

func (s *server) getAPIKeys(c *fiber.Ctx) error {
	m := membership(c)
	out, err := s.APIKeys.List(c.UserContext(), m.WorkspaceID, domain.Role(m.Role))
	return answer(c, out, err)
}

func (s *server) postAPIKey(c *fiber.Ctx, in apiKeyIn) error {
	m := membership(c)
	k, err := s.ManageAPIKeys.Create(c.UserContext(), command.CreateAPIKey{
		WorkspaceID: m.WorkspaceID, CreatorID: session(c).UserID, Role: domain.Role(m.Role),
		Name: in.Name, Scope: domain.APIKeyScope(in.Scope), ExpiresAt: in.ExpiresAt,
	})
	if err != nil {
		return err
	}
	out, err := s.APIKeys.One(c.UserContext(), m.WorkspaceID, k.ID)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(apiKeyCreated{Key: k.Key, APIKey: out})
}

func (s *server) deleteAPIKey(c *fiber.Ctx, id uuid.UUID) error {
	m := membership(c)
	err := s.ManageAPIKeys.Revoke(c.UserContext(), command.RevokeAPIKey{
		WorkspaceID: m.WorkspaceID, ID: id, ActorID: session(c).UserID, Role: domain.Role(m.Role),
	})
	if err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}
