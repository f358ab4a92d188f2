package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v76/webhook"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/internal/payment"
	"github.com/reeltrack/reeltrack/internal/plan"
)

const (
	webhookSecret = "whsec_test_0123456789abcdef"
	stripeKey     = "sk_test_123"
)

func testPrices() plan.Prices {
	return plan.Prices{
		Monthly:  map[plan.Name]string{plan.Starter: "price_starter_month", plan.Growth: "price_growth_month", plan.Agency: "price_agency_month"},
		Yearly:   map[plan.Name]string{plan.Starter: "price_starter_year", plan.Growth: "price_growth_year", plan.Agency: "price_agency_year"},
		Founding: "price_founding_year",
	}
}

// withStripe configures billing with the Stripe API at apiURL (stripe-mock,
// a recording proxy in front of it, or a fake).
func withStripe(apiURL string) func(*wiring.Deps) {
	return func(d *wiring.Deps) {
		d.Config.StripeSecretKey = stripeKey
		d.Config.StripeAPIURL = apiURL
		d.Config.StripeWebhookSecret = webhookSecret
		d.Config.StripePrices = testPrices()
		d.Config.CheckoutSuccessURL = "https://app.example.com/billing?checkout=success"
		d.Config.CheckoutCancelURL = "https://app.example.com/billing?checkout=cancel"
		d.Config.BillingPortalReturnURL = "https://app.example.com/settings"
		d.Config.PaymentGracePeriod = 72 * time.Hour
		noRetries := int64(0)
		d.Payment = payment.NewStripe(payment.Options{SecretKey: stripeKey, APIURL: apiURL, MaxNetworkRetries: &noRetries, Timeout: 5 * time.Second})
	}
}

// stripeCall is one request that reached the Stripe API.
type stripeCall struct {
	Method, Path   string
	Form           url.Values
	IdempotencyKey string
}

// stripeRecorder is a reverse proxy in front of stripe-mock that records
// what the service sends.
type stripeRecorder struct {
	URL   string
	mu    sync.Mutex
	calls []stripeCall
}

func newStripeRecorder(t *testing.T, upstream string) *stripeRecorder {
	t.Helper()
	target, err := url.Parse(upstream)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(target)
	r := &stripeRecorder{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		form, _ := url.ParseQuery(string(body))
		r.mu.Lock()
		r.calls = append(r.calls, stripeCall{Method: req.Method, Path: req.URL.Path, Form: form, IdempotencyKey: req.Header.Get("Idempotency-Key")})
		r.mu.Unlock()
		req.Body = io.NopCloser(bytes.NewReader(body))
		proxy.ServeHTTP(w, req)
	}))
	t.Cleanup(srv.Close)
	r.URL = srv.URL
	return r
}

// take returns the calls recorded since the last take.
func (r *stripeRecorder) take() []stripeCall {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.calls
	r.calls = nil
	return out
}

// fakeSub is a subscription as the fake Stripe serves it.
type fakeSub struct {
	Customer    string
	Status      string
	Price       string
	Metadata    map[string]string
	PeriodStart time.Time
}

// fakeStripe serves GET /v1/subscriptions/{id} from a map the test
// controls (stripe-mock keeps no state), in Stripe's wire format.
type fakeStripe struct {
	URL     string
	mu      sync.Mutex
	subs    map[string]fakeSub
	gets    atomic.Int32
	failing atomic.Bool
}

func newFakeStripe(t *testing.T) *fakeStripe {
	t.Helper()
	f := &fakeStripe{subs: map[string]fakeSub{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		id, ok := strings.CutPrefix(r.URL.Path, "/v1/subscriptions/")
		if r.Method != "GET" || !ok {
			w.WriteHeader(404)
			fmt.Fprint(w, `{"error":{"type":"invalid_request_error","message":"Unrecognized request URL"}}`)
			return
		}
		f.gets.Add(1)
		if f.failing.Load() {
			w.WriteHeader(500)
			fmt.Fprint(w, `{"error":{"type":"api_error","message":"An unknown error occurred"}}`)
			return
		}
		f.mu.Lock()
		s, found := f.subs[id]
		f.mu.Unlock()
		if !found {
			w.WriteHeader(404)
			fmt.Fprintf(w, `{"error":{"type":"invalid_request_error","code":"resource_missing","message":"No such subscription: '%s'"}}`, id)
			return
		}
		json.NewEncoder(w).Encode(subscriptionObject(id, s)) //nolint:errcheck // the client sees a short body
	}))
	t.Cleanup(srv.Close)
	f.URL = srv.URL
	return f
}

