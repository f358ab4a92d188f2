package answercache

import (
	"context"
	"time"
)

// SetCacheClock makes c's answers kept in this process expire by now
// rather than by the wall clock.
func SetCacheClock(c *Cache, now func() time.Time) { c.local.now = now }

// ComputeAfterMiss is JSON for a miss that looked for k's local copy just
// before another computation stored it, and so goes to compute.
func ComputeAfterMiss(c *Cache, ctx context.Context, k Key, compute func(context.Context) (any, error)) ([]byte, error) {
	return c.computeAndStore(ctx, k, c.key(k), compute)
}
