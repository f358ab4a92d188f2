package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"path"
	"strconv"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
	"github.com/gofiber/fiber/v2"
)

const (
	// CSP: this origin only, no inline script; images from any https: origin,
	// as thumbnails and avatars live on the platforms' varying CDNs.
	CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; " +
		"connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

	cacheImmutable = "public, max-age=31536000, immutable"
	cacheShort     = "public, max-age=3600"
	cacheShell     = "no-cache"

	// NotBuilt is the body of the shell's 503 when dist has no index.html.
	NotBuilt = "the dashboard is not built: run `make web`\n"
)

// minCompressSize: below it, the encoding's framing eats most of the gain.
const minCompressSize = 512

// Site serves one build of the dashboard; compressed forms are made on
// first request (or by Precompress) and kept.
type Site struct {
	files map[string]*file // by URL path: "/assets/index-abc.js"
	shell *file            // index.html; nil when there is no build
}

type file struct {
	body         []byte
	etag         string
	contentType  string
	cacheControl string
	compressible bool

	gzOnce, brOnce sync.Once
	gz, br         []byte // nil: not smaller than body
}

// New reads the build in fsys (rooted like dist/); nil means the embedded
// one. Without index.html the shell answers 503.
func New(fsys fs.FS) *Site {
	if fsys == nil {
		fsys = Dist()
	}
	s := &Site{files: map[string]*file{}}
	_ = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable: left out, the walk goes on
		}
		if p != "." && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		body, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil
		}
		s.files["/"+p] = newFile(p, body)
		return nil
	})
	s.adoptCompressed()
	if f, ok := s.files["/index.html"]; ok {
		f.cacheControl = cacheShell
		s.shell = f
	}
	return s
}

// adoptCompressed takes the build's name.br and name.gz (vite.config.ts
// writes them) as the compressed forms of name, so they are not made at
// start or on a first request; they are not served under their own names.
func (s *Site) adoptCompressed() {
	for p, enc := range s.files {
		base, isBr := strings.CutSuffix(p, ".br")
		base, isGz := strings.CutSuffix(base, ".gz")
		if !isBr && !isGz {
			continue
		}
		delete(s.files, p)
		f, ok := s.files[base]
		if !ok || !f.compressible {
			continue
		}
		if isBr {
			f.brOnce.Do(func() { f.br = smaller(enc.body, len(f.body)) })
		} else {
			f.gzOnce.Do(func() { f.gz = smaller(enc.body, len(f.body)) })
		}
	}
}

func newFile(p string, body []byte) *file {
	sum := sha256.Sum256(body)
	ext := strings.ToLower(path.Ext(p))
	f := &file{
		body:         body,
		etag:         hex.EncodeToString(sum[:12]),
		contentType:  contentType(ext),
		cacheControl: cacheShort,
		compressible: compressible[ext] && len(body) >= minCompressSize,
	}
	if strings.HasPrefix(p, "assets/") {
		f.cacheControl = cacheImmutable
	}
	return f
}

// Built reports whether the Site has a build to serve (an index.html).
func (s *Site) Built() bool { return s.shell != nil }

// Precompress compresses every file now instead of at its first request.
func (s *Site) Precompress() {
	for _, f := range s.files {
		f.gzip()
		f.brotli()
	}
}

// Handler answers GET and HEAD with the dashboard; other methods go to the
// next handler. The router keeps /api for itself.
func (s *Site) Handler() fiber.Handler {
	return func(c *fiber.Ctx) error {
		switch c.Method() {
		case fiber.MethodGet, fiber.MethodHead:
		default:
			return c.Next()
		}
		p := c.Path()
		if hasDotSegment(p) {
			return notFound(c)
		}
		if f, ok := s.files[p]; ok {
			return s.send(c, f)
		}
		if strings.HasPrefix(strings.ToLower(p), "/assets/") {
			return notFound(c)
		}
		if s.shell == nil {
			securityHeaders(c)
			c.Set(fiber.HeaderCacheControl, "no-store")
			c.Set(fiber.HeaderContentType, fiber.MIMETextPlainCharsetUTF8)
			c.Set(fiber.HeaderRetryAfter, "30")
			return c.Status(fiber.StatusServiceUnavailable).SendString(NotBuilt)
		}
		return s.send(c, s.shell)
	}
}

