package main

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Instagram items in the shape of apify~instagram-scraper (and its reel and
// post scrapers).
//
// Input: directUrls, resultsType ("posts", "reels", "details"), resultsLimit.
// A post URL gives one post item; a profile URL its newest posts or reels, or
// one details item with latestPosts. Every top-level item is named by
// inputUrl. A post item carries videoPlayCount beside videoViewCount, the
// posts nested in latestPosts only videoViewCount, as the real actor's do.

func instagramPlan(w *world, in input) []segment {
	resultsType := strings.ToLower(in.str("resultsType"))
	details := resultsType == "details"
	lane := "posts"
	if resultsType == "reels" {
		lane = "reels"
	}
	limit := in.num("resultsLimit", 0)
	var segs []segment
	for _, u := range in.list("directUrls") {
		if resultsType == "mentions" || igTagURL.MatchString(u) {
			segs = append(segs, w.instagramTopicInput(u, limit, resultsType == "mentions"))
			continue
		}
		segs = append(segs, w.spiked(u, w.instagramInput(u, details, limit, lane))...)
	}
	return segs
}

// instagramTopicInput answers a hashtag's page, or a profile's page with
// resultsType mentions: the posts that tag it.
func (w *world) instagramTopicInput(u string, limit int, mentions bool) segment {
	n := w.clampCount(limit)
	if limit == 0 {
		n = 20
	}
	if m := igTagURL.FindStringSubmatch(u); m != nil && !mentions && !markerError(u) {
		return w.instagramTopic(slugOf(m[1]), u, n, false)
	}
	m := igProfileURL.FindStringSubmatch(u)
	if !mentions || m == nil || igReserved[strings.ToLower(m[1])] || markerError(u) {
		return igErrorRow(u)
	}
	return w.instagramTopic(strings.ToLower(m[1]), u, n, true)
}

// instagramUserPlan serves the reel and post scrapers: username is a list
// of handles or profile URLs, each giving resultsLimit items.
func instagramUserPlan(lane string) func(w *world, in input) []segment {
	return func(w *world, in input) []segment {
		limit := in.num("resultsLimit", 0)
		var segs []segment
		for _, u := range append(in.list("username"), in.list("directUrls")...) {
			if !strings.Contains(u, "instagram.com") {
				u = "https://www.instagram.com/" + strings.TrimPrefix(u, "@") + "/"
			}
			segs = append(segs, w.spiked(u, w.instagramInput(u, false, limit, lane))...)
		}
		return segs
	}
}

var (
	igPostURL    = regexp.MustCompile(`instagram\.com/(?:[A-Za-z0-9._]+/)?(p|reels?|tv)/([A-Za-z0-9_-]+)`)
	igProfileURL = regexp.MustCompile(`instagram\.com/([A-Za-z0-9._]+)/?(?:reels/?|tagged/?)?(?:[?#].*)?$`)
	igTagURL     = regexp.MustCompile(`instagram\.com/explore/tags/([^/?#]+)/?(?:[?#].*)?$`)
	igReserved   = map[string]bool{"explore": true, "stories": true, "accounts": true, "p": true, "reel": true, "reels": true, "tv": true, "direct": true}
)

var (
	igHeights      = map[string]int{"Video": 1920, "Sidecar": 1350, "Image": 1080}
	igProductTypes = map[string]string{"Video": "clips", "Sidecar": "carousel_container", "Image": "feed"}
)

func igErrorRow(u string) segment {
	return errorRow(u, field{"inputUrl", u}, field{"requestErrorMessages", []string{}})
}

func (w *world) instagramInput(u string, details bool, limit int, lane string) segment {
	if markerError(u) {
		return igErrorRow(u)
	}
	if m := igPostURL.FindStringSubmatch(u); m != nil {
		p := w.instagramFromCode(m[2], m[1] != "p")
		return one(func(at time.Time) obj { return w.instagramPost(p, at, u, false) })
	}
	m := igProfileURL.FindStringSubmatch(u)
	if m == nil || igReserved[strings.ToLower(m[1])] {
		return igErrorRow(u)
	}
	acc := w.account("instagram", m[1])
	if details {
		n := w.clampCount(limit)
		if limit == 0 {
			n = 12
		}
		return one(func(at time.Time) obj { return w.instagramDetails(acc, u, n, at) })
	}
	n := w.clampCount(limit)
	if limit == 0 {
		n = 20
	}
	return segment{n, func(i int, at time.Time) obj {
		p, pinned := w.instagramFeed(acc, lane, i, at)
		return w.instagramPost(p, at, u, pinned)
	}}
}

// igPost is one post; its media id carries its publish time and tier.
type igPost struct {
	id        uint64
	code      string
	owner     account
	coauthor  string // the listed profile, when the post is a collab by another account
	published time.Time
	tier      uint64
	seed      uint64
	video     bool // a reel URL or the reels lane: always a Video
	listed    bool // in a profile's listing rather than requested by URL
}

func (w *world) instagramPostAt(owner account, published time.Time, tier uint64, video bool) igPost {
	published = published.Truncate(time.Millisecond)
	for {
		id := instagramIDs.encode(published, tier, owner.seed)
		p := igPost{id: id, code: igShortcode(id), owner: owner, published: published, tier: tier, video: video}
		p.seed = w.postSeed(instagramIDs, id, igShortcode)
		// A reel must come out as a Video; moving it by a millisecond
		// draws another id.
		if !video || p.kind() == "Video" {
			return p
		}
		published = published.Add(time.Millisecond)
	}
}

func (p igPost) kind() string {
	if p.video {
		return "Video"
	}
	switch u := unit(sub(p.seed, "kind")); {
	case u < 0.5:
		return "Video"
	case u < 0.8:
		return "Sidecar"
	}
	return "Image"
}

// instagramFeed is item i of a profile's posts (or reels) at t, newest
// first, a pinned post possibly first.
func (w *world) instagramFeed(acc account, lane string, i int, at time.Time) (igPost, bool) {
	g := acc.grid(laneOf(lane))
	latest := g.latest(at)
	pinnedK := g.latest(acc.origin.AddDate(0, 0, 200+int(mix(sub(acc.seed, "pinnedDay"))%300)))
	hasPinned := chance(acc.seed, "pinned:"+lane, 0.25) && pinnedK < latest
	k, pinned := latest-int64(i), false
	if hasPinned {
		if i == 0 {
			k, pinned = pinnedK, true
		} else if k = latest - int64(i-1); k <= pinnedK {
			k--
		}
	}
	published := g.at(k)
	owner, coauthor := acc, ""
	if postSeed := subN(acc.seed, "post:"+lane, k); chance(postSeed, "collab", 0.04) {
		owner, coauthor = w.account("instagram", collaborator(postSeed)), acc.handle
	}
	p := w.instagramPostAt(owner, published, acc.tierAt(published), lane == "reels")
	p.coauthor, p.listed = coauthor, true
	w.owners.put("instagram", p.code, owner.handle)
	return p, pinned
}

func laneOf(lane string) string {
	if lane == "reels" {
		return "reels"
	}
	return ""
}

// instagramFromCode is the post a shortcode names. A post the simulator
// listed keeps its publish time and, while remembered, its owner.
func (w *world) instagramFromCode(code string, reel bool) igPost {
	seed := hashOf("instagram", code)
	p := igPost{code: code, seed: seed, video: reel}
	id, ok := igMediaID(code)
	if t, tier, mine := instagramIDs.decode(id); ok && mine {
		p.id, p.published, p.tier, p.seed = id, t, tier, w.postSeed(instagramIDs, id, igShortcode)
	} else {
		if !ok {
			id, _ = strconv.ParseUint(numericID(seed, "mediaId", 19), 10, 64)
		}
		p.id, p.published, p.tier = id, w.foreignPublished(seed).Truncate(time.Millisecond), foreignTier(seed)
	}
	if h, ok := w.owners.get("instagram", code); ok {
		p.owner = w.account("instagram", h)
	} else {
		p.owner = w.account("instagram", inventedHandle(seed))
	}
	return p
}

// instagramPost is a post item; inputURL is empty for a nested one.
func (w *world) instagramPost(p igPost, at time.Time, inputURL string, pinned bool) obj {
	s, a := p.seed, p.owner
	hour := w.hourOf(at)
	q := w.quirks
	c := postCurve(s, p.published, p.tier, 1, 5e9)
	kind := p.kind()
	text, tags := topicCaption(a, s)(caption(s, 24))
	display := "https://scontent.cdninstagram.com/v/t51.29350-15/" + numericID(s, "img", 9) + "_" + numericID(s, "img2", 15) + "_n.jpg"

	o := make(obj, 0, 34)
	if inputURL != "" {
		o.add("inputUrl", inputURL)
	}
	o.add("id", strconv.FormatUint(p.id, 10))
	o.add("type", kind)
	o.add("shortCode", p.code)
	o.add("caption", text)
	o.add("hashtags", tags)
	mentions := []string{}
	if p.coauthor != "" {
		mentions = append(mentions, p.coauthor)
	}
	o.add("mentions", mentions)
	o.add("url", "https://www.instagram.com/p/"+p.code+"/")
	o.add("commentsCount", q.count(s, "commentsCount", hour, c.count(at, "comments", ratio(s, "comments", 0.002))))
	o.add("firstComment", "")
	o.add("latestComments", []obj{})
	o.add("dimensionsHeight", igHeights[kind])
	o.add("dimensionsWidth", 1080)
	o.add("displayUrl", display)
	o.add("images", []string{})
	if kind == "Video" {
		o.add("videoUrl", "https://scontent.cdninstagram.com/o1/v/t16/f2/m86/"+hexOf(s, "video", 26)+".mp4")
	}
	o.add("alt", nil)
	if chance(s, "hiddenLikes", 0.05) {
		o.add("likesCount", -1) // the owner hid the like count
	} else {
		o.add("likesCount", q.count(s, "likesCount", hour, c.count(at, "likes", ratio(s, "likes", 0.04))))
	}
	switch kind {
	case "Video":
		plays := c.count(at, "views", 1)
		o.add("videoViewCount", q.count(s, "videoViewCount", hour, c.count(at, "viewsOld", ratio(s, "viewsOld", 0.25))))
		if inputURL != "" {
			o.add("videoPlayCount", q.count(s, "videoPlayCount", hour, plays))
		}
		o.add("videoDuration", float64(int(between(s, "duration", 5, 90)*1000))/1000)
	case "Sidecar":
		if inputURL != "" && chance(s, "sidecarPlays", 0.3) {
			o.add("videoPlayCount", 0) // not a view count: carousels have none
		}
	}
	if !p.listed || !q.untimed(s, p.published, at, 0.15) {
		o.add("timestamp", p.published.Truncate(time.Second))
	}
	children := []obj{}
	if kind == "Sidecar" {
		for i := range 2 + int(mix(sub(s, "children"))%4) {
			cs := subN(s, "child", int64(i))
			children = append(children, obj{
				{"id", numericID(cs, "id", 19)}, {"type", "Image"}, {"shortCode", ""},
				{"displayUrl", "https://scontent.cdninstagram.com/v/t51.29350-15/" + numericID(cs, "img", 15) + "_n.jpg"},
			})
		}
	}
	o.add("childPosts", children)
	o.add("ownerFullName", a.displayName())
	o.add("ownerUsername", a.handle)
	o.add("ownerId", numericID(a.seed, "userId", 10))
	o.add("productType", igProductTypes[kind])
	if pinned {
		o.add("isPinned", true)
	}
	o.add("isCommentsDisabled", false)
	if p.coauthor != "" {
		co := w.account("instagram", p.coauthor)
		o.add("coauthorProducers", []obj{{{"id", numericID(co.seed, "userId", 10)}, {"is_verified", co.verified}, {"username", co.handle}}})
	}
	if kind == "Video" {
		o.add("musicInfo", obj{
			{"artist_name", a.handle}, {"song_name", "Original audio"}, {"uses_original_audio", true},
			{"should_mute_audio", false}, {"should_mute_audio_reason", ""}, {"audio_id", numericID(s, "audio", 17)},
		})
	}
	if chance(s, "sponsored", 0.05) {
		o.add("isSponsored", true)
	}
	return o
}

func (w *world) instagramDetails(acc account, inputURL string, n int, at time.Time) obj {
	hour := w.hourOf(at)
	g := acc.grid("")
	posts := make([]obj, 0, n)
	for i := range n {
		p, pinned := w.instagramFeed(acc, "posts", i, at)
		posts = append(posts, w.instagramPost(p, at, "", pinned))
	}
	pic := "https://scontent.cdninstagram.com/v/t51.2885-19/" + numericID(acc.seed, "pic", 9) + "_n.jpg"
	o := make(obj, 0, 28)
	o.add("inputUrl", inputURL)
	o.add("id", numericID(acc.seed, "userId", 10))
	o.add("username", acc.handle)
	o.add("url", "https://www.instagram.com/"+acc.handle)
	o.add("fullName", acc.displayName())
	o.add("biography", w.bios.of("instagram", acc.handle, pick(acc.seed, "bio", []string{"", "Creator ✨", "📍 London", "Link below 👇", "Business inquiries: hello@example.com"})))
	o.add("externalUrls", []obj{})
	o.add("externalUrl", nil)
	o.add("followersCount", w.quirks.count(acc.seed, "followersCount", hour, acc.followersAt(at)))
	o.add("followsCount", int(mix(sub(acc.seed, "follows"))%2000))
	o.add("hasChannel", false)
	o.add("highlightReelCount", int(mix(sub(acc.seed, "highlights"))%12))
	o.add("isBusinessAccount", chance(acc.seed, "business", 0.4))
	o.add("joinedRecently", false)
	o.add("businessCategoryName", nil)
	o.add("private", false)
	o.add("verified", acc.verified)
	o.add("profilePicUrl", pic)
	o.add("profilePicUrlHD", pic)
	o.add("igtvVideoCount", 0)
	o.add("relatedProfiles", []obj{})
	o.add("latestIgtvVideos", []obj{})
	o.add("postsCount", acc.postsBy(g, at))
	o.add("latestPosts", posts)
	o.add("fbid", numericID(acc.seed, "fbid", 17))
	return o
}
