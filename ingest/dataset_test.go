package ingest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/reeltrack/reeltrack/ingest/normalize"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// pagedDataset serves items as the provider pages a dataset: offset and
// limit honoured, the total in X-Apify-Pagination-Total; with failAt >= 0
// the page starting there answers 500.
func pagedDataset(t *testing.T, items []string, failAt int) *Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		offset, _ := strconv.Atoi(r.URL.Query().Get("offset"))
		limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
		if offset == failAt {
			http.Error(w, `{"error":{"type":"internal-server-error","message":"down"}}`, http.StatusInternalServerError)
			return
		}
		from, to := min(offset, len(items)), min(offset+limit, len(items))
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Apify-Pagination-Total", strconv.Itoa(len(items)))
		fmt.Fprint(w, "["+strings.Join(items[from:to], ",\n")+"]")
	}))
	t.Cleanup(srv.Close)
	return NewClient(ClientOptions{BaseURL: srv.URL, Token: "t", RetryMax: -1})
}

// TestNormalizedDatasetKeepsTheDatasetsOrder: a dataset of thousands of
// items (every actor's samples, failure rows, elements that are not objects,
// items with escaped keys) read with NormalizedDataset gives, item for item
// and in the dataset's order, what Items and then Normalize give, whether its
// items are normalized on one goroutine or on several. An error of the
// callback stops the read and is returned as it is, a page the provider
// refuses ends it with the provider's error, and nothing is left running.
func TestNormalizedDatasetKeepsTheDatasetsOrder(t *testing.T) {
	var samples []string
	for _, file := range fixtureFiles(t) {
		for _, raw := range loadFixture(t, file) {
			samples = append(samples, string(raw))
		}
	}
	samples = append(samples, `1`, `"x"`, `null`, `[]`, `{}`, `{"noResults": true}`, `{"error": "no_items", "url": "u"}`,
		`{"\u0069d": "7300000000000000009", "webVideoUrl": "https://www.tiktok.com/@esc/video/7300000000000000009", "playCount": "1,234"}`)
	var items []string
	for i := 0; len(items) < 3000; i++ {
		s := samples[i%len(samples)]
		// each copy is its own item: ids and handles differ
		items = append(items, strings.ReplaceAll(s, "73000000000000", fmt.Sprintf("%014d", 73000000000000+i)))
	}
	ctx := context.Background()
	procs := runtime.GOMAXPROCS(0)
	t.Cleanup(func() { runtime.GOMAXPROCS(procs) })

	for _, p := range []platform.Platform{platform.TikTok, platform.Instagram, platform.YouTube, platform.X} {
		c := pagedDataset(t, items, -1)
		var want []string
		for offset := 0; offset < len(items); offset += 500 {
			if _, err := c.Items(ctx, "ds", offset, 500, func(raw json.RawMessage) error {
				it, err := normalize.Normalize(p, raw, testNow)
				want = append(want, outcome(it, err))
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		for _, n := range []int{1, 4} {
			runtime.GOMAXPROCS(n)
			var got []string
			if err := c.NormalizedDataset(ctx, "ds", 500, p, testNow, func(it normalize.Item, err error) error {
				got = append(got, outcome(it, err))
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Fatalf("%s on %d CPUs: %d items, want %d", p, n, len(got), len(want))
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%s on %d CPUs, item %d:\n got: %s\nwant: %s", p, n, i, got[i], want[i])
				}
			}
		}
	}

	runtime.GOMAXPROCS(4)
	stop := errors.New("stop")
	calls := 0
	err := pagedDataset(t, items, -1).NormalizedDataset(ctx, "ds", 500, platform.TikTok, testNow, func(normalize.Item, error) error {
		calls++
		if calls == 700 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || calls != 700 {
		t.Fatalf("stopped at item 700: %d calls, %v", calls, err)
	}
	calls = 0
	err = pagedDataset(t, items, 1500).NormalizedDataset(ctx, "ds", 500, platform.TikTok, testNow, func(normalize.Item, error) error {
		calls++
		return nil
	})
	var pe *ProviderError
	if !errors.As(err, &pe) || pe.Status != http.StatusInternalServerError || calls > 1500 {
		t.Fatalf("a refused page: %d calls, %v; want the provider's 500 after at most 1,500 items", calls, err)
	}
	if left := datasetGoroutines(); left != "" {
		t.Fatalf("still running after the reads returned:\n%s", left)
	}
}

// datasetGoroutines are the stacks of goroutines NormalizedDataset started.
func datasetGoroutines() string {
	buf := make([]byte, 1<<20)
	var left []string
	for _, g := range strings.Split(string(buf[:runtime.Stack(buf, true)]), "\n\n") {
		if strings.Contains(g, "ingest.(*Client).NormalizedDataset.func") {
			left = append(left, g)
		}
	}
	return strings.Join(left, "\n\n")
}
