package e2e

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// plansAnswer is GET /api/plans as the pricing section reads it.
type plansAnswer struct {
	Plans []struct {
		Name                 string   `json:"name"`
		VideoLimit           int      `json:"videoLimit"`
		SeatLimit            int      `json:"seatLimit"`
		MaxVideosPerAccount  int      `json:"maxVideosPerAccount"`
		RefreshIntervalHours int      `json:"refreshIntervalHours"`
		Intervals            []string `json:"intervals"`
	} `json:"plans"`
	Trial struct {
		VideoLimit int `json:"videoLimit"`
		SeatLimit  int `json:"seatLimit"`
		LengthDays int `json:"lengthDays"`
	} `json:"trial"`
}

var planTitles = map[string]string{"starter": "Starter", "growth": "Growth", "agency": "Agency"}

// TestLandingSellsWithPrices: a visitor's front door says what an agency
// pays for (campaigns with CPM payouts, creators, share links, Slack,
// Discord and webhooks) and shows every plan of GET /api/plans with its
// price and limits, and the trial with its two seats; the header's
// Pricing link and /pricing itself open the prices, for a visitor too,
// without sending them to log in. Without prices (billing not configured)
// the cards show their limits and no amount, at desktop and phone width.
// Sign-up says what the trial includes.
func TestLandingSellsWithPrices(t *testing.T) {
	skipUIOnCurrentEngine(t)
	s := startSite(t)
	ctx := openBrowser(t, 1440, 900)
	var plans plansAnswer
	s.api(nil, "GET", "/plans", &plans)
	if len(plans.Plans) != 3 || plans.Trial.SeatLimit != 2 {
		t.Fatalf("GET /api/plans: %+v, want three paid plans and a trial of 2 seats", plans)
	}

	var agency string
	do(t, ctx, "the front door",
		chromedp.Navigate(s.base+"/"),
		waitVisible(`[data-testid="landing-price-growth"]`),
		readText(`[data-testid="agency-features"]`, &agency),
	)
	for _, want := range []string{"Creator campaigns with CPM payouts", "Creators", "Share links for clients", "Slack, Discord and webhooks"} {
		if !strings.Contains(agency, want) {
			t.Errorf("the front door does not tell agencies %q:\n%s", want, agency)
		}
	}
	hero := textOf(t, ctx, "the hero's trial line", `[data-testid="landing-trial"]`, "seats")
	if !strings.Contains(hero, "The trial includes 2 seats: invite a teammate.") {
		t.Errorf("the hero says %q, want the trial's 2 seats", hero)
	}
	checkPriceCards(t, ctx, plans, true)

	// The header's Pricing link, then /pricing opened afresh: the prices
	// are in view, and the visitor stays at /pricing.
	do(t, ctx, "the Pricing link",
		click(`//nav[@aria-label="Account"]//a[normalize-space()="Pricing"]`, chromedp.BySearch),
	)
	waitLocation(t, ctx, "/pricing")
	pricingInView(t, ctx)
	do(t, ctx, "the top of the front door", chromedp.Navigate(s.base+"/"), waitVisible(`[data-testid="landing-lead"]`))
	do(t, ctx, "/pricing for a visitor",
		chromedp.Navigate(s.base+"/pricing"),
		waitVisible(`[data-testid="landing-price-agency"]`),
	)
	pricingInView(t, ctx)
	var loc, title string
	do(t, ctx, "where /pricing is", chromedp.Location(&loc), chromedp.Title(&title))
	if !strings.HasSuffix(loc, "/pricing") || title != "Pricing · reeltrack" {
		t.Errorf("/pricing for a visitor is at %s titled %q", loc, title)
	}

	// Billing not configured: no prices, no intervals. The cards keep
	// their limits and show no amount, on a desktop and on a phone.
	raw := httpGet(t, s.base+"/api/plans")
	var bare map[string]any
	if err := json.Unmarshal(raw, &bare); err != nil {
		t.Fatal(err)
	}
	for _, p := range bare["plans"].([]any) {
		p.(map[string]any)["intervals"] = []any{}
		p.(map[string]any)["prices"] = map[string]any{}
	}
	bare["founding"] = nil
	unpriced, _ := json.Marshal(bare)
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			go func() {
				_ = chromedp.Run(ctx, fetch.FulfillRequest(e.RequestID, 200).
					WithResponseHeaders([]*fetch.HeaderEntry{{Name: "Content-Type", Value: "application/json"}}).
					WithBody(base64.StdEncoding.EncodeToString(unpriced)))
			}()
		}
	})
	for _, width := range []int64{1440, 375} {
		do(t, ctx, fmt.Sprintf("/pricing without prices at %d px", width),
			emulation.SetDeviceMetricsOverride(width, 900, 1, width < 600),
			fetch.Enable().WithPatterns([]*fetch.RequestPattern{{URLPattern: "*/api/plans*"}}),
			chromedp.Navigate(s.base+"/pricing"),
			waitVisible(`[data-testid="price-card-agency"]`),
		)
		checkPriceCards(t, ctx, plans, false)
		var wide int64
		do(t, ctx, "the page's width", chromedp.Evaluate(`document.documentElement.scrollWidth`, &wide))
		if wide > width {
			t.Errorf("/pricing without prices is %d px wide at %d px", wide, width)
		}
	}
	do(t, ctx, "prices again", fetch.Disable(), emulation.SetDeviceMetricsOverride(1440, 900, 1, false))

	// Sign-up says what the trial includes.
	do(t, ctx, "sign-up", chromedp.Navigate(s.base+"/signup"), waitVisible(`input[name=email]`))
	said := textOf(t, ctx, "the sign-up's trial", `[data-testid="signup-trial"]`, "seats")
	if said != "The 7-day trial includes 2 seats: invite a teammate." {
		t.Errorf("sign-up says %q about the trial", said)
	}
	labelled(t, ctx)
}

