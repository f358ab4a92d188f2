package tracking

import (
	"cmp"
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
// land meanwhile. At most Parallel workspaces' runs compute at once, so
// many completions landing together hold a bounded share of the
// databases' connections; the others wait their turn.
type SumsAfterScrape struct {
	Keeper AccountSumsKeeper
	// Tasks count the runs, so that a shutdown cancels them and waits.
	Tasks *background.Tasks
	Log   *slog.Logger
	Now   func() time.Time
	// Parallel bounds the runs computing at once; 0: DefaultSumsParallel.
	Parallel int

	mu    sync.Mutex
	runs  map[uuid.UUID]*sumsRun
	idle  *sync.Cond
	turns chan struct{}
}

// DefaultSumsParallel is how many workspaces' sums are computed at once
// after their scrapes.
const DefaultSumsParallel = 2

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
		k.turns = make(chan struct{}, cmp.Or(k.Parallel, DefaultSumsParallel))
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
		if err := k.keep(ctx, ws); err != nil && ctx.Err() == nil {
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

// keep runs the keeper for ws in its turn.
func (k *SumsAfterScrape) keep(ctx context.Context, ws uuid.UUID) error {
	select {
	case k.turns <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-k.turns }()
	_, err := k.Keeper.Keep(ctx, ws, k.Now(), false)
	return err
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
