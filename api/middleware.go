package api

import (
	"context"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/logctx"
	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/store"
	queryreports "github.com/reeltrack/reeltrack/query/reports"
	querysharing "github.com/reeltrack/reeltrack/query/sharing"
	queryteam "github.com/reeltrack/reeltrack/query/team"
)

const (
	localFailure = "failure"

	headerRequestID = "X-Request-ID"
)

var validRequestID = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

func requestID(c *fiber.Ctx) error {
	id := c.Get(headerRequestID)
	if !validRequestID.MatchString(id) {
		id = uuid.NewString()
	}
	httpx.SetRequestID(c, id)
	c.Set(headerRequestID, id)
	c.SetUserContext(logctx.WithRequestID(c.UserContext(), id))
	return c.Next()
}

// accessLog writes one JSON line per request, after the error handler set the
// final status; never the query string, headers, cookies or bodies. A failed
// request's line is a warning for an outage or refusal, an error for internal.
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
		attrs := [10]slog.Attr{
			slog.String("requestId", httpx.RequestID(c)),
			slog.String("method", c.Method()),
			slog.String("path", withoutShareToken(c.Path())),
			slog.Int("status", c.Response().StatusCode()),
			slog.Float64("durationMs", float64(time.Since(start).Microseconds())/1000),
			slog.String("ip", c.IP()),
		}
		n := 6
		if s := httpx.Session(c); s.UserID != uuid.Nil {
			attrs[n] = slog.String("userId", s.UserID.String())
			n++
		}
		if k, ok := c.Locals(localAPIKey).(querysharing.APIKeyCaller); ok {
			attrs[n] = slog.String("apiKeyId", k.ID.String())
			n++
		}
		if hasFailure {
			attrs[n], attrs[n+1] = slog.String("code", failed.code), slog.Any("error", failed.err)
			n += 2
		}
		log.LogAttrs(ctx, level, "request", attrs[:n]...)
		return nil
	}
}

// withoutShareToken is a request path with a share link's token masked.
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

// httpMetrics records each request's route, method, final status and duration;
// it runs outside the access log, which sets the final status.
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

// recoverPanic turns a handler's panic into a 500, so the process keeps serving.
func recoverPanic(c *fiber.Ctx) (err error) {
	defer apperr.Recover(&err)
	return c.Next()
}

// deadline gives every request a deadline, so no database call outlives it.
func deadline(d time.Duration) fiber.Handler {
	return func(c *fiber.Ctx) error {
		ctx, cancel := context.WithTimeout(c.UserContext(), d)
		defer cancel()
		c.SetUserContext(ctx)
		return c.Next()
	}
}

// foreground counts each request in f while it is answered, and lets the
// work it starts yield to the others (background.Foreground); a route that
// is such work itself leaves the count first (asBackground).
func foreground(f *background.Foreground) fiber.Handler {
	return func(c *fiber.Ctx) error {
		leave, drop := f.EnterRoute()
		defer leave()
		c.Locals(foregroundDropKey{}, drop)
		c.SetUserContext(background.WithForeground(c.UserContext(), f))
		return c.Next()
	}
}

type foregroundDropKey struct{}

// asBackground marks a route's work as work nobody waits on as it runs
// (exports, the cron's steps, scrape completions): it does not count as a
// request being answered, so the other background work does not yield to
// it, nor wait for a quiet moment after it.
func asBackground(c *fiber.Ctx) error {
	if drop, ok := c.Locals(foregroundDropKey{}).(func()); ok {
		drop()
	}
	return c.Next()
}

// inBackground runs a route's handlers as background work (asBackground).
func inBackground(hs []fiber.Handler) []fiber.Handler {
	return append([]fiber.Handler{asBackground}, hs...)
}