// checkPriceCards reads the pricing section's cards: the trial's and each
// paid plan's, with its limits, and its price when priced (stripe-mock
// prices every id at 20.00 USD a month).
func checkPriceCards(t *testing.T, ctx context.Context, plans plansAnswer, priced bool) {
	t.Helper()
	var trial, section string
	do(t, ctx, "the trial's card",
		readText(`[data-testid="price-card-trial"]`, &trial),
		readText(`[data-testid="pricing"]`, &section),
	)
	for _, want := range []string{"Free trial", fmt.Sprintf("for %d days", plans.Trial.LengthDays), "The trial includes 2 seats: invite a teammate.",
		fmt.Sprintf("%d tracked videos", plans.Trial.VideoLimit), "2 seats", "Start the free trial"} {
		if !strings.Contains(trial, want) {
			t.Errorf("the trial's card lacks %q:\n%s", want, trial)
		}
	}
	for _, bad := range []string{"undefined", "NaN", "null"} {
		if strings.Contains(section, bad) {
			t.Errorf("the pricing section shows %q:\n%s", bad, section)
		}
	}
	for _, p := range plans.Plans {
		var card string
		do(t, ctx, "the card of "+p.Name, readText(`[data-testid="price-card-`+p.Name+`"]`, &card))
		wants := []string{planTitles[p.Name], group(p.VideoLimit) + " tracked videos", fmt.Sprintf("%d seats", p.SeatLimit),
			fmt.Sprintf("up to %d videos per tracked account", p.MaxVideosPerAccount)}
		if priced {
			wants = append(wants, "$20.00 per month")
			if len(p.Intervals) == 2 {
				wants = append(wants, "or $20.00 per month") // stripe-mock's yearly price is monthly too
			}
		} else if strings.Contains(card, "$") || strings.Contains(card, "checkout") {
			t.Errorf("%s without a price shows %q", p.Name, card)
		}
		for _, want := range wants {
			if !strings.Contains(card, want) {
				t.Errorf("the card of %s lacks %q:\n%s", p.Name, want, card)
			}
		}
	}
}

// pricingInView waits until the pricing section's heading is on screen.
func pricingInView(t *testing.T, ctx context.Context) {
	t.Helper()
	eventually(t, "the prices in view", time.Minute, func() bool {
		var top, height float64
		return chromedp.Run(ctx,
			chromedp.Evaluate(`document.getElementById('pricing-title').getBoundingClientRect().top`, &top),
			chromedp.Evaluate(`innerHeight`, &height),
		) == nil && top >= 0 && top < height/2
	})
}

func httpGet(t *testing.T, url string) []byte {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("GET %s: %d %v", url, res.StatusCode, err)
	}
	return raw
}

