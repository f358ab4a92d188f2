package query

import (
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/query/chread"
)

// TestWindowOfBoundaries checks each preset against the documented windows
// (openapi.yaml DatePreset, README "Dashboard numbers"): whole UTC buckets
// that include the current one; 24h starts at the beginning of the hour
// 23 hours before the current hour, 7d/30d/90d at midnight UTC 6/29/89
// days before today; the previous window has the same length and ends at
// Start; the chart is by hour for 24h and by day otherwise. The expected
// instants are written out by hand, not computed.
func TestWindowOfBoundaries(t *testing.T) {
	t.Parallel()
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	plus2 := time.FixedZone("UTC+2", 2*3600)
	type want struct{ start, prev string }
	cases := []struct {
		name string
		now  time.Time
		// by preset: the expected Start and PrevStart
		h24, d7, d30, d90 want
	}{
		{"midnight", at("2026-03-15T00:00:00Z"),
			want{"2026-03-14T01:00:00Z", "2026-03-13T01:00:00Z"}, want{"2026-03-09T00:00:00Z", "2026-03-02T00:00:00Z"},
			want{"2026-02-14T00:00:00Z", "2026-01-15T00:00:00Z"}, want{"2025-12-16T00:00:00Z", "2025-09-17T00:00:00Z"}},
		{"1ns before midnight", at("2026-03-14T23:59:59.999999999Z"),
			want{"2026-03-14T00:00:00Z", "2026-03-13T00:00:00Z"}, want{"2026-03-08T00:00:00Z", "2026-03-01T00:00:00Z"},
			want{"2026-02-13T00:00:00Z", "2026-01-14T00:00:00Z"}, want{"2025-12-15T00:00:00Z", "2025-09-16T00:00:00Z"}},
		{"1ns after midnight", at("2026-03-15T00:00:00.000000001Z"),
			want{"2026-03-14T01:00:00Z", "2026-03-13T01:00:00Z"}, want{"2026-03-09T00:00:00Z", "2026-03-02T00:00:00Z"},
			want{"2026-02-14T00:00:00Z", "2026-01-15T00:00:00Z"}, want{"2025-12-16T00:00:00Z", "2025-09-17T00:00:00Z"}},
		{"on the hour", at("2026-03-15T13:00:00Z"),
			want{"2026-03-14T14:00:00Z", "2026-03-13T14:00:00Z"}, want{"2026-03-09T00:00:00Z", "2026-03-02T00:00:00Z"},
			want{"2026-02-14T00:00:00Z", "2026-01-15T00:00:00Z"}, want{"2025-12-16T00:00:00Z", "2025-09-17T00:00:00Z"}},
		{"1ns before the hour", at("2026-03-15T12:59:59.999999999Z"),
			want{"2026-03-14T13:00:00Z", "2026-03-13T13:00:00Z"}, want{"2026-03-09T00:00:00Z", "2026-03-02T00:00:00Z"},
			want{"2026-02-14T00:00:00Z", "2026-01-15T00:00:00Z"}, want{"2025-12-16T00:00:00Z", "2025-09-17T00:00:00Z"}},
		{"1ns after the hour", at("2026-03-15T13:00:00.000000001Z"),
			want{"2026-03-14T14:00:00Z", "2026-03-13T14:00:00Z"}, want{"2026-03-09T00:00:00Z", "2026-03-02T00:00:00Z"},
			want{"2026-02-14T00:00:00Z", "2026-01-15T00:00:00Z"}, want{"2025-12-16T00:00:00Z", "2025-09-17T00:00:00Z"}},
		{"mid-hour", at("2026-03-15T13:29:30Z"),
			want{"2026-03-14T14:00:00Z", "2026-03-13T14:00:00Z"}, want{"2026-03-09T00:00:00Z", "2026-03-02T00:00:00Z"},
			want{"2026-02-14T00:00:00Z", "2026-01-15T00:00:00Z"}, want{"2025-12-16T00:00:00Z", "2025-09-17T00:00:00Z"}},
		{"new year", at("2027-01-01T00:00:00Z"),
			want{"2026-12-31T01:00:00Z", "2026-12-30T01:00:00Z"}, want{"2026-12-26T00:00:00Z", "2026-12-19T00:00:00Z"},
			want{"2026-12-03T00:00:00Z", "2026-11-03T00:00:00Z"}, want{"2026-10-04T00:00:00Z", "2026-07-06T00:00:00Z"}},
		{"after a leap day", at("2028-03-01T06:15:00Z"),
			want{"2028-02-29T07:00:00Z", "2028-02-28T07:00:00Z"}, want{"2028-02-24T00:00:00Z", "2028-02-17T00:00:00Z"},
			want{"2028-02-01T00:00:00Z", "2028-01-02T00:00:00Z"}, want{"2027-12-03T00:00:00Z", "2027-09-04T00:00:00Z"}},
		// the next local day, still the day before in UTC
		{"other time zone", time.Date(2026, 3, 15, 1, 30, 0, 0, plus2),
			want{"2026-03-14T00:00:00Z", "2026-03-13T00:00:00Z"}, want{"2026-03-08T00:00:00Z", "2026-03-01T00:00:00Z"},
			want{"2026-02-13T00:00:00Z", "2026-01-14T00:00:00Z"}, want{"2025-12-15T00:00:00Z", "2025-09-16T00:00:00Z"}},
	}
	for _, c := range cases {
		for _, p := range []struct {
			preset Preset
			want   want
			g      chread.Granularity
			// buckets is how many buckets the chart has from Start to
			// the one holding now
			buckets int
		}{
			{Preset24h, c.h24, chread.Hourly, 24},
			{Preset7d, c.d7, chread.Daily, 7},
			{Preset30d, c.d30, chread.Daily, 30},
			{Preset90d, c.d90, chread.Daily, 90},
		} {
			w := WindowOf(p.preset, c.now)
			if w.Preset != p.preset || !w.Start.Equal(at(p.want.start)) || !w.PrevStart.Equal(at(p.want.prev)) || w.Granularity != p.g {
				t.Errorf("%s, %s: got %s start %s prev %s by %s; want start %s prev %s by %s", c.name, p.preset,
					w.Preset, w.Start.Format(time.RFC3339Nano), w.PrevStart.Format(time.RFC3339Nano), w.Granularity,
					p.want.start, p.want.prev, p.g)
			}
			if w.Start.Location() != time.UTC || w.PrevStart.Location() != time.UTC {
				t.Errorf("%s, %s: window not in UTC", c.name, p.preset)
			}
			// the window ends now: its last bucket is the one holding now
			bs := Buckets(w.Granularity, w.Start, c.now)
			if len(bs) != p.buckets || !bs[0].Equal(w.Start) {
				t.Errorf("%s, %s: %d buckets from %v; want %d from the start", c.name, p.preset, len(bs), bs[0], p.buckets)
				continue
			}
			if last := bs[len(bs)-1]; c.now.Before(last) || !c.now.Before(last.Add(p.g.Step())) {
				t.Errorf("%s, %s: last bucket %s does not hold now", c.name, p.preset, last)
			}
		}
		w := WindowOf(PresetAll, c.now)
		if w != (Window{Preset: PresetAll, Granularity: chread.Daily}) {
			t.Errorf("%s, all: got %+v; want no start, by day", c.name, w)
		}
	}
}

// TestInsightsWindowIsTheLists: the insights' views per hour are over the
// videos list's 24h window, which chread cannot ask WindowOf for.
func TestInsightsWindowIsTheLists(t *testing.T) {
	t.Parallel()
	base := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	for _, now := range []time.Time{
		base, base.Add(time.Nanosecond), base.Add(59*time.Minute + 59*time.Second), base.Add(13*time.Hour + 7*time.Minute),
		base.Add(23*time.Hour + 59*time.Minute), base.In(time.FixedZone("UTC+2", 2*3600)).Add(90 * time.Minute),
	} {
		if got, want := chread.Last24h(now), WindowOf(Preset24h, now).Start; !got.Equal(want) {
			t.Errorf("at %v: chread.Last24h %v, the 24h window starts %v", now, got, want)
		}
	}
}
