package platform

import "strings"

const tikTokOrigin = "https://www.tiktok.com"

// parseTikTok reads /@user, /@user/video/ID and /@user/photo/ID.
func parseTikTok(l link) (Target, error) {
	segs := l.segs
	if len(segs) == 0 {
		return Target{}, refuse("TikTok link is not a video or an account")
	}
	switch asciiLower(segs[0]) {
	case "v":
		// /v/ID.html is an old mobile form whose ID alone does not give the
		// canonical /@user/video/ID URL.
		return Target{}, refuse("TikTok /v/ links are not supported; copy the link from the video page")
	case "t":
		return Target{}, refuse("TikTok /t/ links are not supported; copy the link from the video page")
	}
	name, ok := strings.CutPrefix(segs[0], "@")
	if !ok {
		return Target{}, refuse("TikTok link is not a video or an account")
	}
	if !isName(name, 2, 24, "_.") {
		return Target{}, refuse("TikTok user names have 2 to 24 letters, digits, underscores or dots")
	}
	handle := asciiLower(name)
	switch len(segs) {
	case 1:
		return Target{
			Platform: TikTok,
			Kind:     Account,
			ID:       handle,
			Handle:   handle,
			URL:      tikTokOrigin + "/@" + handle,
		}, nil
	case 3:
		form := asciiLower(segs[1])
		if form != "video" && form != "photo" {
			break
		}
		if !numericID(segs[2]) {
			return Target{}, refuse("TikTok video id must be a number")
		}
		return Target{
			Platform: TikTok,
			Kind:     Video,
			ID:       segs[2],
			Handle:   handle,
			URL:      tikTokOrigin + "/@" + handle + "/" + form + "/" + segs[2],
		}, nil
	}
	return Target{}, refuse("TikTok link is not a video or an account")
}

// tikTokShortLink refuses a vm./vt. link without a code and otherwise returns
// ErrShortLink.
func tikTokShortLink(l link) error {
	if len(l.segs) != 1 || !isName(l.segs[0], 1, 64, "_-") {
		return refuse("TikTok short link has no valid code")
	}
	return ErrShortLink
}
