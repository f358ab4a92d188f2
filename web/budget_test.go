package web_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The size budget of the first screen, gzipped as served: what a visitor
// downloads before the overview shows.
const (
	budgetJS  = 60 << 10
	budgetCSS = 15 << 10

	// firstPage is the page the shell opens on: loaded by a dynamic import
	// of the entry, at once.
	firstPage = "src/pages/overview.tsx"
)

// manifestChunk is an entry of Vite's build manifest (dist/.vite/manifest.json).
type manifestChunk struct {
	File           string   `json:"file"`
	Src            string   `json:"src"`
	IsEntry        bool     `json:"isEntry"`
	IsDynamicEntry bool     `json:"isDynamicEntry"`
	Imports        []string `json:"imports"`
	DynamicImports []string `json:"dynamicImports"`
	CSS            []string `json:"css"`
}

// dist is the real build, as `make web` leaves it; the test stops with a
// clear message when there is none.
func dist(t *testing.T) (fs.FS, map[string]manifestChunk) {
	t.Helper()
	fsys := os.DirFS("dist")
	raw, err := fs.ReadFile(fsys, ".vite/manifest.json")
	if errors.Is(err, fs.ErrNotExist) {
		t.Fatal("web/dist/.vite/manifest.json is missing: the dashboard is not built; run `make web` (or `make test`, which builds it)")
	}
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]manifestChunk
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("web/dist/.vite/manifest.json: %v; rebuild with `make web`", err)
	}
	return fsys, m
}

// TestBudget measures what the first screen loads, gzipped at the best
// level as the server sends it: the entry chunk (index.html) with its static
// imports and their CSS, and the first page's chunk (overview) with its
// own. `go test -v ./web -run Budget` prints the figures.
func TestBudget(t *testing.T) {
	fsys, m := dist(t)

	const entry = "index.html"
	if !m[entry].IsEntry {
		t.Fatal(`the manifest has no "index.html" entry: is web/index.html still the build's input? run make web`)
	}
	if _, ok := m[firstPage]; !ok {
		t.Fatalf("the manifest has no %s, the page the first screen shows; update firstPage if it moved", firstPage)
	}
	if !slices.Contains(m[entry].DynamicImports, firstPage) && !slices.Contains(m[entry].Imports, firstPage) {
		t.Logf("note: %s is not imported by the entry; counted anyway", firstPage)
	}

	var files []string // in load order, each once
	seen := map[string]bool{}
	add := func(f string) {
		if !seen[f] {
			seen[f] = true
			files = append(files, f)
		}
	}
	visited := map[string]bool{}
	var walk func(key string)
	walk = func(key string) {
		if visited[key] {
			return
		}
		visited[key] = true
		c, ok := m[key]
		if !ok {
			t.Errorf("the manifest names %q, which it does not hold", key)
			return
		}
		for _, imp := range c.Imports {
			walk(imp)
		}
		add(c.File)
		for _, css := range c.CSS {
			add(css)
		}
	}
	walk(entry)
	walk(firstPage)

	var js, css, rawJS, rawCSS int
	for _, f := range files {
		body, err := fs.ReadFile(fsys, f)
		if err != nil {
			t.Fatalf("%s: %v (the build is incomplete: run make web)", f, err)
		}
		n := gzipSize(t, body)
		switch path.Ext(f) {
		case ".js", ".mjs":
			js, rawJS = js+n, rawJS+len(body)
		case ".css":
			css, rawCSS = css+n, rawCSS+len(body)
		default:
			continue
		}
		t.Logf("  %-40s %7.1f KB, %6.1f KB gzipped", f, kb(len(body)), kb(n))
	}
	t.Logf("first screen: JS %.1f KB gzipped (%.1f KB raw; budget %.0f KB), CSS %.1f KB gzipped (%.1f KB raw; budget %.0f KB)",
		kb(js), kb(rawJS), kb(budgetJS), kb(css), kb(rawCSS), kb(budgetCSS))
	if js > budgetJS {
		t.Errorf("the first screen loads %.1f KB of JS gzipped, over the %.0f KB budget", kb(js), kb(budgetJS))
	}
	if css > budgetCSS {
		t.Errorf("the first screen loads %.1f KB of CSS gzipped, over the %.0f KB budget", kb(css), kb(budgetCSS))
	}
}

var (
	scriptTag = regexp.MustCompile(`(?is)<script\b([^>]*)>`)
	srcAttr   = regexp.MustCompile(`(?i)\ssrc\s*=`)
	absURL    = regexp.MustCompile(`(?i)(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}[^\s"'<>]*`)
)

// TestShellHasNoInlineScriptNorOtherOrigin checks the built index.html
// against the CSP it is served with: every script is a file of ours, and
// nothing is fetched from another origin.
func TestShellHasNoInlineScriptNorOtherOrigin(t *testing.T) {
	fsys, _ := dist(t)
	html, err := fs.ReadFile(fsys, "index.html")
	if err != nil {
		t.Fatalf("web/dist/index.html: %v; run make web", err)
	}
	for _, tag := range scriptTag.FindAllSubmatch(html, -1) {
		if !srcAttr.Match(tag[1]) {
			t.Errorf("index.html has an inline script (%s): the CSP (script-src 'self') blocks it", tag[0])
		}
	}
	for _, u := range absURL.FindAll(html, -1) {
		if strings.HasPrefix(string(u), "http://www.w3.org/") {
			continue // an XML namespace (inline SVG), not a fetch
		}
		t.Errorf("index.html refers to another origin: %s (the CSP allows only this one)", u)
	}
}

func gzipSize(t *testing.T, b []byte) int {
	t.Helper()
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Len()
}

func kb(n int) float64 { return float64(n) / 1024 }
