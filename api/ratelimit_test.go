package api_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
)

func TestPublicRoutesAreRateLimitedPerIP(t *testing.T) {
	for name, change := range map[string][]func(*wiring.Deps){
		"redis":             nil,
		"redis unreachable": {deadRedis(t)},
	} {
		t.Run(name, func(t *testing.T) {
			limit := func(d *wiring.Deps) { d.Config.RateLimitPublic = 3 }
			a := newApp(t, append(change, limit)...)
			for range 3 {
				a.request("POST", "/api/lead", map[string]string{"email": uniqueEmail("rl")}).expect(t, 200)
			}
			res := a.request("POST", "/api/lead", map[string]string{"email": uniqueEmail("rl")})
			res.expectError(t, 429, "rate_limited")
			if s, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || s < 1 {
				t.Fatalf("Retry-After %q, want whole seconds", res.Header.Get("Retry-After"))
			}
			// Sign-up and login share their own bucket, apart from leads.
			a.request("POST", "/api/auth/login", map[string]string{"email": uniqueEmail("x"), "password": "whatever1"}).expect(t, 401)
		})
	}
}

func TestDashboardRoutesAreRateLimitedPerUser(t *testing.T) {
	a := newApp(t, func(d *wiring.Deps) { d.Config.RateLimitUser = 4 })
	alice := a.signUp(uniqueEmail("alice"))
	bob := a.signUp(uniqueEmail("bob"))
	for range 4 {
		a.request("POST", "/api/workspace/bootstrap", nil, alice).expect(t, 200)
	}
	a.request("GET", "/api/workspace/team", nil, alice).expectError(t, 429, "rate_limited")
	// Another user from the same address is not affected.
	a.request("POST", "/api/workspace/bootstrap", nil, bob).expect(t, 200)
}

func TestEverythingWorksWithoutRedis(t *testing.T) {
	a := newApp(t, deadRedis(t))
	c := a.signUp(uniqueEmail("noredis"))
	w := a.bootstrap(c)
	if !w.HasAccess {
		t.Fatalf("bootstrap without redis %+v", w)
	}
	a.request("GET", "/api/workspace/team", nil, c).expect(t, 200)
	a.request("POST", "/api/lead", map[string]string{"email": uniqueEmail("l")}).expect(t, 200)
	a.request("GET", "/api/founding/stats", nil).expect(t, 200)
}

// The cached dashboard routes count the request before it reaches the cache.
// Every request counts, a bad parameter included, and a limited one gets the
// 429 and no answer, with Redis and without.
func TestCachedRoutesAreRateLimitedPerUser(t *testing.T) {
	for name, change := range map[string][]func(*wiring.Deps){
		"redis":             nil,
		"redis unreachable": {deadRedis(t)},
	} {
		t.Run(name, func(t *testing.T) {
			a := newApp(t, append(change, func(d *wiring.Deps) { d.Config.RateLimitUser = 4 })...)
			alice := a.signUp(uniqueEmail("alice"))
			bob := a.signUp(uniqueEmail("bob"))
			a.bootstrap(alice)                                                                         // 1
			a.request("GET", "/api/collections", nil, alice).expect(t, 200)                            // 2
			a.request("GET", "/api/videos?bogus=1", nil, alice).expectError(t, 400, "invalid_request") // 3
			a.request("GET", "/api/collections", nil, alice).expect(t, 200)                            // 4: from the cache
			res := a.request("GET", "/api/collections", nil, alice)
			res.expectError(t, 429, "rate_limited")
			if s, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || s < 1 {
				t.Fatalf("Retry-After %q, want whole seconds", res.Header.Get("Retry-After"))
			}
			if strings.Contains(string(res.Body), "collections") {
				t.Fatalf("a limited request got the answer: %s", res.Body)
			}
			// A bad parameter is counted too, and answered 429, not 400.
			a.request("GET", "/api/videos?bogus=1", nil, alice).expectError(t, 429, "rate_limited")
			// Routes that limit up front share the bucket.
			a.request("GET", "/api/workspace/team", nil, alice).expectError(t, 429, "rate_limited")
			// Another user is not affected.
			a.bootstrap(bob)
			a.request("GET", "/api/collections", nil, bob).expect(t, 200)
		})
	}
}

// The bucket is redis_rate's key under the app's prefix, so replicas of
// earlier releases share it, and Redis losing its scripts (a restart,
// SCRIPT FLUSH) costs one reload, not the limit.
func TestUserBucketKeyAndScriptReload(t *testing.T) {
	a := newApp(t, func(d *wiring.Deps) { d.Config.RateLimitUser = 3 })
	c := a.signUp(uniqueEmail("carol"))
	w := a.bootstrap(c)
	ctx := context.Background()
	var user string
	if err := env.PG.QueryRow(ctx, `SELECT user_id::text FROM workspace_members WHERE workspace_id = $1`, w.Workspace.ID).Scan(&user); err != nil {
		t.Fatal(err)
	}
	key := "rate:" + a.deps.Redis.Prefix + "rl:user:" + user
	if n, err := a.deps.Redis.Client.Exists(ctx, key).Result(); err != nil || n != 1 {
		t.Fatalf("bucket %s exists %d, %v; want it after a request", key, n, err)
	}
	if err := a.deps.Redis.Client.ScriptFlush(ctx).Err(); err != nil {
		t.Fatal(err)
	}
	a.request("GET", "/api/collections", nil, c).expect(t, 200)
	a.request("GET", "/api/collections", nil, c).expect(t, 200)
	a.request("GET", "/api/collections", nil, c).expectError(t, 429, "rate_limited")
	// NOSCRIPT is an answer: Redis is up and stays in use.
	if !a.deps.Redis.Up() {
		t.Fatal("an error reply opened the breaker")
	}
}
