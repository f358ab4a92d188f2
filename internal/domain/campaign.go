package domain

import "time"

// CampaignSettings are the settings of a campaign a manager may change
// later: the write side checks and stores them, the read side answers them
// for a change of some.
type CampaignSettings struct {
	StartsAt time.Time
	EndsAt   *time.Time
	Budget   int64
	// Platforms are those whose posts the campaign pays; none is every one.
	Platforms []string
	// Collabs is what the campaign does with collabs; empty is hold.
	Collabs Collabs
}
