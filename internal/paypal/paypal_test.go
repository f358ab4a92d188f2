package paypal_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/paypal"
	"github.com/reeltrack/reeltrack/internal/paypal/paypalsim"
)

func newClient(t *testing.T) (*paypal.Client, *paypalsim.Sim, string) {
	t.Helper()
	sim := paypalsim.New(nil)
	srv := httptest.NewServer(sim.Handler())
	t.Cleanup(srv.Close)
	return paypal.NewClient(paypal.Options{LiveURL: srv.URL, SandboxURL: srv.URL, RetryWait: time.Millisecond}), sim, srv.URL
}

func payout(sender, receiver, value string) paypal.Payout {
	return paypal.Payout{
		SenderBatchHeader: paypal.SenderBatchHeader{SenderBatchID: sender, RecipientType: "EMAIL", EmailSubject: "You have a payout"},
		Items: []paypal.PayoutItem{{RecipientType: "EMAIL", Amount: paypal.Money{Currency: "USD", Value: value}, Receiver: receiver,
			SenderItemID: "rt" + sender}},
	}
}

// TestCredentials: an app's id and secret are taken; the same id with
// another secret is refused as credentials, not as an outage.
func TestCredentials(t *testing.T) {
	c, _, _ := newClient(t)
	ctx := context.Background()
	if err := c.Check(ctx, paypal.Credentials{ClientID: "app-1", Secret: "s1"}); err != nil {
		t.Fatal(err)
	}
	err := c.Check(ctx, paypal.Credentials{ClientID: "app-1", Secret: "s2"})
	if !errors.Is(err, paypal.ErrCredentials) || !paypal.Refused(err) {
		t.Fatalf("another secret: %v, want the credentials refused", err)
	}
}

// TestAPayoutIsPaidOnce: a created payout is pending, then its item's
// outcome decides; sent again with the same sender batch id, or after an
// answer lost on the way (which the client retries), the first payout is
// answered and PayPal holds one payout for the id.
func TestAPayoutIsPaidOnce(t *testing.T) {
	c, sim, base := newClient(t)
	ctx := context.Background()
	cr := paypal.Credentials{ClientID: "app-once", Secret: "s", Sandbox: true}
	b, err := c.CreatePayout(ctx, cr, payout("batch-1", "ana@example.com", "150.00"))
	if err != nil {
		t.Fatal(err)
	}
	if b.BatchHeader.BatchStatus != "PENDING" || b.BatchHeader.PayoutBatchID == "" {
		t.Fatalf("created %+v", b.BatchHeader)
	}
	again, err := c.CreatePayout(ctx, cr, payout("batch-1", "ana@example.com", "150.00"))
	if err != nil || again.BatchHeader.PayoutBatchID != b.BatchHeader.PayoutBatchID {
		t.Fatalf("sent again: %+v, %v: want the first payout", again.BatchHeader, err)
	}
	it := paypal.ItemOf(again, "rtbatch-1")
	if it == nil || paypal.OutcomeOf(again, it) != paypal.Paid || it.TransactionID == "" {
		t.Fatalf("the item read back: %+v", it)
	}

	// the answer is lost: the retry finds the payout the first try made
	if _, err := http.Post(base+"/sim/fail-next?times=1", "", nil); err != nil {
		t.Fatal(err)
	}
	lost, err := c.CreatePayout(ctx, cr, payout("batch-2", "bo@example.com", "20.00"))
	if err != nil || lost.BatchHeader.PayoutBatchID == "" {
		t.Fatalf("after a lost answer: %+v, %v", lost.BatchHeader, err)
	}
	n := map[string]int{}
	for _, p := range sim.Payouts() {
		n[p.SenderBatchID]++
	}
	if n["batch-1"] != 1 || n["batch-2"] != 1 || len(n) != 2 {
		t.Fatalf("payouts by sender batch id %v: want one each", n)
	}
}

