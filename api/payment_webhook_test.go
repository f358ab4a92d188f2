package api_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v76/webhook"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// subscribed is a workspace on the trial and the subscription the fake
// Stripe serves for it.
type subscribed struct {
	a        *testApp
	f        *fakeStripe
	owner    *http.Cookie
	ws       uuid.UUID
	sub, cus string
}

func newSubscribed(t *testing.T, change ...func(*wiring.Deps)) *subscribed {
	t.Helper()
	f := newFakeStripe(t)
	a := newApp(t, append([]func(*wiring.Deps){withStripe(f.URL)}, change...)...)
	owner := a.signUp(uniqueEmail("sub"))
	w := a.bootstrap(owner).Workspace
	if w.Plan != "trial" || !w.HasAccess {
		t.Fatalf("new workspace %+v, want a trial with access", w)
	}
	short := uuid.NewString()[:8]
	return &subscribed{a: a, f: f, owner: owner, ws: w.ID, sub: "sub_" + short, cus: "cus_" + short}
}

// set makes the fake serve the subscription with this status and price.
func (s *subscribed) set(status, price string) fakeSub {
	fs := fakeSub{Customer: s.cus, Status: status, Price: price, Metadata: map[string]string{"workspace_id": s.ws.String()}}
	s.f.set(s.sub, fs)
	return fs
}

func (s *subscribed) completed(t *testing.T) []byte {
	return eventBody(t, newEventID(), "checkout.session.completed", checkoutSession(s.ws, s.cus, s.sub))
}

func (s *subscribed) subscriptionEvent(t *testing.T, typ string, snapshot fakeSub) []byte {
	return eventBody(t, newEventID(), "customer.subscription."+typ, subscriptionObject(s.sub, snapshot))
}

func (s *subscribed) invoiceEvent(t *testing.T, typ string) []byte {
	return eventBody(t, newEventID(), typ, invoiceObject(s.ws, s.cus, s.sub))
}

func (s *subscribed) view(t *testing.T) workspaceBody {
	t.Helper()
	return s.a.bootstrap(s.owner)
}

func expectApplied(t *testing.T, out hookOut, result string) {
	t.Helper()
	if out.Result != result {
		t.Fatalf("webhook answered %+v, want %s", out, result)
	}
}

