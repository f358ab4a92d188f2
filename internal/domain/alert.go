package domain

import (
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/platform"
)

// Condition is how an alert rule judges a video's metric over its window.
type Condition string

// The alert conditions.
const (
	// ConditionGain: the metric grew by at least the threshold.
	ConditionGain Condition = "gain"
	// ConditionGrowth: the metric grew by at least the threshold in percent.
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

// SpikeSettings are what an alert rule watches and how often it may fire:
// the rule as saved, as listed and as scanned all carry them, and a rule
// of another event keeps harmless values.
type SpikeSettings struct {
	// CollectionID and Platform narrow the rule's videos; nil is any.
	CollectionID  *uuid.UUID         `json:"collectionId"`
	Platform      *platform.Platform `json:"platform"`
	Metric        Metric             `json:"metric"`
	Condition     Condition          `json:"condition"`
	Threshold     float64            `json:"threshold"`
	WindowHours   int                `json:"windowHours"`
	MinStartValue int64              `json:"minStartValue"`
	CooldownHours int                `json:"cooldownHours"`
}

// SpikeRule is an enabled rule of a workspace with access, for the spike scan.
type SpikeRule struct {
	ID          uuid.UUID
	WorkspaceID uuid.UUID
	SpikeSettings
}

// SpikeMeasure is what a spike measured: the scan finds it, the alert
// event, the event's payload and the e-mail tell it.
type SpikeMeasure struct {
	// WindowStart and WindowEnd bound the window: for gain and growth_pct it
	// ends at the latest snapshot; for velocity_vs_baseline it spans the last
	// whole hours of the video's age, over which its siblings are measured.
	WindowStart time.Time `json:"windowStart"`
	WindowEnd   time.Time `json:"windowEnd"`
	StartValue  int64     `json:"startValue"`
	EndValue    int64     `json:"endValue"`
	Gain        int64     `json:"gain"`
	// GrowthPct is the gain in percent of the start value, when set.
	GrowthPct *float64 `json:"growthPct"`
	// Baseline is, for velocity_vs_baseline, the median gain of the
	// account's other videos over the same hours of age.
	Baseline *float64 `json:"baseline"`
}

// Spike is a video that meets a rule, with the values that made it.
type Spike struct {
	RuleID  uuid.UUID
	VideoID uuid.UUID
	SpikeMeasure
}

// SpikeScan is one scan's outcome.
type SpikeScan struct {
	// Videos is how many videos some enabled rule covers.
	Videos int
	Spikes []Spike
}
