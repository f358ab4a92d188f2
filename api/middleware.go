package api

import (
	"context"
	"log/slog"
	"regexp"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/query"
)

const (
	localRequestID  = "requestId"
	localSession    = "session"
	localMembership = "membership"

	headerRequestID = "X-Request-ID"
)

var validRequestID = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// requestID keeps a well-formed incoming X-Request-ID or makes one, and
// echoes it on the response.
func requestID(c *fiber.Ctx) error {
	id := c.Get(headerRequestID)
	if !validRequestID.MatchString(id) {
		id = uuid.NewString()
	}
	c.Locals(localRequestID, id)
	c.Set(headerRequestID, id)
	return c.Next()
}

// accessLog writes one JSON line per request, after the error handler has
// set the final status. It logs the path without the query string and never
// headers, cookies or bodies.
func accessLog(log *slog.Logger) fiber.Handler {
	return func(c *fiber.Ctx) error {
		start := time.Now()
		if err := c.Next(); err != nil {
			if herr := c.App().ErrorHandler(c, err); herr != nil {
				_ = c.SendStatus(fiber.StatusInternalServerError)
			}
		}
		attrs := []any{
			"requestId", c.Locals(localRequestID),
			"method", c.Method(),
			"path", c.Path(),
			"status", c.Response().StatusCode(),
			"durationMs", float64(time.Since(start).Microseconds()) / 1000,
			"ip", c.IP(),
		}
		if s, ok := c.Locals(localSession).(auth.Session); ok {
			attrs = append(attrs, "userId", s.UserID.String())
		}
		log.Info("request", attrs...)
		return nil
	}
}

// deadline gives every request's context a deadline, so no database call
// outlives the request.
func deadline(d time.Duration) fiber.Handler {
	return func(c *fiber.Ctx) error {
		ctx, cancel := context.WithTimeout(c.UserContext(), d)
		defer cancel()
		c.SetUserContext(ctx)
		return c.Next()
	}
}

// requireSession answers 401 unless the session cookie holds a valid token.
func requireSession(tokens *auth.Tokens) fiber.Handler {
	return func(c *fiber.Ctx) error {
		raw := c.Cookies(auth.CookieName)
		if raw == "" {
			return apperr.Unauthenticated("sign in first: no session cookie")
		}
		s, err := tokens.Verify(raw)
		if err != nil {
			return apperr.Unauthenticated("session is invalid or expired: sign in again")
		}
		c.Locals(localSession, s)
		return c.Next()
	}
}

// requireWorkspace loads the caller's workspace membership, then runs next.
func requireWorkspace(q query.MembershipHandler, next fiber.Handler) fiber.Handler {
	return func(c *fiber.Ctx) error {
		m, err := q.Handle(c.UserContext(), session(c).UserID)
		if err != nil {
			return err
		}
		c.Locals(localMembership, m)
		return next(c)
	}
}

func session(c *fiber.Ctx) auth.Session {
	s, _ := c.Locals(localSession).(auth.Session)
	return s
}

func membership(c *fiber.Ctx) query.Membership {
	m, _ := c.Locals(localMembership).(query.Membership)
	return m
}
