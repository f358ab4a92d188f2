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

// FirstDay tells first-day scrapes from the first in answers; plans say New.
const FirstDay Reason = "first_day"

// The constants of the rule (see the package documentation).
const (
	MinInterval  = time.Hour
	MaxInterval  = 7 * 24 * time.Hour // of an item no campaign or rule watches
	YoungWithin  = 48 * time.Hour
	CampaignHeat = 4.0 // the least heat of an item in a campaign's window
	AlertHeat    = 1.0 // the least heat of an item an alert rule watches
	GrowingHeat  = 2.0 // growth heat from which an item is "growing": 4× the median rate
)

// Item is what the planner knows of one tracked item.
type Item struct {
	ID          uuid.UUID
	Cost        int       // snapshots one scrape spends (at least 1)
	Created     time.Time // first tracked
	LastScraped time.Time // zero: never
	Queued      bool      // a scrape is queued or running
	// Age is since it or its youngest video was published; negative: unknown.
	Age time.Duration
	// ViewsPerHour is over the last 24 hours, summed over an account's videos.
	ViewsPerHour float64
	HasRate      bool
	InCampaign   bool // a video of the item is in a campaign's window
	Watched      bool // an enabled alert rule covers it
}

// Spend is the snapshots one scheduled refresh spent at a time.
type Spend struct {
	At        time.Time
	Snapshots int
}

// Input is one workspace's planning problem.
type Input struct {
	Items  []Item
	Budget int           // snapshots per day
	Base   time.Duration // a neutral item's interval
	Spent  []Spend       // of the 24 hours before Now
	Now    time.Time
}

// Decision is the plan of one item.
type Decision struct {
	// Next is ≤ Now when Due, else last + Interval, or when held ones fit.
	Next     time.Time
	Interval time.Duration
	Reason   Reason
	// Class is the stored reason: the heat's, before new and budget.
	Class Reason
	Due   bool // to be queued now
}

// Plan is the answer for a workspace.
type Plan struct {
	Decisions       []Decision // in the order of Input.Items
	Scale           float64    // λ
	PlannedPerDay   float64    // Σ Cost · 24 h / Interval over the scraped items
	SpentLast24h    int
	QueuedSnapshots int // of the items due now charged to the budget (not new ones)
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

// FirstDayScrapes are the hours after tracking at which an item is scraped
// whatever its interval, so it shows growth on its first day.
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

// Ladder are the intervals the planner gives, in hours: on a divisor of a day
// an item is scraped at the same hours daily, so 24-hour gains compare alike.
var Ladder = []float64{1, 2, 3, 4, 6, 8, 12, 24, 48, 72, 96, 120, 144, 168}

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

// medianRate is the median positive views per hour per snapshot of cost.
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
