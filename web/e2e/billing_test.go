package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// TestBillingAfterBackFromCheckout: a plan's button sends the browser to
// the payment provider's checkout; Back returns to a billing page whose
// plan buttons all work again, not one stuck on "Opening checkout…". The
// page shows the provider's prices (stripe-mock answers 20.00 USD a month
// for every price id) and the founding offer's price with the spots left.
func TestBillingAfterBackFromCheckout(t *testing.T) {
	skipUIOnCurrentEngine(t)
	s, ctx, _, _ := signedUp(t, 1280, 900, "billing")

	// The provider's checkout page is served by the test: the browser
	// leaves the site for it, as it does in production.
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			go func() {
				_ = chromedp.Run(ctx, fetch.FulfillRequest(e.RequestID, 200).
					WithResponseHeaders([]*fetch.HeaderEntry{{Name: "Content-Type", Value: "text/html"}}).
					WithBody("PGgxPkNoZWNrb3V0PC9oMT4=")) // <h1>Checkout</h1>
			}()
		}
	})
	const planButtons = `[data-testid^="plan-"] button, [data-testid="founding"] button`
	var prices string
	do(t, ctx, "billing",
		fetch.Enable().WithPatterns([]*fetch.RequestPattern{{URLPattern: "https://*", ResourceType: network.ResourceTypeDocument}}),
		chromedp.Navigate(s.base+"/billing"),
		waitVisible(`//button[starts-with(normalize-space(), "Choose Growth")]`, chromedp.BySearch),
		waitVisible(`[data-testid="founding-price"]`),
		readText(`.plans`, &prices),
	)
	for _, want := range []string{"$20.00", "per month"} {
		if !strings.Contains(prices, want) {
			t.Errorf("the plans do not show %q:\n%s", want, prices)
		}
	}
	var founding string
	do(t, ctx, "founding offer", readText(`[data-testid="founding"]`, &founding))
	if !strings.Contains(founding, "$20.00") || !strings.Contains(founding, "spots left") {
		t.Errorf("the founding offer does not show its price and the spots left:\n%s", founding)
	}

	do(t, ctx, "choose a plan",
		click(`//button[starts-with(normalize-space(), "Choose Growth")]`, chromedp.BySearch),
	)
	waitLocation(t, ctx, "https://")
	// Back as the browser's button does it; a page restored from the
	// back-forward cache fires no load event for chromedp.NavigateBack to
	// wait for.
	// The call may answer "target navigated" as the page goes: not an error.
	_ = chromedp.Run(ctx, chromedp.Evaluate(`history.back()`, nil))
	waitLocation(t, ctx, s.base+"/billing")
	// chromedp's DOM waits do not see a page restored from the cache:
	// the page is asked instead.
	eventually(t, "the billing page's plans", time.Minute, func() bool {
		var shown bool
		return chromedp.Run(ctx, chromedp.Evaluate(`!!document.querySelector('[data-testid="plan-growth"] button')`, &shown)) == nil && shown
	})

	// Whether the page came back from the back-forward cache or was built
	// again, every plan button is enabled once it shows.
	var disabled []string
	deadline := time.Now().Add(30 * time.Second)
	for {
		do(t, ctx, "read the plan buttons", chromedp.Evaluate(`[...document.querySelectorAll(`+"`"+planButtons+"`"+`)]
			.filter((b) => b.disabled || b.textContent.includes('Opening'))
			.map((b) => b.textContent.trim())`, &disabled))
		if len(disabled) == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if len(disabled) > 0 {
		t.Fatalf("after Back from the checkout these plan buttons stay disabled: %q", disabled)
	}
	var n int
	do(t, ctx, "count the plan buttons", chromedp.Evaluate(`document.querySelectorAll(`+"`"+planButtons+"`"+`).length`, &n))
	if n < 4 {
		t.Errorf("%d plan buttons, want the three plans' and the founding offer's", n)
	}
}
