package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/testenv"
)

const tiktokInput = `{"postURLs":["https://www.tiktok.com/@bob/video/7300000000000000001"],"profiles":["alice"],"resultsPerPage":5,"shouldDownloadVideos":false}`

func TestWebhookDeliveredOnceWithSecretHeaderOnBothPathStyles(t *testing.T) {
	for _, actorPath := range []string{
		"clockworks~tiktok-scraper",
		"GdWCkxBtKWOsKjdch",
		url.PathEscape("clockworks/tiktok-scraper"),
	} {
		for _, base := range []string{"acts", "actors"} {
			t.Run(base+"/"+actorPath, func(t *testing.T) {
				s := newSim(t, nil)
				rc := newReceiver(t)
				hooks := webhooksParam(t, map[string]any{
					"eventTypes":      []string{"ACTOR.RUN.SUCCEEDED", "ACTOR.RUN.FAILED", "ACTOR.RUN.ABORTED", "ACTOR.RUN.TIMED_OUT"},
					"requestUrl":      rc.srv.URL + "/hooks/apify",
					"headersTemplate": `{"X-Reeltrack-Secret":"s3cret"}`,
					"idempotencyKey":  "job-" + base + actorPath,
				})
				resp := s.do(http.MethodPost, "/v2/"+base+"/"+actorPath+"/runs?timeout=120&memory=1024&"+hooks, tiktokInput)
				defer resp.Body.Close()
				if resp.StatusCode != http.StatusCreated {
					b, _ := io.ReadAll(resp.Body)
					t.Fatalf("start: %d %s", resp.StatusCode, b)
				}
				var started struct{ Data apiRun }
				if err := json.NewDecoder(resp.Body).Decode(&started); err != nil {
					t.Fatal(err)
				}
				r := started.Data
				if len(r.ID) != 17 || r.ActID != "GdWCkxBtKWOsKjdch" || r.DefaultDatasetID == "" || r.Meta.Origin != "API" {
					t.Fatalf("run = %+v", r)
				}
				if r.FinishedAt != nil || terminal(r.Status) {
					t.Fatalf("a run just started is %s, finishedAt %v", r.Status, r.FinishedAt)
				}

				got := rc.waitFor(t, s, 1)
				if len(got) != 1 {
					t.Fatalf("%d deliveries, want exactly 1", len(got))
				}
				d := got[0]
				if d.header.Get("X-Reeltrack-Secret") != "s3cret" || !strings.HasPrefix(d.header.Get("Content-Type"), "application/json") {
					t.Errorf("headers = %v", d.header)
				}
				if d.body["eventType"] != "ACTOR.RUN.SUCCEEDED" || d.body["userId"] == "" || d.body["createdAt"] == nil {
					t.Errorf("payload = %v", d.body)
				}
				if ed, _ := d.body["eventData"].(map[string]any); ed["actorRunId"] != r.ID || ed["actorId"] != r.ActID {
					t.Errorf("eventData = %v", d.body["eventData"])
				}
				res, _ := d.body["resource"].(map[string]any)
				if res["id"] != r.ID || res["status"] != statusSucceeded || res["finishedAt"] == nil || res["defaultDatasetId"] != r.DefaultDatasetID {
					t.Errorf("resource = %v", res)
				}

				// The run reads back as finished, on both run paths.
				back := s.getRun(r.ID)
				if back.Status != statusSucceeded || back.FinishedAt == nil {
					t.Errorf("get run = %+v", back)
				}
				resp2 := s.do(http.MethodGet, "/v2/"+base+"/"+actorPath+"/runs/"+r.ID, "")
				resp2.Body.Close()
				if resp2.StatusCode != http.StatusOK {
					t.Errorf("get run under the actor: %d", resp2.StatusCode)
				}
			})
		}
	}
}

func TestDuplicateWebhooksDeliversTwice(t *testing.T) {
	s := newSim(t, func(c *Config) { c.DuplicateWebhooks = true })
	rc := newReceiver(t)
	s.start("clockworks~tiktok-scraper", tiktokInput, webhooksParam(t, map[string]any{
		"eventTypes": []string{"ACTOR.RUN.SUCCEEDED"}, "requestUrl": rc.srv.URL, "headersTemplate": `{"X-Reeltrack-Secret":"s"}`,
	}))
	got := rc.waitFor(t, s, 2)
	if len(got) != 2 {
		t.Fatalf("%d deliveries, want 2", len(got))
	}
	if a, b := got[0].header.Get("X-Apify-Webhook-Dispatch-Id"), got[1].header.Get("X-Apify-Webhook-Dispatch-Id"); a == "" || a != b {
		t.Errorf("dispatch ids %q and %q: a duplicate is the same dispatch", a, b)
	}
}

