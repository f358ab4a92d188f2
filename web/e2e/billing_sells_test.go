package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBillingSells: against stripe-mock's catalogue, each plan's card shows
// its price with currency and interval and lists every limit of the plan;
// the founding offer shows its price and the spots left as the API counts
// them; the trial's two seats read as such on Billing, one teammate is
// invited on them and a second invite is refused naming the seats.
func TestBillingSells(t *testing.T) {
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 1440, 900, "billsells")

	var plans struct {
		Plans []struct {
			Name                  string `json:"name"`
			VideoLimit            int    `json:"videoLimit"`
			SeatLimit             int    `json:"seatLimit"`
			MaxVideosPerAccount   int    `json:"maxVideosPerAccount"`
			RefreshIntervalHours  int    `json:"refreshIntervalHours"`
			ManualRefreshesPerDay int    `json:"manualRefreshesPerDay"`
		} `json:"plans"`
	}
	s.api(nil, "GET", "/plans", &plans)
	var stats struct {
		Total     int `json:"total"`
		Remaining int `json:"remaining"`
	}
	s.api(nil, "GET", "/founding/stats", &stats)
	if len(plans.Plans) != 3 {
		t.Fatalf("%d paid plans, want 3", len(plans.Plans))
	}

	var page string
	do(t, ctx, "billing",
		chromedp.Navigate(s.base+"/billing"),
		waitVisible(`[data-testid="price-growth"]`),
		waitVisible(`[data-testid="founding-price"]`),
		readText(`main`, &page),
	)
	for _, p := range plans.Plans {
		var card, price string
		do(t, ctx, "plan "+p.Name,
			readText(`[data-testid="plan-`+p.Name+`"]`, &card),
			readText(`[data-testid="price-`+p.Name+`"]`, &price),
		)
		// stripe-mock prices every id at 20.00 USD a month
		if !strings.Contains(price, "$20.00") || !strings.Contains(price, "per month") {
			t.Errorf("%s: the price reads %q, want its amount, currency and interval", p.Name, price)
		}
		every := fmt.Sprintf("every %d h", p.RefreshIntervalHours)
		if p.RefreshIntervalHours == 1 {
			every = "every hour"
		}
		for _, want := range []string{
			fmt.Sprintf("%s tracked videos", group(p.VideoLimit)),
			fmt.Sprintf("%d seats", p.SeatLimit),
			fmt.Sprintf("up to %d videos per tracked account", p.MaxVideosPerAccount),
			"refreshed " + every,
			fmt.Sprintf("%s items a day refreshed on demand", group(p.ManualRefreshesPerDay)),
		} {
			if !strings.Contains(card, want) {
				t.Errorf("%s: the card does not list %q:\n%s", p.Name, want, card)
			}
		}
	}
	var founding, remaining string
	do(t, ctx, "founding offer",
		readText(`[data-testid="founding"]`, &founding),
		readText(`[data-testid="founding-remaining"]`, &remaining),
	)
	if !strings.Contains(founding, "$20.00") || remaining != fmt.Sprint(stats.Remaining) ||
		!strings.Contains(founding, fmt.Sprintf("%d of %d spots left", stats.Remaining, stats.Total)) {
		t.Errorf("the founding offer reads %q, want its price and %d of %d spots left", founding, stats.Remaining, stats.Total)
	}
	if regexp.MustCompile(`\b1 seats\b|all 1 seats`).MatchString(page) {
		t.Errorf("Billing writes one seat as seats:\n%s", page)
	}
	var trialLimits string
	do(t, ctx, "the trial's limits", readText(`[data-testid="trial-limits"]`, &trialLimits))
	if !strings.Contains(trialLimits, "2 seats") || !strings.Contains(trialLimits, "invite a teammate") {
		t.Errorf("the trial's limits do not say 2 seats and that a teammate can be invited:\n%s", trialLimits)
	}

	// The trial's second seat takes a teammate; the next invite is refused
	// in words, and the Team page says every seat is taken.
	s.send(cookie, "POST", "/workspace/team", fmt.Sprintf(`{"email":"mate-%d@example.com","role":"admin"}`, time.Now().UnixNano()), nil)
	var refusal struct {
		Error struct{ Message string } `json:"error"`
	}
	sendRaw(t, s.base, cookie.Value, "POST", "/workspace/team", `{"email":"third@example.com","role":"member"}`, &refusal)
	if !strings.Contains(refusal.Error.Message, "all 2 seats") {
		t.Errorf("a second invite on the trial is refused with %q, want the plan's 2 seats named", refusal.Error.Message)
	}
	var said string
	do(t, ctx, "the team on the trial",
		chromedp.Navigate(s.base+"/team"),
		waitVisible(`section.seats`),
		readText(`main`, &said),
	)
	if !strings.Contains(said, "2 of 2 seats used") || strings.Contains(said, "1 seats") {
		t.Errorf("the Team page on the full trial says:\n%s", said)
	}
}

// group writes n with thousands separators, as the page does ("1,000").
func group(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// sendRaw calls the API with the session cookie and decodes the answer,
// whatever its status.
func sendRaw(t *testing.T, base, session, method, path, body string, out any) {
	t.Helper()
	req, err := http.NewRequest(method, base+"/api"+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.AddCookie(&http.Cookie{Name: "session-access-token", Value: session})
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if err := json.Unmarshal(raw, out); err != nil {
		t.Fatalf("%s %s: %v in %s", method, path, err, raw)
	}
}
