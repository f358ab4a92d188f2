package query

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"golang.org/x/sync/singleflight"

	"github.com/reeltrack/reeltrack/internal/store"
)

// Cache keeps encoded answers in Redis under a key made of the workspace,
// its data version (see projections.BumpDataVersion), the answer's name and
// its normalized parameters. A write bumps the version in its own
// transaction, so an answer computed before the write is never read after
// it; the TTL only bounds what Redis holds. Concurrent misses of one key in
// this process compute once. Without Redis every answer is computed.
type Cache struct {
	Redis *store.Redis // nil: no cache
	TTL   time.Duration
	Log   *slog.Logger

	flight singleflight.Group
}

// CacheKey names one cached answer.
type CacheKey struct {
	Workspace uuid.UUID
	Version   int64
	Name      string
	Params    string
}

func (k CacheKey) String() string {
	return fmt.Sprintf("cache:%s:%d:%s:%s", k.Workspace, k.Version, k.Name, k.Params)
}

// JSON returns the answer for k encoded as JSON: from Redis, or computed,
// encoded and stored.
func (c *Cache) JSON(ctx context.Context, k CacheKey, compute func(context.Context) (any, error)) ([]byte, error) {
	key := k.String()
	if c.Redis != nil && c.Redis.Up() {
		b, err := c.Redis.Client.Get(ctx, c.Redis.Key(key)).Bytes()
		c.Redis.Observe(err)
		if err == nil {
			return b, nil
		}
	}
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
			err := c.Redis.Client.Set(ctx, c.Redis.Key(key), b, c.TTL).Err()
			c.Redis.Observe(err)
			if err != nil && c.Log != nil {
				c.Log.WarnContext(ctx, "cache write failed", "name", k.Name, "error", err)
			}
		}
		return b, nil
	})
	if err != nil {
		return nil, err
	}
	return v.([]byte), nil
}
