package platform

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxURLBytes bounds the input; no canonical link of any platform comes close,
// and a bound keeps a hostile paste from costing more than a small parse.
const maxURLBytes = 2048

// hostKind says which parser handles a host.
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

// knownHosts is the complete list of accepted hosts. Matching is exact: no
// suffix or prefix rules, so tiktok.com.evil.net and eviltiktok.com are simply
// absent.
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
	// segs are the percent-decoded path segments; a trailing slash adds none.
	segs  []string
	query string // raw query without "?"; only YouTube's /watch reads it
}

// Parse validates a pasted link and returns its canonical target. A refused
// link gives an *Error; a TikTok short link gives ErrShortLink, to be passed
// to Resolver.Resolve. Parse makes no network request.
func Parse(raw string) (Target, error) {
	l, err := splitLink(raw)
	if err != nil {
		return Target{}, err
	}
	return l.target()
}

// target dispatches to the parser of l's platform.
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
	return Target{}, refuse("only TikTok, Instagram, YouTube and X links are supported")
}

// splitLink applies the rules that do not depend on the platform: size,
// characters, scheme, authority and path syntax.
func splitLink(raw string) (link, error) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return link{}, refuse("URL is empty")
	}
	if len(s) > maxURLBytes {
		return link{}, refuse("URL is longer than 2048 bytes")
	}
	if !utf8.ValidString(s) {
		return link{}, refuse("URL is not valid UTF-8 text")
	}
	for _, r := range s {
		if unicode.IsSpace(r) {
			return link{}, refuse("URL must not contain spaces")
		}
		// Format characters (zero-width spaces, bidi overrides) are invisible
		// in the form and are a classic way to make two links look alike.
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return link{}, refuse("URL contains control or invisible characters")
		}
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
		return link{}, refuse("only TikTok, Instagram, YouTube and X links are supported")
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

// cutScheme returns the lower-cased scheme ("" when the input has none, which
// is then read as https) and the rest after "//".
func cutScheme(s string) (scheme, rest string, err error) {
	i := strings.IndexByte(s, ':')
	if i < 0 || !isScheme(s[:i]) || isHostPort(s[:i], s[i+1:]) {
		// "tiktok.com/@user" and "tiktok.com:443/@user" have no scheme.
		return "", s, nil
	}
	scheme = asciiLower(s[:i])
	if scheme != "http" && scheme != "https" {
		return "", "", refuse("only http and https links are supported")
	}
	rest, ok := strings.CutPrefix(s[i+1:], "//")
	if !ok {
		return "", "", refuse("URL is malformed: expected // after " + scheme + ":")
	}
	return scheme, rest, nil
}

// isScheme reports whether s has the syntax of a URI scheme (RFC 3986 3.1).
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

// isHostPort reports whether "before:after" is a scheme-less host with a port
// rather than a scheme. A dot before the colon means a host name: no scheme in
// use has one, while every host of ours does.
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

// checkAuthority validates "host[:port]" and returns the canonical host name.
func checkAuthority(auth, scheme string) (string, error) {
	if auth == "" {
		return "", refuse("URL has no host")
	}
	// A user part is how https://tiktok.com@evil.net/ hides its real host.
	if strings.Contains(auth, "@") {
		return "", refuse("links with a user name or password are not accepted")
	}
	if strings.HasPrefix(auth, "[") || strings.Count(auth, ":") > 1 {
		return "", refuse("IP addresses are not accepted")
	}
	host := auth
	if i := strings.IndexByte(auth, ':'); i >= 0 {
		host = auth[:i]
		if err := checkPort(auth[i+1:], scheme); err != nil {
			return "", err
		}
	}
	if strings.Contains(host, "%") {
		return "", refuse("host name must not be percent-encoded")
	}
	// Checked before lower-casing: strings.ToLower maps the Kelvin sign to
	// "k", which would let a look-alike through.
	for i := 0; i < len(host); i++ {
		c := host[i]
		if !isASCIILetter(c) && !isDigit(c) && c != '.' && c != '-' {
			return "", refuse("host name has characters that are not allowed")
		}
	}
	host = asciiLower(host)
	// One trailing dot is the fully qualified form of the same name.
	host = strings.TrimSuffix(host, ".")
	if host == "" {
		return "", refuse("URL has no host")
	}
	if looksLikeIP(host) {
		return "", refuse("IP addresses are not accepted")
	}
	for _, label := range strings.Split(host, ".") {
		if strings.HasPrefix(label, "xn--") {
			return "", refuse("internationalized (xn--) host names are not accepted")
		}
	}
	return host, nil
}

// checkPort accepts only the default port of the scheme; without a scheme
// either default is accepted.
func checkPort(port, scheme string) error {
	switch {
	case port == "":
		return refuse("URL has an empty port")
	case !allDigits(port):
		return refuse("port is not a number")
	case port == "443" && scheme != "http", port == "80" && scheme != "https":
		return nil
	}
	return refuse("only the default port is accepted")
}

// looksLikeIP reports whether a host would be read as an IPv4 address. Like
// browsers, it looks at the last label: "2130706433", "0x7f000001", "127.1"
// and "017700000001" all reach 127.0.0.1.
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

// splitPath returns the decoded segments of path. Only a trailing slash may
// leave an empty segment; dot segments are refused because clients collapse
// them, so "/x/../home" would not mean what the parser saw.
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
			return nil, refuse("URL path has an empty segment")
		}
		seg, err := url.PathUnescape(p)
		if err != nil {
			return nil, refuse("URL has a malformed percent escape")
		}
		if seg == "." || seg == ".." {
			return nil, refuse("URL path must not contain . or .. segments")
		}
		segs[i] = seg
	}
	return segs, nil
}

// queryValues returns the decoded values of key in a raw query. Pairs that do
// not decode are skipped: they are noise that the canonical URL drops anyway.
func queryValues(query, key string) []string {
	var vals []string
	for _, pair := range strings.Split(query, "&") {
		k, v, _ := strings.Cut(pair, "=")
		if k, err := url.QueryUnescape(k); err != nil || k != key {
			continue
		}
		// A value that does not decode is kept raw: its "%" makes the caller
		// refuse it as an id instead of silently using another value.
		if dv, err := url.QueryUnescape(v); err == nil {
			v = dv
		}
		vals = append(vals, v)
	}
	return vals
}

// asciiLower lower-cases ASCII letters only. strings.ToLower and EqualFold
// also fold non-ASCII letters into ASCII ones (K to "k", ſ to "s"),
// which would let look-alike paths and handles through.
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

// isName reports whether s is min to max bytes long and every byte is an
// ASCII letter, a digit or one of extra.
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

// numericID reports whether s is a decimal id of 1 to 20 digits without a
// leading zero; a leading zero would give one post two canonical URLs.
func numericID(s string) bool {
	return len(s) >= 1 && len(s) <= 20 && allDigits(s) && s[0] != '0'
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
