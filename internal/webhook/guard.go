package webhook

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
)

// AllowList is the addresses a channel may reach although the address
// rule refuses them (CHANNEL_ALLOWED_ADDRESSES): a receiver on this
// machine or the private network, and the tests' receivers. Plain http is
// allowed only to an address on it.
type AllowList struct {
	prefixes []netip.Prefix
	ports    []netip.AddrPort
}

// ParseAllowList reads a comma-separated list of CIDRs (10.0.0.0/8), IP
// addresses (a single host, any port) and ip:port pairs (127.0.0.1:9000,
// [::1]:9000: that port only). Empty is the empty list.
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

// Allows reports whether the list holds ip at port (port 0: any port the
// list allows the address at, for a URL without one).
func (a AllowList) Allows(ip netip.Addr, port uint16) bool {
	ip = ip.Unmap()
	for _, p := range a.prefixes {
		if p.Contains(ip) {
			return true
		}
	}
	for _, ap := range a.ports {
		if ap.Addr() == ip && (port == 0 || ap.Port() == port) {
			return true
		}
	}
	return false
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

// Refused says why a channel may not reach ip, or "" when it may: a
// loopback, private (RFC 1918, IPv6 ULA), link-local (the cloud metadata
// address 169.254.169.254 among them), unspecified, multicast, CGNAT
// (100.64.0.0/10) or reserved address, in any of its IPv4-mapped or
// embedding forms.
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

// ErrAddress is the kind of the errors of an address the rule refuses,
// from CheckURL and from the client's dial check; ErrBadURL that of a
// URL CheckURL cannot read.
var (
	ErrAddress = errors.New("address refused")
	ErrBadURL  = errors.New("bad URL")
)

// MaxURLLength bounds a channel's URL.
const MaxURLLength = 2000

// CheckURL checks the URL a channel is saved with: https (plain http only
// to an IP address on allow), no user or password in it, and a host that
// is not a literal address the rule refuses (unless allow holds it). A
// host name passes here; the address it resolves to is checked when the
// client dials it.
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
	var port uint16
	if p := u.Port(); p != "" {
		var n int
		if _, err := fmt.Sscan(p, &n); err != nil || n < 1 || n > 65535 {
			return nil, fmt.Errorf("%w: has a bad port", ErrBadURL)
		}
		port = uint16(n)
	}
	ip, ipErr := netip.ParseAddr(strings.Trim(host, "[]"))
	literal := ipErr == nil && ip.Zone() == ""
	allowed := literal && allow.Allows(ip, port)
	switch u.Scheme {
	case "https":
	case "http":
		if !allowed {
			return nil, fmt.Errorf("%w: must be https:// (plain http only to an address of CHANNEL_ALLOWED_ADDRESSES)", ErrAddress)
		}
	default:
		return nil, fmt.Errorf("%w: must be an https:// URL", ErrAddress)
	}
	if ipErr == nil && ip.Zone() != "" {
		return nil, fmt.Errorf("%w: must not name an interface zone", ErrAddress)
	}
	if literal && !allowed {
		if why := Refused(ip); why != "" {
			return nil, fmt.Errorf("%w: %s is %s", ErrAddress, ip, why)
		}
	}
	name := strings.ToLower(strings.TrimSuffix(host, "."))
	if !literal && (name == "localhost" || strings.HasSuffix(name, ".localhost")) {
		return nil, fmt.Errorf("%w: %s is a loopback address", ErrAddress, host)
	}
	// A numeric host such as 2130706433, 0x7f.1 or 017700000001 is an
	// IPv4 address to some resolvers; a real name's last label is never a
	// number.
	if !literal && numericHost(name) {
		return nil, fmt.Errorf("%w: %s is not a host name", ErrAddress, host)
	}
	return u, nil
}

// numericHost reports whether every label of name is a number, decimal,
// octal or 0x hexadecimal.
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

// URLHint is what the dashboard shows of a channel's URL: its scheme, host
// and port, and of its path only the first few characters of the first
// segment; the rest (a Slack or Discord webhook's token) is masked.
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

// dialCheck is the rule at dial time: the address actually connected to,
// whatever name it came from.
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
		ap = netip.AddrPortFrom(ip, 0)
	}
	ip := ap.Addr().WithZone("").Unmap()
	if allow.Allows(ip, ap.Port()) {
		return nil
	}
	if why := Refused(ip); why != "" {
		return fmt.Errorf("%w: %s is %s", ErrAddress, ip, why)
	}
	return nil
}
