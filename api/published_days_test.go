package api_test

import (
	"net/url"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/query/numbers"
)

// TestOverviewByPublishDay: the chart by publish date puts each selected
// video on the UTC day it was published, with its latest views as the raw
// snapshots hold them; a video published before the window is counted as
// left out, one published after a past range as later, one of a removed
// account not at all; over all time the days'
// views add up to the overview's totals; a campaign's collection narrows
// it; another workspace's collection is not found.
func TestOverviewByPublishDay(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	hist := d.history(t, "video")
	latestViews := func(k string) int64 {
		h := hist[d.videos[k]]
		for i := len(h) - 1; i >= 0; i-- {
			if v := h[i].metrics[0]; v != nil {
				return int64(*v)
			}
		}
		return 0
	}
	published := map[string]time.Time{
		"v1": dashNow.Add(-20 * 24 * time.Hour), "v2": dashNow.Add(-3 * 24 * time.Hour), "v3": dashNow.Add(-12 * time.Hour),
		"v4": dashNow.Add(-2 * time.Hour), "v6": dashNow.Add(-50 * 24 * time.Hour),
	}
	check := func(name string, params url.Values, keys []string, later ...string) numbers.PublishedDays {
		t.Helper()
		var got numbers.PublishedDays
		d.get(t, "/api/overview/by-publish-day", params, &got)
		want := map[string]numbers.PublishedDay{}
		for _, k := range keys {
			day := published[k].UTC().Format(time.DateOnly)
			w := want[day]
			w.Videos++
			w.Views += latestViews(k)
			want[day] = w
		}
		var laterViews int64
		for _, k := range later {
			laterViews += latestViews(k)
		}
		if got.Later.Videos != len(later) || got.Later.Views != laterViews || got.Undated.Videos != 0 {
			t.Fatalf("%s: later %+v, undated %+v", name, got.Later, got.Undated)
		}
		for i, day := range got.Days {
			if day.Day != got.Start.AddDate(0, 0, i).Format(time.DateOnly) {
				t.Fatalf("%s: day %d is %s", name, i, day.Day)
			}
			w := want[day.Day]
			if day.Videos != w.Videos || day.Views != w.Views {
				t.Fatalf("%s: %s has %d videos, %d views; the raw snapshots say %d, %d", name, day.Day, day.Videos, day.Views, w.Videos, w.Views)
			}
			delete(want, day.Day)
		}
		if len(want) != 0 {
			t.Fatalf("%s: days missing from the chart: %v", name, want)
		}
		return got
	}

	week := check("7d", url.Values{"datePreset": {"7d"}}, []string{"v2", "v3", "v4"})
	if len(week.Days) != 7 || week.Days[len(week.Days)-1].Day != dashNow.Format(time.DateOnly) {
		t.Fatalf("the 7-day window's days %v", week.Days)
	}
	all := check("all", url.Values{"datePreset": {"all"}}, []string{"v1", "v2", "v3", "v4", "v6"})
	if !all.Start.Equal(published["v6"].Truncate(24 * time.Hour)) {
		t.Fatalf("all time starts %s, the first video was published %s", all.Start, published["v6"])
	}
	var o overviewBody
	d.get(t, "/api/overview", url.Values{"datePreset": {"all"}}, &o)
	var sum int64
	for _, day := range all.Days {
		sum += day.Views
	}
	if sum != int64(o.Totals.Views) {
		t.Fatalf("the days' views add up to %d, the overview's totals say %d", sum, o.Totals.Views)
	}
	check("a range", url.Values{"from": {dashNow.AddDate(0, 0, -25).Format(time.DateOnly)}, "to": {dashNow.AddDate(0, 0, -2).Format(time.DateOnly)}},
		[]string{"v1", "v2"}, "v3", "v4")
	check("the campaign's collection", url.Values{"datePreset": {"all"}, "collectionId": {d.collection.String()}}, []string{"v1", "v2", "v6"})

	d.app.request("GET", "/api/overview/by-publish-day?collectionId="+uuid.NewString(), nil, d.cookie).expect(t, 404)
	d.app.request("GET", "/api/overview/by-publish-day?datePreset=2d", nil, d.cookie).expect(t, 400)
}