// TestTrialBadgeAndCancelledCheckout: the header's plan badge says how
// long the trial still runs, its last day and its end, and names a paid
// plan; signed in, /pricing opens Billing; back from the payment page without paying (the checkout's cancel
// address, /billing?checkout=cancel or /?checkout=cancel) the page says
// the checkout was cancelled and which plan the workspace is still on,
// until dismissed.
func TestTrialBadgeAndCancelledCheckout(t *testing.T) {
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 1440, 900, "badge")
	ws := s.workspace(cookie)
	badge := `[data-testid="plan-badge"]`
	if got := textOf(t, ctx, "the new trial's badge", badge, "days left"); got != "Trial · 7 days left" {
		t.Errorf("a new trial's badge reads %q", got)
	}

	// Signed in, /pricing is Billing.
	do(t, ctx, "/pricing signed in", chromedp.Navigate(s.base+"/pricing"), waitVisible(`[data-testid="plan-current"]`))
	waitLocation(t, ctx, "/billing")

	pgExec(t, `UPDATE workspaces SET trial_ends_at = now() + interval '9 days' - interval '1 hour' WHERE id = $1`, ws.ID)
	do(t, ctx, "back from the checkout to Billing",
		chromedp.Navigate(s.base+"/billing?checkout=cancel"),
		waitVisible(`[data-testid="checkout-cancelled"]`),
	)
	if got := textOf(t, ctx, "the badge", badge, "9 days"); got != "Trial · 9 days left" {
		t.Errorf("with 9 days less an hour left the badge reads %q", got)
	}
	said := textOf(t, ctx, "the cancelled checkout", `[data-testid="checkout-cancelled"]`, "Checkout cancelled")
	if !strings.Contains(said, "Checkout cancelled: you are still on the trial (9 days left). Nothing was charged.") || strings.Contains(said, "See the plans") {
		t.Errorf("back on Billing from a cancelled checkout: %q", said)
	}

	// The default cancel address is the overview.
	do(t, ctx, "back from the checkout to the overview",
		chromedp.Navigate(s.base+"/?checkout=cancel"),
		waitVisible(`//h1[normalize-space()="Overview"]`, chromedp.BySearch),
		waitVisible(`[data-testid="checkout-cancelled"] a[href="/billing"]`),
	)
	labelled(t, ctx)
	do(t, ctx, "dismiss", click(`//*[@data-testid="checkout-cancelled"]//button[normalize-space()="Dismiss"]`, chromedp.BySearch))
	absent(t, ctx, "the dismissed message", `[data-testid="checkout-cancelled"]`)
	eventually(t, "the address without the checkout", time.Minute, func() bool {
		var loc string
		return chromedp.Run(ctx, chromedp.Location(&loc)) == nil && !strings.Contains(loc, "checkout")
	})

	// At phone width the badge and the message fit.
	do(t, ctx, "at 375 px",
		emulation.SetDeviceMetricsOverride(375, 812, 1, true),
		chromedp.Navigate(s.base+"/?checkout=cancel"),
		waitVisible(`[data-testid="checkout-cancelled"]`),
		waitVisible(badge),
	)
	var wide int64
	do(t, ctx, "the page's width", chromedp.Evaluate(`document.documentElement.scrollWidth`, &wide))
	if wide > 375 {
		t.Errorf("with the badge and the message the page is %d px wide at 375 px", wide)
	}
	do(t, ctx, "desktop again", emulation.SetDeviceMetricsOverride(1440, 900, 1, false))

	pgExec(t, `UPDATE workspaces SET trial_ends_at = now() + interval '3 hours' WHERE id = $1`, ws.ID)
	do(t, ctx, "the trial's last day", chromedp.Navigate(s.base+"/"), waitVisible(badge))
	if got := textOf(t, ctx, "the badge", badge, "last day"); got != "Trial · last day" {
		t.Errorf("with 3 hours left the badge reads %q", got)
	}
	pgExec(t, `UPDATE workspaces SET trial_ends_at = now() - interval '1 minute' WHERE id = $1`, ws.ID)
	do(t, ctx, "the trial's end", chromedp.Navigate(s.base+"/"), waitVisible(badge))
	if got := textOf(t, ctx, "the badge", badge, "ended"); got != "Trial ended" {
		t.Errorf("after the trial the badge reads %q", got)
	}

	// On a paid plan: the badge names it, and so does a cancelled checkout.
	s.subscribe(cookie, "month", "badge")
	do(t, ctx, "a cancelled checkout on Growth",
		chromedp.Navigate(s.base+"/billing?checkout=cancel"),
		waitVisible(`[data-testid="checkout-cancelled"]`),
	)
	if got := textOf(t, ctx, "the badge", badge, "Growth"); got != "Growth" {
		t.Errorf("on Growth the badge reads %q", got)
	}
	if said := textOf(t, ctx, "the message", `[data-testid="checkout-cancelled"]`, "Growth"); !strings.Contains(said, "you are still on the Growth plan") {
		t.Errorf("a cancelled checkout on Growth says %q", said)
	}
}

