package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/pdf"
)

// Targets of the issue for the dashboard in the browser, on 2 cores.
const (
	targetBrowserCold   = time.Second
	targetBrowserCached = 300 * time.Millisecond
)

const browserWidth, browserHeight = 1280, 800

type browserPage struct {
	Name     string // in the table
	Path     string // navigated to
	Mark     string // key of the mark in window.__bench
	Selector string // the element whose appearance is the page drawn
}

var browserPages = []browserPage{
	{Name: "overview (/, default 7d): chart drawn", Path: "/", Mark: "chart", Selector: `.chart[data-drawn]`},
	{Name: "videos (/videos): table drawn", Path: "/videos", Mark: "table", Selector: `[data-testid="videos-table"] [data-testid="row"]`},
}

// markScript runs in every new document before the app's scripts: a
// MutationObserver notes performance.now() (ms since the navigation began,
// performance.timeOrigin) at the first moment each page's element exists.
func markScript() string {
	marks := map[string]string{}
	for _, p := range browserPages {
		marks[p.Mark] = p.Selector
	}
	js, _ := json.Marshal(marks)
	return `(() => {
  const marks = ` + string(js) + `;
  const got = {};
  window.__bench = got;
  const check = () => {
    let all = true;
    for (const k in marks) {
      if (got[k] === undefined) {
        if (document.querySelector(marks[k])) got[k] = performance.now(); else all = false;
      }
    }
    if (all) mo.disconnect();
  };
  const mo = new MutationObserver(check);
  mo.observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ['data-drawn', 'data-testid']});
})();`
}

func waitScript(mark string) string {
	return `new Promise((resolve, reject) => {
  const t0 = performance.now();
  const tick = () => {
    const v = window.__bench && window.__bench[` + fmt.Sprintf("%q", mark) + `];
    if (v !== undefined) return resolve(v);
    if (performance.now() - t0 > 30000) return reject(new Error('not drawn within 30 s at ' + location.href));
    setTimeout(tick, 5);
  };
  tick();
})`
}

const entriesScript = `performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource')).map(e => ({
  name: e.name, type: e.initiatorType, start: e.startTime, end: e.responseEnd,
  transfer: e.transferSize, encoded: e.encodedBodySize, decoded: e.decodedBodySize}))`

type resourceEntry struct {
	Name     string  `json:"name"`
	Type     string  `json:"type"`
	Start    float64 `json:"start"`
	End      float64 `json:"end"`
	Transfer int64   `json:"transfer"`
	Encoded  int64   `json:"encoded"`
	Decoded  int64   `json:"decoded"`
}

type browserRow struct {
	Page, Cache   string
	Loads         int
	P50, P95, Max time.Duration
	Target        time.Duration
	Met           string
	Missed        bool
}

type sizeRow struct {
	Kind     string
	Requests int
	Served   int64 // encoded body bytes as the browser received them
	Gzip     int64 // the same files gzipped as the server sends them
	Decoded  int64
	Note     string

	wouldGzip int64 // API JSON gzipped here
}

type browserReport struct {
	Skipped          string // why the phase did not run; "" when it ran
	Version          string
	Runs             int
	LoadStart        string
	LoadEnd          string
	Rows             []browserRow
	Sizes            []sizeRow
	FirstScreenFiles []string
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "n/a"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "n/a"
	}
	return strings.Join(f[:3], ", ")
}

