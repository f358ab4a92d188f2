package insight

import (
	"math"
	"slices"
	"sort"
	"time"

	"github.com/google/uuid"
)

// ForecastState says whether a video has a forecast, and if not, why.
type ForecastState string

// The forecast states; no_history: too few curves to draw on.
const (
	ForecastReady     ForecastState = "forecast"
	ForecastTooOld    ForecastState = "too_old"   // ForecastMaxAge or more: its views have settled
	ForecastTooYoung  ForecastState = "too_young" // no snapshot yet, or younger than 1 h
	ForecastNoHistory ForecastState = "no_history"
)

// ForecastStates lists every state.
var ForecastStates = []ForecastState{ForecastReady, ForecastTooOld, ForecastTooYoung, ForecastNoHistory}

// The forecast's horizons, and the age beyond which a video has none.
const (
	Horizon7d      = 7 * 24 * time.Hour
	Horizon30d     = 30 * 24 * time.Hour
	ForecastMaxAge = 30 * 24 * time.Hour
)

// Band is a forecast's median and 80 % band; Low is at least the views so far.
type Band struct{ Views, Low, High int64 }

// Forecast is a video's forecast 7 and 30 days on; zero bands unless ready.
type Forecast struct {
	State       ForecastState
	In7d, In30d Band
	Has30d      bool // too few curves reach 30 days past the video's age
	// Basis is the curves with values at the age and a horizon, before Nearest.
	Basis int
}

// How many curves a forecast needs and reads; beyond maxScan videos it
// samples evenly, so its cost does not grow with the workspace.
const (
	MinForecastBasis = 5
	poolBelow        = 10
	maxScan          = 2000
	maxBasis         = 400
)

// ForecastMethod holds the choices the backtest tunes (docs/forecast.md).
type ForecastMethod struct {
	// Nearest is the share of curves kept, those closest in trend; 0 or 1: all.
	Nearest float64
	// Widen stretches the band on a log scale per age class (≤ 0, missing: 1).
	Widen []float64
}

// ForecastAgeClasses bound the ages whose bands are calibrated apart.
var ForecastAgeClasses = []time.Duration{24 * time.Hour, 7 * 24 * time.Hour, ForecastMaxAge}

// AgeClass is the index in ForecastAgeClasses of a video of this age.
func AgeClass(age time.Duration) int {
	for i, upTo := range ForecastAgeClasses {
		if age < upTo {
			return i
		}
	}
	return len(ForecastAgeClasses) - 1
}

// DefaultForecast is the method Predict uses, as the backtest chose it.
var DefaultForecast = ForecastMethod{Nearest: 0.15, Widen: []float64{1.13, 1, 1}}

// Predict forecasts v's views from its account's curves, topped up from pool.
func Predict(v Video, latest Point, account, pool []Video, now time.Time) Forecast {
	return DefaultForecast.Predict(v, latest, account, pool, now)
}

// ref is a curve's log growth from the video's age to each horizon.
type ref struct {
	id          uuid.UUID
	g7, g30     float64
	has7, has30 bool
	trend       float64 // the growth over the last halving of the age
	hasTrend    bool
}

// Predict is the package's Predict with this method.
func (m ForecastMethod) Predict(v Video, latest Point, account, pool []Video, now time.Time) Forecast {
	age := now.Sub(v.Published)
	switch {
	case age >= ForecastMaxAge:
		return Forecast{State: ForecastTooOld}
	case latest.At.IsZero() || age < time.Duration(Ages[0])*time.Hour:
		return Forecast{State: ForecastTooYoung}
	}
	from := latest.At.Sub(v.Published).Hours()
	to7, to30 := (age + Horizon7d).Hours(), (age + Horizon30d).Hours()
	if from < float64(Ages[0]) || from > to7 {
		return Forecast{State: ForecastNoHistory}
	}
	base := math.Log1p(float64(max(latest.Views, 0)))
	half := from / 2
	trend, hasTrend := 0.0, false
	if at, ok := logViewsAt(v.Curve, half); ok {
		trend, hasTrend = base-at, true
	}
	fromAt, halfAt, to7At, to30At := gridPos(from), gridPos(half), gridPos(to7), gridPos(to30)

	refs := make([]ref, 0, min(maxBasis, len(account)+len(pool)))
	n7, n30 := 0, 0
	collect := func(list []Video, skip map[uuid.UUID]bool) {
		step := max(1, float64(len(list))/maxScan)
		for k := 0.0; int(k) < len(list) && len(refs) < maxBasis; k += step {
			s := &list[int(k)]
			if s.ID == v.ID || skip[s.ID] {
				continue
			}
			r, ok := reference(s, fromAt, halfAt, to7At, to30At)
			if !ok {
				continue
			}
			r.id = s.ID
			refs = append(refs, r)
			n7 += b2i(r.has7)
			n30 += b2i(r.has30)
		}
	}
	collect(account, nil)
	if (n7 < poolBelow || n30 < poolBelow) && len(pool) > 0 {
		var skip map[uuid.UUID]bool
		if len(refs) > 0 {
			skip = make(map[uuid.UUID]bool, len(refs))
			for _, r := range refs {
				skip[r.id] = true
			}
		}
		collect(pool, skip)
	}
	if n7 < MinForecastBasis {
		return Forecast{State: ForecastNoHistory}
	}
	views := max(latest.Views, 0)
	widen := 1.0
	if c := AgeClass(age); c < len(m.Widen) && m.Widen[c] > 0 {
		widen = m.Widen[c]
	}
	f := Forecast{State: ForecastReady, Basis: n7, Has30d: n30 >= MinForecastBasis}
	f.In7d = m.band(refs, func(r *ref) (float64, bool) { return r.g7, r.has7 }, trend, hasTrend, views, widen)
	if !f.Has30d {
		return f
	}
	f.Basis = min(n7, n30)
	f.In30d = m.band(refs, func(r *ref) (float64, bool) { return r.g30, r.has30 }, trend, hasTrend, views, widen)
	// a curve never falls: nothing at 30 days is below its 7-day value
	f.In30d.Views = max(f.In30d.Views, f.In7d.Views)
	f.In30d.Low = max(f.In30d.Low, f.In7d.Low)
	f.In30d.High = max(f.In30d.High, f.In7d.High)
	return f
}

