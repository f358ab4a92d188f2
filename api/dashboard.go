package api

import (
	"context"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/answercache"
	"github.com/reeltrack/reeltrack/query/chread"
)

// cached answers from the cache, keyed by the caller's workspace, its data
// version, the answer's name and its normalized parameters.
func (s *server) cached(c *fiber.Ctx, name, params string, compute func(context.Context) (any, error)) error {
	m := membership(c)
	k := answercache.Key{Workspace: m.WorkspaceID, Version: m.DataVersion, Name: name, Params: params}
	b, err := s.Cache.JSON(s.withStartValueCache(c.UserContext(), m), k, compute)
	if err != nil {
		return err
	}
	c.Response().Header.SetContentType(fiber.MIMEApplicationJSONCharsetUTF8)
	return c.Send(b)
}

// withStartValueCache lets the reads of a request keep start values in
// the server's cache, under the workspace's history as of the request
// (chread.KeptStartValues).
func (s *server) withStartValueCache(ctx context.Context, m query.Membership) context.Context {
	if s.StartValueCache == nil || m.ScrapedUntil == nil {
		return ctx
	}
	return chread.WithKeptStartValues(ctx, chread.KeptStartValues{Cache: s.StartValueCache, HistoryVersion: m.HistoryVersion, ScrapedUntil: *m.ScrapedUntil})
}

// params returns the request's query parameters after checking that each
// is one of allowed: a misspelt parameter is an error, not silently ignored.
// A UUID parameter (uuidParams) that is present must hold one: the parsers
// see an empty value as an absent one, and collectionId= must not widen a
// filter to the whole workspace.
func params(c *fiber.Ctx, allowed ...string) (func(string) string, error) {
	var err error
	c.Context().QueryArgs().VisitAll(func(k, v []byte) {
		switch {
		case err != nil:
		case !slices.Contains(allowed, string(k)):
			err = apperr.Invalid(string(k), "unknown parameter: allowed are "+strings.Join(allowed, ", "))
		case len(v) == 0 && slices.Contains(uuidParams, string(k)):
			err = apperr.Invalid(string(k), "must be a UUID; leave the parameter out for none")
		}
	})
	return func(k string) string { return c.Query(k) }, err
}

// parsed reads the request's query parameters, allowed as params checks
// them, with parse.
func parsed[Q any](c *fiber.Ctx, parse func(get func(string) string) (Q, error), allowed ...string) (Q, error) {
	get, err := params(c, allowed...)
	if err != nil {
		var none Q
		return none, err
	}
	return parse(get)
}

// uuidParams are the query parameters that hold a UUID.
var uuidParams = []string{"collectionId", "ruleId"}

var filterParams = []string{"platforms", "datePreset", "collectionId", "individualOnly", "platformShopOnly", "status"}

func (s *server) getVideos(c *fiber.Ctx) error {
	q, err := parsed(c, parseVideoQuery, append(filterParams, "sort", "limit", "offset")...)
	if err != nil {
		return err
	}
	return s.cached(c, "videos", q.Key(), func(ctx context.Context) (any, error) {
		return s.Videos.Handle(ctx, membership(c).WorkspaceID, q)
	})
}

func (s *server) getVideo(c *fiber.Ctx, id uuid.UUID) error {
	if _, err := params(c); err != nil {
		return err
	}
	return s.cached(c, "video", id.String(), func(ctx context.Context) (any, error) {
		return s.Videos.One(ctx, membership(c).WorkspaceID, id)
	})
}

func (s *server) getOverview(c *fiber.Ctx) error {
	get, err := params(c, append(filterParams, "from", "to")...)
	if err != nil {
		return err
	}
	q, err := parseOverviewQuery(get, s.Now())
	if err != nil {
		return err
	}
	return s.cached(c, "overview", q.Key(), func(ctx context.Context) (any, error) {
		return s.Overview.Handle(ctx, membership(c).WorkspaceID, q)
	})
}
