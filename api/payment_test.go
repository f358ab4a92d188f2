package api_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

type urlOut struct {
	URL string `json:"url"`
}

// TestCheckoutAgainstStripeMock creates checkout sessions through
// stripe-mock and checks what reached the API: the price comes from the
// catalogue, the customer is created once and reused, and the workspace is
// the client reference and in the subscription's metadata.
func TestCheckoutAgainstStripeMock(t *testing.T) {
	rec := newStripeRecorder(t, testenv.StripeMock(t))
	a := newApp(t, withStripe(rec.URL))
	ownerEmail := uniqueEmail("payer")
	owner := a.signUp(ownerEmail)
	ws := a.bootstrap(owner).Workspace

	var out urlOut
	a.request("POST", "/api/payment/create-checkout", map[string]any{"plan": "growth", "interval": "month"}, owner).expect(t, 200).decode(t, &out)
	if !strings.HasPrefix(out.URL, "https://") {
		t.Fatalf("checkout url %q", out.URL)
	}
	calls := rec.take()
	if len(calls) != 2 || calls[0].Path != "/v1/customers" || calls[1].Path != "/v1/checkout/sessions" {
		t.Fatalf("calls %+v, want a customer then a checkout session", calls)
	}
	cus := calls[0]
	if cus.Form.Get("email") != ownerEmail || cus.Form.Get("metadata[workspace_id]") != ws.ID.String() ||
		cus.IdempotencyKey != "reeltrack-customer-"+ws.ID.String() {
		t.Fatalf("customer request %+v", cus)
	}
	var customerID string
	if err := env.PG.QueryRow(t.Context(), `SELECT payment_customer_id FROM workspaces WHERE id = $1`, ws.ID).Scan(&customerID); err != nil || !strings.HasPrefix(customerID, "cus_") {
		t.Fatalf("stored customer %q, %v", customerID, err)
	}
	want := map[string]string{
		"mode": "subscription", "customer": customerID, "client_reference_id": ws.ID.String(),
		"line_items[0][price]": "price_growth_month", "line_items[0][quantity]": "1",
		"success_url": "https://app.example.com/billing?checkout=success", "cancel_url": "https://app.example.com/billing?checkout=cancel",
		"subscription_data[metadata][workspace_id]": ws.ID.String(), "subscription_data[metadata][plan]": "growth",
		"subscription_data[metadata][founding]": "false", "metadata[workspace_id]": ws.ID.String(),
	}
	for k, v := range want {
		if got := calls[1].Form.Get(k); got != v {
			t.Errorf("checkout session %s = %q, want %q", k, got, v)
		}
	}

	// A second checkout reuses the customer.
	a.request("POST", "/api/payment/create-checkout", map[string]any{"plan": "agency", "interval": "year"}, owner).expect(t, 200)
	calls = rec.take()
	if len(calls) != 1 || calls[0].Path != "/v1/checkout/sessions" || calls[0].Form.Get("customer") != customerID ||
		calls[0].Form.Get("line_items[0][price]") != "price_agency_year" {
		t.Fatalf("second checkout calls %+v, want one session for the stored customer at the agency yearly price", calls)
	}

	// Bad input is a 400 that reaches neither Stripe nor the database.
	before := billingState(t, ws.ID)
	for _, body := range []string{
		`{"plan": "enterprise", "interval": "month"}`,
		`{"plan": "trial", "interval": "month"}`,
		`{"plan": "growth", "interval": "week"}`,
		`{"plan": "growth"}`,
		`{"interval": "month"}`,
		`{"plan": "growth", "interval": "month", "price": "price_cheap"}`,
		`{"plan": "growth", "interval": "month", "founding": true}`,
		`{"plan": "starter", "interval": "year", "founding": true}`,
		`{"plan": "growth", "interval": "month", "successUrl": "https://evil.example.com"}`,
		`{}`, ``,
	} {
		a.request("POST", "/api/payment/create-checkout", body, owner).expectError(t, 400, "invalid_request")
	}
	if calls := rec.take(); len(calls) != 0 || billingState(t, ws.ID) != before {
		t.Fatalf("bad input reached Stripe (%+v) or changed the workspace", calls)
	}

	// Without a session: 401.
	a.request("POST", "/api/payment/create-checkout", map[string]any{"plan": "growth", "interval": "month"}).expectError(t, 401, "unauthenticated")

	// A workspace whose subscription gives access is sent to the portal.
	exec(t, `UPDATE workspaces SET payment_subscription_id = 'sub_live_'||id, subscription_status = 'active' WHERE id = $1`, ws.ID)
	e := a.request("POST", "/api/payment/create-checkout", map[string]any{"plan": "starter", "interval": "month"}, owner).expectError(t, 409, "conflict")
	if !strings.Contains(e.Message, "create-portal") {
		t.Fatalf("409 message %q does not point to the portal", e.Message)
	}
	// An ended one may subscribe again.
	exec(t, `UPDATE workspaces SET subscription_status = 'canceled' WHERE id = $1`, ws.ID)
	a.request("POST", "/api/payment/create-checkout", map[string]any{"plan": "starter", "interval": "month"}, owner).expect(t, 200)
	rec.take()
}

