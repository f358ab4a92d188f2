package normalize

import (
	"strings"
	"time"
)

// normalizeX maps an item of apidojo~tweet-scraper: one tweet with its
// author.
func normalizeX(o jsonObject, now time.Time) (Item, error) {
	id := digitsID(o.text("id"))
	if id == "" {
		id = xIDFromURL(o.text("url"))
	}
	if id == "" {
		id = xIDFromURL(o.text("twitterUrl"))
	}
	if id == "" {
		return Item{}, errNoVideoID
	}

	author := o.object("author")
	handle := normHandle(author.text("userName"))
	if handle == "" {
		handle = xHandleFromURL(o.text("url"))
	}
	if handle == "" {
		handle = xHandleFromURL(o.text("twitterUrl"))
	}
	url := "https://x.com/i/status/" + id // X's own form when the author is unknown
	if handle != "" {
		url = "https://x.com/" + handle + "/status/" + id
	}

	thumb, duration := xMedia(o)
	v := Video{
		ID:           id,
		URL:          url,
		AuthorHandle: handle,
		Caption:      firstNonEmpty(o.text("fullText"), o.text("text")),
		ThumbnailURL: thumb,
		PublishedAt:  parseTime(o.get("createdAt"), now),
		DurationSec:  duration,
		Metrics: Metrics{
			Views:    o.count("viewCount"), // absent on tweets older than view counts
			Likes:    o.count("likeCount"),
			Comments: o.count("replyCount"),
			Shares:   sumCounts(o.count("retweetCount"), o.count("quoteCount")),
			Saves:    o.count("bookmarkCount"),
		},
		Pinned: o.isTrue("isPinned"),
	}
	it := Item{Input: o.firstText("input", "searchTerm"), Videos: []Video{v}}
	if author.len() > 0 || handle != "" {
		it.Account = &Account{
			Handle:      handle,
			PlatformID:  strings.TrimSpace(author.text("id")),
			Keys:        handleKeys(handle),
			DisplayName: author.text("name"),
			AvatarURL:   strings.TrimSpace(author.text("profilePicture")),
			Followers:   author.count("followers"),
		}
	}
	return it, nil
}

// xMedia returns the first media preview and the first video duration from
// extendedEntities.media (Twitter's own media objects, which the actor
// passes through).
func xMedia(o jsonObject) (thumb string, duration *float64) {
	for _, m := range o.object("extendedEntities").get("media").elements() {
		mo := m.object()
		if thumb == "" {
			thumb = strings.TrimSpace(mo.text("media_url_https"))
		}
		if duration == nil {
			if d := parseDuration(mo.object("video_info").get("duration_millis")); d != nil {
				sec := *d / 1000
				duration = &sec
			}
		}
	}
	return thumb, duration
}

// xIDFromURL reads ID from https://x.com/user/status/ID (or twitter.com,
// or /i/web/status/ID).
func xIDFromURL(raw string) string {
	host, segs, _ := pathSegments(raw)
	if !isXHost(host) {
		return ""
	}
	for i := 0; i+1 < len(segs); i++ {
		if segs[i] == "status" || segs[i] == "statuses" {
			return digitsID(segs[i+1])
		}
	}
	return ""
}

// xHandleFromURL reads user from https://x.com/user/status/ID.
func xHandleFromURL(raw string) string {
	host, segs, _ := pathSegments(raw)
	if !isXHost(host) || len(segs) < 3 || segs[1] != "status" || segs[0] == "i" {
		return ""
	}
	return normHandle(segs[0])
}

func isXHost(host string) bool {
	switch strings.TrimPrefix(strings.TrimPrefix(host, "www."), "mobile.") {
	case "x.com", "twitter.com":
		return true
	}
	return false
}
