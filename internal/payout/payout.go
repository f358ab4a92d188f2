// Package payout computes what a campaign owes the creators of its videos
// for their views: the price of each video's views under the version of the
// campaign's rules its line uses (Rules.Price), then what its clip, its
// creator's cap for the period and the campaign's budget leave of it, line
// by line in the order the lines lock (Spent.Allocate). It reads and writes
// nothing: the views come from the stored snapshots, and the amounts go to
// the ledger, where a locked line never changes.
//
// Money is integer minor units of the campaign's currency throughout; an
// amount per 1,000 views is rounded down once, after the tiers are summed.
package payout

import (
	"fmt"
	"math"
	"math/bits"
	"time"

	"github.com/reeltrack/reeltrack/internal/apperr"
)

// Money is an amount in minor units of a campaign's currency (cents, yen).
type Money int64

// Tier is a rate of pay: CPM per 1,000 of the views from From on, up to the
// next tier's From. Tiers start at 0 and rise, and views are paid tier by
// tier, so more views never earn less.
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

// Limits of the values a version of the rules may hold.
const (
	maxTiers  = 10
	maxCPM    = Money(1_000_000_00) // 1,000,000.00 per 1,000 views in a two-decimal currency
	maxWindow = 365 * 24 * time.Hour
)

// Terms are one version of a campaign's payout rules as they are written,
// stored and shown, by every layer. A zero cap, minimum or maximum is none.
type Terms struct {
	// Tiers are the rates of pay, the first from 0 views.
	Tiers []Tier `json:"tiers"`
	// ViewCap is the most views of one video that are paid.
	ViewCap int64 `json:"viewCap"`
	// MinViews: a video with fewer views at its window's end earns nothing.
	MinViews int64 `json:"minViews"`
	// MinAmount is the least a video with views, and at least MinViews,
	// earns: a base pay; MaxAmount the most any video earns.
	MinAmount Money `json:"minAmount"`
	MaxAmount Money `json:"maxAmount"`
	// CreatorCap is the most one creator earns in one period.
	CreatorCap Money `json:"creatorCap"`
	// WindowHours is how long after its publication a video's views count.
	WindowHours int `json:"windowHours"`
}

// Window is WindowHours as a duration.
func (t Terms) Window() time.Duration { return time.Duration(t.WindowHours) * time.Hour }

// Rules are a version's terms under its campaign's period, which every
// version shares.
type Rules struct {
	Terms
	// Period groups the lines by the time their windows close.
	Period Period
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
	// Unbound: the line is paid its views at the tiers' rates.
	Unbound Bound = ""
	// BoundMinViews: too few views, nothing earned.
	BoundMinViews Bound = "min_views"
	// BoundViewCap: views beyond the cap were not paid.
	BoundViewCap Bound = "view_cap"
	// BoundMinAmount: raised to the minimum amount.
	BoundMinAmount Bound = "min_amount"
	// BoundMaxAmount: cut to the maximum amount.
	BoundMaxAmount Bound = "max_amount"
	// BoundCrossPost: a line of the same clip elsewhere was paid as much or more.
	BoundCrossPost Bound = "cross_post"
	// BoundCreatorCap: the creator's cap for the period was reached.
	BoundCreatorCap Bound = "creator_cap"
	// BoundBudget: the campaign's budget was reached.
	BoundBudget Bound = "budget"
)

// Priced is what one video's views earn under one version of the rules.
type Priced struct {
	// Views are the views paid for: the views at the window's end, up to
	// the view cap; 0 below the minimum.
	Views  int64
	Amount Money
	Bound  Bound
}

// Price returns what views earn under r: the views up to ViewCap tier by
// tier, rounded down to a minor unit, raised to MinAmount and cut to
// MaxAmount; nothing below MinViews.
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

// tiered sums views × CPM over the tiers in 128 bits and divides by 1,000
// once; an amount beyond Money's range is its largest value.
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
	// Creator is the payee.
	Creator string
	// Clip is shared by the lines of one clip its creator posted on several
	// platforms; "" is a clip of its own.
	Clip string
	// Period is the start of the period the line's window closes in.
	Period time.Time
	// Priced is its price under its version of the rules, and CreatorCap
	// that version's cap per creator and period.
	Priced     Priced
	CreatorCap Money
}

// Payable is what a line adds to the campaign's spend.
type Payable struct {
	Amount Money
	// Bound is the last rule that cut the amount, or the price's own.
	Bound Bound
}

type creatorPeriod struct {
	creator string
	period  time.Time
}

// Spent is what the lines already allocated take: of the budget, of each
// creator's cap per period, and each clip's best price. Every locked line is
// added, a rejected one too: its amount was fixed when it locked, so a
// rejection frees nothing for the lines after it.
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
	c := &Spent{Total: s.Total, creator: make(map[creatorPeriod]Money, len(s.creator)), clip: make(map[string]Money, len(s.clip))}
	for k, v := range s.creator {
		c.creator[k] = v
	}
	for k, v := range s.clip {
		c.clip[k] = v
	}
	return c
}

// Allocate pays the lines in order, each within what is left: first what
// its clip has not earned yet through a line allocated before it (a clip
// earns the price of its best line once, whatever the platforms), then what
// its creator's cap leaves for its period, then what the budget (0: none)
// leaves. Each line is added to s.
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

// cut lowers the amount to left, naming the rule, where left is less.
func (p *Payable) cut(left Money, by Bound) {
	if left < p.Amount {
		p.Amount, p.Bound = left, by
	}
}

// Decimal writes an amount of minor units with digits decimal places:
// Decimal(81250, 2) is "812.50", Decimal(-5, 2) "-0.05".
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
