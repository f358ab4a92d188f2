package platform

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

const (
	defaultResolveTimeout = 5 * time.Second
	// maxHops bounds the requests of one Resolve; TikTok needs one.
	maxHops = 5
	// maxDrainBytes is how much of a redirect's body is read so that the
	// connection can be reused; more is not worth waiting for.
	maxDrainBytes = 64 << 10
	// TikTok answers some non-browser agents with a page instead of a
	// redirect.
	browserUserAgent = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"
)

// Resolver follows a short link with requests to the short-link host only.
type Resolver struct {
	// Client sends the requests; nil means a plain client. Whatever it is,
	// Resolve uses a copy without cookie jar and without automatic redirects.
	Client *http.Client
	// Timeout bounds the whole walk; zero means 5s.
	Timeout time.Duration
}

// Resolve returns the target of a link. A TikTok short link is followed,
// each request to the host it starts on over https, until a Location is a
// TikTok video or account, which is not requested. Any other link is only
// Parse'd: the service never fetches a URL a user wrote. A refused link
// gives an *Error; other errors mean TikTok could not be asked.
func (r Resolver) Resolve(ctx context.Context, raw string) (Target, error) {
	t, err := Parse(raw)
	if !errors.Is(err, ErrShortLink) {
		return t, err
	}
	l, err := splitLink(raw)
	if err != nil {
		return Target{}, err // unreachable: Parse has just accepted it
	}
	next := startURL(l)
	shortHost := next.Host

	timeout := r.Timeout
	if timeout <= 0 {
		timeout = defaultResolveTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	client := r.client()

	for range maxHops {
		loc, err := redirectOf(ctx, client, next)
		if err != nil {
			return Target{}, err
		}
		ref, err := url.Parse(loc)
		if err != nil {
			return Target{}, refuse("This short link leads outside TikTok: open it and copy the address of the video")
		}
		abs := next.ResolveReference(ref)
		// Tracking parameters can make the Location longer than Parse
		// accepts; they never decide the target, so they are cut here and
		// only kept for another hop on the short-link host.
		query := abs.RawQuery
		abs.RawQuery, abs.ForceQuery, abs.Fragment, abs.RawFragment = "", false, "", ""
		hop, err := splitLink(abs.String())
		if err != nil {
			return Target{}, refuse("This short link leads outside TikTok: open it and copy the address of the video")
		}
		switch hop.kind {
		case hostTikTokShort:
		case hostTikTok:
			t, err := parseTikTok(hop)
			switch {
			case err == nil:
				return t, nil
			case !errors.Is(err, ErrShortLink):
				return Target{}, refuse("This TikTok short link does not lead to a video or an account")
			}
		default:
			return Target{}, refuse("This short link leads outside TikTok: open it and copy the address of the video")
		}
		// Another short link: followed only on the host the walk started
		// on, always over https.
		next = shortLinkURL(hop, query)
		if next.Host != shortHost {
			return Target{}, refuse("This short link leads outside TikTok: open it and copy the address of the video")
		}
	}
	return Target{}, refuse("This TikTok short link redirects too many times: open it and copy the address of the video")
}

// startURL is the first request of a short link that Parse accepted,
// rebuilt from the validated code rather than taken from the input.
func startURL(l link) *url.URL {
	if l.kind == hostTikTok {
		return &url.URL{Scheme: "https", Host: tikTokWebHost, Path: "/t/" + l.segs[1] + "/"}
	}
	return &url.URL{Scheme: "https", Host: l.host, Path: "/" + l.segs[0] + "/"}
}

// shortLinkURL is the https URL of a further hop: a path on a vm./vt. host,
// or a /t/ link, which is asked of www.tiktok.com whichever TikTok host the
// Location named.
func shortLinkURL(l link, query string) *url.URL {
	host := l.host
	if l.kind == hostTikTok {
		host = tikTokWebHost
	}
	u := &url.URL{Scheme: "https", Host: host, RawQuery: query, RawPath: l.path}
	// splitLink has decoded the path once already, so this cannot fail.
	u.Path, _ = url.PathUnescape(l.path)
	return u
}

// client returns the client for one Resolve: a copy of r.Client (or a new
// one) that hands redirects back and keeps no cookies.
func (r Resolver) client() *http.Client {
	c := &http.Client{}
	if r.Client != nil {
		copied := *r.Client
		c = &copied
	}
	c.Jar = nil
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return c
}

func redirectOf(ctx context.Context, c *http.Client, u *url.URL) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return "", fmt.Errorf("resolve short link: %w", err)
	}
	req.Header.Set("User-Agent", browserUserAgent)
	req.Header.Set("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
	resp, err := c.Do(req)
	if err != nil {
		return "", fmt.Errorf("resolve short link: %w", err)
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxDrainBytes))
	_ = resp.Body.Close()

	switch resp.StatusCode {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		if loc := resp.Header.Get("Location"); loc != "" {
			return loc, nil
		}
	}
	return "", refuse("This TikTok short link did not resolve: open it and copy the address of the video")
}
