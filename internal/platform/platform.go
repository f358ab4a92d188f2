// Package platform turns links that users paste into canonical targets: a
// public video or account on TikTok, Instagram, YouTube or X.
//
// Parsing is an allow-list on purpose. A link is accepted only when its host
// is exactly one of the platform's own hosts and its path is one of the known
// forms, and the canonical URL is rebuilt from the validated pieces rather
// than copied from the input. That keeps look-alike hosts, tracking query
// parameters and oddly encoded paths out of the database, and it means the
// scraper never receives a URL that a user wrote.
package platform

import "errors"

// Platform names a supported social platform.
type Platform string

// The supported platforms; the values are stored and appear in the API.
const (
	TikTok    Platform = "tiktok"
	Instagram Platform = "instagram"
	YouTube   Platform = "youtube"
	X         Platform = "x"
)

// All lists the supported platforms.
var All = []Platform{TikTok, Instagram, YouTube, X}

// Valid reports whether p is one of the supported platforms.
func (p Platform) Valid() bool {
	switch p {
	case TikTok, Instagram, YouTube, X:
		return true
	}
	return false
}

// ParsePlatform returns the platform named s. Only the exact lower-case names
// are accepted, because the value comes from API input and is stored as is.
func ParsePlatform(s string) (Platform, bool) {
	p := Platform(s)
	return p, p.Valid()
}

// Kind says whether a target is a single video (or post) or an account.
type Kind string

// The kinds of target.
const (
	Video   Kind = "video"
	Account Kind = "account"
)

// Valid reports whether k is one of the known kinds.
func (k Kind) Valid() bool { return k == Video || k == Account }

// Target is a parsed, canonical URL of a public account or video.
type Target struct {
	Platform Platform
	Kind     Kind
	// ID is, for a video, the platform's video id (case-sensitive where the
	// platform's is). For an account it is the canonical key: the lower-cased
	// handle on TikTok, Instagram and X; on YouTube "@handle", the "UC…"
	// channel id, "c/name" or "user/name".
	ID string
	// Handle is the lower-cased handle, without "@", when the canonical URL
	// shows it, else "": a TikTok video pasted without its author has the
	// canonical URL /@/video/ID.
	Handle string
	// URL is the canonical URL: https, the canonical host, no query except
	// YouTube's v, no fragment. Parse(URL) returns this same Target.
	URL string
}

func handleAccount(p Platform, handle, url string) Target {
	return Target{Platform: p, Kind: Account, ID: handle, Handle: handle, URL: url}
}

// Error says why a URL was refused; Reason is a short sentence safe to show.
type Error struct{ Reason string }

// Error returns the reason, so that the message can go to the user unchanged.
func (e *Error) Error() string { return e.Reason }

// ErrShortLink is Parse's answer for TikTok short links: what they point to
// is known only after asking TikTok, which Resolver.Resolve does.
var ErrShortLink = errors.New("TikTok short link must be resolved first")

func refuse(reason string) error { return &Error{Reason: reason} }
