package platform

import (
	"context"
	"errors"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// shortHostTransport sends requests for TikTok short links (any path on
// vm.tiktok.com and vt.tiktok.com, /t/ paths on www.tiktok.com) to an
// httptest server and fails the test on any other request, which is how the
// tests prove that Resolve asks no one else.
type shortHostTransport struct {
	t   *testing.T
	srv *httptest.Server

	mu   sync.Mutex
	seen []*http.Request
}

func (s *shortHostTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	s.mu.Lock()
	s.seen = append(s.seen, req)
	s.mu.Unlock()
	short := req.URL.Host == "vm.tiktok.com" || req.URL.Host == "vt.tiktok.com" ||
		req.URL.Host == "www.tiktok.com" && strings.HasPrefix(req.URL.Path, "/t/")
	if !short {
		s.t.Errorf("request to %s; only the short-link host may be asked", req.URL)
		return nil, errors.New("request to a forbidden host")
	}
	if req.URL.Scheme != "https" {
		s.t.Errorf("request over %s to %s; want https", req.URL.Scheme, req.URL)
	}
	out := req.Clone(req.Context())
	out.URL.Scheme = "http"
	out.URL.Host = s.srv.Listener.Addr().String()
	out.Host = req.URL.Host
	return s.srv.Client().Transport.RoundTrip(out)
}

func (s *shortHostTransport) requests() []*http.Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*http.Request(nil), s.seen...)
}

// newResolver starts h behind the short-link hosts.
func newResolver(t *testing.T, h http.HandlerFunc) (Resolver, *shortHostTransport) {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	tr := &shortHostTransport{t: t, srv: srv}
	return Resolver{Client: &http.Client{Transport: tr}}, tr
}

func redirect(w http.ResponseWriter, loc string) {
	w.Header().Set("Location", loc)
	w.WriteHeader(http.StatusMovedPermanently)
}

func TestResolveFollowsShortLinkToVideo(t *testing.T) {
	r, tr := newResolver(t, func(w http.ResponseWriter, req *http.Request) {
		if !strings.HasPrefix(req.UserAgent(), "Mozilla/5.0") {
			t.Errorf("User-Agent %q, want a browser's", req.UserAgent())
		}
		switch req.URL.Path {
		case "/ZMabc123/":
			http.SetCookie(w, &http.Cookie{Name: "tt", Value: "1"})
			redirect(w, "/step2?x=1")
		case "/step2":
			if req.URL.RawQuery != "x=1" {
				t.Errorf("query %q, want the Location's", req.URL.RawQuery)
			}
			if c := req.Header.Get("Cookie"); c != "" {
				t.Errorf("cookie %q sent; Resolve must keep no cookies", c)
			}
			w.Header().Set("Location", "http://vm.tiktok.com/step3/")
			w.WriteHeader(http.StatusFound)
		case "/step3/":
			w.Header().Set("Location", "https://www.tiktok.com/@Some.User/video/7234567890123456789?_r=1&_t="+strings.Repeat("a", 3000))
			w.WriteHeader(http.StatusTemporaryRedirect)
		default:
			t.Errorf("unexpected path %s", req.URL.Path)
			http.NotFound(w, req)
		}
	})
	// A jar on the injected client must be ignored.
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Client.Jar = jar

	got, err := r.Resolve(context.Background(), " https://vm.tiktok.com/ZMabc123 ")
	if err != nil {
		t.Fatal(err)
	}
	if got != ttVideoTarget {
		t.Fatalf("Resolve = %+v, want %+v", got, ttVideoTarget)
	}
	if n := len(tr.requests()); n != 3 {
		t.Fatalf("%d requests, want 3 (the final TikTok URL is not requested)", n)
	}
	if r.Client.CheckRedirect != nil {
		t.Fatal("Resolve changed the injected client")
	}
}

func TestResolveAccountAndOtherShortHost(t *testing.T) {
	r, tr := newResolver(t, func(w http.ResponseWriter, req *http.Request) {
		if req.Host != "vt.tiktok.com" {
			t.Errorf("request to host %q, want vt.tiktok.com", req.Host)
		}
		redirect(w, "https://m.tiktok.com/@some.user?lang=en")
	})
	got, err := r.Resolve(context.Background(), "vt.tiktok.com/ZSxyz")
	if err != nil {
		t.Fatal(err)
	}
	if got != ttAccount {
		t.Fatalf("Resolve = %+v, want %+v", got, ttAccount)
	}
	if n := len(tr.requests()); n != 1 {
		t.Fatalf("%d requests, want 1", n)
	}
}

