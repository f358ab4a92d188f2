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
	// maxDrainBytes of a redirect's body are read to reuse the connection.
	maxDrainBytes = 64 << 10
	// TikTok answers some non-browser agents with a page, not a redirect.
	browserUserAgent = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"
)

// Resolver follows a short link with requests to the short-link host only.
type Resolver struct {
	// Client (nil: a plain one) is copied without cookies and redirects.
	Client *http.Client
	// Timeout bounds the whole walk; zero means 5s.
	Timeout time.Duration
}

// Resolve returns the target of a link, following a TikTok short link on its
// own host until a Location is a video or account; other links are only
// Parse'd. A refused link gives an *Error; others mean TikTok did not answer.
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
		// tracking parameters can make a Location too long for Parse; they
		// never decide the target, so only another hop keeps them
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
		// another short link: followed only on the starting host, over https
		next = shortLinkURL(hop, query)
		if next.Host != shortHost {
			return Target{}, refuse("This short link leads outside TikTok: open it and copy the address of the video")
		}
	}
	return Target{}, refuse("This TikTok short link redirects too many times: open it and copy the address of the video")
}

// startURL is a short link's first request, rebuilt from its validated code.
func startURL(l link) *url.URL {
	if l.kind == hostTikTok {
		return &url.URL{Scheme: "https", Host: tikTokWebHost, Path: "/t/" + l.segs[1] + "/"}
	}
	return &url.URL{Scheme: "https", Host: l.host, Path: "/" + l.segs[0] + "/"}
}

// shortLinkURL is the https URL of a further hop; /t/ links go to
// www.tiktok.com.
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

// client returns the client of one Resolve: no redirects, no cookies.
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
