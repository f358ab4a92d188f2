package chread

import "time"

// Lookback is how far before a window's start its start value is looked for.
const Lookback = 7 * 24 * time.Hour

// Granularity is the bucket size of a series.
type Granularity string

// The granularities.
const (
	Hourly Granularity = "hour"
	Daily  Granularity = "day"
)

// Step is the length of a bucket.
func (g Granularity) Step() time.Duration {
	if g == Hourly {
		return time.Hour
	}
	return 24 * time.Hour
}

// Table is the projection that holds the granularity's buckets.
func (g Granularity) Table() string {
	if g == Hourly {
		return "entity_hourly"
	}
	return "entity_daily"
}

// EntityTable is where a read of some entities' buckets reads: for days,
// entity_daily's copy ordered by entity first (ClickHouse 0012), where
// their rows are together; hours have no copy.
func (g Granularity) EntityTable() string {
	if g == Hourly {
		return g.Table()
	}
	return g.Table() + "_by_entity"
}

// Floor is the start of the bucket holding t.
func (g Granularity) Floor(t time.Time) time.Time {
	return t.UTC().Truncate(g.Step())
}
