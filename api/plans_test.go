package api_test

import (
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/query"
)

func TestPlans(t *testing.T) {
	a := newApp(t, func(d *wiring.Deps) {
		d.Config.StripePrices = plan.Prices{
			Monthly: map[plan.Name]string{plan.Starter: "price_s_m", plan.Growth: "price_g_m"},
			Yearly:  map[plan.Name]string{plan.Growth: "price_g_y"},
		}
	})
	// public: no session
	var got query.Plans
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
	var bare query.Plans
	b.request("GET", "/api/plans", nil).expect(t, 200).decode(t, &bare)
	for _, p := range bare.Plans {
		if p.Intervals == nil || len(p.Intervals) != 0 {
			t.Errorf("%s intervals %v without prices", p.Name, p.Intervals)
		}
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