// TestSettingsRenamesWorkspace: sign-up names the workspace; Settings
// renames it for its owner (the header follows at once, the activity log
// tells it), refuses an empty name in words and keeps the name; a member
// sees the name and cannot change it.
func TestSettingsRenamesWorkspace(t *testing.T) {
	skipUIOnCurrentEngine(t)
	s := startSite(t)
	ctx := openBrowser(t, 1440, 900)
	email := fmt.Sprintf("rename-%d@example.com", time.Now().UnixNano())
	do(t, ctx, "sign up with a workspace name",
		chromedp.Navigate(s.base+"/signup"),
		waitVisible(`input[name=workspace]`),
		sendKeys(`input[name=email]`, email),
		sendKeys(`input[name=password]`, password),
		sendKeys(`input[name=workspace]`, "  Northwind Agency "),
		click(`button[type=submit]`),
		waitVisible(`//h1[normalize-space()="Overview"]`, chromedp.BySearch),
	)
	cookie := sessionCookie(t, ctx, s.base)
	ws := s.workspace(cookie)
	if ws.Name != "Northwind Agency" {
		t.Fatalf("the workspace signed up is named %q", ws.Name)
	}
	textOf(t, ctx, "the header", `.ws-name`, "Northwind Agency")

	var value string
	do(t, ctx, "settings",
		chromedp.Navigate(s.base+"/settings"),
		waitVisible(`input[name=workspaceName]`),
		readValue(`input[name=workspaceName]`, &value),
	)
	if value != "Northwind Agency" {
		t.Errorf("the name field holds %q", value)
	}
	labelled(t, ctx)
	rename := `//form[@data-testid="workspace-settings"]//button[normalize-space()="Rename"]`
	do(t, ctx, "rename",
		typeInto(`input[name=workspaceName]`, " Southwind Studio "),
		click(rename, chromedp.BySearch),
		waitVisible(`[data-testid="workspace-renamed"]`),
	)
	textOf(t, ctx, "the header after the rename", `.ws-name`, "Southwind Studio")
	if got := textOf(t, ctx, "the notice", `[data-testid="workspace-renamed"]`, "Southwind"); got != "The workspace is now called “Southwind Studio”." {
		t.Errorf("after renaming: %q", got)
	}
	if got := s.workspace(cookie).Name; got != "Southwind Studio" {
		t.Fatalf("the API names the workspace %q after the rename", got)
	}

	do(t, ctx, "an empty name",
		typeInto(`input[name=workspaceName]`, "   "),
		click(rename, chromedp.BySearch),
		waitVisible(`#workspaceName-error`),
	)
	if got := textOf(t, ctx, "the field's error", `#workspaceName-error`, "name"); got != "The name is required." {
		t.Errorf("an empty name is refused with %q", got)
	}
	if got := s.workspace(cookie).Name; got != "Southwind Studio" {
		t.Fatalf("a refused rename left the name %q", got)
	}

	var what string
	do(t, ctx, "the activity log",
		chromedp.Navigate(s.base+"/team/activity"),
		waitVisible(`[data-testid="activity-entry"][data-action="workspace_renamed"]`),
		readText(`[data-testid="activity-entry"][data-action="workspace_renamed"] .what`, &what),
	)
	if what != "Renamed the workspace “Northwind Agency” to “Southwind Studio”" {
		t.Errorf("the activity log says %q", what)
	}

	// A member reads the name only.
	member := teammate(t, uuid.MustParse(ws.ID), "member", domain.RoleMember)
	logOut(t, ctx)
	logIn(t, ctx, s.base, member, password)
	var fields int
	do(t, ctx, "the member's settings",
		chromedp.Navigate(s.base+"/settings"),
		waitVisible(`[data-testid="workspace-name"]`),
		chromedp.Evaluate(`document.querySelectorAll('input[name=workspaceName]').length`, &fields),
	)
	if got := textOf(t, ctx, "the name", `[data-testid="workspace-settings"]`, "Southwind Studio"); !strings.Contains(got, "Only the workspace’s owner or an admin can rename it.") || fields != 0 {
		t.Errorf("a member's settings show %q with %d name fields", got, fields)
	}
}
