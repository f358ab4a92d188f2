package api

import (
	"context"
	"log/slog"
	"math"
	"strconv"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/redis/go-redis/v9"
	"golang.org/x/time/rate"

	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/query"
)

// limiter counts requests per key in Redis (shared by every replica) and
// falls back to per-process buckets while Redis is unreachable.
type limiter struct {
	redis *store.Redis
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
	return &limiter{redis: r, log: log, local: map[string]*localBucket{}}
}

// gcra is the generic cell rate algorithm of github.com/go-redis/redis_rate
// (v10, its allowN script, which credits Pavel Pravosud's redis-gcra;
// BSD-2-Clause, Copyright (c) 2013 The github.com/go-redis/redis_rate
// Authors), kept word for word, so its digest and its keys are those of
// earlier releases and replicas of either kind share one bucket per user. It
// is here rather than called through redis_rate because that library runs
// it as a round trip of its own, and the cached routes send it in the
// pipeline that reads the cache.
var gcra = redis.NewScript(`
-- this script has side-effects, so it requires replicate commands mode
redis.replicate_commands()

local rate_limit_key = KEYS[1]
local burst = ARGV[1]
local rate = ARGV[2]
local period = ARGV[3]
local cost = tonumber(ARGV[4])

local emission_interval = period / rate
local increment = emission_interval * cost
local burst_offset = emission_interval * burst

-- redis returns time as an array containing two integers: seconds of the epoch
-- time (10 digits) and microseconds (6 digits). for convenience we need to
-- convert them to a floating point number. the resulting number is 16 digits,
-- bordering on the limits of a 64-bit double-precision floating point number.
-- adjust the epoch to be relative to Jan 1, 2017 00:00:00 GMT to avoid floating
-- point problems. this approach is good until "now" is 2,483,228,799 (Wed, 09
-- Sep 2048 01:46:39 GMT), when the adjusted value is 16 digits.
local jan_1_2017 = 1483228800
local now = redis.call("TIME")
now = (now[1] - jan_1_2017) + (now[2] / 1000000)

local tat = redis.call("GET", rate_limit_key)

if not tat then
  tat = now
else
  tat = tonumber(tat)
end

tat = math.max(tat, now)

local new_tat = tat + increment
local allow_at = new_tat - burst_offset

local diff = now - allow_at
local remaining = diff / emission_interval

if remaining < 0 then
  local reset_after = tat - now
  local retry_after = diff * -1
  return {
    0, -- allowed
    0, -- remaining
    tostring(retry_after),
    tostring(reset_after),
  }
end

local reset_after = new_tat - now
if reset_after > 0 then
  redis.call("SET", rate_limit_key, new_tat, "EX", math.ceil(reset_after))
end
local retry_after = -1
return {cost, remaining, tostring(retry_after), tostring(reset_after)}
`)

// gcraKeys are the script's keys for one bucket: redis_rate's "rate:" before
// the configured prefix.
func (l *limiter) gcraKeys(key string) []string {
	return []string{"rate:" + l.redis.Prefix + "rl:" + key}
}

// gcraArgs take one request from a bucket of perMinute requests a minute,
// all of which may come at once.
func gcraArgs(perMinute int) []any { return []any{perMinute, perMinute, 60, 1} }

// gcraResult reads the script's answer: allowed, and when not, the wait.
func gcraResult(cmd *redis.Cmd) (bool, time.Duration, error) {
	v, err := cmd.Slice()
	if err != nil {
		return false, 0, err
	}
	if len(v) != 4 {
		return false, 0, redis.Nil
	}
	allowed, _ := v[0].(int64)
	if allowed > 0 {
		return true, 0, nil
	}
	s, _ := v[2].(string)
	retry, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return false, 0, err
	}
	return false, time.Duration(retry * float64(time.Second)), nil
}

