package ingest

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/reeltrack/reeltrack/internal/metrics"
)

// scripted is a provider stand-in on loopback that answers each request
// with the next status of its script (then 2xx) and records every attempt.
type scripted struct {
	mu       sync.Mutex
	script   []int
	attempts []attempt
	drop     int // close this many connections without answering, first
}

type attempt struct {
	method, path, auth, webhooks, body string
	at                                 time.Time
}

func (s *scripted) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	s.attempts = append(s.attempts, attempt{
		method: r.Method, path: r.URL.Path, auth: r.Header.Get("Authorization"),
		webhooks: r.URL.Query().Get("webhooks"), body: string(body), at: time.Now(),
	})
	n := len(s.attempts)
	drop := n <= s.drop
	status := 0
	if !drop && n-s.drop <= len(s.script) {
		status = s.script[n-s.drop-1]
	}
	s.mu.Unlock()
	if drop {
		// The request arrived, but no answer does: for a start, a run may
		// have been made.
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
		return
	}
	w.Header().Set("Content-Type", "application/json")
	switch {
	case status == http.StatusTooManyRequests:
		// Apify sends none, but a server that does must not stretch the
		// waits past the configured bounds.
		w.Header().Set("Retry-After", "3600")
		w.WriteHeader(status)
		fmt.Fprint(w, `{"error":{"type":"rate-limit-exceeded","message":"slow down"}}`)
	case status != 0:
		w.WriteHeader(status)
		fmt.Fprintf(w, `{"error":{"type":"scripted","message":"answer %d"}}`, status)
	case r.Method == http.MethodPost:
		w.WriteHeader(http.StatusCreated)
		fmt.Fprint(w, `{"data":{"id":"run-1","status":"READY","defaultDatasetId":"ds-1"}}`)
	default:
		fmt.Fprint(w, `{"data":{"id":"run-1","status":"SUCCEEDED","defaultDatasetId":"ds-1"}}`)
	}
}

func (s *scripted) recorded() []attempt {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]attempt(nil), s.attempts...)
}

// testClient returns a client of srv with tiny waits. Each attempt dials a
// new connection (no keep-alive), so the transport never replays a request
// on its own and the server sees exactly the client's attempts. The first
// refused dials fail with connection refused, as a provider that is down.
func testClient(t *testing.T, srv *httptest.Server, refused int) (*Client, *atomic.Int32) {
	t.Helper()
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	deadAddr := closed.Addr().String()
	closed.Close()
	var dials atomic.Int32
	var d net.Dialer
	tr := &http.Transport{
		DisableKeepAlives: true,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			if int(dials.Add(1)) <= refused {
				return d.DialContext(ctx, network, deadAddr)
			}
			return d.DialContext(ctx, network, addr)
		},
	}
	t.Cleanup(tr.CloseIdleConnections)
	c := NewClient(ClientOptions{
		BaseURL: srv.URL, Token: "test-token", RetryMax: 3,
		RetryWait: time.Millisecond, MaxWait: 4 * time.Millisecond,
		HTTPClient: &http.Client{Transport: tr, Timeout: 5 * time.Second},
	})
	return c, &dials
}

func newScripted(t *testing.T, script ...int) (*scripted, *httptest.Server) {
	t.Helper()
	s := &scripted{script: script}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return s, srv
}

