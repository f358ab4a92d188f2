package tracking

import (
	"encoding/json"
	"slices"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/collections"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/query"
)

// moveAction is the bulk action that moves items between collections
// (collections.AssignCollection); the others are tracking.ItemActions.
const moveAction = "move"

type bulkIn struct {
	Action string `json:"action"`
	// CollectionID is, for move, the collection to move into (null: none).
	CollectionID json.RawMessage `json:"collection_id"`
	VideoIDs     []string        `json:"video_ids"`
	AccountIDs   []string        `json:"account_ids"`
	// VideosMatching and AccountsMatching select every item their list shows
	// for these query parameters, beside the ids.
	VideosMatching   map[string]string `json:"videos_matching"`
	AccountsMatching map[string]string `json:"accounts_matching"`
}

type bulkOut struct {
	Action    string `json:"action"`
	Videos    int    `json:"videos"`
	Accounts  int    `json:"accounts"`
	Followed  int    `json:"followed"`
	Unchanged int    `json:"unchanged"`
	// RefreshesLeft and RefreshQuota are set for refresh.
	RefreshesLeft *int `json:"refreshesLeft,omitempty"`
	RefreshQuota  *int `json:"refreshQuota,omitempty"`
	// FollowedCounted, FollowedBeyondLimit and FollowedNotOwn are set for
	// move: the followed videos told apart as every page counts them.
	FollowedCounted     *int `json:"followedCounted,omitempty"`
	FollowedBeyondLimit *int `json:"followedBeyondLimit,omitempty"`
	FollowedNotOwn      *int `json:"followedNotOwn,omitempty"`
}

func (s *Room) PostItemsBulk(c *fiber.Ctx, in bulkIn) error {
	actions := []string{moveAction}
	for _, a := range tracking.ItemActions {
		actions = append(actions, string(a))
	}
	if !slices.Contains(actions, in.Action) {
		return apperr.Invalid("action", "must be one of pause, resume, remove, refresh, move")
	}
	var coll *uuid.UUID
	if in.Action == moveAction {
		var err error
		if coll, err = httpx.ParseCollectionRef(in.CollectionID); err != nil {
			return err
		}
	} else if len(in.CollectionID) > 0 {
		return apperr.Invalid("collection_id", "is only for the move action")
	}
	ws := httpx.Membership(c).WorkspaceID
	videos, accounts, err := s.selectItems(c, ws, in)
	if err != nil {
		return err
	}
	if in.Action == moveAction {
		if len(videos) == 0 && len(accounts) == 0 {
			return apperr.Invalid("", "nothing selected: give video_ids, account_ids or a filter that matches items")
		}
		out, err := s.AssignCollection.Handle(c.UserContext(), collections.AssignCollection{
			WorkspaceID: ws, CollectionID: coll, VideoIDs: videos, AccountIDs: accounts,
		})
		return httpx.Answer(c, bulkOut{Action: in.Action, Videos: out.Videos, Accounts: out.Accounts, Followed: out.Followed,
			FollowedCounted: &out.FollowedCounted, FollowedBeyondLimit: &out.FollowedBeyondLimit, FollowedNotOwn: &out.FollowedNotOwn}, err)
	}
	out, err := s.OrganiseItems.Handle(c.UserContext(), tracking.OrganiseItems{
		WorkspaceID: ws, Action: tracking.ItemAction(in.Action), VideoIDs: videos, AccountIDs: accounts,
	})
	if err != nil {
		return err
	}
	body := bulkOut{Action: in.Action, Videos: out.Videos, Accounts: out.Accounts, Unchanged: out.Unchanged}
	if in.Action == string(tracking.ActionRefresh) {
		body.RefreshesLeft, body.RefreshQuota = &out.RefreshesLeft, &out.RefreshQuota
	}
	return c.JSON(body)
}

func (s *Room) selectItems(c *fiber.Ctx, ws uuid.UUID, in bulkIn) (videos, accounts []uuid.UUID, err error) {
	if videos, err = httpx.ParseUUIDs("video_ids", in.VideoIDs); err != nil {
		return nil, nil, err
	}
	if accounts, err = httpx.ParseUUIDs("account_ids", in.AccountIDs); err != nil {
		return nil, nil, err
	}
	if in.VideosMatching != nil {
		get, err := httpx.Matching("videos_matching", in.VideosMatching, httpx.FilterParams)
		if err != nil {
			return nil, nil, err
		}
		f, err := httpx.ParseVideoFilter(get, query.PresetAll)
		if err != nil {
			return nil, nil, err
		}
		ids, err := s.Videos.IDs(c.UserContext(), ws, f)
		if err != nil {
			return nil, nil, err
		}
		videos = append(videos, ids...)
	}
	if in.AccountsMatching != nil {
		get, err := httpx.Matching("accounts_matching", in.AccountsMatching, []string{"platforms", "collectionId"})
		if err != nil {
			return nil, nil, err
		}
		q, err := httpx.ParseAccountQuery(get)
		if err != nil {
			return nil, nil, err
		}
		ids, err := s.Accounts.IDs(c.UserContext(), ws, q)
		if err != nil {
			return nil, nil, err
		}
		accounts = append(accounts, ids...)
	}
	return videos, accounts, nil
}

type videoPatchIn struct {
	Status *string `json:"status"`
}

var videoStatusActions = map[string]tracking.ItemAction{
	"active": tracking.ActionResume, "paused": tracking.ActionPause, "removed": tracking.ActionRemove,
}

// PatchVideo answers the video as the list shows it, or 204 once removed.
func (s *Room) PatchVideo(c *fiber.Ctx, id uuid.UUID, in videoPatchIn) error {
	if in.Status == nil {
		return apperr.Invalid("status", "is required: active, paused or removed")
	}
	action, ok := videoStatusActions[*in.Status]
	if !ok {
		return apperr.Invalid("status", "must be one of active, paused, removed")
	}
	return s.organiseVideo(c, id, action)
}

func (s *Room) DeleteVideo(c *fiber.Ctx, id uuid.UUID) error {
	return s.organiseVideo(c, id, tracking.ActionRemove)
}

func (s *Room) organiseVideo(c *fiber.Ctx, id uuid.UUID, action tracking.ItemAction) error {
	ws := httpx.Membership(c).WorkspaceID
	_, err := s.OrganiseItems.Handle(c.UserContext(), tracking.OrganiseItems{WorkspaceID: ws, Action: action, VideoIDs: []uuid.UUID{id}})
	if err != nil {
		return err
	}
	if action == tracking.ActionRemove {
		return c.SendStatus(fiber.StatusNoContent)
	}
	v, err := s.Videos.One(c.UserContext(), ws, id)
	return httpx.Answer(c, v, err)
}
