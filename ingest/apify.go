package ingest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/reeltrack/reeltrack/ingest/normalize"
	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// Run is the part of a provider run the service reads.
type Run struct {
	ID               string     `json:"id"`
	ActID            string     `json:"actId"`
	Status           string     `json:"status"`
	StatusMessage    string     `json:"statusMessage"`
	StartedAt        *time.Time `json:"startedAt"`
	FinishedAt       *time.Time `json:"finishedAt"`
	DefaultDatasetID string     `json:"defaultDatasetId"`
}

// Run statuses. Hyphens here, underscores in webhook event names.
const (
	RunSucceeded = "SUCCEEDED"
	RunFailed    = "FAILED"
	RunTimedOut  = "TIMED-OUT"
	RunAborted   = "ABORTED"
)

// Terminal reports whether the run has ended.
func (r Run) Terminal() bool {
	switch r.Status {
	case RunSucceeded, RunFailed, RunTimedOut, RunAborted:
		return true
	}
	return false
}

// ProviderError is an error answer of the provider's API.
type ProviderError struct {
	Status  int
	Type    string
	Message string
}

func (e *ProviderError) Error() string {
	return fmt.Sprintf("scraping provider answered %d %s: %s", e.Status, e.Type, e.Message)
}

// Is makes an answer of 429 or 5xx match ErrProviderUnavailable.
func (e *ProviderError) Is(target error) bool {
	return target == ErrProviderUnavailable && (e.Status == http.StatusTooManyRequests || e.Status >= 500)
}

// ErrProviderUnavailable matches every provider call error that may succeed
// later, not a cancelled call.
var ErrProviderUnavailable = errors.New("the scraping provider is not answering")

// unreachable is a call without a whole answer; its text hides secrets.
type unreachable struct {
	msg string
	err error
}

func (e *unreachable) Error() string   { return e.msg }
func (e *unreachable) Unwrap() []error { return []error{e.err, ErrProviderUnavailable} }

// failed marks err as the provider's outage unless cancelled, scrubbing the URL.
func (c *Client) failed(err error) error {
	if err == nil || errors.Is(err, context.Canceled) {
		return err
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		u := ue.URL
		if i := strings.IndexAny(u, "?#"); i >= 0 {
			u = u[:i]
		}
		if p, perr := url.Parse(u); perr == nil && p.User != nil {
			p.User = nil
			u = p.String()
		}
		err = &url.Error{Op: ue.Op, URL: u, Err: ue.Err}
	}
	msg := err.Error()
	if c.token != "" {
		msg = strings.ReplaceAll(msg, c.token, "***")
	}
	return &unreachable{msg: msg, err: err}
}

// Failure is what a failed call to the provider means for the caller.
type Failure int

// The failures.
const (
	FailureTransient   Failure = iota // 429, 5xx, network or deadline
	FailureRefused                    // another 4xx: sending it again cannot help
	FailureCredentials                // 401 or 403: an operator must fix the token
	FailureNoCredit                   // 402
	FailureNotFound                   // 404: for a run start, a wrong actor name
)

// FailureOf classifies an error of a provider call.
func FailureOf(err error) Failure {
	var pe *ProviderError
	if !errors.As(err, &pe) {
		return FailureTransient
	}
	switch s := pe.Status; {
	case s == http.StatusTooManyRequests || s >= 500:
		return FailureTransient
	case s == http.StatusUnauthorized || s == http.StatusForbidden:
		return FailureCredentials
	case s == http.StatusPaymentRequired:
		return FailureNoCredit
	case s == http.StatusNotFound:
		return FailureNotFound
	case s >= 400:
		return FailureRefused
	}
	return FailureTransient
}

// Client speaks the Apify API v2, retrying 429s, 5xx and network errors.
type Client struct {
	base  string
	token string
	http  *retryablehttp.Client
	// start retries only 429s and unmade connections: starts are not idempotent
	start   *retryablehttp.Client
	account string
}

// Account names the provider account by a hash of base URL and token, so a
// new token starts afresh.
func (c *Client) Account() string { return c.account }

// ClientOptions configures a Client.
type ClientOptions struct {
	BaseURL    string // default https://api.apify.com
	Token      string
	RetryMax   int           // default 7 (8 tries)
	RetryWait  time.Duration // first back-off, default 500ms
	MaxWait    time.Duration // largest back-off, default 30s
	Timeout    time.Duration // per attempt, default 60s
	HTTPClient *http.Client
	Log        *slog.Logger
	// Metrics (nil: none) counts every attempt by operation and status.
	Metrics *metrics.Metrics
}

