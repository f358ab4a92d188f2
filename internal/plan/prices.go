package plan

// Interval is how often a subscription is billed.
type Interval string

// The billing intervals.
const (
	Monthly Interval = "month"
	Yearly  Interval = "year"
)

// FoundingPlan is the plan a founding subscription is on: Growth, billed
// yearly at the founding price while founding spots remain.
const FoundingPlan = Growth

// Prices are the payment provider's price ids of the paid plans: monthly,
// yearly and the founding price; a price only says which plan it is.
type Prices struct {
	Monthly  map[Name]string
	Yearly   map[Name]string
	Founding string // empty: no founding offer
}

// Paid returns the paid plans from the smallest to the largest.
func Paid() []Plan {
	return []Plan{catalogue[Starter], catalogue[Growth], catalogue[Agency]}
}

// Price returns the price id of a paid plan billed every interval, or of the
// founding offer; empty when that price is not configured.
func (p Prices) Price(name Name, interval Interval, founding bool) string {
	if founding {
		if name != FoundingPlan || interval != Yearly {
			return ""
		}
		return p.Founding
	}
	switch interval {
	case Monthly:
		return p.Monthly[name]
	case Yearly:
		return p.Yearly[name]
	}
	return ""
}

// PlanOf returns the plan a price id stands for and whether it is the
// founding price; ok is false for a price that is not in the catalogue.
func (p Prices) PlanOf(priceID string) (plan Plan, founding, ok bool) {
	if priceID == "" {
		return Plan{}, false, false
	}
	if priceID == p.Founding {
		return catalogue[FoundingPlan], true, true
	}
	for _, m := range []map[Name]string{p.Monthly, p.Yearly} {
		for name, id := range m {
			if id == priceID {
				return catalogue[name], false, true
			}
		}
	}
	return Plan{}, false, false
}
