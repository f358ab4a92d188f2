package platform

const instagramOrigin = "https://www.instagram.com"

// instagramReserved are first path segments of pages, never of profiles.
var instagramReserved = map[string]bool{
	"about": true, "accounts": true, "ajax": true, "api": true,
	"archive": true, "challenge": true, "create": true, "developer": true,
	"developers": true, "direct": true, "directory": true, "emails": true,
	"explore": true, "graphql": true, "help": true, "legal": true,
	"lite": true, "login": true, "logout": true, "nametag": true,
	"oauth": true, "p": true, "press": true, "privacy": true, "reel": true,
	"reels": true, "s": true, "session": true, "sessions": true, "share": true,
	"signup": true, "static": true, "stories": true, "terms": true,
	"tv": true, "web": true, "your_activity": true,
}

const (
	instagramDefault = "This Instagram link is not a post, reel or profile: a reel link looks like " +
		"https://www.instagram.com/reel/C1a2B3c4D5e/, a profile link like https://www.instagram.com/name/"
	instagramBadCode = "This Instagram link's post code is not valid: post codes have 5 to 12 letters, digits, - or _ " +
		"(11 today), as in https://www.instagram.com/reel/C1a2B3c4D5e/"
)

// Instagram post codes are ids in base 64: 11 characters since 2016.
const (
	instagramCodeMin = 5
	instagramCodeMax = 12
)

// instagramTabs are profile sub-pages that still mean the profile.
var instagramTabs = map[string]bool{"reels": true, "tagged": true}

// parseInstagram reads posts, reels and profiles.
func parseInstagram(l link) (Target, error) {
	segs := l.segs
	if len(segs) == 0 {
		return Target{}, refuse(instagramDefault)
	}
	first := asciiLower(segs[0])
	if first == "share" {
		// a share code is not the post's: only Instagram knows which it is
		return Target{}, refuse("Instagram share links cannot be tracked: open the link and copy the address of the post")
	}
	if len(segs) == 2 {
		if form, ok := instagramPostForm(first); ok {
			return instagramPost(form, segs[1])
		}
	}
	if instagramReserved[first] {
		return Target{}, refuse(instagramDefault)
	}
	if !isName(segs[0], 1, 30, "_.") {
		return Target{}, refuse("This Instagram link's user name is not valid: Instagram user names have 1 to 30 letters, digits, underscores or dots")
	}
	switch {
	case len(segs) == 1, len(segs) == 2 && instagramTabs[asciiLower(segs[1])]:
		return handleAccount(Instagram, first, instagramOrigin+"/"+first+"/"), nil
	case len(segs) == 3:
		// the owner is dropped: the canonical URL must not depend on who shared it
		if form := asciiLower(segs[1]); form == "reel" || form == "p" {
			return instagramPost(form, segs[2])
		}
	}
	return Target{}, refuse(instagramDefault)
}

func instagramPostForm(seg string) (string, bool) {
	switch seg {
	case "reel", "reels":
		return "reel", true
	case "p", "tv":
		return seg, true
	}
	return "", false
}

func instagramPost(form, code string) (Target, error) {
	if !isName(code, instagramCodeMin, instagramCodeMax, "_-") {
		return Target{}, refuse(instagramBadCode)
	}
	return Target{
		Platform: Instagram,
		Kind:     Video,
		ID:       code,
		URL:      instagramOrigin + "/" + form + "/" + code + "/",
	}, nil
}
