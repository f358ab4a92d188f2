package query

import (
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

	"github.com/reeltrack/reeltrack/internal/store"
)

// Cache keeps encoded answers in Redis under a key made of the workspace,
// its data version (see projections.BumpDataVersion), the answer's name and
// its normalized parameters. A write bumps the version in its own
// transaction, so an answer computed before the write is never read after
// it; the TTL only bounds what Redis holds. Concurrent misses of one key in
// this process compute once. Without Redis every answer is computed.
//
// With LocalBytes set, answers are also kept in this process under the same
// keys, each until its Redis entry expires, so a repeated read skips the
// transfer from Redis. That is as safe as Redis itself: the key holds the
// data version read per request, so a write makes every older entry
// unreachable, here as in Redis.
type Cache struct {
	Redis *store.Redis // nil: no cache
	TTL   time.Duration
	Log   *slog.Logger
	// LocalBytes bounds the answers kept in this process (keys and bodies);
	// 0 keeps none.
	LocalBytes int

	flight singleflight.Group
	local  localAnswers
}

// CacheKey names one cached answer.
type CacheKey struct {
	Workspace uuid.UUID
	Version   int64
	Name      string
	Params    string
}

func (k CacheKey) String() string { return string(k.appendTo(nil)) }

// appendTo appends "cache:workspace:version:name:params" to b.
func (k CacheKey) appendTo(b []byte) []byte {
	b = append(b, "cache:"...)
	b = append(b, k.Workspace.String()...)
	b = append(b, ':')
	b = strconv.AppendInt(b, k.Version, 10)
	b = append(b, ':')
	b = append(b, k.Name...)
	b = append(b, ':')
	return append(b, k.Params...)
}

// key is k's key in Redis, with the configured prefix, and in this process.
func (c *Cache) key(k CacheKey) string {
	prefix := ""
	if c.Redis != nil {
		prefix = c.Redis.Prefix
	}
	b := make([]byte, 0, len(prefix)+len("cache:")+36+1+20+1+len(k.Name)+1+len(k.Params))
	return string(k.appendTo(append(b, prefix...)))
}

// Along is work of the caller's that shares the cache read's round trip to
// Redis. It queues its commands on p, before the read, and returns the check
// to run once the round trip is over; p is nil when Redis is skipped. An
// error from the check is returned as it is, and the answer is neither
// returned nor computed.
type Along func(ctx context.Context, p redis.Pipeliner) (check func() error)

// JSON returns the answer for k encoded as JSON: from Redis, or computed,
// encoded and stored.
func (c *Cache) JSON(ctx context.Context, k CacheKey, compute func(context.Context) (any, error)) ([]byte, error) {
	return c.JSONAlong(ctx, k, nil, compute)
}

// JSONAlong is JSON with along's commands sent in the round trip that reads
// the cache, and along's check passed before anything is returned or
// computed; along may be nil. An answer kept in this process costs no read
// from Redis, but along still makes its round trip.
func (c *Cache) JSONAlong(ctx context.Context, k CacheKey, along Along, compute func(context.Context) (any, error)) ([]byte, error) {
	key := c.key(k)
	local, _ := c.local.get(key, c.LocalBytes)
	redisUp := c.Redis != nil && c.Redis.Up()
	if !redisUp {
		if along != nil {
			if err := along(ctx, nil)(); err != nil {
				return nil, err
			}
		}
		if local != nil {
			return local, nil
		}
		return c.fill(ctx, k, key, compute)
	}
	var (
		check func() error
		get   *redis.StringCmd
		ttl   *redis.DurationCmd
	)
	switch {
	case along == nil && local != nil:
		return local, nil
	case along == nil && c.LocalBytes <= 0:
		get = c.Redis.Client.Get(ctx, key)
		c.Redis.Observe(get.Err())
	default:
		p := c.Redis.Client.Pipeline()
		if along != nil {
			check = along(ctx, p)
		}
		if local == nil {
			get = p.Get(ctx, key)
			if c.LocalBytes > 0 {
				ttl = p.PTTL(ctx, key)
			}
		}
		_, err := p.Exec(ctx)
		c.Redis.Observe(transportErr(err))
		if check != nil {
			if err := check(); err != nil {
				return nil, err
			}
		}
	}
	if local != nil {
		return local, nil
	}
	b, err := get.Bytes()
	if err == nil {
		if ttl != nil && ttl.Val() > 0 {
			c.local.put(key, b, ttl.Val(), c.LocalBytes)
		}
		return b, nil
	}
	if !errors.Is(err, redis.Nil) && c.Log != nil {
		c.Log.WarnContext(ctx, "cache read failed", "name", k.Name, "error", err)
	}
	return c.fill(ctx, k, key, compute)
}

// transportErr is err unless Redis answered it: an error reply (a script
// Redis does not hold) says nothing about whether Redis is up.
func transportErr(err error) error {
	var reply redis.Error
	if errors.As(err, &reply) {
		return nil
	}
	return err
}

// fill computes, encodes and stores k's answer under key. Concurrent misses
// of one key compute once.
func (c *Cache) fill(ctx context.Context, k CacheKey, key string, compute func(context.Context) (any, error)) ([]byte, error) {
	v, err, _ := c.flight.Do(key, func() (any, error) {
		v, err := compute(ctx)
		if err != nil {
			return nil, err
		}
		b, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("encode %s: %w", k.Name, err)
		}
		if c.Redis != nil && c.Redis.Up() {
			err := c.Redis.Client.Set(ctx, key, b, c.TTL).Err()
			c.Redis.Observe(err)
			if err != nil && c.Log != nil {
				c.Log.WarnContext(ctx, "cache write failed", "name", k.Name, "error", err)
			}
		}
		c.local.put(key, b, c.TTL, c.LocalBytes)
		return b, nil
	})
	if err != nil {
		return nil, err
	}
	return v.([]byte), nil
}

// localAnswers are encoded answers kept in this process, each until a
// deadline, within a budget of bytes.
type localAnswers struct {
	mu    sync.RWMutex
	m     map[string]localAnswer
	bytes int
	swept time.Time
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
	if !ok || !time.Now().Before(a.until) {
		return nil, false
	}
	return a.b, true
}

// put keeps b under key for ttl. An answer larger than an eighth of the
// budget is not kept; when the budget is spent, expired answers go first,
// then any.
func (l *localAnswers) put(key string, b []byte, ttl time.Duration, budget int) {
	size := len(key) + len(b)
	if budget <= 0 || ttl <= 0 || size > budget/8 {
		return
	}
	now := time.Now()
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
