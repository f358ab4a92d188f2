package platform

const xOrigin = "https://x.com"

// xReserved are first path segments of pages, never of profiles.
var xReserved = map[string]bool{
	"about": true, "account": true, "bookmarks": true, "communities": true,
	"compose": true, "download": true, "explore": true, "hashtag": true,
	"home": true, "i": true, "intent": true, "jobs": true, "lists": true,
	"login": true, "logout": true, "messages": true, "notifications": true,
	"privacy": true, "search": true, "settings": true, "share": true,
	"signup": true, "tos": true,
}

// xTabs are profile sub-pages that still mean the profile.
var xTabs = map[string]bool{
	"highlights": true, "likes": true, "media": true, "with_replies": true,
}

const (
	xDefault = "This X link is not a post or a profile: a post link looks like " +
		"https://x.com/name/status/1790000000000000001, a profile link like https://x.com/name"
	xBadID = "This X link's post id is not valid: X post ids are numbers of 5 to 19 digits, " +
		"as in https://x.com/name/status/1790000000000000001"
	xBadName = "This X link's user name is not valid: X user names have 1 to 15 letters, digits or underscores"
)

// X post ids: snowflakes since 2010 (below 2^63), sequential before; only
// the first few thousand posts of 2006 have fewer than 5 digits.
const (
	xIDMin = 5
	xIDMax = 19
)

// parseX reads /user, /user/status/ID, /i/web/status/ID and /i/status/ID.
func parseX(l link) (Target, error) {
	segs := l.segs
	if len(segs) == 0 {
		return Target{}, refuse(xDefault)
	}
	first := asciiLower(segs[0])
	if first == "i" {
		switch {
		case len(segs) >= 4 && asciiLower(segs[1]) == "web" && asciiLower(segs[2]) == "status":
			return xPost("", segs[3], segs[4:])
		case len(segs) >= 3 && asciiLower(segs[1]) == "status":
			return xPost("", segs[2], segs[3:])
		}
	}
	if xReserved[first] {
		return Target{}, refuse(xDefault)
	}
	if !isName(segs[0], 1, 15, "_") {
		return Target{}, refuse(xBadName)
	}
	switch {
	case len(segs) == 1, len(segs) == 2 && xTabs[asciiLower(segs[1])]:
		return handleAccount(X, first, xOrigin+"/"+first), nil
	case len(segs) >= 3:
		if form := asciiLower(segs[1]); form == "status" || form == "statuses" {
			return xPost(first, segs[2], segs[3:])
		}
	}
	return Target{}, refuse(xDefault)
}

// xPost builds a post target; tail may only be a media viewer or /analytics.
func xPost(handle, id string, tail []string) (Target, error) {
	if !numericID(id, xIDMin, xIDMax) || len(id) == xIDMax && id > "9223372036854775807" {
		return Target{}, refuse(xBadID)
	}
	switch {
	case len(tail) == 0:
	case len(tail) == 1 && asciiLower(tail[0]) == "analytics":
	case len(tail) == 2 && (asciiLower(tail[0]) == "photo" || asciiLower(tail[0]) == "video") &&
		len(tail[1]) == 1 && '1' <= tail[1][0] && tail[1][0] <= '4':
	default:
		return Target{}, refuse(xDefault)
	}
	u := xOrigin + "/i/web/status/" + id
	if handle != "" {
		u = xOrigin + "/" + handle + "/status/" + id
	}
	return Target{Platform: X, Kind: Video, ID: id, Handle: handle, URL: u}, nil
}