// bounded is a context that ends the call well before the test's own
// timeout, so a back-off that ignores its bounds fails the test quickly.
func bounded(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func startRun(t *testing.T, c *Client, key string) (Run, error) {
	return c.StartRun(bounded(t), "clockworks~tiktok-scraper", json.RawMessage(`{"profiles":["a"]}`),
		Webhook{RequestURL: "http://127.0.0.1:1/hook", Headers: map[string]string{"X-Secret": "s"}, IdempotencyKey: key})
}

func wantStatus(t *testing.T, err error, status int) {
	t.Helper()
	var pe *ProviderError
	if !errors.As(err, &pe) || pe.Status != status {
		t.Fatalf("error %v, want a provider error %d", err, status)
	}
}

func checkAuth(t *testing.T, got []attempt) {
	t.Helper()
	for i, a := range got {
		if a.auth != "Bearer test-token" {
			t.Fatalf("attempt %d sent Authorization %q, want the bearer token", i+1, a.auth)
		}
	}
}

// TestReadsRetryTransientAnswers: reads retry 429 and 5xx (but 501) until
// an answer comes, and give up after RetryMax retries with the last answer.
func TestReadsRetryTransientAnswers(t *testing.T) {
	for _, status := range []int{429, 500, 502, 503, 504} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			s, srv := newScripted(t, status, status)
			c, _ := testClient(t, srv, 0)
			run, err := c.GetRun(bounded(t), "run-1")
			if err != nil || run.Status != RunSucceeded {
				t.Fatalf("GetRun after two %d: %+v, %v", status, run, err)
			}
			got := s.recorded()
			if len(got) != 3 {
				t.Fatalf("%d attempts, want 3 (two %d, then the answer)", len(got), status)
			}
			checkAuth(t, got)

			s, srv = newScripted(t, status, status, status, status, status)
			c, _ = testClient(t, srv, 0)
			_, err = c.GetRun(bounded(t), "run-1")
			wantStatus(t, err, status)
			if n := len(s.recorded()); n != 4 {
				t.Fatalf("always %d: %d attempts, want 4 (RetryMax 3)", status, n)
			}
		})
	}
}

// TestReadsDoNotRetryOtherClientErrors: other 4xx (and 501) are final.
func TestReadsDoNotRetryOtherClientErrors(t *testing.T) {
	for _, status := range []int{400, 401, 402, 403, 404, 501} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			s, srv := newScripted(t, status, status)
			c, _ := testClient(t, srv, 0)
			_, err := c.GetRun(bounded(t), "run-1")
			wantStatus(t, err, status)
			got := s.recorded()
			if len(got) != 1 {
				t.Fatalf("%d attempts on %d, want 1", len(got), status)
			}
			checkAuth(t, got)
		})
	}
}

// TestReadsRetryNetworkErrors: a refused dial and a connection closed
// before the answer are both retried for reads.
func TestReadsRetryNetworkErrors(t *testing.T) {
	s, srv := newScripted(t)
	c, dials := testClient(t, srv, 2)
	if _, err := c.GetRun(bounded(t), "run-1"); err != nil {
		t.Fatal(err)
	}
	if d, n := dials.Load(), len(s.recorded()); d != 3 || n != 1 {
		t.Fatalf("%d dials and %d requests, want 3 (two refused) and 1", d, n)
	}

	s, srv = newScripted(t)
	s.drop = 2
	c, _ = testClient(t, srv, 0)
	if _, err := c.GetRun(bounded(t), "run-1"); err != nil {
		t.Fatal(err)
	}
	if n := len(s.recorded()); n != 3 {
		t.Fatalf("%d attempts, want 3 (two dropped, then the answer)", n)
	}
	checkAuth(t, s.recorded())
}

