package api_test

import (
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/web"
)

const testShell = `<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="app"></div></body></html>`

func withSite(fsys fstest.MapFS) func(*wiring.Deps) {
	return func(d *wiring.Deps) { d.Site = web.New(fsys) }
}

func testBuild() fstest.MapFS {
	return fstest.MapFS{
		"index.html":          {Data: []byte(testShell)},
		"favicon.svg":         {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
		"assets/index-abc.js": {Data: []byte(strings.Repeat("console.log('reeltrack');\n", 100))},
		".vite/manifest.json": {Data: []byte(`{}`)},
	}
}

// The dashboard through the real router: client routes get the shell, the
// API keeps its JSON answers, and the static files need no session nor pass
// the rate limiter.
func TestDashboardIsServedOutsideTheAPI(t *testing.T) {
	t.Parallel()
	a := newApp(t, withSite(testBuild()), func(d *wiring.Deps) {
		d.Config.RateLimitPublic, d.Config.RateLimitUser = 1, 1
	})

	for _, p := range []string{"/", "/videos", "/videos/123", "/accounts/abc", "/login"} {
		r := a.request("GET", p, nil).expect(t, 200)
		if string(r.Body) != testShell {
			t.Errorf("%s: body %.80q, want the shell", p, r.Body)
		}
		if got := r.Header.Get("Content-Security-Policy"); got != web.CSP {
			t.Errorf("%s: CSP %q", p, got)
		}
		for h, want := range map[string]string{
			"Cache-Control": "no-cache", "Content-Type": "text/html; charset=utf-8",
			"X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin",
		} {
			if got := r.Header.Get(h); got != want {
				t.Errorf("%s: %s %q, want %q", p, h, got, want)
			}
		}
	}
	if r := a.request("HEAD", "/videos/123", nil).expect(t, 200); len(r.Body) != 0 || r.Header.Get("Content-Length") != strconv.Itoa(len(testShell)) {
		t.Errorf("HEAD: %d bytes of body, Content-Length %q", len(r.Body), r.Header.Get("Content-Length"))
	}

	// many loads in a row: no rate limit on the static files
	for range 5 {
		req := httptest.NewRequest("GET", "/assets/index-abc.js", nil)
		req.Header.Set("Accept-Encoding", "gzip, br")
		r := a.send(req).expect(t, 200)
		if r.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" || r.Header.Get("Content-Encoding") != "br" {
			t.Fatalf("asset headers %v", r.Header)
		}
	}
	a.request("GET", "/favicon.svg", nil).expect(t, 200)
	a.request("GET", "/assets/index-gone.js", nil).expect(t, 404)
	a.request("GET", "/.vite/manifest.json", nil).expect(t, 404)

	// the API's own answers are unchanged
	for _, p := range []string{"/api/nope", "/api", "/API/nope", "/api/videos/123/nope"} {
		r := a.request("GET", p, nil)
		r.expectError(t, 404, "not_found")
		if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			t.Errorf("%s: Content-Type %q", p, r.Header.Get("Content-Type"))
		}
	}
	a.request("GET", "/api/videos", nil).expectError(t, 401, "unauthenticated")
	a.request("POST", "/videos", nil).expectError(t, 404, "not_found")
	a.request("GET", "/healthz", nil).expect(t, 200)
	if r := a.request("GET", "/api/openapi.yaml", nil).expect(t, 200); !strings.Contains(string(r.Body), "openapi:") {
		t.Errorf("openapi.yaml: %.80q", r.Body)
	}
}

func TestDashboardNotBuilt(t *testing.T) {
	t.Parallel()
	a := newApp(t, withSite(fstest.MapFS{".gitkeep": {}}))
	r := a.request("GET", "/videos/123", nil).expect(t, 503)
	if !strings.Contains(string(r.Body), "run `make web`") || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/plain") {
		t.Errorf("503 %q (%s)", r.Body, r.Header.Get("Content-Type"))
	}
	a.request("GET", "/api/nope", nil).expectError(t, 404, "not_found")
	a.request("GET", "/healthz", nil).expect(t, 200)
}

func TestNoSiteNoDashboardRoutes(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	a.request("GET", "/", nil).expectError(t, 404, "not_found")
	a.request("GET", "/videos/123", nil).expectError(t, 404, "not_found")
}
