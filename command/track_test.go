package command_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

const (
	ttVideoURL   = "https://www.tiktok.com/@some.user/video/7234567890123456789"
	ttAccountURL = "https://www.tiktok.com/@some.user"
	igReelURL    = "https://www.instagram.com/reel/C1a2B3c4D5e/"
)

// trackHandler is the handler as the server wires it, without a scraping
// provider: the jobs it queues stay queued, as when the provider is down.
func trackHandler() command.TrackHandler {
	return command.TrackHandler{DB: env.PG, Actors: ingest.DefaultActors(), MaxPerRun: 50, Now: time.Now}
}

func track(t *testing.T, cmd command.Track) (command.Tracked, error) {
	t.Helper()
	return trackHandler().Handle(context.Background(), cmd)
}

// written counts what tracking writes for a workspace: videos, accounts,
// scrape jobs, and the data version.
func written(t *testing.T, ws uuid.UUID) string {
	t.Helper()
	return fmt.Sprintf("%d videos, %d accounts, %d jobs, version %d",
		scalar[int](t, `SELECT count(*) FROM videos WHERE workspace_id = $1`, ws),
		scalar[int](t, `SELECT count(*) FROM accounts WHERE workspace_id = $1`, ws),
		scalar[int](t, `SELECT count(*) FROM scrape_jobs WHERE workspace_id = $1`, ws),
		dataVersion(t, ws))
}

// jobTargets are the items a scrape job refreshes.
func jobTargets(t *testing.T, job string) []uuid.UUID {
	t.Helper()
	return scalar[[]uuid.UUID](t, `SELECT coalesce(array_agg(entity_id ORDER BY entity_id), '{}') FROM scrape_job_targets WHERE job_id = $1`, job)
}

// TestTrackRecordsTheItemAndQueuesItsFirstScrape: tracking a URL records
// the video or account, pending, in the collection asked for, queues its
// first scrape (a track job that names it) and bumps the data version.
// Tracking it again answers the item already tracked and its latest job,
// and writes nothing.
func TestTrackRecordsTheItemAndQueuesItsFirstScrape(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	launch := env.Collection(t, ws, "Launch")

	v := dataVersion(t, ws)
	video, err := track(t, command.Track{WorkspaceID: ws, URL: "  " + ttVideoURL + " ", CollectionID: &launch})
	if err != nil || !video.Success || video.Existing || video.Type != platform.Video || video.Platform != "tiktok" ||
		video.URL != ttVideoURL || video.ScrapeStatus != string(domain.JobQueued) || video.ID == nil {
		t.Fatalf("track a video: %+v, %v", video, err)
	}
	if got := status(t, *video.ID); got != domain.ItemPending {
		t.Errorf("new video %s, want pending", got)
	}
	if got := scalar[string](t, `SELECT platform_video_id || ' ' || collection_id::text || ' ' || tracked_individually::text FROM videos WHERE id = $1`, *video.ID); got != "7234567890123456789 "+launch.String()+" true" {
		t.Errorf("video row: %s", got)
	}
	if got := scalar[string](t, `SELECT reason || ' ' || status FROM scrape_jobs WHERE id = $1 AND workspace_id = $2`, video.JobID, ws); got != "track queued" {
		t.Errorf("first scrape job: %s, want a queued track job", got)
	}
	if got := jobTargets(t, video.JobID); !slices.Equal(got, []uuid.UUID{*video.ID}) {
		t.Errorf("job targets %v, want the video", got)
	}
	if dataVersion(t, ws) != v+1 {
		t.Error("tracking did not bump the data version")
	}

	account, err := track(t, command.Track{WorkspaceID: ws, URL: ttAccountURL})
	if err != nil || account.Existing || account.Type != platform.Account || account.ID == nil || account.JobID == video.JobID {
		t.Fatalf("track an account: %+v, %v", account, err)
	}
	if got := scalar[string](t, `SELECT handle || ' ' || tracking_limit || ' ' || (collection_id IS NULL)::text FROM accounts WHERE id = $1`, *account.ID); got != "some.user 30 true" {
		t.Errorf("account row: %s, want handle some.user, the default tracking limit of 30, no collection", got)
	}

	before := written(t, ws)
	again, err := track(t, command.Track{WorkspaceID: ws, URL: ttVideoURL + "?is_from_webapp=1"})
	if err != nil || !again.Existing || *again.ID != *video.ID || again.JobID != video.JobID || again.ScrapeStatus != string(domain.JobQueued) {
		t.Fatalf("track the video again: %+v, %v; want the tracked video and its job", again, err)
	}
	if after := written(t, ws); after != before {
		t.Fatalf("tracking a tracked video wrote: %s, then %s", before, after)
	}
}

