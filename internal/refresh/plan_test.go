package refresh_test

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/refresh"
)

var now = time.Date(2026, 5, 4, 12, 0, 0, 0, time.UTC)

// workspace draws n items the way a real workspace looks: mostly
// videos, some accounts costing their tracking limit, rates spread over
// orders of magnitude, some unknown, some young, some in a campaign or
// watched, scraped at some time in the last two days.
func workspace(seed uint64, n int) []refresh.Item {
	r := rand.New(rand.NewPCG(seed, 1))
	items := make([]refresh.Item, n)
	for i := range items {
		it := refresh.Item{
			ID:           uuid.NewSHA1(uuid.NameSpaceOID, []byte{byte(seed), byte(i), byte(i >> 8), byte(i >> 16)}),
			Cost:         1,
			Created:      now.Add(-time.Duration(r.IntN(30*24)) * time.Hour),
			LastScraped:  now.Add(-time.Duration(r.IntN(48*60)) * time.Minute),
			Age:          time.Duration(r.IntN(60*24)) * time.Hour,
			ViewsPerHour: math.Exp(r.NormFloat64()*2 + 3),
			HasRate:      r.IntN(10) > 0,
			InCampaign:   r.IntN(20) == 0,
			Watched:      r.IntN(10) == 0,
		}
		if r.IntN(5) == 0 {
			it.Cost = 1 + r.IntN(50)
		}
		if r.IntN(50) == 0 {
			it.LastScraped = time.Time{}
		}
		items[i] = it
	}
	return items
}

// plannedPerDay recomputes the plan's snapshots per day from its
// decisions.
func plannedPerDay(items []refresh.Item, p refresh.Plan) float64 {
	var sum float64
	for i, it := range items {
		if it.LastScraped.IsZero() {
			continue
		}
		sum += float64(max(it.Cost, 1)) * 24 / p.Decisions[i].Interval.Hours()
	}
	return sum
}

// TestPlanStaysWithinBindingBudgets: whatever the budget, the planned
// snapshots per day and the spend of the last 24 hours with what is queued
// now stay within it, and a budget that binds is used (at least half of
// it: the scale is not larger than needed, and the ladder of intervals
// at most doubles one).
func TestPlanStaysWithinBindingBudgets(t *testing.T) {
	for seed := range uint64(5) {
		items := workspace(seed, 2000)
		free := refresh.Make(refresh.Input{Items: items, Budget: math.MaxInt32, Base: 6 * time.Hour, Now: now})
		if free.Scale != 1 {
			t.Fatalf("seed %d: scale %v with no binding budget, want 1", seed, free.Scale)
		}
		for _, share := range []float64{0.9, 0.5, 0.2, 0.05, 0.001} {
			budget := int(free.PlannedPerDay * share)
			spent := []refresh.Spend{{At: now.Add(-23 * time.Hour), Snapshots: budget / 3}, {At: now.Add(-time.Hour), Snapshots: budget / 4}}
			p := refresh.Make(refresh.Input{Items: items, Budget: budget, Base: 6 * time.Hour, Spent: spent, Now: now})
			got := plannedPerDay(items, p)
			if got > float64(budget) || math.Abs(got-p.PlannedPerDay) > 1e-6*got {
				t.Errorf("seed %d, budget %d: %.1f snapshots a day planned (says %.1f)", seed, budget, got, p.PlannedPerDay)
			}
			// the intervals are on the ladder, whose steps are at most 2x
			if share >= 0.05 && got < 0.5*float64(budget) {
				t.Errorf("seed %d, budget %d: only %.1f snapshots a day planned: the scale %v is larger than needed", seed, budget, got, p.Scale)
			}
			if p.SpentLast24h != budget/3+budget/4 {
				t.Errorf("seed %d: spent %d in the last 24 h, want %d", seed, p.SpentLast24h, budget/3+budget/4)
			}
			queued := 0
			for i, d := range p.Decisions {
				if d.Due && d.Reason != refresh.New {
					queued += max(items[i].Cost, 1)
				}
			}
			if queued != p.QueuedSnapshots || p.SpentLast24h+queued > budget {
				t.Errorf("seed %d, budget %d: %d spent and %d queued now (says %d)", seed, budget, p.SpentLast24h, queued, p.QueuedSnapshots)
			}
		}
	}
}