// TestPaymentEventsMoveTheWorkspace is the whole life of a subscription: a
// signed checkout completion moves the trial workspace to growth with its
// limits and access, the subscription and invoice events agree, replays
// change nothing, the deletion removes access, and a stale update that
// arrives after the deletion changes nothing either.
func TestPaymentEventsMoveTheWorkspace(t *testing.T) {
	s := newSubscribed(t)
	active := s.set("active", "price_growth_month")

	completed := s.completed(t)
	expectApplied(t, s.a.deliver(completed), "applied")
	w := s.view(t)
	if !w.HasAccess || w.Workspace.Plan != "growth" || w.Workspace.VideoLimit != 1000 || w.Workspace.SeatLimit != 5 ||
		w.Workspace.MaxVideosPerAccount != 100 || w.Workspace.SubscriptionStatus == nil || *w.Workspace.SubscriptionStatus != "active" {
		t.Fatalf("after checkout: %+v", w.Workspace)
	}
	var cus, sub string
	if err := env.PG.QueryRow(t.Context(), `SELECT payment_customer_id, payment_subscription_id FROM workspaces WHERE id = $1`, s.ws).Scan(&cus, &sub); err != nil || cus != s.cus || sub != s.sub {
		t.Fatalf("stored customer %q and subscription %q, %v", cus, sub, err)
	}
	onGrowth := billingState(t, s.ws)

	events := [][]byte{
		completed,
		s.subscriptionEvent(t, "created", active),
		s.subscriptionEvent(t, "updated", active),
		s.invoiceEvent(t, "invoice.paid"),
	}
	for _, ev := range events[1:] {
		expectApplied(t, s.a.deliver(ev), "applied")
	}
	if got := billingState(t, s.ws); got != onGrowth {
		t.Fatalf("events agreeing with the state changed it:\n%s\n%s", onGrowth, got)
	}
	recorded := count(t, `SELECT count(*) FROM payment_events WHERE workspace_id = $1`, s.ws)
	if recorded != 4 {
		t.Fatalf("%d events recorded, want 4", recorded)
	}
	for _, ev := range events {
		expectApplied(t, s.a.deliver(ev), "duplicate")
	}
	if got := billingState(t, s.ws); got != onGrowth || count(t, `SELECT count(*) FROM payment_events WHERE workspace_id = $1`, s.ws) != 4 {
		t.Fatalf("replays changed the workspace or were recorded again:\n%s\n%s", onGrowth, got)
	}

	canceled := s.set("canceled", "price_growth_month")
	expectApplied(t, s.a.deliver(s.subscriptionEvent(t, "deleted", canceled)), "applied")
	w = s.view(t)
	if w.HasAccess || w.Workspace.HasAccess || *w.Workspace.SubscriptionStatus != "canceled" || w.Workspace.Plan != "growth" {
		t.Fatalf("after deletion: %+v", w.Workspace)
	}
	s.a.request("POST", "/api/track", map[string]string{"url": "https://www.tiktok.com/@x/video/7301234567890123456"}, s.owner).
		expectError(t, 403, "forbidden")
	ended := billingState(t, s.ws)

	// Out of order: an update sent before the deletion (its payload still
	// says active) arrives after it, and so do the other earlier events.
	expectApplied(t, s.a.deliver(s.subscriptionEvent(t, "updated", active)), "applied")
	expectApplied(t, s.a.deliver(s.invoiceEvent(t, "invoice.paid")), "applied")
	expectApplied(t, s.a.deliver(s.completed(t)), "applied")
	if got := billingState(t, s.ws); got != ended {
		t.Fatalf("late events changed the ended subscription's workspace:\n%s\n%s", ended, got)
	}
}

// TestDeletionIsFinal: a deletion ends access even when the subscription
// still reads as active (an API replica behind) or no longer exists.
func TestDeletionIsFinal(t *testing.T) {
	for _, gone := range []bool{false, true} {
		s := newSubscribed(t)
		active := s.set("active", "price_growth_month")
		expectApplied(t, s.a.deliver(s.completed(t)), "applied")
		if gone {
			s.f.mu.Lock()
			delete(s.f.subs, s.sub)
			s.f.mu.Unlock()
		}
		expectApplied(t, s.a.deliver(s.subscriptionEvent(t, "deleted", active)), "applied")
		if w := s.view(t).Workspace; w.HasAccess || *w.SubscriptionStatus != "canceled" {
			t.Fatalf("gone=%v: after the deletion %+v", gone, w)
		}
		// Later events of the same subscription do not bring access back.
		expectApplied(t, s.a.deliver(s.subscriptionEvent(t, "updated", active)), "ignored")
		if w := s.view(t).Workspace; w.HasAccess {
			t.Fatalf("gone=%v: a later update restored access: %+v", gone, w)
		}
	}
}

// TestEventsInAnyOrderReachTheSameState delivers the events of one
// subscription's life in reverse: the first to arrive already reads the
// final state, and the rest change nothing.
func TestEventsInAnyOrderReachTheSameState(t *testing.T) {
	s := newSubscribed(t)
	active := s.set("active", "price_agency_year")
	// The invoice, the subscription events and the checkout completion,
	// newest first: the workspace is found by the subscription's metadata
	// before the checkout completion names it.
	for _, ev := range [][]byte{
		s.invoiceEvent(t, "invoice.paid"), s.subscriptionEvent(t, "updated", active),
		s.subscriptionEvent(t, "created", fakeSub{Customer: s.cus, Status: "incomplete", Price: "price_agency_year"}),
		s.completed(t),
	} {
		expectApplied(t, s.a.deliver(ev), "applied")
		if w := s.view(t).Workspace; w.Plan != "agency" || w.VideoLimit != 5000 || !w.HasAccess {
			t.Fatalf("after an event: %+v, want agency with access", w)
		}
	}

	// A subscription that ended before any of its events arrived never
	// gave access: the other workspace's trial just continues.
	o := newSubscribed(t)
	expectApplied(t, o.a.deliver(o.subscriptionEvent(t, "deleted", o.set("canceled", "price_growth_month"))), "applied")
	expectApplied(t, o.a.deliver(o.completed(t)), "applied")
	if w := o.view(t).Workspace; w.Plan != "trial" || !w.HasAccess || w.VideoLimit != 50 {
		t.Fatalf("trial after a subscription that ended unseen: %+v", w)
	}
}

