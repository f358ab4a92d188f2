package tracking_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

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
	reader := wiring.RankReader(env.CH)
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

	// each video's days: as the projections show them at the completion
	ids := make([]uuid.UUID, 0, len(want))
	for id := range want {
		ids = append(ids, id)
	}
	keptDays := func(id uuid.UUID) (*time.Time, []*int64) {
		t.Helper()
		var to *time.Time
		var views []*int64
		if err := env.PG.QueryRow(ctx, `SELECT days_to, day_views FROM video_ranks WHERE video_id = $1`, id).Scan(&to, &views); err != nil {
			t.Fatal(err)
		}
		return to, views
	}
	sameDays := func(what string, id uuid.UUID, d tracking.RankDays) {
		t.Helper()
		to, views := keptDays(id)
		if to == nil || !to.Equal(d.To) || testenv.Days(views) != testenv.Days(d.Views) {
			t.Errorf("%s: video %s keeps the days %v %s, the projections show %v %s", what, id, to, testenv.Days(views), d.To, testenv.Days(d.Views))
		}
	}
	err = reader.DayViews(ctx, ws, ids, time.Now(), func(d tracking.RankDays) error {
		sameDays("after the completion", d.ID, d)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	// A late snapshot, yesterday: the read after it shows it, the read before
	// it does not; whichever commits last, the days of the read that began
	// later stay.
	video := ids[0]
	late := time.Now().UTC().Truncate(24 * time.Hour).Add(-23 * time.Hour)
	before, _ := tracking.ScrapedRanks(ctx, reader, slog.Default(), ws, []uuid.UUID{video}, late, time.Now())
	views := uint64(7)
	w := ingest.NewSnapshotWriter(env.CH, 10, time.Now())
	if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: video,
		ScrapedAt: late, Metrics: ingest.Metrics{Views: &views}, JobID: uuid.New()}); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	after, seen := tracking.ScrapedRanks(ctx, reader, slog.Default(), ws, []uuid.UUID{video}, late, time.Now())
	if !seen {
		t.Fatal("the late scrape was not read back")
	}
	for _, write := range []func(context.Context, pgx.Tx) error{after, before} {
		if err := pgx.BeginFunc(ctx, env.PG, func(tx pgx.Tx) error { return write(ctx, tx) }); err != nil {
			t.Fatal(err)
		}
	}
	err = reader.DayViews(ctx, ws, []uuid.UUID{video}, time.Now(), func(d tracking.RankDays) error {
		if v := d.Views[len(d.Views)-2]; v == nil || *v != 7 {
			t.Errorf("the projections show %s, want yesterday's late 7 views", testenv.Days(d.Views))
		}
		sameDays("after the late scrape", d.ID, d)
		return nil
	})
	if err != nil {
		t.Fatal(err)
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
