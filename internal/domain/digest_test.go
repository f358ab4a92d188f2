package domain_test

import (
	"slices"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// TestDigestChecksListTheGoValues holds the digest columns' CHECK
// constraints to the Go frequencies.
func TestDigestChecksListTheGoValues(t *testing.T) {
	for _, c := range []struct {
		table, constraint string
		want              []string
	}{
		{"workspace_members", "workspace_members_digest_frequency_check", strs(domain.DigestFrequencies)},
		{"digest_sends", "digest_sends_frequency_check", strs(domain.DigestPeriods)},
	} {
		var def string
		err := env.PG.QueryRow(t.Context(), `
			SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = $1::regclass AND conname = $2`,
			c.table, c.constraint).Scan(&def)
		if err != nil {
			t.Fatalf("%s: %v", c.constraint, err)
		}
		var got []string
		for _, m := range quoted.FindAllStringSubmatch(def, -1) {
			got = append(got, m[1])
		}
		slices.Sort(got)
		if want := slices.Sorted(slices.Values(c.want)); !slices.Equal(got, want) {
			t.Errorf("%s allows %q, Go names %q", c.constraint, got, want)
		}
	}
}

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
