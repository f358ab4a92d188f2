// Package payout computes what a campaign owes its creators: each video's
// price under its line's rules (Rules.Price), then what its clip, creator cap
// and the budget leave, in lock order (Spent.Allocate). Money is minor units;
// a per-1,000-views amount is rounded down once, after the tiers are summed.
package payout

import (
	"fmt"
	"maps"
	"math"
	"math/bits"
	"time"

	"github.com/reeltrack/reeltrack/internal/apperr"
)

// Money is an amount in minor units of a campaign's currency (cents, yen).
type Money int64

// Tier pays CPM per 1,000 views from From on; more views never earn less.
type Tier struct {
	From int64 `json:"fromViews"`
	CPM  Money `json:"cpm"`
}

// Period is how a campaign groups its payouts in time, in UTC.
type Period string

// The periods, in UTC: a week starts on Monday, a month on its first day.
const (
	Weekly  Period = "weekly"
	Monthly Period = "monthly"
)

// Start returns the start of the period holding t.
func (p Period) Start(t time.Time) time.Time {
	t = t.UTC()
	if p == Monthly {
		return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
	}
	day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	return day.AddDate(0, 0, -(int(t.Weekday())+6)%7)
}

// Next returns the start of the period after the one starting at start.
func (p Period) Next(start time.Time) time.Time {
	if p == Monthly {
		return start.AddDate(0, 1, 0)
	}
	return start.AddDate(0, 0, 7)
}

// DefaultWindow pays the views of a video's first 7 days after publication.
const DefaultWindow = 7 * 24 * time.Hour

const (
	maxTiers  = 10
	maxCPM    = Money(1_000_000_00) // 1,000,000.00 per 1,000 views in a two-decimal currency
	maxWindow = 365 * 24 * time.Hour
)

// Terms are one version of a campaign's payout rules; a zero limit is none.
type Terms struct {
	Tiers       []Tier `json:"tiers"`
	ViewCap     int64  `json:"viewCap"`     // per video
	MinViews    int64  `json:"minViews"`    // at the window's end; fewer earn nothing
	MinAmount   Money  `json:"minAmount"`   // a base pay for a video with views
	MaxAmount   Money  `json:"maxAmount"`   // per video
	CreatorCap  Money  `json:"creatorCap"`  // per creator and period
	WindowHours int    `json:"windowHours"` // how long after publication views count
}

// Window is WindowHours as a duration.
func (t Terms) Window() time.Duration { return time.Duration(t.WindowHours) * time.Hour }

// Rules are a version's terms under the period all versions share.
type Rules struct {
	Terms
	Period Period // groups the lines by the time their windows close
}

// Validate reports the first value out of bounds, naming its field.
func (r Rules) Validate() error {
	if len(r.Tiers) == 0 || len(r.Tiers) > maxTiers {
		return apperr.Invalid("tiers", fmt.Sprintf("between 1 and %d tiers", maxTiers))
	}
	for i, t := range r.Tiers {
		switch {
		case i == 0 && t.From != 0:
			return apperr.Invalid("tiers", "the first tier starts at 0 views")
		case i > 0 && t.From <= r.Tiers[i-1].From:
			return apperr.Invalid("tiers", "each tier starts at more views than the one before")
		case t.CPM < 0 || t.CPM > maxCPM:
			return apperr.Invalid("tiers", fmt.Sprintf("a CPM is between 0 and %d minor units", maxCPM))
		}
	}
	for _, v := range []struct {
		field string
		value int64
	}{{"viewCap", r.ViewCap}, {"minViews", r.MinViews}, {"minAmount", int64(r.MinAmount)}, {"maxAmount", int64(r.MaxAmount)}, {"creatorCap", int64(r.CreatorCap)}} {
		if v.value < 0 {
			return apperr.Invalid(v.field, "must not be negative")
		}
	}
	switch {
	case r.MaxAmount > 0 && r.MaxAmount < r.MinAmount:
		return apperr.Invalid("maxAmount", "must not be below minAmount")
	case r.ViewCap > 0 && r.ViewCap < r.MinViews:
		return apperr.Invalid("viewCap", "must not be below minViews")
	case r.Window() < time.Hour || r.Window() > maxWindow:
		return apperr.Invalid("windowHours", "between 1 hour and 365 days")
	case r.Period != Weekly && r.Period != Monthly:
		return apperr.Invalid("period", `"weekly" or "monthly"`)
	}
	return nil
}

// Bound names the rule that set a line's amount, where one did.
type Bound string

// The rules that can bind a line, in the order they apply.
const (
	Unbound         Bound = "" // paid its views at the tiers' rates
	BoundMinViews   Bound = "min_views"
	BoundViewCap    Bound = "view_cap"
	BoundMinAmount  Bound = "min_amount"
	BoundMaxAmount  Bound = "max_amount"
	BoundCrossPost  Bound = "cross_post" // the clip was paid as much elsewhere
	BoundCreatorCap Bound = "creator_cap"
	BoundBudget     Bound = "budget"
)

