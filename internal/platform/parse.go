package platform

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxURLBytes bounds a hostile paste's cost; no real link comes close.
const maxURLBytes = 2048

type hostKind int

const (
	hostTikTok hostKind = iota + 1
	hostTikTokShort
	hostInstagram
	hostYouTube
	hostYouTuBe         // youtu.be: the path is the video id
	hostYouTubeNoCookie // youtube-nocookie.com: /embed/ID only
	hostX
)

// knownHosts are the accepted hosts, matched exactly (not eviltiktok.com).
var knownHosts = map[string]hostKind{
	"tiktok.com":               hostTikTok,
	"www.tiktok.com":           hostTikTok,
	"m.tiktok.com":             hostTikTok,
	"vm.tiktok.com":            hostTikTokShort,
	"vt.tiktok.com":            hostTikTokShort,
	"instagram.com":            hostInstagram,
	"www.instagram.com":        hostInstagram,
	"m.instagram.com":          hostInstagram,
	"instagr.am":               hostInstagram,
	"youtube.com":              hostYouTube,
	"www.youtube.com":          hostYouTube,
	"m.youtube.com":            hostYouTube,
	"music.youtube.com":        hostYouTube,
	"youtu.be":                 hostYouTuBe,
	"youtube-nocookie.com":     hostYouTubeNoCookie,
	"www.youtube-nocookie.com": hostYouTubeNoCookie,
	"x.com":                    hostX,
	"www.x.com":                hostX,
	"mobile.x.com":             hostX,
	"twitter.com":              hostX,
	"www.twitter.com":          hostX,
	"mobile.twitter.com":       hostX,
}

// link is a URL that passed the checks shared by every platform.
type link struct {
	host string   // lower-case, without port or trailing dot
	kind hostKind // which parser the host belongs to
	path string   // the path as written, starting with "/" or empty
	// segs are the decoded path segments; a trailing slash adds none.
	segs  []string
	query string // raw query without "?"; only YouTube's /watch reads it
}

// Parse returns a link's canonical target: an *Error when refused.
func Parse(raw string) (Target, error) {
	l, err := splitLink(raw)
	if err != nil {
		return Target{}, err
	}
	return l.target()
}

func (l link) target() (Target, error) {
	switch l.kind {
	case hostTikTok:
		return parseTikTok(l)
	case hostTikTokShort:
		return Target{}, tikTokShortLink(l)
	case hostInstagram:
		return parseInstagram(l)
	case hostYouTube, hostYouTuBe, hostYouTubeNoCookie:
		return parseYouTube(l)
	case hostX:
		return parseX(l)
	}
	// splitLink only returns hosts from knownHosts, all handled above.
	return Target{}, refuse(otherSite(l.host))
}

const notALink = "That isn't a link: paste the address of a TikTok, Instagram, YouTube or X video or profile"

func otherSite(host string) string {
	return "Only TikTok, Instagram, YouTube and X links can be tracked: this one is from " + host
}

// spacedText is the reason for text with spaces in it.
func spacedText(s string) error {
	fields := strings.Fields(s)
	for i, f := range fields {
		if l, err := splitLink(f); err == nil && len(l.segs) > 0 {
			if i == 0 {
				return refuse("This link has a space in it: copy the address again from the browser's address bar or the app's Share → Copy link")
			}
			return refuse("Paste the link alone, without the words around it")
		}
	}
	return refuse(notALink)
}

// splitLink applies the rules every platform shares.
func splitLink(raw string) (link, error) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return link{}, refuse("The link is empty: paste the address of a TikTok, Instagram, YouTube or X video or profile")
	}
	if len(s) > maxURLBytes {
		return link{}, refuse("This link is longer than 2048 bytes, longer than any video or profile address")
	}
	if !utf8.ValidString(s) {
		return link{}, refuse("This link is not valid UTF-8 text")
	}
	for _, r := range s {
		// invisible format characters make two links look alike
		if unicode.IsControl(r) && !unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) {
			return link{}, refuse("This link contains control or invisible characters: type or copy it again")
		}
	}
	if strings.IndexFunc(s, unicode.IsSpace) >= 0 {
		return link{}, spacedText(s)
	}

	scheme, rest, err := cutScheme(s)
	if err != nil {
		return link{}, err
	}

	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	host, err := checkAuthority(rest[:end], scheme)
	if err != nil {
		return link{}, err
	}
	kind, ok := knownHosts[host]
	if !ok {
		if scheme == "" && !strings.Contains(host, ".") {
			// "hello" or "my video": words, not a web address
			return link{}, refuse(notALink)
		}
		return link{}, refuse(otherSite(host))
	}

	l := link{host: host, kind: kind}
	after := rest[end:]
	after, _, _ = strings.Cut(after, "#")
	l.path, l.query, _ = strings.Cut(after, "?")
	if l.segs, err = splitPath(l.path); err != nil {
		return link{}, err
	}
	return l, nil
}

// cutScheme returns the lower-cased scheme ("" if none) and the rest.
func cutScheme(s string) (scheme, rest string, err error) {
	i := strings.IndexByte(s, ':')
	if i < 0 || !isScheme(s[:i]) || isHostPort(s[:i], s[i+1:]) {
		// "tiktok.com/@user" and "tiktok.com:443/@user" have no scheme.
		return "", s, nil
	}
	scheme = asciiLower(s[:i])
	if scheme != "http" && scheme != "https" {
		return "", "", refuse("Only web links (https://…) can be tracked")
	}
	rest, ok := strings.CutPrefix(s[i+1:], "//")
	if !ok {
		return "", "", refuse("This link is malformed: " + scheme + ": must be followed by //")
	}
	return scheme, rest, nil
}