// TestReplayedTenTimesConcurrently delivers one event ten times at once:
// it is applied once, recorded once, and Stripe is asked once.
func TestReplayedTenTimesConcurrently(t *testing.T) {
	s := newSubscribed(t)
	s.set("active", "price_starter_month")
	base := s.a.listen()
	body := s.completed(t)
	header := signature(body, time.Now(), webhookSecret)
	results := make([]string, 10)
	var wg sync.WaitGroup
	for i := range results {
		wg.Go(func() {
			req, _ := http.NewRequest("POST", base+"/api/webhook/payment", bytes.NewReader(body))
			req.Header.Set("payment-signature", header)
			req.Header.Set("Content-Type", "application/json")
			res, err := doChecked(t, req)
			if err != nil {
				results[i] = err.Error()
				return
			}
			var out hookOut
			if res.Status == 200 && json.Unmarshal(res.Body, &out) == nil {
				results[i] = out.Result
			} else {
				results[i] = strconv.Itoa(res.Status)
			}
		})
	}
	wg.Wait()
	applied, duplicates := 0, 0
	for _, r := range results {
		switch r {
		case "applied":
			applied++
		case "duplicate":
			duplicates++
		}
	}
	if applied != 1 || duplicates != 9 {
		t.Fatalf("results %v, want 1 applied and 9 duplicates", results)
	}
	if n := count(t, `SELECT count(*) FROM payment_events WHERE workspace_id = $1`, s.ws); n != 1 || s.f.gets.Load() != 1 {
		t.Fatalf("%d events recorded and %d subscription reads, want 1 and 1", n, s.f.gets.Load())
	}
	if w := s.view(t).Workspace; w.Plan != "starter" || w.VideoLimit != 250 || !w.HasAccess {
		t.Fatalf("workspace %+v", w)
	}
}

