package query

import (
	"time"

	"github.com/reeltrack/reeltrack/query/chread"
)

// A Preset names a window ending now. Windows are whole UTC hours or days,
// the buckets of the hourly and daily projections, and always include the
// current one:
//
//	24h  the last 24 clock hours: from the start of the hour 23 hours before
//	     the current hour
//	7d, 30d, 90d  the last 7, 30 or 90 calendar days: from midnight UTC
//	     6, 29 or 89 days before today
//	all  everything ever recorded
//
// "Gained in a window" is the latest value minus the last value recorded in
// the Lookback before the window's start or, for an entity with none there,
// its first recorded value: growth before a first scrape is not counted.
type Preset string

// The presets.
const (
	Preset24h Preset = "24h"
	Preset7d  Preset = "7d"
	Preset30d Preset = "30d"
	Preset90d Preset = "90d"
	PresetAll Preset = "all"
)

// PresetCustom names a window of whole UTC days chosen by their dates
// (RangeWindow), not a preset of the parameter datePreset.
const PresetCustom Preset = "custom"

// MaxRangeDays is how far back a custom range may start, as the account
// analytics' daily series reads.
const MaxRangeDays = 365

// Presets returns every preset.
func Presets() []Preset { return []Preset{Preset24h, Preset7d, Preset30d, Preset90d, PresetAll} }

// Window is a preset resolved against the current time.
type Window struct {
	Preset Preset
	// Start is the first instant inside the window; zero for "all".
	Start time.Time
	// PrevStart starts the previous window of the same length; zero for "all".
	PrevStart time.Time
	// Granularity is the bucket size of the window's chart series.
	Granularity chread.Granularity
	// End is, for a custom range that ended before now, the instant after it.
	End time.Time
}

// RangeWindow is the window of the UTC days from `from` to `to`, both
// included; its previous window is as many days before it, and a range that
// reaches today ends now.
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
