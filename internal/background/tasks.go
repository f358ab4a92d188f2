// Package background runs the work a request leaves behind it, counted so
// that a shutdown can wait for it.
package background

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
)

// Tasks run functions in goroutines of their own; a panic ends only its
// task. The zero value is ready; a nil *Tasks runs tasks uncounted.
type Tasks struct {
	// Log receives the panics of tasks; nil: slog.Default().
	Log *slog.Logger

	mu      sync.Mutex
	running count
	stopped bool // Shutdown or Cancel began: Go refuses
	// cancel ends the running tasks' contexts
	stopping context.Context
	cancel   context.CancelFunc
}

// Go runs fn under a context Cancel ends; it reports false, running
// nothing, once Shutdown or Cancel has begun.
func (t *Tasks) Go(ctx context.Context, fn func(context.Context)) bool {
	if t == nil {
		t = &Tasks{}
	}
	t.mu.Lock()
	if t.stopped {
		t.mu.Unlock()
		return false
	}
	if t.stopping == nil {
		t.stopping, t.cancel = context.WithCancel(context.Background())
	}
	t.running.up()
	t.mu.Unlock()

	ctx, cancel := context.WithCancel(ctx)
	unhook := context.AfterFunc(t.stopping, cancel)
	go func() {
		defer t.done()
		defer unhook()
		defer cancel()
		defer t.recover(ctx)
		fn(ctx)
	}()
	return true
}

func (t *Tasks) recover(ctx context.Context) {
	if r := recover(); r != nil {
		log := t.Log
		if log == nil {
			log = slog.Default()
		}
		log.ErrorContext(ctx, "background task panicked", "error", fmt.Sprintf("panic: %v\n%s", r, debug.Stack()))
	}
}

func (t *Tasks) done() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.running.down()
}

// Wait waits until no task runs or ctx ends, and then returns ctx's error.
func (t *Tasks) Wait(ctx context.Context) error {
	if t == nil {
		return nil
	}
	t.mu.Lock()
	idle := t.running.idle
	t.mu.Unlock()
	if idle == nil {
		return nil
	}
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Shutdown refuses new tasks, waits for the running ones until ctx ends,
// then cancels those left.
func (t *Tasks) Shutdown(ctx context.Context) error {
	if t == nil {
		return nil
	}
	t.mu.Lock()
	t.stopped = true
	t.mu.Unlock()
	err := t.Wait(ctx)
	if err != nil {
		t.Cancel()
	}
	return err
}

// Cancel refuses new tasks and cancels the contexts of those running.
func (t *Tasks) Cancel() {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stopped = true
	if t.cancel != nil {
		t.cancel()
	}
}
