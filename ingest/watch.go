package ingest

import (
	"encoding/json"
	"fmt"
	"maps"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// TikTokSoundActor lists the posts using a TikTok sound (input musics: the
// sound's page).
const TikTokSoundActor = "clockworks~tiktok-sound-scraper"

// WatchSupported says whether the provider's actors find posts for a kind
// of watch on a platform, and if not, why (docs/watches.md):
//   - TikTok (clockworks~tiktok-scraper): hashtags, searchQueries (a
//     mention is the search "@handle"); its sound scraper: musics.
//   - X (apidojo~tweet-scraper): searchTerms "#tag", "@handle" or the
//     words, sorted Latest. X has no sounds.
//   - Instagram (apify~instagram-scraper): a hashtag's page
//     (/explore/tags/…) as directUrls with resultsType posts; a mention is
//     the profile's page with resultsType mentions (the posts that tag
//     it). Instagram has no search of posts by words, and the actor does
//     not list an audio's reels.
//   - YouTube (streamers~youtube-scraper): a hashtag's page
//     (/hashtag/…) as startUrls; a search (a mention is the search
//     "@handle") as searchQueries, newest first. The actor does not list
//     the Shorts made with a sound.
func WatchSupported(p platform.Platform, kind domain.WatchKind) error {
	switch p {
	case platform.TikTok:
		return nil
	case platform.X:
		if kind == domain.WatchSound {
			return fmt.Errorf("posts on X have no sounds")
		}
		return nil
	case platform.Instagram:
		switch kind {
		case domain.WatchSearch:
			return fmt.Errorf("posts on Instagram cannot be searched by their words: watch a hashtag or a mention")
		case domain.WatchSound:
			return fmt.Errorf("the provider's Instagram actor does not list the reels made with an audio")
		}
		return nil
	case platform.YouTube:
		if kind == domain.WatchSound {
			return fmt.Errorf("the provider's YouTube actor does not list the Shorts made with a sound")
		}
		return nil
	}
	return fmt.Errorf("unknown platform %q", p)
}

// WatchPlan is the run of one watch: the newest results posts the
// platform lists for its term (a hashtag without '#', a handle without
// '@', a sound's id, or a search's words).
func (a Actors) WatchPlan(p platform.Platform, kind domain.WatchKind, term string, results int) (RunPlan, error) {
	if err := WatchSupported(p, kind); err != nil {
		return RunPlan{}, err
	}
	actor, ok := a[p]
	if !ok || actor.ID == "" {
		return RunPlan{}, fmt.Errorf("no actor configured for %s", p)
	}
	in := map[string]any{}
	maps.Copy(in, actor.Extra)
	id := actor.ID
	switch p {
	case platform.TikTok:
		maps.Copy(in, map[string]any{
			"resultsPerPage": results, "shouldDownloadVideos": false, "shouldDownloadCovers": false,
			"shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false,
		})
		switch kind {
		case domain.WatchHashtag:
			in["hashtags"] = []string{term}
		case domain.WatchMention:
			in["searchQueries"] = []string{"@" + term}
		case domain.WatchSearch:
			in["searchQueries"] = []string{term}
		case domain.WatchSound:
			id = TikTokSoundActor
			in = map[string]any{"musics": []string{"https://www.tiktok.com/music/sound-" + term}, "resultsPerPage": results}
		}
	case platform.Instagram:
		u, rt := "https://www.instagram.com/explore/tags/"+term+"/", instagramPosts
		if kind == domain.WatchMention {
			u, rt = "https://www.instagram.com/"+term+"/", instagramMentions
		}
		maps.Copy(in, map[string]any{"directUrls": []string{u}, "resultsType": rt, "resultsLimit": results})
	case platform.YouTube:
		switch kind {
		case domain.WatchHashtag:
			in["startUrls"] = []map[string]string{{"url": "https://www.youtube.com/hashtag/" + term}}
		case domain.WatchMention:
			in["searchQueries"] = []string{"@" + term}
		case domain.WatchSearch:
			in["searchQueries"] = []string{term}
		}
		maps.Copy(in, map[string]any{"maxResults": results, "maxResultsShorts": 0, "maxResultStreams": 0, "sortingOrder": "date"})
	case platform.X:
		q := term
		switch kind {
		case domain.WatchHashtag:
			q = "#" + term
		case domain.WatchMention:
			q = "@" + term
		}
		maps.Copy(in, map[string]any{"searchTerms": []string{q}, "sort": "Latest", "maxItems": results})
	}
	b, err := json.Marshal(in)
	if err != nil {
		return RunPlan{}, err
	}
	return RunPlan{Platform: p, Actor: id, Input: b}, nil
}
