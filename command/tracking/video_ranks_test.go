package tracking_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query/chread"
)

// rankReader reads the projections as the server's wiring does.
type rankReader struct{ r chread.Reader }

func (a rankReader) LatestCounts(ctx context.Context, ws uuid.UUID, only []uuid.UUID, each func(tracking.RankCounts) error) error {
	return a.r.RankCounts(ctx, ws, only, func(c chread.RankCounts) error { return each(tracking.RankCounts(c)) })
}

func (a rankReader) StartViews(ctx context.Context, ws uuid.UUID, cutoff time.Time, each func(uuid.UUID, int64) error) error {
	return a.r.StartViews(ctx, ws, cutoff, each)
}

// TestCompletionWritesItsVideosRanks completes an account's scrape in a
// workspace whose ranks are synced: every video it recorded has in
// video_ranks the counts and last scrape entity_latest holds, and the
// workspace stays synced. A completion that cannot read them back marks
// the workspace's ranks stale instead, for the ranks step to fill.
func TestCompletionWritesItsVideosRanks(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	sim := testenv.ScraperSim(t, "-run-duration", "10ms", "-webhook-retries", "0")
	client := ingest.NewClient(ingest.ClientOptions{BaseURL: sim, Token: "sim-token", RetryWait: 10 * time.Millisecond, MaxWait: 50 * time.Millisecond})
	reader := rankReader{chread.Reader{CH: env.CH}}
	synced := func(ws uuid.UUID) bool {
		return scalar[bool](t, `SELECT EXISTS (SELECT 1 FROM video_rank_state WHERE workspace_id = $1 AND synced)`, ws)
	}

	ws, _, job := seedAccountRefresh(t, client, "ranks_"+uuid.NewString()[:8], 30)
	exec(t, `INSERT INTO video_rank_state (workspace_id, token, synced) VALUES ($1, $2, true)`, ws, uuid.New())
	h := tracking.CompleteScrapeHandler{DB: env.PG, CH: env.CH, Provider: client, PageSize: 10, Now: time.Now, Log: slog.New(slog.DiscardHandler), Ranks: reader}
	if out, err := h.Handle(ctx, tracking.CompleteScrape{JobID: job}); err != nil || out.Status != "processed" {
		t.Fatalf("completion: %+v, %v", out, err)
	}
	want := map[uuid.UUID]tracking.RankCounts{}
	err := reader.LatestCounts(ctx, ws, nil, func(c tracking.RankCounts) error { want[c.ID] = c; return nil })
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := env.PG.Query(ctx, `SELECT video_id, views, likes, comments, shares, saves, last_at FROM video_ranks WHERE workspace_id = $1`, ws)
	n := 0
	for rows.Next() {
		var g tracking.RankCounts
		var last *time.Time
		if err := rows.Scan(&g.ID, &g.Views, &g.Likes, &g.Comments, &g.Shares, &g.Saves, &last); err != nil {
			t.Fatal(err)
		}
		w, ok := want[g.ID]
		if !ok || last == nil || !last.Equal(w.LastAt) {
			t.Errorf("video %s: last scrape %v in video_ranks, %v in entity_latest (found %v)", g.ID, last, w.LastAt, ok)
			continue
		}
		n++
		for i, p := range [][2]*int64{{g.Views, w.Views}, {g.Likes, w.Likes}, {g.Comments, w.Comments}, {g.Shares, w.Shares}, {g.Saves, w.Saves}} {
			if (p[0] == nil) != (p[1] == nil) || p[0] != nil && *p[0] != *p[1] {
				t.Errorf("video %s count %d: %v in video_ranks, %v in entity_latest", g.ID, i, p[0], p[1])
			}
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if n == 0 || n != len(want) {
		t.Fatalf("%d videos' ranks written, entity_latest has %d", n, len(want))
	}
	if !synced(ws) {
		t.Error("the completion left the workspace's ranks stale, though it wrote them")
	}

	// without a reader: the ranks step must fill them
	ws2, _, job2 := seedAccountRefresh(t, client, "ranks_"+uuid.NewString()[:8], 5)
	exec(t, `INSERT INTO video_rank_state (workspace_id, token, synced) VALUES ($1, $2, true)`, ws2, uuid.New())
	h.Ranks = nil
	if out, err := h.Handle(ctx, tracking.CompleteScrape{JobID: job2}); err != nil || out.Status != "processed" {
		t.Fatalf("completion: %+v, %v", out, err)
	}
	if synced(ws2) {
		t.Error("a completion that wrote no ranks left the workspace synced")
	}
}
