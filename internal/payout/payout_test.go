package payout

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/apperr"
)

func flat(cpm Money) Rules {
	return Rules{Terms: Terms{Tiers: []Tier{{0, cpm}}, WindowHours: int(DefaultWindow / time.Hour)}, Period: Weekly}
}

func TestPrice(t *testing.T) {
	tiered := Rules{Terms: Terms{Tiers: []Tier{{0, 100}, {100_000, 200}, {1_000_000, 50}}, WindowHours: int(DefaultWindow / time.Hour)}, Period: Weekly}
	for _, tc := range []struct {
		name  string
		rules Rules
		views int64
		want  Priced
	}{
		{"flat CPM", flat(250), 12_345, Priced{12_345, 3086, Unbound}}, // 12,345 × 2.50 / 1,000 = 30.8625, rounded down
		{"no views earn nothing", flat(250), 0, Priced{}},
		{"below the minimum views", Rules{Terms: Terms{Tiers: []Tier{{0, 250}}, MinViews: 10_000}}, 9_999, Priced{0, 0, BoundMinViews}},
		{"at the minimum views", Rules{Terms: Terms{Tiers: []Tier{{0, 250}}, MinViews: 10_000}}, 10_000, Priced{10_000, 2500, Unbound}},
		{"view cap", Rules{Terms: Terms{Tiers: []Tier{{0, 100}}, ViewCap: 50_000}}, 80_000, Priced{50_000, 5000, BoundViewCap}},
		{"within the first tier", tiered, 100_000, Priced{100_000, 10_000, Unbound}},
		// 100,000 × 1.00 + 400,000 × 2.00 per 1,000
		{"across two tiers", tiered, 500_000, Priced{500_000, 90_000, Unbound}},
		// 100,000 × 1.00 + 900,000 × 2.00 + 1,000,000 × 0.50
		{"across three tiers", tiered, 2_000_000, Priced{2_000_000, 240_000, Unbound}},
		{"rounded down once, after the tiers", Rules{Terms: Terms{Tiers: []Tier{{0, 1}, {1, 1}}}}, 1_999, Priced{1_999, 1, Unbound}},
		{"raised to the minimum amount", Rules{Terms: Terms{Tiers: []Tier{{0, 100}}, MinAmount: 500}}, 1_000, Priced{1_000, 500, BoundMinAmount}},
		{"base pay at CPM 0", Rules{Terms: Terms{Tiers: []Tier{{0, 0}}, MinAmount: 2_000, MinViews: 1}}, 7, Priced{7, 2_000, BoundMinAmount}},
		{"cut to the maximum amount", Rules{Terms: Terms{Tiers: []Tier{{0, 100}}, MaxAmount: 10_000}}, 1_000_000, Priced{1_000_000, 10_000, BoundMaxAmount}},
		{"beyond 64 bits before the division", Rules{Terms: Terms{Tiers: []Tier{{0, maxCPM}}}}, math.MaxInt64, Priced{math.MaxInt64, math.MaxInt64, Unbound}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.rules.Price(tc.views); got != tc.want {
				t.Errorf("Price(%d) = %+v, want %+v", tc.views, got, tc.want)
			}
		})
	}
}

// TestMoreViewsNeverEarnLess holds for tiers whose rates fall as well as
// rise.
func TestMoreViewsNeverEarnLess(t *testing.T) {
	r := Rules{Terms: Terms{Tiers: []Tier{{0, 300}, {10_000, 900}, {50_000, 10}, {200_000, 0}}, ViewCap: 1_000_000, MinViews: 500, MinAmount: 100, MaxAmount: 40_000}}
	prev := Money(0)
	for v := int64(0); v <= 1_200_000; v += 97 {
		got := r.Price(v).Amount
		if got < prev {
			t.Fatalf("Price(%d) = %d, less than %d for fewer views", v, got, prev)
		}
		prev = got
	}
}

