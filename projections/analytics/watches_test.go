package analytics_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
)

// TestWatchesCaptureAndRuns: a watch, a post it found with why, and a
// tracker's run reach the analytics database; a post tracked later is
// copied again; a deleted watch leaves the views with its runs, while
// the posts it found stay. A competitors' workspace names the workspace
// it serves.
func TestWatchesCaptureAndRuns(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	watch, capture, run := uuid.New(), uuid.New(), uuid.New()
	at := time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC)
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO watches (id, workspace_id, platform, kind, term, results, interval_hours, status, last_run_at, found)
			VALUES ($1, $2, 'tiktok', 'hashtag', 'glowlab', 30, 24, 'active', $3, 1)`, []any{watch, ws, at}},
		{`INSERT INTO captures (id, workspace_id, platform, platform_post_id, url, author_handle, caption, published_at, views, likes,
				sound_id, sound_name, first_seen_at, last_seen_at, status)
			VALUES ($1, $2, 'tiktok', '7301234567890123456', 'https://www.tiktok.com/@fan/video/7301234567890123456', 'fan', 'hi #glowlab',
				$3, 1200, NULL, '', '', $3, $3, 'new')`, []any{capture, ws, at}},
		{`INSERT INTO capture_matches (workspace_id, capture_id, watch_id, reason, matched_at) VALUES ($1, $2, $3, 'the caption has #glowlab', $4)`,
			[]any{ws, capture, watch, at}},
		{`INSERT INTO watch_runs (id, workspace_id, watch_id, ran_at, listed, new_posts, posts, views, platform_views)
			VALUES ($1, $2, $3, $4, 30, 1, 1, 1200, 98000000)`, []any{run, ws, watch, at}},
	} {
		if _, err := env.PG.Exec(ctx, q.sql, q.args...); err != nil {
			t.Fatal(err)
		}
	}
	sync(t)
	if got := rows(t, `SELECT concat(platform, ' ', kind, ' ', term, ' ', toString(found), ' ', toString(last_run_at)) FROM A.watches WHERE workspace_id = ?`, ws); len(got) != 1 ||
		got[0] != "tiktok hashtag glowlab 1 2026-12-07 09:00:00" {
		t.Fatalf("watches: %q", got)
	}
	capRow := `SELECT concat(status, ' ', author_handle, ' ', toString(views), ' ', ifNull(toString(likes), 'hidden'), ' ', toString(watch_ids), ' ', toString(reasons))
		FROM A.captures WHERE workspace_id = ?`
	if got := rows(t, capRow, ws); len(got) != 1 || got[0] != "new fan 1200 hidden ['"+watch.String()+"'] ['the caption has #glowlab']" {
		t.Fatalf("captures: %q", got)
	}
	if got := rows(t, `SELECT concat(toString(listed), ' ', toString(posts), ' ', toString(views), ' ', toString(platform_views)) FROM A.watch_runs WHERE watch_id = ?`, watch); len(got) != 1 ||
		got[0] != "30 1 1200 98000000" {
		t.Fatalf("watch_runs: %q", got)
	}

	if _, err := env.PG.Exec(ctx, `UPDATE captures SET status = 'tracked' WHERE id = $1`, capture); err != nil {
		t.Fatal(err)
	}
	sync(t)
	if got := rows(t, `SELECT status FROM A.captures WHERE capture_id = ?`, capture); len(got) != 1 || got[0] != "tracked" {
		t.Fatalf("the tracked capture: %q", got)
	}

	if _, err := env.PG.Exec(ctx, `DELETE FROM watches WHERE id = $1`, watch); err != nil {
		t.Fatal(err)
	}
	sync(t)
	if got := rows(t, `SELECT toString(watch_id) FROM A.watches WHERE workspace_id = ?`, ws); len(got) != 0 {
		t.Fatalf("a deleted watch: %q", got)
	}
	if got := rows(t, `SELECT toString(run_id) FROM A.watch_runs WHERE workspace_id = ?`, ws); len(got) != 0 {
		t.Fatalf("a deleted watch's runs: %q", got)
	}
	if got := rows(t, `SELECT status FROM A.captures WHERE workspace_id = ?`, ws); len(got) != 1 {
		t.Fatalf("the found post after its watch was deleted: %q", got)
	}

	// a workspace's competitors' workspace names the workspace it serves
	set := uuid.New()
	if _, err := env.PG.Exec(ctx, `INSERT INTO workspaces (id, name, owner_id, plan, video_limit, seat_limit, competitors_of)
		SELECT $2, name || ' · competitors', owner_id, plan, video_limit, 1, id FROM workspaces WHERE id = $1`, ws, set); err != nil {
		t.Fatal(err)
	}
	sync(t)
	if got := rows(t, `SELECT concat(toString(workspace_id), ' ', ifNull(toString(competitors_of), '-')) FROM A.workspaces WHERE workspace_id IN (?, ?) ORDER BY competitors_of IS NULL`,
		ws, set); len(got) != 2 || got[0] != set.String()+" "+ws.String() || got[1] != ws.String()+" -" {
		t.Fatalf("the workspaces: %q", got)
	}
}
