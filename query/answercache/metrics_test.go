package answercache_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/query/answercache"
)

// TestHitsAndMissesAreCounted: a computed answer is a miss, one read from
// Redis a hit of the redis layer, one kept in this process a hit of the
// local layer.
func TestHitsAndMissesAreCounted(t *testing.T) {
	ctx := context.Background()
	m := metrics.New()
	k := answercache.Key{Workspace: uuid.New(), Version: 1, Name: "overview", Params: "w=7d"}
	var n counter
	// Without a local copy: the first read computes, the second is Redis's.
	c := &answercache.Cache{Redis: env.Redis, TTL: time.Minute, Metrics: m, Log: slog.New(slog.DiscardHandler)}
	for range 2 {
		if _, err := c.JSON(ctx, k, n.compute(map[string]int{"views": 1})); err != nil {
			t.Fatal(err)
		}
	}
	// With one: the first read takes Redis's answer and keeps it, the
	// second is answered here.
	local := &answercache.Cache{Redis: env.Redis, TTL: time.Minute, LocalBytes: 1 << 20, Metrics: m, Log: slog.New(slog.DiscardHandler)}
	for range 2 {
		if _, err := local.JSON(ctx, k, n.compute(map[string]int{"views": 2})); err != nil {
			t.Fatal(err)
		}
	}
	misses, _ := metrics.Value(m.Registry, "reeltrack_answer_cache_misses_total", nil)
	redis, _ := metrics.Value(m.Registry, "reeltrack_answer_cache_hits_total", map[string]string{"layer": metrics.CacheRedis})
	here, _ := metrics.Value(m.Registry, "reeltrack_answer_cache_hits_total", map[string]string{"layer": metrics.CacheLocal})
	if misses != 1 || redis != 2 || here != 1 || n.n.Load() != 1 {
		t.Fatalf("misses %v, redis hits %v, local hits %v, computed %d; want 1, 2, 1, 1", misses, redis, here, n.n.Load())
	}
}
