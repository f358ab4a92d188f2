package chread

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// TestDailyViews computes sparklines from a video's daily values: the
// change since the day before, carried over days without a snapshot, from
// the first views on the day a video was first scraped, and nothing
// before a video has a value.
func TestDailyViews(t *testing.T) {
	from := time.Date(2026, 11, 14, 0, 0, 0, 0, time.UTC)
	n := func(v int64) *int64 { return &v }
	// values: slot 0 the day before from, slot i+1 the i-th day; -1 none
	days := func(vs ...int64) *DailyValues {
		var d DailyValues
		for i, v := range vs {
			if v >= 0 {
				d.v[i], d.has[i] = uint64(v), true
			}
		}
		return &d
	}
	long := from.AddDate(0, 0, -30)
	for _, c := range []struct {
		name    string
		d       *DailyValues
		first   uint64
		firstAt time.Time
		want    []*int64
	}{
		{"every day", days(100, 110, 130, 160, 160, 200, 250, 251), 5, long, []*int64{n(10), n(20), n(30), n(0), n(40), n(50), n(1)}},
		{"gaps carry the last value", days(100, -1, 130, -1, -1, 200, -1, 250), 5, long, []*int64{n(0), n(30), n(0), n(0), n(70), n(0), n(50)}},
		{"first scraped on the third day", days(-1, -1, -1, 40, 90, -1, 100, 120), 10, from.AddDate(0, 0, 2).Add(5 * time.Hour), []*int64{nil, nil, n(30), n(50), n(0), n(10), n(20)}},
		{"no value before the span, scraped earlier", days(-1, -1, 50, 60, -1, -1, -1, -1), 5, long, []*int64{nil, nil, n(10), n(0), n(0), n(0), n(0)}},
		{"a value that went down", days(100, 90, -1, -1, -1, -1, -1, -1), 5, long, []*int64{n(-10), n(0), n(0), n(0), n(0), n(0), n(0)}},
		{"nothing recorded", days(), 0, time.Time{}, make([]*int64, SparkDays)},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := DailyViews(from, c.d, c.first, c.firstAt, make([]int64, SparkDays), make([]*int64, SparkDays))
			if !slices.EqualFunc(got, c.want, func(a, b *int64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }) {
				t.Errorf("got %s, want %s", show(got), show(c.want))
			}
		})
	}
}

func show(d []*int64) string {
	s := ""
	for _, p := range d {
		if p == nil {
			s += "nil "
		} else {
			s += fmt.Sprint(*p) + " "
		}
	}
	return s
}
