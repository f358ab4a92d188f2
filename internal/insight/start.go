package insight

import (
	"bytes"
	"slices"
	"time"
)

// Tracked is a video as the insights' start is told from.
type Tracked struct {
	Video
	FirstSeen time.Time
	Refreshed bool // else no new values come
}

// ScoresStart is when, and at which age, an account's first video can be
// scored; false when the account has to publish more while tracked.
func ScoresStart(account []Tracked, now time.Time) (at time.Time, ageHours int, ok bool) {
	order := slices.Clone(account)
	slices.SortFunc(order, func(a, b Tracked) int {
		if c := a.Published.Compare(b.Published); c != 0 {
			return c
		}
		return bytes.Compare(a.ID[:], b.ID[:])
	})
	for _, age := range OutlierAges {
		idx := AgeIndex(age)
		d := time.Duration(age) * time.Hour
		n := 0
		for _, v := range order {
			reaches := v.Refreshed && v.Published.Add(d).After(now) && v.FirstSeen.Sub(v.Published) < d
			if !v.Curve.Known(idx) && !reaches {
				continue
			}
			if n++; n <= MinBaseline {
				continue
			}
			// the first video with MinBaseline earlier ones: those were
			// published before it, so reach the age before it does
			t := later(now, v.Published.Add(d))
			if !ok || t.Before(at) {
				at, ageHours, ok = t, age, true
			}
			break
		}
	}
	return at, ageHours, ok
}

// ForecastsStart is when the first of a platform's videos can be forecast.
func ForecastsStart(videos []Tracked, now time.Time) (time.Time, bool) {
	if len(videos) <= MinForecastBasis {
		return time.Time{}, false
	}
	seen := make([]time.Time, len(videos))
	for i, v := range videos {
		seen[i] = v.FirstSeen
	}
	slices.SortFunc(seen, time.Time.Compare)
	at := later(now, seen[MinForecastBasis-1].Add(Horizon7d))
	for _, v := range videos {
		if v.Published.Add(ForecastMaxAge).After(at) {
			return at, true
		}
	}
	return time.Time{}, false
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// StartState says whether a workspace's first scores or forecasts are there.
type StartState string

// The start states.
const (
	StartScored   StartState = "scored"
	StartForecast StartState = "forecast"
	StartExpected StartState = "expected"
	StartWaiting  StartState = "waiting"
)

// OutlierStarts and ForecastStarts list the states of each.
var (
	OutlierStarts  = []StartState{StartScored, StartExpected, StartWaiting}
	ForecastStarts = []StartState{StartForecast, StartExpected, StartWaiting}
)