func TestResolveTikTokTLink(t *testing.T) {
	r, tr := newResolver(t, func(w http.ResponseWriter, req *http.Request) {
		switch req.URL.Path {
		case "/t/ZTRabc123/":
			redirect(w, "/t/ZTRnext/?_r=1")
		case "/t/ZTRnext/":
			if req.URL.RawQuery != "_r=1" {
				t.Errorf("query %q, want the Location's", req.URL.RawQuery)
			}
			redirect(w, "https://www.tiktok.com/@Some.User/video/7234567890123456789?_r=1&_t=ZT-8abc")
		default:
			t.Errorf("unexpected path %s", req.URL.Path)
			http.NotFound(w, req)
		}
	})
	// Whatever TikTok host the link names, it is resolved on www.tiktok.com.
	got, err := r.Resolve(context.Background(), "m.tiktok.com/t/ZTRabc123?lang=en")
	if err != nil {
		t.Fatal(err)
	}
	if got != ttVideoTarget {
		t.Fatalf("Resolve = %+v, want %+v", got, ttVideoTarget)
	}
	reqs := tr.requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2 (the final TikTok URL is not requested)", len(reqs))
	}
	if u := reqs[0].URL.String(); u != "https://www.tiktok.com/t/ZTRabc123/" {
		t.Fatalf("first request to %s, want the link rebuilt from its code", u)
	}
}

func TestResolveTikTokTLinkRefusals(t *testing.T) {
	tests := []struct {
		name     string
		handler  http.HandlerFunc
		reason   string
		requests int
	}{
		{
			name:     "redirect to another host",
			handler:  func(w http.ResponseWriter, _ *http.Request) { redirect(w, "https://evil.com/@some.user/video/1") },
			reason:   "short link leads outside TikTok",
			requests: 1,
		},
		{
			name: "redirect to a look-alike host",
			handler: func(w http.ResponseWriter, _ *http.Request) {
				redirect(w, "https://tiktok.com.evil.com/t/ZTRabc/")
			},
			reason:   "short link leads outside TikTok",
			requests: 1,
		},
		{
			name:     "redirect to a vm. short link",
			handler:  func(w http.ResponseWriter, _ *http.Request) { redirect(w, "https://vm.tiktok.com/ZMabc/") },
			reason:   "short link leads outside TikTok",
			requests: 1,
		},
		{
			name:     "redirect to a TikTok page that is no target",
			handler:  func(w http.ResponseWriter, _ *http.Request) { redirect(w, "/foryou") },
			reason:   "does not lead to a video or an account",
			requests: 1,
		},
		{
			name:     "loop",
			handler:  func(w http.ResponseWriter, req *http.Request) { redirect(w, req.URL.Path) },
			reason:   "redirects too many times",
			requests: 5,
		},
		{
			name:     "page instead of redirect",
			handler:  func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("<html></html>")) },
			reason:   "did not resolve",
			requests: 1,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, tr := newResolver(t, tc.handler)
			got, err := r.Resolve(context.Background(), "https://www.tiktok.com/t/ZTRabc123/")
			var pe *Error
			if !errors.As(err, &pe) || !strings.Contains(pe.Reason, tc.reason) {
				t.Fatalf("Resolve = %+v, %v; want an *Error containing %q", got, err, tc.reason)
			}
			if n := len(tr.requests()); n != tc.requests {
				t.Fatalf("%d requests, want %d", n, tc.requests)
			}
		})
	}
}