// browserPhase opens the dashboard in a headless Chromium as the large
// workspace's owner, n times per page and cache state, timing data drawn.
func browserPhase(ctx context.Context, base string, c *client, n int, progress io.Writer) (*browserReport, error) {
	rep := &browserReport{Runs: n, LoadStart: loadavg()}
	exe := pdf.FindChromium()
	if exe == "" {
		rep.Skipped = "no chromium on PATH (`make services` installs Debian's chromium)"
		return rep, nil
	}
	profile, err := os.MkdirTemp("", "reeltrack-bench-chromium")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(profile)
	opts := pdf.Headless(exe, profile, chromedp.WindowSize(browserWidth, browserHeight))
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	defer cancelAlloc()
	bctx, cancel := chromedp.NewContext(actx)
	defer cancel()

	u, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	token := strings.TrimPrefix(c.cookie, auth.CookieName+"=")
	var product string
	if err := chromedp.Run(bctx,
		network.Enable(),
		chromedp.ActionFunc(func(ctx context.Context) error {
			_, p, _, _, _, err := browser.GetVersion().Do(ctx)
			product = p
			return err
		}),
		network.SetCookie(auth.CookieName, token).WithDomain(u.Hostname()).WithPath("/").WithHTTPOnly(true),
		chromedp.ActionFunc(func(ctx context.Context) error {
			_, err := page.AddScriptToEvaluateOnNewDocument(markScript()).Do(ctx)
			return err
		}),
	); err != nil {
		return nil, fmt.Errorf("start chromium: %w", err)
	}
	rep.Version = product

	load := func(p browserPage, entries *[]resourceEntry) (time.Duration, error) {
		rctx, cancel := context.WithTimeout(bctx, 45*time.Second)
		defer cancel()
		var at float64
		var loc string
		err := chromedp.Run(rctx,
			chromedp.Navigate("about:blank"),
			chromedp.Navigate(base+p.Path),
			chromedp.Evaluate(waitScript(p.Mark), &at, awaitPromise),
		)
		if err != nil {
			_ = chromedp.Run(bctx, chromedp.Location(&loc))
			return 0, fmt.Errorf("%s (at %s): %w", p.Path, loc, err)
		}
		if entries != nil {
			if err := chromedp.Run(rctx, chromedp.Evaluate(entriesScript, entries)); err != nil {
				return 0, fmt.Errorf("%s: resource timing: %w", p.Path, err)
			}
			// the first screen: what started before the mark
			*entries = slices.DeleteFunc(*entries, func(e resourceEntry) bool { return e.Start > at })
		}
		return time.Duration(at * float64(time.Millisecond)), nil
	}
	setCache := func(disabled bool) error {
		return chromedp.Run(bctx, network.SetCacheDisabled(disabled))
	}

	var firstScreen []resourceEntry
	for _, cached := range []bool{false, true} {
		for _, p := range browserPages {
			cache, target := "cold", targetBrowserCold
			if cached {
				cache, target = "cached", targetBrowserCached
			}
			fmt.Fprintf(progress, "bench: browser: %s, %s\n", p.Name, cache)
			if err := setCache(!cached); err != nil {
				return nil, fmt.Errorf("set the browser's cache: %w", err)
			}
			if cached {
				// a returning user: the assets in the browser's cache,
				// the answers in the server's
				if _, err := load(p, nil); err != nil {
					return nil, err
				}
			}
			var ds []time.Duration
			for i := range n {
				if !cached {
					if err := c.invalidate(ctx); err != nil {
						return nil, err
					}
				}
				var entries *[]resourceEntry
				if !cached && i == 0 && p.Path == "/" {
					entries = &firstScreen
				}
				d, err := load(p, entries)
				if err != nil {
					return nil, err
				}
				ds = append(ds, d)
			}
			s := summarize(slices.Clone(ds), 0)
			row := browserRow{Page: p.Name, Cache: cache, Loads: len(ds), P50: s.P50, P95: s.P95, Max: slices.Max(ds), Target: target}
			row.Missed = row.P95 > target
			row.Met = yesNo(!row.Missed)
			rep.Rows = append(rep.Rows, row)
		}
	}
	rep.LoadEnd = loadavg()
	rep.Sizes, rep.FirstScreenFiles = firstScreenSizes(ctx, base, c, firstScreen)
	return rep, nil
}

func awaitPromise(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }

// firstScreenSizes sums the first screen's files by kind, as received
// (brotli) and as sent to a client accepting gzip only.
func firstScreenSizes(ctx context.Context, base string, c *client, entries []resourceEntry) ([]sizeRow, []string) {
	kinds := []string{"HTML", "JS", "CSS", "other", "API JSON"}
	by := map[string]*sizeRow{}
	for _, k := range kinds {
		by[k] = &sizeRow{Kind: k}
	}
	var files []string
	for _, e := range entries {
		u, err := url.Parse(e.Name)
		if err != nil || !strings.HasPrefix(e.Name, base) {
			continue
		}
		kind := "other"
		switch ext := path.Ext(u.Path); {
		case strings.HasPrefix(u.Path, "/api/"):
			kind = "API JSON"
		case e.Type == "navigation" || ext == ".html":
			kind = "HTML"
		case ext == ".js":
			kind = "JS"
		case ext == ".css":
			kind = "CSS"
		}
		r := by[kind]
		r.Requests++
		r.Served += e.Encoded
		r.Decoded += e.Decoded
		gz, how, err := gzipSize(ctx, c, u, kind)
		var plain *uncompressedAPI
		switch {
		case errors.As(err, &plain):
			r.wouldGzip += plain.gzipped
			r.Note = fmt.Sprintf("the API sends its JSON uncompressed; gzipped (default level) it would be %s bytes", thousands(float64(r.wouldGzip)))
		case err != nil:
			r.Note = "gzip size: " + short(err)
		case how != "":
			r.Note = how
		}
		r.Gzip += gz
		files = append(files, fmt.Sprintf("%s %s: %s B served, %s B gzip, %s B decoded", kind, u.RequestURI(),
			thousands(float64(e.Encoded)), thousands(float64(gz)), thousands(float64(e.Decoded))))
	}
	var out []sizeRow
	var assets sizeRow
	assets.Kind = "first screen without the API (HTML + JS + CSS + other)"
	for _, k := range kinds {
		r := *by[k]
		if k != "API JSON" {
			assets.Requests += r.Requests
			assets.Served += r.Served
			assets.Gzip += r.Gzip
			assets.Decoded += r.Decoded
		}
		out = append(out, r)
	}
	out = slices.Insert(out, len(out)-1, assets)
	return out, files
}

