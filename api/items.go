package api

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/query"
)

// Organising what is tracked: one video's status (PATCH and DELETE
// /videos/{id}) and actions on many videos and accounts at once (POST
// /items/bulk), named by id or by the filter of their list.

// moveAction is the bulk action that moves items between collections
// (command.AssignCollection); the others are command.ItemActions.
const moveAction = "move"

// bulkIn is the body of POST /items/bulk.
type bulkIn struct {
	Action string `json:"action"`
	// CollectionID is, for move, the collection to move into (null: out of
	// any).
	CollectionID json.RawMessage `json:"collection_id"`
	VideoIDs     []string        `json:"video_ids"`
	AccountIDs   []string        `json:"account_ids"`
	// VideosMatching and AccountsMatching select every item their list
	// shows for these query parameters (GET /videos' filter parameters;
	// GET /accounts' platforms and collectionId), beside the ids.
	VideosMatching   map[string]string `json:"videos_matching"`
	AccountsMatching map[string]string `json:"accounts_matching"`
}

// bulkOut says what a bulk action changed.
type bulkOut struct {
	Action    string `json:"action"`
	Videos    int    `json:"videos"`
	Accounts  int    `json:"accounts"`
	Followed  int    `json:"followed"`
	Unchanged int    `json:"unchanged"`
	// RefreshesLeft and RefreshQuota are set for refresh.
	RefreshesLeft *int `json:"refreshesLeft,omitempty"`
	RefreshQuota  *int `json:"refreshQuota,omitempty"`
}

func (s *server) postItemsBulk(c *fiber.Ctx, in bulkIn) error {
	actions := []string{moveAction}
	for _, a := range command.ItemActions {
		actions = append(actions, string(a))
	}
	if !slices.Contains(actions, in.Action) {
		return apperr.Invalid("action", "must be one of pause, resume, remove, refresh, move")
	}
	var coll *uuid.UUID
	if in.Action == moveAction {
		var err error
		if coll, err = parseCollectionRef(in.CollectionID); err != nil {
			return err
		}
	} else if len(in.CollectionID) > 0 {
		return apperr.Invalid("collection_id", "is only for the move action")
	}
	ws := membership(c).WorkspaceID
	videos, accounts, err := s.selectItems(c, ws, in)
	if err != nil {
		return err
	}
	if in.Action == moveAction {
		if len(videos) == 0 && len(accounts) == 0 {
			return apperr.Invalid("", "nothing selected: give video_ids, account_ids or a filter that matches items")
		}
		out, err := s.AssignCollection.Handle(c.UserContext(), command.AssignCollection{
			WorkspaceID: ws, CollectionID: coll, VideoIDs: videos, AccountIDs: accounts,
		})
		return answer(c, bulkOut{Action: in.Action, Videos: out.Videos, Accounts: out.Accounts, Followed: out.Followed}, err)
	}
	out, err := s.OrganiseItems.Handle(c.UserContext(), command.OrganiseItems{
		WorkspaceID: ws, Action: command.ItemAction(in.Action), VideoIDs: videos, AccountIDs: accounts,
	})
	if err != nil {
		return err
	}
	body := bulkOut{Action: in.Action, Videos: out.Videos, Accounts: out.Accounts, Unchanged: out.Unchanged}
	if in.Action == string(command.ActionRefresh) {
		body.RefreshesLeft, body.RefreshQuota = &out.RefreshesLeft, &out.RefreshQuota
	}
	return c.JSON(body)
}

// selectItems reads the ids the body names and those its filters match.
func (s *server) selectItems(c *fiber.Ctx, ws uuid.UUID, in bulkIn) (videos, accounts []uuid.UUID, err error) {
	if videos, err = parseUUIDs("video_ids", in.VideoIDs); err != nil {
		return nil, nil, err
	}
	if accounts, err = parseUUIDs("account_ids", in.AccountIDs); err != nil {
		return nil, nil, err
	}
	if in.VideosMatching != nil {
		get, err := matching("videos_matching", in.VideosMatching, filterParams)
		if err != nil {
			return nil, nil, err
		}
		f, err := parseVideoFilter(get, query.PresetAll)
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
		get, err := matching("accounts_matching", in.AccountsMatching, []string{"platforms", "collectionId"})
		if err != nil {
			return nil, nil, err
		}
		q, err := parseAccountQuery(get)
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

// matching reads a filter object as the query parameters of its list: an
// unknown name or an empty UUID is a 400 naming the object's field.
func matching(field string, m map[string]string, allowed []string) (func(string) string, error) {
	for k, v := range m {
		if !slices.Contains(allowed, k) {
			return nil, apperr.Invalid(field+"."+k, "unknown filter: allowed are "+strings.Join(allowed, ", "))
		}
		if v == "" && slices.Contains(uuidParams, k) {
			return nil, apperr.Invalid(field+"."+k, "must be a UUID; leave it out for none")
		}
	}
	return func(k string) string { return m[k] }, nil
}

// videoPatchIn is the body of PATCH /videos/{id}.
type videoPatchIn struct {
	Status *string `json:"status"`
}

// videoStatusActions are the statuses a caller may give a video, and the
// action that sets each.
var videoStatusActions = map[string]command.ItemAction{
	"active": command.ActionResume, "paused": command.ActionPause, "removed": command.ActionRemove,
}

// patchVideo pauses, resumes or removes one video and answers it as the
// list shows it (or 204 once removed, when it is no longer shown).
func (s *server) patchVideo(c *fiber.Ctx, id uuid.UUID) error {
	var in videoPatchIn
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	if in.Status == nil {
		return apperr.Invalid("status", "is required: active, paused or removed")
	}
	action, ok := videoStatusActions[*in.Status]
	if !ok {
		return apperr.Invalid("status", "must be one of active, paused, removed")
	}
	return s.organiseVideo(c, id, action)
}

// deleteVideo removes one video: its row and history stay, it leaves the
// dashboard and stops counting; tracking its link again brings it back.
func (s *server) deleteVideo(c *fiber.Ctx, id uuid.UUID) error {
	return s.organiseVideo(c, id, command.ActionRemove)
}

func (s *server) organiseVideo(c *fiber.Ctx, id uuid.UUID, action command.ItemAction) error {
	ws := membership(c).WorkspaceID
	_, err := s.OrganiseItems.Handle(c.UserContext(), command.OrganiseItems{WorkspaceID: ws, Action: action, VideoIDs: []uuid.UUID{id}})
	if err != nil {
		return err
	}
	if action == command.ActionRemove {
		return c.SendStatus(fiber.StatusNoContent)
	}
	v, err := s.Videos.One(c.UserContext(), ws, id)
	return answer(c, v, err)
}
