package api

import (
	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/internal/ratelimit"
)

// rateLimit counts the request in key(c)'s bucket: 429 past perMinute requests.
func rateLimit(l *ratelimit.Limiter, perMinute int, key func(*fiber.Ctx) string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		if ok, wait := l.Allow(c.UserContext(), key(c), perMinute); !ok {
			return httpx.TooMany(c, wait)
		}
		return c.Next()
	}
}

func byIP(group string) func(*fiber.Ctx) string {
	return func(c *fiber.Ctx) string { return "ip:" + group + ":" + c.IP() }
}

func byUser(c *fiber.Ctx) string { return "user:" + httpx.Session(c).UserID.String() }

// byUserIn is byUser for a bucket of its own, beside the user's every-route one.
func byUserIn(group string) func(*fiber.Ctx) string {
	return func(c *fiber.Ctx) string { return "user:" + group + ":" + httpx.Session(c).UserID.String() }
}

// Limits of the account routes: reset links per client, password attempts per user.
const (
	resetsPerClientMinute    = 5
	passwordChangesPerMinute = 5
)

// reportsPerMinute bounds a user's PDFs a minute (each prints in a browser).
const reportsPerMinute = 12

// sharedPerMinute bounds a client's requests a minute to the routes of share links.
const sharedPerMinute = 120

// publicReads multiplies the public limit for the public reads (plans, founding spots).
const publicReads = 6