// allow takes one request from key's bucket of perMinute requests and says
// how long to wait when the bucket is empty.
func (l *limiter) allow(ctx context.Context, key string, perMinute int) (bool, time.Duration) {
	if l.redis != nil && l.redis.Up() {
		cmd := gcra.Run(ctx, l.redis.Client, l.gcraKeys(key), gcraArgs(perMinute)...)
		ok, wait, err := gcraResult(cmd)
		l.redis.Observe(cmd.Err())
		if err == nil {
			return ok, wait
		}
		l.log.Warn("rate limit store unavailable, using in-process limits", "err", err)
	}
	return l.allowLocal(key, perMinute)
}

// along is allow for a cached answer's request: the script goes to Redis in
// the pipeline that reads the cache (query.Along), so the limit costs no
// round trip of its own. The check answers 429 when the bucket is empty.
func (l *limiter) along(c *fiber.Ctx, key string, perMinute int) query.Along {
	return func(ctx context.Context, p redis.Pipeliner) func() error {
		if p == nil {
			return func() error {
				ok, wait := l.allowLocal(key, perMinute)
				return verdict(c, ok, wait)
			}
		}
		keys, args := l.gcraKeys(key), gcraArgs(perMinute)
		cmd := gcra.EvalSha(ctx, p, keys, args...)
		return func() error {
			if redis.HasErrorPrefix(cmd.Err(), "NOSCRIPT") {
				// Redis lost its scripts (a restart, SCRIPT FLUSH): Run loads it.
				ok, wait := l.allow(ctx, key, perMinute)
				return verdict(c, ok, wait)
			}
			// The cache's read in the same round trip told the breaker
			// how Redis is.
			ok, wait, err := gcraResult(cmd)
			if err != nil {
				l.log.Warn("rate limit store unavailable, using in-process limits", "err", err)
				ok, wait = l.allowLocal(key, perMinute)
			}
			return verdict(c, ok, wait)
		}
	}
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

// verdict is nil for an allowed request and the 429, with Retry-After, for
// one that is not.
func verdict(c *fiber.Ctx, ok bool, wait time.Duration) error {
	if ok {
		return nil
	}
	c.Set(fiber.HeaderRetryAfter, strconv.Itoa(int(math.Ceil(max(wait, time.Second).Seconds()))))
	return fiber.NewError(fiber.StatusTooManyRequests, "too many requests: slow down and retry later")
}

// limit answers 429 with Retry-After once key(c) has used its perMinute
// requests.
func (l *limiter) limit(perMinute int, key func(*fiber.Ctx) string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		if ok, wait := l.allow(c.UserContext(), key(c), perMinute); !ok {
			return verdict(c, ok, wait)
		}
		return c.Next()
	}
}

// owedLimit is a request's limit that its cached answer's read takes.
type owedLimit struct {
	key       string
	perMinute int
	taken     bool
}

// limitWithCache is limit for the routes that answer through cached: the
// request is counted in the Redis round trip that reads the cache, after the
// workspace lookup, instead of a round trip of its own before it. A request
// that ends without reaching the cache (a bad parameter, no workspace) is
// counted on the way out, and when it is over the limit its answer is
// replaced by the 429, so every request counts and a limited one never gets
// an answer. Only for routes whose handlers change nothing before cached.
func (l *limiter) limitWithCache(perMinute int, key func(*fiber.Ctx) string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		o := &owedLimit{key: key(c), perMinute: perMinute}
		c.Locals(localLimit, o)
		err := c.Next()
		if o.taken {
			return err
		}
		o.taken = true
		if ok, wait := l.allow(c.UserContext(), o.key, o.perMinute); !ok {
			c.Response().ResetBody()
			return verdict(c, ok, wait)
		}
		return err
	}
}

// owed returns the request's limit for cached to take, or nil when the route
// took it up front.
func owed(c *fiber.Ctx) *owedLimit {
	o, _ := c.Locals(localLimit).(*owedLimit)
	if o == nil || o.taken {
		return nil
	}
	return o
}

func byIP(group string) func(*fiber.Ctx) string {
	return func(c *fiber.Ctx) string { return "ip:" + group + ":" + c.IP() }
}

func byUser(c *fiber.Ctx) string { return "user:" + session(c).UserID.String() }
