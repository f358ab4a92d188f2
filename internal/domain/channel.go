package domain

// ChannelDisabled is why a channel is disabled, "" if not (disabled_reason).
type ChannelDisabled string

// The reasons a channel is disabled.
const (
	ChannelDisabledManually ChannelDisabled = "manual"
	ChannelDisabledGone     ChannelDisabled = "gone"    // the destination answered 410
	ChannelDisabledFailing  ChannelDisabled = "failing" // a delivery ran out of attempts (~3 days)
)

// ChannelDisabledReasons lists every reason a channel is disabled.
var ChannelDisabledReasons = []ChannelDisabled{ChannelDisabledManually, ChannelDisabledGone, ChannelDisabledFailing}