func (s *Site) send(c *fiber.Ctx, f *file) error {
	securityHeaders(c)
	c.Set(fiber.HeaderCacheControl, f.cacheControl)
	c.Set(fiber.HeaderContentType, f.contentType)
	body, etag := f.body, f.etag
	if f.compressible {
		c.Vary(fiber.HeaderAcceptEncoding)
		br, gz := accepts(c.Get(fiber.HeaderAcceptEncoding))
		switch {
		case br && f.brotli() != nil:
			body, etag = f.br, etag+"-br"
			c.Set(fiber.HeaderContentEncoding, "br")
		case gz && f.gzip() != nil:
			body, etag = f.gz, etag+"-gz"
			c.Set(fiber.HeaderContentEncoding, "gzip")
		}
	}
	etag = `"` + etag + `"`
	c.Set(fiber.HeaderETag, etag)
	if matches(c.Get(fiber.HeaderIfNoneMatch), etag) {
		c.Response().Header.Del(fiber.HeaderContentEncoding)
		c.Response().Header.Del(fiber.HeaderContentType)
		c.Status(fiber.StatusNotModified)
		return nil
	}
	c.Status(fiber.StatusOK)
	// The body is never changed, so no copy; fasthttp sends Content-Length
	// from it, and no body for HEAD.
	c.Response().SetBodyRaw(body)
	return nil
}

func notFound(c *fiber.Ctx) error {
	securityHeaders(c)
	c.Set(fiber.HeaderCacheControl, "no-store")
	c.Set(fiber.HeaderContentType, fiber.MIMETextPlainCharsetUTF8)
	return c.Status(fiber.StatusNotFound).SendString("not found\n")
}

func securityHeaders(c *fiber.Ctx) {
	c.Set(fiber.HeaderContentSecurityPolicy, CSP)
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	c.Set(fiber.HeaderReferrerPolicy, "same-origin")
}

// hasDotSegment catches dotfiles, .vite/ and any "..".
func hasDotSegment(p string) bool {
	for _, seg := range strings.Split(p, "/") {
		if strings.HasPrefix(seg, ".") {
			return true
		}
	}
	return false
}

func (f *file) gzip() []byte {
	if !f.compressible {
		return nil
	}
	f.gzOnce.Do(func() {
		var b bytes.Buffer
		w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression) // a valid level: no error
		_, _ = w.Write(f.body)                                // writes to a bytes.Buffer do not fail
		_ = w.Close()
		f.gz = smaller(b.Bytes(), len(f.body))
	})
	return f.gz
}

func (f *file) brotli() []byte {
	if !f.compressible {
		return nil
	}
	f.brOnce.Do(func() {
		var b bytes.Buffer
		w := brotli.NewWriterLevel(&b, brotli.BestCompression)
		_, _ = w.Write(f.body)
		_ = w.Close()
		f.br = smaller(b.Bytes(), len(f.body))
	})
	return f.br
}

func smaller(enc []byte, n int) []byte {
	if len(enc) >= n {
		return nil
	}
	return enc
}

// accepts reports whether brotli and gzip have a q-value above 0.
func accepts(header string) (br, gz bool) {
	qbr, qgz, qstar := -1.0, -1.0, 0.0
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		q := 1.0
		for _, param := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(param), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if x, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = x
				} else {
					q = 0
				}
			}
		}
		switch strings.ToLower(strings.TrimSpace(coding)) {
		case "br":
			qbr = q
		case "gzip", "x-gzip":
			qgz = q
		case "*":
			qstar = q
		}
	}
	if qbr < 0 {
		qbr = qstar
	}
	if qgz < 0 {
		qgz = qstar
	}
	return qbr > 0, qgz > 0
}

// matches reports whether If-None-Match holds etag (weak comparison) or "*".
func matches(header, etag string) bool {
	if header == "" {
		return false
	}
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}

var compressible = map[string]bool{
	".html": true, ".js": true, ".mjs": true, ".css": true, ".svg": true,
	".json": true, ".map": true, ".webmanifest": true, ".txt": true, ".xml": true,
}

// types are fixed here: the system's mime.types vary.
var types = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".svg":         "image/svg+xml",
	".json":        "application/json",
	".map":         "application/json",
	".webmanifest": "application/manifest+json",
	".txt":         "text/plain; charset=utf-8",
	".xml":         "application/xml",
	".png":         "image/png",
	".jpg":         "image/jpeg",
	".jpeg":        "image/jpeg",
	".gif":         "image/gif",
	".webp":        "image/webp",
	".avif":        "image/avif",
	".ico":         "image/x-icon",
	".woff2":       "font/woff2",
	".woff":        "font/woff",
	".ttf":         "font/ttf",
	".wasm":        "application/wasm",
}

func contentType(ext string) string {
	if t, ok := types[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}