// Priced is what one video's views earn under one version of the rules.
type Priced struct {
	Views  int64 // paid for: up to the view cap, 0 below the minimum
	Amount Money
	Bound  Bound
}

// Price returns what views earn under r: capped, tiered, rounded, clamped.
func (r Rules) Price(views int64) Priced {
	if views <= 0 {
		return Priced{}
	}
	if views < r.MinViews {
		return Priced{Bound: BoundMinViews}
	}
	p := Priced{Views: views}
	if r.ViewCap > 0 && p.Views > r.ViewCap {
		p.Views, p.Bound = r.ViewCap, BoundViewCap
	}
	p.Amount = r.tiered(p.Views)
	if p.Amount < r.MinAmount {
		p.Amount, p.Bound = r.MinAmount, BoundMinAmount
	}
	if r.MaxAmount > 0 && p.Amount > r.MaxAmount {
		p.Amount, p.Bound = r.MaxAmount, BoundMaxAmount
	}
	return p
}

// tiered sums views × CPM in 128 bits and saturates at Money's maximum.
func (r Rules) tiered(views int64) Money {
	var hi, lo uint64
	for i, t := range r.Tiers {
		end := views
		if i+1 < len(r.Tiers) && r.Tiers[i+1].From < end {
			end = r.Tiers[i+1].From
		}
		if end <= t.From {
			break
		}
		h, l := bits.Mul64(uint64(end-t.From), uint64(t.CPM))
		var carry uint64
		lo, carry = bits.Add64(lo, l, 0)
		hi += h + carry
	}
	if hi >= 1000 {
		return math.MaxInt64
	}
	q, _ := bits.Div64(hi, lo, 1000)
	if q > math.MaxInt64 {
		return math.MaxInt64
	}
	return Money(q)
}

// Line is a line of the ledger as the caps see it.
type Line struct {
	Creator    string    // the payee
	Clip       string    // shared by a creator's posts of one clip on several platforms; "" alone
	Period     time.Time // the start of the period the line's window closes in
	Priced     Priced    // under the line's version of the rules
	CreatorCap Money     // that version's
}

// Payable is what a line adds to the campaign's spend.
type Payable struct {
	Amount Money
	Bound  Bound // the last rule that cut the amount, or the price's own
}

type creatorPeriod struct {
	creator string
	period  time.Time
}

// Spent is what allocated lines took; a rejected line's amount stays spent.
type Spent struct {
	Total   Money
	creator map[creatorPeriod]Money
	clip    map[string]Money
}

// Add records a line allocated earlier with what it was paid.
func (s *Spent) Add(l Line, paid Money) {
	if s.creator == nil {
		s.creator, s.clip = map[creatorPeriod]Money{}, map[string]Money{}
	}
	s.Total += paid
	s.creator[creatorPeriod{l.Creator, l.Period.UTC()}] += paid
	if l.Clip != "" {
		s.clip[l.Clip] = max(s.clip[l.Clip], l.Priced.Amount)
	}
}

// Clone returns an unshared copy, to project the open lines without changing s.
func (s *Spent) Clone() *Spent {
	// maps.Clone copies the tables as they are, without hashing each key again
	c := &Spent{Total: s.Total, creator: maps.Clone(s.creator), clip: maps.Clone(s.clip)}
	if c.creator == nil {
		c.creator = map[creatorPeriod]Money{}
	}
	if c.clip == nil {
		c.clip = map[string]Money{}
	}
	return c
}

// Allocate pays the lines in order within their clip, creator cap and budget.
func (s *Spent) Allocate(budget Money, lines []Line) []Payable {
	out := make([]Payable, len(lines))
	for i, l := range lines {
		p := Payable{Amount: l.Priced.Amount, Bound: l.Priced.Bound}
		if l.Clip != "" {
			if best := s.clip[l.Clip]; best > 0 {
				p.cut(max(0, p.Amount-best), BoundCrossPost)
			}
		}
		if l.CreatorCap > 0 {
			p.cut(max(0, l.CreatorCap-s.creator[creatorPeriod{l.Creator, l.Period.UTC()}]), BoundCreatorCap)
		}
		if budget > 0 {
			p.cut(max(0, budget-s.Total), BoundBudget)
		}
		s.Add(l, p.Amount)
		out[i] = p
	}
	return out
}

func (p *Payable) cut(left Money, by Bound) {
	if left < p.Amount {
		p.Amount, p.Bound = left, by
	}
}

// Decimal writes m with digits decimals: Decimal(-5, 2) is "-0.05".
func Decimal(m Money, digits int) string {
	sign := ""
	u := uint64(m)
	if m < 0 {
		sign, u = "-", uint64(-(m+1))+1
	}
	if digits <= 0 {
		return fmt.Sprintf("%s%d", sign, u)
	}
	scale := uint64(1)
	for range digits {
		scale *= 10
	}
	return fmt.Sprintf("%s%d.%0*d", sign, u/scale, digits, u%scale)
}
