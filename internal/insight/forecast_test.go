package insight

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
)

var t0 = time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)

// family draws curves views(age in hours).
type family func(r *rand.Rand) func(age float64) float64

// powerLaw curves differ in size only: P·age^0.4.
func powerLaw(r *rand.Rand) func(float64) float64 {
	p := math.Exp(r.NormFloat64()*1.5) * 1e6
	return func(age float64) float64 { return p * math.Pow(age, 0.4) }
}

// saturating curves P·(1 − e^(−age/τ)) differ in size and in how fast
// they settle.
func saturating(r *rand.Rand) func(float64) float64 {
	p := math.Exp(r.NormFloat64()) * 1e5
	tau := math.Exp(math.Log(6) + r.Float64()*math.Log(300/6.0)) // 6–300 h
	return func(age float64) float64 { return p * (1 - math.Exp(-age/tau)) }
}

// known is a video published at published whose curve is known up to now
// (all of Ages it has reached), with its latest snapshot at now.
func known(id int, published, now time.Time, views func(float64) float64) (Video, Point) {
	c := make(Curve, len(Ages))
	age := now.Sub(published).Hours()
	for i, a := range Ages {
		c[i] = Unknown
		if float64(a) <= age {
			c[i] = int64(views(float64(a)))
		}
	}
	return Video{ID: uuid.NewSHA1(uuid.NameSpaceOID, fmt.Appendf(nil, "%d", id)), Published: published, Curve: c},
		Point{At: now, Views: int64(views(age))}
}

// account makes n videos of the family published a day apart, the newest
// 61 days before now, so every curve is known at every age.
func account(r *rand.Rand, f family, n int, now time.Time) []Video {
	out := make([]Video, n)
	for i := range out {
		out[i], _ = known(1000+i, now.Add(-time.Duration(61*24+24*i)*time.Hour), now, f(r))
	}
	return out
}

func TestPredictStates(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	now := t0
	siblings := account(r, saturating, 20, now)
	views := saturating(r)
	for _, tc := range []struct {
		name      string
		published time.Time
		latest    bool
		account   []Video
		pool      []Video
		want      ForecastState
	}{
		{"30 days old", now.Add(-ForecastMaxAge), true, siblings, nil, ForecastTooOld},
		{"just under 30 days", now.Add(-ForecastMaxAge + time.Minute), true, siblings, nil, ForecastReady},
		{"no snapshot yet", now.Add(-5 * time.Hour), false, siblings, nil, ForecastTooYoung},
		{"under an hour", now.Add(-59 * time.Minute), true, siblings, nil, ForecastTooYoung},
		{"an hour", now.Add(-time.Hour), true, siblings, nil, ForecastReady},
		{"four siblings", now.Add(-48 * time.Hour), true, siblings[:4], nil, ForecastNoHistory},
		{"five siblings", now.Add(-48 * time.Hour), true, siblings[:5], nil, ForecastReady},
		{"four siblings and a pool", now.Add(-48 * time.Hour), true, siblings[:4], siblings[4:], ForecastReady},
		{"no account", now.Add(-48 * time.Hour), true, nil, siblings, ForecastReady},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, p := known(1, tc.published, now, views)
			if !tc.latest {
				p = Point{}
			}
			f := Predict(v, p, tc.account, tc.pool, now)
			if f.State != tc.want {
				t.Fatalf("state %s, want %s", f.State, tc.want)
			}
			if f.State != ForecastReady && (f != Forecast{State: f.State}) {
				t.Fatalf("numbers without a forecast: %+v", f)
			}
			if f.State == ForecastReady && f.Basis < MinForecastBasis {
				t.Fatalf("basis %d", f.Basis)
			}
		})
	}
}

func TestPredictNeedsSiblingsWithViewsAtTheHorizon(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	now := t0
	v, p := known(1, now.Add(-100*time.Hour), now, saturating(r))
	// ten siblings published 20 days ago: known at 100 h and at 100 h + 7 d
	// but not at 100 h + 30 d
	var young []Video
	for i := range 10 {
		s, _ := known(100+i, now.Add(-20*24*time.Hour), now, saturating(r))
		young = append(young, s)
	}
	if f := Predict(v, p, young, nil, now); f.State != ForecastReady || f.Has30d || f.In30d != (Band{}) || f.In7d.Views < p.Views {
		t.Fatalf("forecast %+v without curves reaching 30 days on, want its 7-day band only", f)
	}
	// the video itself in its account does not count, nor twice in the pool
	account := append([]Video{v}, account(r, saturating, 4, now)...)
	if f := Predict(v, p, account, append(account, account...), now); f.State != ForecastNoHistory {
		t.Fatalf("state %s from four siblings given twice and the video itself", f.State)
	}
	if f := Predict(v, p, account, append(account, account[1]), now); f.State != ForecastNoHistory {
		t.Fatalf("state %s: a sibling in the account and the pool counted twice", f.State)
	}
}

