package domain_test

import (
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// TestDigestLastClosed: a day ends at 00:00 UTC, a week on Monday 00:00
// UTC; a period ending exactly now is closed.
func TestDigestLastClosed(t *testing.T) {
	day := func(d, h int) time.Time { return time.Date(2026, 11, d, h, 0, 0, 0, time.UTC) }
	for _, c := range []struct {
		f          domain.DigestFrequency
		now        time.Time
		start, end time.Time
	}{
		{domain.DigestDaily, day(20, 15), day(19, 0), day(20, 0)},
		{domain.DigestDaily, day(20, 0), day(19, 0), day(20, 0)},
		{domain.DigestDaily, time.Date(2026, 11, 20, 1, 0, 0, 0, time.FixedZone("CET", 3600)), day(19, 0), day(20, 0)},
		{domain.DigestWeekly, day(20, 15), day(9, 0), day(16, 0)}, // Friday
		{domain.DigestWeekly, day(22, 23), day(9, 0), day(16, 0)}, // Sunday
		{domain.DigestWeekly, day(23, 0), day(16, 0), day(23, 0)}, // Monday 00:00
		{domain.DigestWeekly, day(23, 1), day(16, 0), day(23, 0)},
	} {
		start, end := c.f.LastClosed(c.now)
		if !start.Equal(c.start) || !end.Equal(c.end) {
			t.Errorf("%s at %s: %s to %s, want %s to %s", c.f, c.now, start, end, c.start, c.end)
		}
	}
	if s, e := domain.DigestOff.LastClosed(day(20, 15)); !s.IsZero() || !e.IsZero() {
		t.Errorf("off has a period: %s to %s", s, e)
	}
}
