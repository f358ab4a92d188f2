package query

import (
	"time"

	"github.com/reeltrack/reeltrack/query/chread"
)

// A Preset names a window ending now, of whole UTC hours or days (the
// projections' buckets), the current one included:
//
//	24h  the last 24 clock hours, the current one included
//	7d, 30d, 90d  the last 7, 30 or 90 UTC days, today included
//	all  everything ever recorded
//
// "Gained in a window" is the latest value less the last recorded in the
// Lookback before the window's start or, without one, the first recorded.
type Preset string

// The presets.
const (
	Preset24h Preset = "24h"
	Preset7d  Preset = "7d"
	Preset30d Preset = "30d"
	Preset90d Preset = "90d"
	PresetAll Preset = "all"
)

// PresetCustom names a range of whole UTC days (RangeWindow), not a datePreset.
const PresetCustom Preset = "custom"

// MaxRangeDays is how far back a custom range may start.
const MaxRangeDays = 365

// Presets returns every preset.
func Presets() []Preset { return []Preset{Preset24h, Preset7d, Preset30d, Preset90d, PresetAll} }

// Window is a preset resolved against the current time.
type Window struct {
	Preset Preset
	// Start and PrevStart start the window and the one before it; zero for "all".
	Start       time.Time
	PrevStart   time.Time
	Granularity chread.Granularity
	// End is, for a custom range that ended before now, the instant after it.
	End time.Time
}

// RangeWindow is the window of the UTC days from `from` to `to`, both included.
func RangeWindow(from, to, now time.Time) Window {
	from, to = chread.Daily.Floor(from), chread.Daily.Floor(to)
	end := to.AddDate(0, 0, 1)
	days := int(end.Sub(from) / (24 * time.Hour))
	w := Window{Preset: PresetCustom, Start: from, PrevStart: from.AddDate(0, 0, -days), Granularity: chread.Daily}
	if !end.After(now) {
		w.End = end
	}
	return w
}

// WindowOf resolves a preset at now.
func WindowOf(p Preset, now time.Time) Window {
	now = now.UTC()
	switch p {
	case Preset24h:
		start := chread.Hourly.Floor(now).Add(-23 * time.Hour)
		return Window{Preset: p, Start: start, PrevStart: start.Add(-24 * time.Hour), Granularity: chread.Hourly}
	case Preset7d, Preset30d, Preset90d:
		days := map[Preset]int{Preset7d: 7, Preset30d: 30, Preset90d: 90}[p]
		start := chread.Daily.Floor(now).AddDate(0, 0, -(days - 1))
		return Window{Preset: p, Start: start, PrevStart: start.AddDate(0, 0, -days), Granularity: chread.Daily}
	default:
		return Window{Preset: PresetAll, Granularity: chread.Daily}
	}
}

// Buckets lists the bucket starts from the first to the one holding now.
func Buckets(g chread.Granularity, first, now time.Time) []time.Time {
	var out []time.Time
	for t, last := g.Floor(first), g.Floor(now); !t.After(last); t = t.Add(g.Step()) {
		out = append(out, t)
	}
	return out
}

// InUTC is *t in UTC, or nil for nil.
func InUTC(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}
