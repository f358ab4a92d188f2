package main

import (
	"context"
	"time"
)

// inBackground runs loop in a goroutine with a context of its own. The
// returned function cancels that context and waits until loop returns.
func inBackground(ctx context.Context, loop func(ctx context.Context)) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		loop(ctx)
	}()
	return func() {
		cancel()
		<-done
	}
}

// every calls run at once and then each interval until ctx ends, each call
// bounded by timeout; a call cut short because ctx ended sees
// context.Canceled (see stopping).
func every(ctx context.Context, interval, timeout time.Duration, run func(ctx context.Context)) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		callCtx, cancel := context.WithTimeout(ctx, timeout)
		run(callCtx)
		cancel()
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// stopping reports whether a call of every ended because the server is
// stopping, rather than failing: its error is then not worth a warning.
func stopping(callCtx context.Context) bool {
	return callCtx.Err() == context.Canceled //nolint:errorlint // the context's own error
}
