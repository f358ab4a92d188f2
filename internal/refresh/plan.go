package refresh

import (
	"bytes"
	"cmp"
	"math"
	"slices"
	"time"

	"github.com/google/uuid"
)

// Reason says why an item is refreshed when it is.
type Reason string

// The reasons, as stored (refresh_reason) and shown (nextScrapeReason).
const (
	New       Reason = "new"
	Young     Reason = "young"
	Growing   Reason = "growing"
	Campaign  Reason = "campaign"
	AlertRule Reason = "alert_rule"
	Settled   Reason = "settled"
	Budget    Reason = "budget"
)

// Reasons lists every reason, in the order of the documentation.
var Reasons = []Reason{New, Young, Growing, Campaign, AlertRule, Settled, Budget}

// FirstDay tells a first-day scrape of an item already scraped apart from
// its first scrape in the answers; the plan says New for both.
const FirstDay Reason = "first_day"

// The constants of the rule (see the package documentation).
const (
	// MinInterval is the shortest interval: nothing is scraped more than hourly.
	MinInterval = time.Hour
	// MaxInterval is the longest interval of an item no campaign or rule watches.
	MaxInterval = 7 * 24 * time.Hour
	// YoungWithin is the age under which an item counts as young.
	YoungWithin = 48 * time.Hour
	// CampaignHeat is the least heat of an item in a campaign's window.
	CampaignHeat = 4.0
	// AlertHeat is the least heat of an item an alert rule watches.
	AlertHeat = 1.0
	// GrowingHeat is the growth heat from which an item is "growing": four
	// times the median rate per snapshot.
	GrowingHeat = 2.0
)

// Item is what the planner knows of one tracked item.
type Item struct {
	ID uuid.UUID
	// Cost is the snapshots one scrape of the item spends (at least 1).
	Cost int
	// Created is when the item was first tracked.
	Created time.Time
	// LastScraped is the last scrape; zero: never scraped.
	LastScraped time.Time
	// Queued is true while a scrape of the item is queued or running.
	Queued bool
	// Age is the time since its youngest video (an account) or itself (a
	// video) was published; negative: unknown.
	Age time.Duration
	// ViewsPerHour is the views gained per hour over the last 24 hours
	// (summed over an account's videos); meaningful when HasRate.
	ViewsPerHour float64
	HasRate      bool
	// InCampaign is true while a video of the item is in a campaign's window.
	InCampaign bool
	// Watched is true when an enabled alert rule covers the item.
	Watched bool
}

// Spend is the snapshots one scheduled refresh spent at a time.
type Spend struct {
	At        time.Time
	Snapshots int
}

// Input is one workspace's planning problem.
type Input struct {
	Items []Item
	// Budget is the plan's scrape budget in snapshots per day.
	Budget int
	// Base is the plan's refresh interval: a neutral item's interval.
	Base time.Duration
	// Spent are the scheduled refreshes of the 24 hours before Now (one
	// stamped after Now counts as Now).
	Spent []Spend
	Now   time.Time
}

// Decision is the plan of one item.
type Decision struct {
	// Next is when the item is next scraped: Now or earlier when Due, the last
	// scrape plus Interval, or when a held-back item fits the budget again.
	Next time.Time
	// Interval is the item's planned interval between scrapes.
	Interval time.Duration
	// Reason is why: see Reasons and the package documentation.
	Reason Reason
	// Class is the reason the item's heat gives, before new and budget: what is
	// stored, from which the dashboard's answers tell the reason.
	Class Reason
	// Due is true when the item is to be queued now.
	Due bool
}

// Plan is the answer for a workspace.
type Plan struct {
	// Decisions has one entry per item, in the order of Input.Items.
	Decisions []Decision
	// Scale is λ.
	Scale float64
	// PlannedPerDay is Σ Cost · 24 h / Interval over the scraped items.
	PlannedPerDay float64
	// SpentLast24h is the snapshots of Input.Spent within the last 24 h.
	SpentLast24h int
	// QueuedSnapshots is the cost of the items due now charged to the budget
	// (new ones, never scraped or on a first-day scrape, are not).
	QueuedSnapshots int
}

