package api

import (
	"context"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/query"
)

// cached answers from the cache, keyed by the caller's workspace, its data
// version, the answer's name and its normalized parameters. On the routes
// that leave it to cached (limitWithCache), the per-user rate limit goes to
// Redis in the round trip that reads the cache.
func (s *server) cached(c *fiber.Ctx, name, params string, compute func(context.Context) (any, error)) error {
	m := membership(c)
	k := query.CacheKey{Workspace: m.WorkspaceID, Version: m.DataVersion, Name: name, Params: params}
	var along query.Along
	if o := owed(c); o != nil {
		o.taken = true
		along = s.limiter.along(c, o.key, o.perMinute)
	}
	b, err := s.cache.JSONAlong(c.UserContext(), k, along, compute)
	if err != nil {
		return err
	}
	h := &c.Response().Header
	h.SetContentType(fiber.MIMEApplicationJSONCharsetUTF8)
	h.Set(fiber.HeaderCacheControl, "private, no-cache")
	return c.Send(b)
}

// params returns the request's query parameters after checking that each
// is one of allowed: a misspelt parameter is an error, not silently ignored.
func params(c *fiber.Ctx, allowed ...string) (func(string) string, error) {
	var err error
	c.Context().QueryArgs().VisitAll(func(k, _ []byte) {
		if err == nil && !slices.Contains(allowed, string(k)) {
			err = apperr.Invalid(string(k), "unknown parameter: allowed are "+strings.Join(allowed, ", "))
		}
	})
	return func(k string) string { return c.Query(k) }, err
}

var filterParams = []string{"platforms", "datePreset", "collectionId", "individualOnly", "platformShopOnly"}

func (s *server) getVideos(c *fiber.Ctx) error {
	get, err := params(c, append(filterParams, "sort", "limit", "offset")...)
	if err != nil {
		return err
	}
	q, err := query.ParseVideoQuery(get)
	if err != nil {
		return err
	}
	return s.cached(c, "videos", q.Key(), func(ctx context.Context) (any, error) {
		return s.videos.Handle(ctx, membership(c).WorkspaceID, q)
	})
}

func (s *server) getOverview(c *fiber.Ctx) error {
	get, err := params(c, filterParams...)
	if err != nil {
		return err
	}
	q, err := query.ParseOverviewQuery(get)
	if err != nil {
		return err
	}
	return s.cached(c, "overview", q.Key(), func(ctx context.Context) (any, error) {
		return s.overview.Handle(ctx, membership(c).WorkspaceID, q)
	})
}