func TestCheckoutAndPortalAreForOwnersAndAdmins(t *testing.T) {
	rec := newStripeRecorder(t, testenv.StripeMock(t))
	a := newApp(t, withStripe(rec.URL))
	owner := a.signUp(uniqueEmail("owner"))
	ws := a.bootstrap(owner).Workspace
	exec(t, `UPDATE workspaces SET seat_limit = 5 WHERE id = $1`, ws.ID)
	memberEmail, adminEmail := uniqueEmail("member"), uniqueEmail("admin")
	member, admin := a.member(owner, memberEmail, "member"), a.member(owner, adminEmail, "admin")
	if a.bootstrap(member).Workspace.Role != "member" || a.bootstrap(admin).Workspace.Role != "admin" {
		t.Fatal("invitees did not join")
	}

	a.request("POST", "/api/payment/create-checkout", map[string]any{"plan": "growth", "interval": "month"}, member).expectError(t, 403, "forbidden")
	a.request("POST", "/api/payment/create-portal", nil, member).expectError(t, 403, "forbidden")
	if calls := rec.take(); len(calls) != 0 {
		t.Fatalf("a member's request reached Stripe: %+v", calls)
	}

	// No customer yet: no portal.
	e := a.request("POST", "/api/payment/create-portal", nil, admin).expectError(t, 409, "conflict")
	if !strings.Contains(e.Message, "create-checkout") {
		t.Fatalf("409 message %q", e.Message)
	}
	a.request("POST", "/api/payment/create-checkout", map[string]any{"plan": "growth", "interval": "year"}, admin).expect(t, 200)
	rec.take()

	var out urlOut
	a.request("POST", "/api/payment/create-portal", nil, admin).expect(t, 200).decode(t, &out)
	if !strings.HasPrefix(out.URL, "https://") {
		t.Fatalf("portal url %q", out.URL)
	}
	calls := rec.take()
	var customerID string
	if err := env.PG.QueryRow(t.Context(), `SELECT payment_customer_id FROM workspaces WHERE id = $1`, ws.ID).Scan(&customerID); err != nil {
		t.Fatal(err)
	}
	if len(calls) != 1 || calls[0].Path != "/v1/billing_portal/sessions" || calls[0].Form.Get("customer") != customerID ||
		calls[0].Form.Get("return_url") != "https://app.example.com/settings" {
		t.Fatalf("portal calls %+v, want one session of customer %s", calls, customerID)
	}
	a.request("POST", "/api/payment/create-portal", map[string]any{}, owner).expect(t, 200)
	a.request("POST", "/api/payment/create-portal", `{"returnUrl": "https://evil.example.com"}`, owner).expectError(t, 400, "invalid_request")
}

func TestFoundingCheckoutWhileSpotsRemain(t *testing.T) {
	rec := newStripeRecorder(t, testenv.StripeMock(t))
	spots := foundingTaken(t) + 1
	a := newApp(t, withStripe(rec.URL), func(d *wiring.Deps) { d.Config.FoundingSpots = spots })
	owner := a.signUp(uniqueEmail("founder"))
	a.bootstrap(owner)

	before := time.Now()
	a.request("POST", "/api/payment/create-checkout", map[string]any{"plan": "growth", "interval": "year", "founding": true}, owner).expect(t, 200)
	calls := rec.take()
	s := calls[len(calls)-1]
	if s.Form.Get("line_items[0][price]") != "price_founding_year" || s.Form.Get("subscription_data[metadata][founding]") != "true" {
		t.Fatalf("founding session %+v", s)
	}
	// the session can be paid for an hour, while the spot is held for it
	expires, err := strconv.ParseInt(s.Form.Get("expires_at"), 10, 64)
	if at := time.Unix(expires, 0); err != nil || at.Before(before.Add(59*time.Minute)) || at.After(time.Now().Add(61*time.Minute)) {
		t.Fatalf("founding session expires_at %q, want an hour from now", s.Form.Get("expires_at"))
	}
	// a second founding checkout of the same workspace renews its own hold
	a.request("POST", "/api/payment/create-checkout", map[string]any{"plan": "growth", "interval": "year", "founding": true}, owner).expect(t, 200)
	rec.take()

	// The last spot goes to someone else: no more founding checkouts.
	other := a.signUp(uniqueEmail("other"))
	exec(t, `UPDATE workspaces SET founding = true WHERE id = $1`, a.bootstrap(other).Workspace.ID)
	e := a.request("POST", "/api/payment/create-checkout", map[string]any{"plan": "growth", "interval": "year", "founding": true}, owner).expectError(t, 409, "conflict")
	if !strings.Contains(e.Message, "founding") {
		t.Fatalf("409 message %q", e.Message)
	}
	if calls := rec.take(); len(calls) != 0 {
		t.Fatalf("refused founding checkout reached Stripe: %+v", calls)
	}
	// The regular yearly price is still offered.
	a.request("POST", "/api/payment/create-checkout", map[string]any{"plan": "growth", "interval": "year"}, owner).expect(t, 200)
}

