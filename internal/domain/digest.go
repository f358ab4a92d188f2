package domain

import (
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/platform"
)

// DigestFrequency is how often a member receives the digest e-mail.
type DigestFrequency string

// The digest frequencies; periods are UTC days and weeks from Monday 00:00.
const (
	DigestOff    DigestFrequency = "off" // the default
	DigestDaily  DigestFrequency = "daily"
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

// LastClosed is f's last period ended by now; zero times for DigestOff.
func (f DigestFrequency) LastClosed(now time.Time) (start, end time.Time) {
	day := now.UTC().Truncate(24 * time.Hour)
	switch f {
	case DigestDaily:
		return day.AddDate(0, 0, -1), day
	case DigestWeekly:
		since := (int(day.Weekday()) + 6) % 7
		end = day.AddDate(0, 0, -since)
		return end.AddDate(0, 0, -7), end
	}
	return time.Time{}, time.Time{}
}

// DigestItems is how many of each list a digest shows; it counts all.
const DigestItems = 5

// Digest is a workspace's closed period; each list holds up to DigestItems.
type Digest struct {
	Start, End   time.Time
	Counts       []DigestCount // views, likes, comments, shares, followers gained
	Movers       []DigestVideo // the most views gained
	Spikes       []DigestSpike // largest gains first
	SpikeCount   int
	NewPosts     []DigestVideo // newest first
	NewPostCount int
	Failures     []DigestFailure // items in error now
	FailureCount int
}

// DigestCount is what one count gained in the period and the one before.
type DigestCount struct {
	Metric    Metric
	Period    int64
	Previous  *int64
	ChangePct *float64 // the change on Previous in percent; nil without it
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
	Kind     string // "video" or "account"
	ID       uuid.UUID
	Platform platform.Platform
	Name     string // the video's URL or the account's handle
	URL      string
	Reason   string
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
