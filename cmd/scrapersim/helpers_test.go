package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// sim is a simulator served by httptest for one test.
type sim struct {
	t     *testing.T
	srv   *Server
	http  *httptest.Server
	clock *fakeClock
}

// fakeClock is a wall clock the test moves by hand; timers still run on
// real time, so runs end after RunDuration as usual.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

var testEpoch = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func testConfig() Config {
	return Config{
		Addr:               "127.0.0.1:0",
		Token:              "test-token",
		RunDuration:        20 * time.Millisecond,
		Speed:              1,
		WebhookRetries:     8,
		WebhookBackoff:     20 * time.Millisecond,
		WebhookTimeout:     5 * time.Second,
		ItemsPerProfileMax: 1000,
		Quirks:             true,
	}
}

func newSim(t *testing.T, mod func(*Config)) *sim {
	t.Helper()
	cfg := testConfig()
	if mod != nil {
		mod(&cfg)
	}
	if cfg.Epoch.IsZero() {
		cfg.Epoch = testEpoch
	}
	clk := &fakeClock{t: cfg.Epoch}
	cfg.Now = clk.Now
	if err := cfg.Validate(); err != nil {
		t.Fatalf("config: %v", err)
	}
	srv := NewServer(cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	hs := httptest.NewServer(srv)
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
	})
	return &sim{t: t, srv: srv, http: hs, clock: clk}
}

// do sends a request with the test token in the Authorization header.
func (s *sim) do(method, path, body string) *http.Response {
	s.t.Helper()
	req, err := http.NewRequest(method, s.http.URL+path, strings.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer test-token")
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	return resp
}

// apiRun is the part of a Run the tests read.
type apiRun struct {
	ID               string  `json:"id"`
	ActID            string  `json:"actId"`
	UserID           string  `json:"userId"`
	Status           string  `json:"status"`
	StatusMessage    string  `json:"statusMessage"`
	StartedAt        string  `json:"startedAt"`
	FinishedAt       *string `json:"finishedAt"`
	DefaultDatasetID string  `json:"defaultDatasetId"`
	Meta             struct {
		Origin string `json:"origin"`
	} `json:"meta"`
}

// start starts a run and returns it; query is appended to the URL.
func (s *sim) start(actorPath, input, query string) apiRun {
	s.t.Helper()
	resp := s.do(http.MethodPost, "/v2/acts/"+actorPath+"/runs?"+query, input)
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		b, _ := io.ReadAll(resp.Body)
		s.t.Fatalf("start %s: %d %s", actorPath, resp.StatusCode, b)
	}
	var out struct{ Data apiRun }
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		s.t.Fatal(err)
	}
	return out.Data
}

// deliveriesEnded waits until the webhooks of the runs that have ended
// are delivered or given up.
func (s *sim) deliveriesEnded() {
	s.t.Helper()
	ended := make(chan struct{})
	go func() {
		s.srv.hooks.wg.Wait()
		close(ended)
	}()
	select {
	case <-ended:
	case <-time.After(time.Minute): // generous: a loaded machine is slow
		s.t.Fatal("webhook deliveries still under way after a minute")
	}
}

// finished starts a run and waits for it to end.
func (s *sim) finished(actorPath, input, query string) apiRun {
	s.t.Helper()
	return s.start(actorPath, input, "waitForFinish=10&"+query)
}

func (s *sim) getRun(id string) apiRun {
	s.t.Helper()
	resp := s.do(http.MethodGet, "/v2/actor-runs/"+id, "")
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		s.t.Fatalf("get run: %d", resp.StatusCode)
	}
	var out struct{ Data apiRun }
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		s.t.Fatal(err)
	}
	return out.Data
}

