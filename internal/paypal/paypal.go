// Package paypal is a client of PayPal's Payouts API (v1): an OAuth 2.0
// token by client credentials, a payout batch created with the sender's
// batch id (which PayPal refuses to pay twice within 30 days), and a batch
// read back with its items' transaction statuses (docs/creators.md,
// "Paying through PayPal").
package paypal

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// The APIs' addresses.
const (
	LiveURL    = "https://api-m.paypal.com"
	SandboxURL = "https://api-m.sandbox.paypal.com"
)

// Credentials are a workspace's PayPal REST app.
type Credentials struct {
	ClientID string
	Secret   string
	// Sandbox: the app is a sandbox app, whose API is another.
	Sandbox bool
}

// Client calls the Payouts API. Its zero value is not usable: NewClient.
type Client struct {
	live, sandbox string
	http          *retryablehttp.Client

	mu     sync.Mutex
	tokens map[string]token // by API and client id
	now    func() time.Time
}

type token struct {
	value   string
	expires time.Time
	secret  string // the secret it was issued for: a new one asks again
}

// Options configure a Client; empty fields take the defaults.
type Options struct {
	LiveURL, SandboxURL string
	// RetryMax is how often a request PayPal answered 5xx or 429, or that
	// did not reach it, is sent again (2).
	RetryMax  int
	RetryWait time.Duration // the least wait between tries (500 ms)
	Timeout   time.Duration // of one try (30 s)
	Now       func() time.Time
}

// NewClient returns a client of the APIs o names.
func NewClient(o Options) *Client {
	if o.LiveURL == "" {
		o.LiveURL = LiveURL
	}
	if o.SandboxURL == "" {
		o.SandboxURL = SandboxURL
	}
	if o.RetryMax == 0 {
		o.RetryMax = 2
	}
	if o.RetryWait == 0 {
		o.RetryWait = 500 * time.Millisecond
	}
	if o.Timeout == 0 {
		o.Timeout = 30 * time.Second
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	c := retryablehttp.NewClient()
	c.RetryMax = o.RetryMax
	c.RetryWaitMin = o.RetryWait
	c.RetryWaitMax = 4 * o.RetryWait
	c.Logger = nil
	c.ErrorHandler = retryablehttp.PassthroughErrorHandler
	c.HTTPClient = &http.Client{Timeout: o.Timeout}
	return &Client{
		live: strings.TrimRight(o.LiveURL, "/"), sandbox: strings.TrimRight(o.SandboxURL, "/"),
		http: c, tokens: map[string]token{}, now: o.Now,
	}
}

func (c *Client) base(cr Credentials) string {
	if cr.Sandbox {
		return c.sandbox
	}
	return c.live
}

// Error is an answer of PayPal other than a success: its HTTP status and,
// where it sent one, its error body (its name, message and details).
type Error struct {
	Status  int
	Name    string        `json:"name"`
	Message string        `json:"message"`
	DebugID string        `json:"debug_id"`
	Details []ErrorDetail `json:"details"`
	// the OAuth endpoint's form of an error
	OAuthError       string `json:"error"`
	OAuthDescription string `json:"error_description"`
}

// ErrorDetail is one problem PayPal names in an error.
type ErrorDetail struct {
	Field string `json:"field"`
	Issue string `json:"issue"`
	Link  []Link `json:"link"`
}

// Link is one of PayPal's HATEOAS links.
type Link struct {
	Href   string `json:"href"`
	Rel    string `json:"rel"`
	Method string `json:"method"`
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "PayPal answered %d", e.Status)
	switch {
	case e.Name != "":
		fmt.Fprintf(&b, " %s", e.Name)
		if e.Message != "" {
			fmt.Fprintf(&b, ": %s", strings.TrimSuffix(e.Message, "."))
		}
	case e.OAuthError != "":
		fmt.Fprintf(&b, " %s", e.OAuthError)
		if e.OAuthDescription != "" {
			fmt.Fprintf(&b, ": %s", e.OAuthDescription)
		}
	}
	for _, d := range e.Details {
		if d.Issue != "" {
			fmt.Fprintf(&b, "; %s", d.Issue)
			if d.Field != "" {
				fmt.Fprintf(&b, " (%s)", d.Field)
			}
		}
	}
	if e.DebugID != "" {
		fmt.Fprintf(&b, " [debug id %s]", e.DebugID)
	}
	return b.String()
}

// Refused reports whether PayPal answered and refused for good: a 4xx other
// than 429 (the same request would be refused again). A 5xx, a 429 or a
// request that did not reach PayPal may be sent again.
func Refused(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Status >= 400 && e.Status < 500 && e.Status != http.StatusTooManyRequests
}

// ErrCredentials: PayPal refused the client id and secret.
var ErrCredentials = errors.New("PayPal refused the client id and secret")

