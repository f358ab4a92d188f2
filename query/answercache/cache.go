package answercache

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
	"golang.org/x/sync/singleflight"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/store"
)

// Cache keeps encoded answers in Redis and, with LocalBytes, in this process.
type Cache struct {
	Redis *store.Redis // nil: no cache
	TTL   time.Duration
	Log   *slog.Logger
	// LocalBytes bounds the answers kept in this process; 0 keeps none.
	LocalBytes int
	// ComputeTimeout bounds a computation, which outlives its callers; 0: computeTimeout.
	ComputeTimeout time.Duration
	// Metrics counts the hits by layer and the misses; nil: nothing.
	Metrics *metrics.Metrics

	flight singleflight.Group
	local  localAnswers
}

// Key names one cached answer.
type Key struct {
	Workspace uuid.UUID
	Version   int64
	Name      string
	Params    string
}

// String is "cache:workspace:version:name:params".
func (k Key) String() string { return string(k.appendTo(nil)) }

func (k Key) appendTo(b []byte) []byte {
	b = append(b, "cache:"...)
	b = append(b, k.Workspace.String()...)
	b = append(b, ':')
	b = strconv.AppendInt(b, k.Version, 10)
	b = append(b, ':')
	b = append(b, k.Name...)
	b = append(b, ':')
	return append(b, k.Params...)
}

func (c *Cache) key(k Key) string {
	prefix := ""
	if c.Redis != nil {
		prefix = c.Redis.Prefix
	}
	b := make([]byte, 0, len(prefix)+len("cache:")+36+1+20+1+len(k.Name)+1+len(k.Params))
	return string(k.appendTo(append(b, prefix...)))
}

// JSON returns k's answer as JSON: kept here, from Redis, or computed and stored.
func (c *Cache) JSON(ctx context.Context, k Key, compute func(context.Context) (any, error)) ([]byte, error) {
	key := c.key(k)
	if b, ok := c.local.get(key, c.LocalBytes); ok {
		c.Metrics.CacheHit(metrics.CacheLocal)
		return b, nil
	}
	if c.Redis == nil || !c.Redis.Up() {
		c.Metrics.CacheMiss()
		return c.computeAndStore(ctx, k, key, compute)
	}
	var (
		get *redis.StringCmd
		ttl *redis.DurationCmd
	)
	if c.LocalBytes <= 0 {
		get = c.Redis.Client.Get(ctx, key)
	} else {
		// the TTL comes in the same round trip: the copy here expires with Redis's
		p := c.Redis.Client.Pipeline()
		get = p.Get(ctx, key)
		ttl = p.PTTL(ctx, key)
		// a failure shows in each command's error
		_, _ = p.Exec(ctx)
	}
	b, err := get.Bytes()
	if err == nil {
		if ttl != nil && ttl.Val() > 0 {
			c.local.put(key, b, ttl.Val(), c.LocalBytes)
		}
		c.Metrics.CacheHit(metrics.CacheRedis)
		return b, nil
	}
	c.Metrics.CacheMiss()
	if !errors.Is(err, redis.Nil) {
		c.Log.WarnContext(ctx, "cache read failed", "name", k.Name, "error", err)
	}
	return c.computeAndStore(ctx, k, key, compute)
}

const computeTimeout = time.Minute

// computeAndStore computes, encodes and stores k's answer, once for concurrent misses.
func (c *Cache) computeAndStore(ctx context.Context, k Key, key string, compute func(context.Context) (any, error)) ([]byte, error) {
	shared := context.WithoutCancel(ctx)
	answer := c.flight.DoChan(key, func() (v any, err error) {
		// a miss that came in as the last computation ended finds its answer
		if b, ok := c.local.get(key, c.LocalBytes); ok {
			return b, nil
		}
		ctx, cancel := context.WithTimeout(shared, cmp.Or(c.ComputeTimeout, computeTimeout))
		defer cancel()
		// no caller's goroutine runs this: a panic is returned as an error
		defer apperr.Recover(&err)
		v, err = compute(ctx)
		if err != nil {
			return nil, err
		}
		b, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("encode %s: %w", k.Name, err)
		}
		if p, ok := v.(Partial); ok && p.Partial() {
			// answered without a server that was down: not kept
			return b, nil
		}
		if c.Redis != nil && c.Redis.Up() {
			err := c.Redis.Client.Set(ctx, key, b, c.TTL).Err()
			if err != nil {
				c.Log.WarnContext(ctx, "cache write failed", "name", k.Name, "error", err)
			}
		}
		c.local.put(key, b, c.TTL, c.LocalBytes)
		return b, nil
	})
	select {
	case r := <-answer:
		if r.Err != nil {
			return nil, r.Err
		}
		return r.Val.([]byte), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Partial is an answer that may lack a down server's figures: not cached.
type Partial interface {
	Partial() bool
}

// localAnswers are encoded answers kept in this process within a budget of bytes.
type localAnswers struct {
	mu    sync.RWMutex
	m     map[string]localAnswer
	bytes int
	swept time.Time
	now   func() time.Time // nil: time.Now; tests move it instead of sleeping
}

type localAnswer struct {
	b     []byte
	until time.Time
}

func (l *localAnswers) get(key string, budget int) ([]byte, bool) {
	if budget <= 0 {
		return nil, false
	}
	l.mu.RLock()
	a, ok := l.m[key]
	l.mu.RUnlock()
	if !ok || !l.clock().Before(a.until) {
		return nil, false
	}
	return a.b, true
}

func (l *localAnswers) clock() time.Time {
	if l.now != nil {
		return l.now()
	}
	return time.Now()
}

// put keeps b for ttl unless larger than an eighth of the budget.
func (l *localAnswers) put(key string, b []byte, ttl time.Duration, budget int) {
	size := len(key) + len(b)
	if budget <= 0 || ttl <= 0 || size > budget/8 {
		return
	}
	now := l.clock()
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.m == nil {
		l.m = map[string]localAnswer{}
	}
	if old, ok := l.m[key]; ok {
		l.bytes -= len(key) + len(old.b)
	}
	if l.bytes+size > budget || now.Sub(l.swept) > time.Minute {
		for k, a := range l.m {
			if !now.Before(a.until) {
				delete(l.m, k)
				l.bytes -= len(k) + len(a.b)
			}
		}
		l.swept = now
	}
	for k, a := range l.m {
		if l.bytes+size <= budget {
			break
		}
		delete(l.m, k)
		l.bytes -= len(k) + len(a.b)
	}
	l.m[key] = localAnswer{b: b, until: now.Add(ttl)}
	l.bytes += size
}
