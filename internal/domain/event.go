package domain

import "github.com/google/uuid"

// EventType is the name of an event (events.type, alert_rules.event_type);
// names never change once published: receivers switch on them.
type EventType string

// The catalog of events; openapi.yaml and docs/events.md tell each one.
const (
	EventSpike            EventType = "video.spike"
	EventVideoMilestone   EventType = "video.milestone"   // views passed one of Milestones
	EventAccountMilestone EventType = "account.milestone" // its tracked videos' views together
	EventTrackingFailed   EventType = "tracking.failed"   // no data TrackingFailedAfter times
	EventNewPost          EventType = "account.new_post"
	EventCampaignBudget   EventType = "campaign.budget" // committed spend reached 80 % or 100 %
	EventLineLocked       EventType = "payout.line_locked"
	EventLineHeld         EventType = "payout.line_held"
	EventOutlier          EventType = "video.outlier" // score ≥ insight.OutlierEventMultiplier
	EventTest             EventType = "channel.test"  // a channel's "send test", not for rules
)

// EventTypes lists the events rules may choose, in the dashboard's order.
var EventTypes = []EventType{EventSpike, EventVideoMilestone, EventAccountMilestone, EventTrackingFailed,
	EventNewPost, EventCampaignBudget, EventLineLocked, EventLineHeld, EventOutlier}

// Milestones are the views milestones, ascending.
var Milestones = []int64{100_000, 1_000_000, 10_000_000}

// TrackingFailedAfter is the data-less scrapes in a row raising tracking.failed.
const TrackingFailedAfter = 3

// ChannelKind is where a channel delivers (channels.kind).
type ChannelKind string

// The kinds of channel; webhooks are signed per Standard Webhooks.
const (
	ChannelSlack   ChannelKind = "slack"
	ChannelDiscord ChannelKind = "discord"
	ChannelWebhook ChannelKind = "webhook"
)

// ChannelKinds lists every kind of channel.
var ChannelKinds = []ChannelKind{ChannelSlack, ChannelDiscord, ChannelWebhook}

// Delivery is the status of one event's delivery to one channel.
type Delivery string

// The statuses of a delivery.
const (
	DeliveryPending   Delivery = "pending"
	DeliveryDelivered Delivery = "delivered"
	DeliveryFailed    Delivery = "failed"    // out of attempts, or its channel answered 410
	DeliveryCancelled Delivery = "cancelled" // pending when its channel was disabled
)

// Deliveries lists every delivery status.
var Deliveries = []Delivery{DeliveryPending, DeliveryDelivered, DeliveryFailed, DeliveryCancelled}

// ItemViews is an item's latest views for the milestone scan.
type ItemViews struct {
	Kind  string // "video" or "account"
	ID    uuid.UUID
	Views int64
}