// Check asks for a token with cr: nil when PayPal takes them.
func (c *Client) Check(ctx context.Context, cr Credentials) error {
	c.forget(cr)
	_, err := c.token(ctx, cr)
	return err
}

func (c *Client) forget(cr Credentials) {
	c.mu.Lock()
	delete(c.tokens, c.base(cr)+"\n"+cr.ClientID)
	c.mu.Unlock()
}

// token returns a token for cr, kept until a minute before it expires.
func (c *Client) token(ctx context.Context, cr Credentials) (string, error) {
	key := c.base(cr) + "\n" + cr.ClientID
	c.mu.Lock()
	t, ok := c.tokens[key]
	c.mu.Unlock()
	if ok && t.secret == cr.Secret && c.now().Before(t.expires) {
		return t.value, nil
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.base(cr)+"/v1/oauth2/token",
		strings.NewReader(url.Values{"grant_type": {"client_credentials"}}.Encode()))
	if err != nil {
		return "", err
	}
	req.SetBasicAuth(cr.ClientID, cr.Secret)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	var out struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
		ExpiresIn   int    `json:"expires_in"`
	}
	if err := c.do(req, &out); err != nil {
		var e *Error
		if errors.As(err, &e) && (e.Status == http.StatusUnauthorized || e.OAuthError == "invalid_client") {
			return "", fmt.Errorf("%w: %w", ErrCredentials, err)
		}
		return "", fmt.Errorf("PayPal token: %w", err)
	}
	if out.AccessToken == "" {
		return "", errors.New("PayPal token: the answer holds no access_token")
	}
	life := time.Duration(out.ExpiresIn)*time.Second - time.Minute
	c.mu.Lock()
	c.tokens[key] = token{value: out.AccessToken, expires: c.now().Add(life), secret: cr.Secret}
	c.mu.Unlock()
	return out.AccessToken, nil
}

// do sends req and decodes a 2xx answer's JSON into out; any other answer
// is an *Error.
func (c *Client) do(req *retryablehttp.Request, out any) error {
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("PayPal could not be reached: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return fmt.Errorf("PayPal's answer: %w", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		e := &Error{Status: resp.StatusCode}
		_ = json.Unmarshal(body, e) // a body that is not PayPal's JSON leaves the status alone
		return e
	}
	if err := json.Unmarshal(body, out); err != nil {
		return fmt.Errorf("PayPal's answer is not the JSON expected: %w", err)
	}
	return nil
}

// call sends an authorised JSON request.
func (c *Client) call(ctx context.Context, cr Credentials, method, path string, in, out any, requestID string) error {
	tok, err := c.token(ctx, cr)
	if err != nil {
		return err
	}
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.base(cr)+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if requestID != "" {
		req.Header.Set("PayPal-Request-Id", requestID)
	}
	err = c.do(req, out)
	var e *Error
	if errors.As(err, &e) && e.Status == http.StatusUnauthorized {
		c.forget(cr) // an expired or revoked token: the next call asks again
	}
	return err
}

// Money is an amount in PayPal's form: a decimal string and its currency.
type Money struct {
	Currency string `json:"currency"`
	Value    string `json:"value"`
}

// SenderBatchHeader is the sender's header of a payout.
type SenderBatchHeader struct {
	SenderBatchID string `json:"sender_batch_id"`
	RecipientType string `json:"recipient_type,omitempty"`
	EmailSubject  string `json:"email_subject,omitempty"`
	EmailMessage  string `json:"email_message,omitempty"`
}

// PayoutItem is one payment of a payout, as sent.
type PayoutItem struct {
	RecipientType string `json:"recipient_type"`
	Amount        Money  `json:"amount"`
	Note          string `json:"note,omitempty"`
	Receiver      string `json:"receiver"`
	SenderItemID  string `json:"sender_item_id"`
}

// Payout is the request that creates a payout batch.
type Payout struct {
	SenderBatchHeader SenderBatchHeader `json:"sender_batch_header"`
	Items             []PayoutItem      `json:"items"`
}

// BatchHeader is a payout's header, as PayPal keeps it.
type BatchHeader struct {
	PayoutBatchID     string            `json:"payout_batch_id"`
	BatchStatus       string            `json:"batch_status"`
	TimeCreated       string            `json:"time_created,omitempty"`
	TimeCompleted     string            `json:"time_completed,omitempty"`
	SenderBatchHeader SenderBatchHeader `json:"sender_batch_header"`
	Amount            *Money            `json:"amount,omitempty"`
	Fees              *Money            `json:"fees,omitempty"`
}

// ItemError is why an item is not paid (RECEIVER_UNREGISTERED, ...).
type ItemError struct {
	Name    string `json:"name"`
	Message string `json:"message"`
}

// Item is one payment of a payout, as PayPal keeps it.
type Item struct {
	PayoutItemID      string     `json:"payout_item_id"`
	TransactionID     string     `json:"transaction_id,omitempty"`
	TransactionStatus string     `json:"transaction_status"`
	PayoutBatchID     string     `json:"payout_batch_id"`
	PayoutItem        PayoutItem `json:"payout_item"`
	TimeProcessed     string     `json:"time_processed,omitempty"`
	Errors            *ItemError `json:"errors,omitempty"`
}

