package normalize

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// normalizeYouTube maps an item of streamers~youtube-scraper (or Shorts).
func normalizeYouTube(o jsonObject, now time.Time) (Item, error) {
	id := youTubeID(o.text("id"))
	if id == "" {
		id = youTubeIDFromURL(o.text("url"))
	}
	if id == "" {
		return Item{}, errNoVideoID
	}

	typ := strings.ToLower(strings.TrimSpace(o.text("type")))
	shorts := typ == "shorts" || typ == "short"
	if _, segs, _ := pathSegments(o.text("url")); typ == "" && len(segs) > 0 && segs[0] == "shorts" {
		shorts = true
	}
	url := "https://www.youtube.com/watch?v=" + id
	if shorts {
		url = "https://www.youtube.com/shorts/" + id
	}

	comments := o.count("commentsCount")
	if o.isTrue("commentsTurnedOff") {
		// A channel with comments off reports 0 or nothing: not a measurement.
		comments = nil
	}

	acc := youTubeAccount(o)
	// YouTube's ids carry no time that could stand in for a missing date.
	published := parseTime(o.get("date"), now)
	v := Video{
		ID:            id,
		URL:           url,
		Caption:       firstNonEmpty(o.text("title"), o.text("text")),
		ThumbnailURL:  strings.TrimSpace(o.text("thumbnailUrl")),
		PublishedAt:   published,
		PublishedFrom: timeSource(published, PublishedProvider),
		DurationSec:   parseDuration(o.get("duration")),
		Metrics: Metrics{
			Views:    o.count("viewCount"),
			Likes:    o.count("likes"),
			Comments: comments,
		},
	}
	it := Item{Input: o.firstText("input", "fromYTUrl", "inputChannelUrl"), Videos: []Video{v}}
	if acc != nil {
		it.Videos[0].AuthorHandle = acc.Handle
		it.Videos[0].AuthorKeys = slices.Clone(acc.Keys)
		it.Account = acc
	}
	return it, nil
}

// youTubeChannel is what an item reveals about a channel's identity keys.
type youTubeChannel struct {
	handle string // lower-case, without '@'
	id     string // "UC…"
	custom string // legacy /c/name, lower-case
	user   string // legacy /user/name, lower-case
}

func (c *youTubeChannel) fill(other youTubeChannel) {
	c.handle = firstNonEmpty(c.handle, other.handle)
	c.id = firstNonEmpty(c.id, other.id)
	c.custom = firstNonEmpty(c.custom, other.custom)
	c.user = firstNonEmpty(c.user, other.user)
}

func (c youTubeChannel) keys() []string {
	var keys []string
	if c.handle != "" {
		keys = append(keys, "@"+c.handle)
	}
	if c.id != "" {
		keys = append(keys, c.id)
	}
	if c.custom != "" {
		keys = append(keys, "c/"+c.custom)
	}
	if c.user != "" {
		keys = append(keys, "user/"+c.user)
	}
	return keys
}

// youTubeAccount maps the channel fields of an item; nil if it has none.
func youTubeAccount(o jsonObject) *Account {
	ch := youTubeChannel{id: youTubeChannelID(o.text("channelId"))}
	ch.fill(youTubeChannelFromURL(o.text("channelUrl")))
	ch.fill(youTubeChannel{handle: normHandle(o.text("channelUsername"))})
	// The input only fills keys the channel's fields leave unknown: they
	// describe this video's channel, the input possibly another one.
	for _, k := range []string{"input", "inputChannelUrl", "fromYTUrl"} {
		ch.fill(youTubeChannelFromURL(o.text(k)))
	}

	followers := o.count("numberOfSubscribers")
	if o.isTrue("hiddenSubscriberCount") {
		followers = nil
	}
	keys := ch.keys()
	name := o.text("channelName")
	if len(keys) == 0 && strings.TrimSpace(name) == "" && followers == nil {
		return nil
	}
	return &Account{
		Handle:      ch.handle,
		PlatformID:  ch.id,
		Keys:        keys,
		DisplayName: name,
		AvatarURL:   strings.TrimSpace(o.text("channelAvatarUrl")),
		Followers:   followers,
		Bio:         o.optText("channelDescription"),
	}
}

var (
	youTubeIDText        = regexp.MustCompile(`^[A-Za-z0-9_-]{11}$`)
	youTubeChannelIDText = regexp.MustCompile(`^UC[A-Za-z0-9_-]{22}$`)
)

func youTubeID(s string) string {
	s = strings.TrimSpace(s)
	if youTubeIDText.MatchString(s) {
		return s
	}
	return ""
}

func youTubeChannelID(s string) string {
	s = strings.TrimSpace(s)
	if youTubeChannelIDText.MatchString(s) {
		return s
	}
	return ""
}

func isYouTubeHost(host string) bool {
	return host == "youtube.com" || strings.HasSuffix(host, ".youtube.com")
}

// youTubeIDFromURL reads the id from /watch?v=, /shorts/, /live/, /embed/ or youtu.be/.
func youTubeIDFromURL(raw string) string {
	host, segs, q := pathSegments(raw)
	switch {
	case host == "youtu.be" && len(segs) > 0:
		return youTubeID(segs[0])
	case !isYouTubeHost(host):
		return ""
	case len(segs) == 1 && segs[0] == "watch":
		return youTubeID(q.Get("v"))
	case len(segs) >= 2 && (segs[0] == "shorts" || segs[0] == "live" || segs[0] == "embed" || segs[0] == "v"):
		return youTubeID(segs[1])
	}
	return ""
}

// youTubeChannelFromURL reads a channel from a URL, "@handle" or "UC…".
func youTubeChannelFromURL(raw string) youTubeChannel {
	raw = strings.TrimSpace(raw)
	if strings.HasPrefix(raw, "@") {
		return youTubeChannel{handle: normHandle(raw)}
	}
	if id := youTubeChannelID(raw); id != "" {
		return youTubeChannel{id: id}
	}
	host, segs, _ := pathSegments(raw)
	if !isYouTubeHost(host) || len(segs) == 0 {
		return youTubeChannel{}
	}
	if strings.HasPrefix(segs[0], "@") {
		return youTubeChannel{handle: normHandle(segs[0])}
	}
	if len(segs) < 2 {
		return youTubeChannel{}
	}
	switch segs[0] {
	case "channel":
		return youTubeChannel{id: youTubeChannelID(segs[1])}
	case "c":
		return youTubeChannel{custom: normHandle(segs[1])}
	case "user":
		return youTubeChannel{user: normHandle(segs[1])}
	}
	return youTubeChannel{}
}
