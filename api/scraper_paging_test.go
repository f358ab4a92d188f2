package api_test

import (
	"fmt"
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
)

// TestCompletionReadsEveryPageOfACleanedDataset tracks 45 TikTok videos
// in one run whose dataset has empty items at both ends of every 10
// positions (the simulator's -empty-every), read 10 at a time. With
// clean=true the provider drops the empty items after applying offset and
// limit, so every page is short while more follow: the completion that the
// run's webhook delivers still reads every page, and every video is active
// with its snapshot, none in error.
func TestCompletionReadsEveryPageOfACleanedDataset(t *testing.T) {
	t.Parallel()
	a, _ := newScrapingAppWith(t, func(d *wiring.Deps) { d.Config.ScraperPageSize = 10 }, "-empty-every", "10")
	c := a.signUp(uniqueEmail("paging"))
	a.bootstrap(c)
	const n = 45
	var urls []string
	for i := range n {
		urls = append(urls, fmt.Sprintf("https://www.tiktok.com/@paging.%02d/video/73012345678901%05d", i, i))
	}
	var bulk struct{ Results []trackOut }
	a.request("POST", "/api/track/bulk", map[string]any{"urls": urls}, c).expect(t, 200).decode(t, &bulk)
	if len(bulk.Results) != n || bulk.Results[0].JobID == "" || bulk.Results[0].JobID != bulk.Results[n-1].JobID {
		t.Fatalf("bulk track: %+v, want %d videos in one job", bulk.Results, n)
	}
	job := bulk.Results[0].JobID
	if got := waitJob(t, job); got != "processed" {
		t.Fatalf("job %s", got)
	}
	if total := count(t, `SELECT items_total FROM scrape_jobs WHERE id = $1`, job); total != n {
		t.Errorf("the job read %d items, want %d", total, n)
	}
	ids := make([]uuid.UUID, n)
	for i, r := range bulk.Results {
		ids[i] = r.ID
	}
	if active := count(t, `SELECT count(*) FROM videos WHERE id = ANY($1) AND status = 'active' AND last_scraped_at IS NOT NULL`, ids); active != n {
		var reason string
		_ = env.PG.QueryRow(t.Context(), `SELECT status_reason FROM videos WHERE id = ANY($1) AND status <> 'active' LIMIT 1`, ids).Scan(&reason)
		t.Fatalf("%d of %d videos active; another: %q", active, n, reason)
	}
	for i, id := range ids {
		if got := snapshotCount(t, id); got != 1 {
			t.Fatalf("video %d has %d snapshots, want 1", i, got)
		}
	}
}
