package main

import (
	"fmt"
	"io"
	"math"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/insight"
)

// The forecast backtest reads the large workspace's seeded histories in
// process: at each cut the later hours are hidden, every video younger than
// 30 days is forecast, and the forecast is compared with the seeded views.
// As seeded, every video was published before the first snapshot, so no
// young video has a sibling known 30 days past its age: the backtest says
// so and runs again with publish times spread over the series.

// forecastCuts are the hours the backtest cuts at, every 120 hours, each
// with 30 days after it; with spread publish times they start late enough
// that curves reach 30 days past a young video's age.
func forecastCuts(hours int, seeded bool) []int {
	from, to := 24, min(hours-720, 720)
	if !seeded {
		from, to = 720+48, hours-720
	}
	var cuts []int
	for h := from; h < to; h += 120 {
		cuts = append(cuts, h)
	}
	return cuts
}

func spreadPublished(ws *workspace, first time.Time) {
	per := map[int]int{} // videos per account index
	idx := map[uuid.UUID]int{}
	for a, acct := range ws.Accounts {
		idx[acct.ID] = a
	}
	for i := range ws.Videos {
		per[idx[ws.Videos[i].Account]]++
	}
	seen := map[int]int{}
	for i := range ws.Videos {
		e := &ws.Videos[i]
		a := idx[e.Account]
		k := seen[a]
		seen[a]++
		frac := e.age0 - float64(int(e.age0)) // the seed's own jitter, in [0, 1)
		at := (float64(k) + frac) * float64(ws.Hours) / float64(per[a])
		e.Published = first.Add(time.Duration(at * float64(time.Hour)))
	}
}

// visibleCurve is a video's curve from the hourly snapshots 0..cut, and its
// snapshot at cut (zero when not published yet).
func visibleCurve(e *entity, first time.Time, cut int) (insight.Video, insight.Point) {
	views := func(h int) int64 {
		return int64(e.viewsAtAge(first.Add(time.Duration(h) * time.Hour).Sub(e.Published).Hours()))
	}
	var points []insight.Point
	add := func(h int) {
		if h < 0 || h > cut {
			return
		}
		at := first.Add(time.Duration(h) * time.Hour)
		if !at.After(e.Published) || len(points) > 0 && !at.After(points[len(points)-1].At) {
			return
		}
		points = append(points, insight.Point{At: at, Views: views(h)})
	}
	// the snapshots around each age of the grid are those CurveOf reads
	// of the full series
	for _, a := range insight.Ages {
		x := e.Published.Add(time.Duration(a) * time.Hour).Sub(first).Hours()
		if x > float64(cut)+1 {
			break
		}
		h := int(math.Floor(x))
		add(h)
		add(h + 1)
	}
	var latest insight.Point
	if at := first.Add(time.Duration(cut) * time.Hour); at.After(e.Published) {
		latest = insight.Point{At: at, Views: views(cut)}
		add(cut)
	}
	return insight.Video{ID: e.ID, Published: e.Published, Curve: insight.CurveOf(e.Published, points)}, latest
}

func backtestSeed(ws *workspace, first time.Time, cuts []int) []insight.Backtest {
	byClass := make([]insight.Backtest, len(insight.ForecastAgeClasses))
	for _, cut := range cuts {
		now := first.Add(time.Duration(cut) * time.Hour)
		seen := make([]insight.Video, len(ws.Videos))
		latest := make([]insight.Point, len(ws.Videos))
		byAccount := map[uuid.UUID][]insight.Video{}
		byPlatform := map[int8][]insight.Video{}
		for i := range ws.Videos {
			e := &ws.Videos[i]
			if e.Published.After(now) {
				continue
			}
			seen[i], latest[i] = visibleCurve(e, first, cut)
			byAccount[e.Account] = append(byAccount[e.Account], seen[i])
			byPlatform[e.Platform] = append(byPlatform[e.Platform], seen[i])
		}
		for i := range ws.Videos {
			e := &ws.Videos[i]
			age := now.Sub(e.Published)
			if age < 0 || age >= insight.ForecastMaxAge {
				continue
			}
			f := insight.Predict(seen[i], latest[i], byAccount[e.Account], byPlatform[e.Platform], now)
			at := func(d time.Duration) int64 { return int64(e.viewsAtAge((age + d).Hours())) }
			byClass[insight.AgeClass(age)].Add(f, at(insight.Horizon7d), at(insight.Horizon30d))
		}
	}
	return byClass
}

// forecastBacktest backtests the forecast on the seed's large workspace, as
// seeded and with spread publish times, and writes the figures.
func forecastBacktest(out io.Writer, sz sizes) error {
	started := time.Now()
	// the curves depend on hours since the series' start only
	end := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	w := newWorld(sizes{Videos: sz.Videos, Accounts: sz.Accounts, Days: sz.Days}, end)
	ws := &w.Big
	first := w.End.Add(-time.Duration(ws.Hours-1) * time.Hour)
	if len(forecastCuts(ws.Hours, false)) == 0 {
		return fmt.Errorf("forecast backtest: %d days of history are too few, want more than 62", sz.Days)
	}
	fmt.Fprintf(out, "### Forecast backtest on the seed's histories\n\n")
	fmt.Fprintf(out, "The large workspace (%d videos, %d accounts, %d days of hourly snapshots) regenerated in process; every video younger than 30 days at a cut forecast with insight.Predict (the method calibrated on the simulator) from the snapshots up to the cut. As seeded (cuts at hours %v of the series) and with each account's publish times spread over the series (cuts at hours %v).\n\n",
		sz.Videos, sz.Accounts, sz.Days, forecastCuts(ws.Hours, true), forecastCuts(ws.Hours, false))
	fmt.Fprintln(out, "| publish times | age at the cut | forecasts | no_history | MAPE 7 d | band holds 7 d | MAPE 30 d | band holds 30 d |")
	fmt.Fprintln(out, "|---|---|---:|---:|---:|---:|---:|---:|")
	names := []string{"under 1 day", "1–7 days", "7–30 days"}
	for _, variant := range []string{"as seeded", "spread over the series"} {
		seeded := variant == "as seeded"
		if !seeded {
			spreadPublished(ws, first)
		}
		var all insight.Backtest
		row := func(class string, b *insight.Backtest) {
			r := b.Result()
			fmt.Fprintf(out, "| %s | %s | %d | %d | %s | %s | %s | %s |\n", variant, class, r.N7, b.States[insight.ForecastNoHistory],
				share(r.N7, r.MAPE7), share(r.N7, r.Cover7), share(r.N30, r.MAPE30), share(r.N30, r.Cover30))
		}
		for i, b := range backtestSeed(ws, first, forecastCuts(ws.Hours, seeded)) {
			row(names[i], &b)
			all.Merge(&b)
		}
		row("all", &all)
	}
	fmt.Fprintf(out, "\nTook %s.\n", time.Since(started).Round(100*time.Millisecond))
	return nil
}

func share(n int, x float64) string {
	if n == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f %%", 100*x)
}
