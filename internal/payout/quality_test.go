package payout

import (
	"strings"
	"testing"
)

// TestQualityOf scores views like the account's own 100 and lowers the
// score for a burst, for little engagement, and for views taken back; a
// burst the hold names scores low, and an account without history is
// scored on its falls only.
func TestQualityOf(t *testing.T) {
	history := []Engagement{{10_000, 500, 50}, {12_000, 600, 60}, {8_000, 400, 40}, {11_000, 550, 55}}
	for _, c := range []struct {
		name     string
		v        Engagement
		others   []Engagement
		latest   int64
		min, max int
		reason   string
	}{
		{"like its own", Engagement{11_000, 560, 50}, history, 11_000, 100, 100, ""},
		{"twice its median", Engagement{21_000, 1_100, 110}, history, 21_000, 100, 100, ""},
		{"a burst with no engagement", Engagement{200_000, 200, 0}, history, 200_000, 0, 20, "× the median"},
		{"half its engagement", Engagement{10_500, 262, 26}, history, 10_500, 75, 85, "likes and comments"},
		{"views taken back", Engagement{10_000, 500, 50}, history, 9_000, 55, 65, "fell 10%"},
		{"a small fall", Engagement{10_000, 500, 50}, history, 9_950, 100, 100, ""},
		{"no history: the fall only", Engagement{500_000, 0, 0}, nil, 450_000, 55, 65, "fell"},
		{"no history, no fall", Engagement{500_000, 0, 0}, nil, 500_000, 100, 100, ""},
		{"few views: no rate", Engagement{900, 0, 0}, history, 900, 100, 100, ""},
	} {
		q := QualityOf(c.v, c.others, c.latest)
		if q.Score < c.min || q.Score > c.max {
			t.Errorf("%s: score %d, want %d–%d (%v)", c.name, q.Score, c.min, c.max, q.Reasons)
		}
		if got := strings.Join(q.Reasons, "; "); (c.reason == "") != (got == "") || !strings.Contains(got, c.reason) {
			t.Errorf("%s: reasons %q, want one with %q", c.name, got, c.reason)
		}
	}
	burst := Engagement{200_000, 200, 0}
	if ok, _ := Burst(burst, history); !ok || QualityOf(burst, history, burst.Views).Score > 20 {
		t.Error("a burst the hold names must score 20 or less")
	}
}
