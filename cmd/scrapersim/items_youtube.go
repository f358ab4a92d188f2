package main

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"time"
)

// YouTube items in the shape of streamers~youtube-scraper (the shorts
// scraper writes the same items).
//
// Input: startUrls (or plain strings), maxResults, maxResultsShorts,
// maxResultStreams. A video URL gives one item; a channel URL its newest
// videos, shorts and streams with numberOfSubscribers. Items are named by
// fromYTUrl and inputChannelUrl as the real ones are, and by inputUrl, the
// start URL as given.

func youtubePlan(shortsOnly bool) func(w *world, in input) []segment {
	return func(w *world, in input) []segment {
		_, hasVideos := in["maxResults"]
		_, hasShorts := in["maxResultsShorts"]
		videos, shorts, streams := in.num("maxResults", 0), in.num("maxResultsShorts", 0), in.num("maxResultStreams", 0)
		if shortsOnly {
			if !hasShorts {
				shorts = in.num("maxResults", 10)
			}
			videos, streams = 0, 0
		} else if !hasVideos && !hasShorts {
			videos = 10
		}
		videos, shorts, streams = w.clampCount(videos), w.clampCount(shorts), w.clampCount(streams)
		urls := in.list("startUrls")
		for _, c := range in.list("channels") {
			if !strings.Contains(c, "youtube.com") {
				c = "https://www.youtube.com/@" + strings.TrimPrefix(c, "@")
			}
			urls = append(urls, c)
		}
		var segs []segment
		for _, u := range urls {
			if m := ytTagURL.FindStringSubmatch(u); m != nil && !markerError(u) {
				segs = append(segs, w.youtubeTopic(slugOf(m[1]), u, max(videos, shorts)))
				continue
			}
			segs = append(segs, w.spiked(u, w.youtubeInput(u, videos, shorts, streams)...)...)
		}
		for _, q := range in.list("searchQueries") {
			segs = append(segs, w.youtubeTopic(slugOf(q), q, max(videos, shorts)))
		}
		return segs
	}
}

var (
	ytChannelURL = regexp.MustCompile(`youtube\.com/(?:(@[^/?#]+)|channel/(UC[A-Za-z0-9_-]{22})|c/([^/?#]+)|user/([^/?#]+))`)
	ytShortURL   = regexp.MustCompile(`youtube\.com/(shorts|live|embed)/([A-Za-z0-9_-]{11})`)
	ytTagURL     = regexp.MustCompile(`youtube\.com/hashtag/([^/?#]+)`)
	ytBeURL      = regexp.MustCompile(`youtu\.be/([A-Za-z0-9_-]{11})`)
)

func ytErrorRow(u string) segment { return errorRow(u, field{"inputUrl", u}) }

func (w *world) youtubeInput(u string, videos, shorts, streams int) []segment {
	if markerError(u) {
		return []segment{ytErrorRow(u)}
	}
	if id, short, ok := youtubeVideoRef(u); ok {
		v := w.youtubeFromID(id, short)
		return []segment{one(func(at time.Time) obj { return w.youtubeItem(v, at, ytContext{inputURL: u, from: u}) })}
	}
	m := ytChannelURL.FindStringSubmatch(u)
	if m == nil {
		return []segment{ytErrorRow(u)}
	}
	key := m[1]
	switch {
	case m[2] != "":
		key = m[2]
	case m[3] != "":
		key = "@" + m[3]
	case m[4] != "":
		key = "@" + m[4]
	}
	ch := w.newYTChannel(key)
	var segs []segment
	for _, lane := range []struct {
		name string
		n    int
	}{{"videos", videos}, {"shorts", shorts}, {"streams", streams}} {
		if lane.n == 0 {
			continue
		}
		from := ch.url + "/" + lane.name
		segs = append(segs, segment{lane.n, func(i int, at time.Time) obj {
			v := w.youtubeFeed(ch, lane.name, i, at)
			return w.youtubeItem(v, at, ytContext{inputURL: u, from: from, channelInput: u, listing: true, order: i})
		}})
	}
	return segs
}

// youtubeVideoRef reads the video id from a watch, shorts, live or youtu.be URL.
func youtubeVideoRef(u string) (id string, short bool, ok bool) {
	if m := ytShortURL.FindStringSubmatch(u); m != nil {
		return m[2], m[1] == "shorts", true
	}
	if m := ytBeURL.FindStringSubmatch(u); m != nil {
		return m[1], false, true
	}
	if pu, err := url.Parse(u); err == nil && strings.Contains(pu.Host, "youtube.com") && pu.Path == "/watch" {
		if v := pu.Query().Get("v"); len(v) == 11 {
			return v, false, true
		}
	}
	return "", false, false
}