// TestForgedStaleAndUnsignedEventsAreRefused: every request whose
// signature does not prove Stripe sent this body just now is a 400 that
// writes nothing and asks Stripe nothing.
func TestForgedStaleAndUnsignedEventsAreRefused(t *testing.T) {
	s := newSubscribed(t)
	s.set("active", "price_growth_month")
	body := s.completed(t)
	now := time.Now()
	mac := hex.EncodeToString(webhook.ComputeSignature(now, body, webhookSecret))
	changed := bytes.Clone(body)
	i := bytes.Index(changed, []byte("completed"))
	changed[i] = 'C' // one byte of the event type
	before := billingState(t, s.ws)
	events := count(t, `SELECT count(*) FROM payment_events`)

	for _, tc := range []struct {
		name    string
		body    []byte
		headers map[string]string
	}{
		{"body changed by one byte", changed, map[string]string{"payment-signature": signature(body, now, webhookSecret)}},
		{"missing header", body, nil},
		{"empty header", body, map[string]string{"payment-signature": " "}},
		{"v0 only", body, map[string]string{"payment-signature": fmt.Sprintf("t=%d,v0=%s", now.Unix(), mac)}},
		{"old timestamp", body, map[string]string{"payment-signature": signature(body, now.Add(-6*time.Minute), webhookSecret)}},
		{"future timestamp", body, map[string]string{"payment-signature": signature(body, now.Add(6*time.Minute), webhookSecret)}},
		{"wrong secret", body, map[string]string{"payment-signature": signature(body, now, "whsec_wrong")}},
		{"empty secret", body, map[string]string{"payment-signature": signature(body, now, "")}},
		{"no timestamp", body, map[string]string{"payment-signature": "v1=" + mac}},
		{"signature of another time", body, map[string]string{"payment-signature": fmt.Sprintf("t=%d,v1=%s", now.Unix()+1, mac)}},
		{"garbage", body, map[string]string{"payment-signature": "nonsense"}},
		{"wrong Stripe-Signature", body, map[string]string{"Stripe-Signature": signature(body, now, "whsec_wrong")}},
		{"re-marshalled body", bytes.ReplaceAll(body, []byte(`,"`), []byte(`, "`)), map[string]string{"payment-signature": signature(body, now, webhookSecret)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := s.a.deliverWith(tc.body, tc.headers).expectError(t, 400, "invalid_request")
			if e.Fields["payment-signature"] == "" {
				t.Fatalf("error %+v does not name the signature", e)
			}
		})
	}
	if got := billingState(t, s.ws); got != before || count(t, `SELECT count(*) FROM payment_events`) != events || s.f.gets.Load() != 0 {
		t.Fatalf("refused requests changed something: %s / %s, %d subscription reads", before, got, s.f.gets.Load())
	}

	// Accepted: one valid v1 among several (a secret being rolled), and the
	// header Stripe itself sends.
	expectApplied(t, s.a.deliverWith(body, map[string]string{
		"payment-signature": fmt.Sprintf("t=%d,v1=%s,v1=%s", now.Unix(), strings.Repeat("ab", 32), mac),
	}).expect(t, 200).hook(t), "applied")
	other := s.invoiceEvent(t, "invoice.paid")
	expectApplied(t, s.a.deliverWith(other, map[string]string{"Stripe-Signature": signature(other, time.Now(), webhookSecret)}).expect(t, 200).hook(t), "applied")
}

func (r response) hook(t *testing.T) hookOut {
	t.Helper()
	var out hookOut
	r.decode(t, &out)
	return out
}

// TestEventsOfOtherVersionsTypesAndModes: another API version is applied;
// unknown types and the other mode are acknowledged and change nothing.
func TestEventsOfOtherVersionsTypesAndModes(t *testing.T) {
	s := newSubscribed(t)
	s.set("active", "price_growth_year")
	events := count(t, `SELECT count(*) FROM payment_events`)
	before := billingState(t, s.ws)

	unknown := eventBody(t, newEventID(), "customer.created", map[string]any{"id": s.cus, "object": "customer"})
	expectApplied(t, s.a.deliver(unknown), "ignored")
	live := s.completed(t)
	// The event's own flag (after data's, keys being sorted).
	i := bytes.LastIndex(live, []byte(`"livemode":false`))
	live = append(live[:i:i], append([]byte(`"livemode":true`), live[i+len(`"livemode":false`):]...)...)
	expectApplied(t, s.a.deliver(live), "ignored")
	payment := eventBody(t, newEventID(), "checkout.session.completed", map[string]any{
		"id": "cs_1", "object": "checkout.session", "mode": "payment", "client_reference_id": s.ws.String(), "customer": s.cus,
	})
	expectApplied(t, s.a.deliver(payment), "ignored")
	if got := billingState(t, s.ws); got != before || s.f.gets.Load() != 0 {
		t.Fatalf("ignored events changed the workspace or read Stripe")
	}
	if n := count(t, `SELECT count(*) FROM payment_events`); n != events+1 {
		t.Fatalf("%d events recorded, want only the payment-mode checkout (a handled type)", n-events)
	}

	// An event of a newer API version (its invoice names the subscription
	// under parent) is applied.
	newer := bytes.Replace(eventBody(t, newEventID(), "invoice.paid", map[string]any{
		"id": "in_1", "object": "invoice", "customer": s.cus,
		"parent": map[string]any{"type": "subscription_details", "subscription_details": map[string]any{
			"subscription": s.sub, "metadata": map[string]string{"workspace_id": s.ws.String()},
		}},
	}), []byte(`"api_version":"2023-10-16"`), []byte(`"api_version":"2025-03-31.basil"`), 1)
	expectApplied(t, s.a.deliver(newer), "applied")
	if w := s.view(t).Workspace; w.Plan != "growth" || !w.HasAccess {
		t.Fatalf("after a newer version's event: %+v", w)
	}
}

