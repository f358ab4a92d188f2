package main

import (
	"fmt"
	"io"
	"math"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/insight"
)

// The forecast study backtests insight.Predict on the simulator's TikTok
// accounts tracked hourly: at each cut the later snapshots are hidden and
// every video younger than 30 days is forecast and compared with its views 7
// and 30 days on. The band is calibrated on one half of the accounts and
// checked on the other.

func init() {
	studies["forecast"] = func(w io.Writer) error { return forecastStudy(defaultForecastStudy, w) }
}

type forecastStudyConfig struct {
	Accounts     int           // TikTok accounts
	PerWorkspace int           // accounts per workspace: a workspace's videos are the pool
	Start        time.Time     // when tracking starts: no snapshot before
	FirstCut     time.Duration // after Start
	Cuts         int
	CutEvery     time.Duration
}

// defaultForecastStudy: 120 accounts tracked 70 days before the first of 6
// cuts 10 days apart, the last 30 days before the history's end.
var defaultForecastStudy = forecastStudyConfig{
	Accounts: 120, PerWorkspace: 10,
	Start:    time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
	FirstCut: 70 * 24 * time.Hour, Cuts: 6, CutEvery: 10 * 24 * time.Hour,
}

type forecastVideo struct {
	id        uuid.UUID
	published time.Time
	curve     curve
}

func (v forecastVideo) views(t time.Time) int64 { return v.curve.count(t, "views", 1) }

// visible is the video as the service sees it at cut: its curve from hourly
// snapshots from start to cut, and the latest of them.
func (v forecastVideo) visible(start, cut time.Time) (insight.Video, insight.Point) {
	var points []insight.Point
	seen := map[time.Time]bool{}
	add := func(at time.Time) {
		if at.Before(start) || at.After(cut) || !at.After(v.published) || seen[at] {
			return
		}
		seen[at] = true
		points = append(points, insight.Point{At: at, Views: v.views(at)})
	}
	// the hourly snapshots around each age of the grid are those CurveOf
	// reads of a full hourly history
	for _, a := range insight.Ages {
		at := v.published.Add(time.Duration(a) * time.Hour)
		if at.After(cut.Add(time.Hour)) {
			break
		}
		add(at.Truncate(time.Hour))
		add(at.Truncate(time.Hour).Add(time.Hour))
	}
	latest := insight.Point{}
	if last := cut.Truncate(time.Hour); !last.Before(start) && last.After(v.published) {
		latest = insight.Point{At: last, Views: v.views(last)}
		add(last)
	}
	return insight.Video{ID: v.id, Published: v.published, Curve: insight.CurveOf(v.published, points)}, latest
}

func forecastAccount(handle string, from, to time.Time) []forecastVideo {
	acc := newAccount("tiktok", handle)
	g := acc.grid("")
	w := &world{}
	var out []forecastVideo
	for k := g.latest(from) + 1; k <= g.latest(to); k++ {
		published := g.at(k)
		v := w.newTiktokVideo(acc, published, acc.tierAt(published))
		out = append(out, forecastVideo{id: uuid.NewSHA1(uuid.NameSpaceURL, []byte(v.id)), published: v.published, curve: v.curve()})
	}
	return out
}

type forecastCase struct {
	video         insight.Video
	latest        insight.Point
	account, pool []insight.Video
	now           time.Time
	truth7        int64
	truth30       int64
	class         int // of insight.ForecastAgeClasses
	half          int // 0: the calibration half of the accounts, 1: the check half
}

// classNames name insight.ForecastAgeClasses, the ages at the cut the
// figures are broken down by and the band calibrated for.
var classNames = []string{"under 1 day", "1–7 days", "7–30 days"}

