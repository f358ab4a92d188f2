package normalize

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// normalizeInstagram maps an item of apify~instagram-scraper or -reel-scraper:
// a details item is a profile with its latestPosts, any other one post. Views
// are videoPlayCount, the plays Instagram shows; else the older, smaller
// videoViewCount. latestPosts carry only the latter, so they give no views.
func normalizeInstagram(o jsonObject, now time.Time) (Item, error) {
	it := Item{Input: o.firstText("inputUrl")}
	if isInstagramProfile(o) {
		handle := normHandle(o.text("username"))
		it.Account = &Account{
			Handle:      handle,
			PlatformID:  strings.TrimSpace(o.text("id")),
			Keys:        handleKeys(handle),
			DisplayName: o.text("fullName"),
			AvatarURL:   firstNonEmpty(o.text("profilePicUrl"), o.text("profilePicUrlHD")),
			Followers:   o.count("followersCount"),
			Bio:         o.optText("biography"),
		}
		for _, p := range o.get("latestPosts").elements() {
			post := p.object()
			// one unreadable post must not cost the profile's followers and other posts
			if v, ok := instagramPost(post, handle, true, now); ok {
				it.Videos = append(it.Videos, v)
			}
		}
		return it, nil
	}

	v, ok := instagramPost(o, "", false, now)
	if !ok {
		return Item{}, errNoVideoID
	}
	it.Videos = []Video{v}
	if owner := v.AuthorHandle; owner != "" || o.text("ownerId") != "" {
		it.Account = &Account{
			Handle:      owner,
			PlatformID:  strings.TrimSpace(o.text("ownerId")),
			Keys:        handleKeys(owner),
			DisplayName: o.text("ownerFullName"),
		}
	}
	return it, nil
}

func isInstagramProfile(o jsonObject) bool {
	if o.text("username") == "" || o.text("shortCode") != "" {
		return false
	}
	for _, k := range []string{"latestPosts", "followersCount", "fullName", "profilePicUrl", "biography"} {
		if o.has(k) {
			return true
		}
	}
	return false
}

// instagramPost maps one post; author is used when a nested post (in a
// profile's latestPosts) names no owner. ok is false without a shortCode.
func instagramPost(p jsonObject, author string, nested bool, now time.Time) (Video, bool) {
	code := instagramCode(p.text("shortCode"))
	if code == "" {
		code = instagramCode(p.text("code"))
	}
	if code == "" {
		code = instagramCodeFromURL(p.text("url"))
	}
	if code == "" {
		code = instagramCodeFromMediaID(p.text("id"))
	}
	if code == "" {
		return Video{}, false
	}

	typ := strings.ToLower(p.text("type"))
	product := strings.ToLower(p.text("productType"))
	isVideo := typ == "video" || product == "clips" || product == "igtv" || p.text("videoUrl") != "" || parseDuration(p.get("videoDuration")) != nil
	url := "https://www.instagram.com/p/" + code + "/"
	if isVideo {
		url = "https://www.instagram.com/reel/" + code + "/"
	}

	views := p.count("videoPlayCount")
	if views == nil && !nested {
		views = p.count("videoViewCount")
	}
	// Images and carousels report videoPlayCount 0: not a count, no views.
	if !isVideo && views != nil && *views == 0 {
		views = nil
	}

	if owner := normHandle(p.text("ownerUsername")); owner != "" {
		author = owner
	}
	var firstImage string
	if images := p.get("images").elements(); len(images) > 0 {
		firstImage, _ = images[0].str()
	}
	// shortCodes carry no time to stand in for a missing timestamp.
	published := parseTime(p.get("timestamp"), now)
	return Video{
		ID:            code,
		URL:           url,
		AuthorHandle:  author,
		Caption:       p.text("caption"),
		ThumbnailURL:  firstNonEmpty(p.text("displayUrl"), firstImage, p.text("thumbnailUrl")),
		PublishedAt:   published,
		PublishedFrom: timeSource(published, PublishedProvider),
		DurationSec:   parseDuration(p.get("videoDuration")),
		Metrics: Metrics{
			Views:    views,
			Likes:    p.count("likesCount"), // -1 when the owner hides likes
			Comments: p.count("commentsCount"),
		},
		Pinned:    p.isTrue("isPinned"),
		Slideshow: typ == "sidecar",
		Coauthors: instagramCoauthors(p, author),
		Sound:     soundOf(p.object("musicInfo"), "audio_id", "song_name"),
	}, true
}

// instagramCoauthors lists a collab's other authors, no owner or repeats.
func instagramCoauthors(p jsonObject, owner string) []string {
	var out []string
	for _, c := range p.get("coauthorProducers").elements() {
		h := normHandle(c.object().text("username"))
		if h != "" && h != owner && !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	return out
}

var instagramCodeText = regexp.MustCompile(`^[A-Za-z0-9_-]{5,64}$`)

func instagramCode(s string) string {
	s = strings.TrimSpace(s)
	if instagramCodeText.MatchString(s) {
		return s
	}
	return ""
}

// instagramCodeFromURL reads CODE from /p/, /reel/, /reels/ or /tv/ CODE/.
func instagramCodeFromURL(raw string) string {
	host, segs, _ := pathSegments(raw)
	if !strings.HasSuffix(host, "instagram.com") {
		return ""
	}
	for i := 0; i+1 < len(segs); i++ {
		switch segs[i] {
		case "p", "reel", "reels", "tv":
			c := instagramCode(segs[i+1])
			if len(c) > 11 && digitsID(c) != "" {
				// a numeric media id: shortCodes of 64-bit ids have at most 11 characters
				c = instagramCodeFromMediaID(c)
			}
			if c != "" {
				return c
			}
		}
	}
	return ""
}

// instagramCodeAlphabet encodes a media id as its shortCode: the id written
// in base 64 with this alphabet (checked against items that carry both).
const instagramCodeAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

func instagramCodeFromMediaID(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "_")
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil || n == 0 {
		return ""
	}
	var b [11]byte
	i := len(b)
	for ; n > 0; n /= 64 {
		i--
		b[i] = instagramCodeAlphabet[n%64]
	}
	return instagramCode(string(b[i:]))
}
