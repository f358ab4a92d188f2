package api

import (
	"math"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/internal/ratelimit"
)

// rateLimit counts the request in key(c)'s bucket before the handler runs,
// and answers 429 with Retry-After once the bucket's perMinute requests are
// used.
func rateLimit(l *ratelimit.Limiter, perMinute int, key func(*fiber.Ctx) string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		if ok, wait := l.Allow(c.UserContext(), key(c), perMinute); !ok {
			c.Set(fiber.HeaderRetryAfter, strconv.Itoa(int(math.Ceil(max(wait, time.Second).Seconds()))))
			return fiber.NewError(fiber.StatusTooManyRequests, "too many requests: slow down and retry later")
		}
		return c.Next()
	}
}

func byIP(group string) func(*fiber.Ctx) string {
	return func(c *fiber.Ctx) string { return "ip:" + group + ":" + c.IP() }
}

func byUser(c *fiber.Ctx) string { return "user:" + session(c).UserID.String() }