const day = 24 * time.Hour

// Make plans one workspace's refreshes by the rule of the package doc.
func Make(in Input) Plan {
	n := len(in.Items)
	out := Plan{Decisions: make([]Decision, n)}
	base := in.Base
	if base < MinInterval {
		base = MinInterval
	}
	heat := make([]float64, n)
	maxT := make([]float64, n) // hours
	reason := make([]Reason, n)
	median := medianRate(in.Items)
	for i, it := range in.Items {
		heat[i], reason[i] = heatOf(it, median)
		maxT[i] = MaxInterval.Hours()
		if it.InCampaign || it.Watched {
			maxT[i] = base.Hours()
		}
	}
	baseH, minH := base.Hours(), MinInterval.Hours()
	interval := func(i int, scale float64) float64 {
		if heat[i] <= 0 {
			return maxT[i]
		}
		return snap(min(max(scale*baseH/heat[i], minH), maxT[i]))
	}
	planned := func(scale float64) float64 {
		var sum float64
		for i, it := range in.Items {
			if it.LastScraped.IsZero() {
				continue
			}
			sum += float64(cost(it)) * 24 / interval(i, scale)
		}
		return sum
	}
	budget := float64(max(in.Budget, 0))
	stretch := 1.0
	out.Scale = 1
	if p := planned(1); p > budget {
		// the largest scale that can matter: every item at its largest interval
		hi := 1.0
		for i := range in.Items {
			if heat[i] > 0 {
				hi = max(hi, maxT[i]*heat[i]/baseH)
			}
		}
		if top := planned(hi); top > budget {
			out.Scale = hi
			if budget > 0 {
				stretch = top / budget
			} else {
				stretch = math.Inf(1)
			}
		} else {
			lo := 1.0
			for hi-lo > hi*1e-4 {
				mid := (lo + hi) / 2
				if planned(mid) > budget {
					lo = mid
				} else {
					hi = mid
				}
			}
			out.Scale = hi
		}
	}

	type due struct {
		i       int
		overdue float64
	}
	var dues []due
	for i, it := range in.Items {
		d := &out.Decisions[i]
		d.Reason, d.Class = reason[i], reason[i]
		// whole seconds, rounded up: the rounding never adds to the plan
		secs := math.Ceil(min(interval(i, out.Scale)*stretch, 1e6) * 3600)
		d.Interval = time.Duration(secs) * time.Second
		h := secs / 3600
		if it.LastScraped.IsZero() {
			d.Reason, d.Next = New, it.Created
			d.Due = !it.Queued
			continue
		}
		out.PlannedPerDay += float64(cost(it)) * 24 / h
		var first bool
		if d.Next, first = Next(it.Created, it.LastScraped, d.Interval, in.Now); first {
			d.Reason = New
		}
		if it.Queued || d.Next.After(in.Now) {
			continue
		}
		if first {
			// a first-day scrape is outside the budget
			d.Due = true
			continue
		}
		dues = append(dues, due{i, float64(in.Now.Sub(d.Next)) / float64(d.Interval)})
	}
	slices.SortFunc(dues, func(x, y due) int {
		if c := cmp.Compare(heat[y.i], heat[x.i]); c != 0 {
			return c
		}
		if c := cmp.Compare(y.overdue, x.overdue); c != 0 {
			return c
		}
		return bytes.Compare(in.Items[x.i].ID[:], in.Items[y.i].ID[:])
	})

	spent := make([]Spend, 0, len(in.Spent)+len(dues))
	for _, s := range in.Spent {
		// a spend stamped after now (another clock) counts as now
		if s.At.After(in.Now.Add(-day)) && s.Snapshots > 0 {
			if s.At.After(in.Now) {
				s.At = in.Now
			}
			spent = append(spent, s)
			out.SpentLast24h += s.Snapshots
		}
	}
	slices.SortStableFunc(spent, func(a, b Spend) int { return a.At.Compare(b.At) })
	room := in.Budget - out.SpentLast24h
	var (
		held    bool
		waiting int // the cost of the held items so far
		aged    int // the spends that must age out for them: spent[:aged]
		left    int // the spend within the window once they have
	)
	for _, x := range dues {
		d := &out.Decisions[x.i]
		c := cost(in.Items[x.i])
		if !held && c <= room {
			d.Due = true
			room -= c
			out.QueuedSnapshots += c
			spent = append(spent, Spend{At: in.Now, Snapshots: c})
			continue
		}
		if !held {
			held = true
			left = out.SpentLast24h + out.QueuedSnapshots
		}
		// it waits until the spend leaves room for the held items before it and itself
		waiting += c
		d.Reason = Budget
		for aged < len(spent) && left+waiting > in.Budget {
			left -= spent[aged].Snapshots
			aged++
		}
		switch {
		case left+waiting > in.Budget:
			// more than a day's budget waits: look again in a day
			d.Next = in.Now.Add(day)
		case aged == 0:
			d.Next = in.Now
		default:
			// the spend at that time leaves the window just after a day
			d.Next = spent[aged-1].At.Add(day + time.Second).Truncate(time.Second)
		}
	}
	return out
}