// ytChannel is a simulated channel, keyed by "@handle" or a UC… id.
type ytChannel struct {
	key      string
	acc      account
	id       string
	url      string
	name     string
	username string
}

func (w *world) newYTChannel(key string) ytChannel {
	acc := w.account("youtube", key)
	ch := ytChannel{key: key, acc: acc}
	if strings.HasPrefix(key, "@") {
		ch.username = strings.TrimPrefix(key, "@")
		ch.id = ytChannelID(acc.seed)
		ch.url = "https://www.youtube.com/" + key
		ch.name = w.account("youtube", ch.username).displayName()
	} else {
		ch.username = inventedHandle(acc.seed)
		ch.id = key
		ch.url = "https://www.youtube.com/channel/" + key
		ch.name = w.account("youtube", ch.username).displayName()
	}
	return ch
}

// ytVideo is one video, short or past stream; its id carries its publish
// time, tier and whether it is a short.
type ytVideo struct {
	id        string
	ch        ytChannel
	published time.Time
	tier      uint64
	seed      uint64
	short     bool
	stream    bool // listed on the streams tab
}

func laneBit(short bool) uint64 {
	if short {
		return 1
	}
	return 0
}

func (w *world) youtubeFeed(ch ytChannel, lane string, i int, at time.Time) ytVideo {
	short := lane == "shorts"
	g := ch.acc.grid(lane)
	published := g.at(g.latest(at) - int64(i)).Truncate(time.Second)
	tier := ch.acc.tierAt(published)
	raw := youtubeIDs.encode(published, tier, ch.acc.seed&^1|laneBit(short))
	id := ytVideoID(raw)
	w.owners.put("youtube", id, ch.key)
	return ytVideo{id: id, ch: ch, published: published, tier: tier, seed: w.postSeed(youtubeIDs, raw, ytVideoID), short: short, stream: lane == "streams"}
}

// youtubeFromID is the video an id names. A video the simulator listed
// keeps its channel (while remembered), publish time and kind.
func (w *world) youtubeFromID(id string, short bool) ytVideo {
	seed := hashOf("youtube", id)
	v := ytVideo{id: id, seed: seed, short: short}
	raw, _ := ytDecodeID(id)
	if t, tier, acct, ok := youtubeIDs.decodeAcct(raw); ok {
		v.published, v.tier, v.short, v.seed = t, tier, acct&1 == 1, w.postSeed(youtubeIDs, raw, ytVideoID)
	} else {
		v.published, v.tier = w.foreignPublished(seed).Truncate(time.Second), foreignTier(seed)
	}
	if key, ok := w.owners.get("youtube", id); ok {
		v.ch = w.newYTChannel(key)
	} else {
		v.ch = w.newYTChannel("@" + inventedHandle(seed))
	}
	return v
}

type ytContext struct {
	inputURL     string // the start URL as given
	from         string // fromYTUrl: the listing read, or the video URL
	channelInput string // inputChannelUrl, for channel items
	listing      bool
	order        int
}

