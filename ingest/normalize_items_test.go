package ingest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/reeltrack/reeltrack/internal/platform"
)

// TestNormalizedItemsAsItemsThenNormalize: reading a page with
// NormalizedItems gives, item for item, what Items and then Normalize give,
// and refuses the same pages.
func TestNormalizedItemsAsItemsThenNormalize(t *testing.T) {
	pages := map[string]string{}
	var all []string
	for file := range fixtureFiles {
		var items []string
		for _, raw := range loadFixture(t, file) {
			items = append(items, string(raw))
		}
		pages[file] = "[" + strings.Join(items, ",\n") + "]"
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
				it, err := Normalize(p, raw, testNow)
				want = append(want, outcome(it, err))
				return nil
			})
			var got []string
			gotN, gotErr := c.NormalizedItems(ctx, name, 0, 1000, p, testNow, func(it Item, err error) error {
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
	n, err := c.NormalizedItems(ctx, "odd elements", 0, 1000, platform.TikTok, testNow, func(Item, error) error { return stop })
	if n != 1 || !errors.Is(err, stop) {
		t.Fatalf("stopped: %d items, %v", n, err)
	}
}

func outcome(it Item, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	return dump(it)
}
