package main

import (
	"bytes"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/insight"
)

// The curve the study gives a video at a cut is the one a full hourly
// history up to the cut gives.
func TestStudyVisibleCurveIsTheHourlyHistorys(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	videos := forecastAccount("forecast.curve", start.Add(-3*24*time.Hour), start.Add(20*24*time.Hour))
	if len(videos) < 5 {
		t.Fatalf("%d videos", len(videos))
	}
	cut := start.Add(12*24*time.Hour + 30*time.Minute)
	for _, v := range videos {
		var hourly []insight.Point
		for at := start; !at.After(cut); at = at.Add(time.Hour) {
			if at.After(v.published) {
				hourly = append(hourly, insight.Point{At: at, Views: v.views(at)})
			}
		}
		got, latest := v.visible(start, cut)
		if want := insight.CurveOf(v.published, hourly); !slices.Equal(got.Curve, want) {
			t.Fatalf("video published %s: curve %v, hourly history's %v", v.published, got.Curve, want)
		}
		if len(hourly) == 0 {
			if !latest.At.IsZero() {
				t.Fatalf("a latest snapshot %v of a video published %s after the cut's last hour", latest, v.published)
			}
			continue
		}
		if latest != hourly[len(hourly)-1] {
			t.Fatalf("latest %v, want %v", latest, hourly[len(hourly)-1])
		}
	}
}

// The study on a small world: it forecasts videos of every age class from
// what was visible at the cut, and reports the figures of both halves.
func TestForecastStudySmallWorld(t *testing.T) {
	cfg := forecastStudyConfig{
		Accounts: 4, PerWorkspace: 2,
		Start:    time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
		FirstCut: 62 * 24 * time.Hour, Cuts: 1, CutEvery: 24 * time.Hour,
	}
	cases := forecastCases(cfg)
	classes := map[int]bool{}
	for _, c := range cases {
		classes[c.class] = true
		age := c.now.Sub(c.video.Published)
		// nothing after the cut: no value at an age the video had not reached
		for i, a := range insight.Ages {
			if time.Duration(a)*time.Hour > age && c.video.Curve.Known(i) {
				t.Fatalf("video of age %s has a value at %d h", age, a)
			}
		}
		if c.truth30 < c.truth7 || c.truth7 < c.latest.Views {
			t.Fatalf("truths %d, %d after %d views", c.truth7, c.truth30, c.latest.Views)
		}
	}
	if len(classes) != len(insight.ForecastAgeClasses) {
		t.Fatalf("age classes %v of %d cases", classes, len(cases))
	}
	var out bytes.Buffer
	if err := forecastStudy(cfg, &out); err != nil {
		t.Fatal(err)
	}
	report := out.String()
	m := regexp.MustCompile(`\| second half \(check\) \| all \| (\d+) \|`).FindStringSubmatch(report)
	if m == nil {
		t.Fatalf("no figures of the check half:\n%s", report)
	}
	if n, _ := strconv.Atoi(m[1]); n == 0 {
		t.Fatalf("no forecast of the check half:\n%s", report)
	}
	if !strings.Contains(report, "| first half (calibration) | under 1 day |") {
		t.Fatalf("no figures per age class:\n%s", report)
	}
}

func TestRunStudyNamesTheStudies(t *testing.T) {
	err := runStudy("nosuch", &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "forecast") {
		t.Fatalf("error %v", err)
	}
}
