package api

import (
	"context"

	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/command"
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

func (s *server) postCollection(c *fiber.Ctx) error {
	var in collectionIn
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	out, err := s.CreateCollection.Handle(c.UserContext(), command.CreateCollection{WorkspaceID: membership(c).WorkspaceID, Name: in.Name})
	if err != nil {
		return err
	}
	// A new collection holds nothing yet.
	return c.JSON(query.Collection{ID: out.ID, Name: out.Name, CreatedAt: out.CreatedAt, Views: new(uint64)})
}

func (s *server) patchCollection(c *fiber.Ctx) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
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
	if err != nil {
		return err
	}
	return c.JSON(out)
}

func (s *server) deleteCollection(c *fiber.Ctx) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	if err := s.ManageCollection.Delete(c.UserContext(), command.DeleteCollection{WorkspaceID: membership(c).WorkspaceID, ID: id}); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}
