package answercache_test

import (
	"context"
	"errors"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/query/answercache"

	"github.com/reeltrack/reeltrack/internal/testenv"
)

func TestConcurrentMissesComputeOnce(t *testing.T) {
	var c answercache.Cache
	var computed atomic.Int32
	release := make(chan struct{})
	key := answercache.Key{Workspace: uuid.New(), Version: 3, Name: "overview", Params: "w=30d"}
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
	// Let every caller arrive while the first computes: one in compute,
	// the others waiting for its answer, all of them on the one computation of the miss.
	buf := make([]byte, 1<<20)
	for deadline := time.Now().Add(testenv.Patience); ; time.Sleep(time.Millisecond) {
		arrived := strings.Count(string(buf[:runtime.Stack(buf, true)]), "answercache.(*Cache).computeAndStore(")
		if arrived >= len(answers) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d callers arrived within %s", arrived, len(answers), testenv.Patience)
		}
	}
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

// TestACallerLeavingLeavesTheSharedComputation: two callers share one
// computation; the first leaves (its client went away) and returns at once,
// while the computation goes on, with the first caller's values but not its
// cancellation, and the second gets the answer.
func TestACallerLeavingLeavesTheSharedComputation(t *testing.T) {
	c := answercache.Cache{Log: slog.New(slog.DiscardHandler)}
	key := answercache.Key{Workspace: uuid.New(), Version: 1, Name: "overview", Params: "w=7d"}
	type requestID struct{}
	release := make(chan struct{})
	var computed atomic.Int32
	compute := func(ctx context.Context) (any, error) {
		computed.Add(1)
		<-release
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if _, ok := ctx.Deadline(); !ok {
			return nil, errors.New("the computation has no deadline")
		}
		return map[string]any{"request": ctx.Value(requestID{})}, nil
	}
	first, leave := context.WithCancel(context.WithValue(context.Background(), requestID{}, "r1"))
	defer leave()
	firstErr := make(chan error, 1)
	go func() {
		_, err := c.JSON(first, key, compute)
		firstErr <- err
	}()
	waitInFill(t, 1)
	second := make(chan []byte, 1)
	go func() {
		b, err := c.JSON(context.Background(), key, compute)
		if err != nil {
			t.Error(err)
		}
		second <- b
	}()
	waitInFill(t, 2)
	leave()
	select {
	case err := <-firstErr:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("the caller that left: %v, want context.Canceled", err)
		}
	case <-time.After(30 * time.Second): // generous: a loaded machine is slow
		t.Fatal("the caller that left still waits for the computation")
	}
	close(release)
	if b := <-second; string(b) != `{"request":"r1"}` {
		t.Fatalf("the caller that stayed: %s", b)
	}
	if n := computed.Load(); n != 1 {
		t.Fatalf("computed %d times, want 1", n)
	}
	// A panic in a computation is its callers' error, not the process's end.
	_, err := c.JSON(context.Background(), key, func(context.Context) (any, error) { panic("boom") })
	if err == nil || !strings.Contains(err.Error(), "panic: boom") {
		t.Fatalf("a computation that panicked: %v", err)
	}
}

// waitInFill waits until n callers wait in Cache.computeAndStore.
func waitInFill(t *testing.T, n int) {
	t.Helper()
	buf := make([]byte, 1<<20)
	for deadline := time.Now().Add(testenv.Patience); ; time.Sleep(time.Millisecond) {
		if strings.Count(string(buf[:runtime.Stack(buf, true)]), "answercache.(*Cache).computeAndStore(") >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d callers did not arrive within %s", n, testenv.Patience)
		}
	}
}

func TestCacheKeysSeparateWorkspacesAndVersions(t *testing.T) {
	ws := uuid.New()
	a := answercache.Key{Workspace: ws, Version: 1, Name: "videos", Params: "sort=views"}
	for _, b := range []answercache.Key{
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
	c := &answercache.Cache{Redis: env.Redis, TTL: time.Minute, LocalBytes: 1 << 20, Log: slog.New(slog.DiscardHandler)}
	var ahead atomic.Int64
	answercache.SetCacheClock(c, func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) })
	k := answercache.Key{Workspace: uuid.New(), Version: 7, Name: "overview", Params: "w=30d"}
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
	k2 := answercache.Key{Workspace: uuid.New(), Version: 1, Name: "videos", Params: "sort=views"}
	if err := env.Redis.Client.Set(ctx, env.Redis.Prefix+k2.String(), `{"from":"redis"}`, 30*time.Second).Err(); err != nil {
		t.Fatal(err)
	}
	var m counter
	if b, err := c.JSON(ctx, k2, m.compute("computed")); err != nil || string(b) != `{"from":"redis"}` {
		t.Fatalf("read of a Redis entry %s, %v", b, err)
	}
	// Past the entry's TTL, it has expired here and in Redis.
	ahead.Add(int64(31 * time.Second))
	if err := env.Redis.Client.Del(ctx, env.Redis.Prefix+k2.String()).Err(); err != nil {
		t.Fatal(err)
	}
	if b, err := c.JSON(ctx, k2, m.compute("computed")); err != nil || string(b) != `"computed"` {
		t.Fatalf("read after the Redis entry expired %s, %v", b, err)
	}
}

// A miss that looked for the local copy just before a computation stored
// it, and reaches the computation once that has ended, takes the stored
// answer instead of computing it again.
func TestAMissAsTheComputationEndsTakesItsAnswer(t *testing.T) {
	ctx := context.Background()
	c := &answercache.Cache{TTL: time.Minute, LocalBytes: 1 << 20, Log: slog.New(slog.DiscardHandler)}
	k := answercache.Key{Workspace: uuid.New(), Version: 1, Name: "overview", Params: "w=7d"}
	var n counter
	if b, err := c.JSON(ctx, k, n.compute(map[string]int{"views": 1})); err != nil || string(b) != `{"views":1}` {
		t.Fatalf("first read %s, %v", b, err)
	}
	if b, err := answercache.ComputeAfterMiss(c, ctx, k, n.compute(map[string]int{"views": 2})); err != nil || string(b) != `{"views":1}` {
		t.Fatalf("the late miss read %s, %v; want the stored answer", b, err)
	}
	if got := n.n.Load(); got != 1 {
		t.Fatalf("computed %d times, want 1", got)
	}
}

func TestLocalAnswersStayWithinTheirBudget(t *testing.T) {
	ctx := context.Background()
	c := &answercache.Cache{TTL: time.Minute, LocalBytes: 8 << 10, Log: slog.New(slog.DiscardHandler)}
	big := strings.Repeat("x", 2<<10) // more than an eighth of the budget: never kept
	var n counter
	k := answercache.Key{Workspace: uuid.New(), Version: 1, Name: "big"}
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
		k := answercache.Key{Workspace: uuid.New(), Version: int64(i), Name: "small"}
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
