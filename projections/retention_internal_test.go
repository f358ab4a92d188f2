package projections

import (
	"testing"
	"time"
)

func TestPartitionExpiredOnlyWhenTheWholeMonthIsPastTheCutoff(t *testing.T) {
	day := 24 * time.Hour
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC) // cutoff at 90 days: 2026-08-22 12:00
	for _, tc := range []struct {
		id        string
		retention time.Duration
		want      bool
	}{
		{"202607", 90 * day, true},  // ends 08-01, before the cutoff
		{"202608", 90 * day, false}, // the cutoff falls inside August: kept whole
		{"202611", 90 * day, false},
		{"202512", 90 * day, true},  // December rolls into the next year
		{"202608", 80 * day, true},  // cutoff 09-01 12:00
		{"202608", 81 * day, false}, // cutoff 08-31 12:00
		// the month ends exactly at the cutoff: every row is older
		{"202610", now.Sub(time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)), true},
		{"202610", now.Sub(time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)) - time.Second, true},
		{"202610", now.Sub(time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)) + time.Second, false},
		// not months
		{"all", 90 * day, false},
		{"202613", 90 * day, false},
		{"202600", 90 * day, false},
		{"2026", 90 * day, false},
		{"20260", 90 * day, false},
		{"-20607", 90 * day, false},
	} {
		if got := PartitionExpired(tc.id, now, tc.retention); got != tc.want {
			t.Errorf("PartitionExpired(%q, %v, %v) = %v, want %v", tc.id, now, tc.retention, got, tc.want)
		}
	}
	// The cutoff is taken in UTC whatever the clock's zone.
	if PartitionExpired("202610", now.In(time.FixedZone("x", 14*3600)), now.Sub(time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC))+time.Second) {
		t.Error("the zone of now changed the cutoff")
	}
}