func TestPeriodStart(t *testing.T) {
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, tc := range []struct {
		p          Period
		t          string
		start, end string
	}{
		{Weekly, "2026-11-27T15:04:05Z", "2026-11-23T00:00:00Z", "2026-11-30T00:00:00Z"},      // a Friday
		{Weekly, "2026-11-23T00:00:00Z", "2026-11-23T00:00:00Z", "2026-11-30T00:00:00Z"},      // Monday 00:00 starts its week
		{Weekly, "2026-11-22T23:59:59Z", "2026-11-16T00:00:00Z", "2026-11-23T00:00:00Z"},      // Sunday ends the week before
		{Weekly, "2027-01-01T10:00:00+14:00", "2026-12-28T00:00:00Z", "2027-01-04T00:00:00Z"}, // UTC decides: 2026-12-31
		{Monthly, "2026-12-31T23:59:59Z", "2026-12-01T00:00:00Z", "2027-01-01T00:00:00Z"},
		{Monthly, "2027-03-01T00:30:00+01:00", "2027-02-01T00:00:00Z", "2027-03-01T00:00:00Z"},
	} {
		start := tc.p.Start(at(tc.t))
		if !start.Equal(at(tc.start)) || start.Location() != time.UTC {
			t.Errorf("%s Start(%s) = %v, want %s UTC", tc.p, tc.t, start, tc.start)
		}
		if end := tc.p.Next(start); !end.Equal(at(tc.end)) {
			t.Errorf("%s Next(%v) = %v, want %s", tc.p, start, end, tc.end)
		}
	}
}

func TestValidate(t *testing.T) {
	ok := Rules{Terms: Terms{Tiers: []Tier{{0, 100}, {1_000, 150}}, ViewCap: 1_000_000, MinViews: 1_000, MinAmount: 100, MaxAmount: 100_000, CreatorCap: 500_000, WindowHours: int(DefaultWindow / time.Hour)}, Period: Monthly}
	if err := ok.Validate(); err != nil {
		t.Fatalf("valid rules refused: %v", err)
	}
	for _, tc := range []struct {
		field string
		edit  func(*Rules)
	}{
		{"tiers", func(r *Rules) { r.Tiers = nil }},
		{"tiers", func(r *Rules) { r.Tiers = []Tier{{10, 100}} }},
		{"tiers", func(r *Rules) { r.Tiers = []Tier{{0, 100}, {0, 200}} }},
		{"tiers", func(r *Rules) { r.Tiers = []Tier{{0, -1}} }},
		{"tiers", func(r *Rules) { r.Tiers = []Tier{{0, maxCPM + 1}} }},
		{"viewCap", func(r *Rules) { r.ViewCap = -1 }},
		{"viewCap", func(r *Rules) { r.ViewCap = 999 }},
		{"minAmount", func(r *Rules) { r.MinAmount = -5 }},
		{"maxAmount", func(r *Rules) { r.MaxAmount = 99 }},
		{"creatorCap", func(r *Rules) { r.CreatorCap = -1 }},
		{"windowHours", func(r *Rules) { r.WindowHours = 0 }},
		{"windowHours", func(r *Rules) { r.WindowHours = int(maxWindow/time.Hour) + 1 }},
		{"period", func(r *Rules) { r.Period = "daily" }},
	} {
		r := ok
		r.Tiers = append([]Tier(nil), ok.Tiers...)
		tc.edit(&r)
		err := r.Validate()
		if apperr.KindOf(err) != apperr.KindInvalid || apperr.Fields(err)[tc.field] == "" {
			t.Errorf("%+v: got %v, want invalid %s", r, err, tc.field)
		}
	}
}

func TestAllocate(t *testing.T) {
	week := Weekly.Start(time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC))
	next := Weekly.Next(week)
	line := func(creator, clip string, period time.Time, amount, creatorCap Money) Line {
		return Line{Creator: creator, Clip: clip, Period: period, Priced: Priced{Views: int64(amount) * 10, Amount: amount}, CreatorCap: creatorCap}
	}
	for _, tc := range []struct {
		name   string
		budget Money
		lines  []Line
		want   []Payable
	}{
		{"nothing binds", 0,
			[]Line{line("a", "", week, 300, 0), line("b", "", week, 200, 0)},
			[]Payable{{300, Unbound}, {200, Unbound}}},
		{"the creator's cap binds within a period and starts again in the next", 0,
			[]Line{line("a", "", week, 600, 1_000), line("a", "", week, 600, 1_000), line("a", "", week, 600, 1_000), line("a", "", next, 600, 1_000), line("b", "", week, 600, 1_000)},
			[]Payable{{600, Unbound}, {400, BoundCreatorCap}, {0, BoundCreatorCap}, {600, Unbound}, {600, Unbound}}},
		{"the budget binds after the creators' caps", 1_000,
			[]Line{line("a", "", week, 700, 500), line("b", "", week, 400, 0), line("c", "", week, 400, 0)},
			[]Payable{{500, BoundCreatorCap}, {400, Unbound}, {100, BoundBudget}}},
		{"a cross-posted clip is paid once, for its best line", 0,
			[]Line{line("a", "clip1", week, 300, 0), line("a", "clip1", week, 200, 0), line("a", "clip1", week, 450, 0), line("a", "clip2", week, 100, 0)},
			[]Payable{{300, Unbound}, {0, BoundCrossPost}, {150, BoundCrossPost}, {100, Unbound}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s Spent
			got := s.Allocate(tc.budget, tc.lines)
			var total Money
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("line %d: got %+v, want %+v", i, got[i], tc.want[i])
				}
				total += got[i].Amount
			}
			if s.Total != total {
				t.Errorf("spent %d, the lines paid %d", s.Total, total)
			}
		})
	}
}

