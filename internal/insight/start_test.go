package insight

import (
	"testing"
	"time"

	"github.com/google/uuid"
)

// tracked is a video published ageAt hours before first, first scraped at
// first, with no value known yet.
func tracked(first time.Time, ageAtFirst float64, refreshed bool) Tracked {
	published := first.Add(-time.Duration(ageAtFirst * float64(time.Hour)))
	return Tracked{Video: Video{ID: uuid.New(), Published: published, Curve: Curve(nil).Merge(nil)}, FirstSeen: first, Refreshed: refreshed}
}

// TestScoresStartFromTheFirstScrape: an account's videos found by its
// first scrape are a baseline at the ages they reach while tracked; the
// first score comes when the sixth such video (five earlier ones) reaches
// the age.
func TestScoresStartFromTheFirstScrape(t *testing.T) {
	first := t0
	day := 24.0
	// a video a day, 0.5 to 9.5 days old at the first scrape
	var account []Tracked
	for i := range 10 {
		account = append(account, tracked(first, 0.5*day+float64(i)*day, true))
	}
	// before 7 d only 3 videos (0.5, 1.5, 2.5 d old) reach 3 d; 7 videos
	// reach 7 d: the sixth oldest of them (1.5 d old at the first scrape)
	// reaches 7 d 5.5 days on
	at, age, ok := ScoresStart(account, first)
	if want := first.Add(time.Duration(5.5 * day * float64(time.Hour))); !ok || age != 168 || !at.Equal(want) {
		t.Fatalf("scores start %v at %d h (%v), want %v at 168 h", at, age, ok, want)
	}
	// beyond a limit of 4, the six oldest are no longer refreshed: no age
	// has six videos that reach it
	for i := 4; i < 10; i++ {
		account[i].Refreshed = false
	}
	if at, age, ok := ScoresStart(account, first); ok {
		t.Fatalf("scores start %v at %d h, want none: 4 refreshed videos", at, age)
	}
	// a value known already counts, refreshed or not: with six known at
	// 24 h the sixth is scored now
	idx := AgeIndex(24)
	for i := 4; i < 10; i++ {
		account[i].Curve[idx] = int64(100 * i)
	}
	if at, age, ok := ScoresStart(account, first); !ok || age != 24 || !at.Equal(first) {
		t.Fatalf("scores start %v at %d h (%v), want now at 24 h", at, age, ok)
	}
	// an account of old videos only: nothing reaches a scored age
	var old []Tracked
	for i := range 8 {
		old = append(old, tracked(first, 40*day+float64(i)*day, true))
	}
	if _, _, ok := ScoresStart(old, first); ok {
		t.Fatal("an account whose videos are all past 30 d has a start")
	}
}

// TestForecastsStartAfterSevenDays: five videos tracked for 7 days and one
// younger than 30 days to forecast.
func TestForecastsStartAfterSevenDays(t *testing.T) {
	var vs []Tracked
	for i := range 6 {
		vs = append(vs, tracked(t0.Add(time.Duration(i)*time.Hour), 48, true))
	}
	at, ok := ForecastsStart(vs, t0)
	if want := t0.Add(4*time.Hour + Horizon7d); !ok || !at.Equal(want) {
		t.Fatalf("forecasts start %v (%v), want %v", at, ok, want)
	}
	if _, ok := ForecastsStart(vs[:5], t0); ok {
		t.Fatal("five videos have a forecast start: one of them has no five others")
	}
	for i := range vs {
		vs[i].Published = t0.Add(-40 * 24 * time.Hour)
	}
	if _, ok := ForecastsStart(vs, t0); ok {
		t.Fatal("videos all past 30 days have a forecast start")
	}
}
