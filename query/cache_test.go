package query_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"

	"github.com/reeltrack/reeltrack/query"
)

func TestConcurrentMissesComputeOnce(t *testing.T) {
	var c query.Cache
	var computed atomic.Int32
	release := make(chan struct{})
	key := query.CacheKey{Workspace: uuid.New(), Version: 3, Name: "overview", Params: "w=30d"}
	var wg sync.WaitGroup
	answers := make([][]byte, 20)
	for i := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, err := c.JSON(context.Background(), key, func(context.Context) (any, error) {
				computed.Add(1)
				<-release
				return map[string]int{"views": 42}, nil
			})
			if err != nil {
				t.Error(err)
			}
			answers[i] = b
		}()
	}
	time.Sleep(50 * time.Millisecond) // let every caller arrive while the first computes
	close(release)
	wg.Wait()
	if n := computed.Load(); n != 1 {
		t.Fatalf("computed %d times for 20 concurrent misses, want 1", n)
	}
	for _, b := range answers {
		if string(b) != `{"views":42}` {
			t.Fatalf("answer %s", b)
		}
	}

	// An error is not kept: the next call computes again.
	boom := errors.New("clickhouse is down")
	if _, err := c.JSON(context.Background(), key, func(context.Context) (any, error) { return nil, boom }); !errors.Is(err, boom) {
		t.Fatalf("error %v, want %v", err, boom)
	}
}

func TestCacheKeysSeparateWorkspacesAndVersions(t *testing.T) {
	ws := uuid.New()
	a := query.CacheKey{Workspace: ws, Version: 1, Name: "videos", Params: "sort=views"}
	for _, b := range []query.CacheKey{
		{Workspace: uuid.New(), Version: 1, Name: "videos", Params: "sort=views"},
		{Workspace: ws, Version: 2, Name: "videos", Params: "sort=views"},
		{Workspace: ws, Version: 1, Name: "overview", Params: "sort=views"},
		{Workspace: ws, Version: 1, Name: "videos", Params: "sort=likes"},
	} {
		if a.String() == b.String() {
			t.Errorf("%+v and %+v share the key %s", a, b, a)
		}
	}
}

// counter is a compute that counts its calls.
type counter struct{ n atomic.Int32 }

func (c *counter) compute(v any) func(context.Context) (any, error) {
	return func(context.Context) (any, error) {
		c.n.Add(1)
		return v, nil
	}
}

func TestLocalAnswersSkipRedisUntilItsEntryExpires(t *testing.T) {
	ctx := context.Background()
	c := &query.Cache{Redis: env.Redis, TTL: time.Minute, LocalBytes: 1 << 20}
	k := query.CacheKey{Workspace: uuid.New(), Version: 7, Name: "overview", Params: "w=30d"}
	var n counter
	if b, err := c.JSON(ctx, k, n.compute(map[string]int{"views": 1})); err != nil || string(b) != `{"views":1}` {
		t.Fatalf("first read %s, %v", b, err)
	}
	// Kept here as well: gone from Redis, it is still answered.
	if err := env.Redis.Client.Del(ctx, env.Redis.Prefix+k.String()).Err(); err != nil {
		t.Fatal(err)
	}
	if b, err := c.JSON(ctx, k, n.compute(map[string]int{"views": 2})); err != nil || string(b) != `{"views":1}` {
		t.Fatalf("second read %s, %v", b, err)
	}
	// A write bumps the version: the next read computes.
	k.Version++
	if b, err := c.JSON(ctx, k, n.compute(map[string]int{"views": 3})); err != nil || string(b) != `{"views":3}` {
		t.Fatalf("read after the bump %s, %v", b, err)
	}
	if got := n.n.Load(); got != 2 {
		t.Fatalf("computed %d times, want 2", got)
	}

	// An answer read from Redis is kept no longer than Redis keeps it.
	k2 := query.CacheKey{Workspace: uuid.New(), Version: 1, Name: "videos", Params: "sort=views"}
	if err := env.Redis.Client.Set(ctx, env.Redis.Prefix+k2.String(), `{"from":"redis"}`, 150*time.Millisecond).Err(); err != nil {
		t.Fatal(err)
	}
	var m counter
	if b, err := c.JSON(ctx, k2, m.compute("computed")); err != nil || string(b) != `{"from":"redis"}` {
		t.Fatalf("read of a Redis entry %s, %v", b, err)
	}
	time.Sleep(200 * time.Millisecond)
	if b, err := c.JSON(ctx, k2, m.compute("computed")); err != nil || string(b) != `"computed"` {
		t.Fatalf("read after the Redis entry expired %s, %v", b, err)
	}
}