// reference reads a curve's ref; false without a value at from or horizons.
func reference(v *Video, from, half, to7, to30 gridAt) (ref, bool) {
	logs := v.Logs
	if len(logs) != len(v.Curve) {
		logs = v.Curve.Logs()
	}
	at, ok := from.logOf(logs)
	if !ok {
		return ref{}, false
	}
	var r ref
	if x, ok := to7.logOf(logs); ok {
		r.g7, r.has7 = max(0, x-at), true
	}
	if x, ok := to30.logOf(logs); ok {
		r.g30, r.has30 = max(0, x-at), true
	}
	if !r.has7 && !r.has30 {
		return ref{}, false
	}
	if x, ok := half.logOf(logs); ok {
		r.trend, r.hasTrend = at-x, true
	}
	return r, true
}

// band applies to views the growths of the Nearest curves closest in trend.
func (m ForecastMethod) band(refs []ref, get func(*ref) (float64, bool), trend float64, hasTrend bool, views int64, widen float64) Band {
	type pick struct{ dist, growth float64 }
	picks := make([]pick, 0, len(refs))
	for i := range refs {
		g, ok := get(&refs[i])
		if !ok {
			continue
		}
		d := math.Inf(1)
		if hasTrend && refs[i].hasTrend {
			d = math.Abs(refs[i].trend - trend)
		}
		picks = append(picks, pick{d, g})
	}
	if hasTrend && m.Nearest > 0 && m.Nearest < 1 {
		keep := max(MinForecastBasis, int(math.Ceil(m.Nearest*float64(len(picks)))))
		if keep < len(picks) {
			slices.SortFunc(picks, func(a, b pick) int { return cmpFloat(a.dist, b.dist) })
			picks = picks[:keep]
		}
	}
	growth := make([]float64, len(picks))
	for i, p := range picks {
		growth[i] = p.growth
	}
	sort.Float64s(growth)
	mid := quantile(growth, 0.5)
	lo := max(0, mid-widen*(mid-quantile(growth, 0.1)))
	hi := mid + widen*(quantile(growth, 0.9)-mid)
	base := math.Log1p(float64(views))
	at := func(g float64) int64 {
		x := math.Expm1(base + g)
		if x >= math.MaxInt64/2 {
			return math.MaxInt64 / 2
		}
		return max(views, int64(math.Round(x)))
	}
	return Band{Views: at(mid), Low: at(lo), High: at(hi)}
}

func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	pos := q * float64(len(sorted)-1)
	i := int(pos)
	if i >= len(sorted)-1 {
		return sorted[len(sorted)-1]
	}
	return sorted[i] + (pos-float64(i))*(sorted[i+1]-sorted[i])
}

var logAges = func() []float64 {
	out := make([]float64, len(Ages))
	for i, a := range Ages {
		out[i] = math.Log(float64(a))
	}
	return out
}()

// logViewsAt is log(1 + views) at an age, interpolated on log scales.
func logViewsAt(c Curve, age float64) (float64, bool) { return gridPos(age).logViews(c) }

// gridAt is where an age lies between two of Ages on a log scale.
type gridAt struct {
	lo, hi int
	frac   float64
	ok     bool // within the grid
}

func gridPos(age float64) gridAt {
	if age < float64(Ages[0]) || age > float64(MaxAge) {
		return gridAt{}
	}
	i := sort.Search(len(Ages), func(i int) bool { return float64(Ages[i]) >= age }) // Ages[i] >= age
	if float64(Ages[i]) == age {
		return gridAt{lo: i, hi: i, ok: true}
	}
	return gridAt{lo: i - 1, hi: i, frac: (math.Log(age) - logAges[i-1]) / (logAges[i] - logAges[i-1]), ok: true}
}

// LogCurve is a curve's log(1 + views) at each of Ages, NaN where not
// known: a forecast reads each of its account's and pool's curves, so the
// hourly step works a curve's logarithms out once (Video.Logs).
type LogCurve []float64

// Logs is c's LogCurve.
func (c Curve) Logs() LogCurve {
	out := make(LogCurve, len(c))
	for i, v := range c {
		out[i] = math.NaN()
		if c.Known(i) {
			// counts are whole numbers, so log(1 + views) needs no log1p
			out[i] = math.Log(float64(v) + 1)
		}
	}
	return out
}

// logOf is logViews read from the curve's logarithms: the same value.
func (g gridAt) logOf(l LogCurve) (float64, bool) {
	if !g.ok || g.hi >= len(l) || math.IsNaN(l[g.lo]) || math.IsNaN(l[g.hi]) {
		return 0, false
	}
	lo := l[g.lo]
	if g.lo == g.hi {
		return lo, true
	}
	return lo + g.frac*(l[g.hi]-lo), true
}

func (g gridAt) logViews(c Curve) (float64, bool) {
	if !g.ok || !c.Known(g.lo) || !c.Known(g.hi) {
		return 0, false
	}
	// counts are whole numbers, so log(1 + views) needs no log1p
	lo := math.Log(float64(c[g.lo]) + 1)
	if g.lo == g.hi {
		return lo, true
	}
	return lo + g.frac*(math.Log(float64(c[g.hi])+1)-lo), true
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
