package payment

import (
	"context"
	"fmt"

	"github.com/stripe/stripe-go/v76"
)

// Price is what the service shows of one of the provider's prices: a fixed
// amount per billing period.
type Price struct {
	ID string
	// Amount is in the currency's minor unit (cents for usd; yen for jpy).
	Amount int64
	// Currency is the ISO 4217 code in lower case, as Stripe spells it.
	Currency string
	// Interval (day, week, month, year) and IntervalCount: one payment per
	// IntervalCount Intervals.
	Interval      string
	IntervalCount int64
}

// ErrNoFixedAmount: the price is not recurring with one fixed amount
// (one-time, tiered or metered), so there is no single amount to show.
var ErrNoFixedAmount = fmt.Errorf("%w: not a recurring price with a fixed amount", ErrRejected)

// Price reads a price by id.
func (s *Stripe) Price(ctx context.Context, id string) (Price, error) {
	params := &stripe.PriceParams{}
	params.Context = ctx
	p, err := s.api.Prices.Get(id, params)
	if err != nil {
		return Price{}, classify("retrieve price "+id, err)
	}
	if p.Recurring == nil || p.Recurring.UsageType == stripe.PriceRecurringUsageTypeMetered || p.BillingScheme == stripe.PriceBillingSchemeTiered {
		return Price{}, fmt.Errorf("price %s: %w", id, ErrNoFixedAmount)
	}
	return Price{
		ID: p.ID, Amount: p.UnitAmount, Currency: string(p.Currency),
		Interval: string(p.Recurring.Interval), IntervalCount: p.Recurring.IntervalCount,
	}, nil
}
