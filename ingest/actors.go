package ingest

import (
	"encoding/json"
	"fmt"
	"maps"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/platform"
)

// Actor is the provider actor that scrapes one platform, with extra input
// fields (proxy settings and the like) merged into every run's input.
type Actor struct {
	ID    string
	Extra map[string]any
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
	// URL is the canonical URL; Key is the canonical id or handle
	// (platform.Target.ID).
	URL string
	Key string
	// Limit is an account's tracking limit: how many newest videos to fetch.
	Limit int
}

// RunPlan is one provider run to start: its actor, input and targets.
type RunPlan struct {
	Platform platform.Platform
	Actor    string
	Input    json.RawMessage
	Targets  []Target
}

// Plan groups targets of one platform into runs of at most maxPerRun
// targets. Instagram's actor takes one results type per run, so its videos
// and accounts go into separate runs; the other actors take both at once.
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
			input, err := buildInput(p, chunk, actor.Extra)
			if err != nil {
				return nil, err
			}
			plans = append(plans, RunPlan{Platform: p, Actor: actor.ID, Input: input, Targets: chunk})
		}
	}
	return plans, nil
}

// buildInput writes the actor input for targets, in the fields each actor
// documents (see SCRAPING.md).
func buildInput(p platform.Platform, targets []Target, extra map[string]any) (json.RawMessage, error) {
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
	in := map[string]any{}
	maps.Copy(in, extra)
	switch p {
	case platform.TikTok:
		in["postURLs"] = nonNil(videoURLs)
		in["profiles"] = nonNil(handles)
		in["resultsPerPage"] = limit
		in["shouldDownloadVideos"] = false
		in["shouldDownloadCovers"] = false
		in["shouldDownloadSubtitles"] = false
		in["shouldDownloadSlideshowImages"] = false
	case platform.Instagram:
		if len(accountURLs) > 0 {
			in["directUrls"] = accountURLs
			in["resultsType"] = "details"
			in["resultsLimit"] = limit
		} else {
			in["directUrls"] = nonNil(videoURLs)
			in["resultsType"] = "posts"
			in["resultsLimit"] = 1
		}
	case platform.YouTube:
		var start []map[string]string
		for _, u := range append(videoURLs, accountURLs...) {
			start = append(start, map[string]string{"url": u})
		}
		in["startUrls"] = start
		in["maxResults"] = limit
		in["maxResultsShorts"] = limit
		in["maxResultStreams"] = 0
	case platform.X:
		in["startUrls"] = nonNil(videoURLs)
		in["twitterHandles"] = nonNil(handles)
		in["maxItems"] = max(len(videoURLs), 1) + limit*len(handles)
	default:
		return nil, fmt.Errorf("unknown platform %q", p)
	}
	return json.Marshal(in)
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
