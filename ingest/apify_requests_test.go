package ingest

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/reeltrack/reeltrack/ingest/normalize"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// documentedAPI is a provider stand-in that holds every request to the
// part of Apify's API v2 the client uses, as documented: the method and
// path, the bearer token, the query parameters each route takes, the
// webhooks parameter (standard Base64 of a JSON array of webhook objects
// with only the documented keys, headersTemplate a string holding a JSON
// object) and a JSON object as the input. Anything else fails the test and
// is answered 400, as the provider would.
//
// Its one dataset has total positions, of which those in empty are empty
// items; like Apify with clean=true, it drops them after applying offset
// and limit, and reports the total before cleaning in
// X-Apify-Pagination-Total (unless noTotal).
type documentedAPI struct {
	t       *testing.T
	token   string
	total   int
	empty   func(i int) bool
	noTotal bool

	mu    sync.Mutex
	seen  []string // "METHOD route" of every valid request
	hooks []map[string]any
	pages [][2]int // offset, limit of each dataset read
}

var (
	actorRef      = regexp.MustCompile(`^(?:[A-Za-z0-9]{17}|[A-Za-z0-9._-]+~[A-Za-z0-9._-]+)$`)
	idRef         = regexp.MustCompile(`^[A-Za-z0-9._~-]+$`)
	webhookKeys   = []string{"eventTypes", "requestUrl", "payloadTemplate", "headersTemplate", "idempotencyKey"}
	runEventTypes = []string{"ACTOR.RUN.CREATED", "ACTOR.RUN.SUCCEEDED", "ACTOR.RUN.FAILED", "ACTOR.RUN.ABORTED", "ACTOR.RUN.TIMED_OUT", "ACTOR.RUN.RESURRECTED"}
)

