package domain

import (
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/platform"
)

// Condition is how an alert rule judges a video's metric over its window.
type Condition string

// The alert conditions: how much the metric grew, against the threshold.
const (
	ConditionGain     Condition = "gain"
	ConditionGrowth   Condition = "growth_pct"           // in percent
	ConditionVelocity Condition = "velocity_vs_baseline" // vs the siblings' median at that age
)

// Conditions lists every alert condition, in the spike scan's numbering.
var Conditions = []Condition{ConditionGain, ConditionGrowth, ConditionVelocity}

// AlertMetrics are what a rule may watch; not saves, which some platforms lack.
var AlertMetrics = []Metric{Views, Likes, Comments, Shares}

// SpikeSettings are what a rule watches and how often it may fire.
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

// SpikeMeasure is what a spike measured, as the alert event and e-mail tell it.
type SpikeMeasure struct {
	// The window ends at the latest snapshot for gain and growth_pct; for
	// velocity_vs_baseline it spans the last whole hours of the video's age.
	WindowStart time.Time `json:"windowStart"`
	WindowEnd   time.Time `json:"windowEnd"`
	StartValue  int64     `json:"startValue"`
	EndValue    int64     `json:"endValue"`
	Gain        int64     `json:"gain"`
	GrowthPct   *float64  `json:"growthPct"`
	// Baseline is the siblings' median gain over those hours (velocity only).
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
	Videos int // how many videos some enabled rule covers
	Spikes []Spike
}