func forecastCases(cfg forecastStudyConfig) []forecastCase {
	type acct struct{ videos []forecastVideo }
	lastCut := cfg.Start.Add(cfg.FirstCut + time.Duration(cfg.Cuts-1)*cfg.CutEvery)
	// videos old enough to hold full curves at the first cut, up to the
	// last cut
	from := cfg.Start.Add(cfg.FirstCut).Add(-time.Duration(insight.MaxAge) * time.Hour)
	accts := make([]acct, cfg.Accounts)
	for a := range accts {
		accts[a].videos = forecastAccount(fmt.Sprintf("forecast.study%03d", a), from, lastCut)
	}
	var cases []forecastCase
	for c := range cfg.Cuts {
		cut := cfg.Start.Add(cfg.FirstCut + time.Duration(c)*cfg.CutEvery)
		seen := make([][]insight.Video, len(accts))
		latest := make([][]insight.Point, len(accts))
		for a := range accts {
			for _, v := range accts[a].videos {
				if v.published.After(cut) {
					break
				}
				iv, p := v.visible(cfg.Start, cut)
				seen[a] = append(seen[a], iv)
				latest[a] = append(latest[a], p)
			}
		}
		for ws := 0; ws < len(accts); ws += cfg.PerWorkspace {
			var pool []insight.Video
			for a := ws; a < min(len(accts), ws+cfg.PerWorkspace); a++ {
				pool = append(pool, seen[a]...)
			}
			for a := ws; a < min(len(accts), ws+cfg.PerWorkspace); a++ {
				for i, v := range accts[a].videos[:len(seen[a])] {
					age := cut.Sub(v.published)
					if age >= insight.ForecastMaxAge {
						continue
					}
					cases = append(cases, forecastCase{
						video: seen[a][i], latest: latest[a][i], account: seen[a], pool: pool, now: cut,
						truth7: v.views(cut.Add(insight.Horizon7d)), truth30: v.views(cut.Add(insight.Horizon30d)),
						class: insight.AgeClass(age), half: a % 2,
					})
				}
			}
		}
	}
	return cases
}

// backtest forecasts the cases of one half (-1: both) with m, per age class.
func backtest(cases []forecastCase, m insight.ForecastMethod, half int) []insight.Backtest {
	all, _ := backtestGrowing(cases, m, half)
	return all
}

// backtestGrowing is backtest beside a tally of the horizons the video grew
// by (one that did not is held by any band, which starts at its count).
func backtestGrowing(cases []forecastCase, m insight.ForecastMethod, half int) (all, growing []insight.Backtest) {
	all = make([]insight.Backtest, len(insight.ForecastAgeClasses))
	growing = make([]insight.Backtest, len(insight.ForecastAgeClasses))
	grew := func(truth, latest int64) int64 {
		if truth > latest {
			return truth
		}
		return 0 // no truth: not tallied
	}
	for _, c := range cases {
		if half >= 0 && c.half != half {
			continue
		}
		f := m.Predict(c.video, c.latest, c.account, c.pool, c.now)
		all[c.class].Add(f, c.truth7, c.truth30)
		growing[c.class].Add(f, grew(c.truth7, c.latest.Views), grew(c.truth30, c.latest.Views))
	}
	return all, growing
}

// calibrate sets m's Widen per age class where the band holds the half's
// truth 80 % of the time; coverage grows with Widen, so bisection finds it
// between minWiden and 4.
func calibrate(cases []forecastCase, m insight.ForecastMethod, half int) insight.ForecastMethod {
	n := len(insight.ForecastAgeClasses)
	lo, hi := make([]float64, n), make([]float64, n)
	for i := range n {
		lo[i], hi[i] = minWiden, 4
	}
	for range 9 {
		m.Widen = make([]float64, n)
		for i := range n {
			m.Widen[i] = (lo[i] + hi[i]) / 2
		}
		for i, b := range backtest(cases, m, half) {
			r := b.Result()
			if cover := (r.Cover7*float64(r.N7) + r.Cover30*float64(r.N30)) / float64(max(1, r.N7+r.N30)); cover < 0.8 {
				lo[i] = m.Widen[i]
			} else {
				hi[i] = m.Widen[i]
			}
		}
	}
	for i := range n {
		m.Widen[i] = math.Round((lo[i]+hi[i])/2*100) / 100
	}
	return m
}

// minWiden is the narrowest calibrated band: the reference curves' own 10th
// to 90th percentiles. Most simulated curves stop growing within a day, so
// any band holds them; narrowing it on that would leave it far too narrow
// for curves that grow for weeks, as the bench seed's do.
const minWiden = 1

