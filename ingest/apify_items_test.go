package ingest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/ingest/normalize"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// TestNormalizedItemsAsItemsThenNormalize: reading a page with
// NormalizedItems gives, item for item, what Items and then Normalize give,
// and refuses the same pages.
func TestNormalizedItemsAsItemsThenNormalize(t *testing.T) {
	pages := map[string]string{}
	var all []string
	for _, file := range fixtureFiles(t) {
		var items []string
		for _, raw := range loadFixture(t, file) {
			items = append(items, string(raw))
		}
		pages[filepath.Base(file)] = "[" + strings.Join(items, ",\n") + "]"
		all = append(all, items...)
	}
	pages["odd elements"] = `[1, "x", null, [], {}, {"noResults": true}, {"error": "no_items", "url": "u"}, ` + strings.Join(all, ",") + `]`
	pages["empty"] = ` [ ] `
	refused := map[string]bool{"malformed element": true, "missing comma": true, "truncated": true}
	pages["malformed element"] = `[{"id": "1"}, {"id": 01}]`
	pages["missing comma"] = `[{"id": "1"} {"id": "2"}]`
	pages["truncated"] = `[{"id": "1"},`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		page, ok := pages[strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/v2/datasets/"), "/items")]
		if !ok {
			http.Error(w, `{"error":{"type":"record-not-found","message":"no such page"}}`, http.StatusNotFound)
			return
		}
		fmt.Fprint(w, page)
	}))
	t.Cleanup(srv.Close)
	c := NewClient(ClientOptions{BaseURL: srv.URL, Token: "t", RetryMax: -1})
	ctx := context.Background()

	platforms := []platform.Platform{platform.TikTok, platform.Instagram, platform.YouTube, platform.X, "vine"}
	for name := range pages {
		for _, p := range platforms {
			var want []string
			wantN, wantErr := c.Items(ctx, name, 0, 1000, func(raw json.RawMessage) error {
				it, err := normalize.Normalize(p, raw, testNow)
				want = append(want, outcome(it, err))
				return nil
			})
			var got []string
			gotN, gotErr := c.NormalizedItems(ctx, name, 0, 1000, p, testNow, func(it normalize.Item, err error) error {
				got = append(got, outcome(it, err))
				return nil
			})
			if gotN != wantN || (gotErr == nil) != (wantErr == nil) || (wantErr != nil) != refused[name] {
				t.Fatalf("%s as %s: %d items, error %v; want %d, %v", name, p, gotN, gotErr, wantN, wantErr)
			}
			if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
				t.Fatalf("%s as %s:\n got: %s\nwant: %s", name, p, g, w)
			}
		}
	}

	// An error of the callback stops the page and is returned as it is.
	stop := errors.New("stop")
	n, err := c.NormalizedItems(ctx, "odd elements", 0, 1000, platform.TikTok, testNow, func(normalize.Item, error) error { return stop })
	if n != 1 || !errors.Is(err, stop) {
		t.Fatalf("stopped: %d items, %v", n, err)
	}
}

// testNow anchors the relative dates of the items ("10 months ago").
var testNow = time.Date(2026, 7, 1, 12, 34, 56, 0, time.UTC)

// fixtureFiles are the normalizers' item samples: one JSON array per actor.
func fixtureFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("normalize", "testdata", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no item samples in normalize/testdata: %v", err)
	}
	return files
}

func loadFixture(t *testing.T, file string) []json.RawMessage {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("read fixture: %v", err)
	}
	var items []json.RawMessage
	if err := json.Unmarshal(data, &items); err != nil {
		t.Fatalf("fixture %s is not a JSON array: %v", file, err)
	}
	return items
}

// outcome renders an item with pointers dereferenced, or its error.
func outcome(it normalize.Item, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	b, err := json.MarshalIndent(it, "", "  ")
	if err != nil {
		return "unmarshalable item: " + err.Error()
	}
	return string(b)
}
