package platform

import "strings"

const (
	tikTokOrigin = "https://www.tiktok.com"
	// tikTokWebHost resolves /t/CODE short links, whatever the pasted host.
	tikTokWebHost = "www.tiktok.com"
)

const (
	tikTokDefault = "This TikTok link is not a video or an account: a video link looks like " +
		"https://www.tiktok.com/@name/video/7301234567890123456, an account link like https://www.tiktok.com/@name"
	tikTokNoID = "This TikTok link has no video id: a TikTok video link looks like " +
		"https://www.tiktok.com/@name/video/7301234567890123456"
	tikTokBadID = "This TikTok link's video id is not valid: TikTok video ids are numbers of 18 or 19 digits, " +
		"as in https://www.tiktok.com/@name/video/7301234567890123456"
	tikTokBadName  = "This TikTok link's user name is not valid: TikTok user names have 2 to 24 letters, digits, underscores or dots"
	tikTokBadShort = "This TikTok short link has no valid code: copy it again with Share → Copy link in the TikTok app"
)

// TikTok video ids are snowflakes: 19 digits today, 18 for the oldest.
const (
	tikTokIDMin = 18
	tikTokIDMax = 19
)

// parseTikTok reads profiles, videos and photos, with or without their user,
// and embeds; /t/CODE gives ErrShortLink.
func parseTikTok(l link) (Target, error) {
	segs := l.segs
	if len(segs) == 0 {
		return Target{}, refuse(tikTokDefault)
	}
	switch first := asciiLower(segs[0]); first {
	case "t":
		if len(segs) != 2 || !isName(segs[1], 1, 64, "_-") {
			return Target{}, refuse(tikTokBadShort)
		}
		return Target{}, ErrShortLink
	case "v":
		// The old mobile share form /v/ID.html.
		if len(segs) == 2 {
			id, ok := cutSuffixFold(segs[1], ".html")
			if ok {
				return tikTokVideo("", "video", id)
			}
		}
	case "embed", "player":
		// Embed players: /embed/ID, /embed/v2/ID, /player/v1/ID.
		switch {
		case first == "embed" && len(segs) == 2:
			return tikTokVideo("", "video", segs[1])
		case first == "embed" && len(segs) == 3 && asciiLower(segs[1]) == "v2",
			first == "player" && len(segs) == 3 && asciiLower(segs[1]) == "v1":
			return tikTokVideo("", "video", segs[2])
		}
	}
	name, ok := strings.CutPrefix(segs[0], "@")
	if !ok {
		return Target{}, refuse(tikTokDefault)
	}
	if len(segs) == 2 {
		if form := asciiLower(segs[1]); form == "video" || form == "photo" {
			return Target{}, refuse(tikTokNoID)
		}
	}
	if len(segs) == 3 {
		form := asciiLower(segs[1])
		if form != "video" && form != "photo" {
			return Target{}, refuse(tikTokDefault)
		}
		// TikTok opens /@/video/ID, with no user, as the video itself.
		if name != "" && !isName(name, 2, 24, "_.") {
			return Target{}, refuse(tikTokBadName)
		}
		return tikTokVideo(asciiLower(name), form, segs[2])
	}
	if !isName(name, 2, 24, "_.") {
		return Target{}, refuse(tikTokBadName)
	}
	if len(segs) != 1 {
		return Target{}, refuse(tikTokDefault)
	}
	handle := asciiLower(name)
	return handleAccount(TikTok, handle, tikTokOrigin+"/@"+handle), nil
}

// tikTokVideo builds a video target; without a handle its URL is /@/video/ID.
func tikTokVideo(handle, form, id string) (Target, error) {
	if id == "" {
		return Target{}, refuse(tikTokNoID)
	}
	if !numericID(id, tikTokIDMin, tikTokIDMax) {
		return Target{}, refuse(tikTokBadID)
	}
	return Target{
		Platform: TikTok,
		Kind:     Video,
		ID:       id,
		Handle:   handle,
		URL:      tikTokOrigin + "/@" + handle + "/" + form + "/" + id,
	}, nil
}

func tikTokShortLink(l link) error {
	if len(l.segs) != 1 || !isName(l.segs[0], 1, 64, "_-") {
		return refuse(tikTokBadShort)
	}
	return ErrShortLink
}

func cutSuffixFold(s, suffix string) (string, bool) {
	if len(s) < len(suffix) || asciiLower(s[len(s)-len(suffix):]) != suffix {
		return s, false
	}
	return s[:len(s)-len(suffix)], true
}