// NewClient returns a provider client.
func NewClient(o ClientOptions) *Client {
	if o.BaseURL == "" {
		o.BaseURL = "https://api.apify.com"
	}
	if o.RetryMax == 0 {
		o.RetryMax = 7
	}
	if o.RetryWait == 0 {
		o.RetryWait = 500 * time.Millisecond
	}
	if o.MaxWait == 0 {
		o.MaxWait = 30 * time.Second
	}
	if o.Timeout == 0 {
		o.Timeout = 60 * time.Second
	}
	mk := func(policy retryablehttp.CheckRetry) *retryablehttp.Client {
		c := retryablehttp.NewClient()
		c.RetryMax = o.RetryMax
		c.RetryWaitMin = o.RetryWait
		c.RetryWaitMax = o.MaxWait
		c.Backoff = jitterBackoff
		c.CheckRetry = policy
		c.Logger = nil
		c.ErrorHandler = retryablehttp.PassthroughErrorHandler
		if o.HTTPClient != nil {
			c.HTTPClient = o.HTTPClient
		} else {
			c.HTTPClient = &http.Client{Timeout: o.Timeout}
		}
		if o.Metrics != nil {
			hc := *c.HTTPClient
			hc.Transport = countedTransport{next: hc.Transport, m: o.Metrics}
			c.HTTPClient = &hc
		}
		return c
	}
	base := strings.TrimRight(o.BaseURL, "/")
	sum := sha256.Sum256([]byte(base + "\n" + o.Token))
	return &Client{
		base:    base,
		token:   o.Token,
		http:    mk(retryablehttp.DefaultRetryPolicy),
		start:   mk(startRetryPolicy),
		account: hex.EncodeToString(sum[:12]),
	}
}

type countedTransport struct {
	next http.RoundTripper // nil: http.DefaultTransport
	m    *metrics.Metrics
}

func (t countedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	next := t.next
	if next == nil {
		next = http.DefaultTransport
	}
	resp, err := next.RoundTrip(req)
	status := 0
	if err == nil {
		status = resp.StatusCode
	}
	t.m.ProviderAnswer(providerOperation(req.Method, req.URL.Path), status)
	return resp, err
}

func providerOperation(method, path string) string {
	switch {
	case method == http.MethodPost && strings.Contains(path, "/v2/actors/") && strings.HasSuffix(path, "/runs"):
		return metrics.ProviderStartRun
	case method == http.MethodGet && strings.Contains(path, "/v2/actor-runs/"):
		return metrics.ProviderGetRun
	case method == http.MethodGet && strings.Contains(path, "/v2/datasets/"):
		return metrics.ProviderDataset
	}
	return metrics.ProviderOther
}

// jitterBackoff waits a random [min·2^n / 2, min·2^n], capped at max.
func jitterBackoff(minWait, maxWait time.Duration, attempt int, _ *http.Response) time.Duration {
	d := minWait << min(attempt, 20)
	if d <= 0 || d > maxWait {
		d = maxWait
	}
	return d/2 + rand.N(d/2+1)
}

// startRetryPolicy retries a run start only when no run can have been made.
func startRetryPolicy(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if err != nil {
		var op *net.OpError
		return errors.As(err, &op) && op.Op == "dial", nil
	}
	return resp.StatusCode == http.StatusTooManyRequests, nil
}

// Webhook is the completion callback registered with a run.
type Webhook struct {
	RequestURL     string
	Headers        map[string]string // sent with every delivery (our secret header)
	IdempotencyKey string
}

// StartRun starts actor with input and registers the completion webhook.
func (c *Client) StartRun(ctx context.Context, actor string, input json.RawMessage, hook Webhook) (Run, error) {
	spec := map[string]any{
		"eventTypes":     []string{"ACTOR.RUN.SUCCEEDED", "ACTOR.RUN.FAILED", "ACTOR.RUN.ABORTED", "ACTOR.RUN.TIMED_OUT"},
		"requestUrl":     hook.RequestURL,
		"idempotencyKey": hook.IdempotencyKey,
	}
	if len(hook.Headers) > 0 {
		headers, err := json.Marshal(hook.Headers)
		if err != nil {
			return Run{}, fmt.Errorf("encode webhook headers: %w", err)
		}
		spec["headersTemplate"] = string(headers)
	}
	hooks, err := json.Marshal([]map[string]any{spec})
	if err != nil {
		return Run{}, fmt.Errorf("encode webhooks: %w", err)
	}
	q := url.Values{"webhooks": {base64.StdEncoding.EncodeToString(hooks)}}
	path := "/v2/actors/" + url.PathEscape(actor) + "/runs?" + q.Encode()
	var out struct {
		Data Run `json:"data"`
	}
	if err := c.do(ctx, c.start, http.MethodPost, path, input, &out); err != nil {
		return Run{}, fmt.Errorf("start %s run: %w", actor, err)
	}
	return out.Data, nil
}

