package collections

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/collections"
	querycollections "github.com/reeltrack/reeltrack/query/collections"
)

type collectionIn struct {
	Name string `json:"name"`
}

func (s *Room) GetCollections(c *fiber.Ctx) error {
	if _, err := httpx.Params(c); err != nil {
		return err
	}
	scope, key := httpx.ClientScope(c)
	return s.Cached(c, "collections", key, func(ctx context.Context, ws uuid.UUID) (any, error) {
		list, err := s.Collections.Handle(ctx, ws)
		if scope != nil {
			list.Collections = slices.DeleteFunc(list.Collections, func(x querycollections.Collection) bool { return !slices.Contains(scope, x.ID) })
		}
		return list, err
	})
}

func (s *Room) PostCollection(c *fiber.Ctx, in collectionIn) error {
	out, err := s.CreateCollection.Handle(c.UserContext(), collections.CreateCollection{WorkspaceID: httpx.Membership(c).WorkspaceID, Name: in.Name})
	if err != nil {
		return err
	}
	return c.JSON(querycollections.Collection{ID: out.ID, Name: out.Name, CreatedAt: out.CreatedAt, Views: new(uint64)})
}

func (s *Room) PatchCollection(c *fiber.Ctx, id uuid.UUID, in collectionIn) error {
	ws := httpx.Membership(c).WorkspaceID
	if err := s.ManageCollection.Rename(c.UserContext(), collections.RenameCollection{WorkspaceID: ws, ID: id, Name: in.Name}); err != nil {
		return err
	}
	// read after the write, never from the cache
	out, err := s.Collections.One(c.UserContext(), ws, id)
	return httpx.Answer(c, out, err)
}

func (s *Room) DeleteCollection(c *fiber.Ctx, id uuid.UUID) error {
	return httpx.NoContent(c, s.ManageCollection.Delete(c.UserContext(), collections.DeleteCollection{WorkspaceID: httpx.Membership(c).WorkspaceID, ActorID: httpx.Session(c).UserID, ID: id}))
}

type assignIn struct {
	// CollectionID is required: an id, or null for no collection.
	CollectionID json.RawMessage `json:"collection_id"`
	VideoIDs     []string        `json:"video_ids"`
	AccountIDs   []string        `json:"account_ids"`
}

type assignedOut struct {
	Videos   int `json:"videos"`
	Accounts int `json:"accounts"`
	Followed int `json:"followed"`
	// FollowedCounted, FollowedBeyondLimit and FollowedNotOwn tell the
	// followed videos apart as every page counts them.
	FollowedCounted     int `json:"followedCounted"`
	FollowedBeyondLimit int `json:"followedBeyondLimit"`
	FollowedNotOwn      int `json:"followedNotOwn"`
}

func newAssignedOut(a collections.Assigned) assignedOut {
	return assignedOut{Videos: a.Videos, Accounts: a.Accounts, Followed: a.Followed,
		FollowedCounted: a.FollowedCounted, FollowedBeyondLimit: a.FollowedBeyondLimit, FollowedNotOwn: a.FollowedNotOwn}
}

func (s *Room) PostCollectionItems(c *fiber.Ctx, in assignIn) error {
	coll, err := httpx.ParseCollectionRef(in.CollectionID)
	if err != nil {
		return err
	}
	videos, err := httpx.ParseUUIDs("video_ids", in.VideoIDs)
	if err != nil {
		return err
	}
	accounts, err := httpx.ParseUUIDs("account_ids", in.AccountIDs)
	if err != nil {
		return err
	}
	out, err := s.AssignCollection.Handle(c.UserContext(), collections.AssignCollection{
		WorkspaceID: httpx.Membership(c).WorkspaceID, CollectionID: coll, VideoIDs: videos, AccountIDs: accounts,
	})
	return httpx.Answer(c, newAssignedOut(out), err)
}