func (w *world) youtubeItem(v ytVideo, at time.Time, ctx ytContext) obj {
	s, ch := v.seed, v.ch
	hour := w.hourOf(at)
	q := w.quirks
	c := postCurve(s, v.published, v.tier, 0.6, 4e9)
	base, baseTags := caption(s, 20)
	text, tags := topicCaption(ch.acc, s)(base, baseTags)
	// a fan's Short carries its topic in the title too, as Shorts do
	title := titleOf(s) + text[len(base):]
	kind, videoURL := "video", "https://www.youtube.com/watch?v="+v.id
	secs := int(between(s, "duration", 120, 2400))
	if v.short {
		kind, videoURL = "shorts", "https://www.youtube.com/shorts/"+v.id
		secs = int(between(s, "duration", 8, 60))
	}
	if v.stream && ctx.listing {
		kind = "stream"
	}
	o := make(obj, 0, 36)
	o.add("title", title)
	o.add("type", kind)
	o.add("id", v.id)
	o.add("url", videoURL)
	o.add("thumbnailUrl", "https://i.ytimg.com/vi/"+v.id+"/maxresdefault.jpg")
	o.add("viewCount", q.count(s, "viewCount", hour, c.count(at, "views", 1)))
	if ctx.listing && v.stream {
		o.add("date", "Streamed "+relativeAge(at.Sub(v.published)))
	} else if ctx.listing && chance(s, "relativeDate", 0.5) {
		o.add("date", relativeAge(at.Sub(v.published)))
	} else {
		o.add("date", v.published)
	}
	if chance(s, "likesHidden", 0.03) {
		o.add("likes", nil)
	} else {
		o.add("likes", q.count(s, "likes", hour, c.count(at, "likes", ratio(s, "likes", 0.03))))
	}
	o.add("location", nil)
	o.add("channelName", ch.name)
	o.add("channelUrl", ch.url)
	o.add("channelId", ch.id)
	o.add("channelUsername", ch.username)
	o.add("numberOfSubscribers", q.count(ch.acc.seed, "numberOfSubscribers", hour, sigRound(ch.acc.followersAt(at))))
	if ctx.listing {
		o.add("duration", clockText(secs, false))
	} else {
		o.add("duration", clockText(secs, true))
	}
	commentsOff := chance(s, "commentsOff", 0.02)
	if commentsOff {
		o.add("commentsCount", nil)
	} else {
		o.add("commentsCount", q.count(s, "commentsCount", hour, c.count(at, "comments", ratio(s, "comments", 0.002))))
	}
	o.add("text", text)
	o.add("descriptionLinks", []obj{})
	o.add("subtitles", nil)
	o.add("order", ctx.order)
	o.add("commentsTurnedOff", commentsOff)
	o.add("fromYTUrl", ctx.from)
	o.add("isMonetized", chance(ch.acc.seed, "monetized", 0.6))
	o.add("hashtags", hashList(tags))
	o.add("formats", []obj{})
	o.add("isMembersOnly", false)
	if ctx.channelInput != "" {
		o.add("channelDescription", w.bios.of("youtube", ch.acc.handle, pick(ch.acc.seed, "about", []string{"", "New videos every week.", "Tutorials, reviews and more.", "Business: hello@example.com"})))
		o.add("channelJoinedDate", ch.acc.created.Format("Jan 2, 2006"))
		o.add("channelLocation", pick(ch.acc.seed, "country", []string{"United States", "United Kingdom", "Germany", "India", "Brazil"}))
		o.add("channelTotalVideos", ch.acc.postsBy(ch.acc.grid("videos"), at)+ch.acc.postsBy(ch.acc.grid("shorts"), at))
		o.add("channelTotalViews", commas(growth(sub(ch.acc.seed, "totalViews"), ch.acc.followers*between(ch.acc.seed, "viewsPerSub", 50, 400), ch.acc.growth, ch.acc.origin, at)))
		o.add("inputChannelUrl", ctx.channelInput)
	}
	o.add("inputUrl", ctx.inputURL)
	return o
}

func hashList(tags []string) []string {
	out := make([]string, len(tags))
	for i, t := range tags {
		out[i] = "#" + t
	}
	return out
}

func titleOf(s uint64) string {
	text, _ := caption(sub(s, "title"), 8)
	if i := strings.Index(text, " #"); i > 0 {
		text = text[:i]
	}
	if text != "" {
		text = strings.ToUpper(text[:1]) + text[1:]
	}
	return text
}

// clockText writes a duration as YouTube does: "00:03:17" on video pages,
// "3:17" or "1:02:03" on listings.
func clockText(secs int, padded bool) string {
	h, m, s := secs/3600, secs/60%60, secs%60
	switch {
	case padded:
		return fmt.Sprintf("%02d:%02d:%02d", h, m, s)
	case h > 0:
		return fmt.Sprintf("%d:%02d:%02d", h, m, s)
	}
	return fmt.Sprintf("%d:%02d", m, s)
}

// relativeAge writes an age as channel listings do: "2 weeks ago".
func relativeAge(d time.Duration) string {
	units := []struct {
		name string
		d    time.Duration
	}{
		{"year", 365 * 24 * time.Hour}, {"month", 30 * 24 * time.Hour}, {"week", 7 * 24 * time.Hour},
		{"day", 24 * time.Hour}, {"hour", time.Hour}, {"minute", time.Minute},
	}
	for _, u := range units {
		if n := int(d / u.d); n >= 1 {
			if n == 1 {
				return "1 " + u.name + " ago"
			}
			return fmt.Sprintf("%d %ss ago", n, u.name)
		}
	}
	return "just now"
}
