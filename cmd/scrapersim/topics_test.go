package main

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestTopicListings: a hashtag, a search and a sound list the newest posts
// of the topic's fans, newest first, without reposts; each caption carries
// the hashtag (a search's, its slug), each sound run's post uses the sound;
// an X search lists the fans' own tweets. A day later new posts are on top
// and the earlier ones follow. A fan's post read by its own link has the
// same caption.
func TestTopicListings(t *testing.T) {
	s := newSim(t, nil)
	items := s.scrape("clockworks~tiktok-scraper", `{"hashtags":["GlowLab"],"resultsPerPage":20}`)
	if len(items) != 20 {
		t.Fatalf("%d items for the hashtag", len(items))
	}
	var prev time.Time
	fans := map[string]bool{}
	for i, it := range items {
		text, _ := it["text"].(string)
		author, _ := path(it, "authorMeta", "name")
		handle, _ := author.(string)
		if !strings.Contains(text, "#glowlab") || !strings.HasPrefix(handle, "glowlab_fan") {
			t.Fatalf("item %d by %q: %q", i, handle, text)
		}
		if it["isRepost"] == true {
			t.Fatalf("item %d is a repost", i)
		}
		fans[handle] = true
		at, _ := time.Parse(time.RFC3339, fmt.Sprint(it["createTimeISO"]))
		if it["createTimeISO"] != nil && !prev.IsZero() && at.After(prev) {
			t.Fatalf("item %d (%s) is newer than the one before (%s)", i, at, prev)
		}
		if it["createTimeISO"] != nil {
			prev = at
		}
		if tag, _ := path(it, "searchHashtag", "name"); tag != "glowlab" {
			t.Fatalf("item %d's searchHashtag %v", i, tag)
		}
	}
	if len(fans) < 3 {
		t.Fatalf("the hashtag's posts come from %d fans", len(fans))
	}
	first := items[0]["id"]
	again := s.scrape("clockworks~tiktok-scraper", fmt.Sprintf(`{"postURLs":[%q]}`, items[0]["webVideoUrl"]))
	if len(again) != 1 || again[0]["text"] != items[0]["text"] {
		t.Fatalf("the post by its link: %v, want the caption %q", again, items[0]["text"])
	}

	s.clock.Advance(24 * time.Hour)
	later := s.scrape("clockworks~tiktok-scraper", `{"hashtags":["glowlab"],"resultsPerPage":40}`)
	pos := -1
	for i, it := range later {
		if it["id"] == first {
			pos = i
		}
	}
	if pos < 1 {
		t.Fatalf("a day later the first post is at %d: new posts come on top", pos)
	}

	search := s.scrape("clockworks~tiktok-scraper", `{"searchQueries":["Morning routine"],"resultsPerPage":5}`)
	for _, it := range search {
		if !strings.Contains(fmt.Sprint(it["text"]), "#morningroutine") || it["searchQuery"] != "Morning routine" {
			t.Fatalf("a search's item %v", it)
		}
	}

	sound := s.scrape("clockworks~tiktok-sound-scraper", `{"musics":["https://www.tiktok.com/music/Oh-No-6889520563052645121"],"resultsPerPage":5}`)
	if len(sound) != 5 {
		t.Fatalf("%d items for the sound", len(sound))
	}
	for _, it := range sound {
		if id, _ := path(it, "musicMeta", "musicId"); id != "6889520563052645121" {
			t.Fatalf("a sound's item uses %v", id)
		}
	}

	tweets := s.scrape("apidojo~tweet-scraper", `{"searchTerms":["#glowlab"],"maxItems":10,"sort":"Latest"}`)
	if len(tweets) != 10 {
		t.Fatalf("%d tweets", len(tweets))
	}
	for _, it := range tweets {
		if it["isRetweet"] == true || !strings.Contains(fmt.Sprint(it["text"]), "#glowlab") {
			t.Fatalf("a tweet of the search: %v", it["text"])
		}
	}
}

// TestInstagramAndYouTubeTopics: an Instagram hashtag's page lists the
// fans' posts with the hashtag, a profile's mentions only the posts that
// tag it; a YouTube hashtag's page and a search list the fans' Shorts,
// newest first, with the hashtag in the title.
func TestInstagramAndYouTubeTopics(t *testing.T) {
	s := newSim(t, nil)
	tags := s.scrape("apify~instagram-scraper", `{"directUrls":["https://www.instagram.com/explore/tags/GlowLab/"],"resultsType":"posts","resultsLimit":12}`)
	if len(tags) != 12 {
		t.Fatalf("%d items for the Instagram hashtag", len(tags))
	}
	for i, it := range tags {
		owner := fmt.Sprint(it["ownerUsername"])
		if !strings.Contains(fmt.Sprint(it["caption"]), "#glowlab") || !strings.HasPrefix(owner, "glowlab_fan") {
			t.Fatalf("item %d by %q: %q", i, owner, it["caption"])
		}
	}
	mentions := s.scrape("apify~instagram-scraper", `{"directUrls":["https://www.instagram.com/glowlab/"],"resultsType":"mentions","resultsLimit":8}`)
	if len(mentions) != 8 {
		t.Fatalf("%d items for the Instagram mentions", len(mentions))
	}
	for i, it := range mentions {
		if !strings.Contains(fmt.Sprint(it["caption"]), "@glowlab") {
			t.Fatalf("mention %d does not tag @glowlab: %q", i, it["caption"])
		}
	}

	for _, in := range []string{
		`{"startUrls":[{"url":"https://www.youtube.com/hashtag/glowlab"}],"maxResults":10,"maxResultsShorts":0,"sortingOrder":"date"}`,
		`{"searchQueries":["GlowLab"],"maxResults":10,"maxResultsShorts":0,"sortingOrder":"date"}`,
	} {
		items := s.scrape("streamers~youtube-scraper", in)
		if len(items) != 10 {
			t.Fatalf("%d items for %s", len(items), in)
		}
		for i, it := range items {
			if !strings.Contains(fmt.Sprint(it["title"]), "#glowlab") || !strings.HasPrefix(fmt.Sprint(it["channelUsername"]), "glowlab_fan") || it["type"] != "shorts" {
				t.Fatalf("%s: item %d %v %v %v", in, i, it["title"], it["channelUsername"], it["type"])
			}
		}
	}
}
