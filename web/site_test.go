package web_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/andybalholm/brotli"
	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/web"
)

var (
	shellHTML = `<!doctype html><html><head><title>reeltrack</title>` +
		`<script type="module" crossorigin src="/assets/index-abc123.js"></script>` +
		`<link rel="stylesheet" href="/assets/index-def456.css"></head><body><div id="app"></div></body></html>` +
		strings.Repeat("<!-- padding so the shell is worth compressing -->\n", 20)
	appJS    = strings.Repeat("export function render(){return document.getElementById('app')}\n", 100)
	appCSS   = strings.Repeat("body{margin:0;font-family:system-ui}\n", 50)
	tinyJS   = "export const x=1\n"
	favicon  = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="8"/></svg>`
	manifest = `{"index.html":{"file":"assets/index-abc123.js","isEntry":true}}`
)

func built() fstest.MapFS {
	return fstest.MapFS{
		"index.html":              {Data: []byte(shellHTML)},
		"favicon.svg":             {Data: []byte(favicon)},
		"assets/index-abc123.js":  {Data: []byte(appJS)},
		"assets/index-def456.css": {Data: []byte(appCSS)},
		"assets/tiny-aaa111.js":   {Data: []byte(tinyJS)},
		"assets/logo-bbb222.png":  {Data: []byte("\x89PNG\r\n\x1a\nnot really")},
		".vite/manifest.json":     {Data: []byte(manifest)},
		".gitkeep":                {Data: nil},
	}
}

// serve mounts the site as the router does: every GET/HEAD path.
func serve(fsys fstest.MapFS) *fiber.App {
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	app.Get("/*", web.New(fsys).Handler())
	return app
}

type answer struct {
	status int
	header http.Header
	body   []byte
}

func get(t *testing.T, app *fiber.App, method, path string, header ...string) answer {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := app.Test(req, -1)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return answer{res.StatusCode, res.Header, body}
}

func (a answer) want(t *testing.T, status int, header ...string) answer {
	t.Helper()
	if a.status != status {
		t.Fatalf("status %d, want %d; body %.200q", a.status, status, a.body)
	}
	for i := 0; i+1 < len(header); i += 2 {
		if got := a.header.Get(header[i]); got != header[i+1] {
			t.Errorf("%s: %q, want %q", header[i], got, header[i+1])
		}
	}
	return a
}

func TestShellForClientRoutes(t *testing.T) {
	app := serve(built())
	for _, p := range []string{"/", "/videos", "/videos/123", "/accounts/abc", "/login", "/index.html", "/some/deep/path/"} {
		a := get(t, app, "GET", p).want(t, 200,
			"Content-Type", "text/html; charset=utf-8",
			"Cache-Control", "no-cache",
			"Content-Security-Policy", web.CSP,
			"X-Content-Type-Options", "nosniff",
			"Referrer-Policy", "same-origin",
		)
		if string(a.body) != shellHTML {
			t.Errorf("%s: body is not index.html: %.100q", p, a.body)
		}
		if a.header.Get("ETag") == "" {
			t.Errorf("%s: no ETag", p)
		}
	}
}

func TestCSPAllowsNoInlineScriptNorOtherOrigins(t *testing.T) {
	for _, bad := range []string{"'unsafe-inline'", "'unsafe-eval'", "http:", "*"} {
		if strings.Contains(web.CSP, bad) {
			t.Errorf("CSP holds %s: %s", bad, web.CSP)
		}
	}
	for _, d := range []string{"script-src 'self';", "connect-src 'self';", "img-src 'self' data: https:;", "frame-ancestors 'none'", "object-src 'none'"} {
		if !strings.Contains(web.CSP, d) {
			t.Errorf("CSP lacks %q: %s", d, web.CSP)
		}
	}
}

func TestCacheHeaders(t *testing.T) {
	app := serve(built())
	get(t, app, "GET", "/assets/index-abc123.js").want(t, 200,
		"Cache-Control", "public, max-age=31536000, immutable",
		"Content-Type", "text/javascript; charset=utf-8",
		"X-Content-Type-Options", "nosniff",
	)
	get(t, app, "GET", "/assets/index-def456.css").want(t, 200,
		"Cache-Control", "public, max-age=31536000, immutable",
		"Content-Type", "text/css; charset=utf-8",
	)
	get(t, app, "GET", "/assets/logo-bbb222.png").want(t, 200,
		"Cache-Control", "public, max-age=31536000, immutable",
		"Content-Type", "image/png",
	)
	a := get(t, app, "GET", "/favicon.svg").want(t, 200,
		"Cache-Control", "public, max-age=3600",
		"Content-Type", "image/svg+xml",
	)
	if string(a.body) != favicon {
		t.Errorf("favicon body %q", a.body)
	}
}

func TestMissingAssetIs404NotTheShell(t *testing.T) {
	app := serve(built())
	for _, p := range []string{"/assets/index-old999.js", "/assets/", "/assets/nested/x.css", "/ASSETS/nope.js"} {
		a := get(t, app, "GET", p).want(t, 404, "Cache-Control", "no-store")
		if bytes.Contains(a.body, []byte("<html")) {
			t.Errorf("%s answered the shell", p)
		}
	}
}

func TestDotfilesAreNeverServed(t *testing.T) {
	app := serve(built())
	for _, p := range []string{"/.vite/manifest.json", "/.vite/", "/.gitkeep", "/assets/.hidden", "/.env"} {
		a := get(t, app, "GET", p).want(t, 404)
		if bytes.Contains(a.body, []byte("isEntry")) {
			t.Errorf("%s served the manifest", p)
		}
	}
}

func TestCompression(t *testing.T) {
	app := serve(built())
	for _, c := range []struct{ path, want string }{
		{"/assets/index-abc123.js", appJS},
		{"/assets/index-def456.css", appCSS},
		{"/", shellHTML},
	} {
		br := get(t, app, "GET", c.path, "Accept-Encoding", "gzip, deflate, br").want(t, 200,
			"Content-Encoding", "br", "Vary", "Accept-Encoding")
		if got := unbrotli(t, br.body); got != c.want {
			t.Errorf("%s: brotli body decompresses to %.80q", c.path, got)
		}
		if n, _ := strconv.Atoi(br.header.Get("Content-Length")); n != len(br.body) || n >= len(c.want) {
			t.Errorf("%s br: Content-Length %q, body %d bytes, file %d", c.path, br.header.Get("Content-Length"), len(br.body), len(c.want))
		}

		gz := get(t, app, "GET", c.path, "Accept-Encoding", "gzip").want(t, 200,
			"Content-Encoding", "gzip", "Vary", "Accept-Encoding")
		if got := gunzip(t, gz.body); got != c.want {
			t.Errorf("%s: gzip body decompresses to %.80q", c.path, got)
		}
		if n, _ := strconv.Atoi(gz.header.Get("Content-Length")); n != len(gz.body) {
			t.Errorf("%s gzip: Content-Length %q, body %d bytes", c.path, gz.header.Get("Content-Length"), len(gz.body))
		}
		if br.header.Get("ETag") == gz.header.Get("ETag") {
			t.Errorf("%s: br and gzip answers share the ETag %s", c.path, br.header.Get("ETag"))
		}

		plain := get(t, app, "GET", c.path).want(t, 200, "Content-Encoding", "", "Vary", "Accept-Encoding")
		if string(plain.body) != c.want {
			t.Errorf("%s: identity body differs", c.path)
		}
		// br refused: gzip
		get(t, app, "GET", c.path, "Accept-Encoding", "br;q=0, gzip;q=0.5").want(t, 200, "Content-Encoding", "gzip")
		get(t, app, "GET", c.path, "Accept-Encoding", "*").want(t, 200, "Content-Encoding", "br")
		get(t, app, "GET", c.path, "Accept-Encoding", "identity").want(t, 200, "Content-Encoding", "")
	}
}

func TestSmallAndBinaryFilesAreNotCompressed(t *testing.T) {
	app := serve(built())
	for _, p := range []string{"/assets/tiny-aaa111.js", "/assets/logo-bbb222.png", "/favicon.svg"} {
		a := get(t, app, "GET", p, "Accept-Encoding", "br, gzip").want(t, 200, "Content-Encoding", "")
		if a.header.Get("Vary") != "" {
			t.Errorf("%s: Vary %q on a file sent one way", p, a.header.Get("Vary"))
		}
	}
}

func TestHead(t *testing.T) {
	app := serve(built())
	for _, p := range []string{"/", "/videos/123", "/assets/index-abc123.js"} {
		full := get(t, app, "GET", p, "Accept-Encoding", "br")
		a := get(t, app, "HEAD", p, "Accept-Encoding", "br").want(t, 200,
			"Content-Encoding", "br", "Content-Length", full.header.Get("Content-Length"))
		if len(a.body) != 0 {
			t.Errorf("HEAD %s: %d bytes of body", p, len(a.body))
		}
	}
	get(t, app, "HEAD", "/assets/nope.js").want(t, 404)
}

func TestETagRevalidation(t *testing.T) {
	app := serve(built())
	for _, enc := range []string{"", "gzip", "br"} {
		first := get(t, app, "GET", "/accounts/abc", "Accept-Encoding", enc).want(t, 200)
		etag := first.header.Get("ETag")
		a := get(t, app, "GET", "/", "Accept-Encoding", enc, "If-None-Match", etag).want(t, 304,
			"ETag", etag, "Cache-Control", "no-cache")
		if len(a.body) != 0 {
			t.Errorf("304 with a body")
		}
		get(t, app, "GET", "/", "Accept-Encoding", enc, "If-None-Match", `"other", W/`+etag).want(t, 304)
		get(t, app, "GET", "/", "Accept-Encoding", enc, "If-None-Match", `"other"`).want(t, 200)
	}
}

func TestOtherMethodsPassOn(t *testing.T) {
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	app.Use(web.New(built()).Handler())
	app.Use(func(c *fiber.Ctx) error { return c.Status(499).SendString("next") })
	get(t, app, "POST", "/videos").want(t, 499)
	get(t, app, "GET", "/videos").want(t, 200)
}

func TestMissingBuild(t *testing.T) {
	for name, fsys := range map[string]fstest.MapFS{
		"empty":          {".gitkeep": {}},
		"no index.html":  {"assets/index-abc123.js": {Data: []byte(appJS)}},
		"only manifest":  {".vite/manifest.json": {Data: []byte(manifest)}},
		"nothing at all": {},
	} {
		t.Run(name, func(t *testing.T) {
			if web.New(fsys).Built() {
				t.Fatal("Built() with no index.html")
			}
			app := serve(fsys)
			for _, p := range []string{"/", "/videos/123", "/index.html"} {
				a := get(t, app, "GET", p).want(t, 503,
					"Content-Type", "text/plain; charset=utf-8", "Cache-Control", "no-store")
				if !strings.Contains(string(a.body), "run `make web`") {
					t.Errorf("%s: body %q", p, a.body)
				}
			}
			get(t, app, "HEAD", "/").want(t, 503)
			get(t, app, "GET", "/assets/nope.js").want(t, 404)
		})
	}
	if !web.New(built()).Built() {
		t.Error("a build with index.html is not Built()")
	}
}

func TestConcurrentFirstRequests(t *testing.T) {
	app := serve(built())
	var wg sync.WaitGroup
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := httptest.NewRequest("GET", "/assets/index-abc123.js", nil)
			req.Header.Set("Accept-Encoding", "br")
			res, err := app.Test(req, -1)
			if err != nil {
				t.Error(err)
				return
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if got := unbrotli(t, body); got != appJS {
				t.Error("concurrent brotli body differs")
			}
		}()
	}
	wg.Wait()
}

func TestPrecompress(t *testing.T) {
	s := web.New(built())
	s.Precompress()
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	app.Get("/*", s.Handler())
	a := get(t, app, "GET", "/assets/index-abc123.js", "Accept-Encoding", "gzip").want(t, 200, "Content-Encoding", "gzip")
	if gunzip(t, a.body) != appJS {
		t.Error("precompressed gzip body differs")
	}
}

// TestBuildsCompressedForms: the build's name.br and name.gz are served,
// byte for byte, as name's encodings, never under their own names; a form
// no smaller than the file is not used.
func TestBuildsCompressedForms(t *testing.T) {
	fsys := built()
	var br, gz bytes.Buffer
	bw := brotli.NewWriterLevel(&br, brotli.BestCompression)
	_, _ = bw.Write([]byte(appJS))
	_ = bw.Close()
	gw, _ := gzip.NewWriterLevel(&gz, gzip.BestSpeed)
	_, _ = gw.Write([]byte(appJS))
	_ = gw.Close()
	fsys["assets/index-abc123.js.br"] = &fstest.MapFile{Data: br.Bytes()}
	fsys["assets/index-abc123.js.gz"] = &fstest.MapFile{Data: gz.Bytes()}
	fsys["assets/index-def456.css.gz"] = &fstest.MapFile{Data: []byte(appCSS + appCSS)} // larger than the file
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	app.Get("/*", web.New(fsys).Handler())

	b := get(t, app, "GET", "/assets/index-abc123.js", "Accept-Encoding", "br").want(t, 200, "Content-Encoding", "br")
	if !bytes.Equal(b.body, br.Bytes()) {
		t.Error("brotli: not the build's own form")
	}
	g := get(t, app, "GET", "/assets/index-abc123.js", "Accept-Encoding", "gzip").want(t, 200, "Content-Encoding", "gzip")
	if !bytes.Equal(g.body, gz.Bytes()) {
		t.Error("gzip: not the build's own form")
	}
	c := get(t, app, "GET", "/assets/index-def456.css", "Accept-Encoding", "gzip").want(t, 200)
	if c.header.Get("Content-Encoding") != "" || string(c.body) != appCSS {
		t.Errorf("a form larger than the file was served: %q %q", c.header.Get("Content-Encoding"), c.body)
	}
	missing := get(t, app, "GET", "/assets/missing-000000.js").status
	for _, p := range []string{"/assets/index-abc123.js.br", "/assets/index-abc123.js.gz"} {
		get(t, app, "GET", p).want(t, missing)
	}
}

// TestEmbeddedDist checks the default build: the embedded dist,
// whatever it holds (a fresh clone has only .gitkeep), never panics.
func TestEmbeddedDist(t *testing.T) {
	s := web.New(nil)
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	app.Get("/*", s.Handler())
	want := 503
	if s.Built() {
		want = 200
	}
	get(t, app, "GET", "/").want(t, want)
	get(t, app, "GET", "/.gitkeep").want(t, 404)
}

func gunzip(t *testing.T, b []byte) string {
	t.Helper()
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("gzip: %v", err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("gzip: %v", err)
	}
	return string(out)
}

func unbrotli(t *testing.T, b []byte) string {
	t.Helper()
	out, err := io.ReadAll(brotli.NewReader(bytes.NewReader(b)))
	if err != nil {
		t.Errorf("brotli: %v", err)
	}
	return string(out)
}