// TestHotAndYoungItemsComeBackSooner: of items alike but for their rate or
// age, the faster-growing and the younger get shorter intervals, and items
// that stopped growing slow down beyond the plan's interval, to at most a
// week.
func TestHotAndYoungItemsComeBackSooner(t *testing.T) {
	last := now.Add(-10 * time.Minute)
	item := func(i int, vph float64, age time.Duration) refresh.Item {
		return refresh.Item{ID: uuid.UUID{byte(i)}, Cost: 1, Created: now.Add(-30 * 24 * time.Hour), LastScraped: last,
			Age: age, ViewsPerHour: vph, HasRate: true}
	}
	items := []refresh.Item{
		item(0, 10, 30*24*time.Hour),   // settled
		item(1, 100, 30*24*time.Hour),  // the median
		item(2, 1000, 30*24*time.Hour), // growing
		item(3, 100, 3*time.Hour),      // young
		item(4, 0, 30*24*time.Hour),    // stopped
		item(5, 100, 30*24*time.Hour),
	}
	base := 6 * time.Hour
	p := refresh.Make(refresh.Input{Items: items, Budget: 1 << 30, Base: base, Now: now})
	d := p.Decisions
	want := []refresh.Reason{refresh.Settled, refresh.Settled, refresh.Growing, refresh.Young, refresh.Settled, refresh.Settled}
	for i, w := range want {
		if d[i].Reason != w {
			t.Errorf("item %d: reason %s, want %s", i, d[i].Reason, w)
		}
		if !d[i].Next.Equal(last.Add(d[i].Interval)) || d[i].Due {
			t.Errorf("item %d: next %s (due %v), want its last scrape plus %s", i, d[i].Next, d[i].Due, d[i].Interval)
		}
	}
	if d[1].Interval != base {
		t.Errorf("the median item: interval %s, want the plan's %s", d[1].Interval, base)
	}
	if !(d[2].Interval < d[1].Interval && d[3].Interval < d[1].Interval && d[1].Interval < d[0].Interval && d[0].Interval < d[4].Interval) {
		t.Errorf("intervals growing %s, young %s, median %s, settled %s, stopped %s: want them in that order, shortest first",
			d[2].Interval, d[3].Interval, d[1].Interval, d[0].Interval, d[4].Interval)
	}
	if d[3].Interval < refresh.MinInterval || d[4].Interval != refresh.MaxInterval {
		t.Errorf("young %s, stopped %s: want at least an hour and a week", d[3].Interval, d[4].Interval)
	}
}

// TestCampaignAndWatchedItemsKeptFresh: an item in a campaign's window or
// watched by an alert rule is refreshed at least as often as the plan's
// interval even when it stopped growing and when the budget makes the
// other items wait longer.
func TestCampaignAndWatchedItemsKeptFresh(t *testing.T) {
	items := workspace(7, 500)
	for i := range items {
		items[i].InCampaign, items[i].Watched = false, false
	}
	cold := func(i int) {
		items[i].ViewsPerHour, items[i].HasRate, items[i].Age = 0, true, 40*24*time.Hour
		if items[i].LastScraped.IsZero() {
			items[i].LastScraped = now.Add(-time.Hour)
		}
	}
	cold(0)
	cold(1)
	cold(2)
	items[0].InCampaign = true
	items[1].Watched = true
	base := 24 * time.Hour
	free := refresh.Make(refresh.Input{Items: items, Budget: 1 << 30, Base: base, Now: now})
	tight := refresh.Make(refresh.Input{Items: items, Budget: int(free.PlannedPerDay / 4), Base: base, Now: now})
	for _, p := range []refresh.Plan{free, tight} {
		d := p.Decisions
		if d[0].Reason != refresh.Campaign || d[0].Interval > base/time.Duration(refresh.CampaignHeat) && p.Scale == 1 || d[0].Interval > base {
			t.Errorf("scale %v: campaign item %s every %s", p.Scale, d[0].Reason, d[0].Interval)
		}
		if d[1].Reason != refresh.AlertRule || d[1].Interval > base {
			t.Errorf("scale %v: watched item %s every %s", p.Scale, d[1].Reason, d[1].Interval)
		}
		if d[2].Reason != refresh.Settled || d[2].Interval != refresh.MaxInterval {
			t.Errorf("scale %v: the same item unwatched %s every %s, want settled every week", p.Scale, d[2].Reason, d[2].Interval)
		}
	}
	if tight.Scale <= 1.5 {
		t.Fatalf("the tight budget did not bind: scale %v", tight.Scale)
	}
}

