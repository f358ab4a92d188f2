package api_test

import (
	"strconv"
	"testing"

	"github.com/reeltrack/reeltrack/api"
)

func TestPublicRoutesAreRateLimitedPerIP(t *testing.T) {
	for name, change := range map[string][]func(*api.Deps){
		"redis":             nil,
		"redis unreachable": {deadRedis(t)},
	} {
		t.Run(name, func(t *testing.T) {
			limit := func(d *api.Deps) { d.Config.RateLimitPublic = 3 }
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
	a := newApp(t, func(d *api.Deps) { d.Config.RateLimitUser = 4 })
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
