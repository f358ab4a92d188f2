package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/testenv"
)

// TestSchedulerCallsEveryTaskAndStops runs the scheduler against a stand-in
// server: each round calls every cron route in order with the secret, and
// cancelling stops it promptly, even during a call that hangs, with no
// call afterwards.
func TestSchedulerCallsEveryTaskAndStops(t *testing.T) {
	var mu sync.Mutex
	var calls []string
	hang := make(chan struct{})
	var hanging bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		if r.Header.Get("Authorization") != "Bearer cron-secret" {
			calls = append(calls, "unauthenticated "+r.URL.Path)
		} else {
			calls = append(calls, r.URL.Path)
		}
		h := hanging
		mu.Unlock()
		if h {
			select {
			case <-r.Context().Done():
			case <-hang:
			}
			return
		}
		w.Write([]byte(`{}`)) //nolint:errcheck // the scheduler reads it or not
	}))
	defer srv.Close()
	defer close(hang)
	recorded := func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), calls...)
	}

	s := scheduler{
		base: srv.URL, secret: "cron-secret", interval: 20 * time.Millisecond, tasks: cronTasks,
		client: &http.Client{Timeout: 10 * time.Second}, log: slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.run(ctx)
	}()

	waitFor(t, func() bool { return len(recorded()) >= 2*len(cronTasks) })
	got := recorded()
	for i, path := range got[:2*len(cronTasks)] {
		if want := cronTasks[i%len(cronTasks)].path; path != want {
			t.Fatalf("call %d was %q, want %q: calls %v", i+1, path, want, got)
		}
	}

	// Stop during a call that does not answer.
	mu.Lock()
	hanging = true
	before := len(calls)
	mu.Unlock()
	waitFor(t, func() bool { return len(recorded()) > before })
	cancel()
	select {
	case <-done:
	case <-time.After(30 * time.Second): // generous: a loaded machine is slow
		t.Fatal("scheduler did not stop within 30s of its context ending")
	}
	// run has returned, and it makes its calls itself: with none of its
	// goroutines left, there is nothing to make a call afterwards.
	stopped := len(recorded())
	buf := make([]byte, 1<<20)
	if stacks := string(buf[:runtime.Stack(buf, true)]); strings.Contains(stacks, "reeltrack/cmd/server.scheduler.") {
		t.Fatalf("the scheduler left a goroutine behind:\n%s", stacks)
	}
	if n := len(recorded()); n != stopped {
		t.Fatalf("%d calls after the scheduler stopped", n-stopped)
	}
}

func TestSelfURL(t *testing.T) {
	for addr, want := range map[string]string{
		"127.0.0.1:8080": "http://127.0.0.1:8080",
		"0.0.0.0:8080":   "http://127.0.0.1:8080",
		":8080":          "http://127.0.0.1:8080",
		"[::]:8080":      "http://127.0.0.1:8080",
		"[::1]:9000":     "http://[::1]:9000",
		"localhost:80":   "http://localhost:80",
	} {
		if got, err := selfURL(addr); err != nil || got != want {
			t.Errorf("selfURL(%q) = %q, %v; want %q", addr, got, err, want)
		}
	}
	if _, err := selfURL("no-port"); err == nil {
		t.Error("selfURL accepted an address without a port")
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(testenv.Patience); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("condition not met within 10s")
		}
	}
}
