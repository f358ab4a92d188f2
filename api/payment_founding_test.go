package api_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// foundingTaken counts the founding spots taken in the package's database:
// founding workspaces and live holds of founding checkouts.
func foundingTaken(t *testing.T) int {
	t.Helper()
	return count(t, `SELECT count(*) FROM workspaces WHERE founding OR founding_hold_until > clock_timestamp()`)
}

type foundingStatsBody struct{ Total, Claimed, Held, Remaining int }

// TestFoundingCheckoutsCannotOversell: founding checkouts opened at once
// for the last spot: one holds it, every other answers 409 without
// reaching Stripe, and the stats show no spot left.
func TestFoundingCheckoutsCannotOversell(t *testing.T) {
	rec := newStripeRecorder(t, testenv.StripeMock(t))
	spots := foundingTaken(t) + 1
	a := newApp(t, withStripe(rec.URL), func(d *wiring.Deps) { d.Config.FoundingSpots = spots })
	const n = 8
	owners := make([]*http.Cookie, n)
	for i := range owners {
		owners[i] = a.signUp(uniqueEmail("rush"))
		a.bootstrap(owners[i])
	}
	rec.take()
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range owners {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = a.request("POST", "/api/payment/create-checkout",
				map[string]any{"plan": "growth", "interval": "year", "founding": true}, owners[i]).Status
		}()
	}
	wg.Wait()
	ok := 0
	for _, s := range statuses {
		switch s {
		case 200:
			ok++
		case 409:
		default:
			t.Fatalf("statuses %v, want 200 and 409 only", statuses)
		}
	}
	sessions := 0
	for _, c := range rec.take() {
		if c.Path == "/v1/checkout/sessions" {
			sessions++
		}
	}
	if ok != 1 || sessions != 1 || foundingTaken(t) != spots {
		t.Fatalf("%d checkouts succeeded and %d sessions were created for the last spot (statuses %v), %d of %d spots taken; want 1",
			ok, sessions, statuses, foundingTaken(t), spots)
	}
	// the public answer is kept for a few seconds
	var stats foundingStatsBody
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		a.request("GET", "/api/founding/stats", nil).expect(t, 200).decode(t, &stats)
		if stats.Claimed+stats.Held == spots || time.Now().After(deadline) {
			break
		}
	}
	if stats.Remaining != 0 || stats.Claimed+stats.Held != spots {
		t.Fatalf("stats %+v with every spot taken", stats)
	}
}

// TestFoundingEventsPastTheLastSpot: founding subscriptions whose events
// arrive at once when fewer spots remain than payers (sessions opened
// elsewhere, or before spots were held) claim at most the spots left. A
// payer past the last spot gets the founding plan with access, without the
// founding mark, and later events do not push the count over the total.
func TestFoundingEventsPastTheLastSpot(t *testing.T) {
	const n, free = 6, 2
	spots := foundingTaken(t) + free
	subs := make([]*subscribed, n)
	for i := range subs {
		subs[i] = newSubscribed(t, func(d *wiring.Deps) { d.Config.FoundingSpots = spots })
		subs[i].set("active", "price_founding_year")
	}
	outs := make([]hookOut, n)
	var wg sync.WaitGroup
	for i, s := range subs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i] = s.a.deliver(s.completed(t))
		}()
	}
	wg.Wait()
	founding, spotless := 0, 0
	for i, s := range subs {
		expectApplied(t, outs[i], "applied")
		w := s.view(t).Workspace
		if w.Plan != "growth" || w.VideoLimit != 1000 || !w.HasAccess {
			t.Fatalf("payer %d: %+v, want growth with access whether or not a spot was left", i, w)
		}
		if w.Founding {
			founding++
		} else if strings.Contains(outs[i].Reason, "without a founding spot") {
			spotless++
		}
	}
	if founding != free || spotless != n-free || foundingTaken(t) != spots {
		t.Fatalf("%d founding and %d told no spot remains, %d of %d spots taken; want %d founding", founding, spotless, foundingTaken(t), spots, free)
	}
	// Later events of every subscription, replayed, change nothing.
	for _, s := range subs {
		s.a.deliver(s.invoiceEvent(t, "invoice.paid"))
		s.a.deliver(s.subscriptionEvent(t, "updated", s.set("active", "price_founding_year")))
	}
	if foundingTaken(t) != spots {
		t.Fatalf("%d of %d spots taken after later events", foundingTaken(t), spots)
	}
	// A spot that comes free (here: the total is raised) goes to the next
	// event of a payer without one.
	var late *subscribed
	for _, s := range subs {
		if !s.view(t).Workspace.Founding {
			late = s
			break
		}
	}
	raised := newApp(t, withStripe(late.f.URL), func(d *wiring.Deps) { d.Config.FoundingSpots = spots + 1 })
	raised.deliver(late.invoiceEvent(t, "invoice.paid"))
	if !late.view(t).Workspace.Founding || foundingTaken(t) != spots+1 {
		t.Fatalf("with a spot free the founding payer did not claim it")
	}
}
