package main

import (
	"math"
	"strconv"
	"time"
)

// Everything the simulator shows is a pure function of a hash of its input
// (a handle, a video id) and of the simulated time, so the same input always
// gives the same ids, captions and publish times, and counts that only grow.

// mix is the splitmix64 finalizer.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

func hashOf(parts ...string) uint64 {
	h := uint64(14695981039346656037)
	for _, p := range parts {
		for i := 0; i < len(p); i++ {
			h ^= uint64(p[i])
			h *= 1099511628211
		}
		h ^= 0xff
		h *= 1099511628211
	}
	return mix(h)
}

func sub(seed uint64, salt string) uint64 { return mix(seed ^ hashOf(salt)) }

func subN(seed uint64, salt string, n int64) uint64 {
	return mix(sub(seed, salt) ^ mix(uint64(n)))
}

func unit(seed uint64) float64 { return float64(mix(seed)>>11) / (1 << 53) }

func chance(seed uint64, salt string, rate float64) bool { return unit(sub(seed, salt)) < rate }

func between(seed uint64, salt string, lo, hi float64) float64 {
	return lo + (hi-lo)*unit(sub(seed, salt))
}

func logBetween(seed uint64, salt string, lo, hi float64) float64 {
	return math.Exp(between(seed, salt, math.Log(lo), math.Log(hi)))
}

func gauss(seed uint64, salt string) float64 {
	s := sub(seed, salt)
	u1 := math.Max(unit(s), 1e-12)
	u2 := unit(mix(s))
	return math.Sqrt(-2*math.Log(u1)) * math.Cos(2*math.Pi*u2)
}

func pick[T any](seed uint64, salt string, list []T) T {
	return list[mix(sub(seed, salt))%uint64(len(list))]
}

// warp turns an age in hours into an "effective" age with hour-by-hour noise
// that never runs backwards: each whole hour moves by up to ±0.45 h, linear in
// between, so the warped age, and any increasing function of it, increases.
func warp(seed uint64, hours float64) float64 {
	if hours <= 0 {
		return 0
	}
	h := math.Floor(hours)
	at := func(n float64) float64 {
		if n == 0 {
			return 0
		}
		return n + 0.9*(unit(subN(seed, "warp", int64(n)))-0.5)
	}
	lo, hi := at(h), at(h+1)
	return lo + (hours-h)*(hi-lo)
}

// curve is the view curve of one video: fast early growth that flattens,
// V·(1−e^(−age/τ)), and for viral videos a second burst later on.
type curve struct {
	seed      uint64
	published time.Time
	peak      float64 // views the first wave tends to
	tau       float64 // hours
	burstAt   float64 // hours after publishing; 0 for no burst
	burstPeak float64
	burstTau  float64
}

func newCurve(seed uint64, published time.Time, scale float64) curve {
	c := curve{
		seed:      seed,
		published: published,
		peak:      math.Max(40, scale*math.Exp(-0.7+1.0*gauss(seed, "peak"))),
		tau:       logBetween(seed, "tau", 4, 60),
	}
	if chance(seed, "viral", 0.1) {
		c.burstAt = logBetween(seed, "burstAt", 8, 240)
		c.burstPeak = c.peak * logBetween(seed, "burstSize", 3, 30)
		c.burstTau = logBetween(seed, "burstTau", 6, 72)
	}
	return c
}

// postCurve is the view curve of a post of an account of tier, scaled: now
// and then a mega account's post is a hit of billions of views, up to megaMax.
func postCurve(seed uint64, published time.Time, tier uint64, scale, megaMax float64) curve {
	c := newCurve(seed, published, tierScale(tier)*scale)
	if tier >= 26 && chance(seed, "megaHit", 0.2) {
		c.peak = logBetween(seed, "megaPeak", 2.3e9, megaMax)
	}
	return c
}

func (c curve) viral() bool { return c.burstPeak > 0 }

func (c curve) base(hours float64) float64 {
	v := c.peak * (1 - math.Exp(-hours/c.tau))
	if c.burstPeak > 0 && hours > c.burstAt {
		v += c.burstPeak * (1 - math.Exp(-(hours-c.burstAt)/c.burstTau))
	}
	return v
}

// count is metric at t: ratio times the curve at the metric's own warped age;
// it never decreases.
func (c curve) count(t time.Time, metric string, ratio float64) int64 {
	hours := t.Sub(c.published).Hours()
	if hours <= 0 {
		return 0
	}
	v := ratio * c.base(warp(sub(c.seed, metric), hours))
	if v > math.MaxInt64/2 {
		return math.MaxInt64 / 2
	}
	return int64(v)
}

func ratio(seed uint64, metric string, center float64) float64 {
	return center * math.Exp(0.45*gauss(seed, metric+":ratio"))
}

// followersOrigin is when the follower lines of a world without an anchor
// start; a world with one starts them worldAge before it, so what the
// simulator serves in its first hours is the same whenever it starts.
var (
	followersOrigin = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	worldAge        = (790*24 + 12) * time.Hour
)

// growth is a follower count that only grows: base·(1 + rate·days), noised.
func growth(seed uint64, base, ratePerDay float64, origin, t time.Time) int64 {
	hours := t.Sub(origin).Hours()
	days := warp(sub(seed, "followers"), math.Max(0, hours)) / 24
	return int64(base * (1 + ratePerDay*days))
}

// hourOf numbers the simulated hour of t from the world's origin; format
// quirks change per hour.
func (w *world) hourOf(t time.Time) int64 {
	return int64(math.Floor(t.Sub(w.origin()).Hours()))
}

// quirks decides how a count is written in an item: a number, a string, a
// comma string, null or left out, as the real actors do, per (video, field,
// hour), so the value underneath still only grows.
type quirks struct {
	enabled bool
}

// count returns what to put in an item for n: n, a string, a comma string,
// nil or omit{}.
func (q quirks) count(seed uint64, field string, hour int64, n int64) any {
	if !q.enabled {
		return n
	}
	u := unit(subN(seed, "quirk:"+field, hour))
	switch {
	case u < 0.01:
		return nil
	case u < 0.02:
		return omit{}
	case u < 0.04:
		return strconv.FormatInt(n, 10)
	case u < 0.05 && n >= 1000:
		return commas(n)
	}
	return n
}

// untimedAge is how young a post must be for a listing to drop its time.
const untimedAge = 48 * time.Hour

// untimed reports whether a listing at at leaves out the post's publish time,
// as the real actors sometimes do for the newest posts (rate of them). The
// choice is the post's own, so once untimedAge old it shows its time again.
func (q quirks) untimed(seed uint64, published, at time.Time, rate float64) bool {
	return q.enabled && at.Sub(published) < untimedAge && chance(seed, "untimed", rate)
}

func commas(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	out := make([]byte, 0, len(s)+len(s)/3)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	if neg {
		return "-" + string(out)
	}
	return string(out)
}

// shortRound rounds a count down the way a platform shows it: 12.3K is
// 12300 and 2.2M is 2200000. Rounding down keeps a growing count growing.
func shortRound(n int64) int64 {
	switch {
	case n >= 1_000_000:
		return n / 100_000 * 100_000
	case n >= 10_000:
		return n / 100 * 100
	}
	return n
}

// sigRound rounds n down to three significant digits, as YouTube does.
func sigRound(n int64) int64 {
	if n < 1000 {
		return n
	}
	p := int64(1)
	for n/p >= 1000 {
		p *= 10
	}
	return n / p * p
}
