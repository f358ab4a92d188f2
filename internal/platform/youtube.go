package platform

import "strings"

const youTubeOrigin = "https://www.youtube.com"

// youTubeTabs are channel sub-pages that still mean the channel.
var youTubeTabs = map[string]bool{
	"about": true, "channels": true, "community": true, "courses": true,
	"featured": true, "live": true, "playlists": true, "podcasts": true,
	"posts": true, "releases": true, "shorts": true, "store": true,
	"streams": true, "videos": true,
}

const (
	youTubeDefault = "This YouTube link is not a video or a channel: a video link looks like " +
		"https://www.youtube.com/shorts/dQw4w9WgXcQ, a channel link like https://www.youtube.com/@name"
	youTubeNoID = "This YouTube link has no video id: a YouTube video link looks like " +
		"https://www.youtube.com/watch?v=dQw4w9WgXcQ"
	youTubeBadID = "This YouTube link's video id is not valid: YouTube video ids are 11 letters, digits, dashes or underscores, " +
		"as in https://www.youtube.com/watch?v=dQw4w9WgXcQ"
)

// parseYouTube reads the video and channel forms.
func parseYouTube(l link) (Target, error) {
	segs := l.segs
	switch l.kind {
	case hostYouTuBe:
		if len(segs) != 1 {
			return Target{}, refuse("This youtu.be link has no video id: it looks like https://youtu.be/dQw4w9WgXcQ")
		}
		return youTubeVideo(segs[0], false)
	case hostYouTubeNoCookie:
		if len(segs) != 2 || asciiLower(segs[0]) != "embed" {
			return Target{}, refuse("youtube-nocookie.com links must be /embed/ links: paste the video's own YouTube link")
		}
		return youTubeVideo(segs[1], false)
	}
	if len(segs) == 0 {
		return Target{}, refuse(youTubeDefault)
	}

	if name, ok := strings.CutPrefix(segs[0], "@"); ok {
		if !youTubeChannelPath(segs) {
			return Target{}, refuse(youTubeDefault)
		}
		if !isName(name, 3, 30, "_-.") {
			return Target{}, refuse("This YouTube link's handle is not valid: YouTube handles have 3 to 30 letters, digits, underscores, dashes or dots")
		}
		handle := asciiLower(name)
		return Target{
			Platform: YouTube,
			Kind:     Account,
			ID:       "@" + handle,
			Handle:   handle,
			URL:      youTubeOrigin + "/@" + handle,
		}, nil
	}

	switch first := asciiLower(segs[0]); first {
	case "watch":
		if len(segs) != 1 {
			break
		}
		ids := queryValues(l.query, "v")
		switch len(ids) {
		case 0:
			return Target{}, refuse(youTubeNoID)
		case 1:
			return youTubeVideo(ids[0], false)
		}
		// Which v a client honours is not ours to guess.
		return Target{}, refuse("This YouTube link has more than one video id: open the video and copy its address again")
	case "shorts", "embed", "live", "v":
		if len(segs) != 2 {
			break
		}
		// a playlist, though 11 characters long
		if first == "embed" && segs[1] == "videoseries" {
			return Target{}, refuse("YouTube playlists cannot be tracked: paste a video's or a channel's link")
		}
		return youTubeVideo(segs[1], first == "shorts")
	case "channel":
		if !youTubeChannelPath(segs[1:]) {
			break
		}
		id := segs[1]
		if !strings.HasPrefix(id, "UC") || !isName(id, 24, 24, "_-") {
			return Target{}, refuse("This YouTube link's channel id is not valid: channel ids are UC followed by 22 letters, digits, dashes or underscores")
		}
		return youTubeChannel(id, "channel/"+id), nil
	case "c", "user":
		if !youTubeChannelPath(segs[1:]) {
			break
		}
		if !isName(segs[1], 1, 100, "_-.") {
			return Target{}, refuse("This YouTube link's channel name has characters that are not allowed")
		}
		key := first + "/" + asciiLower(segs[1])
		return youTubeChannel(key, key), nil
	}
	return Target{}, refuse(youTubeDefault)
}

// youTubeChannel is the channel of key at youTubeOrigin/path (no handle).
func youTubeChannel(key, path string) Target {
	return Target{Platform: YouTube, Kind: Account, ID: key, URL: youTubeOrigin + "/" + path}
}

func youTubeChannelPath(segs []string) bool {
	return len(segs) == 1 || len(segs) == 2 && youTubeTabs[asciiLower(segs[1])]
}

// youTubeVideo builds a video's target; shorts keep /shorts/, which tells
// them apart.
func youTubeVideo(id string, short bool) (Target, error) {
	if !isName(id, 11, 11, "_-") {
		return Target{}, refuse(youTubeBadID)
	}
	u := youTubeOrigin + "/watch?v=" + id
	if short {
		u = youTubeOrigin + "/shorts/" + id
	}
	return Target{Platform: YouTube, Kind: Video, ID: id, URL: u}, nil
}
