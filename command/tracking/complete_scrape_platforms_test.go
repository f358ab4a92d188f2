package tracking_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/ingest/ingesttest"
	"github.com/reeltrack/reeltrack/ingest/normalize"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// tracked is one item to seed: an account (limit > 0) or a video.
type tracked struct {
	url   string
	limit int
}

// seeded is a workspace with tracked items and their scrape jobs, planned
// as the service plans them and run on the simulator, ready for their
// completions.
type seeded struct {
	ws   uuid.UUID
	ids  map[string]uuid.UUID // by URL as given
	jobs []uuid.UUID          // in plan order
}

func seedJobs(t *testing.T, client *ingest.Client, actors ingest.Actors, items ...tracked) seeded {
	t.Helper()
	s := seeded{ws: env.Workspace(t, testenv.WorkspaceOptions{}), ids: map[string]uuid.UUID{}}
	var p platform.Platform
	var targets []ingest.Target
	for _, it := range items {
		pt, err := platform.Parse(it.url)
		if err != nil {
			t.Fatalf("%s: %v", it.url, err)
		}
		p = pt.Platform
		var id uuid.UUID
		if pt.Kind == platform.Account {
			id = env.Account(t, s.ws, testenv.AccountOptions{Platform: p, Handle: pt.ID, URL: pt.URL, TrackingLimit: it.limit})
		} else {
			id = env.Video(t, s.ws, testenv.VideoOptions{Platform: p, PlatformID: pt.ID, URL: pt.URL})
		}
		s.ids[it.url] = id
		targets = append(targets, ingest.Target{Kind: pt.Kind, EntityID: id, URL: pt.URL, Key: pt.ID, Limit: it.limit})
	}
	plans, err := actors.Plan(p, targets, 50)
	if err != nil {
		t.Fatal(err)
	}
	for _, rp := range plans {
		job := uuid.New()
		run := ingesttest.FinishedRun(t, client, rp.Actor, rp.Input, job)
		var jobTargets []testenv.JobTarget
		for _, tg := range rp.Targets {
			jobTargets = append(jobTargets, testenv.JobTarget{Kind: tg.Kind, ID: tg.EntityID})
		}
		s.jobs = append(s.jobs, env.Job(t, s.ws, testenv.JobOptions{ID: job, Platform: p, Actor: rp.Actor, Input: rp.Input,
			Status: domain.JobRunning, RunID: run.ID, DatasetID: run.DefaultDatasetID, Targets: jobTargets}))
	}
	return s
}

func newSimClient(t *testing.T) *ingest.Client {
	sim := testenv.ScraperSim(t, "-run-duration", "10ms", "-webhook-retries", "0", "-quirks=false")
	return ingest.NewClient(ingest.ClientOptions{BaseURL: sim, Token: "sim-token", RetryWait: 10 * time.Millisecond, MaxWait: 50 * time.Millisecond})
}

func complete(t *testing.T, client *ingest.Client, job uuid.UUID) tracking.ScrapeOutcome {
	t.Helper()
	h := tracking.CompleteScrapeHandler{DB: env.PG, CH: env.CH, Provider: client, PageSize: 25, Now: time.Now, Log: slog.New(slog.DiscardHandler)}
	out, err := h.Handle(context.Background(), tracking.CompleteScrape{JobID: job})
	if err != nil || out.Status != "processed" {
		t.Fatalf("completion of %s: %+v, %v", job, out, err)
	}
	return out
}

type accountState struct {
	status, reason string
	followers      *int64
	videos         int
}

