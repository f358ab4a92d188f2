package api_test

import (
	"bytes"
	"io"
	"log/slog"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack"
	"github.com/reeltrack/reeltrack/api"
	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/store"
)

// BenchmarkCachedAnswer is one warm dashboard request over a loopback
// connection: session, rate limit, membership, and the answer from the
// cache (kept in the process after the first read), with Redis up.
func BenchmarkCachedAnswer(b *testing.B) {
	for _, path := range []string{"/api/collections", "/api/overview?datePreset=30d"} {
		b.Run(path, func(b *testing.B) {
			base, cookie, rds := benchApp(b)
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
			get := func() {
				req, err := http.NewRequest("GET", base+path, nil)
				if err != nil {
					b.Fatal(err)
				}
				req.AddCookie(cookie)
				res, err := client.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != 200 {
					b.Fatalf("GET %s: status %d", path, res.StatusCode)
				}
			}
			get() // fills the cache
			b.ResetTimer()
			for b.Loop() {
				get()
			}
			if !rds.Up() {
				b.Log("a call to Redis failed, so requests skipped it for a while: the figure mixes them in")
			}
		})
	}
}

// benchApp serves the real router on a loopback port, with Redis and limits
// no benchmark reaches, and returns its base URL, a session of a user with
// a workspace, and its Redis client.
func benchApp(b *testing.B) (string, *http.Cookie, *store.Redis) {
	b.Helper()
	passwords, err := auth.NewPasswords(4)
	if err != nil {
		b.Fatal(err)
	}
	rds, err := store.OpenRedis(env.RedisURL, env.Redis.Prefix+uuid.NewString()[:8]+":", nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { rds.Close() })
	cfg := testConfig()
	cfg.RateLimitUser = 1 << 30
	d := wiring.Deps{
		Config:    cfg,
		Log:       slog.New(slog.NewJSONHandler(io.Discard, nil)),
		DB:        env.PG,
		CH:        env.CH,
		Redis:     rds,
		Passwords: passwords,
		Tokens:    auth.NewTokens(cfg.SessionSecret, cfg.SessionTTL),
		OpenAPI:   reeltrack.OpenAPI,
		Now:       time.Now,
	}
	app := api.New(wiring.API(d))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	go app.Listener(ln) //nolint:errcheck // ends with Shutdown
	b.Cleanup(func() { _ = app.Shutdown() })
	base := "http://" + ln.Addr().String()

	post := func(path, body string, c *http.Cookie) *http.Response {
		req, err := http.NewRequest("POST", base+path, bytes.NewReader([]byte(body)))
		if err != nil {
			b.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", cfg.PublicBaseURL)
		if c != nil {
			req.AddCookie(c)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			b.Fatalf("POST %s: status %d", path, res.StatusCode)
		}
		return res
	}
	res := post("/api/auth/signup", `{"email":"`+uniqueEmail("bench")+`","password":"correct horse"}`, nil)
	var cookie *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == auth.CookieName {
			cookie = c
		}
	}
	if cookie == nil {
		b.Fatal("signup set no session cookie")
	}
	post("/api/workspace/bootstrap", "", cookie)
	return base, cookie, rds
}
