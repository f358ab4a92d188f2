// Package platform turns links that users paste into canonical targets: a
// public video or account on TikTok, Instagram, YouTube or X.
//
// Parsing is an allow-list: exact hosts, known path forms, and a canonical
// URL rebuilt from the validated pieces, so look-alike hosts, tracking
// parameters and odd encodings stay out of the database, and the scraper
// never receives a URL that a user wrote.
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

// ParsePlatform returns the platform named s, exactly: it is stored as is.
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
	// ID is a video's id, or an account's key: its lower-cased handle, or on
	// YouTube "@handle", the "UC…" channel id, "c/name" or "user/name".
	ID     string
	Handle string // lower-cased, without "@"; "" if the URL does not show it
	URL    string // canonical: Parse(URL) returns this same Target
}

func handleAccount(p Platform, handle, url string) Target {
	return Target{Platform: p, Kind: Account, ID: handle, Handle: handle, URL: url}
}

// Error says why a URL was refused; Reason is a short sentence safe to show.
type Error struct{ Reason string }

// Error returns the reason, for the user.
func (e *Error) Error() string { return e.Reason }

// ErrShortLink is Parse's answer for TikTok short links (Resolver.Resolve).
var ErrShortLink = errors.New("TikTok short link must be resolved first")

func refuse(reason string) error { return &Error{Reason: reason} }