// TestFoundingSpotIsClaimedOnce: every event of a founding subscription,
// replays included, counts the spot once, and GET /api/founding/stats
// shows it; the spot stays claimed after the subscription ends.
func TestFoundingSpotIsClaimedOnce(t *testing.T) {
	s := newSubscribed(t)
	stats := func() (out struct{ Total, Claimed, Remaining int }) {
		s.a.request("GET", "/api/founding/stats", nil).expect(t, 200).decode(t, &out)
		return out
	}
	start := stats()
	active := s.set("active", "price_founding_year")
	events := [][]byte{s.completed(t), s.subscriptionEvent(t, "created", active), s.subscriptionEvent(t, "updated", active), s.invoiceEvent(t, "invoice.paid")}
	for _, ev := range append(events, events...) {
		s.a.deliver(ev)
	}
	// the public answer is kept for a few seconds
	got := stats()
	for deadline := time.Now().Add(30 * time.Second); got.Claimed != start.Claimed+1 && time.Now().Before(deadline); got = stats() {
		time.Sleep(200 * time.Millisecond)
	}
	if got.Claimed != start.Claimed+1 || got.Remaining != start.Remaining-1 {
		t.Fatalf("stats %+v after a founding subscription, from %+v", got, start)
	}
	if w := s.view(t).Workspace; !w.Founding || w.Plan != "growth" || w.VideoLimit != 1000 {
		t.Fatalf("founding workspace %+v", w)
	}
	s.a.deliver(s.subscriptionEvent(t, "deleted", s.set("canceled", "price_founding_year")))
	if got := stats(); got.Claimed != start.Claimed+1 {
		t.Fatalf("stats %+v after the founding subscription ended, want the spot still claimed", got)
	}

	// A second founding workspace takes a second spot; a regular one none.
	o := newSubscribed(t)
	o.set("active", "price_founding_year")
	o.a.deliver(o.completed(t))
	r := newSubscribed(t)
	r.set("active", "price_growth_year")
	r.a.deliver(r.completed(t))
	got = stats()
	for deadline := time.Now().Add(30 * time.Second); got.Claimed != start.Claimed+2 && time.Now().Before(deadline); got = stats() {
		time.Sleep(200 * time.Millisecond)
	}
	if got.Claimed != start.Claimed+2 {
		t.Fatalf("stats %+v after a second founding and a regular subscription, from %+v", got, start)
	}
}

// TestPastDueKeepsAccessThroughTheGracePeriod: 72 hours (the test's
// setting) from the start of the unpaid period.
func TestPastDueKeepsAccessThroughTheGracePeriod(t *testing.T) {
	s := newSubscribed(t)
	s.set("active", "price_growth_month")
	s.a.deliver(s.completed(t))

	unpaidSince := time.Now().Add(-24 * time.Hour).Truncate(time.Second)
	s.f.set(s.sub, fakeSub{Customer: s.cus, Status: "past_due", Price: "price_growth_month", PeriodStart: unpaidSince})
	expectApplied(t, s.a.deliver(s.invoiceEvent(t, "invoice.payment_failed")), "applied")
	w := s.view(t).Workspace
	if !w.HasAccess || w.GraceEndsAt == nil || !w.GraceEndsAt.Equal(unpaidSince.Add(72*time.Hour)) {
		t.Fatalf("past due for a day: %+v, want access until %v", w, unpaidSince.Add(72*time.Hour))
	}

	s.f.set(s.sub, fakeSub{Customer: s.cus, Status: "past_due", Price: "price_growth_month", PeriodStart: time.Now().Add(-73 * time.Hour)})
	s.a.deliver(s.invoiceEvent(t, "invoice.payment_failed"))
	if w := s.view(t).Workspace; w.HasAccess {
		t.Fatalf("past due beyond the grace period: %+v", w)
	}

	s.set("active", "price_growth_month")
	s.a.deliver(s.invoiceEvent(t, "invoice.paid"))
	if w := s.view(t).Workspace; !w.HasAccess || w.GraceEndsAt != nil {
		t.Fatalf("paid again: %+v", w)
	}
}

