package insight

import (
	"math"
	"sort"
)

// Backtest tallies forecasts against the views that came, per horizon.
type Backtest struct {
	errs7, errs30 []float64
	in7, in30     int
	States        map[ForecastState]int // the forecasts added
}

// BacktestResult is what a Backtest found over the ready forecasts.
type BacktestResult struct {
	N7, N30         int     // the forecasts with a truth
	MAPE7, MAPE30   float64 // median absolute percentage errors of the median (0.12 is 12 %)
	Cover7, Cover30 float64 // the shares of truths within the band
}

// Add tallies one forecast against the views at its horizons (≤ 0: none).
func (b *Backtest) Add(f Forecast, truth7, truth30 int64) {
	if b.States == nil {
		b.States = map[ForecastState]int{}
	}
	b.States[f.State]++
	if f.State != ForecastReady {
		return
	}
	if truth7 > 0 {
		b.errs7 = append(b.errs7, math.Abs(float64(f.In7d.Views-truth7))/float64(truth7))
		b.in7 += b2i(f.In7d.Low <= truth7 && truth7 <= f.In7d.High)
	}
	if truth30 > 0 && f.Has30d {
		b.errs30 = append(b.errs30, math.Abs(float64(f.In30d.Views-truth30))/float64(truth30))
		b.in30 += b2i(f.In30d.Low <= truth30 && truth30 <= f.In30d.High)
	}
}

// Merge adds what o tallied.
func (b *Backtest) Merge(o *Backtest) {
	b.errs7 = append(b.errs7, o.errs7...)
	b.errs30 = append(b.errs30, o.errs30...)
	b.in7 += o.in7
	b.in30 += o.in30
	for s, n := range o.States {
		if b.States == nil {
			b.States = map[ForecastState]int{}
		}
		b.States[s] += n
	}
}

// Result works out the figures.
func (b *Backtest) Result() BacktestResult {
	r := BacktestResult{N7: len(b.errs7), N30: len(b.errs30)}
	r.MAPE7, r.MAPE30 = median(b.errs7), median(b.errs30)
	if r.N7 > 0 {
		r.Cover7 = float64(b.in7) / float64(r.N7)
	}
	if r.N30 > 0 {
		r.Cover30 = float64(b.in30) / float64(r.N30)
	}
	return r
}

func median(values []float64) float64 {
	sort.Float64s(values)
	return quantile(values, 0.5)
}
