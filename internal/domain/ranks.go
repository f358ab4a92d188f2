package domain

import (
	"fmt"
	"time"
)

// RankWindow is a window whose views gain the videos list can sort by from
// video_ranks: the last Span buckets of Step, the current one included.
type RankWindow struct {
	Name string
	Step time.Duration
	Span int
}

// RankWindows are the windows video_ranks keeps start values for.
var RankWindows = []RankWindow{{Name: "24h", Step: time.Hour, Span: 24}, {Name: "7d", Step: 24 * time.Hour, Span: 7}}

// Start is the window's start at now (query.WindowOf's for the same preset).
func (w RankWindow) Start(now time.Time) time.Time {
	return now.UTC().Truncate(w.Step).Add(-time.Duration(w.Span-1) * w.Step)
}

// Slot names which of the window's two slots holds the start values of a window starting at cutoff.
func (w RankWindow) Slot(cutoff time.Time) string {
	return fmt.Sprintf("%s_%d", w.Name, cutoff.Unix()/int64(w.Step/time.Second)%2)
}

// Column is the video_ranks column of the slot of cutoff.
func (w RankWindow) Column(cutoff time.Time) string { return "from_" + w.Slot(cutoff) }