func TestResolveRefusals(t *testing.T) {
	tests := []struct {
		name     string
		handler  http.HandlerFunc
		reason   string
		requests int
	}{
		{
			name:     "redirect to another host",
			handler:  func(w http.ResponseWriter, _ *http.Request) { redirect(w, "https://evil.net/@some.user/video/1") },
			reason:   "short link leads outside TikTok",
			requests: 1,
		},
		{
			name: "redirect to a look-alike host",
			handler: func(w http.ResponseWriter, _ *http.Request) {
				redirect(w, "https://www.tiktok.com.evil.net/@a/video/1")
			},
			reason:   "short link leads outside TikTok",
			requests: 1,
		},
		{
			name:     "redirect with user info",
			handler:  func(w http.ResponseWriter, _ *http.Request) { redirect(w, "https://www.tiktok.com@evil.net/") },
			reason:   "short link leads outside TikTok",
			requests: 1,
		},
		{
			name:     "scheme-relative redirect to another host",
			handler:  func(w http.ResponseWriter, _ *http.Request) { redirect(w, "//127.0.0.1/x") },
			reason:   "short link leads outside TikTok",
			requests: 1,
		},
		{
			name:     "redirect to a non-http scheme",
			handler:  func(w http.ResponseWriter, _ *http.Request) { redirect(w, "javascript:alert(1)") },
			reason:   "short link leads outside TikTok",
			requests: 1,
		},
		{
			name:     "redirect to a non-default port",
			handler:  func(w http.ResponseWriter, _ *http.Request) { redirect(w, "https://vm.tiktok.com:8443/x") },
			reason:   "short link leads outside TikTok",
			requests: 1,
		},
		{
			name:     "redirect to the other short-link host",
			handler:  func(w http.ResponseWriter, _ *http.Request) { redirect(w, "https://vt.tiktok.com/ZSabc/") },
			reason:   "short link leads outside TikTok",
			requests: 1,
		},
		{
			name:     "redirect to a /t/ link on another host",
			handler:  func(w http.ResponseWriter, _ *http.Request) { redirect(w, "https://www.tiktok.com/t/ZTRabc/") },
			reason:   "short link leads outside TikTok",
			requests: 1,
		},
		{
			name:     "redirect to a TikTok page that is no target",
			handler:  func(w http.ResponseWriter, _ *http.Request) { redirect(w, "https://www.tiktok.com/foryou") },
			reason:   "does not lead to a video or an account",
			requests: 1,
		},
		{
			name:     "loop",
			handler:  func(w http.ResponseWriter, req *http.Request) { redirect(w, req.URL.Path) },
			reason:   "redirects too many times",
			requests: 5,
		},
		{
			name:     "page instead of redirect",
			handler:  func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("<html></html>")) },
			reason:   "did not resolve",
			requests: 1,
		},
		{
			name:     "not found",
			handler:  http.NotFound,
			reason:   "did not resolve",
			requests: 1,
		},
		{
			name:     "redirect without Location",
			handler:  func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusFound) },
			reason:   "did not resolve",
			requests: 1,
		},
		{
			name: "redirect with a huge body",
			handler: func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Location", "https://evil.net/")
				w.WriteHeader(http.StatusFound)
				w.Write([]byte(strings.Repeat("x", 1<<20)))
			},
			reason:   "short link leads outside TikTok",
			requests: 1,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, tr := newResolver(t, tc.handler)
			got, err := r.Resolve(context.Background(), "https://vm.tiktok.com/ZMabc123/")
			var pe *Error
			if !errors.As(err, &pe) || !strings.Contains(pe.Reason, tc.reason) {
				t.Fatalf("Resolve = %+v, %v; want an *Error containing %q", got, err, tc.reason)
			}
			if n := len(tr.requests()); n != tc.requests {
				t.Fatalf("%d requests, want %d", n, tc.requests)
			}
		})
	}
}

func TestResolveTimesOut(t *testing.T) {
	r, _ := newResolver(t, func(w http.ResponseWriter, req *http.Request) {
		select {
		case <-req.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	r.Timeout = 50 * time.Millisecond
	for _, link := range []string{"https://vm.tiktok.com/ZMabc123/", "https://www.tiktok.com/t/ZTRabc123/"} {
		start := time.Now()
		_, err := r.Resolve(context.Background(), link)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Resolve(%s) error %v, want a deadline error", link, err)
		}
		var pe *Error
		if errors.As(err, &pe) {
			t.Fatalf("a timeout is TikTok's failure, not the user's: got *Error %q", pe.Reason)
		}
		if d := time.Since(start); d > 10*time.Second { // not hung, even on a loaded machine
			t.Fatalf("Resolve(%s) took %v with a 50ms timeout", link, d)
		}
	}
}

func TestResolveHonoursCallerContext(t *testing.T) {
	r, _ := newResolver(t, func(w http.ResponseWriter, _ *http.Request) {
		t.Error("request sent with a cancelled context")
	})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.Resolve(ctx, "https://vm.tiktok.com/ZMabc123/"); !errors.Is(err, context.Canceled) {
		t.Fatalf("Resolve error %v, want context.Canceled", err)
	}
}

// failingTransport fails the test on any request.
type failingTransport struct{ t *testing.T }

func (f failingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	f.t.Errorf("request to %s; Resolve must not fetch links other than short links", req.URL)
	return nil, errors.New("no requests allowed")
}

func TestResolveMakesNoRequestForOtherLinks(t *testing.T) {
	r := Resolver{Client: &http.Client{Transport: failingTransport{t}}}
	for _, tc := range acceptTests {
		got, err := r.Resolve(context.Background(), tc.in)
		if err != nil || got != tc.want {
			t.Errorf("Resolve(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
	for _, tc := range rejectTests {
		_, err := r.Resolve(context.Background(), tc.in)
		var pe *Error
		if !errors.As(err, &pe) || !strings.Contains(pe.Reason, tc.reason) {
			t.Errorf("Resolve(%q) error %v, want reason containing %q", tc.in, err, tc.reason)
		}
	}
}

func TestResolverDefaultClient(t *testing.T) {
	c := Resolver{}.client()
	if c.Jar != nil {
		t.Error("default client has a cookie jar")
	}
	if c.CheckRedirect == nil || c.CheckRedirect(nil, nil) != http.ErrUseLastResponse {
		t.Error("default client follows redirects by itself")
	}
}
