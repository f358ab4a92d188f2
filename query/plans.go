package query

import (
	"time"

	"github.com/reeltrack/reeltrack/internal/plan"
)

// PlanLimits is what a plan allows, from the plan catalogue.
type PlanLimits struct {
	Name                plan.Name `json:"name"`
	VideoLimit          int       `json:"videoLimit"`
	SeatLimit           int       `json:"seatLimit"`
	MaxVideosPerAccount int       `json:"maxVideosPerAccount"`
	RefreshIntervalHrs  int       `json:"refreshIntervalHours"`
}

// PaidPlan is a paid plan with the billing intervals a checkout can take.
type PaidPlan struct {
	PlanLimits
	// Intervals are the billing intervals (month, year) that have a price
	// configured: the ones a checkout accepts for the plan.
	Intervals []plan.Interval `json:"intervals"`
}

// Trial is the trial every new workspace starts on.
type Trial struct {
	PlanLimits
	LengthDays int `json:"lengthDays"`
}

// Plans is the answer of GET /plans.
type Plans struct {
	// Plans are the paid plans from the smallest to the largest.
	Plans []PaidPlan `json:"plans"`
	Trial Trial      `json:"trial"`
}

// PlansHandler answers the plan catalogue. Amounts are not part of it: the
// prices are the payment provider's, known here by their ids only.
type PlansHandler struct{ Prices plan.Prices }

// Handle returns the catalogue.
func (h PlansHandler) Handle() Plans {
	trial, _ := plan.Lookup(plan.Trial)
	out := Plans{Plans: []PaidPlan{}, Trial: Trial{PlanLimits: limitsOf(trial), LengthDays: int(plan.TrialLength / (24 * time.Hour))}}
	for _, p := range plan.Paid() {
		pp := PaidPlan{PlanLimits: limitsOf(p), Intervals: []plan.Interval{}}
		for _, i := range []plan.Interval{plan.Monthly, plan.Yearly} {
			if h.Prices.Price(p.Name, i, false) != "" {
				pp.Intervals = append(pp.Intervals, i)
			}
		}
		out.Plans = append(out.Plans, pp)
	}
	return out
}

func limitsOf(p plan.Plan) PlanLimits {
	return PlanLimits{Name: p.Name, VideoLimit: p.VideoLimit, SeatLimit: p.SeatLimit, MaxVideosPerAccount: p.MaxPerAccount,
		RefreshIntervalHrs: int(p.RefreshInterval / time.Hour)}
}
