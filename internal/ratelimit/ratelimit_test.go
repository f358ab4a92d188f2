package ratelimit_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/ratelimit"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

var env *testenv.Env

func TestMain(m *testing.M) { testenv.Main(m, &env) }

// openRedis is a client of its own, with a prefix of its own, reaching the
// test Redis at addr (host:port; empty: the test Redis itself).
func openRedis(t *testing.T, addr, prefix string) *store.Redis {
	t.Helper()
	u, err := url.Parse(env.RedisURL)
	if err != nil {
		t.Fatal(err)
	}
	if addr != "" {
		u.Host = addr
	}
	// Long enough that a loaded machine does not pass for a sick Redis;
	// the Redis behind a proxy is made sick, and a frozen one must still
	// fail the call soon.
	budget := time.Second
	if addr != "" {
		budget = 250 * time.Millisecond
	}
	r, err := store.OpenRedisWithin(u.String(), prefix, budget, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

func newPrefix() string { return env.Redis.Prefix + uuid.NewString()[:8] + ":" }

// takes takes n requests from key's bucket and fails the test on a refusal.
func takes(t *testing.T, l *ratelimit.Limiter, key string, perMinute, n int) {
	t.Helper()
	for i := range n {
		if ok, wait := l.Allow(context.Background(), key, perMinute); !ok {
			t.Fatalf("request %d of %d refused (wait %v)", i+1, n, wait)
		}
	}
}

// refused checks that key's bucket is empty, with a wait of at most one
// request's share of the minute.
func refused(t *testing.T, l *ratelimit.Limiter, key string, perMinute int) {
	t.Helper()
	ok, wait := l.Allow(context.Background(), key, perMinute)
	if ok {
		t.Fatal("allowed past the limit")
	}
	if share := time.Minute / time.Duration(perMinute); wait <= 0 || wait > share {
		t.Fatalf("wait %v, want within (0, %v]", wait, share)
	}
}

// Replicas on one Redis share each bucket, under redis_rate's key; buckets
// of other keys are apart.
func TestRedisBucketsAreSharedByReplicas(t *testing.T) {
	prefix := newPrefix()
	a := ratelimit.New(openRedis(t, "", prefix), nil)
	b := ratelimit.New(openRedis(t, "", prefix), nil)
	takes(t, a, "user:1", 3, 2)
	takes(t, b, "user:1", 3, 1)
	refused(t, a, "user:1", 3)
	refused(t, b, "user:1", 3)
	takes(t, b, "user:2", 3, 3)

	ctx := context.Background()
	ttl, err := env.Redis.Client.TTL(ctx, "rate:"+prefix+"rl:user:1").Result()
	if err != nil || ttl <= 0 || ttl > time.Minute {
		t.Fatalf("bucket rate:%srl:user:1 TTL %v, %v; want it to expire within a minute", prefix, ttl, err)
	}
}

// Without Redis, and with a Redis that does not answer, the buckets are the
// process's: they start full and refuse alike.
func TestInProcessBucketsWithoutRedis(t *testing.T) {
	dead, err := store.OpenRedis("redis://127.0.0.1:1/0", "dead:", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dead.Close() })
	for name, r := range map[string]*store.Redis{"no redis": nil, "redis unreachable": dead} {
		t.Run(name, func(t *testing.T) {
			l := ratelimit.New(r, nil)
			takes(t, l, "ip:lead:10.0.0.1", 4, 4)
			refused(t, l, "ip:lead:10.0.0.1", 4)
			takes(t, l, "ip:lead:10.0.0.2", 4, 1)
			// Another process has buckets of its own.
			takes(t, ratelimit.New(r, nil), "ip:lead:10.0.0.1", 4, 1)
		})
	}
}

// While the Redis client skips Redis, requests are counted in the process
// and none reaches Redis; once Redis answers again its bucket is used, as
// it was left.
func TestFallsBackWhileRedisIsSkipped(t *testing.T) {
	u, err := url.Parse(env.RedisURL)
	if err != nil {
		t.Fatal(err)
	}
	proxy := testenv.NewCutProxy(t, u.Host)
	prefix := newPrefix()
	r := openRedis(t, proxy.Addr(), prefix)
	l := ratelimit.New(r, nil)
	takes(t, l, "user:1", 3, 2)

	proxy.Freeze()
	// The first request finds Redis not answering and opens the breaker;
	// the process's bucket starts full.
	takes(t, l, "user:1", 3, 1)
	if r.Up() {
		t.Fatal("the breaker is closed after a failed call")
	}
	proxy.Watch([]byte(prefix))
	takes(t, l, "user:1", 3, 2)
	refused(t, l, "user:1", 3)
	if n := proxy.Seen(); n != 0 {
		t.Fatalf("%d requests were sent to Redis while its client skipped it", n)
	}

	proxy.Restore()
	proxy.Watch([]byte(prefix))
	for deadline := time.Now().Add(testenv.Patience); !r.Up(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the breaker did not close within 5s of Redis answering again")
		}
	}
	// Redis's bucket had one request left.
	takes(t, l, "user:1", 3, 1)
	refused(t, l, "user:1", 3)
	if proxy.Seen() == 0 {
		t.Fatal("once Redis answered again, requests did not use it")
	}
}

// BenchmarkAllow is one request counted: a round trip to Redis, or a bucket
// of this process.
func BenchmarkAllow(b *testing.B) {
	r, err := store.OpenRedis(env.RedisURL, newPrefix(), nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { r.Close() })
	for _, r := range []*store.Redis{r, nil} {
		name := "redis"
		if r == nil {
			name = "in process"
		}
		b.Run(name, func(b *testing.B) {
			l := ratelimit.New(r, nil)
			ctx := context.Background()
			for b.Loop() {
				if ok, _ := l.Allow(ctx, "user:bench", 1<<30); !ok {
					b.Fatal("refused")
				}
			}
			if r != nil && !r.Up() {
				b.Log("a call to Redis failed, so requests skipped it for a while: the figure mixes in the process's buckets")
			}
		})
	}
}
