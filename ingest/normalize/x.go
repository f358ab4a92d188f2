package normalize

import (
	"regexp"
	"strings"
	"time"
)

// normalizeX maps an item of apidojo~tweet-scraper.
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

	published, from := parseTime(o.get("createdAt"), now), PublishedProvider
	if published == nil {
		published, from = xIDTime(id, now), PublishedID
	}

	thumb, duration := xMedia(o)
	caption := firstNonEmpty(o.text("fullText"), o.text("text"))
	v := Video{
		ID:            id,
		URL:           url,
		AuthorHandle:  handle,
		Caption:       caption,
		ThumbnailURL:  thumb,
		PublishedAt:   published,
		PublishedFrom: timeSource(published, from),
		DurationSec:   duration,
		Metrics: Metrics{
			Views:    o.count("viewCount"), // absent on tweets older than view counts
			Likes:    o.count("likeCount"),
			Comments: o.count("replyCount"),
			Shares:   sumCounts(o.count("retweetCount"), o.count("quoteCount")),
			Saves:    o.count("bookmarkCount"),
		},
		Pinned: o.isTrue("isPinned"),
	}
	xKind(o, &v, caption)
	it := Item{Input: o.firstText("input", "searchTerm"), Videos: []Video{v}}
	if author.len() > 0 || handle != "" {
		it.Account = &Account{
			Handle:      handle,
			PlatformID:  strings.TrimSpace(author.text("id")),
			Keys:        handleKeys(handle),
			DisplayName: author.text("name"),
			AvatarURL:   strings.TrimSpace(author.text("profilePicture")),
			Followers:   author.count("followers"),
			Bio:         author.optText("description"),
		}
	}
	return it, nil
}

// xRetweetText is the text of an old-style retweet: "RT @user: ...".
var xRetweetText = regexp.MustCompile(`^RT @([A-Za-z0-9_]{1,15}):`)

// xKind sets whether the tweet is a retweet, quote or reply to another
// account, and whom it names: the actor's flags first, then an embedded
// tweet (actor's or Twitter's names), then "RT @user:" without isRetweet.
func xKind(o jsonObject, v *Video, caption string) {
	retweeted := xEmbedded(o, "retweet", "retweetedTweet", "retweeted_status")
	v.Repost = o.isTrue("isRetweet") || retweeted.len() > 0
	rtText := xRetweetText.FindStringSubmatch(strings.TrimSpace(caption))
	if !o.has("isRetweet") && rtText != nil {
		v.Repost = true
	}

	quoted := xEmbedded(o, "quote", "quotedTweet", "quoted_status")
	v.Quote = o.isTrue("isQuote") || quoted.len() > 0 || digitsID(o.text("quoteId")) != ""

	// A reply to the author's own post continues a thread: the account's
	// own post, not a reply.
	repliedTo := normHandle(o.text("inReplyToUsername"))
	replying := o.isTrue("isReply") ||
		!o.has("isReply") && (repliedTo != "" || digitsID(o.text("inReplyToId")) != "")
	authorID := strings.TrimSpace(o.object("author").text("id"))
	toSelf := repliedTo != "" && repliedTo == v.AuthorHandle ||
		authorID != "" && strings.TrimSpace(o.text("inReplyToUserId")) == authorID
	v.Reply = replying && !toSelf

	switch {
	case v.Repost:
		v.RelatedHandle = xAuthorOf(retweeted)
		if v.RelatedHandle == "" && rtText != nil {
			v.RelatedHandle = normHandle(rtText[1])
		}
	case v.Quote:
		v.RelatedHandle = xAuthorOf(quoted)
	case v.Reply:
		v.RelatedHandle = repliedTo
	}
	if v.RelatedHandle == v.AuthorHandle {
		// A retweet or quote of the author's own tweet names no other account.
		v.RelatedHandle = ""
	}
}

func xEmbedded(o jsonObject, keys ...string) jsonObject {
	for _, k := range keys {
		if e := o.object(k); e.len() > 0 {
			return e
		}
	}
	return jsonObject{}
}

func xAuthorOf(tweet jsonObject) string {
	if h := normHandle(tweet.object("author").text("userName")); h != "" {
		return h
	}
	return normHandle(tweet.object("user").text("screen_name"))
}

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

// xIDFromURL reads ID from x.com or twitter.com /user/status/ID or /i/web/status/ID.
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
