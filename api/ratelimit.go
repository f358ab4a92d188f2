package api

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"strconv"
	"strings"
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
			return tooMany(c, wait)
		}
		return c.Next()
	}
}

// tooMany answers 429 with the wait in Retry-After.
func tooMany(c *fiber.Ctx, wait time.Duration) error {
	c.Set(fiber.HeaderRetryAfter, strconv.Itoa(int(math.Ceil(max(wait, time.Second).Seconds()))))
	return fiber.NewError(fiber.StatusTooManyRequests, "too many requests: slow down and retry later")
}

// limit takes one request from key's bucket of n per period, for limits a
// route sets on what its body names: 429 with Retry-After when it is empty.
func (s *server) limit(c *fiber.Ctx, key string, n int, period time.Duration) error {
	if ok, wait := s.Limiter.AllowEvery(c.UserContext(), key, n, period); !ok {
		return tooMany(c, wait)
	}
	return nil
}

// addressKey is a rate limit key of an e-mail address as typed: trimmed,
// lower-cased and hashed, so any input gives a short key.
func addressKey(email string) string {
	h := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(email))))
	return hex.EncodeToString(h[:16])
}

func byIP(group string) func(*fiber.Ctx) string {
	return func(c *fiber.Ctx) string { return "ip:" + group + ":" + c.IP() }
}

func byUser(c *fiber.Ctx) string { return "user:" + session(c).UserID.String() }

// byUserIn is byUser for a bucket of its own, beside the user's bucket of
// every route.
func byUserIn(group string) func(*fiber.Ctx) string {
	return func(c *fiber.Ctx) string { return "user:" + group + ":" + session(c).UserID.String() }
}

// Limits of the account routes: per client, the reset links asked for; per
// user, the attempts at the current password.
const (
	resetsPerClientMinute    = 5
	passwordChangesPerMinute = 5
)
