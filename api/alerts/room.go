// Package alerts is the room of alerts: alert rules and their events, the
// channels that deliver them with their deliveries, and each member's
// digest.
package alerts

import (
	"github.com/reeltrack/reeltrack/command/alerts"
	queryalerts "github.com/reeltrack/reeltrack/query/alerts"
)

// Room holds the use cases the routes of alerts, channels and the digest call.
type Room struct {
	Alerts          queryalerts.AlertsHandler
	SaveAlert       alerts.SaveAlertRuleHandler
	DeleteAlertRule alerts.DeleteAlertRuleHandler

	Channels      queryalerts.ChannelsHandler
	SaveChannel   alerts.SaveChannelHandler
	DeliverEvents alerts.DeliverEventsHandler

	Digest    queryalerts.DigestHandler
	SetDigest alerts.SetDigestHandler
}
