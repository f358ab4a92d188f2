package api

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/config"
	"github.com/reeltrack/reeltrack/query/chread"
)

// TestShutdownWaitsForTheStartsUnderWay: the app's shutdown waits for the
// work left running after the answers and stops the start values being
// read; nothing starts after it.
func TestShutdownWaitsForTheStartsUnderWay(t *testing.T) {
	starts := &background.Tasks{}
	kept := chread.NewStartValueCache(1<<20, time.Hour, slog.New(slog.DiscardHandler), time.Now)
	app := New(Deps{
		Config:   config.Config{BodyLimit: 1 << 20, RequestTimeout: 5 * time.Second},
		Log:      slog.New(slog.NewJSONHandler(io.Discard, nil)),
		Now:      time.Now,
		Handlers: Handlers{ScrapeStarts: starts, StartValueCache: kept},
	})
	finished := make(chan struct{})
	starts.Go(context.Background(), func(context.Context) {
		time.Sleep(50 * time.Millisecond)
		close(finished)
	})
	_ = app.Shutdown() // not listening: only the hooks run
	select {
	case <-finished:
	default:
		t.Fatal("the shutdown did not wait for the start under way")
	}
	if starts.Go(context.Background(), func(context.Context) {}) {
		t.Fatal("a start began after the shutdown")
	}
}