// TestStartRunRetriesOnlyWhenNoRunWasMade: starting a run is not
// idempotent (the idempotency key only stops the provider registering the
// webhook twice, not from starting a second run), so a start is retried on
// 429 and a refused dial, where no run can have been made, and on nothing
// else. Every retry carries the same input and the same webhook key.
func TestStartRunRetriesOnlyWhenNoRunWasMade(t *testing.T) {
	t.Run("429", func(t *testing.T) {
		s, srv := newScripted(t, 429, 429)
		c, _ := testClient(t, srv, 0)
		run, err := startRun(t, c, "job-1")
		if err != nil || run.ID != "run-1" {
			t.Fatalf("start after two 429: %+v, %v", run, err)
		}
		got := s.recorded()
		if len(got) != 3 {
			t.Fatalf("%d attempts, want 3", len(got))
		}
		checkAuth(t, got)
		for i, a := range got {
			if a.method != http.MethodPost || a.path != "/v2/actors/clockworks~tiktok-scraper/runs" ||
				a.body != `{"profiles":["a"]}` || a.webhooks != got[0].webhooks {
				t.Fatalf("attempt %d differs from the first: %+v vs %+v", i+1, a, got[0])
			}
		}
		raw, err := base64.StdEncoding.DecodeString(got[0].webhooks)
		if err != nil {
			t.Fatalf("webhooks is not standard Base64: %v", err)
		}
		var hooks []struct {
			EventTypes      []string `json:"eventTypes"`
			RequestURL      string   `json:"requestUrl"`
			HeadersTemplate string   `json:"headersTemplate"`
			IdempotencyKey  string   `json:"idempotencyKey"`
		}
		if err := json.Unmarshal(raw, &hooks); err != nil || len(hooks) != 1 {
			t.Fatalf("webhooks %s: %v", raw, err)
		}
		h := hooks[0]
		if h.IdempotencyKey != "job-1" || h.RequestURL != "http://127.0.0.1:1/hook" ||
			h.HeadersTemplate != `{"X-Secret":"s"}` || len(h.EventTypes) != 4 {
			t.Fatalf("webhook %+v", h)
		}
	})
	t.Run("always 429", func(t *testing.T) {
		s, srv := newScripted(t, 429, 429, 429, 429, 429)
		c, _ := testClient(t, srv, 0)
		_, err := startRun(t, c, "job-1")
		wantStatus(t, err, 429)
		if n := len(s.recorded()); n != 4 {
			t.Fatalf("%d attempts, want 4 (RetryMax 3)", n)
		}
	})
	for _, status := range []int{500, 502, 503, 504, 400, 401, 402, 404} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			s, srv := newScripted(t, status)
			c, _ := testClient(t, srv, 0)
			_, err := startRun(t, c, "job-1")
			wantStatus(t, err, status)
			got := s.recorded()
			if len(got) != 1 {
				t.Fatalf("%d start attempts on %d, want 1: a retry could start a second run", len(got), status)
			}
			checkAuth(t, got)
		})
	}
	t.Run("refused dial", func(t *testing.T) {
		s, srv := newScripted(t)
		c, dials := testClient(t, srv, 2)
		if _, err := startRun(t, c, "job-1"); err != nil {
			t.Fatal(err)
		}
		if d, n := dials.Load(), len(s.recorded()); d != 3 || n != 1 {
			t.Fatalf("%d dials and %d requests, want 3 (two refused) and 1", d, n)
		}
	})
	t.Run("connection closed after the request", func(t *testing.T) {
		s, srv := newScripted(t)
		s.drop = 1
		c, _ := testClient(t, srv, 0)
		if _, err := startRun(t, c, "job-1"); err == nil {
			t.Fatal("a start whose answer was lost succeeded")
		}
		if n := len(s.recorded()); n != 1 {
			t.Fatalf("%d start attempts, want 1: the provider may have started the run", n)
		}
	})
}

// TestRetryWaitsStayWithinBounds: the waits between attempts are at least
// half the first back-off, and a 429's Retry-After (which Apify does not
// send) cannot stretch them past MaxWait.
func TestRetryWaitsStayWithinBounds(t *testing.T) {
	s, srv := newScripted(t, 429, 429, 429)
	c, _ := testClient(t, srv, 0)
	c.http.RetryWaitMin, c.http.RetryWaitMax = 20*time.Millisecond, 50*time.Millisecond
	if _, err := c.GetRun(bounded(t), "run-1"); err != nil {
		t.Fatalf("%v: Retry-After: 3600 stretched the waits past MaxWait?", err)
	}
	got := s.recorded()
	if len(got) != 4 {
		t.Fatalf("%d attempts, want 4", len(got))
	}
	for i := 1; i < len(got); i++ {
		if gap := got[i].at.Sub(got[i-1].at); gap < 10*time.Millisecond {
			t.Fatalf("wait before attempt %d was %v, want at least RetryWait/2 = 10ms", i+1, gap)
		}
	}
}