// TestStripeDownThenRedelivered: the subscription cannot be read, so the
// event answers 503 and writes nothing; the redelivery applies it.
func TestStripeDownThenRedelivered(t *testing.T) {
	s := newSubscribed(t)
	s.set("active", "price_growth_month")
	body := s.completed(t)
	before := billingState(t, s.ws)
	s.f.failing.Store(true)
	s.a.deliverWith(body, map[string]string{"payment-signature": signature(body, time.Now(), webhookSecret)}).expectError(t, 503, "unavailable")
	if billingState(t, s.ws) != before || count(t, `SELECT count(*) FROM payment_events WHERE type = 'checkout.session.completed' AND workspace_id = $1`, s.ws) != 0 {
		t.Fatal("a failed event left something behind")
	}
	s.f.failing.Store(false)
	expectApplied(t, s.a.deliver(body), "applied")
	if w := s.view(t).Workspace; w.Plan != "growth" || !w.HasAccess {
		t.Fatalf("after the redelivery: %+v", w)
	}
}

// TestDatabaseDownThenRedelivered cuts PostgreSQL off in the middle of the
// event's transaction, after the event id was inserted: the webhook answers
// 500 and neither the event nor the change is kept; Stripe's redelivery
// then applies it once.
func TestDatabaseDownThenRedelivered(t *testing.T) {
	proxy := testenv.NewCutProxy(t, pgHostPort(t))
	u, _ := url.Parse(env.PGURL)
	u.Host = proxy.Addr()
	pool, err := store.OpenPostgres(context.Background(), u.String(), store.PostgresOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	s := newSubscribed(t, func(d *wiring.Deps) { d.DB = pool })
	s.set("active", "price_growth_month")
	body := s.completed(t)
	before := billingState(t, s.ws)

	proxy.CutAt([]byte("UPDATE workspaces SET plan"), 1)
	res := s.a.deliverWith(body, map[string]string{"payment-signature": signature(body, time.Now(), webhookSecret)})
	if res.Status < 500 {
		t.Fatalf("with the database cut off: %d %s, want a 5xx", res.Status, res.Body)
	}
	if !proxy.IsCut() {
		t.Fatal("the proxy was never cut: the test did not exercise a failure")
	}
	if billingState(t, s.ws) != before || count(t, `SELECT count(*) FROM payment_events WHERE workspace_id = $1 OR id = $2`, s.ws, eventIDOf(t, body)) != 0 {
		t.Fatal("the cut transaction left something behind")
	}

	proxy.Restore()
	// Stripe redelivers until it gets a 2xx; a pooled connection the cut
	// closed may fail one more delivery.
	var out hookOut
	for attempt := 0; attempt < 3; attempt++ {
		res = s.a.deliverWith(body, map[string]string{"payment-signature": signature(body, time.Now(), webhookSecret)})
		if res.Status == 200 {
			res.decode(t, &out)
			break
		}
	}
	expectApplied(t, out, "applied")
	if w := s.view(t).Workspace; w.Plan != "growth" || !w.HasAccess || count(t, `SELECT count(*) FROM payment_events WHERE workspace_id = $1`, s.ws) != 1 {
		t.Fatalf("after the redelivery: %+v", w)
	}
	expectApplied(t, s.a.deliver(body), "duplicate")
}

func pgHostPort(t *testing.T) string {
	t.Helper()
	u, err := url.Parse(env.PGURL)
	if err != nil {
		t.Fatal(err)
	}
	return u.Host
}

func eventIDOf(t *testing.T, body []byte) string {
	t.Helper()
	var ev struct{ ID string }
	if err := json.Unmarshal(body, &ev); err != nil {
		t.Fatal(err)
	}
	return ev.ID
}