// TestTrackRefusesWithoutWriting: a URL that is not a public account or
// video is invalid input, another workspace's collection is not found, a
// workspace without access or over its video limit is forbidden, and a
// tracking limit outside the plan's range is invalid; none of them writes
// anything.
func TestTrackRefusesWithoutWriting(t *testing.T) {
	t.Parallel()
	ended := time.Now().Add(-time.Hour)
	other := env.Workspace(t, testenv.WorkspaceOptions{})
	theirs := env.Collection(t, other, "Theirs")
	for _, c := range []struct {
		name   string
		ws     testenv.WorkspaceOptions
		cmd    command.Track
		videos int // tracked before
		want   apperr.Kind
		field  string
	}{
		{name: "not a URL", cmd: command.Track{URL: "not a url"}, want: apperr.KindInvalid, field: "url"},
		{name: "another site", cmd: command.Track{URL: "https://example.com/video/1"}, want: apperr.KindInvalid, field: "url"},
		{name: "another workspace's collection", cmd: command.Track{URL: ttVideoURL, CollectionID: &theirs}, want: apperr.KindNotFound},
		{name: "subscription ended", ws: testenv.WorkspaceOptions{NoAccess: true}, cmd: command.Track{URL: ttVideoURL}, want: apperr.KindForbidden},
		{name: "trial ended", ws: testenv.WorkspaceOptions{Plan: plan.Trial, TrialEndsAt: &ended}, cmd: command.Track{URL: ttVideoURL}, want: apperr.KindForbidden},
		{name: "video limit reached", ws: testenv.WorkspaceOptions{VideoLimit: 2}, videos: 2, cmd: command.Track{URL: ttVideoURL}, want: apperr.KindForbidden},
		{name: "account over the video limit", ws: testenv.WorkspaceOptions{VideoLimit: 10}, videos: 5,
			cmd: command.Track{URL: ttAccountURL, TrackingLimit: ptr(6)}, want: apperr.KindForbidden},
		{name: "tracking limit 0", cmd: command.Track{URL: ttAccountURL, TrackingLimit: ptr(0)}, want: apperr.KindInvalid, field: "tracking_limit"},
		{name: "tracking limit above the plan's", cmd: command.Track{URL: ttAccountURL, TrackingLimit: ptr(201)}, want: apperr.KindInvalid, field: "tracking_limit"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ws := env.Workspace(t, c.ws)
			for range c.videos {
				env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive})
			}
			before := written(t, ws)
			c.cmd.WorkspaceID = ws
			_, err := track(t, c.cmd)
			if apperr.KindOf(err) != c.want {
				t.Fatalf("%v, want kind %d", err, c.want)
			}
			if c.field != "" {
				if got := invalidFields(t, err); !slices.Equal(got, []string{c.field}) {
					t.Fatalf("fields %q, want %s", got, c.field)
				}
			}
			if after := written(t, ws); after != before {
				t.Fatalf("a refused track wrote: %s, then %s", before, after)
			}
		})
	}
}

// TestTrackBringsRemovedItemsBack: a removed account tracked again comes
// back pending with the new tracking limit, charged again; a video beyond
// its account's limit tracked by its link is tracked by its own link from
// then on. Both get a new first scrape.
func TestTrackBringsRemovedItemsBack(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	account := env.Account(t, ws, testenv.AccountOptions{Handle: "some.user", Status: domain.ItemRemoved, TrackingLimit: 10})
	poster := env.Account(t, ws, testenv.AccountOptions{Handle: "poster", Status: domain.ItemActive, TrackingLimit: 1})
	beyond := env.Video(t, ws, testenv.VideoOptions{PlatformID: "7234567890123456789", AccountID: poster, Status: domain.ItemBeyondLimit})

	got, err := track(t, command.Track{WorkspaceID: ws, URL: ttAccountURL, TrackingLimit: ptr(20)})
	if err != nil || got.Existing || *got.ID != account || got.JobID == "" {
		t.Fatalf("track a removed account: %+v, %v; want it back with a new job", got, err)
	}
	if limit := scalar[int](t, `SELECT tracking_limit FROM accounts WHERE id = $1`, account); status(t, account) != domain.ItemPending || limit != 20 {
		t.Fatalf("account %s with limit %d, want pending with 20", status(t, account), limit)
	}

	got, err = track(t, command.Track{WorkspaceID: ws, URL: ttVideoURL})
	if err != nil || got.Existing || *got.ID != beyond || !slices.Equal(jobTargets(t, got.JobID), []uuid.UUID{beyond}) {
		t.Fatalf("track a video beyond the limit: %+v, %v; want it tracked with a job of its own", got, err)
	}
	if byLink := scalar[bool](t, `SELECT tracked_individually FROM videos WHERE id = $1`, beyond); status(t, beyond) != domain.ItemPending || !byLink {
		t.Fatalf("video %s, tracked by link %t; want pending, by link", status(t, beyond), byLink)
	}
}

