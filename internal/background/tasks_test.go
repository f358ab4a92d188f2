package background_test

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

	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// TestGoDuringShutdown starts tasks from many goroutines while a shutdown
// begins: each task is refused or has ended when Shutdown returns, and
// none starts after it.
func TestGoDuringShutdown(t *testing.T) {
	for range 50 {
		var tasks background.Tasks
		var accepted, started, ended, late atomic.Int32
		var shutDown atomic.Bool
		var callers sync.WaitGroup
		for range 8 {
			callers.Add(1)
			go func() {
				defer callers.Done()
				for range 20 {
					ok := tasks.Go(context.Background(), func(context.Context) {
						started.Add(1)
						if shutDown.Load() {
							late.Add(1)
						}
						time.Sleep(50 * time.Microsecond)
						ended.Add(1)
					})
					if ok {
						accepted.Add(1)
					}
				}
			}()
		}
		if err := tasks.Shutdown(context.Background()); err != nil {
			t.Fatal(err)
		}
		shutDown.Store(true)
		// every task accepted before Shutdown returned has ended
		if s, e := started.Load(), ended.Load(); s != e {
			t.Fatalf("Shutdown returned with %d of %d tasks still running", s-e, s)
		}
		callers.Wait()
		if n := late.Load(); n != 0 {
			t.Fatalf("%d tasks ran after Shutdown returned", n)
		}
		if a, e := accepted.Load(), ended.Load(); a != e {
			t.Fatalf("%d tasks accepted after Shutdown", a-e)
		}
	}
}

// TestWaitThatGivesUpLeavesNoGoroutine: a wait that ends with its context
// leaves nothing behind, and a shutdown that gives up cancels the tasks
// still running.
func TestWaitThatGivesUpLeavesNoGoroutine(t *testing.T) {
	before := runtime.NumGoroutine()
	var tasks background.Tasks
	release := make(chan struct{})
	tasks.Go(context.Background(), func(context.Context) { <-release })
	for range 10 {
		ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
		err := tasks.Wait(ctx)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Wait: %v, want the deadline", err)
		}
	}
	// the task only
	settles(t, before+1)
	close(release)
	if err := tasks.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	settles(t, before)

	cancelled := make(chan struct{})
	tasks.Go(context.Background(), func(ctx context.Context) {
		<-ctx.Done()
		close(cancelled)
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if err := tasks.Shutdown(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Shutdown: %v, want the deadline", err)
	}
	select {
	case <-cancelled:
	case <-time.After(30 * time.Second): // generous: a loaded machine is slow
		t.Fatal("the task still running when Shutdown gave up was not cancelled")
	}
	settles(t, before)
	if tasks.Go(context.Background(), func(context.Context) {}) {
		t.Fatal("a task started after Shutdown")
	}
}

// TestTaskPanicIsLogged: a task's panic is logged and ends that task only.
func TestTaskPanicIsLogged(t *testing.T) {
	var out testenv.LogBuffer
	tasks := background.Tasks{Log: slog.New(slog.NewJSONHandler(&out, nil))}
	tasks.Go(context.Background(), func(context.Context) {
		var m map[string]int
		//lint:ignore SA5000 the task panics on purpose, with a runtime error
		m["nil map"]++
	})
	if err := tasks.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if s := out.String(); !strings.Contains(s, "background task panicked") || !strings.Contains(s, "nil map") {
		t.Fatalf("log %q", s)
	}
	ran := make(chan struct{})
	tasks.Go(context.Background(), func(context.Context) { close(ran) })
	<-ran
}

// TestNilTasksRunUncounted: a nil *Tasks runs its tasks all the same.
func TestNilTasksRunUncounted(t *testing.T) {
	var tasks *background.Tasks
	ran := make(chan struct{})
	if !tasks.Go(context.Background(), func(context.Context) { close(ran) }) {
		t.Fatal("refused")
	}
	<-ran
	if err := tasks.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// settles waits up to 5 s for the number of goroutines to fall to want.
func settles(t *testing.T, want int) {
	t.Helper()
	for deadline := time.Now().Add(testenv.Patience); runtime.NumGoroutine() > want; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			t.Fatalf("%d goroutines, want %d:\n%s", runtime.NumGoroutine(), want, buf[:runtime.Stack(buf, true)])
		}
	}
}