func (d *documentedAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	problems := d.check(r)
	if len(problems) > 0 {
		d.t.Errorf("%s %s: not a request of the documented API: %s", r.Method, r.URL, strings.Join(problems, "; "))
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"error":{"type":"invalid-request","message":%q}}`, strings.Join(problems, "; "))
		return
	}
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/v2/"), "/")
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	switch parts[0] {
	case "actors":
		w.WriteHeader(http.StatusCreated)
		fmt.Fprint(w, `{"data":{"id":"run-1","actId":"act-1","status":"READY","defaultDatasetId":"ds-1"}}`)
	case "actor-runs":
		fmt.Fprint(w, `{"data":{"id":"run-1","actId":"act-1","status":"SUCCEEDED","defaultDatasetId":"ds-1"}}`)
	case "datasets":
		q := r.URL.Query()
		offset, _ := strconv.Atoi(q.Get("offset"))
		limit, _ := strconv.Atoi(q.Get("limit"))
		d.mu.Lock()
		d.pages = append(d.pages, [2]int{offset, limit})
		d.mu.Unlock()
		if !d.noTotal {
			w.Header().Set("X-Apify-Pagination-Total", strconv.Itoa(d.total))
		}
		var items []string
		for i := offset; i < min(offset+limit, d.total); i++ {
			if d.empty(i) {
				continue // clean=true drops it after offset and limit
			}
			items = append(items, fmt.Sprintf(`{"id":"%d","webVideoUrl":"https://www.tiktok.com/@someone/video/%d","playCount":%d}`, 7300000000000000000+i, 7300000000000000000+i, i))
		}
		fmt.Fprint(w, "["+strings.Join(items, ",")+"]")
	}
}

// check lists what is wrong with r; on a valid request it records it.
func (d *documentedAPI) check(r *http.Request) []string {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	if got := r.Header.Get("Authorization"); got != "Bearer "+d.token {
		bad("Authorization %q is not the bearer token", got)
	}
	body, _ := io.ReadAll(r.Body)
	q := r.URL.Query()
	allowed := func(keys ...string) {
		for k, vs := range q {
			if !slices.Contains(keys, k) {
				bad("query parameter %q is not one this route takes", k)
			}
			if len(vs) != 1 {
				bad("query parameter %q given %d times", k, len(vs))
			}
		}
	}
	nonNegative := func(keys ...string) {
		for _, k := range keys {
			if v, ok := q[k]; ok {
				if n, err := strconv.Atoi(v[0]); err != nil || n < 0 {
					bad("%s=%q is not a non-negative integer", k, v[0])
				}
			}
		}
	}
	parts := strings.Split(r.URL.Path, "/")
	var route string
	switch {
	case r.Method == http.MethodPost && len(parts) == 5 && parts[1] == "v2" && parts[2] == "actors" && parts[4] == "runs":
		route = "start run"
		if !actorRef.MatchString(parts[3]) {
			bad("actor %q is neither an id nor owner~name", parts[3])
		}
		allowed("timeout", "memory", "maxItems", "waitForFinish", "webhooks")
		nonNegative("timeout", "memory", "maxItems", "waitForFinish")
		if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
			bad("input sent as %q, not application/json", ct)
		}
		var input map[string]any
		if err := json.Unmarshal(body, &input); err != nil || input == nil {
			bad("input %q is not a JSON object", body)
		}
		if v, ok := q["webhooks"]; ok {
			problems = append(problems, d.checkWebhooks(v[0])...)
		}
	case r.Method == http.MethodGet && len(parts) == 4 && parts[1] == "v2" && parts[2] == "actor-runs":
		route = "get run"
		if !idRef.MatchString(parts[3]) {
			bad("run id %q", parts[3])
		}
		allowed("waitForFinish")
		nonNegative("waitForFinish")
	case r.Method == http.MethodGet && len(parts) == 5 && parts[1] == "v2" && parts[2] == "datasets" && parts[4] == "items":
		route = "dataset items"
		if !idRef.MatchString(parts[3]) {
			bad("dataset id %q", parts[3])
		}
		// Never flatten or view: they turn nested keys into dotted ones.
		allowed("format", "clean", "offset", "limit", "desc")
		nonNegative("offset", "limit")
		if f := q.Get("format"); f != "" && f != "json" {
			bad("format %q", f)
		}
		for _, k := range []string{"clean", "desc"} {
			if v, ok := q[k]; ok && !slices.Contains([]string{"true", "false", "1", "0"}, v[0]) {
				bad("%s=%q is not a boolean", k, v[0])
			}
		}
	default:
		bad("no such route")
	}
	if route != "" && route != "start run" && len(body) > 0 {
		bad("a %s request carries a body", route)
	}
	if len(problems) == 0 {
		d.mu.Lock()
		d.seen = append(d.seen, route)
		d.mu.Unlock()
	}
	return problems
}

func (d *documentedAPI) checkWebhooks(param string) []string {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	raw, err := base64.StdEncoding.DecodeString(param)
	if err != nil {
		return []string{"webhooks is not standard Base64"}
	}
	var hooks []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &hooks); err != nil || len(hooks) == 0 {
		return []string{fmt.Sprintf("webhooks %s is not a JSON array of objects", raw)}
	}
	for i, h := range hooks {
		for k := range h {
			if !slices.Contains(webhookKeys, k) {
				bad("webhook %d: key %q is not documented", i, k)
			}
		}
		var events []string
		if err := json.Unmarshal(h["eventTypes"], &events); err != nil || len(events) == 0 {
			bad("webhook %d: eventTypes %s is not a list of event types", i, h["eventTypes"])
		}
		for _, e := range events {
			if !slices.Contains(runEventTypes, e) {
				bad("webhook %d: unknown event type %q", i, e)
			}
		}
		var target string
		if err := json.Unmarshal(h["requestUrl"], &target); err != nil {
			bad("webhook %d: requestUrl %s is not a string", i, h["requestUrl"])
		} else if u, err := url.Parse(target); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("webhook %d: requestUrl %q is not an absolute http(s) URL", i, target)
		}
		for _, k := range []string{"payloadTemplate", "idempotencyKey"} {
			var s string
			if v, ok := h[k]; ok && (json.Unmarshal(v, &s) != nil || s == "") {
				bad("webhook %d: %s %s is not a non-empty string", i, k, v)
			}
		}
		if v, ok := h["headersTemplate"]; ok {
			var s string
			var headers map[string]string
			if json.Unmarshal(v, &s) != nil || json.Unmarshal([]byte(s), &headers) != nil || headers == nil {
				bad("webhook %d: headersTemplate %s is not a string holding a JSON object", i, v)
			}
		}
		plain := map[string]any{}
		for k, v := range h {
			var x any
			_ = json.Unmarshal(v, &x)
			plain[k] = x
		}
		d.mu.Lock()
		d.hooks = append(d.hooks, plain)
		d.mu.Unlock()
	}
	return problems
}

func newDocumentedAPI(t *testing.T, total int, empty func(int) bool) (*documentedAPI, *Client) {
	t.Helper()
	d := &documentedAPI{t: t, token: "apify_api_test", total: total, empty: empty}
	srv := httptest.NewServer(d)
	t.Cleanup(srv.Close)
	return d, NewClient(ClientOptions{BaseURL: srv.URL, Token: d.token, RetryMax: -1})
}

// TestClientSendsOnlyDocumentedRequests drives every call of the client
// (a start with and without a webhook secret, a run read back, a dataset
// paged through) against the documented API: each request is one the
// provider accepts. A start without a secret sends no headersTemplate at
// all, never the string "null".
func TestClientSendsOnlyDocumentedRequests(t *testing.T) {
	d, c := newDocumentedAPI(t, 25, func(i int) bool { return i%10 == 0 })
	ctx := bounded(t)
	input := json.RawMessage(`{"postURLs":["https://www.tiktok.com/@a/video/7300000000000000001"]}`)
	if _, err := c.StartRun(ctx, "clockworks~tiktok-scraper", input,
		Webhook{RequestURL: "https://reeltrack.example/api/webhooks/scraper?job_id=j1", Headers: map[string]string{"X-Reeltrack-Webhook-Secret": "s3cret"}, IdempotencyKey: "j1-1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.StartRun(ctx, "GdWCkxBtKWOsKjdch", input,
		Webhook{RequestURL: "https://reeltrack.example/api/webhooks/scraper?job_id=j2", IdempotencyKey: "j2-1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetRun(ctx, "run-1"); err != nil {
		t.Fatal(err)
	}
	n := 0
	if err := c.NormalizedDataset(ctx, "ds-1", 10, platform.TikTok, testNow, func(normalize.Item, error) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	if n != 22 {
		t.Errorf("read %d items, want the 22 that are not empty", n)
	}
	if want := []string{"start run", "start run", "get run", "dataset items", "dataset items", "dataset items"}; !slices.Equal(d.seen, want) {
		t.Errorf("valid requests %v, want %v", d.seen, want)
	}
	if len(d.hooks) != 2 {
		t.Fatalf("%d webhooks registered, want 2", len(d.hooks))
	}
	if h := d.hooks[0]; h["headersTemplate"] != `{"X-Reeltrack-Webhook-Secret":"s3cret"}` || h["idempotencyKey"] != "j1-1" {
		t.Errorf("webhook with a secret: %v", h)
	}
	if h, ok := d.hooks[1]["headersTemplate"]; ok {
		t.Errorf("webhook without a secret sends headersTemplate %#v; want none", h)
	}
}

// TestDatasetPagesAdvanceByTheLimitAsked: with clean=true the provider
// drops empty items after offset and limit, so pages come back short, and
// even empty, while more items follow. The client advances the offset by
// the limit it asked for until it reaches X-Apify-Pagination-Total, and so
// reads every item exactly once without asking past the end. Without the
// total (the provider always sends it) it stops at the first empty page,
// not at a short one.
func TestDatasetPagesAdvanceByTheLimitAsked(t *testing.T) {
	// 100 positions read 10 at a time: the first and last of each page are
	// empty, and the second page holds only empty items.
	empty := func(i int) bool { return i%10 == 0 || i%10 == 9 || (i >= 10 && i < 20) }
	for _, noTotal := range []bool{false, true} {
		t.Run(fmt.Sprintf("noTotal=%v", noTotal), func(t *testing.T) {
			d, c := newDocumentedAPI(t, 100, empty)
			d.noTotal = noTotal
			seen := map[string]bool{}
			err := c.NormalizedDataset(bounded(t), "ds-1", 10, platform.TikTok, testNow, func(it normalize.Item, err error) error {
				if err != nil {
					return err
				}
				id := it.Videos[0].ID
				if seen[id] {
					t.Errorf("item %s read twice", id)
				}
				seen[id] = true
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			want, pages := 72, 10
			if noTotal {
				// The empty second page ends the read: 8 items, 2 pages.
				want, pages = 8, 2
			}
			if len(seen) != want || len(d.pages) != pages {
				t.Fatalf("%d items in %d pages %v, want %d in %d", len(seen), len(d.pages), d.pages, want, pages)
			}
			for i, p := range d.pages {
				if p != [2]int{i * 10, 10} {
					t.Fatalf("page %d asked for offset %d limit %d, want %d and 10", i, p[0], p[1], i*10)
				}
			}
		})
	}
}