// TestPredictExactOnPowerLaws: curves that differ in size only grow by the
// same factor, (age+h)/age to the power 0.4, from any age to any later
// one, and a straight line on log scales between the ages of the grid is
// exact for them. The forecast is that growth, with a band of no width.
func TestPredictExactOnPowerLaws(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	now := t0
	siblings := account(r, powerLaw, 12, now)
	for _, ageHours := range []float64{1, 2.5, 7, 30, 100, 333.3, 719} {
		views := powerLaw(r)
		published := now.Add(-time.Duration(ageHours * float64(time.Hour)))
		v, p := known(1, published, now, views)
		f := Predict(v, p, siblings, nil, now)
		if f.State != ForecastReady {
			t.Fatalf("age %v: state %s", ageHours, f.State)
		}
		for _, h := range []struct {
			band  Band
			hours float64
		}{{f.In7d, 168}, {f.In30d, 720}} {
			want := float64(p.Views) * math.Pow((ageHours+h.hours)/ageHours, 0.4)
			for _, got := range []int64{h.band.Views, h.band.Low, h.band.High} {
				if math.Abs(float64(got)-want)/want > 0.001 {
					t.Errorf("age %v, +%v h: %+v, want %.0f", ageHours, h.hours, h.band, want)
				}
			}
		}
	}
}

// TestPredictBoundsNeverFall: a curve never falls, so neither the forecast
// nor its low bound is below the views counted, the band holds the
// median, and nothing at 30 days is below its 7-day value.
func TestPredictBoundsNeverFall(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	now := t0
	// siblings whose curves dip now and then: counts a platform corrected
	var siblings []Video
	for i := range 30 {
		s, _ := known(100+i, now.Add(-time.Duration(61*24+i)*time.Hour), now, saturating(r))
		for j := range s.Curve {
			if r.IntN(5) == 0 && j > 0 {
				s.Curve[j] = s.Curve[j-1] / 2
			}
		}
		siblings = append(siblings, s)
	}
	for i := range 300 {
		age := time.Duration(1+r.IntN(719)) * time.Hour
		v, p := known(i, now.Add(-age), now, saturating(r))
		// the latest snapshot some hours before now, with fewer views
		// than the curve says at its age
		p.At = now.Add(-time.Duration(r.IntN(int(age.Hours())) * int(time.Hour)))
		p.Views /= int64(1 + r.IntN(3))
		f := Predict(v, p, siblings, nil, now)
		if f.State != ForecastReady {
			continue
		}
		for _, b := range []Band{f.In7d, f.In30d} {
			if b.Low < p.Views || b.Low > b.Views || b.Views > b.High {
				t.Fatalf("age %s, latest %d: band %+v", age, p.Views, b)
			}
		}
		if f.In30d.Low < f.In7d.Low || f.In30d.Views < f.In7d.Views || f.In30d.High < f.In7d.High {
			t.Fatalf("30 days %+v below 7 days %+v", f.In30d, f.In7d)
		}
	}
}

// heldOut draws n videos of the saturating family, younger than a day,
// and tallies m's forecasts of them from siblings against their curves.
func heldOut(r *rand.Rand, m ForecastMethod, siblings []Video, n int, now time.Time) BacktestResult {
	var b Backtest
	for i := range n {
		views := saturating(r)
		age := time.Duration(1+r.IntN(23)) * time.Hour
		v, p := known(i, now.Add(-age), now, views)
		f := m.Predict(v, p, siblings, nil, now)
		b.Add(f, int64(views((age + Horizon7d).Hours())), int64(views((age + Horizon30d).Hours())))
	}
	return b.Result()
}

// TestPredictBandCoversHeldOutCurves: for videos drawn from the same
// family as their siblings, the truth falls within the 80 % band about 80
// % of the time: at once when the band is the siblings' own 10th to 90th
// percentiles, and after calibration on other videos of the family when
// only the siblings of the nearest trend are kept.
func TestPredictBandCoversHeldOutCurves(t *testing.T) {
	now := t0
	check := func(t *testing.T, res BacktestResult) {
		t.Helper()
		if res.N7 < 950 || res.N30 < 950 {
			t.Fatalf("%d and %d forecasts of 1000", res.N7, res.N30)
		}
		for _, cover := range []float64{res.Cover7, res.Cover30} {
			if cover < 0.74 || cover > 0.86 {
				t.Errorf("the band holds the truth %.1f %% of the time, want about 80 %%", 100*cover)
			}
		}
	}
	t.Run("all siblings", func(t *testing.T) {
		r := rand.New(rand.NewPCG(9, 10))
		check(t, heldOut(r, ForecastMethod{Nearest: 1}, account(r, saturating, 60, now), 1000, now))
	})
	t.Run("nearest trend, calibrated", func(t *testing.T) {
		r := rand.New(rand.NewPCG(11, 12))
		siblings := account(r, saturating, 200, now)
		m := ForecastMethod{Nearest: DefaultForecast.Nearest}
		// the widening at which 500 videos' bands hold 80 %, by bisection
		lo, hi := 0.1, 4.0
		for range 10 {
			m.Widen = []float64{(lo + hi) / 2}
			res := heldOut(rand.New(rand.NewPCG(13, 14)), m, siblings, 500, now)
			if (res.Cover7+res.Cover30)/2 < 0.8 {
				lo = m.Widen[0]
			} else {
				hi = m.Widen[0]
			}
		}
		all := heldOut(r, ForecastMethod{Nearest: 1}, siblings, 1000, now)
		res := heldOut(rand.New(rand.NewPCG(9, 10)), m, siblings, 1000, now)
		check(t, res)
		// and the trend makes the forecast closer
		if res.MAPE7 > all.MAPE7/2 || res.MAPE30 > all.MAPE30/2 {
			t.Errorf("MAPE %.3f and %.3f with the nearest trend, %.3f and %.3f without", res.MAPE7, res.MAPE30, all.MAPE7, all.MAPE30)
		}
	})
}

