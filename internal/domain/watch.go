package domain

import (
	"regexp"
	"strings"
)

// WatchKind is what a watch looks for on its platform.
type WatchKind string

// The kinds of watch (docs/watches.md).
const (
	WatchHashtag WatchKind = "hashtag"
	WatchMention WatchKind = "mention"
	WatchSound   WatchKind = "sound"
	WatchSearch  WatchKind = "search"
)

// WatchKinds lists every kind of watch.
var WatchKinds = []WatchKind{WatchHashtag, WatchMention, WatchSound, WatchSearch}

// WatchStatus is whether a watch runs.
type WatchStatus string

// The statuses of a watch.
const (
	WatchActive WatchStatus = "active"
	WatchPaused WatchStatus = "paused"
)

// CaptureStatus is where a post a watch found stands in the inbox.
type CaptureStatus string

// The statuses of a capture: new (in the inbox), tracked (it became a
// tracked video), dismissed (it never comes back).
const (
	CaptureNew       CaptureStatus = "new"
	CaptureTracked   CaptureStatus = "tracked"
	CaptureDismissed CaptureStatus = "dismissed"
)

// CaptureStatuses lists every status of a capture.
var CaptureStatuses = []CaptureStatus{CaptureNew, CaptureTracked, CaptureDismissed}

var (
	// HashtagWord is a hashtag without its '#'; MentionWord a handle
	// without its '@'.
	HashtagWord = regexp.MustCompile(`^[\p{L}\p{N}_]{1,100}$`)
	MentionWord = regexp.MustCompile(`^[\p{L}\p{N}_.]{1,100}$`)
	// a TikTok sound's page ends in its id (/music/original-sound-7234…);
	// an Instagram audio's page is /reels/audio/{id}
	tikTokSound    = regexp.MustCompile(`/music/[^/]*?-?(\d{6,})/?$`)
	instagramSound = regexp.MustCompile(`/(?:reels/)?audio/(\d{6,})/?$`)
	// captionWord matches a hashtag's or a mention's word after its sign.
	captionWord = regexp.MustCompile(`^[\p{L}\p{N}_.]+`)
)

// SoundOfLink is the sound id of a TikTok sound's page (/music/…) or an
// Instagram audio's (/reels/audio/…); false for any other path.
func SoundOfLink(path string) (string, bool) {
	m := tikTokSound.FindStringSubmatch(path)
	if m == nil {
		m = instagramSound.FindStringSubmatch(path)
	}
	if m == nil {
		return "", false
	}
	return m[1], true
}

// CaptionWords are the caption's words after sign ('#' or '@'),
// lower-cased; a mention's trailing dot is left out, and a hashtag ends at
// a dot.
func CaptionWords(caption string, sign byte) map[string]bool {
	out := map[string]bool{}
	for i := 0; i < len(caption); i++ {
		if caption[i] != sign {
			continue
		}
		w := captionWord.FindString(caption[i+1:])
		w = strings.TrimRight(strings.ToLower(w), ".")
		if sign == '#' {
			w, _, _ = strings.Cut(w, ".")
		}
		if w != "" {
			out[w] = true
		}
	}
	return out
}
