package payment

import (
	"context"
	"fmt"

	"github.com/stripe/stripe-go/v76"
)

// Price is a fixed amount per billing period, as the service shows it.
type Price struct {
	ID            string
	Amount        int64  // in the currency's minor unit
	Currency      string // ISO 4217 in lower case
	Interval      string // day, week, month or year
	IntervalCount int64  // Intervals per payment
}

// ErrNoFixedAmount refuses a price without one recurring fixed amount.
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