// TestAllocateInStepsAsAtOnce: allocating in two steps (the
// lines locked earlier added to Spent, then those locking now) pays what
// one allocation of all of them pays, and a projection on a clone leaves
// the spend as it was.
func TestAllocateInStepsAsAtOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	week := Weekly.Start(time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC))
	for round := 0; round < 200; round++ {
		lines := make([]Line, 40)
		for i := range lines {
			lines[i] = Line{
				Creator:    string(rune('a' + rng.IntN(5))),
				Period:     week.AddDate(0, 0, 7*rng.IntN(3)),
				Priced:     Priced{Amount: Money(rng.IntN(5_000))},
				CreatorCap: Money(rng.IntN(3) * 4_000),
			}
			if rng.IntN(3) == 0 {
				lines[i].Clip = string(rune('p' + rng.IntN(4)))
			}
		}
		budget := Money(rng.IntN(60_000))
		var all Spent
		want := all.Allocate(budget, lines)

		cut := rng.IntN(len(lines))
		var steps Spent
		for i, l := range lines[:cut] {
			steps.Add(l, want[i].Amount)
		}
		before := steps.Total
		steps.Clone().Allocate(budget, lines[cut:])
		if steps.Total != before {
			t.Fatalf("a projection on a clone changed the spend: %d, was %d", steps.Total, before)
		}
		got := steps.Allocate(budget, lines[cut:])
		for i := range got {
			if got[i] != want[cut+i] {
				t.Fatalf("round %d, line %d: in steps %+v, at once %+v", round, cut+i, got[i], want[cut+i])
			}
		}

		// What the caps promise.
		if budget > 0 && all.Total > budget {
			t.Fatalf("spent %d beyond the budget %d", all.Total, budget)
		}
		byCreator := map[creatorPeriod]Money{}
		byClip, bestOfClip := map[string]Money{}, map[string]Money{}
		for i, l := range lines {
			if want[i].Amount < 0 || want[i].Amount > l.Priced.Amount {
				t.Fatalf("line %d paid %d of its price %d", i, want[i].Amount, l.Priced.Amount)
			}
			k := creatorPeriod{l.Creator, l.Period}
			byCreator[k] += want[i].Amount
			// A line pays nothing that takes its creator's period beyond
			// its own version's cap (a version may change the cap).
			if l.CreatorCap > 0 && want[i].Amount > 0 && byCreator[k] > l.CreatorCap {
				t.Fatalf("creator %s paid %d in a period beyond the cap %d", l.Creator, byCreator[k], l.CreatorCap)
			}
			if l.Clip != "" {
				byClip[l.Clip] += want[i].Amount
				bestOfClip[l.Clip] = max(bestOfClip[l.Clip], l.Priced.Amount)
				if byClip[l.Clip] > bestOfClip[l.Clip] {
					t.Fatalf("clip %s paid %d, more than its best line's price %d", l.Clip, byClip[l.Clip], bestOfClip[l.Clip])
				}
			}
		}
	}
}

func TestDecimal(t *testing.T) {
	for _, tc := range []struct {
		m      Money
		digits int
		want   string
	}{{81250, 2, "812.50"}, {5, 2, "0.05"}, {-5, 2, "-0.05"}, {1234, 0, "1234"}, {1234, 3, "1.234"}, {math.MinInt64, 2, "-92233720368547758.08"}} {
		if got := Decimal(tc.m, tc.digits); got != tc.want {
			t.Errorf("Decimal(%d, %d) = %q, want %q", tc.m, tc.digits, got, tc.want)
		}
	}
}