func isScheme(s string) bool {
	if s == "" || !isASCIILetter(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !isASCIILetter(c) && !isDigit(c) && c != '+' && c != '-' && c != '.' {
			return false
		}
	}
	return true
}

// isHostPort reports whether "before:after" is a host and port, not a scheme:
// schemes have no dot, while every host of ours does.
func isHostPort(before, after string) bool {
	if strings.Contains(before, ".") {
		return true
	}
	end := strings.IndexAny(after, "/?#")
	if end < 0 {
		end = len(after)
	}
	return end > 0 && allDigits(after[:end])
}

func checkAuthority(auth, scheme string) (string, error) {
	if auth == "" {
		return "", refuse("This link has no site name, such as www.tiktok.com")
	}
	// A user part is how https://tiktok.com@evil.net/ hides its real host.
	if strings.Contains(auth, "@") {
		return "", refuse("Links with a user name or password in them are not accepted")
	}
	if strings.HasPrefix(auth, "[") || strings.Count(auth, ":") > 1 {
		return "", refuse("IP addresses are not accepted: paste the platform's own link")
	}
	host := auth
	if i := strings.IndexByte(auth, ':'); i >= 0 {
		host = auth[:i]
		if err := checkPort(auth[i+1:], scheme); err != nil {
			return "", err
		}
	}
	if strings.Contains(host, "%") {
		return "", refuse("This link's site name must not be percent-encoded")
	}
	// before lower-casing, which maps the Kelvin sign to "k"
	for i := 0; i < len(host); i++ {
		c := host[i]
		if !isASCIILetter(c) && !isDigit(c) && c != '.' && c != '-' {
			return "", refuse("This link's site name has characters that are not allowed")
		}
	}
	host = asciiLower(host)
	// One trailing dot is the fully qualified form of the same name.
	host = strings.TrimSuffix(host, ".")
	if host == "" {
		return "", refuse("This link has no site name, such as www.tiktok.com")
	}
	if looksLikeIP(host) {
		return "", refuse("IP addresses are not accepted: paste the platform's own link")
	}
	for _, label := range strings.Split(host, ".") {
		if strings.HasPrefix(label, "xn--") {
			return "", refuse("Internationalized (xn--) site names are not accepted")
		}
	}
	return host, nil
}

// checkPort accepts only the scheme's default port, or either without one.
func checkPort(port, scheme string) error {
	switch {
	case port == "":
		return refuse("This link has an empty port")
	case !allDigits(port):
		return refuse("This link's port is not a number")
	case port == "443" && scheme != "http", port == "80" && scheme != "https":
		return nil
	}
	return refuse("Only the default port is accepted: remove the :number after the site name")
}

// looksLikeIP reports whether browsers read a host as IPv4 ("0x7f000001").
func looksLikeIP(host string) bool {
	last := host[strings.LastIndexByte(host, '.')+1:]
	if last == "" {
		return false
	}
	if allDigits(last) {
		return true
	}
	if hex, ok := strings.CutPrefix(last, "0x"); ok {
		for i := 0; i < len(hex); i++ {
			if !isDigit(hex[i]) && (hex[i] < 'a' || hex[i] > 'f') {
				return false
			}
		}
		return true
	}
	return false
}

// splitPath returns the decoded segments of path; dot segments are refused,
// as clients collapse them.
func splitPath(path string) ([]string, error) {
	if path == "" || path == "/" {
		return nil, nil
	}
	parts := strings.Split(strings.TrimPrefix(path, "/"), "/")
	if parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	segs := make([]string, len(parts))
	for i, p := range parts {
		if p == "" {
			return nil, refuse("This link's path has an empty segment (//)")
		}
		seg, err := url.PathUnescape(p)
		if err != nil {
			return nil, refuse("This link has a malformed percent escape")
		}
		if seg == "." || seg == ".." {
			return nil, refuse("This link's path must not contain . or .. segments")
		}
		segs[i] = seg
	}
	return segs, nil
}

// queryValues returns the decoded values of key in a raw query.
func queryValues(query, key string) []string {
	var vals []string
	for _, pair := range strings.Split(query, "&") {
		k, v, _ := strings.Cut(pair, "=")
		if k, err := url.QueryUnescape(k); err != nil || k != key {
			continue
		}
		// kept raw, its "%" makes the caller refuse it rather than pick another
		if dv, err := url.QueryUnescape(v); err == nil {
			v = dv
		}
		vals = append(vals, v)
	}
	return vals
}

// asciiLower lower-cases ASCII letters only: strings.ToLower would fold
// look-alikes such as ſ into ASCII.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

func isName(s string, min, max int, extra string) bool {
	if len(s) < min || len(s) > max {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isASCIILetter(c) && !isDigit(c) && strings.IndexByte(extra, c) < 0 {
			return false
		}
	}
	return true
}

// numericID reports whether s is a decimal id of min to max digits, without
// a leading zero that would give a post two canonical URLs.
func numericID(s string, min, max int) bool {
	return len(s) >= min && len(s) <= max && allDigits(s) && s[0] != '0'
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

func isDigit(c byte) bool       { return '0' <= c && c <= '9' }
func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
