package httpx

import (
	"context"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/query/answercache"
	"github.com/reeltrack/reeltrack/query/chread"
	queryteam "github.com/reeltrack/reeltrack/query/team"
)

// Answers serves answers from the answer cache, and keeps start values (if StartValues).
type Answers struct {
	Cache       *answercache.Cache
	StartValues *chread.StartValueCache
}

// Cached answers from the cache, keyed by workspace, data version, name and
// params. compute may run on after the request has left (a concurrent miss
// shares it), when fiber has handed c to another request: it must not read c.
func (a Answers) Cached(c *fiber.Ctx, name, params string, compute func(ctx context.Context, ws uuid.UUID) (any, error)) error {
	m := Membership(c)
	ws := m.WorkspaceID
	k := answercache.Key{Workspace: ws, Version: m.DataVersion, Name: name, Params: params}
	b, err := a.Cache.JSON(a.withStartValueCache(c.UserContext(), m), k, func(ctx context.Context) (any, error) { return compute(ctx, ws) })
	if err != nil {
		return err
	}
	return sendJSON(c, b)
}

// CachedFor answers k from the cache for a share link's visitor, keeping no start
// values; compute, as Cached's, must not read c.
func (a Answers) CachedFor(c *fiber.Ctx, k answercache.Key, compute func(context.Context) (any, error)) error {
	b, err := a.Cache.JSON(c.UserContext(), k, compute)
	if err != nil {
		return err
	}
	return sendJSON(c, b)
}

func sendJSON(c *fiber.Ctx, b []byte) error {
	c.Response().Header.SetContentType(fiber.MIMEApplicationJSONCharsetUTF8)
	return c.Send(b)
}

// withStartValueCache lets the request's reads keep start values in the
// server's cache, under the workspace's history as of the request.
func (a Answers) withStartValueCache(ctx context.Context, m queryteam.Membership) context.Context {
	if a.StartValues == nil || m.ScrapedUntil == nil {
		return ctx
	}
	return chread.WithKeptStartValues(ctx, chread.KeptStartValues{Cache: a.StartValues, HistoryVersion: m.HistoryVersion, ScrapedUntil: *m.ScrapedUntil})
}
