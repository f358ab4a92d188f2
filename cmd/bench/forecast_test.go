package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/insight"
)

// The curve the backtest gives a video at a cut is the one the seed's
// hourly rows up to the cut give.
func TestVisibleCurveIsTheSeedsHistory(t *testing.T) {
	sz := sizes{Videos: 40, Accounts: 4, Days: 40}
	w := newWorld(sz, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	ws := &w.Big
	first := w.End.Add(-time.Duration(ws.Hours-1) * time.Hour)
	for _, spread := range []bool{false, true} {
		if spread {
			spreadPublished(ws, first)
		}
		cut := 500
		for i := range ws.Videos {
			e := &ws.Videos[i]
			var hourly []insight.Point
			var r row
			for h := 0; h <= cut; h++ {
				at := first.Add(time.Duration(h) * time.Hour)
				if !at.After(e.Published) {
					continue
				}
				if spread {
					hourly = append(hourly, insight.Point{At: at, Views: int64(e.viewsAtAge(at.Sub(e.Published).Hours()))})
				} else {
					e.fill(&r, h, ws.Hours, w.End)
					hourly = append(hourly, insight.Point{At: r.At, Views: int64(r.Values[0])})
				}
			}
			got, latest := visibleCurve(e, first, cut)
			if want := insight.CurveOf(e.Published, hourly); !slices.Equal(got.Curve, want) {
				t.Fatalf("spread %v, video %d: curve %v, want %v", spread, i, got.Curve, want)
			}
			if len(hourly) > 0 && latest != hourly[len(hourly)-1] {
				t.Fatalf("spread %v, video %d: latest %v, want %v", spread, i, latest, hourly[len(hourly)-1])
			}
		}
	}
}

// As seeded, no video young at a cut has a sibling known 30 days past its
// age; spread over the series, the young ones are forecast.
func TestForecastBacktestOfTheSeed(t *testing.T) {
	var out bytes.Buffer
	if err := forecastBacktest(&out, sizes{Videos: 400, Accounts: 8, Days: 75}); err != nil {
		t.Fatal(err)
	}
	report := out.String()
	for _, line := range strings.Split(report, "\n") {
		cells := strings.Split(line, " | ")
		switch {
		case strings.HasPrefix(line, "| as seeded | all |"):
			if cells[2] != "0" || cells[3] == "0" {
				t.Errorf("as seeded: %s", line)
			}
		case strings.HasPrefix(line, "| spread over the series | under 1 day |"):
			if cells[2] == "0" {
				t.Errorf("spread: %s", line)
			}
		}
	}
	if !strings.Contains(report, "| spread over the series | all |") {
		t.Fatalf("report:\n%s", report)
	}
}
