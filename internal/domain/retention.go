package domain

import "time"

// SnapshotMonthExpired tells whether the raw snapshots of the UTC month
// starting at month are past a retention: the month ends at or before
// now − retention. A month the cutoff falls inside is kept whole; a zero
// retention keeps every month.
func SnapshotMonthExpired(month, now time.Time, retention time.Duration) bool {
	if retention <= 0 {
		return false
	}
	end := time.Date(month.Year(), month.Month()+1, 1, 0, 0, 0, 0, time.UTC)
	return !end.After(now.UTC().Add(-retention))
}

// RawSnapshotsKept tells whether the raw snapshots taken from from on are
// all still kept under a retention (SNAPSHOT_RETENTION; 0 keeps them for
// ever): the month holding from has not expired, so neither has any later.
func RawSnapshotsKept(from, now time.Time, retention time.Duration) bool {
	from = from.UTC()
	return !SnapshotMonthExpired(time.Date(from.Year(), from.Month(), 1, 0, 0, 0, 0, time.UTC), now, retention)
}
