package main

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/testenv"
)

var env *testenv.Env

func TestMain(m *testing.M) { testenv.Main(m, &env) }

// TestServerRunsAndStopsOnSIGTERM starts the real binary's run() with its
// configuration from the environment, drives sign-up → bootstrap → team
// over HTTP, then stops it with SIGTERM.
func TestServerRunsAndStopsOnSIGTERM(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	t.Setenv("HTTP_ADDR", addr)
	t.Setenv("DATABASE_URL", env.PGURL)
	t.Setenv("CLICKHOUSE_ADDR", env.CHOptions.Addr)
	t.Setenv("CLICKHOUSE_DATABASE", env.CHOptions.Database)
	t.Setenv("REDIS_URL", env.RedisURL)
	t.Setenv("REDIS_PREFIX", env.Redis.Prefix)
	t.Setenv("BCRYPT_COST", "4")
	t.Setenv("LOG_LEVEL", "error")

	done := make(chan error, 1)
	go func() { done <- run() }()

	base := "http://" + addr
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, err := http.Get(base + "/healthz")
		if err == nil {
			res.Body.Close()
			break
		}
		select {
		case err := <-done:
			t.Fatalf("server stopped before answering: %v", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("server did not answer /healthz within 20s")
		}
		time.Sleep(50 * time.Millisecond)
	}

	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	post := func(path, body string) *http.Response {
		t.Helper()
		res, err := client.Post(base+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	res := post("/api/auth/signup", `{"email": "server-test@example.com", "password": "correct horse"}`)
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("signup: %d", res.StatusCode)
	}
	res = post("/api/workspace/bootstrap", ``)
	var boot struct {
		HasAccess bool `json:"hasAccess"`
	}
	json.NewDecoder(res.Body).Decode(&boot) //nolint:errcheck // checked below
	res.Body.Close()
	if res.StatusCode != 200 || !boot.HasAccess {
		t.Fatalf("bootstrap: %d %+v", res.StatusCode, boot)
	}
	res, err = client.Get(base + "/api/workspace/team")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), "server-test@example.com") {
		t.Fatalf("team: %d %s", res.StatusCode, body)
	}

	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run() after SIGTERM: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("server did not stop within 30s of SIGTERM")
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Fatal("server still answers after shutdown")
	}
}