// GetRun reads a run back.
func (c *Client) GetRun(ctx context.Context, runID string) (Run, error) {
	var out struct {
		Data Run `json:"data"`
	}
	if err := c.do(ctx, c.http, http.MethodGet, "/v2/actor-runs/"+url.PathEscape(runID), nil, &out); err != nil {
		return Run{}, fmt.Errorf("get run %s: %w", runID, err)
	}
	return out.Data, nil
}

// Items calls each with every item of one page of a dataset, returning the
// page's count; a short page does not end the dataset.
func (c *Client) Items(ctx context.Context, datasetID string, offset, limit int, each func(json.RawMessage) error) (int, error) {
	n, _, err := c.eachItem(ctx, datasetID, offset, limit, func(raw []byte, _ *normalize.ItemReader) error {
		return each(bytes.Clone(raw))
	})
	return n, err
}

// NormalizedItems reads a page like Items, each item normalized straight from the stream.
func (c *Client) NormalizedItems(ctx context.Context, datasetID string, offset, limit int, p platform.Platform, now time.Time, each func(normalize.Item, error) error) (int, error) {
	n, _, err := c.normalizedPage(ctx, datasetID, offset, limit, p, now, each)
	return n, err
}

func (c *Client) normalizedPage(ctx context.Context, datasetID string, offset, limit int, p platform.Platform, now time.Time, each func(normalize.Item, error) error) (n, total int, err error) {
	return c.eachItem(ctx, datasetID, offset, limit, func(_ []byte, r *normalize.ItemReader) error {
		return each(r.Normalize(p, now))
	})
}

// eachItem reads one page, returning the count and the total (-1 without).
func (c *Client) eachItem(ctx context.Context, datasetID string, offset, limit int, each func([]byte, *normalize.ItemReader) error) (n, total int, err error) {
	total = -1
	q := url.Values{"format": {"json"}, "clean": {"true"}, "offset": {strconv.Itoa(offset)}, "limit": {strconv.Itoa(limit)}}
	req, err := c.request(ctx, http.MethodGet, "/v2/datasets/"+url.PathEscape(datasetID)+"/items?"+q.Encode(), nil)
	if err != nil {
		return 0, total, err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, total, fmt.Errorf("read dataset %s: %w", datasetID, c.failed(err))
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return 0, total, fmt.Errorf("read dataset %s: %w", datasetID, c.providerError(resp))
	}
	if t, err := strconv.Atoi(strings.TrimSpace(resp.Header.Get("X-Apify-Pagination-Total"))); err == nil && t >= 0 {
		total = t
	}
	// item by item: a page is never held whole
	a := normalize.NewItemReader(resp.Body)
	if err := a.Open(); err != nil {
		return 0, total, fmt.Errorf("read dataset %s: %w", datasetID, c.failed(err))
	}
	for {
		raw, err := a.Next()
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return n, total, fmt.Errorf("read dataset %s: truncated answer after %d items: %w", datasetID, n, c.failed(err))
		}
		if err != nil {
			return n, total, fmt.Errorf("read dataset %s item %d: %w", datasetID, offset+n, c.failed(err))
		}
		if raw == nil {
			// drained so the connection is reused
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10))
			return n, total, nil
		}
		n++
		if err := each(raw, a); err != nil {
			return n, total, err
		}
	}
}

func (c *Client) request(ctx context.Context, method, path string, body []byte) (*retryablehttp.Request, error) {
	var rb any
	if body != nil {
		rb = body
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.base+path, rb)
	if err != nil {
		return nil, fmt.Errorf("build request: %w", err)
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req, nil
}

func (c *Client) do(ctx context.Context, hc *retryablehttp.Client, method, path string, body []byte, out any) error {
	req, err := c.request(ctx, method, path, body)
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return c.failed(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return c.providerError(resp)
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 4<<20)).Decode(out); err != nil {
		return c.failed(fmt.Errorf("decode answer: %w", err))
	}
	return nil
}

// providerError reads an error answer, the token masked should it be echoed.
func (c *Client) providerError(resp *http.Response) error {
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	var body struct {
		Error struct {
			Type    string `json:"type"`
			Message string `json:"message"`
		} `json:"error"`
	}
	_ = json.Unmarshal(raw, &body)
	if body.Error.Message == "" {
		body.Error.Message = strings.TrimSpace(string(bytes.ToValidUTF8(raw[:min(len(raw), 200)], nil)))
	}
	msg := body.Error.Message
	if c.token != "" {
		msg = strings.ReplaceAll(msg, c.token, "***")
	}
	return &ProviderError{Status: resp.StatusCode, Type: body.Error.Type, Message: msg}
}
