package tracking_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// quirkyProvider answers the runs run-x and run-ig, finished, and their
// datasets as given.
func quirkyProvider(t *testing.T, datasets map[string]string) *ingest.Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case strings.HasPrefix(r.URL.Path, "/v2/actor-runs/"):
			id := strings.TrimPrefix(r.URL.Path, "/v2/actor-runs/")
			fmt.Fprintf(w, `{"data":{"id":%q,"actId":"a","status":"SUCCEEDED","startedAt":"2026-12-07T09:00:00Z","finishedAt":"2026-12-07T09:01:00Z","defaultDatasetId":"ds-%s"}}`, id, id)
		case strings.HasPrefix(r.URL.Path, "/v2/datasets/") && strings.HasSuffix(r.URL.Path, "/items"):
			ds := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/v2/datasets/"), "/items")
			if r.URL.Query().Get("offset") != "0" {
				fmt.Fprint(w, `[]`)
				return
			}
			fmt.Fprint(w, datasets[ds])
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return ingest.NewClient(ingest.ClientOptions{BaseURL: srv.URL, Token: "t", RetryWait: 10 * time.Millisecond, MaxWait: 50 * time.Millisecond})
}

// TestWatchRunWithQuirkyItems: a watch's run keeps the posts it lists and
// leaves out retweets, quotes and replies, failure rows and an empty
// listing's marker; a post listed twice is one capture, as first listed; counts as
// strings, commas or above 2^32 are read, missing ones stay unknown; a
// post without a publish time (Instagram gives none in its id) is kept
// undated; the tracker's run records what was kept.
func TestWatchRunWithQuirkyItems(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	client := quirkyProvider(t, map[string]string{
		"ds-run-x": `[
			{"id": "1729171300111671301", "url": "https://x.com/Fan_A/status/1729171300111671301", "text": "loving it #Quirky", "author": {"userName": "Fan_A"},
			 "createdAt": "Fri Nov 24 17:49:36 +0000 2023", "viewCount": "1,234", "likeCount": 5, "replyCount": null},
			{"id": "1729171300111671302", "isRetweet": true, "retweetedTweet": {"id": "1729171300111671000", "author": {"userName": "someone"}},
			 "author": {"userName": "fan_b"}, "text": "RT @someone: #quirky", "viewCount": 50},
			{"id": "1729171300111671303", "isQuote": true, "quoteId": "1729171300111671001", "author": {"userName": "fan_c"}, "text": "look #quirky"},
			{"id": "1729171300111671304", "isReply": true, "inReplyToUsername": "other", "inReplyToUserId": "99", "author": {"userName": "fan_d", "id": "5"}, "text": "@other #quirky"},
			{"id": "1729171300111671305", "author": {"userName": "fan_e"}, "text": "listed only"},
			{"error": "no_items", "errorDescription": "Empty or private data for provided input", "url": "https://x.com/search?q=%23quirky"},
			{"noResults": true},
			{"id": "1729171300111671301", "url": "https://x.com/Fan_A/status/1729171300111671301", "text": "loving it #Quirky", "author": {"userName": "Fan_A"}, "viewCount": 1300},
			{"id": "1729171300111671309", "author": {"userName": "fan_f"}, "text": "big #quirky", "viewCount": "5000000000", "createdAt": "Sat Nov 25 10:00:00 +0000 2023"}
		]`,
		"ds-run-ig": `[
			{"id": "3141592653589793238", "shortCode": "C0quirk1", "url": "https://www.instagram.com/p/C0quirk1/", "ownerUsername": "fan_g", "caption": "#quirky day",
			 "type": "Video", "likesCount": -1, "videoPlayCount": null, "commentsCount": "7"}
		]`,
	})
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	h := tracking.CompleteScrapeHandler{DB: env.PG, CH: env.CH, Provider: client, PageSize: 100, Now: time.Now, Log: slog.New(slog.DiscardHandler)}
	run := func(p platform.Platform, runID string) uuid.UUID {
		t.Helper()
		watch := uuid.New()
		exec(t, `INSERT INTO watches (id, workspace_id, platform, kind, term, results, interval_hours, status) VALUES ($1, $2, $3, 'hashtag', 'quirky', 30, 24, 'active')`,
			watch, ws, string(p))
		job := env.Job(t, ws, testenv.JobOptions{Platform: p, Actor: "actor", Status: domain.JobRunning, RunID: runID})
		exec(t, `UPDATE scrape_jobs SET watch_id = $2, reason = 'watch' WHERE id = $1`, job, watch)
		out, err := h.Handle(ctx, tracking.CompleteScrape{JobID: job})
		if err != nil || out.Status != domain.JobProcessed {
			t.Fatalf("%s: %+v, %v", p, out, err)
		}
		return watch
	}

	xWatch := run(platform.X, "run-x")
	type capture struct {
		handle          string
		views, comments *int64
		published       *time.Time
		reason          string
	}
	read := func(watch uuid.UUID) map[string]capture {
		rows, err := env.PG.Query(ctx, `
			SELECT c.platform_post_id, c.author_handle, c.views, c.comments, c.published_at, m.reason
			FROM captures c JOIN capture_matches m ON m.workspace_id = c.workspace_id AND m.capture_id = c.id
			WHERE c.workspace_id = $1 AND m.watch_id = $2`, ws, watch)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		out := map[string]capture{}
		for rows.Next() {
			var id string
			var c capture
			if err := rows.Scan(&id, &c.handle, &c.views, &c.comments, &c.published, &c.reason); err != nil {
				t.Fatal(err)
			}
			out[id] = c
		}
		return out
	}
	got := read(xWatch)
	if len(got) != 3 {
		t.Fatalf("the X run kept %d posts, want its 3 own (no retweet, quote or reply): %v", len(got), got)
	}
	a, e, f := got["1729171300111671301"], got["1729171300111671305"], got["1729171300111671309"]
	if a.handle != "fan_a" || a.views == nil || *a.views != 1234 || a.reason != "the caption has #quirky" {
		t.Errorf("the post listed twice: %+v (views %v)", a, a.views)
	}
	if e.views != nil || e.published == nil || e.reason != "listed under #quirky" {
		t.Errorf("the post without views or a time: %+v", e)
	}
	if f.views == nil || *f.views != 5_000_000_000 {
		t.Errorf("the post above 2^32 views: %v", f.views)
	}
	var listed, posts int
	var views int64
	if err := env.PG.QueryRow(ctx, `SELECT listed, posts, views FROM watch_runs WHERE workspace_id = $1 AND watch_id = $2`, ws, xWatch).Scan(&listed, &posts, &views); err != nil ||
		listed != 3 || posts != 3 || views != 1234+5_000_000_000 {
		t.Errorf("the tracker's run: listed %d, %d posts, %d views (%v)", listed, posts, views, err)
	}

	igWatch := run(platform.Instagram, "run-ig")
	ig := read(igWatch)["C0quirk1"]
	if ig.handle != "fan_g" || ig.published != nil || ig.views != nil || ig.comments == nil || *ig.comments != 7 || ig.reason != "the caption has #quirky" {
		t.Errorf("the Instagram post without a time or views: %+v", ig)
	}
}
