package api_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/testenv"
	queryteam "github.com/reeltrack/reeltrack/query/team"
)

func TestPlans(t *testing.T) {
	a := newApp(t, func(d *wiring.Deps) {
		d.Config.StripePrices = plan.Prices{
			Monthly: map[plan.Name]string{plan.Starter: "price_s_m", plan.Growth: "price_g_m"},
			Yearly:  map[plan.Name]string{plan.Growth: "price_g_y"},
		}
	})
	// public: no session
	var got queryteam.Plans
	a.request("GET", "/api/plans", nil).expect(t, 200).decode(t, &got)
	paid := plan.Paid()
	if len(got.Plans) != len(paid) {
		t.Fatalf("%d plans, the catalogue has %d paid", len(got.Plans), len(paid))
	}
	want := map[plan.Name]string{plan.Starter: "[month]", plan.Growth: "[month year]", plan.Agency: "[]"}
	for i, p := range paid {
		g := got.Plans[i]
		if g.Name != p.Name || g.VideoLimit != p.VideoLimit || g.SeatLimit != p.SeatLimit || g.MaxVideosPerAccount != p.MaxPerAccount ||
			time.Duration(g.RefreshIntervalHrs)*time.Hour != p.RefreshInterval {
			t.Errorf("plan %d is %+v, the catalogue says %+v", i, g, p)
		}
		if s := asJSONList(g.Intervals); s != want[p.Name] {
			t.Errorf("%s intervals %s, want %s", p.Name, s, want[p.Name])
		}
		// no payment provider: each offered interval is there, without a price
		if len(g.Prices) != len(g.Intervals) {
			t.Errorf("%s prices %v for intervals %v", p.Name, g.Prices, g.Intervals)
		}
		for _, iv := range g.Intervals {
			if pr, ok := g.Prices[iv]; !ok || pr != nil {
				t.Errorf("%s %s price %+v (present %v), want null", p.Name, iv, pr, ok)
			}
		}
	}
	if got.Founding != nil {
		t.Errorf("founding %+v without a founding price configured", got.Founding)
	}
	trial, _ := plan.Lookup(plan.Trial)
	if got.Trial.Name != plan.Trial || got.Trial.VideoLimit != trial.VideoLimit || got.Trial.SeatLimit != trial.SeatLimit ||
		got.Trial.MaxVideosPerAccount != trial.MaxPerAccount || time.Duration(got.Trial.LengthDays)*24*time.Hour != plan.TrialLength ||
		time.Duration(got.Trial.RefreshIntervalHrs)*time.Hour != trial.RefreshInterval {
		t.Errorf("trial %+v, the catalogue says %+v", got.Trial, trial)
	}
	a.request("GET", "/api/plans?plan=growth", nil).expectError(t, 400, "invalid_request")

	// without billing configured no interval is offered, and the list is [] not null
	b := newApp(t)
	var bare queryteam.Plans
	b.request("GET", "/api/plans", nil).expect(t, 200).decode(t, &bare)
	for _, p := range bare.Plans {
		if p.Intervals == nil || len(p.Intervals) != 0 {
			t.Errorf("%s intervals %v without prices", p.Name, p.Intervals)
		}
	}
}

// TestPlanPrices: with the payment provider configured, each offered
// interval of each plan, and the founding offer, carry the amount, currency
// and interval of the provider's price (stripe-mock answers 2000 usd a
// month for any id), read once and then kept; a failing provider leaves the
// prices null and the catalogue answered.
func TestPlanPrices(t *testing.T) {
	rec := newStripeRecorder(t, testenv.StripeMock(t))
	a := newApp(t, withStripe(rec.URL))
	var got queryteam.Plans
	a.request("GET", "/api/plans", nil).expect(t, 200).decode(t, &got)
	want := queryteam.Price{Amount: 2000, Currency: "usd", Interval: "month", IntervalCount: 1}
	for _, p := range got.Plans {
		if asJSONList(p.Intervals) != "[month year]" || len(p.Prices) != 2 {
			t.Errorf("%s intervals %v prices %v", p.Name, p.Intervals, p.Prices)
		}
		for _, iv := range p.Intervals {
			if pr := p.Prices[iv]; pr == nil || *pr != want {
				t.Errorf("%s %s price %+v, want %+v", p.Name, iv, pr, want)
			}
		}
	}
	if f := got.Founding; f == nil || f.Plan != plan.Growth || f.Interval != plan.Yearly || f.Price == nil || *f.Price != want {
		t.Errorf("founding %+v, want growth yearly at %+v", f, want)
	}
	read := map[string]bool{}
	for _, c := range rec.take() {
		if c.Method != "GET" || !strings.HasPrefix(c.Path, "/v1/prices/") {
			t.Errorf("unexpected call %s %s", c.Method, c.Path)
		}
		read[strings.TrimPrefix(c.Path, "/v1/prices/")] = true
	}
	ps := testPrices()
	for _, id := range []string{ps.Monthly[plan.Starter], ps.Yearly[plan.Starter], ps.Monthly[plan.Growth], ps.Yearly[plan.Growth],
		ps.Monthly[plan.Agency], ps.Yearly[plan.Agency], ps.Founding} {
		if !read[id] {
			t.Errorf("price %s not read; read %v", id, read)
		}
	}
	// kept in process: the second answer asks the provider nothing
	var again queryteam.Plans
	a.request("GET", "/api/plans", nil).expect(t, 200).decode(t, &again)
	if calls := rec.take(); len(calls) != 0 {
		t.Errorf("second answer called the provider %d times: %v", len(calls), calls)
	}
	if pr := again.Plans[0].Prices[plan.Monthly]; pr == nil || *pr != want {
		t.Errorf("cached price %+v, want %+v", pr, want)
	}

	// failing provider: 200 with the limits and intervals, prices null
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write([]byte(`{"error":{"type":"api_error","message":"down"}}`))
	}))
	t.Cleanup(down.Close)
	b := newApp(t, withStripe(down.URL))
	var failing queryteam.Plans
	b.request("GET", "/api/plans", nil).expect(t, 200).decode(t, &failing)
	for _, p := range failing.Plans {
		if len(p.Intervals) != 2 || len(p.Prices) != 2 || p.Prices[plan.Monthly] != nil || p.Prices[plan.Yearly] != nil {
			t.Errorf("%s with a failing provider: intervals %v prices %v", p.Name, p.Intervals, p.Prices)
		}
	}
	if f := failing.Founding; f == nil || f.Price != nil {
		t.Errorf("founding with a failing provider %+v, want the offer without a price", f)
	}
}

func asJSONList(is []plan.Interval) string {
	s := "["
	for i, x := range is {
		if i > 0 {
			s += " "
		}
		s += string(x)
	}
	return s + "]"
}
