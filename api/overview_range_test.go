package api_test

import (
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// TestOverviewCustomRange recomputes the overview of a from/to range from
// the raw snapshots: ranges that ended before today (the gains between
// the start and the end, the chart's days up to the end), one that
// reaches today (up to now) and a single day; and answers 400 for a range
// reversed, half given, beside a preset, in the future or before the
// history the dashboard reads.
func TestOverviewCustomRange(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	hist := d.history(t, "video")
	listed := []string{"v1", "v2", "v3", "v4", "v6"}
	today := dashNow.Truncate(24 * time.Hour)
	for _, r := range []struct{ from, to time.Time }{
		{today.AddDate(0, 0, -10), today.AddDate(0, 0, -3)},
		{today.AddDate(0, 0, -40), today.AddDate(0, 0, -20)},
		{today.AddDate(0, 0, -5), today},
		{today.AddDate(0, 0, -1), today.AddDate(0, 0, -1)},
	} {
		name := r.from.Format(time.DateOnly) + ".." + r.to.Format(time.DateOnly)
		var o overviewBody
		d.get(t, "/api/overview", url.Values{"from": {r.from.Format(time.DateOnly)}, "to": {r.to.Format(time.DateOnly)}}, &o)
		w := query.RangeWindow(r.from, r.to, dashNow)
		end := r.to.AddDate(0, 0, 1)
		ended := !end.After(dashNow)
		if o.DatePreset != query.PresetCustom || o.Start == nil || !o.Start.Equal(r.from) || (ended && !o.End.Equal(end)) || (!ended && !o.End.Equal(dashNow)) {
			t.Errorf("%s: window %s from %v to %v", name, o.DatePreset, o.Start, o.End)
		}
		// per video and count, what it gained in the range: its gain since
		// the start less its gain since the end
		gainIn := func(m int, k string) *int64 {
			h := hist[d.videos[k]]
			g := gainSince(h, m, r.from)
			if g == nil || !ended {
				return g
			}
			e := *g - *gainSince(h, m, end)
			return &e
		}
		for m, got := range []numbers.PeriodGained{o.Gains.Views, o.Gains.Likes, o.Gains.Comments, o.Gains.Shares, o.Gains.Saves} {
			var period, prev int64
			for _, k := range listed {
				h := hist[d.videos[k]]
				if g := gainIn(m, k); g != nil {
					period += *g
				}
				if g, gp := gainSince(h, m, w.Start), gainSince(h, m, w.PrevStart); g != nil {
					prev += *gp - *g
				}
			}
			if got.Period != period || got.Previous == nil || *got.Previous != prev {
				t.Errorf("%s: metric %d gained %d (previous %s), raw snapshots say %d (previous %d)", name, m, got.Period, show(got.Previous), period, prev)
			}
		}
		// the chart: every day of the range up to its end or today, adding
		// up to the views gained
		last := r.to
		if last.After(today) {
			last = today
		}
		days := int(last.Sub(r.from)/(24*time.Hour)) + 1
		var sum int64
		for i, p := range o.Series {
			if !p.T.Equal(r.from.AddDate(0, 0, i)) {
				t.Errorf("%s: bucket %d is %s", name, i, p.T)
			}
			sum += p.Gained
		}
		if len(o.Series) != days || sum != o.Gained.Period {
			t.Errorf("%s: %d buckets adding up to %d, want %d adding up to %d", name, len(o.Series), sum, days, o.Gained.Period)
		}
		// the movers gained the most views in the range
		var gains []int64
		for _, k := range listed {
			if g := gainIn(0, k); g != nil && *g > 0 {
				gains = append(gains, *g)
			}
		}
		slices.Sort(gains)
		slices.Reverse(gains)
		if len(o.TopMovers) != min(len(gains), numbers.TopMovers) {
			t.Fatalf("%s: %d movers, want %d", name, len(o.TopMovers), min(len(gains), numbers.TopMovers))
		}
		for i, mv := range o.TopMovers {
			if mv.ViewsGained != gains[i] {
				t.Errorf("%s: mover %d gained %d, want %d", name, i, mv.ViewsGained, gains[i])
			}
		}
	}
	for q, field := range map[string]string{
		"from=2026-11-10&to=2026-11-09":                "to",
		"from=2026-11-10":                              "to",
		"to=2026-11-10":                                "from",
		"from=2026-11-01&to=2026-11-02&datePreset=7d":  "datePreset",
		"from=2026-11-01&to=2026-11-21":                "to",
		"from=2025-11-01&to=2026-11-02":                "from",
		"from=yesterday&to=2026-11-02":                 "from",
		"from=2026-11-01&to=2026-11-02&platforms=vine": "platforms",
	} {
		e := d.app.request("GET", "/api/overview?"+q, nil, d.cookie).expectError(t, 400, "invalid_request")
		if e.Fields[field] == "" {
			t.Errorf("%s: the 400 does not name %s: %+v", q, field, e)
		}
	}
}