// batchWork lifts DATABASE_STATEMENT_TIMEOUT from a route's PostgreSQL work
// and bounds the request by d (BATCH_TIMEOUT) instead of REQUEST_TIMEOUT: a
// cron run or a completion that is cut off is done again from its start.
func batchWork(d time.Duration) fiber.Handler {
	return func(c *fiber.Ctx) error {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(c.UserContext()), d)
		defer cancel()
		c.SetUserContext(store.WithoutStatementBound(ctx))
		return c.Next()
	}
}

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
		httpx.SetSession(c, s)
		cl := clientOf(c)
		cl.UserID = s.UserID
		c.SetUserContext(activitylog.WithClient(c.UserContext(), cl))
		return c.Next()
	}
}

// requireLive answers 401 when the session ended on the server.
func requireLive(q queryteam.SessionHandler) fiber.Handler {
	return func(c *fiber.Ctx) error {
		if byKey(c) {
			return c.Next()
		}
		me, err := q.Handle(c.UserContext(), httpx.Session(c))
		if err != nil {
			return err
		}
		httpx.SetMe(c, me)
		return c.Next()
	}
}

func clientInfo(c *fiber.Ctx) error {
	c.SetUserContext(activitylog.WithClient(c.UserContext(), activitylog.Client{IP: c.IP(), UserAgent: string(c.Request().Header.UserAgent())}))
	return c.Next()
}

func clientOf(c *fiber.Ctx) activitylog.Client { return activitylog.ClientOf(c.UserContext()) }

// sessionCache remembers verified tokens for a minute, never past expiry: a
// verdict does not change before expiry, and checking the HMAC and claims on
// every request took a tenth of a cached dashboard answer's CPU.
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

// errCreatorsPortal refuses a creator's login every route of the team.
var errCreatorsPortal = apperr.Forbidden("a creator's login sees only the creator portal (/api/creator)")

// errTeamOnly refuses the team the creator portal's routes.
var errTeamOnly = apperr.Forbidden("only a creator's login has a creator portal")

// errClientReadsOnly refuses a client viewer every route it is not given.
var errClientReadsOnly = apperr.Forbidden("a client viewer reads the workspace's numbers and changes nothing")

// errNoPayouts refuses a client viewer the campaigns' money unless allowed.
var errNoPayouts = apperr.Forbidden("this client viewer is not shown payouts: ask the workspace's team")

// requireWorkspace loads the caller's membership, the session checked live
// with it; a creator's login is refused (403): the workspace's routes are
// its team's; so is a client viewer's. An API key is always a manager's.
func requireWorkspace(q queryteam.MembershipHandler, next fiber.Handler) fiber.Handler {
	return loadWorkspace(q, nil, next)
}

// clientReach is what a route lets a client viewer read.
type clientReach int

const (
	// clientNumbers: numbers filtered by the query's collectionId, which a
	// viewer of chosen collections must keep to one of them (the first
	// when the query names none).
	clientNumbers clientReach = iota + 1
	// clientAsIs: a route whose answer the room itself narrows, or that
	// says nothing of the workspace's items.
	clientAsIs
	// clientPayouts: the campaigns' money, for a viewer allowed payouts.
	clientPayouts
	// clientVideo and clientAccount: one video or account, the path's :id,
	// which must be in one of a viewer's collections.
	clientVideo
	clientAccount
	// clientReport: a report's PDF (the query's subject and id): the
	// overview for a viewer of the whole workspace, a collection it reads,
	// a campaign (its collection's id) with payouts.
	clientReport
)

// allowClient is requireWorkspace that lets a client viewer in, read only,
// to what the route's reach says.
func allowClient(q queryteam.MembershipHandler, reach clientReach, next fiber.Handler) fiber.Handler {
	return loadWorkspace(q, &reach, next)
}

