// Package httpx is the request plumbing the rooms of api share: who is calling,
// strict bodies and path ids, query parameters, the error body, cached and CSV
// answers. It routes nothing: api registers every route.
package httpx

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
	"strings"

	"github.com/reeltrack/reeltrack/internal/auth"
	queryteam "github.com/reeltrack/reeltrack/query/team"
)

// The caller's values are kept in the request's locals under keys only this
// file knows, so that a room reads them with the type they were stored with.
const (
	localRequestID  = "requestId"
	localSession    = "session"
	localMembership = "membership"
	localMe         = "me"
)

// RequestID is the request's id, set by api's first middleware.
func RequestID(c *fiber.Ctx) string {
	id, _ := c.Locals(localRequestID).(string)
	return id
}

func SetRequestID(c *fiber.Ctx, id string) { c.Locals(localRequestID, id) }

// Session is the signed-in caller: the cookie's session, or an API key's creator.
func Session(c *fiber.Ctx) auth.Session {
	s, _ := c.Locals(localSession).(auth.Session)
	return s
}

func SetSession(c *fiber.Ctx, s auth.Session) { c.Locals(localSession, s) }

// Membership is the caller's membership of the workspace the request works in.
func Membership(c *fiber.Ctx) queryteam.Membership {
	m, _ := c.Locals(localMembership).(queryteam.Membership)
	return m
}

func SetMembership(c *fiber.Ctx, m queryteam.Membership) { c.Locals(localMembership, m) }

// Me is the caller as GET /auth/me answers it.
func Me(c *fiber.Ctx) queryteam.Me {
	me, _ := c.Locals(localMe).(queryteam.Me)
	return me
}

func SetMe(c *fiber.Ctx, me queryteam.Me) { c.Locals(localMe, me) }

// ClientScope is the collections a client viewer of chosen collections
// reads, and a key of them for cached answers; nil and "" for everyone else.
func ClientScope(c *fiber.Ctx) ([]uuid.UUID, string) {
	ids := Membership(c).ClientCollections
	if ids == nil {
		return nil, ""
	}
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = id.String()
	}
	return ids, "client=" + strings.Join(parts, ",")
}
