package domain

import "github.com/google/uuid"

// EventType is the stable name of an event the service tells about
// (events.type, alert_rules.event_type). Names never change once
// published: receivers switch on them.
type EventType string

// The catalog of events; payloads are in openapi.yaml and docs/events.md.
const (
	// EventSpike: a video met a spike alert rule.
	EventSpike EventType = "video.spike"
	// EventVideoMilestone: a video's views passed 100k, 1M or 10M.
	EventVideoMilestone EventType = "video.milestone"
	// EventAccountMilestone: an account's tracked videos together passed one.
	EventAccountMilestone EventType = "account.milestone"
	// EventTrackingFailed: an item's scrapes brought no data TrackingFailedAfter times.
	EventTrackingFailed EventType = "tracking.failed"
	// EventNewPost: an account scrape found a post newer than its tracking.
	EventNewPost EventType = "account.new_post"
	// EventCampaignBudget: committed spend reached 80 % or 100 % of the budget.
	EventCampaignBudget EventType = "campaign.budget"
	// EventLineLocked: a payout line locked at its window's end.
	EventLineLocked EventType = "payout.line_locked"
	// EventLineHeld: a payout line was held for review.
	EventLineHeld EventType = "payout.line_held"
	// EventOutlier: a video's outlier score at a newly reached age is at least
	// insight.OutlierEventMultiplier.
	EventOutlier EventType = "video.outlier"
	// EventTest: the "send test" of a channel; never chosen by a rule.
	EventTest EventType = "channel.test"
)

// EventTypes lists the events rules may choose, in the dashboard's order.
var EventTypes = []EventType{EventSpike, EventVideoMilestone, EventAccountMilestone, EventTrackingFailed,
	EventNewPost, EventCampaignBudget, EventLineLocked, EventLineHeld, EventOutlier}

// Milestones are the views milestones, ascending.
var Milestones = []int64{100_000, 1_000_000, 10_000_000}

// TrackingFailedAfter is how many scrapes in a row must bring no data for
// an item before tracking.failed is raised (once per streak).
const TrackingFailedAfter = 3

// ChannelKind is where a channel delivers (channels.kind).
type ChannelKind string

// The kinds of channel.
const (
	ChannelSlack   ChannelKind = "slack"
	ChannelDiscord ChannelKind = "discord"
	// ChannelWebhook is an HTTPS endpoint signed per Standard Webhooks.
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
	// DeliveryFailed ran out of attempts, or its channel answered 410.
	DeliveryFailed Delivery = "failed"
	// DeliveryCancelled was pending when its channel was disabled.
	DeliveryCancelled Delivery = "cancelled"
)

// Deliveries lists every delivery status.
var Deliveries = []Delivery{DeliveryPending, DeliveryDelivered, DeliveryFailed, DeliveryCancelled}

// ItemViews is an item's latest views for the milestone scan.
type ItemViews struct {
	// Kind is "video" or "account".
	Kind  string
	ID    uuid.UUID
	Views int64
}
