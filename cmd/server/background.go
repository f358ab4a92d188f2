package main

import (
	"context"
	"time"
)

// inBackground runs loop in a goroutine; the returned function stops it.
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

// every calls run at once and then each interval until ctx ends, each
// bounded by timeout.
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

// stopping reports whether a call ended as the server stops: no warning.
func stopping(callCtx context.Context) bool {
	return callCtx.Err() == context.Canceled //nolint:errorlint // the context's own error
}
