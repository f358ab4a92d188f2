package domain

import (
	"time"

	"github.com/google/uuid"
)

// DigestFrequency is how often a member receives the digest e-mail
// (workspace_members.digest_frequency).
type DigestFrequency string

// The digest frequencies.
const (
	// DigestOff sends none: the default.
	DigestOff DigestFrequency = "off"
	// DigestDaily sends the digest of each UTC day, 00:00 to 00:00.
	DigestDaily DigestFrequency = "daily"
	// DigestWeekly sends the digest of each UTC week, Monday 00:00 to
	// Monday 00:00.
	DigestWeekly DigestFrequency = "weekly"
)

// DigestFrequencies lists every frequency; DigestPeriods those that send.
var (
	DigestFrequencies = []DigestFrequency{DigestOff, DigestDaily, DigestWeekly}
	DigestPeriods     = []DigestFrequency{DigestDaily, DigestWeekly}
)

// Valid reports whether f is a known frequency.
func (f DigestFrequency) Valid() bool {
	for _, x := range DigestFrequencies {
		if x == f {
			return true
		}
	}
	return false
}

// LastClosed is the last period of f that ended at or before now: for
// daily, yesterday (UTC); for weekly, the last whole week from Monday
// 00:00 UTC. It returns zero times for DigestOff.
func (f DigestFrequency) LastClosed(now time.Time) (start, end time.Time) {
	day := now.UTC().Truncate(24 * time.Hour)
	switch f {
	case DigestDaily:
		return day.AddDate(0, 0, -1), day
	case DigestWeekly:
		// days since Monday: Sunday is 6
		since := (int(day.Weekday()) + 6) % 7
		end = day.AddDate(0, 0, -since)
		return end.AddDate(0, 0, -7), end
	}
	return time.Time{}, time.Time{}
}

// DigestItems is how many movers, spikes, new posts and failed items a
// digest lists; it counts all of them.
const DigestItems = 5

// Digest is the content of a digest e-mail: what a workspace's tracked
// items did in one closed period, from the same reads as the dashboard.
type Digest struct {
	Start, End time.Time
	// Counts are the totals gained in the period (views, likes, comments,
	// shares of the videos, followers of the accounts), in that order.
	Counts []DigestCount
	// Movers are the videos that gained the most views in the period.
	Movers []DigestVideo
	// Spikes are the period's alert events, the largest gains first;
	// SpikeCount counts all of them.
	Spikes     []DigestSpike
	SpikeCount int
	// NewPosts are videos found on tracked accounts in the period, newest
	// first; NewPostCount counts all of them.
	NewPosts     []DigestVideo
	NewPostCount int
	// Failures are items in error when the digest is built; FailureCount
	// counts all of them.
	Failures     []DigestFailure
	FailureCount int
}

// DigestCount is what one count gained in the period and in the period of
// the same length before it.
type DigestCount struct {
	Metric   Metric
	Period   int64
	Previous *int64
	// ChangePct is (Period - Previous) / Previous in percent; nil when
	// Previous is nil or 0.
	ChangePct *float64
}

// DigestVideo is a video of a digest: a mover with its views gained, or a
// new post.
type DigestVideo struct {
	ID            uuid.UUID
	Platform      string
	URL           string
	Caption       string
	AccountHandle string
	ViewsGained   int64
	FoundAt       time.Time
}

// DigestSpike is one alert event of the period.
type DigestSpike struct {
	RuleName      string
	Metric        string
	VideoID       uuid.UUID
	VideoURL      string
	Platform      string
	AccountHandle string
	Gain          int64
	TriggeredAt   time.Time
}

// DigestFailure is an item in error: a video or an account, with the
// reason its last scrape gave.
type DigestFailure struct {
	// Kind is "video" or "account".
	Kind     string
	ID       uuid.UUID
	Platform string
	// Name is the video's URL or the account's handle.
	Name   string
	URL    string
	Reason string
}

// Empty reports whether nothing happened in the period and nothing is in
// error: no count moved, no spike, no new post, no failure.
func (d Digest) Empty() bool {
	for _, c := range d.Counts {
		if c.Period != 0 {
			return false
		}
	}
	return len(d.Movers) == 0 && d.SpikeCount == 0 && d.NewPostCount == 0 && d.FailureCount == 0
}
