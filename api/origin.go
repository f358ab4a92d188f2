package api

import (
	"slices"

	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/config"
)

// sameOrigin refuses (403) writes a browser sends for a page of another site:
// the session cookie goes along, so any page could act as the user. With an
// Origin header it must be one of origins ("null" is foreign); without one,
// Sec-Fetch-Site must say same-origin or none; a request with neither
// (curl, servers) carries no cookies and passes, as do safe methods.
func sameOrigin(origins []string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		switch c.Method() {
		case fiber.MethodGet, fiber.MethodHead, fiber.MethodOptions:
			return c.Next()
		}
		if raw := c.Get(fiber.HeaderOrigin); raw != "" {
			if o, err := config.Origin(raw); err != nil || !slices.Contains(origins, o) {
				return apperr.Forbidden("cross-site request refused: the Origin header is not this site's origin (PUBLIC_BASE_URL) nor one of ALLOWED_ORIGINS")
			}
			return c.Next()
		}
		switch c.Get("Sec-Fetch-Site") {
		case "", "same-origin", "none":
			return c.Next()
		}
		return apperr.Forbidden("cross-site request refused: Sec-Fetch-Site says the request comes from another site")
	}
}

// allowOrigin lets the pages of origins read the answer of a cross-origin
// request (CORS), for the lead form on landing pages of other origins. It
// runs after sameOrigin, which has refused the other origins' writes.
func allowOrigin(origins []string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		c.Vary(fiber.HeaderOrigin)
		if o, err := config.Origin(c.Get(fiber.HeaderOrigin)); err == nil && slices.Contains(origins, o) {
			c.Set(fiber.HeaderAccessControlAllowOrigin, o)
		}
		return c.Next()
	}
}

// preflight answers a browser's CORS preflight for a POST with a JSON body
// from one of origins: 204 with the permission, 403 for any other origin.
func preflight(origins []string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		c.Vary(fiber.HeaderOrigin)
		o, err := config.Origin(c.Get(fiber.HeaderOrigin))
		if err != nil || !slices.Contains(origins, o) {
			return apperr.Forbidden("cross-site request refused: the Origin header is not this site's origin (PUBLIC_BASE_URL) nor one of ALLOWED_ORIGINS")
		}
		c.Set(fiber.HeaderAccessControlAllowOrigin, o)
		c.Set(fiber.HeaderAccessControlAllowMethods, fiber.MethodPost)
		c.Set(fiber.HeaderAccessControlAllowHeaders, "Content-Type, X-Request-ID")
		c.Set(fiber.HeaderAccessControlMaxAge, "600")
		return c.SendStatus(fiber.StatusNoContent)
	}
}
