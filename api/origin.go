package api

import (
	"slices"

	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/config"
)

// sameOrigin refuses (403) writes a browser sends for a page of another site, as
// the session cookie goes along. A request with neither Origin nor
// Sec-Fetch-Site (curl, servers) carries no cookies and passes.
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

// allowOrigin lets the pages of origins read a cross-origin answer (CORS), for
// the lead form of other landing pages; sameOrigin refused the others' writes.
func allowOrigin(origins []string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		c.Vary(fiber.HeaderOrigin)
		if o, err := config.Origin(c.Get(fiber.HeaderOrigin)); err == nil && slices.Contains(origins, o) {
			c.Set(fiber.HeaderAccessControlAllowOrigin, o)
		}
		return c.Next()
	}
}

// preflight answers a CORS preflight: 204 for one of origins, 403 for any other.
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
