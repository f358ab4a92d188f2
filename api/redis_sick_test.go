package api_test

import (
	"context"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// sickRedis is the app's Redis behind a proxy that can freeze or refuse.
type sickRedis struct {
	proxy  *testenv.CutProxy
	redis  *store.Redis
	prefix string
	// sent counts the commands that got past the breaker towards the
	// network, the background ping aside.
	sent atomic.Int64
}

func newSickRedis(t *testing.T) *sickRedis {
	t.Helper()
	u, err := url.Parse(env.RedisURL)
	if err != nil {
		t.Fatal(err)
	}
	s := &sickRedis{proxy: testenv.NewCutProxy(t, u.Host), prefix: env.Redis.Prefix + uuid.NewString()[:8] + ":"}
	u.Host = s.proxy.Addr()
	// A budget a loaded machine's healthy Redis keeps to: with the
	// default 40 ms, a slow healthy call would open the breaker before the
	// test makes Redis sick, and the process's own bucket would be spent.
	if s.redis, err = store.OpenRedisWithin(u.String(), s.prefix, 250*time.Millisecond, nil); err != nil {
		t.Fatal(err)
	}
	s.redis.Client.AddHook(countingHook{&s.sent})
	t.Cleanup(func() { s.redis.Close() })
	return s
}

// countingHook runs inside the breaker's hook: it sees only the commands the
// breaker let through.
type countingHook struct{ n *atomic.Int64 }

func (countingHook) DialHook(next redis.DialHook) redis.DialHook { return next }

func (h countingHook) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		h.count(cmd)
		return next(ctx, cmd)
	}
}

func (h countingHook) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		for _, cmd := range cmds {
			h.count(cmd)
		}
		return next(ctx, cmds)
	}
}

// count counts cmd unless it is the background ping or a new connection's
// handshake.
func (h countingHook) count(cmd redis.Cmder) {
	switch cmd.Name() {
	case "ping", "hello", "auth", "select", "client":
	default:
		h.n.Add(1)
	}
}

// A frozen Redis (it accepts connections and never answers) and a Redis
// that refuses connections cost the request that finds them sick one short
// call, and later requests nothing: they skip Redis without touching the
// network until the background ping sees it answer again. Cached answers
// are computed and rate limits still hold, per process, meanwhile.
func TestSickRedisIsSkippedUntilItAnswers(t *testing.T) {
	for name, sicken := range map[string]func(*testenv.CutProxy){
		"frozen":   (*testenv.CutProxy).Freeze,
		"refusing": (*testenv.CutProxy).Refuse,
	} {
		t.Run(name, func(t *testing.T) {
			s := newSickRedis(t)
			a := newApp(t, func(d *wiring.Deps) {
				d.Redis = s.redis
				d.Config.RateLimitUser = 6
			})
			// The healthy start: three requests that all reach Redis. On a
			// loaded machine a healthy call can outlast the budget and open
			// the breaker, which would spend the process's bucket of that
			// user; then the start is taken again with a new user once the
			// background ping has closed the breaker.
			var alice *http.Cookie
			healthy := false
			for try := 0; try < 5 && !healthy; try++ {
				eventually(t, 30*time.Second, "the breaker closes over a healthy Redis", s.redis.Up)
				alice = a.signUp(uniqueEmail("sick"))
				a.bootstrap(alice)                                              // alice's 1st request
				a.request("GET", "/api/collections", nil, alice).expect(t, 200) // 2nd
				s.proxy.Watch([]byte(s.prefix))
				a.request("GET", "/api/collections", nil, alice).expect(t, 200) // 3rd
				healthy = s.proxy.Seen() > 0 && s.redis.Up()
			}
			if !healthy {
				t.Fatalf("healthy Redis, 5 tries: %d commands with the prefix reached it, up %v", s.proxy.Seen(), s.redis.Up())
			}

			sicken(s.proxy)
			s.proxy.Watch([]byte(s.prefix))
			// What a request costs is counted, not timed: the commands that
			// got past the breaker and those that reached the server.
			request := func(method, path string, status int) {
				t.Helper()
				res := a.request(method, path, nil, alice)
				if status == 429 {
					res.expectError(t, 429, "rate_limited")
				} else {
					res.expect(t, status)
				}
			}
			// The first request finds Redis sick; its limit is then taken
			// from a bucket of this process, which starts full.
			request("GET", "/api/collections", 200)
			if s.redis.Up() {
				t.Fatal("the breaker is closed after a failed call")
			}
			reached, sent := s.proxy.Seen(), s.sent.Load()
			if sent == 0 {
				t.Fatal("the first request did not try Redis")
			}
			for range 2 {
				request("GET", "/api/collections", 200)
				request("GET", "/api/workspace/team", 200)
			}
			request("GET", "/api/videos", 200) // 6th of the process's bucket
			request("GET", "/api/collections", 429)
			request("GET", "/api/workspace/team", 429)
			if s.proxy.Seen() != reached || s.sent.Load() != sent {
				t.Fatalf("with the breaker open, requests reached Redis: %d→%d at the server, %d→%d commands sent",
					reached, s.proxy.Seen(), sent, s.sent.Load())
			}

			s.proxy.Restore()
			s.proxy.Watch([]byte(s.prefix))
			deadline := time.Now().Add(30 * time.Second)
			for !s.redis.Up() {
				if time.Now().After(deadline) {
					t.Fatal("the breaker did not close within 30s of Redis answering again")
				}
				time.Sleep(10 * time.Millisecond)
			}
			// Redis is used again, with its own bucket: alice took 3 of 6
			// there before it fell sick.
			a.request("GET", "/api/collections", nil, alice).expect(t, 200)
			if s.proxy.Seen() == 0 {
				t.Fatal("after the breaker closed, requests did not use Redis")
			}
		})
	}
}

// Close stops the background ping, so a closed client leaves no goroutine
// behind.
func TestRedisCloseStopsTheBackgroundPing(t *testing.T) {
	s := newSickRedis(t)
	s.proxy.Refuse()
	if err := s.redis.Ping(context.Background()); err == nil || s.redis.Up() {
		t.Fatalf("ping of a refusing Redis: %v, up %v", err, s.redis.Up())
	}
	// The goroutine shows in the stacks once it has run.
	for start := time.Now(); !strings.Contains(goroutines(), "store.(*Redis).probe"); time.Sleep(time.Millisecond) {
		if time.Since(start) > testenv.Patience {
			t.Fatalf("no background ping while the breaker is open:\n%s", goroutines())
		}
	}
	s.redis.Close()
	if stacks := goroutines(); strings.Contains(stacks, "store.(*Redis).probe") {
		t.Fatalf("the background ping outlived Close:\n%s", stacks)
	}
}

func goroutines() string {
	buf := make([]byte, 1<<20)
	return string(buf[:runtime.Stack(buf, true)])
}