func TestSameIdempotencyKeyRegistersTheWebhookOnce(t *testing.T) {
	s := newSim(t, nil)
	rc := newReceiver(t)
	spec := map[string]any{"eventTypes": []string{"ACTOR.RUN.SUCCEEDED"}, "requestUrl": rc.srv.URL, "idempotencyKey": "job-42"}
	s.finished("clockworks~tiktok-scraper", tiktokInput, webhooksParam(t, spec))
	s.finished("clockworks~tiktok-scraper", tiktokInput, webhooksParam(t, spec))
	if got := rc.waitFor(t, s, 1); len(got) != 1 {
		t.Fatalf("%d deliveries for one idempotency key, want 1", len(got))
	}
}

func TestWebhookRetriedAfterAFailedDelivery(t *testing.T) {
	s := newSim(t, nil)
	rc := newReceiver(t, http.StatusInternalServerError, http.StatusBadGateway)
	s.start("clockworks~tiktok-scraper", tiktokInput, webhooksParam(t, map[string]any{
		"eventTypes": []string{"ACTOR.RUN.SUCCEEDED"}, "requestUrl": rc.srv.URL,
	}))
	got := rc.waitFor(t, s, 1)
	rc.mu.Lock()
	attempts := rc.attempts
	rc.mu.Unlock()
	if len(got) != 1 || attempts != 3 {
		t.Fatalf("%d deliveries in %d attempts, want 1 in 3", len(got), attempts)
	}
}

func TestWebhookGivesUpAfterTheRetries(t *testing.T) {
	s := newSim(t, func(c *Config) { c.WebhookRetries = 2 })
	var attempts atomic.Int32
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		attempts.Add(1)
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	defer down.Close()
	s.start("clockworks~tiktok-scraper", tiktokInput, webhooksParam(t, map[string]any{
		"eventTypes": []string{"ACTOR.RUN.SUCCEEDED"}, "requestUrl": down.URL,
	}))
	// Once the first attempt is in, wait for the delivery to end: it gives
	// up or goes on retrying.
	for deadline := time.Now().Add(testenv.Patience); attempts.Load() == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no delivery attempt within 10s")
		}
	}
	s.deliveriesEnded()
	if n := attempts.Load(); n != 3 {
		t.Fatalf("%d attempts, want 1 + 2 retries", n)
	}
}

func TestCustomPayloadTemplate(t *testing.T) {
	s := newSim(t, nil)
	rc := newReceiver(t)
	r := s.start("clockworks~tiktok-scraper", tiktokInput, webhooksParam(t, map[string]any{
		"eventTypes":      []string{"ACTOR.RUN.SUCCEEDED"},
		"requestUrl":      rc.srv.URL,
		"payloadTemplate": `{"run": {{resource.id}}, "event": {{eventType}}, "data": {{eventData}}}`,
	}))
	got := rc.waitFor(t, s, 1)
	if got[0].body["run"] != r.ID || got[0].body["event"] != "ACTOR.RUN.SUCCEEDED" || got[0].body["data"] == nil {
		t.Fatalf("payload = %v", got[0].body)
	}
}

func TestRunStatusesAndWaitForFinish(t *testing.T) {
	s := newSim(t, func(c *Config) { c.RunDuration = 1500 * time.Millisecond })
	r := s.start("clockworks~tiktok-scraper", tiktokInput, "")
	if r.Status != statusReady || r.FinishedAt != nil {
		t.Fatalf("fresh run: %s, finishedAt %v", r.Status, r.FinishedAt)
	}
	status := r.Status
	for deadline := time.Now().Add(time.Second); status == statusReady && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
		status = s.getRun(r.ID).Status
	}
	if status != statusRunning {
		t.Errorf("after READY came %s, want RUNNING", status)
	}
	items, h := s.items(r.DefaultDatasetID, "")
	if still := s.getRun(r.ID); still.Status == statusRunning && (len(items) != 0 || h.Get("X-Apify-Pagination-Total") != "0") {
		t.Errorf("a running run shows %d items", len(items))
	}
	resp := s.do(http.MethodGet, "/v2/actor-runs/"+r.ID+"?waitForFinish=5", "")
	var out struct{ Data apiRun }
	_ = json.NewDecoder(resp.Body).Decode(&out)
	resp.Body.Close()
	if out.Data.Status != statusSucceeded || out.Data.FinishedAt == nil {
		t.Errorf("after waitForFinish: %+v", out.Data)
	}
	if w := s.finished("clockworks~tiktok-scraper", tiktokInput, ""); w.Status != statusSucceeded {
		t.Errorf("start with waitForFinish: %s", w.Status)
	}
}