// items reads dataset items; numbers stay json.Number so big counts keep
// every digit.
func (s *sim) items(datasetID, query string) ([]map[string]any, http.Header) {
	s.t.Helper()
	resp := s.do(http.MethodGet, "/v2/datasets/"+datasetID+"/items?format=json&clean=true&"+query, "")
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		s.t.Fatalf("items: %d %s", resp.StatusCode, b)
	}
	dec := json.NewDecoder(resp.Body)
	dec.UseNumber()
	var out []map[string]any
	if err := dec.Decode(&out); err != nil {
		s.t.Fatal(err)
	}
	return out, resp.Header
}

// scrape runs an actor to the end and returns its items.
func (s *sim) scrape(actorPath, input string) []map[string]any {
	s.t.Helper()
	r := s.finished(actorPath, input, "")
	if r.Status != statusSucceeded {
		s.t.Fatalf("run %s ended %s: %s", r.ID, r.Status, r.StatusMessage)
	}
	items, _ := s.items(r.DefaultDatasetID, "")
	return items
}

// webhooksParam encodes webhook specs as the query parameter does.
func webhooksParam(t *testing.T, specs ...map[string]any) string {
	t.Helper()
	raw, err := json.Marshal(specs)
	if err != nil {
		t.Fatal(err)
	}
	return "webhooks=" + url.QueryEscape(base64.StdEncoding.EncodeToString(raw))
}

// receiver is a webhook endpoint that records deliveries.
type receiver struct {
	mu         sync.Mutex
	deliveries []delivery
	answers    []int // status per attempt; 200 once they run out
	attempts   int
	srv        *httptest.Server
	got        chan struct{}
}

type delivery struct {
	header http.Header
	body   map[string]any
}

func newReceiver(t *testing.T, answers ...int) *receiver {
	rc := &receiver{answers: answers, got: make(chan struct{}, 16)}
	rc.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		rc.mu.Lock()
		status := http.StatusOK
		if rc.attempts < len(rc.answers) {
			status = rc.answers[rc.attempts]
		}
		rc.attempts++
		if status/100 == 2 {
			var body map[string]any
			dec := json.NewDecoder(bytes.NewReader(raw))
			dec.UseNumber()
			if err := dec.Decode(&body); err != nil {
				t.Errorf("webhook body is not JSON: %v: %s", err, raw)
			}
			rc.deliveries = append(rc.deliveries, delivery{r.Header.Clone(), body})
		}
		rc.mu.Unlock()
		w.WriteHeader(status)
		if status/100 == 2 {
			rc.got <- struct{}{}
		}
	}))
	t.Cleanup(rc.srv.Close)
	return rc
}

// waitFor waits for n successful deliveries, then for every delivery of
// s's ended runs to end, so that extra ones are caught, and returns all of
// them.
func (rc *receiver) waitFor(t *testing.T, s *sim, n int) []delivery {
	t.Helper()
	for range n {
		select {
		case <-rc.got:
		case <-time.After(time.Minute): // generous: a loaded machine is slow
			t.Fatalf("webhook not delivered in time")
		}
	}
	s.deliveriesEnded()
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]delivery(nil), rc.deliveries...)
}

// count reads a count the way a normalizer must: a number, a string, a
// comma string; ok false for null or missing.
func count(t *testing.T, v any) (int64, bool) {
	t.Helper()
	switch x := v.(type) {
	case json.Number:
		n, err := strconv.ParseInt(x.String(), 10, 64)
		if err != nil {
			t.Fatalf("count %q: %v", x, err)
		}
		return n, true
	case string:
		n, err := strconv.ParseInt(strings.ReplaceAll(x, ",", ""), 10, 64)
		if err != nil {
			t.Fatalf("count %q: %v", x, err)
		}
		return n, true
	case nil:
		return 0, false
	}
	t.Fatalf("count of type %T: %v", v, v)
	return 0, false
}

// path reads a nested value: path(item, "authorMeta", "fans").
func path(item map[string]any, keys ...string) (any, bool) {
	var cur any = item
	for _, k := range keys {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		cur, ok = m[k]
		if !ok {
			return nil, false
		}
	}
	return cur, true
}