func trackBulk(t *testing.T, cmd command.TrackBulk) ([]command.Tracked, error) {
	t.Helper()
	return trackHandler().HandleBulk(context.Background(), cmd)
}

// TestTrackBulkAnswersEachURL: a bulk track answers every URL in input
// order, each succeeding or failing on its own (a bad URL, the video limit
// reached part-way), and groups the new items into one scrape job per
// platform; a URL given twice is the same item.
func TestTrackBulkAnswersEachURL(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{VideoLimit: 32})
	urls := []string{
		ttVideoURL,
		"not a url",
		igReelURL,
		ttAccountURL, // the default of 30 fits the 30 left
		ttVideoURL,
		"https://www.tiktok.com/@other/video/1", // over the limit
	}
	res, err := trackBulk(t, command.TrackBulk{WorkspaceID: ws, URLs: urls})
	if err != nil || len(res) != len(urls) {
		t.Fatalf("bulk: %d results, %v", len(res), err)
	}
	const ok apperr.Kind = -1
	var kinds []apperr.Kind
	for i, r := range res {
		if r.URL != urls[i] {
			t.Errorf("result %d is for %s, want %s", i, r.URL, urls[i])
		}
		kind := ok
		if r.Err != nil {
			kind = apperr.KindOf(r.Err)
		}
		kinds = append(kinds, kind)
	}
	if want := []apperr.Kind{ok, apperr.KindInvalid, ok, ok, ok, apperr.KindForbidden}; !slices.Equal(kinds, want) {
		t.Fatalf("error kinds %v, want %v (-1: none)", kinds, want)
	}
	if *res[4].ID != *res[0].ID || res[4].JobID != res[0].JobID {
		t.Errorf("the video given twice: %+v and %+v, want one item", res[0], res[4])
	}
	if res[0].JobID != res[3].JobID || res[2].JobID == res[0].JobID {
		t.Errorf("jobs %s %s %s: want one TikTok job with the video and the account, one Instagram job", res[0].JobID, res[3].JobID, res[2].JobID)
	}
	if got := jobTargets(t, res[0].JobID); len(got) != 2 {
		t.Errorf("TikTok job targets %v, want the video and the account", got)
	}
	if got := written(t, ws); !strings.HasPrefix(got, "2 videos, 1 accounts, 2 jobs") {
		t.Errorf("written: %s", got)
	}
}

// TestTrackBulkRefusesTheWholeList: a list that is empty or too long, a
// bad tracking limit, no access or another workspace's collection refuses
// the whole request, and nothing is written.
func TestTrackBulkRefusesTheWholeList(t *testing.T) {
	t.Parallel()
	other := env.Workspace(t, testenv.WorkspaceOptions{})
	theirs := env.Collection(t, other, "Theirs")
	tooMany := make([]string, command.MaxBulkURLs+1)
	for i := range tooMany {
		tooMany[i] = fmt.Sprintf("https://www.tiktok.com/@u/video/%d", i+1)
	}
	for _, c := range []struct {
		name string
		ws   testenv.WorkspaceOptions
		cmd  command.TrackBulk
		want apperr.Kind
	}{
		{"no URL", testenv.WorkspaceOptions{}, command.TrackBulk{}, apperr.KindInvalid},
		{"too many URLs", testenv.WorkspaceOptions{}, command.TrackBulk{URLs: tooMany}, apperr.KindInvalid},
		{"tracking limit 0", testenv.WorkspaceOptions{}, command.TrackBulk{URLs: []string{ttAccountURL}, TrackingLimit: ptr(0)}, apperr.KindInvalid},
		{"no access", testenv.WorkspaceOptions{NoAccess: true}, command.TrackBulk{URLs: []string{ttVideoURL}}, apperr.KindForbidden},
		{"another workspace's collection", testenv.WorkspaceOptions{}, command.TrackBulk{URLs: []string{ttVideoURL}, CollectionID: &theirs}, apperr.KindNotFound},
	} {
		t.Run(c.name, func(t *testing.T) {
			ws := env.Workspace(t, c.ws)
			before := written(t, ws)
			c.cmd.WorkspaceID = ws
			if _, err := trackBulk(t, c.cmd); apperr.KindOf(err) != c.want {
				t.Fatalf("%v, want kind %d", err, c.want)
			}
			if after := written(t, ws); after != before {
				t.Fatalf("a refused bulk track wrote: %s, then %s", before, after)
			}
		})
	}
}