func TestLogViewsAtInterpolatesOnLogScales(t *testing.T) {
	c := make(Curve, len(Ages))
	for i := range c {
		c[i] = Unknown
	}
	c[AgeIndex(24)], c[AgeIndex(36)] = 999, 3999
	got, ok := logViewsAt(c, math.Sqrt(24*36))
	if !ok || math.Abs(got-math.Log(2000)) > 1e-9 {
		t.Fatalf("halfway on a log scale: %v %v, want log 2000", got, ok)
	}
	if _, ok := logViewsAt(c, 40); ok {
		t.Fatal("a value beyond the last known age")
	}
	if v, ok := logViewsAt(c, 24); !ok || v != math.Log(1000) {
		t.Fatalf("at an age of the grid: %v %v", v, ok)
	}
}

// withLogs gives each video its curve's logarithms, as the hourly job does.
func withLogs(vs []Video) []Video {
	for i := range vs {
		vs[i].Logs = vs[i].Curve.Logs()
	}
	return vs
}

// BenchmarkPredict forecasts one video of an account of 200 videos with
// full curves; the hourly job does this once per video younger than 30
// days.
func BenchmarkPredict(b *testing.B) {
	r := rand.New(rand.NewPCG(11, 12))
	now := t0
	siblings := withLogs(account(r, saturating, 200, now))
	v, p := known(1, now.Add(-30*time.Hour), now, saturating(r))
	b.ReportAllocs()
	for b.Loop() {
		if f := Predict(v, p, siblings, nil, now); f.State != ForecastReady {
			b.Fatal(f.State)
		}
	}
}

// BenchmarkPredictFromPool forecasts a video of an account too small to go
// on, from a pool of 100,000 videos.
func BenchmarkPredictFromPool(b *testing.B) {
	r := rand.New(rand.NewPCG(13, 14))
	now := t0
	pool := withLogs(account(r, saturating, 100_000, now))
	v, p := known(1, now.Add(-30*time.Hour), now, saturating(r))
	b.ReportAllocs()
	for b.Loop() {
		if f := Predict(v, p, pool[:3], pool, now); f.State != ForecastReady {
			b.Fatal(f.State)
		}
	}
}

// TestKeptLogsReadAsTheCurve: a curve's logarithms worked out once
// (Curve.Logs, which the hourly step keeps in Video.Logs for the forecasts'
// references) read, at every age, the very value the curve gives, to the
// bit, unknown ages and short curves included; and a forecast from
// references with kept logarithms equals one without.
func TestKeptLogsReadAsTheCurve(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	now := t0
	for round := range 200 {
		siblings := account(r, saturating, 3+r.IntN(40), now)
		for i := range siblings {
			c := siblings[i].Curve
			for k := range c {
				if r.IntN(5) == 0 {
					c[k] = Unknown
				}
			}
			c = c[:r.IntN(len(c)+1)]
			siblings[i].Curve = c
			logs := c.Logs()
			for range 50 {
				g := gridPos(float64(r.IntN(MaxAge+10)) + r.Float64())
				want, wantOK := g.logViews(c)
				if got, ok := g.logOf(logs); ok != wantOK || math.Float64bits(got) != math.Float64bits(want) {
					t.Fatalf("curve %v at %+v: kept logarithms read %v %v, the curve %v %v", c, g, got, ok, want, wantOK)
				}
			}
		}
		age := time.Duration(1+r.IntN(29*24)) * time.Hour
		v, p := known(1, now.Add(-age), now, saturating(r))
		plain := Predict(v, p, siblings[:len(siblings)/2], siblings[len(siblings)/2:], now)
		kept := withLogs(slices.Clone(siblings))
		if got := Predict(v, p, kept[:len(kept)/2], kept[len(kept)/2:], now); !reflect.DeepEqual(got, plain) {
			t.Fatalf("round %d: with kept logarithms %+v, without %+v", round, got, plain)
		}
	}
}
