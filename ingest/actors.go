package ingest

import (
	"encoding/json"
	"fmt"
	"maps"
	"strings"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/platform"
)

// Actor is the provider actor of one platform, Extra merged into every input.
type Actor struct {
	ID      string
	Extra   map[string]any
	Streams bool // YouTube channel runs list live streams too
}

// Actors maps each platform to its actor.
type Actors map[platform.Platform]Actor

// DefaultActors are the public actors most used per platform.
func DefaultActors() Actors {
	return Actors{
		platform.TikTok:    {ID: "clockworks~tiktok-scraper"},
		platform.Instagram: {ID: "apify~instagram-scraper"},
		platform.YouTube:   {ID: "streamers~youtube-scraper"},
		platform.X:         {ID: "apidojo~tweet-scraper"},
	}
}

// Target is one tracked entity to scrape.
type Target struct {
	Kind     platform.Kind
	EntityID uuid.UUID
	URL      string // canonical
	Key      string // the canonical id or handle
	Limit    int    // an account's tracking limit: its newest videos to fetch
}

// RunPlan is one provider run to start: its actor, input and targets.
type RunPlan struct {
	Platform platform.Platform
	Actor    string
	Input    json.RawMessage
	Targets  []Target
}

// Plan groups targets of one platform into runs of at most maxPerRun; an
// Instagram batch of accounts is a reels run then a details run (followers).
func (a Actors) Plan(p platform.Platform, targets []Target, maxPerRun int) ([]RunPlan, error) {
	actor, ok := a[p]
	if !ok || actor.ID == "" {
		return nil, fmt.Errorf("no actor configured for %s", p)
	}
	if maxPerRun < 1 {
		maxPerRun = 1
	}
	groups := [][]Target{targets}
	if p == platform.Instagram {
		var videos, accounts []Target
		for _, t := range targets {
			if t.Kind == platform.Video {
				videos = append(videos, t)
			} else {
				accounts = append(accounts, t)
			}
		}
		groups = [][]Target{videos, accounts}
	}
	var plans []RunPlan
	for _, g := range groups {
		for start := 0; start < len(g); start += maxPerRun {
			chunk := g[start:min(start+maxPerRun, len(g))]
			inputs, err := buildInputs(p, chunk, actor)
			if err != nil {
				return nil, err
			}
			for _, input := range inputs {
				plans = append(plans, RunPlan{Platform: p, Actor: actor.ID, Input: input, Targets: chunk})
			}
		}
	}
	return plans, nil
}

// Instagram results types (apify~instagram-scraper's resultsType).
const (
	instagramPosts   = "posts"
	instagramReels   = "reels"
	instagramDetails = "details"
	// the posts that tag a profile (a watch's mention)
	instagramMentions = "mentions"
)

// Listed is how many newest posts a run asks for to keep limit of the
// account's own, which reposts and replies do not count toward.
func Listed(limit int) int { return limit + max(5, limit/2) }

// buildInputs writes the actor inputs (docs/decisions.md, "Runs per platform").
func buildInputs(p platform.Platform, targets []Target, actor Actor) ([]json.RawMessage, error) {
	var videoURLs, accountURLs, handles []string
	limit := 1
	for _, t := range targets {
		if t.Kind == platform.Video {
			videoURLs = append(videoURLs, t.URL)
			continue
		}
		accountURLs = append(accountURLs, t.URL)
		handles = append(handles, t.Key)
		limit = max(limit, t.Limit)
	}
	base := func(fields map[string]any) map[string]any {
		in := map[string]any{}
		maps.Copy(in, actor.Extra)
		maps.Copy(in, fields)
		return in
	}
	var ins []map[string]any
	switch p {
	case platform.TikTok:
		ins = append(ins, base(map[string]any{
			"postURLs":                      nonNil(videoURLs),
			"profiles":                      nonNil(handles),
			"resultsPerPage":                Listed(limit),
			"shouldDownloadVideos":          false,
			"shouldDownloadCovers":          false,
			"shouldDownloadSubtitles":       false,
			"shouldDownloadSlideshowImages": false,
		}))
	case platform.Instagram:
		if len(accountURLs) == 0 {
			ins = append(ins, base(map[string]any{"directUrls": nonNil(videoURLs), "resultsType": instagramPosts, "resultsLimit": 1}))
			break
		}
		// the reels tab lists only videos, so every item counts towards the limit
		ins = append(ins,
			base(map[string]any{"directUrls": accountURLs, "resultsType": instagramReels, "resultsLimit": Listed(limit)}),
			base(map[string]any{"directUrls": accountURLs, "resultsType": instagramDetails}))
	case platform.YouTube:
		var start []map[string]string
		for _, u := range append(videoURLs, accountURLs...) {
			start = append(start, map[string]string{"url": u})
		}
		// a channel lists up to limit of each kind; the completion keeps the newest
		streams := 0
		if actor.Streams {
			streams = limit
		}
		ins = append(ins, base(map[string]any{"startUrls": start, "maxResults": limit, "maxResultsShorts": limit, "maxResultStreams": streams}))
	case platform.X:
		ins = append(ins, base(map[string]any{
			"startUrls":      nonNil(videoURLs),
			"twitterHandles": nonNil(handles),
			"maxItems":       max(len(videoURLs), 1) + Listed(limit)*len(handles),
		}))
	default:
		return nil, fmt.Errorf("unknown platform %q", p)
	}
	out := make([]json.RawMessage, len(ins))
	for i, in := range ins {
		b, err := json.Marshal(in)
		if err != nil {
			return nil, err
		}
		out[i] = b
	}
	return out, nil
}

// RunScope is what a run reports of its accounts: profiles and/or videos, so
// an account's two Instagram runs never undo each other.
type RunScope struct {
	Profiles bool
	Videos   bool
}

// ScopeOf reads the scope of a run from the platform and the run's input.
func ScopeOf(p platform.Platform, input []byte) RunScope {
	if p != platform.Instagram {
		return RunScope{Profiles: true, Videos: true}
	}
	var in struct {
		ResultsType string `json:"resultsType"`
	}
	_ = json.Unmarshal(input, &in) // an unreadable input reads as posts
	if strings.EqualFold(strings.TrimSpace(in.ResultsType), instagramDetails) {
		return RunScope{Profiles: true}
	}
	return RunScope{Videos: true}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
