// Package ratelimit counts requests per key: in Redis (GCRA of go-redis's
// redis_rate), so every replica shares one bucket, and in per-process
// buckets while Redis is skipped or failing.
package ratelimit

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"time"

	"github.com/go-redis/redis_rate/v10"
	"golang.org/x/time/rate"

	"github.com/reeltrack/reeltrack/internal/store"
)

// Limiter takes requests from buckets of a number of requests a minute.
type Limiter struct {
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
	keep time.Duration // how long an unused bucket is kept: until it is full again
}

// New returns a Limiter on r (nil: buckets in this process); log (nil: none)
// gets a line per failed call to Redis.
func New(r *store.Redis, log *slog.Logger) *Limiter {
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	l := &Limiter{redis: r, log: log, local: map[string]*localBucket{}}
	if r != nil {
		l.rr = redis_rate.NewLimiter(r.Client)
	}
	return l
}

// Allow takes one request from key's bucket of perMinute and, when empty,
// says how long to wait. In Redis the key is "rate:", the prefix, "rl:", key.
func (l *Limiter) Allow(ctx context.Context, key string, perMinute int) (bool, time.Duration) {
	return l.AllowEvery(ctx, key, perMinute, time.Minute)
}

// AllowEvery is Allow for a bucket of n requests per period.
func (l *Limiter) AllowEvery(ctx context.Context, key string, n int, period time.Duration) (bool, time.Duration) {
	if l.rr != nil && l.redis.Up() {
		res, err := l.rr.Allow(ctx, l.redis.Key("rl:"+key), redis_rate.Limit{Rate: n, Burst: n, Period: period})
		if err == nil {
			if res.Allowed > 0 {
				return true, 0
			}
			return false, res.RetryAfter
		}
		l.log.WarnContext(ctx, "rate limit store unavailable, using in-process limits", "error", err)
	}
	return l.allowLocal(key, n, period)
}

func (l *Limiter) allowLocal(key string, n int, period time.Duration) (bool, time.Duration) {
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > time.Minute {
		for k, b := range l.local {
			if now.Sub(b.seen) > b.keep {
				delete(l.local, k)
			}
		}
		l.swept = now
	}
	b, ok := l.local[key]
	if !ok {
		b = &localBucket{lim: rate.NewLimiter(rate.Limit(float64(n)/period.Seconds()), n), keep: 2 * period}
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