func TestDatasetPaging(t *testing.T) {
	s := newSim(t, nil)
	r := s.finished("clockworks~tiktok-scraper", `{"profiles":["alice","bob"],"resultsPerPage":23,"postURLs":["https://www.tiktok.com/@carol/video/1234"]}`, "")
	all, h := s.items(r.DefaultDatasetID, "")
	if len(all) != 47 || h.Get("X-Apify-Pagination-Total") != "47" || h.Get("X-Apify-Pagination-Count") != "47" {
		t.Fatalf("%d items, headers %v", len(all), h)
	}
	var paged []map[string]any
	for offset := 0; ; offset += 10 {
		page, h := s.items(r.DefaultDatasetID, fmt.Sprintf("offset=%d&limit=10", offset))
		if h.Get("X-Apify-Pagination-Offset") != fmt.Sprint(offset) || h.Get("X-Apify-Pagination-Limit") != "10" ||
			h.Get("X-Apify-Pagination-Total") != "47" || h.Get("X-Apify-Pagination-Count") != fmt.Sprint(len(page)) {
			t.Fatalf("page at %d: headers %v", offset, h)
		}
		if len(page) == 0 {
			break
		}
		paged = append(paged, page...)
	}
	if !sameJSON(t, all, paged) {
		t.Fatal("pages put together differ from the whole dataset")
	}
	desc, _ := s.items(r.DefaultDatasetID, "desc=1&offset=2&limit=3")
	if len(desc) != 3 || desc[0]["id"] != all[44]["id"] || desc[2]["id"] != all[42]["id"] {
		t.Error("desc=1 does not page from the end")
	}
	// Reading the same page later gives the same items: a dataset is a snapshot.
	s.clock.Advance(48 * time.Hour)
	again, _ := s.items(r.DefaultDatasetID, "offset=10&limit=10")
	if !sameJSON(t, all[10:20], again) {
		t.Error("a page changed when read later")
	}
	// The run-scoped items endpoint serves the same dataset.
	resp := s.do(http.MethodGet, "/v2/actor-runs/"+r.ID+"/dataset/items?limit=2", "")
	var two []map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&two)
	resp.Body.Close()
	if len(two) != 2 {
		t.Errorf("run dataset items: %d", len(two))
	}
}

// TestEmptyItemsMakeShortCleanPages: with -empty-every 10 each block of
// ten positions starts and ends with an empty item. clean=true drops them
// after offset and limit apply, as Apify does: every page of 10 holds 8
// items while more follow, the pagination headers count positions, and
// paging by the limit asked (not by the items received) up to
// X-Apify-Pagination-Total reads every item once; without clean the empty
// items are served as {}.
func TestEmptyItemsMakeShortCleanPages(t *testing.T) {
	s := newSim(t, func(c *Config) { c.EmptyEvery = 10 })
	r := s.finished("clockworks~tiktok-scraper", `{"profiles":["alice"],"resultsPerPage":35}`, "")
	// 35 items: four blocks of 8 between empty items, then an empty item
	// and the last 3.
	resp := s.do(http.MethodGet, "/v2/datasets/"+r.DefaultDatasetID+"/items?format=json", "")
	var raw []map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&raw); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	h := resp.Header
	if len(raw) != 44 || h.Get("X-Apify-Pagination-Total") != "44" {
		t.Fatalf("unclean: %d items, total %s; want 44 with the empty ones", len(raw), h.Get("X-Apify-Pagination-Total"))
	}
	empty := 0
	for i, it := range raw {
		if len(it) == 0 {
			empty++
			if i%10 != 0 && i%10 != 9 {
				t.Fatalf("empty item at %d", i)
			}
		}
	}
	if empty != 9 {
		t.Fatalf("%d empty items, want 9", empty)
	}
	clean, h := s.items(r.DefaultDatasetID, "clean=true")
	if len(clean) != 35 || h.Get("X-Apify-Pagination-Total") != "44" {
		t.Fatalf("clean: %d items, total %s; want 35 of 44", len(clean), h.Get("X-Apify-Pagination-Total"))
	}
	var paged []map[string]any
	for offset := 0; offset < 44; offset += 10 {
		page, h := s.items(r.DefaultDatasetID, fmt.Sprintf("clean=1&offset=%d&limit=10", offset))
		want := 8
		if offset == 40 {
			want = 3
		}
		if len(page) != want || h.Get("X-Apify-Pagination-Total") != "44" || h.Get("X-Apify-Pagination-Limit") != "10" {
			t.Fatalf("clean page at %d: %d items (want %d), headers %v", offset, len(page), want, h)
		}
		paged = append(paged, page...)
	}
	if !sameJSON(t, clean, paged) {
		t.Fatal("clean pages put together differ from the clean dataset")
	}
	if skip, _ := s.items(r.DefaultDatasetID, "skipEmpty=true&offset=0&limit=10"); len(skip) != 8 {
		t.Fatalf("skipEmpty page: %d items, want 8", len(skip))
	}
}