func loadWorkspace(q queryteam.MembershipHandler, reach *clientReach, next fiber.Handler) fiber.Handler {
	return func(c *fiber.Ctx) error {
		if byKey(c) {
			return next(c)
		}
		m, err := q.Handle(c.UserContext(), httpx.Session(c))
		if err != nil {
			return err
		}
		switch {
		case m.Role == domain.RoleClient:
			if reach == nil || (c.Method() != fiber.MethodGet && c.Method() != fiber.MethodHead && *reach != clientAsIs) {
				return errClientReadsOnly
			}
			if err := clientScope(c, q, m, *reach); err != nil {
				return err
			}
		case !m.Role.Team():
			return errCreatorsPortal
		}
		httpx.SetMembership(c, m)
		return next(c)
	}
}

// clientScope keeps a client viewer's request within its collections.
func clientScope(c *fiber.Ctx, q queryteam.MembershipHandler, m queryteam.Membership, reach clientReach) error {
	if reach == clientPayouts && !m.ClientPayouts {
		return errNoPayouts
	}
	if reach == clientReport {
		return clientReportScope(c, m)
	}
	if m.ClientCollections == nil {
		return nil
	}
	switch reach {
	case clientVideo, clientAccount:
		id, err := uuid.Parse(c.Params("id"))
		if err != nil {
			return apperr.NotFound("not found")
		}
		kind := queryteam.ReachVideo
		if reach == clientAccount {
			kind = queryteam.ReachAccount
		}
		ok, err := q.Reaches(c.UserContext(), m, kind, id)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.NotFound(string(kind) + " not found")
		}
		return nil
	case clientPayouts:
		// a campaign's id is its collection's
		if raw := c.Params("id"); raw != "" {
			if id, err := uuid.Parse(raw); err != nil || !slices.Contains(m.ClientCollections, id) {
				return apperr.NotFound("campaign not found")
			}
		}
		return nil
	case clientNumbers:
	default:
		return nil
	}
	args := c.Request().URI().QueryArgs()
	raw := string(args.Peek("collectionId"))
	if raw == "" {
		if len(m.ClientCollections) == 0 {
			return apperr.NotFound("collection not found")
		}
		args.Set("collectionId", m.ClientCollections[0].String())
		return nil
	}
	id, err := uuid.Parse(raw)
	if err != nil || !slices.Contains(m.ClientCollections, id) {
		return apperr.NotFound("collection not found")
	}
	return nil
}

// clientReportScope keeps a client viewer's report to what it reads: a
// campaign's report shows its spend (payouts only), the overview's is the
// whole workspace's (viewers of the whole workspace only).
func clientReportScope(c *fiber.Ctx, m queryteam.Membership) error {
	args := c.Request().URI().QueryArgs()
	subject := queryreports.Subject(args.Peek("subject"))
	if subject == queryreports.Campaign && !m.ClientPayouts {
		return errNoPayouts
	}
	if m.ClientCollections == nil {
		return nil
	}
	switch subject {
	case queryreports.Collection, queryreports.Campaign:
		id, err := uuid.Parse(string(args.Peek("id")))
		if err != nil || !slices.Contains(m.ClientCollections, id) {
			return apperr.NotFound(string(subject) + " not found")
		}
		return nil
	default:
		return apperr.Forbidden("a client viewer of chosen collections downloads the reports of its collections: choose subject=collection")
	}
}

// requireCreator loads the caller's membership as requireWorkspace does and
// lets only a creator's login through, to its own creator's portal; an API
// key is refused.
func requireCreator(q queryteam.MembershipHandler, next fiber.Handler) fiber.Handler {
	return func(c *fiber.Ctx) error {
		if byKey(c) {
			return errTeamOnly
		}
		m, err := q.Handle(c.UserContext(), httpx.Session(c))
		if err != nil {
			return err
		}
		if m.Role != domain.RoleCreator || m.CreatorID == nil {
			return errTeamOnly
		}
		httpx.SetMembership(c, m)
		return next(c)
	}
}

// privateAnswer marks every answer of a route that knows who is asking as not
// to be kept by a cache, set after the handler so that no route can do otherwise.
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
