// Package tracking is the room of tracking: tracking links one by one and
// in bulk, the bulk actions on items (moving them to a collection among
// them), and the writes on one video or account. Each write answers the
// item as read after it, never from the cache.
package tracking

import (
	"github.com/reeltrack/reeltrack/command/collections"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// Room holds the use cases the tracking routes call. The bulk action move
// is collections' AssignCollection: the bulk route is one for every action.
type Room struct {
	Track            tracking.TrackHandler
	OrganiseItems    tracking.OrganiseItemsHandler
	UpdateAccount    tracking.UpdateAccountHandler
	RemoveAccount    tracking.RemoveAccountHandler
	AssignCollection collections.AssignCollectionHandler

	// Videos and Accounts read the items a filter selects, and answer the
	// item after a write.
	Videos   numbers.VideosHandler
	Accounts numbers.AccountsHandler
}