func sameJSON(t *testing.T, a, b any) bool {
	t.Helper()
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

func TestRate429(t *testing.T) {
	s := newSim(t, func(c *Config) { c.Rate429 = 3 })
	var statuses []int
	for range 6 {
		resp := s.do(http.MethodGet, "/v2/actor-runs/nope", "")
		if resp.StatusCode == http.StatusTooManyRequests {
			var e apiError
			_ = json.NewDecoder(resp.Body).Decode(&e)
			if e.Error.Type != "rate-limit-exceeded" || resp.Header.Get("Retry-After") != "" {
				t.Errorf("429 answer: %+v, Retry-After %q", e, resp.Header.Get("Retry-After"))
			}
		}
		resp.Body.Close()
		statuses = append(statuses, resp.StatusCode)
	}
	want := []int{404, 404, 429, 404, 404, 429}
	if fmt.Sprint(statuses) != fmt.Sprint(want) {
		t.Fatalf("statuses %v, want %v", statuses, want)
	}
	if resp, _ := http.Get(s.http.URL + "/healthz"); resp.StatusCode != http.StatusOK {
		t.Errorf("healthz counted against the rate limit")
	}
}

type apiError struct {
	Error struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
}

func TestErrors(t *testing.T) {
	s := newSim(t, nil)
	bad := base64.StdEncoding.EncodeToString([]byte(`[{"eventTypes":[],"requestUrl":"not a url"}]`))
	cases := []struct {
		name, method, path, token, body string
		status                          int
		typ                             string
	}{
		{"no token", "GET", "/v2/actor-runs/x", "", "", 401, "token-not-provided"},
		{"wrong token", "GET", "/v2/actor-runs/x", "Bearer nope", "", 401, "user-or-token-not-found"},
		{"unknown actor", "POST", "/v2/acts/someone~nothing/runs", "Bearer test-token", "{}", 404, "record-not-found"},
		{"unknown run", "GET", "/v2/actor-runs/x", "Bearer test-token", "", 404, "record-not-found"},
		{"unknown dataset", "GET", "/v2/datasets/x/items", "Bearer test-token", "", 404, "record-not-found"},
		{"invalid JSON input", "POST", "/v2/acts/clockworks~tiktok-scraper/runs", "Bearer test-token", "{nope", 400, "invalid-request"},
		{"input not an object", "POST", "/v2/acts/clockworks~tiktok-scraper/runs", "Bearer test-token", "[1]", 400, "invalid-request"},
		{"webhooks not base64", "POST", "/v2/acts/clockworks~tiktok-scraper/runs?webhooks=%25%25%25", "Bearer test-token", "{}", 400, "invalid-request"},
		{"webhooks invalid", "POST", "/v2/acts/clockworks~tiktok-scraper/runs?webhooks=" + url.QueryEscape(bad), "Bearer test-token", "{}", 400, "invalid-request"},
		{"bad number", "POST", "/v2/acts/clockworks~tiktok-scraper/runs?waitForFinish=soon", "Bearer test-token", "{}", 400, "invalid-request"},
		{"wrong method", "GET", "/v2/acts/clockworks~tiktok-scraper/runs", "Bearer test-token", "", 405, "method-not-allowed"},
		{"no such endpoint", "GET", "/v2/nothing", "Bearer test-token", "", 404, "page-not-found"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req, _ := http.NewRequest(c.method, s.http.URL+c.path, strings.NewReader(c.body))
			if c.token != "" {
				req.Header.Set("Authorization", c.token)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var e apiError
			_ = json.NewDecoder(resp.Body).Decode(&e)
			if resp.StatusCode != c.status || e.Error.Type != c.typ || e.Error.Message == "" {
				t.Fatalf("%d %+v, want %d %s", resp.StatusCode, e, c.status, c.typ)
			}
		})
	}
	// The token may come in the query too.
	resp, _ := http.Get(s.http.URL + "/v2/actor-runs/x?token=test-token")
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("?token=: %d", resp.StatusCode)
	}
}