// TestJitterBackoff: the wait before retry n is random in [d/2, d] with
// d = min·2^n capped at max, so clients that failed together spread out.
func TestJitterBackoff(t *testing.T) {
	const minWait, maxWait = 100 * time.Millisecond, 3 * time.Second
	for n := range 12 {
		d := min(minWait<<n, maxWait)
		seen := map[time.Duration]bool{}
		for range 200 {
			w := jitterBackoff(minWait, maxWait, n, nil)
			if w < d/2 || w > d {
				t.Fatalf("attempt %d: wait %v outside [%v, %v]", n, w, d/2, d)
			}
			seen[w] = true
		}
		if len(seen) < 100 {
			t.Fatalf("attempt %d: only %d distinct waits in 200: no jitter", n, len(seen))
		}
	}
	// A shift past the width of a Duration must not wrap to a tiny or
	// negative wait.
	for _, n := range []int{30, 63, 64, 1000} {
		if w := jitterBackoff(minWait, maxWait, n, nil); w < maxWait/2 || w > maxWait {
			t.Fatalf("attempt %d: wait %v, want within [max/2, max]", n, w)
		}
	}
	if w := jitterBackoff(time.Nanosecond, time.Nanosecond, 0, nil); w < 0 || w > time.Nanosecond {
		t.Fatalf("tiny bounds: wait %v", w)
	}
}

// TestClientUsesJitteredBackoffAndDefaults: both of the client's retrying
// clients use the jittered back-off, and the defaults are the official
// client's (8 tries from 500 ms).
func TestClientUsesJitteredBackoffAndDefaults(t *testing.T) {
	c := NewClient(ClientOptions{Token: "t"})
	if c.base != "https://api.apify.com" {
		t.Fatalf("base %q", c.base)
	}
	for name, hc := range map[string]*retryablehttp.Client{"reads": c.http, "starts": c.start} {
		if hc.RetryMax != 7 || hc.RetryWaitMin != 500*time.Millisecond || hc.RetryWaitMax != 30*time.Second ||
			hc.HTTPClient.Timeout != time.Minute {
			t.Fatalf("%s: %d retries, waits %v..%v, timeout %v; want 7, 500ms..30s, 1m",
				name, hc.RetryMax, hc.RetryWaitMin, hc.RetryWaitMax, hc.HTTPClient.Timeout)
		}
		seen := map[time.Duration]bool{}
		for range 50 {
			w := hc.Backoff(hc.RetryWaitMin, hc.RetryWaitMax, 2, nil)
			if w < time.Second || w > 2*time.Second {
				t.Fatalf("%s: third wait %v, want within [1s, 2s]", name, w)
			}
			seen[w] = true
		}
		if len(seen) < 10 {
			t.Fatalf("%s: %d distinct waits in 50: no jitter", name, len(seen))
		}
	}
}

// TestFailureOf: what each answer of the provider means for the caller.
func TestFailureOf(t *testing.T) {
	for status, want := range map[int]Failure{
		400: FailureRefused, 405: FailureRefused, 413: FailureRefused, 422: FailureRefused,
		401: FailureCredentials, 403: FailureCredentials,
		402: FailureNoCredit,
		404: FailureNotFound,
		429: FailureTransient, 500: FailureTransient, 501: FailureTransient, 502: FailureTransient, 503: FailureTransient,
	} {
		err := fmt.Errorf("start run: %w", &ProviderError{Status: status})
		if got := FailureOf(err); got != want {
			t.Errorf("%d: failure %d, want %d", status, got, want)
		}
	}
	if got := FailureOf(errors.New("dial tcp: connection refused")); got != FailureTransient {
		t.Errorf("network error: failure %d, want transient", got)
	}
}

