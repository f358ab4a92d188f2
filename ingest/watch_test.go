package ingest

import (
	"encoding/json"
	"testing"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// TestWatchPlanInputs: each watch is the input its actor documents, with
// the results it reads; what the actors cannot find is refused.
func TestWatchPlanInputs(t *testing.T) {
	a := DefaultActors()
	for _, c := range []struct {
		p     platform.Platform
		kind  domain.WatchKind
		term  string
		actor string
		key   string
		want  string
	}{
		{platform.TikTok, domain.WatchHashtag, "glowlab", "clockworks~tiktok-scraper", "hashtags", `["glowlab"]`},
		{platform.TikTok, domain.WatchMention, "glowlab", "clockworks~tiktok-scraper", "searchQueries", `["@glowlab"]`},
		{platform.TikTok, domain.WatchSearch, "morning routine", "clockworks~tiktok-scraper", "searchQueries", `["morning routine"]`},
		{platform.TikTok, domain.WatchSound, "6889520563052645121", TikTokSoundActor, "musics", `["https://www.tiktok.com/music/sound-6889520563052645121"]`},
		{platform.X, domain.WatchHashtag, "glowlab", "apidojo~tweet-scraper", "searchTerms", `["#glowlab"]`},
		{platform.X, domain.WatchMention, "glowlab", "apidojo~tweet-scraper", "searchTerms", `["@glowlab"]`},
		{platform.X, domain.WatchSearch, "glow lab", "apidojo~tweet-scraper", "searchTerms", `["glow lab"]`},
		{platform.Instagram, domain.WatchHashtag, "glowlab", "apify~instagram-scraper", "directUrls", `["https://www.instagram.com/explore/tags/glowlab/"]`},
		{platform.Instagram, domain.WatchMention, "glow.lab", "apify~instagram-scraper", "directUrls", `["https://www.instagram.com/glow.lab/"]`},
		{platform.YouTube, domain.WatchHashtag, "glowlab", "streamers~youtube-scraper", "startUrls", `[{"url":"https://www.youtube.com/hashtag/glowlab"}]`},
		{platform.YouTube, domain.WatchMention, "glowlab", "streamers~youtube-scraper", "searchQueries", `["@glowlab"]`},
		{platform.YouTube, domain.WatchSearch, "glow lab", "streamers~youtube-scraper", "searchQueries", `["glow lab"]`},
	} {
		rp, err := a.WatchPlan(c.p, c.kind, c.term, 25)
		if err != nil {
			t.Fatalf("%s %s: %v", c.p, c.kind, err)
		}
		var in map[string]json.RawMessage
		if err := json.Unmarshal(rp.Input, &in); err != nil {
			t.Fatal(err)
		}
		results := string(in["resultsPerPage"]) + string(in["maxItems"]) + string(in["resultsLimit"]) + string(in["maxResults"])
		if rp.Actor != c.actor || string(in[c.key]) != c.want || results != "25" {
			t.Errorf("%s %s: %s %s", c.p, c.kind, rp.Actor, rp.Input)
		}
		if c.p == platform.Instagram {
			want := map[domain.WatchKind]string{domain.WatchHashtag: `"posts"`, domain.WatchMention: `"mentions"`}[c.kind]
			if string(in["resultsType"]) != want {
				t.Errorf("%s %s: resultsType %s", c.p, c.kind, in["resultsType"])
			}
		}
		if c.p == platform.YouTube && (string(in["maxResultsShorts"]) != "0" || string(in["sortingOrder"]) != `"date"`) {
			t.Errorf("%s %s: %s", c.p, c.kind, rp.Input)
		}
	}
	for _, c := range []struct {
		p    platform.Platform
		kind domain.WatchKind
	}{{platform.X, domain.WatchSound}, {platform.Instagram, domain.WatchSearch}, {platform.Instagram, domain.WatchSound}, {platform.YouTube, domain.WatchSound}} {
		if _, err := a.WatchPlan(c.p, c.kind, "x", 25); err == nil {
			t.Errorf("%s %s was planned", c.p, c.kind)
		}
	}
}