func TestWebhooksParamSurvivesEncodings(t *testing.T) {
	s := newSim(t, nil)
	rc := newReceiver(t)
	// A payload template whose Base64 has + and / in it, sent with the +
	// left unescaped (read back as spaces) and URL-encoded twice.
	spec, _ := json.Marshal([]map[string]any{{"eventTypes": []string{"ACTOR.RUN.SUCCEEDED"}, "requestUrl": rc.srv.URL, "headersTemplate": `{"X-K":"???>>>"}`}})
	enc := base64.StdEncoding.EncodeToString(spec)
	if !strings.ContainsAny(enc, "+/") {
		t.Fatalf("test spec encodes without + or /: %s", enc)
	}
	s.start("clockworks~tiktok-scraper", tiktokInput, "webhooks="+enc)
	s.start("clockworks~tiktok-scraper", tiktokInput, "webhooks="+url.QueryEscape(url.QueryEscape(enc)))
	if got := rc.waitFor(t, s, 2); len(got) != 2 || got[0].header.Get("X-K") != "???>>>" {
		t.Fatalf("deliveries: %d", len(got))
	}
}

func TestFailedRuns(t *testing.T) {
	s := newSim(t, nil)
	rc := newReceiver(t)
	r := s.finished("clockworks~tiktok-scraper", `{"profiles":["failrun-account"],"resultsPerPage":3}`,
		webhooksParam(t, map[string]any{"eventTypes": []string{"ACTOR.RUN.FAILED"}, "requestUrl": rc.srv.URL}))
	if r.Status != statusFailed || r.StatusMessage == "" || r.FinishedAt == nil {
		t.Fatalf("failrun: %+v", r)
	}
	if items, _ := s.items(r.DefaultDatasetID, ""); len(items) != 0 {
		t.Errorf("a failed run has %d items", len(items))
	}
	if got := rc.waitFor(t, s, 1); got[0].body["eventType"] != "ACTOR.RUN.FAILED" {
		t.Errorf("event %v", got[0].body["eventType"])
	}
	if r := s.finished("clockworks~tiktok-scraper", `{"profiles":["timedout-account"]}`, ""); r.Status != statusTimedOut {
		t.Errorf("timedout marker: %s", r.Status)
	}

	// -fail-rate fails evenly spaced runs of the sequence.
	s2 := newSim(t, func(c *Config) { c.FailRate = 0.5 })
	var got []string
	for range 4 {
		got = append(got, s2.finished("apidojo~tweet-scraper", `{"twitterHandles":["a"],"maxItems":1}`, "").Status)
	}
	if want := []string{statusSucceeded, statusFailed, statusSucceeded, statusFailed}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("fail-rate 0.5: %v, want %v", got, want)
	}
}

func TestAbort(t *testing.T) {
	s := newSim(t, func(c *Config) { c.RunDuration = 5 * time.Second })
	rc := newReceiver(t)
	r := s.start("clockworks~tiktok-scraper", tiktokInput, webhooksParam(t, map[string]any{"eventTypes": []string{"ACTOR.RUN.ABORTED"}, "requestUrl": rc.srv.URL}))
	resp := s.do(http.MethodPost, "/v2/actor-runs/"+r.ID+"/abort", "")
	resp.Body.Close()
	if got := s.getRun(r.ID); got.Status != statusAborted {
		t.Fatalf("after abort: %s", got.Status)
	}
	rc.waitFor(t, s, 1)
}

func TestRunSyncGetDatasetItems(t *testing.T) {
	s := newSim(t, nil)
	resp := s.do(http.MethodPost, "/v2/acts/apidojo~tweet-scraper/run-sync-get-dataset-items", `{"twitterHandles":["nasa"],"maxItems":4}`)
	defer resp.Body.Close()
	var items []map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&items)
	if resp.StatusCode != http.StatusCreated || len(items) != 4 {
		t.Fatalf("%d, %d items", resp.StatusCode, len(items))
	}
}

