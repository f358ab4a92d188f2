package api

import (
	"context"
	"log/slog"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/query"
)

const (
	localRequestID  = "requestId"
	localSession    = "session"
	localMembership = "membership"
	localMe         = "me"
	localFailure    = "failure"

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
// headers (Authorization included), cookies or bodies; a request made with
// an API key names the key by its id. A request the server failed carries its error
// code and its error with the causes, the line at warning level for an
// outage or a refusal and error level for an internal error; a cancelled
// request's line is at info level.
func accessLog(log *slog.Logger) fiber.Handler {
	return func(c *fiber.Ctx) error {
		start := time.Now()
		if err := c.Next(); err != nil {
			if herr := c.App().ErrorHandler(c, err); herr != nil {
				_ = c.SendStatus(fiber.StatusInternalServerError)
			}
		}
		ctx := context.Background()
		level := slog.LevelInfo
		failed, hasFailure := c.Locals(localFailure).(failure)
		if hasFailure {
			level = failed.level
		}
		if !log.Enabled(ctx, level) {
			return nil
		}
		id, _ := c.Locals(localRequestID).(string)
		attrs := [10]slog.Attr{
			slog.String("requestId", id),
			slog.String("method", c.Method()),
			slog.String("path", withoutShareToken(c.Path())),
			slog.Int("status", c.Response().StatusCode()),
			slog.Float64("durationMs", float64(time.Since(start).Microseconds())/1000),
			slog.String("ip", c.IP()),
		}
		n := 6
		if s, ok := c.Locals(localSession).(auth.Session); ok {
			attrs[n] = slog.String("userId", s.UserID.String())
			n++
		}
		if k, ok := c.Locals(localAPIKey).(query.APIKeyCaller); ok {
			attrs[n] = slog.String("apiKeyId", k.ID.String())
			n++
		}
		if hasFailure {
			attrs[n], attrs[n+1] = slog.String("code", failed.code), slog.Any("err", failed.err)
			n += 2
		}
		log.LogAttrs(ctx, level, "request", attrs[:n]...)
		return nil
	}
}

// httpMetrics records each request's route pattern, method, final status
// and duration (metrics.Metrics.Request). It runs outside the access log,
// which has set the final status by the time it returns. The route is the
// pattern that answered, never the path; the catch-all of unknown paths
// (the not-found handler, mounted on "/") and the /api group's own
// middleware count as metrics.RouteUnmatched.
func httpMetrics(m *metrics.Metrics) fiber.Handler {
	return func(c *fiber.Ctx) error {
		start := time.Now()
		err := c.Next()
		route := metrics.RouteUnmatched
		if r := c.Route(); r != nil && r.Path != "/" && r.Path != "/api" && r.Path != "" {
			route = r.Path
		}
		m.Request(route, c.Method(), c.Response().StatusCode(), time.Since(start))
		return err
	}
}

// recoverPanic turns a panic in a handler into an internal error carrying
// the panic and its stack, which the error handler logs once with the
// request id: one bad request answers 500 and the process keeps serving.
func recoverPanic(c *fiber.Ctx) (err error) {
	defer apperr.Recover(&err)
	return c.Next()
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

// batchWork lifts the per-statement bound of DATABASE_STATEMENT_TIMEOUT
// from a route's PostgreSQL work (see store.WithoutStatementBound); the
// request's deadline still holds.
func batchWork(c *fiber.Ctx) error {
	c.SetUserContext(store.WithoutStatementBound(c.UserContext()))
	return c.Next()
}

// requireSession answers 401 unless the session cookie holds a valid token.
func requireSession(tokens *auth.Tokens, verified *sessionCache) fiber.Handler {
	return func(c *fiber.Ctx) error {
		raw := c.Cookies(auth.CookieName)
		if raw == "" {
			return apperr.Unauthenticated("sign in first: no session cookie")
		}
		s, ok := verified.get(raw)
		if !ok {
			var err error
			if s, err = tokens.Verify(raw); err != nil {
				return apperr.Unauthenticated("session is invalid or expired: sign in again")
			}
			verified.put(raw, s)
		}
		c.Locals(localSession, s)
		cl := clientOf(c)
		cl.UserID = s.UserID
		c.SetUserContext(command.WithClient(c.UserContext(), cl))
		return c.Next()
	}
}

// requireLive answers 401 when the session ended on the server; the routes
// with a workspace check it with the membership (requireWorkspace), in one
// statement. An API key's request has its user from the key already.
func requireLive(q query.SessionHandler) fiber.Handler {
	return func(c *fiber.Ctx) error {
		if byKey(c) {
			return c.Next()
		}
		me, err := q.Handle(c.UserContext(), session(c))
		if err != nil {
			return err
		}
		c.Locals(localMe, me)
		return c.Next()
	}
}

// clientInfo puts the client's address and browser into the request's
// context, for the activity log and the sessions list.
func clientInfo(c *fiber.Ctx) error {
	c.SetUserContext(command.WithClient(c.UserContext(), command.Client{IP: c.IP(), UserAgent: string(c.Request().Header.UserAgent())}))
	return c.Next()
}

func clientOf(c *fiber.Ctx) command.Client { return command.ClientOf(c.UserContext()) }

// sessionCache remembers the tokens that passed verification, each for a
// minute and never past its expiry: a token's verdict does not change before
// it expires, and checking its HMAC and decoding its claims on every request
// took a tenth of a cached dashboard answer's CPU.
type sessionCache struct {
	mu  sync.RWMutex
	m   map[string]verifiedSession
	now func() time.Time
}

type verifiedSession struct {
	s     auth.Session
	until time.Time
}

const (
	sessionCacheFor  = time.Minute
	sessionCacheSize = 10_000
)

func newSessionCache() *sessionCache {
	return &sessionCache{m: map[string]verifiedSession{}, now: time.Now}
}

func (sc *sessionCache) get(raw string) (auth.Session, bool) {
	sc.mu.RLock()
	v, ok := sc.m[raw]
	sc.mu.RUnlock()
	if !ok || !sc.now().Before(v.until) {
		return auth.Session{}, false
	}
	return v.s, true
}

func (sc *sessionCache) put(raw string, s auth.Session) {
	now := sc.now()
	until := now.Add(sessionCacheFor)
	if s.ExpiresAt.Before(until) {
		until = s.ExpiresAt
	}
	if !now.Before(until) {
		return
	}
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if len(sc.m) >= sessionCacheSize {
		for k, v := range sc.m {
			if !now.Before(v.until) {
				delete(sc.m, k)
			}
		}
		if len(sc.m) >= sessionCacheSize {
			clear(sc.m)
		}
	}
	// raw may point into fasthttp's request buffer, which the next request
	// overwrites: the key must own its bytes.
	sc.m[strings.Clone(raw)] = verifiedSession{s: s, until: until}
}

// requireWorkspace loads the caller's workspace membership, checking that
// the session is live, then runs next. An API key's request has the
// membership of the key's workspace already, read with the key.
func requireWorkspace(q query.MembershipHandler, next fiber.Handler) fiber.Handler {
	return func(c *fiber.Ctx) error {
		if byKey(c) {
			return next(c)
		}
		m, err := q.Handle(c.UserContext(), session(c))
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

// privateAnswer marks every answer of a route that knows who is asking
// (the session routes, sign-up, login, logout), errors included, as the
// caller's alone and not to be kept: by a shared cache on the way, or by
// the browser for the next person at the same machine. It is set after
// the handler, so no route can answer otherwise.
func privateAnswer(c *fiber.Ctx) error {
	err := c.Next()
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return err
}

// noSniff keeps browsers to the declared content type of every API answer.
func noSniff(c *fiber.Ctx) error {
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	return c.Next()
}
