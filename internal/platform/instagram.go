package platform

const instagramOrigin = "https://www.instagram.com"

// instagramReserved are first path segments that are Instagram pages, not
// profiles. Instagram does not let anyone register these names.
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

// instagramTabs are profile sub-pages that still mean the profile.
var instagramTabs = map[string]bool{"reels": true, "tagged": true}

// parseInstagram reads /reel/CODE, /reels/CODE, /p/CODE, /tv/CODE,
// /user/reel/CODE, /user/p/CODE and profiles.
func parseInstagram(l link) (Target, error) {
	segs := l.segs
	if len(segs) == 0 {
		return Target{}, refuse("Instagram link is not a post, reel or profile")
	}
	first := asciiLower(segs[0])
	if first == "share" {
		// /share/CODE and /share/reel/CODE carry a share code, not the post's
		// code; only Instagram knows which post it stands for.
		return Target{}, refuse("Instagram share links are not supported; open the link and copy the address of the post")
	}
	if len(segs) == 2 {
		if form, ok := instagramPostForm(first); ok {
			return instagramPost(form, segs[1])
		}
	}
	if instagramReserved[first] {
		return Target{}, refuse("Instagram link is not a post, reel or profile")
	}
	if !isName(segs[0], 1, 30, "_.") {
		return Target{}, refuse("Instagram user names have 1 to 30 letters, digits, underscores or dots")
	}
	switch {
	case len(segs) == 1, len(segs) == 2 && instagramTabs[asciiLower(segs[1])]:
		return handleAccount(Instagram, first, instagramOrigin+"/"+first+"/"), nil
	case len(segs) == 3:
		// The owner in /user/reel/CODE is dropped: the code alone identifies
		// the post, and the canonical URL must not depend on who shared it.
		if form := asciiLower(segs[1]); form == "reel" || form == "p" {
			return instagramPost(form, segs[2])
		}
	}
	return Target{}, refuse("Instagram link is not a post, reel or profile")
}

// instagramPostForm maps the first segment of a post URL to the segment of
// its canonical URL.
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
	if !isName(code, 5, 64, "_-") {
		return Target{}, refuse("Instagram post code is not valid")
	}
	return Target{
		Platform: Instagram,
		Kind:     Video,
		ID:       code,
		URL:      instagramOrigin + "/" + form + "/" + code + "/",
	}, nil
}
