package ingest

import (
	"bytes"
	"context"
	"encoding/base64"
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

// Client speaks the Apify API v2: start runs with a completion webhook, read
// runs back, page through dataset items. 429s, 5xx and network errors are
// retried with exponential back-off and jitter; other 4xx are not.
type Client struct {
	base  string
	token string
	http  *retryablehttp.Client
	// start is the client for starting runs, which are not idempotent: it
	// retries only answers that prove no run was made (429) and
	// connections that were never made.
	start *retryablehttp.Client
}

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
		return c
	}
	return &Client{
		base:  strings.TrimRight(o.BaseURL, "/"),
		token: o.Token,
		http:  mk(retryablehttp.DefaultRetryPolicy),
		start: mk(startRetryPolicy),
	}
}

// jitterBackoff is exponential back-off with full jitter: a random wait in
// [min·2^n / 2, min·2^n], capped at max.
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
	headers, err := json.Marshal(hook.Headers)
	if err != nil {
		return Run{}, fmt.Errorf("encode webhook headers: %w", err)
	}
	hooks, err := json.Marshal([]map[string]any{{
		"eventTypes":      []string{"ACTOR.RUN.SUCCEEDED", "ACTOR.RUN.FAILED", "ACTOR.RUN.ABORTED", "ACTOR.RUN.TIMED_OUT"},
		"requestUrl":      hook.RequestURL,
		"headersTemplate": string(headers),
		"idempotencyKey":  hook.IdempotencyKey,
	}})
	if err != nil {
		return Run{}, fmt.Errorf("encode webhooks: %w", err)
	}
	q := url.Values{"webhooks": {base64.StdEncoding.EncodeToString(hooks)}}
	path := "/v2/acts/" + url.PathEscape(actor) + "/runs?" + q.Encode()
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

// Items reads one page of a dataset's items, clean and unflattened, and
// calls each with every item in turn. It returns how many items the page
// held; fewer than limit means the dataset is exhausted.
func (c *Client) Items(ctx context.Context, datasetID string, offset, limit int, each func(json.RawMessage) error) (int, error) {
	return c.eachItem(ctx, datasetID, offset, limit, nil, func(raw []byte, _ jsonObject) error {
		return each(bytes.Clone(raw))
	})
}

// NormalizedItems reads a page like Items and calls each with every item
// normalized as by Normalize for platform p: the Item, or the error for
// which Normalize refuses it. Each item is read once, straight from the
// stream, where Items and then Normalize would read it twice.
func (c *Client) NormalizedItems(ctx context.Context, datasetID string, offset, limit int, p platform.Platform, now time.Time, each func(Item, error) error) (int, error) {
	members := make([]jsonMember, 0, 64) // reused: an item is done with before the next
	return c.eachItem(ctx, datasetID, offset, limit, &members, func(_ []byte, o jsonObject) error {
		return each(normalizeObject(p, o, now))
	})
}

// eachItem reads one page and calls each with every item, which holds only
// during the call; with members set, items that are objects come indexed.
func (c *Client) eachItem(ctx context.Context, datasetID string, offset, limit int, members *[]jsonMember, each func([]byte, jsonObject) error) (int, error) {
	q := url.Values{"format": {"json"}, "clean": {"true"}, "offset": {strconv.Itoa(offset)}, "limit": {strconv.Itoa(limit)}}
	req, err := c.request(ctx, http.MethodGet, "/v2/datasets/"+url.PathEscape(datasetID)+"/items?"+q.Encode(), nil)
	if err != nil {
		return 0, err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, fmt.Errorf("read dataset %s: %w", datasetID, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return 0, fmt.Errorf("read dataset %s: %w", datasetID, providerError(resp))
	}
	// Stream the array item by item: a page is never held whole.
	a := arrayReader{r: resp.Body, buf: make([]byte, 64<<10)}
	if err := a.open(); err != nil {
		return 0, fmt.Errorf("read dataset %s: %w", datasetID, err)
	}
	n := 0
	for {
		raw, o, err := a.next(members)
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return n, fmt.Errorf("read dataset %s: truncated answer after %d items: %w", datasetID, n, err)
		}
		if err != nil {
			return n, fmt.Errorf("read dataset %s item %d: %w", datasetID, offset+n, err)
		}
		if raw == nil {
			// Read the rest of the body (a newline, the last chunk) so
			// the connection can be reused.
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10))
			return n, nil
		}
		n++
		if err := each(raw, o); err != nil {
			return n, err
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
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return providerError(resp)
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 4<<20)).Decode(out); err != nil {
		return fmt.Errorf("decode answer: %w", err)
	}
	return nil
}

func providerError(resp *http.Response) error {
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
	return &ProviderError{Status: resp.StatusCode, Type: body.Error.Type, Message: body.Error.Message}
}
