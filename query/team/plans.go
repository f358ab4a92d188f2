package team

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/reeltrack/reeltrack/internal/fanout"
	"github.com/reeltrack/reeltrack/internal/payment"
	"github.com/reeltrack/reeltrack/internal/plan"
)

// PlanLimits is what a plan allows, from the plan catalogue.
type PlanLimits struct {
	Name                  plan.Name `json:"name"`
	VideoLimit            int       `json:"videoLimit"`
	SeatLimit             int       `json:"seatLimit"`
	MaxVideosPerAccount   int       `json:"maxVideosPerAccount"`
	RefreshIntervalHrs    int       `json:"refreshIntervalHours"`
	ManualRefreshesPerDay int       `json:"manualRefreshesPerDay"`
	ScrapeBudget          int       `json:"scrapeBudget"`
}

// Price is a price of the payment provider, Amount in minor units.
type Price struct {
	Amount        int64  `json:"amount"`
	Currency      string `json:"currency"`
	Interval      string `json:"interval"`
	IntervalCount int64  `json:"intervalCount"`
}

// PaidPlan is a paid plan with the billing intervals a checkout can take.
type PaidPlan struct {
	PlanLimits
	// Intervals are those with a configured price, the ones a checkout accepts.
	Intervals []plan.Interval `json:"intervals"`
	// Prices has one entry per interval: nil when the provider could not say.
	Prices map[plan.Interval]*Price `json:"prices"`
}

// Founding is the founding offer: FoundingPlan billed yearly at its own price.
type Founding struct {
	Plan     plan.Name     `json:"plan"`
	Interval plan.Interval `json:"interval"`
	Price    *Price        `json:"price"`
}

// Trial is the trial every new workspace starts on.
type Trial struct {
	PlanLimits
	LengthDays int `json:"lengthDays"`
}

// Plans is the answer of GET /plans.
type Plans struct {
	// Plans are the paid plans, smallest first.
	Plans []PaidPlan `json:"plans"`
	Trial Trial      `json:"trial"`
	// Founding is nil without a founding price configured.
	Founding *Founding `json:"founding"`
}

// PriceReader reads a price of the payment provider by id.
type PriceReader interface {
	Price(ctx context.Context, id string) (payment.Price, error)
}

// Price cache lifetimes: a failed read is retried after a minute.
const (
	priceTTL       = time.Hour
	priceFailedTTL = time.Minute
	priceTimeout   = 3 * time.Second
)

// PlansHandler answers the plan catalogue with its prices' amounts, kept in process.
type PlansHandler struct {
	Prices   plan.Prices
	Provider PriceReader // nil: billing is not configured, no amounts
	Log      *slog.Logger
	Now      func() time.Time
	cache    *priceCache
}

// NewPlansHandler builds the handler with its price cache.
func NewPlansHandler(prices plan.Prices, provider PriceReader, log *slog.Logger, now func() time.Time) PlansHandler {
	return PlansHandler{Prices: prices, Provider: provider, Log: log, Now: now, cache: &priceCache{entries: map[string]priceEntry{}}}
}

type priceCache struct {
	mu      sync.Mutex
	entries map[string]priceEntry
}

type priceEntry struct {
	price   *Price
	expires time.Time
}

// Handle returns the catalogue.
func (h PlansHandler) Handle(ctx context.Context) Plans {
	trial, _ := plan.Lookup(plan.Trial)
	out := Plans{Plans: []PaidPlan{}, Trial: Trial{PlanLimits: limitsOf(trial), LengthDays: int(plan.TrialLength / (24 * time.Hour))}}
	ids := map[string]*Price{}
	for _, p := range plan.Paid() {
		for _, i := range []plan.Interval{plan.Monthly, plan.Yearly} {
			if id := h.Prices.Price(p.Name, i, false); id != "" {
				ids[id] = nil
			}
		}
	}
	if h.Prices.Founding != "" {
		ids[h.Prices.Founding] = nil
	}
	h.lookup(ctx, ids)
	for _, p := range plan.Paid() {
		pp := PaidPlan{PlanLimits: limitsOf(p), Intervals: []plan.Interval{}, Prices: map[plan.Interval]*Price{}}
		for _, i := range []plan.Interval{plan.Monthly, plan.Yearly} {
			if id := h.Prices.Price(p.Name, i, false); id != "" {
				pp.Intervals = append(pp.Intervals, i)
				pp.Prices[i] = ids[id]
			}
		}
		out.Plans = append(out.Plans, pp)
	}
	if h.Prices.Founding != "" {
		out.Founding = &Founding{Plan: plan.FoundingPlan, Interval: plan.Yearly, Price: ids[h.Prices.Founding]}
	}
	return out
}

// lookup fills ids with the prices known, cached or read; nil for one not read.
func (h PlansHandler) lookup(ctx context.Context, ids map[string]*Price) {
	if h.Provider == nil || len(ids) == 0 {
		return
	}
	now := h.Now
	var missing []string
	if h.cache != nil {
		h.cache.mu.Lock()
		for id := range ids {
			if e, ok := h.cache.entries[id]; ok && now().Before(e.expires) {
				ids[id] = e.price
			} else {
				missing = append(missing, id)
			}
		}
		h.cache.mu.Unlock()
	} else {
		for id := range ids {
			missing = append(missing, id)
		}
	}
	if len(missing) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, priceTimeout)
	defer cancel()
	read := make([]*Price, len(missing))
	// a price not read is logged and left out
	_ = fanout.Each(len(missing), len(missing), func(n int) error {
		p, err := h.Provider.Price(ctx, missing[n])
		if err != nil {
			h.Log.WarnContext(ctx, "plans: price not read, answered without it", "price", missing[n], "error", err)
			return nil
		}
		read[n] = &Price{Amount: p.Amount, Currency: p.Currency, Interval: p.Interval, IntervalCount: p.IntervalCount}
		return nil
	})
	if h.cache != nil {
		h.cache.mu.Lock()
		defer h.cache.mu.Unlock()
	}
	for n, id := range missing {
		ids[id] = read[n]
		if h.cache != nil {
			ttl := priceTTL
			if read[n] == nil {
				ttl = priceFailedTTL
			}
			h.cache.entries[id] = priceEntry{price: read[n], expires: now().Add(ttl)}
		}
	}
}

func limitsOf(p plan.Plan) PlanLimits {
	return PlanLimits{Name: p.Name, VideoLimit: p.VideoLimit, SeatLimit: p.SeatLimit, MaxVideosPerAccount: p.MaxPerAccount,
		RefreshIntervalHrs: int(p.RefreshInterval / time.Hour), ManualRefreshesPerDay: p.ManualRefreshesPerDay, ScrapeBudget: p.ScrapeBudget}
}