func figures(w io.Writer, label string, byClass []insight.Backtest) (all insight.Backtest) {
	row := func(class string, b *insight.Backtest) {
		r := b.Result()
		fmt.Fprintf(w, "| %s | %s | %d | %s | %s | %s | %s |\n", label, class, r.N7, pct(r.MAPE7), pct(r.Cover7), pct(r.MAPE30), pct(r.Cover30))
	}
	for i := range byClass {
		row(classNames[i], &byClass[i])
		all.Merge(&byClass[i])
	}
	row("all", &all)
	return all
}

func forecastStudy(cfg forecastStudyConfig, w io.Writer) error {
	started := time.Now()
	cases := forecastCases(cfg)
	fmt.Fprintf(w, "## Forecast backtest on the simulator's curves\n\n")
	fmt.Fprintf(w, "%d TikTok accounts in workspaces of %d, tracked hourly from %s; %d cuts %g days apart from %s on; every video younger than 30 days at a cut is forecast from what was visible then (%d forecasts in all). Half the accounts (even ones) calibrate the band's width, the other half check it.\n\n",
		cfg.Accounts, cfg.PerWorkspace, cfg.Start.Format(time.DateOnly), cfg.Cuts, cfg.CutEvery.Hours()/24, cfg.Start.Add(cfg.FirstCut).Format(time.DateOnly), len(cases))

	fmt.Fprintln(w, "Methods compared (the band's widening per age class calibrated on the first half; figures of the second half):")
	fmt.Fprintln(w)
	header := "| %s | age at the cut | forecasts | MAPE 7 d | band holds 7 d | MAPE 30 d | band holds 30 d |\n|---|---|---:|---:|---:|---:|---:|\n"
	fmt.Fprintf(w, header, "method (widen per class)")
	for _, m := range []struct {
		name string
		m    insight.ForecastMethod
	}{
		{"all reference curves", insight.ForecastMethod{Nearest: 1}},
		{"nearest 50 % by own trend", insight.ForecastMethod{Nearest: 0.5}},
		{"nearest 30 % by own trend", insight.ForecastMethod{Nearest: 0.3}},
		{"nearest 15 % by own trend", insight.ForecastMethod{Nearest: 0.15}},
		{"nearest 8 % by own trend", insight.ForecastMethod{Nearest: 0.08}},
	} {
		cal := calibrate(cases, m.m, 0)
		figures(w, fmt.Sprintf("%s (%v)", m.name, cal.Widen), backtest(cases, cal, 1))
	}

	def := insight.DefaultForecast
	fmt.Fprintf(w, "\nThe method Predict uses (nearest %.0f %%, widen %v), on each half:\n\n", def.Nearest*100, def.Widen)
	fmt.Fprintf(w, header, "accounts")
	var states insight.Backtest
	growing := make([][]insight.Backtest, 2)
	for half, name := range []string{"first half (calibration)", "second half (check)"} {
		var byClass []insight.Backtest
		byClass, growing[half] = backtestGrowing(cases, def, half)
		all := figures(w, name, byClass)
		states.Merge(&all)
	}
	fmt.Fprintf(w, "\nVideos that gained no view in the 7 days after the cut, which any band holds:")
	for i, name := range classNames {
		n, flat := 0, 0
		for _, c := range cases {
			if c.class == i && c.truth7 > 0 {
				n++
				flat += b2i(c.truth7 == c.latest.Views)
			}
		}
		fmt.Fprintf(w, " %s %s;", name, pct(float64(flat)/float64(max(1, n))))
	}
	fmt.Fprintf(w, " the same figures counting only the horizons at which the video gained views (forecasts: those of the 7-day horizon):\n\n")
	fmt.Fprintf(w, header, "accounts")
	for half, name := range []string{"first half (calibration)", "second half (check)"} {
		figures(w, name+", videos that grew", growing[half])
	}
	fmt.Fprintf(w, "\nStates: ")
	for i, s := range insight.ForecastStates {
		if i > 0 {
			fmt.Fprint(w, ", ")
		}
		fmt.Fprintf(w, "%s %d", s, states.States[s])
	}
	fmt.Fprintf(w, ". Took %s.\n", time.Since(started).Round(100*time.Millisecond))
	return nil
}

func pct(x float64) string {
	if x < 0.01 {
		return fmt.Sprintf("%.2f %%", 100*x)
	}
	return fmt.Sprintf("%.1f %%", 100*x)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
