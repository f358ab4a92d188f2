// Package insight works out a video's outlier score (its views at an age
// against its account's other videos') and views forecast from its growth
// curve, as pure functions, so the insight job, backtest and tests agree.
package insight

import (
	"math"
	"slices"
	"time"
)

// Ages are the hours since publishing at which a curve is kept: dense where
// curves move fastest, up to 60 days, the furthest a forecast looks.
var Ages = []int{1, 2, 3, 4, 6, 9, 12, 18, 24, 36, 48, 72, 96, 120, 144, 168, 216, 264, 336, 408, 504, 600, 720, 888, 1080, 1440}

// MaxAge is the last of Ages: a video older than it gains no more points.
const MaxAge = 1440

// Point is one snapshot of a video's views.
type Point struct {
	At    time.Time
	Views int64
}

// Curve is a video's views at each of Ages; Unknown where it has none.
type Curve []int64

// Unknown marks an age of a Curve without a value.
const Unknown int64 = -1

// ViewsAt is a video's views at an age, interpolated between snapshots at
// most max(1 h, age) apart: a curve is concave and never falls.
func ViewsAt(published time.Time, points []Point, ageHours int) (int64, bool) {
	at := published.Add(time.Duration(ageHours) * time.Hour)
	var (
		before, after       Point
		hasBefore, hasAfter bool
	)
	for _, p := range points {
		switch {
		case p.At.Equal(at):
			return p.Views, true
		case p.At.Before(at):
			if !hasBefore || p.At.After(before.At) {
				before, hasBefore = p, true
			}
		default:
			if !hasAfter || p.At.Before(after.At) {
				after, hasAfter = p, true
			}
		}
	}
	if !hasBefore || !hasAfter {
		return 0, false
	}
	span := after.At.Sub(before.At)
	if span > max(time.Hour, time.Duration(ageHours)*time.Hour) {
		return 0, false
	}
	frac := float64(at.Sub(before.At)) / float64(span)
	return before.Views + int64(math.Round(frac*float64(after.Views-before.Views))), true
}

// CurveOf is a video's curve from its snapshots.
func CurveOf(published time.Time, points []Point) Curve {
	c := make(Curve, len(Ages))
	for i, a := range Ages {
		c[i] = Unknown
		if v, ok := ViewsAt(published, points, a); ok {
			c[i] = v
		}
	}
	return c
}

// Known reports whether the curve has a value at Ages[i].
func (c Curve) Known(i int) bool { return i < len(c) && c[i] >= 0 }

// AgeIndex is the index of an age in Ages, -1 when it is not one.
func AgeIndex(ageHours int) int { return slices.Index(Ages, ageHours) }

// Merge fills c's unknown ages from d, a later reading; known values stay.
func (c Curve) Merge(d Curve) Curve {
	out := slices.Clone(c)
	if len(out) < len(Ages) {
		out = append(out, slices.Repeat([]int64{Unknown}, len(Ages)-len(out))...)
	}
	for i := range out {
		if out[i] < 0 && i < len(d) && d[i] >= 0 {
			out[i] = d[i]
		}
	}
	return out
}

// Latest is a video's latest snapshot with views.
type Latest struct {
	At      time.Time
	Views   int64
	PerHour *float64 // gained over the last 24 hours; nil when unknown
}
