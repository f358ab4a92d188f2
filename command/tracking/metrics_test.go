package tracking_test

import (
	"log/slog"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// TestRefreshRecordsOverdueItems: a refresh that queues fewer items than
// are due (its batch) records them as due, and how long the most overdue
// one it left had been due; a refresh that queues them all brings that
// down.
func TestRefreshRecordsOverdueItems(t *testing.T) {
	// not parallel: a refresh plans every workspace (see
	// TestRefreshStaysWithinTheScrapeBudget)
	now := time.Now().UTC()
	ws := env.Workspace(t, testenv.WorkspaceOptions{Plan: plan.Growth})
	long := now.Add(-30 * 24 * time.Hour)
	// scraped 10 days ago: past any interval the plan gives (7 days at
	// most), so due since 3 days at least
	scraped := now.Add(-10 * 24 * time.Hour)
	var videos []uuid.UUID
	for range 3 {
		v := env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive, PublishedAt: long, CreatedAt: long})
		exec(t, `UPDATE videos SET last_scraped_at = $2 WHERE id = $1`, v, scraped)
		videos = append(videos, v)
	}
	m := metrics.New()
	h := tracking.RefreshDueHandler{DB: env.PG, Actors: ingest.DefaultActors(), MaxPerRun: 100,
		Start: tracking.StartScrapeHandler{DB: env.PG, Log: slog.New(slog.DiscardHandler)}, Now: func() time.Time { return now }, Batch: 1, Metrics: m}
	value := func(name string) float64 {
		t.Helper()
		v, ok := metrics.Value(m.Registry, name, nil)
		if !ok {
			t.Fatalf("%s was not recorded", name)
		}
		return v
	}
	run := func() {
		t.Helper()
		// another test's refresh may hold the lock for a moment: call
		// again until this one planned the workspace
		for range 50 {
			if _, err := h.Handle(t.Context(), tracking.RefreshDue{}); err != nil {
				t.Fatal(err)
			}
			if scalar[bool](t, `SELECT NOT EXISTS (SELECT 1 FROM videos WHERE workspace_id = $1 AND refresh_reason IS NULL)`, ws) {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Fatal("the refresh never planned the workspace")
	}

	run()
	if due := value("reeltrack_refresh_due_items"); due < float64(len(videos)) {
		t.Errorf("%v items due, want at least this workspace's %d", due, len(videos))
	}
	left := value("reeltrack_refresh_oldest_overdue_seconds")
	if left < (3 * 24 * time.Hour).Seconds() {
		t.Errorf("the most overdue item left unqueued had been due %v s; two of this workspace's, due for 3 days at least, were left", left)
	}
	queued := scalar[int](t, `SELECT count(*)::int FROM videos WHERE workspace_id = $1 AND refresh_queued_at IS NOT NULL`, ws)
	if queued > 1 {
		t.Errorf("a refresh of batch 1 queued %d of this workspace's videos", queued)
	}

	// the whole batch: this workspace's videos are queued and no longer
	// left overdue
	h.Batch = 0
	run()
	if n := scalar[int](t, `SELECT count(*)::int FROM videos WHERE workspace_id = $1 AND refresh_queued_at IS NOT NULL`, ws); n != len(videos) {
		t.Fatalf("%d of %d videos queued by a refresh of the whole batch", n, len(videos))
	}
	if after := value("reeltrack_refresh_oldest_overdue_seconds"); after >= left {
		t.Errorf("the most overdue item left unqueued: %v s, as before (%v s) the videos were queued", after, left)
	}
}