func TestHugeProfileStreamsWithoutHoldingTheDataset(t *testing.T) {
	const n = 100_000
	s := newSim(t, func(c *Config) { c.ItemsPerProfileMax = n; c.Quirks = false })
	r := s.finished("clockworks~tiktok-scraper", fmt.Sprintf(`{"profiles":["bigcreator"],"resultsPerPage":%d}`, n), "")
	if r.Status != statusSucceeded {
		t.Fatalf("run %s", r.Status)
	}
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak atomic.Uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		var m runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
		}
	}()

	resp := s.do(http.MethodGet, "/v2/datasets/"+r.DefaultDatasetID+"/items?format=json&clean=true", "")
	counter := &countingReader{r: resp.Body}
	// The simulator writes one item a line. Reading the fields by hand
	// rather than decoding every item keeps the test quick under -race;
	// every 500th item is still checked to be a valid JSON object.
	br := bufio.NewReaderSize(counter, 1<<20)
	seen := make(map[string]bool, n)
	var prev string
	for i := 0; ; i++ {
		line, err := br.ReadBytes('\n')
		if err != nil && err != io.EOF {
			t.Fatal(err)
		}
		if i == 0 {
			line = bytes.TrimPrefix(line, []byte("["))
		}
		last := err == io.EOF
		line = bytes.TrimSuffix(bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte(",")), []byte("]"))
		if i%500 == 0 && !json.Valid(line) {
			t.Fatalf("item %d is not JSON: %.200s", i, line)
		}
		id, created := itemField(line, "id"), itemField(line, "createTimeISO")
		if id == "" || seen[id] || itemField(line, "input") != "bigcreator" {
			t.Fatalf("item %d: id %q (seen %v), input %q", i, id, seen[id], itemField(line, "input"))
		}
		seen[id] = true
		if !bytes.Contains(line, []byte(`"isPinned":true`)) {
			if prev != "" && created > prev {
				t.Fatalf("item %d (%s) is newer than the one before it (%s)", i, created, prev)
			}
			prev = created
		}
		if last {
			break
		}
	}
	resp.Body.Close()
	close(stop)
	<-done
	if len(seen) != n || resp.Header.Get("X-Apify-Pagination-Total") != fmt.Sprint(n) {
		t.Fatalf("%d items, total header %s", len(seen), resp.Header.Get("X-Apify-Pagination-Total"))
	}
	grew := int64(peak.Load()) - int64(base.HeapInuse)
	t.Logf("streamed %d MB; heap grew by at most %d MB", counter.n>>20, grew>>20)
	if counter.n < 100<<20 {
		t.Fatalf("only %d bytes streamed", counter.n)
	}
	// The test's own set of 100,000 ids takes some; the dataset (over
	// 100 MB of JSON) must not be held.
	if grew > 48<<20 {
		t.Fatalf("heap grew by %d MB while streaming: the dataset is being held", grew>>20)
	}
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// itemField reads a top-level string field from one item's JSON by hand.
func itemField(item []byte, name string) string {
	key := []byte(`"` + name + `":"`)
	i := bytes.Index(item, key)
	if i < 0 {
		return ""
	}
	rest := item[i+len(key):]
	j := bytes.IndexByte(rest, '"')
	if j < 0 {
		return ""
	}
	return string(rest[:j])
}

func TestClockMovesOnWhenAsked(t *testing.T) {
	s := newSim(t, noQuirks)
	input := `{"postURLs":["https://www.tiktok.com/@calm.creator/video/7301234567890123456"]}`
	before := s.finished("clockworks~tiktok-scraper", input, "")
	resp := s.do(http.MethodPost, "/sim/clock?by=90m", "")
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("advance: %d", resp.StatusCode)
	}
	after := s.finished("clockworks~tiktok-scraper", input, "")
	started := func(r apiRun) time.Time {
		at, err := time.Parse(time.RFC3339, r.StartedAt)
		if err != nil {
			t.Fatal(err)
		}
		return at
	}
	if d := started(after).Sub(started(before)); d != 90*time.Minute {
		t.Fatalf("runs started %s apart, want 90m", d)
	}
	count := func(r apiRun) int64 {
		items, _ := s.items(r.DefaultDatasetID, "")
		n, err := items[0]["playCount"].(json.Number).Int64()
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if count(after) <= count(before) {
		t.Fatalf("views did not grow over 90 simulated minutes: %d → %d", count(before), count(after))
	}
	for _, bad := range []string{"/sim/clock?by=-1h", "/sim/clock?by=soon"} {
		resp := s.do(http.MethodPost, bad, "")
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: %d", bad, resp.StatusCode)
		}
	}
}
