package tracking_test

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/tracking"
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
func trackHandler() tracking.TrackHandler {
	return tracking.TrackHandler{DB: env.PG, Actors: ingest.DefaultActors(), MaxPerRun: 50, Now: time.Now, Start: tracking.StartScrapeHandler{Log: slog.New(slog.DiscardHandler)}}
}

func track(t *testing.T, cmd tracking.Track) (tracking.Tracked, error) {
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
	video, err := track(t, tracking.Track{WorkspaceID: ws, URL: "  " + ttVideoURL + " ", CollectionID: &launch})
	if err != nil || !video.Success || video.Existing || video.Type != platform.Video || video.Platform != "tiktok" ||
		video.URL != ttVideoURL || video.ScrapeStatus != domain.JobQueued || video.ID == nil {
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

	account, err := track(t, tracking.Track{WorkspaceID: ws, URL: ttAccountURL})
	if err != nil || account.Existing || account.Type != platform.Account || account.ID == nil || account.JobID == video.JobID {
		t.Fatalf("track an account: %+v, %v", account, err)
	}
	if got := scalar[string](t, `SELECT handle || ' ' || tracking_limit || ' ' || (collection_id IS NULL)::text FROM accounts WHERE id = $1`, *account.ID); got != "some.user 30 true" {
		t.Errorf("account row: %s, want handle some.user, the default tracking limit of 30, no collection", got)
	}

	before := written(t, ws)
	again, err := track(t, tracking.Track{WorkspaceID: ws, URL: ttVideoURL + "?is_from_webapp=1"})
	if err != nil || !again.Existing || *again.ID != *video.ID || again.JobID != video.JobID || again.ScrapeStatus != domain.JobQueued {
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
		cmd    tracking.Track
		videos int // tracked before
		want   apperr.Kind
		field  string
	}{
		{name: "not a URL", cmd: tracking.Track{URL: "not a url"}, want: apperr.KindInvalid, field: "url"},
		{name: "another site", cmd: tracking.Track{URL: "https://example.com/video/1"}, want: apperr.KindInvalid, field: "url"},
		{name: "another workspace's collection", cmd: tracking.Track{URL: ttVideoURL, CollectionID: &theirs}, want: apperr.KindNotFound},
		{name: "subscription ended", ws: testenv.WorkspaceOptions{NoAccess: true}, cmd: tracking.Track{URL: ttVideoURL}, want: apperr.KindForbidden},
		{name: "trial ended", ws: testenv.WorkspaceOptions{Plan: plan.Trial, TrialEndsAt: &ended}, cmd: tracking.Track{URL: ttVideoURL}, want: apperr.KindForbidden},
		{name: "video limit reached", ws: testenv.WorkspaceOptions{VideoLimit: 2}, videos: 2, cmd: tracking.Track{URL: ttVideoURL}, want: apperr.KindForbidden},
		{name: "account over the video limit", ws: testenv.WorkspaceOptions{VideoLimit: 10}, videos: 5,
			cmd: tracking.Track{URL: ttAccountURL, TrackingLimit: ptr(6)}, want: apperr.KindForbidden},
		{name: "tracking limit 0", cmd: tracking.Track{URL: ttAccountURL, TrackingLimit: ptr(0)}, want: apperr.KindInvalid, field: "tracking_limit"},
		{name: "tracking limit above the plan's", cmd: tracking.Track{URL: ttAccountURL, TrackingLimit: ptr(201)}, want: apperr.KindInvalid, field: "tracking_limit"},
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

	got, err := track(t, tracking.Track{WorkspaceID: ws, URL: ttAccountURL, TrackingLimit: ptr(20)})
	if err != nil || got.Existing || *got.ID != account || got.JobID == "" {
		t.Fatalf("track a removed account: %+v, %v; want it back with a new job", got, err)
	}
	if limit := scalar[int](t, `SELECT tracking_limit FROM accounts WHERE id = $1`, account); status(t, account) != domain.ItemPending || limit != 20 {
		t.Fatalf("account %s with limit %d, want pending with 20", status(t, account), limit)
	}

	got, err = track(t, tracking.Track{WorkspaceID: ws, URL: ttVideoURL})
	if err != nil || got.Existing || *got.ID != beyond || !slices.Equal(jobTargets(t, got.JobID), []uuid.UUID{beyond}) {
		t.Fatalf("track a video beyond the limit: %+v, %v; want it tracked with a job of its own", got, err)
	}
	if byLink := scalar[bool](t, `SELECT tracked_individually FROM videos WHERE id = $1`, beyond); status(t, beyond) != domain.ItemPending || !byLink {
		t.Fatalf("video %s, tracked by link %t; want pending, by link", status(t, beyond), byLink)
	}
}

func trackBulk(t *testing.T, cmd tracking.TrackBulk) ([]tracking.Tracked, error) {
	t.Helper()
	return trackHandler().HandleBulk(context.Background(), cmd)
}

// TestTrackBulkAnswersEachURL: a bulk track answers every URL in input
// order, each succeeding or failing on its own (a bad URL, the video limit
// reached part-way by an account's explicit limit), and groups the new
// items into one scrape job per platform; a URL given twice is the same
// item.
func TestTrackBulkAnswersEachURL(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{VideoLimit: 32})
	urls := []string{
		ttVideoURL,
		"not a url",
		igReelURL,
		ttAccountURL, // the 30 asked for fit the 30 left
		ttVideoURL,
		"https://www.tiktok.com/@other/video/7234567890123456001", // over the limit
	}
	res, err := trackBulk(t, tracking.TrackBulk{WorkspaceID: ws, URLs: urls, TrackingLimit: ptr(30)})
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

// TestTrackSaysPlainlyWhyALinkIsRefused: text that is no link, a link with
// a typo, and a TikTok link whose video id has the wrong shape are refused
// as invalid input of the url field, each with a reason in plain words and
// the shape that works, and nothing is written.
func TestTrackSaysPlainlyWhyALinkIsRefused(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	before := written(t, ws)
	for _, c := range []struct{ url, reason string }{
		{"not a link at all", "That isn't a link: paste the address of a TikTok, Instagram, YouTube or X video or profile"},
		{"https://www.tiktok.com/@some.user/vidoe/7234567890123456789", "This TikTok link is not a video or an account: a video link looks like https://www.tiktok.com/@name/video/"},
		{"https://www.tiktok.com/@some.user/video/12345", "This TikTok link's video id is not valid: TikTok video ids are numbers of 18 or 19 digits"},
		{"https://www.tiktok.com/@some.user/video/", "This TikTok link has no video id: a TikTok video link looks like https://www.tiktok.com/@name/video/7301234567890123456"},
		{"https://www.youtube.com/watch?v=short", "YouTube video ids are 11 letters"},
	} {
		_, err := track(t, tracking.Track{WorkspaceID: ws, URL: c.url})
		if apperr.KindOf(err) != apperr.KindInvalid || !strings.Contains(apperr.Fields(err)["url"], c.reason) {
			t.Errorf("track %q: %v; want the url field refused with %q", c.url, err, c.reason)
		}
	}
	if after := written(t, ws); after != before {
		t.Fatalf("refused links wrote: %s, then %s", before, after)
	}
}

// TestTrackBulkRefusesTheWholeList: a list that is empty or too long, a
// bad tracking limit, no access or another workspace's collection refuses
// the whole request, and nothing is written.
func TestTrackBulkRefusesTheWholeList(t *testing.T) {
	t.Parallel()
	other := env.Workspace(t, testenv.WorkspaceOptions{})
	theirs := env.Collection(t, other, "Theirs")
	tooMany := make([]string, tracking.MaxBulkURLs+1)
	for i := range tooMany {
		tooMany[i] = fmt.Sprintf("https://www.tiktok.com/@user/video/%d", 7234567890123456000+i)
	}
	for _, c := range []struct {
		name string
		ws   testenv.WorkspaceOptions
		cmd  tracking.TrackBulk
		want apperr.Kind
	}{
		{"no URL", testenv.WorkspaceOptions{}, tracking.TrackBulk{}, apperr.KindInvalid},
		{"too many URLs", testenv.WorkspaceOptions{}, tracking.TrackBulk{URLs: tooMany}, apperr.KindInvalid},
		{"tracking limit 0", testenv.WorkspaceOptions{}, tracking.TrackBulk{URLs: []string{ttAccountURL}, TrackingLimit: ptr(0)}, apperr.KindInvalid},
		{"no access", testenv.WorkspaceOptions{NoAccess: true}, tracking.TrackBulk{URLs: []string{ttVideoURL}}, apperr.KindForbidden},
		{"another workspace's collection", testenv.WorkspaceOptions{}, tracking.TrackBulk{URLs: []string{ttVideoURL}, CollectionID: &theirs}, apperr.KindNotFound},
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

// outcome is what a bulk track answered for one URL, as the dashboard's
// preview shows it: "account 12", "video", "existing account 20", "over
// the plan".
func outcome(r tracking.Tracked) string {
	switch {
	case r.Err != nil && apperr.KindOf(r.Err) == apperr.KindForbidden:
		return "over the plan"
	case r.Err != nil:
		return "refused: " + apperr.Message(r.Err)
	case r.TrackingLimit != nil && r.Existing:
		return fmt.Sprintf("existing %s %d", r.Type, *r.TrackingLimit)
	case r.Existing:
		return "existing " + string(r.Type)
	case r.TrackingLimit != nil:
		return fmt.Sprintf("%s %d", r.Type, *r.TrackingLimit)
	}
	return string(r.Type)
}

func outcomes(res []tracking.Tracked) []string {
	out := make([]string, len(res))
	for i, r := range res {
		out[i] = outcome(r)
	}
	return out
}

// TestTrackBulkSharesWhatIsLeftBetweenItsAccounts: a list of several new
// accounts without a tracking limit shares what is left of the plan,
// after its new videos, between them (the remainder to the first ones),
// so that no link of the list is refused; links already tracked cost
// nothing. The dry run promises exactly what the submit then does, and
// writes nothing: no row, no job, the same data version.
func TestTrackBulkSharesWhatIsLeftBetweenItsAccounts(t *testing.T) {
	t.Parallel()
	trialEnds := time.Now().Add(7 * 24 * time.Hour)
	const seen = "https://www.tiktok.com/@seen.before/video/7234567890123450000"
	for _, c := range []struct {
		name   string
		used   int // videos tracked before, beside the one seen before
		urls   []string
		limit  *int
		want   []string
		refuse int
	}{
		{
			// 50 on the trial, 1 used: 49 left, 2 new videos, 47 for 5 accounts
			name: "five accounts and two videos on a trial",
			urls: []string{
				"https://www.tiktok.com/@share.one",
				"https://www.instagram.com/share.two/",
				"https://www.tiktok.com/@share.one/video/7234567890123450001",
				"https://www.youtube.com/@ShareThree",
				seen,
				"https://x.com/share_four",
				"https://www.tiktok.com/@share.five",
				"https://www.instagram.com/reel/ShareReel01/",
				"https://www.tiktok.com/@SHARE.ONE?lang=en", // the first account again
			},
			want: []string{"account 10", "account 10", "video", "account 9", "existing video", "account 9", "account 9", "video", "existing account 10"},
		},
		{
			// the report: 20 left, 5 accounts and 7 videos; 13 for the accounts
			name: "twenty left for five accounts and seven videos",
			used: 29,
			urls: append(accountLinks("left", 5), videoLinks(7)...),
			want: []string{"account 3", "account 3", "account 3", "account 2", "account 2", "video", "video", "video", "video", "video", "video", "video"},
		},
		{
			// 3 left: 1 each for the first 3, the last 2 do not fit
			name: "not even one each",
			used: 46,
			urls: accountLinks("tight", 5),
			want: []string{"account 1", "account 1", "account 1", "over the plan", "over the plan"},
		},
		{
			// an explicit limit applies to each account: the third does not fit
			name:  "an explicit limit",
			urls:  accountLinks("asked", 3),
			limit: ptr(20),
			want:  []string{"account 20", "account 20", "over the plan"},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ws := env.Workspace(t, testenv.WorkspaceOptions{Plan: plan.Trial, TrialEndsAt: &trialEnds})
			if _, err := track(t, tracking.Track{WorkspaceID: ws, URL: seen}); err != nil {
				t.Fatal(err)
			}
			for range c.used {
				env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive})
			}
			left := 50 - 1 - c.used

			before := written(t, ws)
			preview, err := trackBulk(t, tracking.TrackBulk{WorkspaceID: ws, URLs: c.urls, TrackingLimit: c.limit, DryRun: true})
			if err != nil {
				t.Fatal(err)
			}
			if after := written(t, ws); after != before {
				t.Fatalf("the dry run wrote: %s, then %s", before, after)
			}
			if got := outcomes(preview); !slices.Equal(got, c.want) {
				t.Fatalf("the dry run promises %q, want %q", got, c.want)
			}
			promised := 0
			for _, r := range preview {
				if r.Err == nil && !r.Existing {
					if r.ID != nil || r.JobID != "" {
						t.Errorf("the dry run's new item %s has an id or a job: %+v", r.URL, r)
					}
					promised++
					if r.TrackingLimit != nil {
						promised += *r.TrackingLimit - 1
					}
				}
			}
			if promised > left {
				t.Fatalf("the dry run promises %d videos, %d are left", promised, left)
			}

			res, err := trackBulk(t, tracking.TrackBulk{WorkspaceID: ws, URLs: c.urls, TrackingLimit: c.limit})
			if err != nil {
				t.Fatal(err)
			}
			if got := outcomes(res); !slices.Equal(got, c.want) {
				t.Fatalf("the submit did %q, the dry run promised %q", got, c.want)
			}
			for i, r := range res {
				if r.URL != strings.TrimSpace(c.urls[i]) {
					t.Errorf("result %d is for %s, want %s", i, r.URL, c.urls[i])
				}
				if r.Err == nil && r.Type == platform.Account {
					if got := scalar[int](t, `SELECT tracking_limit FROM accounts WHERE id = $1`, *r.ID); got != *r.TrackingLimit {
						t.Errorf("%s tracks %d, the answer says %d", r.URL, got, *r.TrackingLimit)
					}
				}
			}
			used := scalar[int](t, `SELECT `+plan.VideoUsageSQL, ws)
			if used != 1+c.used+promised || used > 50 {
				t.Errorf("%d of 50 videos in use, want the %d used before and the %d promised", used, 1+c.used, promised)
			}
		})
	}
}

func accountLinks(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("https://www.tiktok.com/@%s.%d", prefix, i+1)
	}
	return out
}

func videoLinks(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("https://www.youtube.com/shorts/sharedLeft%d", i+1)
	}
	return out
}
