// Package collections is the room of collections: the collections and the
// moves of items into them, the creators and their logins, and the creator a video of no
// tracked account is paid to.
package collections

import (
	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/collections"
	"github.com/reeltrack/reeltrack/command/team"
	querycollections "github.com/reeltrack/reeltrack/query/collections"
)

// Room holds the use cases the routes of collections and creators call.
type Room struct {
	httpx.Answers

	Collections      querycollections.CollectionsHandler
	CreateCollection collections.CreateCollectionHandler
	ManageCollection collections.ManageCollectionHandler
	AssignCollection collections.AssignCollectionHandler
	Creators         querycollections.CreatorsHandler
	SaveCreator      collections.SaveCreatorHandler
	VideoPayee       collections.VideoPayeeHandler
	InviteCreator    team.InviteCreatorHandler
	VerifyAccount    collections.VerifyAccountHandler
}
