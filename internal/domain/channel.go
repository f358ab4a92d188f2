package domain

// ChannelDisabled is why a channel is disabled (channels.disabled_reason);
// "" while it is enabled.
type ChannelDisabled string

// The reasons a channel is disabled.
const (
	// ChannelDisabledManually: an owner or admin turned it off.
	ChannelDisabledManually ChannelDisabled = "manual"
	// ChannelDisabledGone: the destination answered 410 Gone.
	ChannelDisabledGone ChannelDisabled = "gone"
	// ChannelDisabledFailing: a delivery ran out of attempts (about three days).
	ChannelDisabledFailing ChannelDisabled = "failing"
)

// ChannelDisabledReasons lists every reason a channel is disabled.
var ChannelDisabledReasons = []ChannelDisabled{ChannelDisabledManually, ChannelDisabledGone, ChannelDisabledFailing}
