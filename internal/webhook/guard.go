package webhook

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// AllowList is the addresses a channel may reach although the rule refuses
// them (CHANNEL_ALLOWED_ADDRESSES); plain http is allowed only to these.
type AllowList struct {
	prefixes []netip.Prefix
	ports    []netip.AddrPort
}

// ParseAllowList reads comma-separated CIDRs, IP addresses (any port) and
// ip:port pairs (that port only).
func ParseAllowList(s string) (AllowList, error) {
	var a AllowList
	for _, raw := range strings.Split(s, ",") {
		raw = strings.TrimSpace(raw)
		if raw == "" {
			continue
		}
		if p, err := netip.ParsePrefix(raw); err == nil {
			a.prefixes = append(a.prefixes, p.Masked())
			continue
		}
		if ip, err := netip.ParseAddr(raw); err == nil {
			a.prefixes = append(a.prefixes, netip.PrefixFrom(ip.Unmap(), ip.Unmap().BitLen()))
			continue
		}
		if ap, err := netip.ParseAddrPort(raw); err == nil {
			a.ports = append(a.ports, netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port()))
			continue
		}
		return AllowList{}, fmt.Errorf("%q is not a CIDR, an IP address or an ip:port", raw)
	}
	return a, nil
}

// Empty reports whether the list allows nothing.
func (a AllowList) Empty() bool { return len(a.prefixes) == 0 && len(a.ports) == 0 }

// Allows reports whether the list holds ip at port, the effective port
// (EffectivePort): a URL without a port never means "any".
func (a AllowList) Allows(ip netip.Addr, port uint16) bool {
	ip = ip.Unmap()
	for _, p := range a.prefixes {
		if p.Contains(ip) {
			return true
		}
	}
	for _, ap := range a.ports {
		if ap.Addr() == ip && ap.Port() == port {
			return true
		}
	}
	return false
}

// EffectivePort is a URL's own port or its scheme's default; 0 otherwise.
func EffectivePort(u *url.URL) uint16 {
	if p := u.Port(); p != "" {
		n, err := strconv.ParseUint(p, 10, 16)
		if err != nil || n == 0 {
			return 0
		}
		return uint16(n)
	}
	switch u.Scheme {
	case "https":
		return 443
	case "http":
		return 80
	}
	return 0
}

var (
	cgnat = netip.MustParsePrefix("100.64.0.0/10")
	// 6to4 and NAT64 forms can carry any IPv4 address inside.
	nat64     = netip.MustParsePrefix("64:ff9b::/96")
	nat64Loc  = netip.MustParsePrefix("64:ff9b:1::/48")
	sixToFour = netip.MustParsePrefix("2002::/16")
	thisNet   = netip.MustParsePrefix("0.0.0.0/8")
	benchmark = netip.MustParsePrefix("198.18.0.0/15")
	reserved  = netip.MustParsePrefix("240.0.0.0/4")
)

// Refused says why a channel may not reach ip, or "" when it may: loopback,
// private, link-local (cloud metadata among them), unspecified, multicast,
// CGNAT or reserved, in any IPv4-mapped or embedding form.
func Refused(ip netip.Addr) string {
	ip = ip.Unmap()
	switch {
	case !ip.IsValid():
		return "not an IP address"
	case ip.IsLoopback():
		return "a loopback address"
	case ip.IsUnspecified():
		return "an unspecified address"
	case ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast():
		return "a link-local address"
	case ip.IsMulticast() || ip.IsInterfaceLocalMulticast():
		return "a multicast address"
	case ip.IsPrivate():
		return "a private address"
	case cgnat.Contains(ip):
		return "a shared (CGNAT) address"
	case thisNet.Contains(ip), benchmark.Contains(ip), reserved.Contains(ip), ip == netip.AddrFrom4([4]byte{255, 255, 255, 255}):
		return "a reserved address"
	}
	if ip.Is6() {
		b := ip.As16()
		// The IPv4 address a NAT64 (last 32 bits), IPv4-compatible
		// (::a.b.c.d) or 6to4 (2002:AABB:CCDD::) address reaches.
		var inner netip.Addr
		switch {
		case nat64.Contains(ip) || nat64Loc.Contains(ip):
			inner = netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
		case sixToFour.Contains(ip):
			inner = netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]})
		case isZero(b[:12]):
			inner = netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
		}
		if inner.IsValid() {
			if why := Refused(inner); why != "" {
				return why + " (embedded in an IPv6 address)"
			}
		}
	}
	return ""
}

func isZero(b []byte) bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}

var (
	ErrAddress = errors.New("address refused")
	ErrBadURL  = errors.New("bad URL")
)

// MaxURLLength bounds a channel's URL.
const MaxURLLength = 2000