func stateOf(t *testing.T, account uuid.UUID) accountState {
	t.Helper()
	var s accountState
	if err := env.PG.QueryRow(context.Background(), `
		SELECT status, status_reason, followers, (SELECT count(*) FROM videos WHERE account_id = a.id AND post_kind IN ('own', 'collab'))
		FROM accounts a WHERE id = $1`, account).Scan(&s.status, &s.reason, &s.followers, &s.videos); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestInstagramAccountReachesItsTrackingLimit: an Instagram account is
// scraped by two runs, its reels up to the tracking limit and its details;
// each completion applies only what its run reports, in either order.
func TestInstagramAccountReachesItsTrackingLimit(t *testing.T) {
	t.Parallel()
	client := newSimClient(t)
	for _, order := range []string{"reels first", "details first"} {
		t.Run(order, func(t *testing.T) {
			suffix := strings.ReplaceAll(uuid.NewString()[:8], "-", "")
			full := "https://www.instagram.com/creator_" + suffix + "/"
			small := "https://www.instagram.com/small_" + suffix + "/"
			gone := "https://www.instagram.com/private_" + suffix + "/"
			s := seedJobs(t, client, ingest.DefaultActors(), tracked{full, 30}, tracked{small, 5}, tracked{gone, 30})
			if len(s.jobs) != 2 {
				t.Fatalf("%d jobs for a batch of Instagram accounts, want a reels run and a details run", len(s.jobs))
			}
			reels, details := s.jobs[0], s.jobs[1]
			if order == "details first" {
				complete(t, client, details)
				for _, u := range []string{full, small} {
					if st := stateOf(t, s.ids[u]); st.status != "active" || st.followers == nil || st.videos != 0 {
						t.Fatalf("%s after its details: %+v; want active with followers and no videos yet (latestPosts are not used)", u, st)
					}
				}
				complete(t, client, reels)
			} else {
				out := complete(t, client, reels)
				if out.Failed != 0 {
					t.Errorf("the reels run failed %d targets; it does not decide an account's status", out.Failed)
				}
				for _, u := range []string{full, small, gone} {
					if st := stateOf(t, s.ids[u]); st.status != "pending" || st.followers != nil {
						t.Fatalf("%s after its reels: %+v; want still pending, no followers", u, st)
					}
				}
				if n := stateOf(t, s.ids[full]).videos; n != 30 {
					t.Fatalf("%d videos after the reels run, want 30", n)
				}
				complete(t, client, details)
			}

			if st := stateOf(t, s.ids[full]); st.status != "active" || st.followers == nil || st.videos != 30 {
				t.Errorf("account with limit 30: %+v; want active, followers, 30 videos", st)
			}
			if st := stateOf(t, s.ids[small]); st.status != "active" || st.videos != 5 {
				t.Errorf("account with limit 5: %+v; want active, 5 videos", st)
			}
			if st := stateOf(t, s.ids[gone]); st.status != "error" || st.reason != "Empty or private data for provided input" || st.videos != 0 {
				t.Errorf("private account: %+v; want error with the row's reason", st)
			}
			var reelURLs int
			if err := env.PG.QueryRow(context.Background(), `SELECT count(*) FROM videos WHERE account_id = $1 AND url LIKE 'https://www.instagram.com/reel/%'`,
				s.ids[full]).Scan(&reelURLs); err != nil {
				t.Fatal(err)
			}
			if reelURLs != 30 {
				t.Errorf("%d of the 30 videos are reels", reelURLs)
			}
			// One snapshot per video and one of the followers per account.
			var videoRows, accountRows uint64
			if err := env.CH.QueryRow(context.Background(), `
				SELECT countIf(entity_kind = 'video'), countIf(entity_kind = 'account') FROM metric_snapshots FINAL WHERE workspace_id = ?`, s.ws).
				Scan(&videoRows, &accountRows); err != nil {
				t.Fatal(err)
			}
			if videoRows != 35 || accountRows != 2 {
				t.Errorf("%d video and %d account snapshots, want 35 and 2", videoRows, accountRows)
			}
		})
	}
}

// TestYouTubeChannelKeepsItsNewestVideosShortsAndStreams: a channel's
// videos and shorts (and its streams, when asked for) compete for its
// tracking limit by publish time.
func TestYouTubeChannelKeepsItsNewestVideosShortsAndStreams(t *testing.T) {
	t.Parallel()
	client := newSimClient(t)
	for _, streams := range []bool{false, true} {
		name := "without streams"
		if streams {
			name = "with streams"
		}
		t.Run(name, func(t *testing.T) {
			actors := ingest.DefaultActors()
			a := actors[platform.YouTube]
			a.Streams = streams
			actors[platform.YouTube] = a
			channel := "https://www.youtube.com/@mixedchannel"
			s := seedJobs(t, client, actors, tracked{channel, 30})
			if len(s.jobs) != 1 {
				t.Fatalf("%d jobs", len(s.jobs))
			}
			complete(t, client, s.jobs[0])

			rows, err := env.PG.Query(context.Background(), `SELECT platform_video_id, url, published_at FROM videos WHERE account_id = $1`, s.ids[channel])
			if err != nil {
				t.Fatal(err)
			}
			kept := map[string]time.Time{}
			kinds := map[string]int{}
			for rows.Next() {
				var id, u string
				var at time.Time
				if err := rows.Scan(&id, &u, &at); err != nil {
					t.Fatal(err)
				}
				kept[id] = at
				kinds[youTubeKind(u)]++
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			if len(kept) != 30 || kinds["shorts"] == 0 || kinds["watch"] == 0 {
				t.Fatalf("%d videos kept (%v); want 30 with both shorts and long videos", len(kept), kinds)
			}

			// Everything the run listed but did not keep is older than what
			// it kept.
			var oldestKept time.Time
			for _, at := range kept {
				if oldestKept.IsZero() || at.Before(oldestKept) {
					oldestKept = at
				}
			}
			var run string
			if err := env.PG.QueryRow(context.Background(), `SELECT dataset_id FROM scrape_jobs WHERE id = $1`, s.jobs[0]).Scan(&run); err != nil {
				t.Fatal(err)
			}
			listedStreams := 0
			_, err = client.NormalizedItems(context.Background(), run, 0, 1000, platform.YouTube, time.Now(), func(it normalize.Item, err error) error {
				if err != nil || len(it.Videos) == 0 {
					return err
				}
				v := it.Videos[0]
				if _, ok := kept[v.ID]; !ok && v.PublishedAt != nil && v.PublishedAt.After(oldestKept) {
					t.Errorf("%s (%s) is newer than the oldest kept video but was not kept", v.ID, v.PublishedAt)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			_, err = client.Items(context.Background(), run, 0, 1000, func(raw json.RawMessage) error {
				if strings.Contains(string(raw), `"type":"stream"`) {
					listedStreams++
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if streams != (listedStreams == 30) {
				t.Errorf("%d streams listed with streams %v", listedStreams, streams)
			}
		})
	}
}

func youTubeKind(u string) string {
	if strings.Contains(u, "/shorts/") {
		return "shorts"
	}
	return "watch"
}

// TestXErrorRowsWithoutInputLandOnTheirTargets: the tweet scraper's
// per-input error rows carry no input; a row goes to the target that got
// no data when that is unambiguous.
func TestXErrorRowsWithoutInputLandOnTheirTargets(t *testing.T) {
	t.Parallel()
	client := newSimClient(t)
	suffix := uuid.NewString()[:5]

	t.Run("one failing handle beside one with tweets", func(t *testing.T) {
		alive, gone := "https://x.com/alive_"+suffix, "https://x.com/private_"+suffix
		s := seedJobs(t, client, ingest.DefaultActors(), tracked{alive, 5}, tracked{gone, 5})
		out := complete(t, client, s.jobs[0])
		if out.Failed != 1 {
			t.Fatalf("%d failed targets, want 1", out.Failed)
		}
		if st := stateOf(t, s.ids[gone]); st.status != "error" || st.reason != "No results for this input" {
			t.Errorf("failing handle: %+v; want error with the row's reason", st)
		}
		if st := stateOf(t, s.ids[alive]); st.status != "active" || st.videos != 5 {
			t.Errorf("handle with tweets: %+v", st)
		}
	})

	t.Run("as many rows as targets without data, all alike", func(t *testing.T) {
		alive, gone := "https://x.com/alive2_"+suffix, "https://x.com/notfound"+suffix
		missing := "https://x.com/notfound/status/1900000000000000001"
		s := seedJobs(t, client, ingest.DefaultActors(), tracked{alive, 3}, tracked{gone, 3}, tracked{url: missing})
		complete(t, client, s.jobs[0])
		if st := stateOf(t, s.ids[gone]); st.status != "error" || st.reason != "No results for this input" {
			t.Errorf("failing handle: %+v", st)
		}
		var status, reason string
		if err := env.PG.QueryRow(context.Background(), `SELECT status, status_reason FROM videos WHERE id = $1`, s.ids[missing]).Scan(&status, &reason); err != nil {
			t.Fatal(err)
		}
		if status != "error" || reason != "No results for this input" {
			t.Errorf("failing tweet: %s %q", status, reason)
		}
	})
}

// TestScrapeNotKeepingTheOverviewDropsItsSlots: a completion in a workspace
// whose overview slots are not kept across scrapes (no keeper, or its
// ranks not synced) deletes the workspace's slots in the transaction that
// records it, since they may have been computed without the scrape; the
// slots of other workspaces stay.
func TestScrapeNotKeepingTheOverviewDropsItsSlots(t *testing.T) {
	t.Parallel()
	client := newSimClient(t)
	s := seedJobs(t, client, ingest.DefaultActors(), tracked{"https://x.com/kept_" + uuid.NewString()[:5], 3})
	other := env.Workspace(t, testenv.WorkspaceOptions{})
	for _, ws := range []uuid.UUID{s.ws, other} {
		env.Exec(t, `INSERT INTO overview_slots (workspace_id, preset, start, sums, written_at) VALUES ($1, '30d', now(), '{}', now())`, ws)
	}
	slots := func(ws uuid.UUID) (n int) {
		if err := env.PG.QueryRow(context.Background(), `SELECT count(*) FROM overview_slots WHERE workspace_id = $1`, ws).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	complete(t, client, s.jobs[0])
	if n := slots(s.ws); n != 0 {
		t.Errorf("%d overview slots left after a scrape that does not keep them", n)
	}
	if n := slots(other); n != 1 {
		t.Errorf("another workspace has %d overview slots, want its 1", n)
	}
}
