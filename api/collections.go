package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/query"
)

type collectionIn struct {
	Name string `json:"name"`
}

func (s *server) getCollections(c *fiber.Ctx) error {
	if _, err := params(c); err != nil {
		return err
	}
	return s.cached(c, "collections", "", func(ctx context.Context) (any, error) {
		return s.Collections.Handle(ctx, membership(c).WorkspaceID)
	})
}

func (s *server) postCollection(c *fiber.Ctx, in collectionIn) error {
	out, err := s.CreateCollection.Handle(c.UserContext(), command.CreateCollection{WorkspaceID: membership(c).WorkspaceID, Name: in.Name})
	if err != nil {
		return err
	}
	// A new collection holds nothing yet.
	return c.JSON(query.Collection{ID: out.ID, Name: out.Name, CreatedAt: out.CreatedAt, Views: new(uint64)})
}

func (s *server) patchCollection(c *fiber.Ctx, id uuid.UUID) error {
	var in collectionIn
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	ws := membership(c).WorkspaceID
	if err := s.ManageCollection.Rename(c.UserContext(), command.RenameCollection{WorkspaceID: ws, ID: id, Name: in.Name}); err != nil {
		return err
	}
	// read after the write, never from the cache
	out, err := s.Collections.One(c.UserContext(), ws, id)
	return answer(c, out, err)
}

func (s *server) deleteCollection(c *fiber.Ctx, id uuid.UUID) error {
	if err := s.ManageCollection.Delete(c.UserContext(), command.DeleteCollection{WorkspaceID: membership(c).WorkspaceID, ID: id}); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// assignIn is the body of POST /collection-items.
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
}

// postCollectionItems puts tracked videos and accounts into a collection,
// or out of any with collection_id null.
func (s *server) postCollectionItems(c *fiber.Ctx, in assignIn) error {
	coll, err := parseCollectionRef(in.CollectionID)
	if err != nil {
		return err
	}
	videos, err := parseUUIDs("video_ids", in.VideoIDs)
	if err != nil {
		return err
	}
	accounts, err := parseUUIDs("account_ids", in.AccountIDs)
	if err != nil {
		return err
	}
	out, err := s.AssignCollection.Handle(c.UserContext(), command.AssignCollection{
		WorkspaceID: membership(c).WorkspaceID, CollectionID: coll, VideoIDs: videos, AccountIDs: accounts,
	})
	return answer(c, assignedOut{Videos: out.Videos, Accounts: out.Accounts, Followed: out.Followed}, err)
}

// parseCollectionRef reads a required collection_id that may be null (no
// collection).
func parseCollectionRef(raw json.RawMessage) (*uuid.UUID, error) {
	var id *string
	if len(raw) == 0 {
		return nil, apperr.Invalid("collection_id", "is required: a collection's id, or null for none")
	}
	if err := json.Unmarshal(raw, &id); err != nil {
		return nil, apperr.Invalid("collection_id", "must be a UUID, or null for none")
	}
	return parseOptionalUUID("collection_id", id)
}

// parseUUIDs reads a list of ids; every malformed one is named.
func parseUUIDs(field string, raw []string) ([]uuid.UUID, error) {
	out := make([]uuid.UUID, 0, len(raw))
	var problems []error
	for i, r := range raw {
		id, err := uuid.Parse(r)
		if err != nil {
			problems = append(problems, apperr.Invalid(fmt.Sprintf("%s[%d]", field, i), "must be a UUID"))
			continue
		}
		out = append(out, id)
	}
	return out, errors.Join(problems...)
}