func (f *fakeStripe) set(id string, s fakeSub) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.subs[id] = s
}

// subscriptionObject is a subscription in Stripe's JSON, as the API and
// the subscription events carry it.
func subscriptionObject(id string, s fakeSub) map[string]any {
	start := s.PeriodStart
	if start.IsZero() {
		start = time.Now().Add(-time.Hour)
	}
	md := s.Metadata
	if md == nil {
		md = map[string]string{}
	}
	return map[string]any{
		"id": id, "object": "subscription", "customer": s.Customer, "status": s.Status, "livemode": false,
		"metadata": md, "current_period_start": start.Unix(), "current_period_end": start.AddDate(0, 1, 0).Unix(),
		"items": map[string]any{"object": "list", "data": []any{map[string]any{
			"id": "si_" + id, "object": "subscription_item", "price": map[string]any{"id": s.Price, "object": "price"},
		}}},
	}
}

var eventSeq atomic.Int64

func newEventID() string { return fmt.Sprintf("evt_test_%d_%s", eventSeq.Add(1), uuid.NewString()[:8]) }

// eventBody is a webhook event of API version 2023-10-16 about object.
func eventBody(t *testing.T, id, typ string, object map[string]any) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{
		"id": id, "object": "event", "api_version": "2023-10-16", "created": time.Now().Unix(), "livemode": false,
		"type": typ, "data": map[string]any{"object": object}, "pending_webhooks": 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func checkoutSession(ws uuid.UUID, customer, subscription string) map[string]any {
	return map[string]any{
		"id": "cs_test_" + uuid.NewString()[:8], "object": "checkout.session", "mode": "subscription",
		"client_reference_id": ws.String(), "customer": customer, "subscription": subscription,
		"payment_status": "paid", "status": "complete", "livemode": false,
	}
}

func invoiceObject(ws uuid.UUID, customer, subscription string) map[string]any {
	return map[string]any{
		"id": "in_" + uuid.NewString()[:8], "object": "invoice", "customer": customer, "subscription": subscription,
		"subscription_details": map[string]any{"metadata": map[string]string{"workspace_id": ws.String()}},
	}
}

// signature is the header Stripe would send for body at time at.
func signature(body []byte, at time.Time, secret string) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: secret, Timestamp: at}).Header
}

// deliverWith posts body to the payment webhook with the given headers.
func (a *testApp) deliverWith(body []byte, headers map[string]string) response {
	a.t.Helper()
	req := httptest.NewRequest("POST", "/api/webhook/payment", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	return a.send(req)
}

type hookOut struct {
	Received bool   `json:"received"`
	Result   string `json:"result"`
	Reason   string `json:"reason"`
}

// deliver signs body now with the webhook secret, posts it and expects 200.
func (a *testApp) deliver(body []byte) hookOut {
	a.t.Helper()
	var out hookOut
	a.deliverWith(body, map[string]string{"payment-signature": signature(body, time.Now(), webhookSecret)}).
		expect(a.t, 200).decode(a.t, &out)
	if !out.Received {
		a.t.Fatalf("webhook answer %+v", out)
	}
	return out
}

// billingState is everything billing may change about a workspace, to
// compare before and after.
func billingState(t *testing.T, ws uuid.UUID) string {
	t.Helper()
	var s string
	err := env.PG.QueryRow(context.Background(), `
		SELECT row_to_json(w)::text
		FROM (SELECT plan, video_limit, seat_limit, has_access, grace_ends_at, subscription_status, payment_customer_id,
		             payment_subscription_id, founding, updated_at FROM workspaces WHERE id = $1) w`, ws).Scan(&s)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
