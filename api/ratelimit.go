package api

import (
	"context"
	"log/slog"
	"math"
	"strconv"
	"sync"
	"time"

	"github.com/go-redis/redis_rate/v10"
	"github.com/gofiber/fiber/v2"
	"golang.org/x/time/rate"

	"github.com/reeltrack/reeltrack/internal/store"
)

// limiter counts requests per key in Redis (shared by every replica) and
// falls back to per-process buckets while Redis is unreachable.
type limiter struct {
	redis *store.Redis
	rr    *redis_rate.Limiter
	log   *slog.Logger

	mu    sync.Mutex
	local map[string]*localBucket
	swept time.Time
}

type localBucket struct {
	lim  *rate.Limiter
	seen time.Time
}

func newLimiter(r *store.Redis, log *slog.Logger) *limiter {
	l := &limiter{redis: r, log: log, local: map[string]*localBucket{}}
	if r != nil {
		l.rr = redis_rate.NewLimiter(r.Client)
	}
	return l
}

// allow takes one request from key's bucket of perMinute requests and says
// how long to wait when the bucket is empty.
func (l *limiter) allow(ctx context.Context, key string, perMinute int) (bool, time.Duration) {
	if l.rr != nil && l.redis.Up() {
		res, err := l.rr.Allow(ctx, l.redis.Key("rl:"+key), redis_rate.PerMinute(perMinute))
		l.redis.Observe(err)
		if err == nil {
			return res.Allowed > 0, res.RetryAfter
		}
		l.log.Warn("rate limit store unavailable, using in-process limits", "err", err)
	}
	return l.allowLocal(key, perMinute)
}

func (l *limiter) allowLocal(key string, perMinute int) (bool, time.Duration) {
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > time.Minute {
		for k, b := range l.local {
			if now.Sub(b.seen) > 2*time.Minute {
				delete(l.local, k)
			}
		}
		l.swept = now
	}
	b, ok := l.local[key]
	if !ok {
		b = &localBucket{lim: rate.NewLimiter(rate.Limit(float64(perMinute)/60), perMinute)}
		l.local[key] = b
	}
	b.seen = now
	r := b.lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, d
	}
	return true, 0
}

// limit answers 429 with Retry-After once key(c) has used its perMinute
// requests.
func (l *limiter) limit(perMinute int, key func(*fiber.Ctx) string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		ok, wait := l.allow(c.UserContext(), key(c), perMinute)
		if !ok {
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