// TestBillingWithoutStripe: with no Stripe configured every billing route
// says so with a 503, and the webhook refuses even a request signed with
// the empty secret.
func TestBillingWithoutStripe(t *testing.T) {
	a := newApp(t)
	owner := a.signUp(uniqueEmail("nobilling"))
	ws := a.bootstrap(owner).Workspace
	for path, body := range map[string]any{"/api/payment/create-checkout": map[string]any{"plan": "growth", "interval": "month"}, "/api/payment/create-portal": nil} {
		e := a.request("POST", path, body, owner).expectError(t, 503, "unavailable")
		if !strings.Contains(e.Message, "STRIPE_SECRET_KEY") {
			t.Fatalf("%s: message %q does not say what to configure", path, e.Message)
		}
	}
	before := billingState(t, ws.ID)
	body := eventBody(t, newEventID(), "checkout.session.completed", checkoutSession(ws.ID, "cus_x", "sub_x"))
	e := a.deliverWith(body, map[string]string{"payment-signature": signature(body, time.Now(), "")}).expectError(t, 503, "unavailable")
	if !strings.Contains(e.Message, "STRIPE_WEBHOOK_SECRET") || billingState(t, ws.ID) != before {
		t.Fatalf("webhook without a secret: %q, or it changed the workspace", e.Message)
	}
}

// TestCheckoutWhenStripeIsUnreachable answers 503 and stores no customer.
func TestCheckoutWhenStripeIsUnreachable(t *testing.T) {
	a := newApp(t, withStripe("http://"+testenv.FreeAddr(t)))
	owner := a.signUp(uniqueEmail("unreachable"))
	ws := a.bootstrap(owner).Workspace
	a.request("POST", "/api/payment/create-checkout", map[string]any{"plan": "growth", "interval": "month"}, owner).expectError(t, 503, "unavailable")
	if n := count(t, `SELECT count(*) FROM workspaces WHERE id = $1 AND payment_customer_id IS NOT NULL`, ws.ID); n != 0 {
		t.Fatal("a customer was stored")
	}
	// a founding checkout that could not be created holds no spot
	a.request("POST", "/api/payment/create-checkout", map[string]any{"plan": "growth", "interval": "year", "founding": true}, owner).expectError(t, 503, "unavailable")
	if n := count(t, `SELECT count(*) FROM workspaces WHERE id = $1 AND founding_hold_until IS NOT NULL`, ws.ID); n != 0 {
		t.Fatal("a failed founding checkout holds a spot")
	}
}

// TestCheckoutThenEventsAgainstStripeMock is the flow of the local default,
// where stripe-mock answers every call: its subscriptions carry a price the
// catalogue does not know and no metadata, so the plan the workspace's
// latest checkout asked for decides, and a deletion ends the access.
func TestCheckoutThenEventsAgainstStripeMock(t *testing.T) {
	a := newApp(t, withStripe(testenv.StripeMock(t)))
	owner := a.signUp(uniqueEmail("local"))
	ws := a.bootstrap(owner).Workspace
	sub := "sub_local_" + uuid.NewString()[:8]

	// without a checkout the plan is unknown: the event fails for a redelivery
	body := eventBody(t, newEventID(), "checkout.session.completed", checkoutSession(ws.ID, "", sub))
	a.deliverWith(body, map[string]string{"payment-signature": signature(body, time.Now(), webhookSecret)}).expectError(t, 500, "internal")

	a.request("POST", "/api/payment/create-checkout", map[string]any{"plan": "starter", "interval": "year"}, owner).expect(t, 200)
	if out := a.deliver(body); out.Result != "applied" {
		t.Fatalf("redelivered checkout event: %+v", out)
	}
	w := a.bootstrap(owner).Workspace
	if w.Plan != "starter" || w.VideoLimit != 250 || w.SeatLimit != 2 || !w.HasAccess || w.SubscriptionStatus == nil || *w.SubscriptionStatus != "active" {
		t.Fatalf("after the checkout event: %+v", w)
	}
	a.deliver(eventBody(t, newEventID(), "customer.subscription.deleted", map[string]any{"id": sub, "object": "subscription",
		"status": "canceled", "metadata": map[string]string{"workspace_id": ws.ID.String()}}))
	if w := a.bootstrap(owner).Workspace; w.HasAccess || w.Plan != "starter" {
		t.Fatalf("after the deletion: %+v", w)
	}
}
