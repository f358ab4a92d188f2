package normalize

import (
	"strings"
	"time"
)

// normalizeTikTok maps an item of clockworks~tiktok-scraper.
func normalizeTikTok(o jsonObject, now time.Time) (Item, error) {
	webURL := o.text("webVideoUrl")
	id := digitsID(o.text("id"))
	if id == "" {
		id = tikTokIDFromURL(webURL)
	}
	if id == "" {
		return Item{}, errNoVideoID
	}

	am := o.object("authorMeta")
	handle := normHandle(am.text("name"))
	if handle == "" {
		handle = tikTokHandleFromURL(webURL)
	}

	// Slideshows report duration 0 and isSlideshow; items without the flag
	// still show it by their image links or a /photo/ URL.
	slideshow := o.isTrue("isSlideshow")
	if !o.has("isSlideshow") {
		links := o.get("slideshowImageLinks")
		slideshow = links.kind() == '[' && !links.empty() || isTikTokPhotoURL(webURL)
	}
	vm := o.object("videoMeta")
	var duration *float64
	if !slideshow {
		duration = parseDuration(vm.get("duration"))
	}

	published, from := parseTime(o.get("createTimeISO"), now), PublishedProvider
	if published == nil {
		published = parseTime(o.get("createTime"), now)
	}
	if published == nil {
		// The newest posts of a listing sometimes come without a time.
		published, from = tikTokIDTime(id, now), PublishedID
	}

	// a repost shows the reposted video with its author, the account it names
	repost := o.isTrue("isRepost") || isRepostSection(o.text("fromProfileSection"))
	related := ""
	if repost {
		related = handle
	}

	v := Video{
		ID:            id,
		URL:           tikTokVideoURL(handle, id),
		AuthorHandle:  handle,
		Caption:       o.text("text"),
		ThumbnailURL:  firstNonEmpty(vm.text("coverUrl"), vm.text("originalCoverUrl")),
		PublishedAt:   published,
		PublishedFrom: timeSource(published, from),
		DurationSec:   duration,
		Metrics: Metrics{
			Views:    o.count("playCount"),
			Likes:    o.count("diggCount"),
			Comments: o.count("commentCount"),
			Shares:   o.count("shareCount"),
			Saves:    o.count("collectCount"),
		},
		IsShop:        o.flag("hasTikTokShopProduct"),
		Pinned:        o.isTrue("isPinned"),
		Slideshow:     slideshow,
		Repost:        repost,
		RelatedHandle: related,
		Sound:         soundOf(o.object("musicMeta"), "musicId", "musicName"),
	}

	it := Item{Input: o.firstText("input", "submittedVideoUrl"), Videos: []Video{v}, TopicViews: o.object("searchHashtag").count("views")}
	if am.len() > 0 || handle != "" {
		it.Account = &Account{
			Handle:      handle,
			PlatformID:  strings.TrimSpace(am.text("id")),
			Keys:        handleKeys(handle),
			DisplayName: am.text("nickName"),
			AvatarURL:   firstNonEmpty(am.text("avatar"), am.text("originalAvatarUrl")),
			Followers:   am.count("fans"),
			Bio:         am.optText("signature"),
			// commerceUserInfo sits in authorMeta in current items; the top
			// level is read too in case an export flattens it one level.
			IsSeller: anySet(
				am.flag("ttSeller"),
				am.object("commerceUserInfo").flag("commerceUser"),
				o.object("commerceUserInfo").flag("commerceUser"),
			),
		}
	}
	return it, nil
}

func isRepostSection(section string) bool {
	switch strings.ToLower(strings.TrimSpace(section)) {
	case "reposts", "repost":
		return true
	}
	return false
}

// tikTokVideoURL is the canonical video URL; /@/video/ID works without an author.
func tikTokVideoURL(handle, id string) string {
	return "https://www.tiktok.com/@" + handle + "/video/" + id
}

// tikTokIDFromURL reads ID from /@user/video/ID (or /photo/ID, slideshows).
func tikTokIDFromURL(raw string) string {
	host, segs, _ := pathSegments(raw)
	if !strings.HasSuffix(host, "tiktok.com") {
		return ""
	}
	for i := 0; i+1 < len(segs); i++ {
		if segs[i] == "video" || segs[i] == "photo" {
			if id := digitsID(segs[i+1]); id != "" {
				return id
			}
		}
	}
	return ""
}

func isTikTokPhotoURL(raw string) bool {
	_, segs, _ := pathSegments(raw)
	return len(segs) >= 3 && segs[1] == "photo"
}

func tikTokHandleFromURL(raw string) string {
	host, segs, _ := pathSegments(raw)
	if !strings.HasSuffix(host, "tiktok.com") || len(segs) == 0 || !strings.HasPrefix(segs[0], "@") {
		return ""
	}
	return normHandle(segs[0])
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s = strings.TrimSpace(s); s != "" {
			return s
		}
	}
	return ""
}