// FirstDayScrapes are the hours after first tracking at which an item is
// scraped again whatever its interval, so it shows growth on its first day.
var FirstDayScrapes = []int{1, 6, 24}

// Next is when an item is next due: the earlier of last + interval and the
// next first-day age; first reports a scrape outside the budget (reason new).
func Next(created, last time.Time, interval time.Duration, now time.Time) (next time.Time, first bool) {
	if last.IsZero() {
		return created, true
	}
	next = last.Add(interval)
	for _, h := range FirstDayScrapes {
		at := created.Add(time.Duration(h) * time.Hour)
		if at.Before(last) {
			continue
		}
		if at.Before(next) {
			return at, true
		}
		if !at.After(now) {
			first = true
		}
	}
	return next, first && !next.After(now)
}

// Ladder are the intervals, in hours, the planner gives: the divisors of a
// day and whole days up to a week (the package doc says why).
var Ladder = []float64{1, 2, 3, 4, 6, 8, 12, 24, 48, 72, 96, 120, 144, 168}

// snap is the shortest interval of Ladder not shorter than h hours.
func snap(h float64) float64 {
	for _, l := range Ladder {
		if l >= h-1e-9 {
			return l
		}
	}
	return h
}

func cost(it Item) int { return max(it.Cost, 1) }

func heatOf(it Item, median float64) (float64, Reason) {
	growth := 1.0
	if it.HasRate {
		growth = 0
		if median > 0 && it.ViewsPerHour > 0 {
			growth = math.Sqrt(it.ViewsPerHour / float64(cost(it)) / median)
		}
	}
	h, r := growth, Settled
	if growth >= GrowingHeat {
		r = Growing
	}
	if it.Age >= 0 && it.Age < YoungWithin {
		if y := YoungWithin.Hours() / max(it.Age.Hours(), 1); y > h || (y == h && r == Settled) {
			h, r = y, Young
		}
	}
	if it.Watched && AlertHeat >= h {
		h, r = AlertHeat, AlertRule
	}
	if it.InCampaign && CampaignHeat >= h {
		h, r = CampaignHeat, Campaign
	}
	return h, r
}

// medianRate is the median views per hour per snapshot of cost over the
// items whose rate is known and positive; 0 when there are none.
func medianRate(items []Item) float64 {
	rates := make([]float64, 0, len(items))
	for _, it := range items {
		if it.HasRate && it.ViewsPerHour > 0 {
			rates = append(rates, it.ViewsPerHour/float64(cost(it)))
		}
	}
	if len(rates) == 0 {
		return 0
	}
	slices.Sort(rates)
	m := len(rates) / 2
	if len(rates)%2 == 1 {
		return rates[m]
	}
	return (rates[m-1] + rates[m]) / 2
}