// TestOutcomes: an unclaimed item is in flight until it is returned; a
// failed item failed; a payout over the balance is refused for good; a
// read of another app's payout is not found.
func TestOutcomes(t *testing.T) {
	c, _, base := newClient(t)
	ctx := context.Background()
	cr := paypal.Credentials{ClientID: "app-outcomes", Secret: "s"}
	b, err := c.CreatePayout(ctx, cr, payout("u-1", "cy+unclaimed@example.com", "5.00"))
	if err != nil {
		t.Fatal(err)
	}
	read, err := c.GetPayout(ctx, cr, b.BatchHeader.PayoutBatchID)
	if err != nil {
		t.Fatal(err)
	}
	it := paypal.ItemOf(read, "rtu-1")
	if it == nil || it.TransactionStatus != "UNCLAIMED" || paypal.OutcomeOf(read, it) != paypal.InFlight || it.Errors == nil || it.Errors.Name != "RECEIVER_UNREGISTERED" {
		t.Fatalf("the unclaimed item %+v", it)
	}
	resp, err := http.Post(base+"/sim/items/"+it.PayoutItemID+"?status=RETURNED", "", nil)
	if err != nil || resp.StatusCode != http.StatusNoContent {
		t.Fatalf("return the item: %v %v", resp, err)
	}
	read, _ = c.GetPayout(ctx, cr, b.BatchHeader.PayoutBatchID)
	if o := paypal.OutcomeOf(read, paypal.ItemOf(read, "rtu-1")); o != paypal.Returned {
		t.Fatalf("returned: %s", o)
	}

	f, _ := c.CreatePayout(ctx, cr, payout("f-1", "dee+failed@example.com", "5.00"))
	read, _ = c.GetPayout(ctx, cr, f.BatchHeader.PayoutBatchID)
	if o := paypal.OutcomeOf(read, paypal.ItemOf(read, "rtf-1")); o != paypal.Failed {
		t.Fatalf("failed: %s", o)
	}

	_, err = c.CreatePayout(ctx, cr, payout("big-1", "ed@example.com", "2000000.00"))
	var pe *paypal.Error
	if !paypal.Refused(err) || !errors.As(err, &pe) || pe.Name != "INSUFFICIENT_FUNDS" {
		t.Fatalf("over the balance: %v", err)
	}

	other := paypal.Credentials{ClientID: "app-other", Secret: "s"}
	if _, err := c.GetPayout(ctx, other, b.BatchHeader.PayoutBatchID); !paypal.Refused(err) {
		t.Fatalf("another app's payout: %v, want not found", err)
	}
	if _, err := c.GetPayout(ctx, cr, "../oauth2/token"); err == nil {
		t.Fatal("a payout id with a path in it was read")
	}
}

// TestOutcomeOf: the item decides; without one, a denied payout failed.
func TestOutcomeOf(t *testing.T) {
	for _, c := range []struct {
		batch, item string
		want        paypal.Outcome
	}{
		{"SUCCESS", "SUCCESS", paypal.Paid},
		{"SUCCESS", "UNCLAIMED", paypal.InFlight},
		{"PROCESSING", "PENDING", paypal.InFlight},
		{"SUCCESS", "ONHOLD", paypal.InFlight},
		{"SUCCESS", "FAILED", paypal.Failed},
		{"SUCCESS", "BLOCKED", paypal.Failed},
		{"DENIED", "DENIED", paypal.Failed},
		{"SUCCESS", "RETURNED", paypal.Returned},
		{"SUCCESS", "REFUNDED", paypal.Returned},
		{"SUCCESS", "REVERSED", paypal.Returned},
		{"DENIED", "", paypal.Failed},
		{"CANCELED", "", paypal.Failed},
		{"PENDING", "", paypal.InFlight},
	} {
		b := paypal.Batch{BatchHeader: paypal.BatchHeader{BatchStatus: c.batch}}
		var it *paypal.Item
		if c.item != "" {
			it = &paypal.Item{TransactionStatus: c.item}
		}
		if got := paypal.OutcomeOf(b, it); got != c.want {
			t.Errorf("batch %s, item %q: %s, want %s", c.batch, c.item, got, c.want)
		}
	}
}
