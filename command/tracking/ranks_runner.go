package tracking

import (
	"context"
	"sync"
	"time"

	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/store"
)

// RanksRunner runs the ranks step in the background, one run at a time: at
// 1,000,000 videos a workspace's first run takes minutes and the hourly one
// about a minute, longer than the cron's request may last, and the cron's
// other steps must not wait for it.
type RanksRunner struct {
	Step SyncVideoRanksHandler
	// Tasks count the run, so that a shutdown cancels it and waits.
	Tasks *background.Tasks

	mu  sync.Mutex
	cur *ranksCall
}

type ranksCall struct {
	done chan struct{}
	run  RanksRun
	err  error
}

// Run starts a run unless one is under way, and waits for it up to wait:
// what it did if it ended meanwhile, otherwise the zero RanksRun (the run
// goes on; the next call finds it under way or starts another).
func (r *RanksRunner) Run(ctx context.Context, wait time.Duration) (RanksRun, error) {
	r.mu.Lock()
	c := r.cur
	if c == nil {
		c = &ranksCall{done: make(chan struct{})}
		// its statements are bounded by nothing but the shutdown
		bg := store.WithoutStatementBound(context.WithoutCancel(ctx))
		started := r.Tasks.Go(bg, func(ctx context.Context) {
			run, err := r.Step.Handle(ctx)
			r.mu.Lock()
			c.run, c.err, r.cur = run, err, nil
			r.mu.Unlock()
			close(c.done)
		})
		if !started {
			r.mu.Unlock()
			return RanksRun{}, nil
		}
		r.cur = c
	}
	r.mu.Unlock()
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-c.done:
		return c.run, c.err
	case <-t.C:
	case <-ctx.Done():
	}
	return RanksRun{}, nil
}
