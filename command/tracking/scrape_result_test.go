package tracking_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// TestConcurrentScrapeResultsDoNotDeadlock records results of different
// jobs of one workspace at once, each naming the same videos and accounts
// in its own order, some of them as failed, as the jobs of overlapping
// account and video refreshes do. Every transaction commits: locks are
// taken in one order, so none waits on another crosswise.
func TestConcurrentScrapeResultsDoNotDeadlock(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	accounts := make([]uuid.UUID, 6)
	for i := range accounts {
		accounts[i] = env.Account(t, ws, testenv.AccountOptions{Handle: fmt.Sprintf("lock%d", i)})
	}
	videos := make([]tracking.VideoUpdate, 120)
	for i := range videos {
		pid := fmt.Sprintf("73%017d", i)
		videos[i] = tracking.VideoUpdate{
			ID: uuid.NewSHA1(ws, []byte(pid)), PlatformID: pid, URL: "https://www.tiktok.com/@lock/video/" + pid,
			AccountID: &accounts[i%len(accounts)], AuthorHandle: "lock",
		}
	}
	// The videos exist before the race, so results can also fail them.
	seed := tracking.ScrapeResult{JobID: uuid.New(), WorkspaceID: ws, Platform: "tiktok", ScrapedAt: time.Now().Add(-time.Hour), Videos: videos}
	if err := pgx.BeginFunc(ctx, env.PG, func(tx pgx.Tx) error { return tracking.ApplyScrape(ctx, tx, seed) }); err != nil {
		t.Fatal(err)
	}
	// A job of every video and account, for the failed runs among the
	// results.
	targets := make([]testenv.JobTarget, 0, len(videos)+len(accounts))
	for _, v := range videos {
		targets = append(targets, testenv.JobTarget{Kind: platform.Video, ID: v.ID})
	}
	for _, a := range accounts {
		targets = append(targets, testenv.JobTarget{Kind: platform.Account, ID: a})
	}
	env.Job(t, ws, testenv.JobOptions{ID: seed.JobID, Targets: targets})

	const workers, rounds = 8, 6
	errs := make(chan error, workers*rounds)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 1))
			for r := range rounds {
				res := tracking.ScrapeResult{JobID: uuid.New(), WorkspaceID: ws, Platform: "tiktok", ScrapedAt: time.Now().Truncate(time.Second)}
				for _, i := range rng.Perm(len(videos)) {
					if rng.IntN(4) == 0 {
						res.Failed = append(res.Failed, tracking.EntityFailure{Kind: "video", ID: videos[i].ID, Reason: "gone"})
					} else {
						res.Videos = append(res.Videos, videos[i])
					}
				}
				for _, i := range rng.Perm(len(accounts)) {
					if rng.IntN(3) == 0 {
						res.Failed = append(res.Failed, tracking.EntityFailure{Kind: "account", ID: accounts[i], Reason: "private"})
					} else {
						res.Accounts = append(res.Accounts, tracking.AccountUpdate{ID: accounts[i], DisplayName: fmt.Sprintf("w%d r%d", w, r)})
					}
				}
				rng.Shuffle(len(res.Failed), func(i, j int) { res.Failed[i], res.Failed[j] = res.Failed[j], res.Failed[i] })
				apply := func(tx pgx.Tx) error { return tracking.ApplyScrape(ctx, tx, res) }
				if r%3 == 2 {
					apply = func(tx pgx.Tx) error { return tracking.FailJob(ctx, tx, seed.JobID, ws, "run failed") }
				}
				if err := pgx.BeginFunc(ctx, env.PG, apply); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestLateScrapeBumpsHistoryVersion: each scrape moves the workspace's
// latest scrape time forward (never back) and bumps its data version; only
// one recorded more than domain.LateScrape before the latest bumps its
// history version.
func TestLateScrapeBumpsHistoryVersion(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	t0 := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	steps := []struct {
		at            time.Time
		data, history int64
		until         time.Time
	}{
		{t0, 1, 0, t0}, // the first scrape
		{t0.Add(time.Hour), 2, 0, t0.Add(time.Hour)},      // the next
		{t0.Add(-4 * time.Hour), 3, 0, t0.Add(time.Hour)}, // late, within LateScrape
		{t0.Add(-5 * time.Hour), 4, 0, t0.Add(time.Hour)}, // exactly LateScrape before
		{t0.Add(-6 * time.Hour), 5, 1, t0.Add(time.Hour)}, // older than that
		{t0.Add(-30 * 24 * time.Hour), 6, 2, t0.Add(time.Hour)},
		{t0.Add(2 * time.Hour), 7, 2, t0.Add(2 * time.Hour)},
	}
	for i, s := range steps {
		r := tracking.ScrapeResult{JobID: uuid.New(), WorkspaceID: ws, Platform: "tiktok", ScrapedAt: s.at}
		if err := pgx.BeginFunc(ctx, env.PG, func(tx pgx.Tx) error { return tracking.ApplyScrape(ctx, tx, r) }); err != nil {
			t.Fatal(err)
		}
		var data, history int64
		var until time.Time
		if err := env.PG.QueryRow(ctx, `SELECT data_version, history_version, scraped_until FROM workspaces WHERE id = $1`, ws).Scan(&data, &history, &until); err != nil {
			t.Fatal(err)
		}
		if data != s.data || history != s.history || !until.Equal(s.until) {
			t.Errorf("scrape %d at %s: data version %d, history version %d, scraped until %s; want %d, %d, %s",
				i, s.at.Format(time.RFC3339), data, history, until.UTC().Format(time.RFC3339), s.data, s.history, s.until.Format(time.RFC3339))
		}
	}
}
