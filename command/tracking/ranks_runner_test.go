package tracking_test

import (
	"context"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// blockingReader holds the ranks step of one workspace until released.
type blockingReader struct {
	ws      uuid.UUID
	calls   atomic.Int32
	release chan struct{}
}

func (b *blockingReader) LatestCounts(ctx context.Context, ws uuid.UUID, _ []uuid.UUID, _ func(tracking.RankCounts) error) error {
	if ws != b.ws {
		return nil
	}
	b.calls.Add(1)
	select {
	case <-b.release:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (b *blockingReader) DayViews(context.Context, uuid.UUID, []uuid.UUID, time.Time, func(tracking.RankDays) error) error {
	return nil
}

func (b *blockingReader) StartViews(context.Context, uuid.UUID, time.Time, func(uuid.UUID, int64) error) error {
	return nil
}

// TestRanksStepRunsBehindTheCron: the cron's ranks step goes on in the
// background when it takes longer than the cron waits (the cron's other
// steps do not wait for it), a second call while it runs starts no other
// run, and the run finishes on its own; a shutdown's cancel ends one.
func TestRanksStepRunsBehindTheCron(t *testing.T) {
	ctx := context.Background()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive})
	reader := &blockingReader{ws: ws, release: make(chan struct{})}
	tasks := &background.Tasks{}
	r := &tracking.RanksRunner{
		Step:  tracking.SyncVideoRanksHandler{DB: env.PG, Reader: reader, Log: slog.New(slog.DiscardHandler), Now: time.Now, MinVideos: 1},
		Tasks: tasks,
	}
	for i := range 2 {
		began := time.Now()
		run, err := r.Run(ctx, 100*time.Millisecond)
		if err != nil || run != (tracking.RanksRun{}) {
			t.Fatalf("call %d while the step is held: %+v, %v; want nothing reported yet", i, run, err)
		}
		if took := time.Since(began); took > 30*time.Second {
			t.Fatalf("call %d waited %s for a held step", i, took)
		}
	}
	eventually(t, 30*time.Second, func() bool { return reader.calls.Load() == 1 })
	synced := func() bool {
		return scalar[bool](t, `SELECT EXISTS (SELECT 1 FROM video_rank_state WHERE workspace_id = $1 AND synced)`, ws)
	}
	if synced() {
		t.Fatal("the workspace was synced while its step was held")
	}
	close(reader.release)
	eventually(t, 30*time.Second, synced)
	if n := reader.calls.Load(); n != 1 {
		t.Fatalf("the step read the workspace %d times; want one run for the two calls", n)
	}

	// a shutdown cancels a run under way
	ws2 := env.Workspace(t, testenv.WorkspaceOptions{})
	env.Video(t, ws2, testenv.VideoOptions{Status: domain.ItemActive})
	held := &blockingReader{ws: ws2, release: make(chan struct{})}
	r2 := &tracking.RanksRunner{
		Step:  tracking.SyncVideoRanksHandler{DB: env.PG, Reader: held, Log: slog.New(slog.DiscardHandler), Now: time.Now, MinVideos: 1},
		Tasks: &background.Tasks{},
	}
	if _, err := r2.Run(ctx, 10*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	eventually(t, 30*time.Second, func() bool { return held.calls.Load() == 1 })
	r2.Tasks.Cancel()
	done := make(chan error, 1)
	go func() { done <- r2.Tasks.Shutdown(ctx) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the shutdown did not end the held run")
	}
}

// eventually polls cond until it holds, failing the test after within.
func eventually(t *testing.T, within time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("not true within %s", within)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
