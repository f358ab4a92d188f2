package main

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

// TestEveryRunsAtOnceThenEachIntervalUntilStopped holds the loop the
// analytics sync and the snapshot retention share: the first call comes at
// once, calls repeat, a call that runs out of time is a failure to report,
// and stopping ends the loop with calls that know the server is stopping.
func TestEveryRunsAtOnceThenEachIntervalUntilStopped(t *testing.T) {
	var calls atomic.Int32
	first := make(chan struct{})
	var timedOut atomic.Bool
	stop := inBackground(context.Background(), func(ctx context.Context) {
		every(ctx, 20*time.Millisecond, 5*time.Millisecond, func(call context.Context) {
			if calls.Add(1) == 1 {
				close(first)
			}
			<-call.Done()
			if !stopping(call) {
				timedOut.Store(true)
			}
		})
	})
	select {
	case <-first:
	case <-time.After(time.Second):
		t.Fatal("no call at once")
	}
	for calls.Load() < 3 {
		time.Sleep(5 * time.Millisecond)
	}
	stop()
	n := calls.Load()
	time.Sleep(60 * time.Millisecond)
	if calls.Load() != n {
		t.Errorf("calls went on after stop: %d then %d", n, calls.Load())
	}
	if !timedOut.Load() {
		t.Error("a call that ran out of time read as the server stopping")
	}
	if stopping(context.Background()) {
		t.Error("a live context reads as stopping")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if !stopping(ctx) {
		t.Error("a cancelled context does not read as stopping")
	}
}