// TestBudgetHoldsBackDueItems: with most of the day's budget spent, the
// due items are queued hottest first while they fit; the rest wait, with
// reason budget, until the spend that blocks them is a day old. Items
// never scraped are queued whatever the budget and not charged.
func TestBudgetHoldsBackDueItems(t *testing.T) {
	old := now.Add(-3 * 24 * time.Hour)
	items := []refresh.Item{
		{ID: uuid.UUID{1}, Cost: 10, LastScraped: old, Age: 40 * 24 * time.Hour, HasRate: true, ViewsPerHour: 10},
		{ID: uuid.UUID{2}, Cost: 10, LastScraped: old, Age: 20 * time.Hour, HasRate: true, ViewsPerHour: 10},
		{ID: uuid.UUID{3}, Cost: 10, LastScraped: old, Age: 40 * 24 * time.Hour, HasRate: true, ViewsPerHour: 90},
		{ID: uuid.UUID{4}, Cost: 1, LastScraped: old, Age: 40 * 24 * time.Hour, HasRate: true, ViewsPerHour: 1},
		{ID: uuid.UUID{5}, Cost: 30, Created: now.Add(-time.Minute), Age: -1},
		{ID: uuid.UUID{6}, Cost: 10, LastScraped: old, Age: -1, HasRate: true, ViewsPerHour: 10, Queued: true},
	}
	spent := []refresh.Spend{{At: now.Add(-20 * time.Hour), Snapshots: 30}, {At: now.Add(-2 * time.Hour), Snapshots: 45}, {At: now.Add(-25 * time.Hour), Snapshots: 1000}}
	p := refresh.Make(refresh.Input{Items: items, Budget: 100, Base: 24 * time.Hour, Spent: spent, Now: now})
	d := p.Decisions
	// The plan (71 snapshots a day) fits the budget, but the day's room is
	// 100 - 75 = 25: the growing item (heat √9 = 3) and the young one (heat
	// 48 / 20 = 2.4) fit; the settled ones (heat 1) are held back.
	if p.Scale != 1 {
		t.Fatalf("scale %v, want 1", p.Scale)
	}
	if !d[1].Due || d[1].Reason != refresh.Young || !d[2].Due || d[2].Reason != refresh.Growing {
		t.Errorf("young %+v, growing %+v: want both queued", d[1], d[2])
	}
	for _, i := range []int{0, 3} {
		if d[i].Due || d[i].Reason != refresh.Budget || !d[i].Next.Equal(now.Add(4*time.Hour+time.Second)) {
			t.Errorf("item %d: %+v, want held back for the budget until the spend of 20 hours ago is a day old", i, d[i])
		}
	}
	if !d[4].Due || d[4].Reason != refresh.New || !d[4].Next.Equal(items[4].Created) {
		t.Errorf("never scraped: %+v, want due now as new", d[4])
	}
	if d[5].Due {
		t.Errorf("queued already: %+v, want not due again", d[5])
	}
	if p.SpentLast24h != 75 || p.QueuedSnapshots != 20 {
		t.Errorf("spent %d, queued %d: want 75 and 20 (the new item outside the budget)", p.SpentLast24h, p.QueuedSnapshots)
	}
}

// TestPlanIsDeterministic: the same items in another order get the same
// decisions, every time.
func TestPlanIsDeterministic(t *testing.T) {
	items := workspace(3, 3000)
	in := refresh.Input{Items: items, Budget: 2000, Base: 6 * time.Hour, Now: now,
		Spent: []refresh.Spend{{At: now.Add(-12 * time.Hour), Snapshots: 1995}}}
	first := refresh.Make(in)
	byID := map[uuid.UUID]refresh.Decision{}
	for i, d := range first.Decisions {
		byID[items[i].ID] = d
	}
	shuffled := append([]refresh.Item(nil), items...)
	rand.New(rand.NewPCG(9, 9)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	for run := range 3 {
		in.Items = shuffled
		p := refresh.Make(in)
		for i, d := range p.Decisions {
			if !reflect.DeepEqual(d, byID[shuffled[i].ID]) {
				t.Fatalf("run %d: item %s decided %+v, before %+v", run, shuffled[i].ID, d, byID[shuffled[i].ID])
			}
		}
	}
	held := 0
	for _, d := range first.Decisions {
		if d.Reason == refresh.Budget {
			held++
		}
	}
	if held == 0 {
		t.Fatal("nothing held back: the test's budget does not bind")
	}
}

// BenchmarkPlan100k and BenchmarkPlan1M plan a workspace of 100,000 and
// of 1,000,000 items on a budget that binds.
func BenchmarkPlan100k(b *testing.B) {
	items := workspace(1, 100_000)
	in := refresh.Input{Items: items, Budget: 50_000, Base: 6 * time.Hour, Now: now}
	for b.Loop() {
		refresh.Make(in)
	}
}

func BenchmarkPlan1M(b *testing.B) {
	items := workspace(1, 1_000_000)
	in := refresh.Input{Items: items, Budget: 500_000, Base: 6 * time.Hour, Now: now}
	for b.Loop() {
		refresh.Make(in)
	}
}