// gzipSize fetches u accepting gzip only and answers the body's bytes as
// sent; an uncompressed answer is gzipped here, and said so.
func gzipSize(ctx context.Context, c *client, u *url.URL, kind string) (int64, string, error) {
	method := http.MethodGet
	if strings.HasSuffix(u.Path, "/workspace/bootstrap") {
		method = http.MethodPost // the app's one write on the first screen, idempotent
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+u.RequestURI(), nil)
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Cookie", c.cookie)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, "", err
	}
	if resp.StatusCode != http.StatusOK {
		return 0, "", fmt.Errorf("%s %s: HTTP %d", method, u.RequestURI(), resp.StatusCode)
	}
	if resp.Header.Get("Content-Encoding") == "gzip" {
		return int64(len(body)), "", nil
	}
	if kind == "API JSON" {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		_, _ = zw.Write(body)
		_ = zw.Close()
		return int64(len(body)), "", &uncompressedAPI{gzipped: int64(b.Len())}
	}
	return int64(len(body)), "sent uncompressed (the server leaves files under 512 B as they are)", nil
}

// uncompressedAPI says that the API sent its JSON uncompressed, and what
// the body would be gzipped at the default level.
type uncompressedAPI struct{ gzipped int64 }

func (u *uncompressedAPI) Error() string { return "sent uncompressed" }

func printBrowser(out io.Writer, r *browserReport) {
	fmt.Fprintf(out, "\n### Dashboard in the browser\n\n")
	if r.Skipped != "" {
		fmt.Fprintf(out, "Not measured: %s.\n", r.Skipped)
		return
	}
	fmt.Fprintf(out, "- %s headless (window %d×%d), the same machine as the server; %d timed loads per line, each from about:blank; time from navigation start (performance.timeOrigin) to the element in the page (MutationObserver)\n",
		r.Version, browserWidth, browserHeight, r.Runs)
	fmt.Fprintf(out, "- cold: the workspace's data version bumped before each load and the browser's HTTP cache disabled; cached: after one untimed load, the browser's cache on and the server's answers cached (a returning user)\n")
	fmt.Fprintf(out, "- load average (1, 5, 15 min) at the start of the phase: %s; at its end: %s\n\n", r.LoadStart, r.LoadEnd)
	fmt.Fprintln(out, "| page | cache | loads | p50 ms | p95 ms | max ms | target | met |")
	fmt.Fprintln(out, "|---|---|---:|---:|---:|---:|---|---|")
	for _, x := range r.Rows {
		fmt.Fprintf(out, "| %s | %s | %d | %s | %s | %s | p95 ≤ %s ms | %s |\n", x.Page, x.Cache, x.Loads, ms(x.P50), ms(x.P95), ms(x.Max), ms(x.Target), x.Met)
	}
	if len(r.Sizes) == 0 {
		return
	}
	fmt.Fprintf(out, "\nWhat the first screen loads (a cold load of the overview, until its chart is drawn; bytes of the bodies; \"served\" is what Chromium received, brotli for the assets; \"gzip\" is what the server sends a client that accepts gzip only):\n\n")
	fmt.Fprintln(out, "| files | requests | served bytes | gzip bytes | uncompressed bytes |")
	fmt.Fprintln(out, "|---|---:|---:|---:|---:|")
	var notes []string
	for _, s := range r.Sizes {
		fmt.Fprintf(out, "| %s | %d | %s | %s | %s |\n", s.Kind, s.Requests, thousands(float64(s.Served)), thousands(float64(s.Gzip)), thousands(float64(s.Decoded)))
		if s.Note != "" {
			notes = append(notes, s.Kind+": "+s.Note)
		}
	}
	fmt.Fprintln(out)
	for _, n := range notes {
		fmt.Fprintf(out, "- %s\n", n)
	}
	for _, f := range r.FirstScreenFiles {
		fmt.Fprintf(out, "- %s\n", f)
	}
}

func (r *browserReport) missed() bool {
	if r == nil {
		return false
	}
	return slices.ContainsFunc(r.Rows, func(x browserRow) bool { return x.Missed })
}
