package domain

import (
	"time"

	"github.com/google/uuid"
)

// Condition is how an alert rule judges a video's metric over its window.
type Condition string

// The alert conditions.
const (
	// ConditionGain: the metric grew by at least the threshold.
	ConditionGain Condition = "gain"
	// ConditionGrowth: the metric grew by at least the threshold, in
	// percent of its value at the window's start.
	ConditionGrowth Condition = "growth_pct"
	// ConditionVelocity: the metric grew at least threshold times as much
	// as the median of the account's other videos at the same age.
	ConditionVelocity Condition = "velocity_vs_baseline"
)

// Conditions lists every alert condition, in the order of the condition
// numbers of the spike scan.
var Conditions = []Condition{ConditionGain, ConditionGrowth, ConditionVelocity}

// AlertMetrics are the metrics an alert rule may watch: a video's, not an
// account's followers, and not saves, which not every platform gives.
var AlertMetrics = []Metric{Views, Likes, Comments, Shares}

// SpikeRule is an enabled alert rule of a workspace with access, as the
// spike scan takes it.
type SpikeRule struct {
	ID            uuid.UUID
	WorkspaceID   uuid.UUID
	CollectionID  *uuid.UUID
	Platform      *string
	Metric        Metric
	Condition     Condition
	Threshold     float64
	WindowHours   int
	MinStartValue int64
	CooldownHours int
}

// Spike is a video that meets a rule, with the values that made it.
type Spike struct {
	RuleID  uuid.UUID
	VideoID uuid.UUID
	// WindowStart and WindowEnd bound the window. For gain and growth_pct
	// it ends at the video's latest snapshot and lasts the rule's window;
	// for velocity_vs_baseline it is the last whole hours of the video's
	// age (hours since publishing) that the rule's window spans, the span
	// its siblings are measured over.
	WindowStart, WindowEnd time.Time
	StartValue, EndValue   int64
	Gain                   int64
	// GrowthPct is the gain in percent of the start value, when set.
	GrowthPct *float64
	// Baseline is, for velocity_vs_baseline, the median gain of the
	// account's other videos over the same hours of age.
	Baseline *float64
}

// SpikeScan is one scan's outcome.
type SpikeScan struct {
	// Videos is how many videos some enabled rule covers.
	Videos int
	Spikes []Spike
}
