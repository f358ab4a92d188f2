package domain

import (
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/platform"
)

// DigestFrequency is how often a member receives the digest e-mail.
type DigestFrequency string

// The digest frequencies.
const (
	// DigestOff sends none: the default.
	DigestOff DigestFrequency = "off"
	// DigestDaily sends the digest of each UTC day, 00:00 to 00:00.
	DigestDaily DigestFrequency = "daily"
	// DigestWeekly sends the digest of each UTC week from Monday 00:00.
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

// LastClosed is the last period of f that ended at or before now (UTC);
// zero times for DigestOff.
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

// DigestItems is how many of each list a digest shows; it counts all.
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
	// Spikes are the period's alert events, largest gains first; SpikeCount all.
	Spikes     []DigestSpike
	SpikeCount int
	// NewPosts are the period's new posts, newest first; NewPostCount all.
	NewPosts     []DigestVideo
	NewPostCount int
	// Failures are items in error now; FailureCount counts all.
	Failures     []DigestFailure
	FailureCount int
}

// DigestCount is what one count gained in the period and the one before.
type DigestCount struct {
	Metric   Metric
	Period   int64
	Previous *int64
	// ChangePct is (Period - Previous) / Previous in percent; nil without one.
	ChangePct *float64
}

// DigestVideo is a video of a digest: a mover or a new post.
type DigestVideo struct {
	VideoCard
	ViewsGained int64
	FoundAt     time.Time
}

// DigestSpike is one alert event of the period.
type DigestSpike struct {
	RuleName      string
	Metric        string
	VideoID       uuid.UUID
	VideoURL      string
	Platform      platform.Platform
	AccountHandle string
	Gain          int64
	TriggeredAt   time.Time
}

// DigestFailure is a video or account in error, with its last reason.
type DigestFailure struct {
	// Kind is "video" or "account".
	Kind     string
	ID       uuid.UUID
	Platform platform.Platform
	// Name is the video's URL or the account's handle.
	Name   string
	URL    string
	Reason string
}

// Empty reports whether nothing happened in the period and nothing is in error.
func (d Digest) Empty() bool {
	for _, c := range d.Counts {
		if c.Period != 0 {
			return false
		}
	}
	return len(d.Movers) == 0 && d.SpikeCount == 0 && d.NewPostCount == 0 && d.FailureCount == 0
}
