package plan

// Interval is how often a subscription is billed.
type Interval string

// The billing intervals.
const (
	Monthly Interval = "month"
	Yearly  Interval = "year"
)

// FoundingPlan is a founding subscription's plan, billed yearly.
const FoundingPlan = Growth

// Prices are the payment provider's price ids of the paid plans.
type Prices struct {
	Monthly  map[Name]string
	Yearly   map[Name]string
	Founding string // empty: no founding offer
}

// Paid returns the paid plans from the smallest to the largest.
func Paid() []Plan {
	return []Plan{catalogue[Starter], catalogue[Growth], catalogue[Agency]}
}

// Price returns a paid plan's price id per interval; "" if not configured.
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

// PlanOf returns the plan of a price id and whether it is the founding one.
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