// Batch is a payout as PayPal answers it: its header and, read back, its
// items.
type Batch struct {
	BatchHeader BatchHeader `json:"batch_header"`
	Items       []Item      `json:"items"`
	Links       []Link      `json:"links"`
}

// batchPath is the path of a payout; an id PayPal made holds letters and
// digits only.
var batchID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// CreatePayout creates the payout. A payout whose sender batch id PayPal
// has already (a retry after an answer that was lost) is read back and
// answered instead, so a batch is paid once whatever the retries.
func (c *Client) CreatePayout(ctx context.Context, cr Credentials, p Payout) (Batch, error) {
	var out Batch
	err := c.call(ctx, cr, http.MethodPost, "/v1/payments/payouts", p, &out, p.SenderBatchHeader.SenderBatchID)
	if id, ok := duplicate(err); ok {
		return c.GetPayout(ctx, cr, id)
	}
	if err != nil {
		return Batch{}, err
	}
	if !batchID.MatchString(out.BatchHeader.PayoutBatchID) {
		return Batch{}, fmt.Errorf("PayPal answered a payout without a usable payout_batch_id (%q)", out.BatchHeader.PayoutBatchID)
	}
	return out, nil
}

// ErrDuplicateUnknown: PayPal says the sender batch id was used, but names
// no payout to read.
var ErrDuplicateUnknown = errors.New("PayPal has a payout with this batch id already but named none to read: look it up in PayPal's dashboard")

// duplicate reads the payout id out of PayPal's refusal of a sender batch
// id it has already: only the id of the link's path is used, never the
// link itself, so the next read goes to the configured API.
func duplicate(err error) (string, bool) {
	var e *Error
	if !errors.As(err, &e) || e.Status != http.StatusBadRequest {
		return "", false
	}
	for _, d := range e.Details {
		if !strings.EqualFold(d.Field, "SENDER_BATCH_ID") && !strings.Contains(strings.ToLower(d.Issue), "sender_batch_id already exists") {
			continue
		}
		for _, l := range d.Link {
			u, err := url.Parse(l.Href)
			if err != nil {
				continue
			}
			id, ok := strings.CutPrefix(u.Path, "/v1/payments/payouts/")
			if ok && batchID.MatchString(id) {
				return id, true
			}
		}
		return "", true
	}
	return "", false
}

// GetPayout reads a payout with its items.
func (c *Client) GetPayout(ctx context.Context, cr Credentials, id string) (Batch, error) {
	if id == "" {
		return Batch{}, ErrDuplicateUnknown
	}
	if !batchID.MatchString(id) {
		return Batch{}, fmt.Errorf("not a PayPal payout id: %q", id)
	}
	var out Batch
	if err := c.call(ctx, cr, http.MethodGet, "/v1/payments/payouts/"+id, nil, &out, ""); err != nil {
		return Batch{}, err
	}
	return out, nil
}

// Outcome is what a payout's item says of the payment.
type Outcome string

// The outcomes of an item.
const (
	// InFlight: not final yet (pending, on hold, unclaimed: the receiver
	// has 30 days to claim it before it is returned).
	InFlight Outcome = "in_flight"
	// Paid: the receiver has the money.
	Paid Outcome = "paid"
	// Failed: PayPal did not pay it (failed, blocked, the payout denied).
	Failed Outcome = "failed"
	// Returned: the money came back (returned unclaimed or cancelled,
	// refunded by the receiver, reversed by PayPal).
	Returned Outcome = "returned"
)

// ItemOf is the payout's item the sender named senderItemID (the first
// item when none has it, as a one-item payout may be read before its
// items are listed: nil then).
func ItemOf(b Batch, senderItemID string) *Item {
	for i := range b.Items {
		if b.Items[i].PayoutItem.SenderItemID == senderItemID {
			return &b.Items[i]
		}
	}
	return nil
}

// OutcomeOf is what the item's transaction status says (the item decides:
// a payout whose batch succeeded may hold a failed item), or, without an
// item, the batch's status: a denied or cancelled payout paid nothing.
func OutcomeOf(b Batch, it *Item) Outcome {
	if it != nil {
		switch strings.ToUpper(it.TransactionStatus) {
		case "SUCCESS":
			return Paid
		case "FAILED", "BLOCKED", "DENIED":
			return Failed
		case "RETURNED", "REFUNDED", "REVERSED":
			return Returned
		}
		return InFlight // PENDING, ONHOLD, UNCLAIMED, or a status PayPal adds
	}
	switch strings.ToUpper(b.BatchHeader.BatchStatus) {
	case "DENIED", "CANCELED":
		return Failed
	}
	return InFlight
}
