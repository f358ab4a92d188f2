package store

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis is the cache and rate-limit store. It is optional by design: after a
// few failures in a row it is skipped for a short while, so a dead Redis
// costs the requests almost nothing.
type Redis struct {
	Client *redis.Client
	Prefix string

	failures  atomic.Int32
	openUntil atomic.Int64 // unix nanos until which Redis is skipped
}

const (
	breakerFailures = 3
	breakerPause    = 5 * time.Second
)

// quietLogger drops go-redis's own log lines: every failure also comes back
// as an error, which the caller logs once, without the noise of pool retries.
type quietLogger struct{}

func (quietLogger) Printf(context.Context, string, ...any) {}

func init() { redis.SetLogger(quietLogger{}) }

// OpenRedis makes a client with short timeouts. It does not require Redis to
// answer: the service runs without it.
func OpenRedis(rawURL, prefix string) (*Redis, error) {
	opt, err := redis.ParseURL(rawURL)
	if err != nil {
		return nil, fmt.Errorf("parse REDIS_URL: %w", err)
	}
	opt.DialTimeout = 250 * time.Millisecond
	opt.ReadTimeout = 200 * time.Millisecond
	opt.WriteTimeout = 200 * time.Millisecond
	opt.PoolTimeout = 250 * time.Millisecond
	opt.MaxRetries = 1
	opt.ContextTimeoutEnabled = true
	return &Redis{Client: redis.NewClient(opt), Prefix: prefix}, nil
}

// Up reports whether Redis should be tried now.
func (r *Redis) Up() bool {
	return time.Now().UnixNano() >= r.openUntil.Load()
}

// Observe records the outcome of a Redis call; redis.Nil counts as success.
func (r *Redis) Observe(err error) {
	if err == nil || errors.Is(err, redis.Nil) {
		r.failures.Store(0)
		return
	}
	if r.failures.Add(1) >= breakerFailures {
		r.openUntil.Store(time.Now().Add(breakerPause).UnixNano())
		r.failures.Store(0)
	}
}

// Key prefixes a key with the configured namespace.
func (r *Redis) Key(k string) string { return r.Prefix + k }

// Ping checks Redis directly, ignoring the breaker.
func (r *Redis) Ping(ctx context.Context) error { return r.Client.Ping(ctx).Err() }

// Close closes the client.
func (r *Redis) Close() error { return r.Client.Close() }
