package tracking

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/store"
)

// SumsAfterScrape brings a workspace's kept account sums up to date in the
// background once a scrape has written its videos' ranks, so the accounts
// list read after it finds nothing left to compute (docs/architecture.md,
// "Account sums"). The read still computes what it finds logged: a read
// that comes before the keeper is done waits for it (the sums' advisory
// lock) and then reads its rows.
//
// One run per workspace at a time: a scrape that lands while its
// workspace's run goes on asks for one more run after it, however many
// land meanwhile.
type SumsAfterScrape struct {
	Keeper AccountSumsKeeper
	// Tasks count the runs, so that a shutdown cancels them and waits.
	Tasks *background.Tasks
	Log   *slog.Logger
	Now   func() time.Time

	mu   sync.Mutex
	runs map[uuid.UUID]*sumsRun
	idle *sync.Cond
}

type sumsRun struct{ again bool }

// Changed asks for ws's sums to be kept: a run starts, or the one under way
// runs once more when it ends.
func (k *SumsAfterScrape) Changed(ws uuid.UUID) {
	if k == nil || k.Keeper == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.runs == nil {
		k.runs, k.idle = map[uuid.UUID]*sumsRun{}, sync.NewCond(&k.mu)
	}
	if r, ok := k.runs[ws]; ok {
		r.again = true
		return
	}
	r := &sumsRun{}
	// bounded by nothing but the shutdown, as the ranks step is
	ctx := store.WithoutStatementBound(store.WithoutClickHouseBound(context.Background()))
	if k.Tasks.Go(ctx, func(ctx context.Context) { k.run(ctx, ws, r) }) {
		k.runs[ws] = r
	}
}

func (k *SumsAfterScrape) run(ctx context.Context, ws uuid.UUID, r *sumsRun) {
	for {
		if _, err := k.Keeper.Keep(ctx, ws, k.Now(), false); err != nil && ctx.Err() == nil {
			log := k.Log
			if log == nil {
				log = slog.Default()
			}
			log.Warn("keep account sums after a scrape", "workspaceId", ws, "error", err)
		}
		k.mu.Lock()
		if r.again && ctx.Err() == nil {
			r.again = false
			k.mu.Unlock()
			continue
		}
		delete(k.runs, ws)
		k.idle.Broadcast()
		k.mu.Unlock()
		return
	}
}

// Wait returns once no run is under way or asked for.
func (k *SumsAfterScrape) Wait() {
	if k == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	for len(k.runs) > 0 {
		k.idle.Wait()
	}
}
