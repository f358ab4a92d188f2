package api

import (
	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/internal/ratelimit"
)

// rateLimit counts the request in key(c)'s bucket before the handler runs:
// 429 with Retry-After once its perMinute requests are used.
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

// Limits of the account routes: per client, the reset links asked for; per
// user, the attempts at the current password.
const (
	resetsPerClientMinute    = 5
	passwordChangesPerMinute = 5
)

// sharedPerMinute is how many requests a client may make a minute to the
// public routes of share links.
const sharedPerMinute = 120

// publicReads is how many times the public limit a client may read the
// public answers (plans, founding spots) a minute.
const publicReads = 6