// CheckURL checks the URL a channel is saved with: https (plain http only to
// allow), no user info, and no literal host the rule refuses. A host name's
// address is checked when the client dials it.
func CheckURL(raw string, allow AllowList) (*url.URL, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil, fmt.Errorf("%w: is required", ErrBadURL)
	}
	if len(raw) > MaxURLLength {
		return nil, fmt.Errorf("%w: must be at most %d characters", ErrBadURL, MaxURLLength)
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return nil, fmt.Errorf("%w: must be an absolute https:// URL", ErrBadURL)
	}
	if u.User != nil {
		return nil, fmt.Errorf("%w: must not hold a user name or password", ErrAddress)
	}
	if u.Fragment != "" {
		return nil, fmt.Errorf("%w: must not hold a #fragment", ErrBadURL)
	}
	host := u.Hostname()
	if p := u.Port(); p != "" {
		var n int
		if _, err := fmt.Sscan(p, &n); err != nil || n < 1 || n > 65535 {
			return nil, fmt.Errorf("%w: has a bad port", ErrBadURL)
		}
	}
	// an ip:port entry allows that port only
	port := EffectivePort(u)
	ip, ipErr := netip.ParseAddr(strings.Trim(host, "[]"))
	literal := ipErr == nil && ip.Zone() == ""
	allowed := literal && allow.Allows(ip, port)
	if name := strings.ToLower(strings.TrimSuffix(host, ".")); !literal && (name == "localhost" || strings.HasSuffix(name, ".localhost")) {
		lo := netip.AddrFrom4([4]byte{127, 0, 0, 1})
		return nil, fmt.Errorf("%w: %s is a loopback address, which a channel reaches only by its IP address (%s) and when the server allows it: %s",
			ErrAddress, host, lo, AllowHint(lo, port))
	}
	switch u.Scheme {
	case "https":
	case "http":
		if !allowed && literal {
			return nil, fmt.Errorf("%w: must be https://, or plain http to an address the server allows: %s", ErrAddress, AllowHint(ip, port))
		}
		if !allowed {
			return nil, fmt.Errorf("%w: must be https://, or plain http to an IP address the server allows, written as the address (%s)", ErrAddress, allowSetting)
		}
	default:
		return nil, fmt.Errorf("%w: must be an https:// URL", ErrAddress)
	}
	if ipErr == nil && ip.Zone() != "" {
		return nil, fmt.Errorf("%w: must not name an interface zone", ErrAddress)
	}
	if literal && !allowed {
		if why := Refused(ip); why != "" {
			return nil, fmt.Errorf("%w: %s is %s, which a channel reaches only when the server allows it: %s", ErrAddress, ip, why, AllowHint(ip, port))
		}
	}
	name := strings.ToLower(strings.TrimSuffix(host, "."))
	// A numeric host such as 2130706433, 0x7f.1 or 017700000001 is an
	// IPv4 address to some resolvers; a real name's last label is never a
	// number.
	if !literal && numericHost(name) {
		return nil, fmt.Errorf("%w: %s is not a host name", ErrAddress, host)
	}
	return u, nil
}

func numericHost(name string) bool {
	for _, label := range strings.Split(name, ".") {
		digits := label
		if h, ok := strings.CutPrefix(label, "0x"); ok {
			digits = h
			if strings.Trim(digits, "0123456789abcdef") != "" {
				return false
			}
			continue
		}
		if digits == "" || strings.Trim(digits, "0123456789") != "" {
			return false
		}
	}
	return true
}

// URLHint is what the dashboard shows of a channel's URL: scheme, host and
// port, and a few characters of the path's first segment; the rest (a Slack
// or Discord token) is masked.
func URLHint(u *url.URL) string {
	hint := u.Scheme + "://" + u.Host
	path := strings.Trim(u.EscapedPath(), "/")
	if path == "" {
		return hint + "/"
	}
	segs := strings.Split(path, "/")
	first := segs[0]
	if len(segs) == 1 {
		// a path of one segment may be the secret itself
		if len(first) > 4 {
			first = first[:2] + "…"
		}
		return hint + "/" + first
	}
	out := []string{first}
	for i, s := range segs[1:] {
		if i == 0 && len(s) > 2 {
			out = append(out, s[:2]+"…")
		} else {
			out = append(out, "…")
			break
		}
	}
	return hint + "/" + strings.Join(out, "/")
}

// MaskedURLHint shows only the shape of a webhook channel's path: a
// receiver's token may be in any segment.
func MaskedURLHint(u *url.URL) string {
	hint := u.Scheme + "://" + u.Host + "/"
	path := strings.Trim(u.EscapedPath(), "/")
	if path == "" {
		return hint
	}
	segs := strings.Split(path, "/")
	for i := range segs {
		segs[i] = "…"
	}
	return hint + strings.Join(segs, "/")
}

// dialCheck is the rule at dial time, on the address actually connected to.
func dialCheck(allow AllowList, address string) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		host, _, splitErr := net.SplitHostPort(address)
		if splitErr != nil {
			return fmt.Errorf("%w: %s is not an IP address", ErrAddress, address)
		}
		ip, err := netip.ParseAddr(host)
		if err != nil {
			return fmt.Errorf("%w: %s is not an IP address", ErrAddress, host)
		}
		// a zoned address, which ParseAddrPort refuses: its port still counts
		_, portText, _ := net.SplitHostPort(address)
		port, _ := strconv.ParseUint(portText, 10, 16)
		ap = netip.AddrPortFrom(ip, uint16(port))
	}
	ip := ap.Addr().WithZone("").Unmap()
	if allow.Allows(ip, ap.Port()) {
		return nil
	}
	if why := Refused(ip); why != "" {
		return fmt.Errorf("%w: %s is %s, which a channel reaches only when the server allows it: %s", ErrAddress, ip, why, AllowHint(ip, ap.Port()))
	}
	return nil
}

const allowSetting = "CHANNEL_ALLOWED_ADDRESSES, a setting of the server; see docs/webhooks.md, “Which addresses a channel may reach”"

// AllowHint names the CHANNEL_ALLOWED_ADDRESSES entry, a server setting,
// that would let a channel reach ip at port.
func AllowHint(ip netip.Addr, port uint16) string {
	entry := ip.String()
	if port != 0 {
		entry = netip.AddrPortFrom(ip, port).String()
	}
	return fmt.Sprintf("whoever runs the server adds %s to CHANNEL_ALLOWED_ADDRESSES in its environment and restarts it. "+
		"This is a setting of the server, not of the workspace; see docs/webhooks.md, “Which addresses a channel may reach”", entry)
}