// TestProviderOutagesAreTyped: every error of a call that may succeed
// later (429 and 5xx answers, a provider that cannot be reached, an answer
// cut short) matches ErrProviderUnavailable, so that the HTTP layer tells
// the provider's outage from the service's; a refusal (other 4xx), a call
// the caller cancelled and an error of the caller's own item callback do
// not.
func TestProviderOutagesAreTyped(t *testing.T) {
	for status, want := range map[int]bool{429: true, 500: true, 502: true, 503: true, 400: false, 401: false, 402: false, 404: false} {
		_, srv := newScripted(t, status, status, status, status)
		c, _ := testClient(t, srv, 0)
		_, err := c.GetRun(bounded(t), "run-1")
		if got := errors.Is(err, ErrProviderUnavailable); got != want {
			t.Errorf("answer %d: errors.Is(%v, ErrProviderUnavailable) = %v, want %v", status, err, got, want)
		}
	}

	_, srv := newScripted(t)
	c, _ := testClient(t, srv, 100)
	if _, err := c.GetRun(bounded(t), "run-1"); !errors.Is(err, ErrProviderUnavailable) {
		t.Errorf("provider down: %v does not match ErrProviderUnavailable", err)
	}

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	c, _ = testClient(t, srv, 0)
	if _, err := c.GetRun(ctx, "run-1"); err == nil || errors.Is(err, ErrProviderUnavailable) {
		t.Errorf("cancelled call: %v, want an error that is not the provider's outage", err)
	}

	page := `[{"id": "1"}, {"id": "2"}]`
	items := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, page)
	}))
	t.Cleanup(items.Close)
	c = NewClient(ClientOptions{BaseURL: items.URL, Token: "t", RetryMax: -1})
	mine := errors.New("snapshot store refused")
	_, err := c.Items(bounded(t), "ds", 0, 10, func(json.RawMessage) error { return mine })
	if !errors.Is(err, mine) || errors.Is(err, ErrProviderUnavailable) {
		t.Errorf("callback error: %v, want it as it is", err)
	}
	page = `[{"id": "1"},`
	if _, err := c.Items(bounded(t), "ds", 0, 10, func(json.RawMessage) error { return nil }); !errors.Is(err, ErrProviderUnavailable) {
		t.Errorf("truncated page: %v does not match ErrProviderUnavailable", err)
	}
}

// TestProviderErrorsHideSecrets: the error of a call that got no answer
// names the request without its query string (a run start's carries the
// webhook's secret header) and never holds the token, since it goes to the
// log and to the job's error, which the dashboard shows.
func TestProviderErrorsHideSecrets(t *testing.T) {
	_, srv := newScripted(t)
	c, _ := testClient(t, srv, 100)
	const secret = "webhook-secret-value"
	_, err := c.StartRun(bounded(t), "clockworks~tiktok-scraper", json.RawMessage(`{}`),
		Webhook{RequestURL: "http://127.0.0.1:1/hook?token=test-token", Headers: map[string]string{"X-Secret": secret}, IdempotencyKey: "k"})
	if !errors.Is(err, ErrProviderUnavailable) {
		t.Fatalf("start while the provider is down: %v", err)
	}
	text := err.Error()
	for _, leak := range []string{"?", "webhooks", secret, base64.StdEncoding.EncodeToString([]byte(secret))[:12], "test-token"} {
		if strings.Contains(text, leak) {
			t.Fatalf("error %q holds %q", text, leak)
		}
	}
	if !strings.Contains(text, "/v2/actors/clockworks~tiktok-scraper/runs") {
		t.Fatalf("error %q does not name the request", text)
	}
}

// TestProviderAnswersAreCounted: every attempt of a request is counted by
// operation and status, retries included, and one that got no answer as
// error.
func TestProviderAnswersAreCounted(t *testing.T) {
	_, srv := newScripted(t, 429, 503)
	c, _ := testClient(t, srv, 1)
	m := metrics.New()
	c = NewClient(ClientOptions{
		BaseURL: srv.URL, Token: "test-token", RetryMax: 4, RetryWait: time.Millisecond, MaxWait: 4 * time.Millisecond,
		HTTPClient: c.http.HTTPClient, Metrics: m,
	})
	if _, err := c.GetRun(bounded(t), "run-1"); err != nil {
		t.Fatal(err)
	}
	for status, want := range map[string]float64{"error": 1, "429": 1, "5xx": 1, "2xx": 1} {
		got, _ := metrics.Value(m.Registry, "reeltrack_provider_requests_total", map[string]string{"operation": metrics.ProviderGetRun, "status": status})
		if got != want {
			t.Errorf("get_run %s: %v, want %v", status, got, want)
		}
	}
}