func TestLocalAnswersStayWithinTheirBudget(t *testing.T) {
	ctx := context.Background()
	c := &query.Cache{TTL: time.Minute, LocalBytes: 8 << 10}
	big := strings.Repeat("x", 2<<10) // more than an eighth of the budget: never kept
	var n counter
	k := query.CacheKey{Workspace: uuid.New(), Version: 1, Name: "big"}
	for range 2 {
		if _, err := c.JSON(ctx, k, n.compute(big)); err != nil {
			t.Fatal(err)
		}
	}
	if got := n.n.Load(); got != 2 {
		t.Fatalf("an answer over the budget's eighth was kept: computed %d times, want 2", got)
	}
	// Many small answers: the oldest make room, the newest is kept.
	var m counter
	for i := range 200 {
		k := query.CacheKey{Workspace: uuid.New(), Version: int64(i), Name: "small"}
		if _, err := c.JSON(ctx, k, m.compute(strings.Repeat("y", 100))); err != nil {
			t.Fatal(err)
		}
		if _, err := c.JSON(ctx, k, m.compute("again")); err != nil {
			t.Fatal(err)
		}
	}
	if got := m.n.Load(); got != 200 {
		t.Fatalf("computed %d times for 200 answers read twice, want 200", got)
	}
}

func TestAlongSharesTheRoundTripAndCanRefuse(t *testing.T) {
	ctx := context.Background()
	k := query.CacheKey{Workspace: uuid.New(), Version: 1, Name: "accounts"}
	counterKey := env.Redis.Prefix + "along:" + uuid.NewString()
	var incr *redis.IntCmd
	along := func(refuse error) query.Along {
		return func(ctx context.Context, p redis.Pipeliner) func() error {
			if p == nil {
				return func() error { return refuse }
			}
			incr = p.Incr(ctx, counterKey)
			return func() error {
				if incr.Err() != nil {
					return incr.Err()
				}
				return refuse
			}
		}
	}
	for name, c := range map[string]*query.Cache{
		"redis":           {Redis: env.Redis, TTL: time.Minute},
		"redis and local": {Redis: env.Redis, TTL: time.Minute, LocalBytes: 1 << 20},
		"no redis":        {TTL: time.Minute, LocalBytes: 1 << 20},
	} {
		t.Run(name, func(t *testing.T) {
			k := k
			k.Workspace = uuid.New()
			var n counter
			refused := errors.New("too many requests")
			if _, err := c.JSONAlong(ctx, k, along(refused), n.compute(1)); !errors.Is(err, refused) {
				t.Fatalf("refusing check: error %v", err)
			}
			if n.n.Load() != 0 {
				t.Fatal("computed although the check refused")
			}
			for range 2 {
				if b, err := c.JSONAlong(ctx, k, along(nil), n.compute(1)); err != nil || string(b) != "1" {
					t.Fatalf("allowed read %s, %v", b, err)
				}
			}
			if n.n.Load() != 1 {
				t.Fatalf("computed %d times, want 1", n.n.Load())
			}
			// A refused read of a cached answer gets no answer either.
			if b, err := c.JSONAlong(ctx, k, along(refused), n.compute(1)); !errors.Is(err, refused) || b != nil {
				t.Fatalf("refused read of a cached answer: %s, %v", b, err)
			}
		})
	}
	// Each read with Redis up ran along's command: 4 in each of two caches.
	if got, err := env.Redis.Client.Get(ctx, counterKey).Int(); err != nil || got != 8 {
		t.Fatalf("along's command ran %d times (%v), want 8", got, err)
	}
}
