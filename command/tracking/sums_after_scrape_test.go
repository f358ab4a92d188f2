package tracking_test

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// TestCompletionKeepsItsAccountsSums completes an account's scrape in a
// workspace whose ranks are synced: once the keeper it starts is done, the
// account's kept sums hold what its videos' ranks add up to and nothing is
// left logged for the accounts list's next read to compute. Without the
// keeper the scrape leaves its account logged, for that read.
func TestCompletionKeepsItsAccountsSums(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	sim := testenv.ScraperSim(t, "-run-duration", "10ms", "-webhook-retries", "0")
	client := ingest.NewClient(ingest.ClientOptions{BaseURL: sim, Token: "sim-token", RetryWait: 10 * time.Millisecond, MaxWait: 50 * time.Millisecond})
	tasks := &background.Tasks{}
	t.Cleanup(func() { _ = tasks.Shutdown(context.Background()) })
	sums := &tracking.SumsAfterScrape{Keeper: numbers.AccountSums{DB: env.PG, CH: env.CH}, Tasks: tasks, Now: time.Now}
	logged := func(ws uuid.UUID) int {
		return scalar[int](t, `SELECT count(*) FROM account_sums_changed WHERE workspace_id = $1`, ws)
	}
	complete := func(keeper *tracking.SumsAfterScrape) (ws, account uuid.UUID) {
		t.Helper()
		ws, account, job := seedAccountRefresh(t, client, "sums_"+uuid.NewString()[:8], 30)
		exec(t, `INSERT INTO video_rank_state (workspace_id, token, synced) VALUES ($1, $2, true)`, ws, uuid.New())
		h := tracking.CompleteScrapeHandler{DB: env.PG, CH: env.CH, Provider: client, PageSize: 10, Now: time.Now,
			Log: slog.New(slog.DiscardHandler), Ranks: wiring.RankReader(env.CH), Sums: keeper}
		if out, err := h.Handle(ctx, tracking.CompleteScrape{JobID: job}); err != nil || out.Status != "processed" {
			t.Fatalf("completion: %+v, %v", out, err)
		}
		return ws, account
	}

	ws, account := complete(sums)
	sums.Wait()
	if n := logged(ws); n != 0 {
		t.Fatalf("after the keeper, %d changes are left logged for the accounts list's read", n)
	}
	var tracked, views int64
	if err := env.PG.QueryRow(ctx, `SELECT tracked, total_views FROM account_sums WHERE account_id = $1`, account).Scan(&tracked, &views); err != nil {
		t.Fatalf("the account's sums were not kept: %v", err)
	}
	// what the account's counted videos' ranks add up to, read apart
	wantTracked, wantViews := scalar[int64](t, `SELECT count(*) FROM videos v JOIN video_ranks r ON r.video_id = v.id
WHERE v.account_id = $1 AND v.post_kind = ANY($2) AND v.status NOT IN ($3, $4)`, account, countedKinds(), domain.ItemRemoved, domain.ItemBeyondLimit),
		scalar[int64](t, `SELECT coalesce(sum(r.views), 0) FROM videos v JOIN video_ranks r ON r.video_id = v.id
WHERE v.account_id = $1 AND v.post_kind = ANY($2) AND v.status NOT IN ($3, $4)`, account, countedKinds(), domain.ItemRemoved, domain.ItemBeyondLimit)
	if tracked == 0 || views == 0 || tracked != wantTracked || views != wantViews {
		t.Fatalf("kept sums: %d videos, %d views; the ranks add up to %d videos, %d views", tracked, views, wantTracked, wantViews)
	}
	// the read after it computes nothing
	if n, err := (numbers.AccountSums{DB: env.PG, CH: env.CH}).Keep(ctx, ws, time.Now(), false); err != nil || n != 0 {
		t.Fatalf("the read after the keeper computed %d accounts' sums (%v), want none", n, err)
	}

	ws, _ = complete(nil)
	if logged(ws) == 0 {
		t.Fatal("without the keeper the scrape logged nothing: the test proves nothing")
	}
}

func countedKinds() []string {
	out := make([]string, len(domain.CountedKinds))
	for i, k := range domain.CountedKinds {
		out[i] = string(k)
	}
	return out
}

// gatedKeeper holds each Keep until the test lets it go, and records how
// many ran at once and how often each workspace was kept.
type gatedKeeper struct {
	mu          sync.Mutex
	active, max int
	calls       map[uuid.UUID]int
	gate        chan struct{}
}

func (g *gatedKeeper) Keep(ctx context.Context, ws uuid.UUID, _ time.Time, _ bool) (int, error) {
	g.mu.Lock()
	g.active++
	g.max = max(g.max, g.active)
	g.calls[ws]++
	g.mu.Unlock()
	<-g.gate
	g.mu.Lock()
	g.active--
	g.mu.Unlock()
	return 0, nil
}

// TestSumsAfterScrapeTakesTurns: scrapes of a workspace landing while its
// run goes on ask for one more run, not one each, and no more workspaces'
// runs compute at once than Parallel allows.
func TestSumsAfterScrapeTakesTurns(t *testing.T) {
	t.Parallel()
	g := &gatedKeeper{calls: map[uuid.UUID]int{}, gate: make(chan struct{})}
	tasks := &background.Tasks{}
	t.Cleanup(func() { _ = tasks.Shutdown(context.Background()) })
	k := &tracking.SumsAfterScrape{Keeper: g, Tasks: tasks, Now: time.Now, Parallel: 1}
	a, b := uuid.New(), uuid.New()
	k.Changed(a)
	k.Changed(b)
	for range 3 {
		k.Changed(a)
	}
	done := make(chan struct{})
	go func() {
		for {
			select {
			case g.gate <- struct{}{}:
			case <-done:
				return
			}
		}
	}()
	k.Wait()
	close(done)
	if g.max != 1 || g.calls[a] != 2 || g.calls[b] != 1 {
		t.Fatalf("%d runs at once (want 1); workspace a kept %d times (want 2: its run and one more), b %d (want 1)", g.max, g.calls[a], g.calls[b])
	}
}
