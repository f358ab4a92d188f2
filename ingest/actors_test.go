package ingest

import (
	"encoding/json"
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/platform"
)

func TestPlanInputs(t *testing.T) {
	video := func(u string) Target { return Target{Kind: platform.Video, EntityID: uuid.New(), URL: u} }
	account := func(u, key string, limit int) Target {
		return Target{Kind: platform.Account, EntityID: uuid.New(), URL: u, Key: key, Limit: limit}
	}
	actors := Actors{
		platform.TikTok:    {ID: "clockworks~tiktok-scraper"},
		platform.Instagram: {ID: "apify~instagram-scraper", Extra: map[string]any{"proxy": "x", "resultsType": "overridden"}},
		platform.YouTube:   {ID: "streamers~youtube-scraper"},
		platform.X:         {ID: "apidojo~tweet-scraper"},
	}
	withStreams := Actors{platform.YouTube: {ID: "streamers~youtube-scraper", Streams: true}}
	igReel := video("https://www.instagram.com/reel/DPq5ZpJDZw9/")
	igA := account("https://www.instagram.com/alpha/", "alpha", 30)
	igB := account("https://www.instagram.com/beta/", "beta", 50)
	ytChannel := account("https://www.youtube.com/@alpha", "@alpha", 30)
	ytVideo := video("https://www.youtube.com/shorts/abcdefghijk")

	cases := []struct {
		name    string
		actors  Actors
		p       platform.Platform
		targets []Target
		want    []string // the inputs, in run order
	}{
		{
			name: "tiktok videos and accounts in one run", actors: actors, p: platform.TikTok,
			targets: []Target{video("https://www.tiktok.com/@a/video/1"), account("https://www.tiktok.com/@b", "b", 40)},
			want: []string{`{"postURLs":["https://www.tiktok.com/@a/video/1"],"profiles":["b"],"resultsPerPage":60,"shouldDownloadCovers":false,
				"shouldDownloadSlideshowImages":false,"shouldDownloadSubtitles":false,"shouldDownloadVideos":false}`},
		},
		{
			name:   "instagram: a post run, then per batch of accounts a reels run up to the largest limit and a details run",
			actors: actors, p: platform.Instagram, targets: []Target{igA, igReel, igB},
			want: []string{
				`{"directUrls":["https://www.instagram.com/reel/DPq5ZpJDZw9/"],"proxy":"x","resultsLimit":1,"resultsType":"posts"}`,
				`{"directUrls":["https://www.instagram.com/alpha/","https://www.instagram.com/beta/"],"proxy":"x","resultsLimit":75,"resultsType":"reels"}`,
				`{"directUrls":["https://www.instagram.com/alpha/","https://www.instagram.com/beta/"],"proxy":"x","resultsType":"details"}`,
			},
		},
		{
			name: "youtube: videos and shorts of a channel, streams off by default", actors: actors, p: platform.YouTube,
			targets: []Target{ytVideo, ytChannel},
			want: []string{`{"maxResultStreams":0,"maxResults":30,"maxResultsShorts":30,
				"startUrls":[{"url":"https://www.youtube.com/shorts/abcdefghijk"},{"url":"https://www.youtube.com/@alpha"}]}`},
		},
		{
			name: "youtube: streams on", actors: withStreams, p: platform.YouTube, targets: []Target{ytChannel},
			want: []string{`{"maxResultStreams":30,"maxResults":30,"maxResultsShorts":30,"startUrls":[{"url":"https://www.youtube.com/@alpha"}]}`},
		},
		// an account's run asks for half as many posts again as its limit
		// (at least 5 more): its feed lists posts that are not its own
		{
			name: "x", actors: actors, p: platform.X,
			targets: []Target{video("https://x.com/a/status/1"), account("https://x.com/b", "b", 20), account("https://x.com/c", "c", 10)},
			want:    []string{`{"maxItems":61,"startUrls":["https://x.com/a/status/1"],"twitterHandles":["b","c"]}`},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			plans, err := c.actors.Plan(c.p, c.targets, 50)
			if err != nil {
				t.Fatal(err)
			}
			if len(plans) != len(c.want) {
				t.Fatalf("%d runs, want %d", len(plans), len(c.want))
			}
			for i, p := range plans {
				if got, want := canonicalJSON(t, p.Input), canonicalJSON(t, []byte(c.want[i])); got != want {
					t.Errorf("run %d input:\n got: %s\nwant: %s", i, got, want)
				}
			}
		})
	}

	// Each Instagram account batch is both runs' targets, and larger
	// batches are split alike.
	plans, err := actors.Plan(platform.Instagram, []Target{igA, igB, account("https://www.instagram.com/gamma/", "gamma", 10)}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(plans) != 4 || len(plans[0].Targets) != 2 || len(plans[1].Targets) != 2 || len(plans[2].Targets) != 1 || len(plans[3].Targets) != 1 {
		t.Fatalf("%d runs for 3 accounts at 2 a run", len(plans))
	}
	for i, want := range []RunScope{{Videos: true}, {Profiles: true}, {Videos: true}, {Profiles: true}} {
		if got := ScopeOf(platform.Instagram, plans[i].Input); got != want {
			t.Errorf("run %d scope %+v, want %+v", i, got, want)
		}
	}
}

func TestScopeOf(t *testing.T) {
	for _, c := range []struct {
		p     platform.Platform
		input string
		want  RunScope
	}{
		{platform.Instagram, `{"resultsType":"details"}`, RunScope{Profiles: true}},
		{platform.Instagram, `{"resultsType":"reels"}`, RunScope{Videos: true}},
		{platform.Instagram, `{"resultsType":"posts"}`, RunScope{Videos: true}},
		{platform.Instagram, `not json`, RunScope{Videos: true}},
		{platform.TikTok, `{"resultsType":"details"}`, RunScope{Profiles: true, Videos: true}},
		{platform.X, `{}`, RunScope{Profiles: true, Videos: true}},
		{platform.YouTube, `{}`, RunScope{Profiles: true, Videos: true}},
	} {
		if got := ScopeOf(c.p, []byte(c.input)); got != c.want {
			t.Errorf("%s %s: %+v, want %+v", c.p, c.input, got, c.want)
		}
	}
}

func canonicalJSON(t *testing.T, b []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	out, _ := json.Marshal(v)
	return string(out)
}
