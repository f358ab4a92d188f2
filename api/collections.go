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

type collectionsOut struct {
	Collections []query.Collection `json:"collections"`
}

func (s *server) getCollections(c *fiber.Ctx) error {
	if _, err := params(c); err != nil {
		return err
	}
	return s.cached(c, "collections", "", func(ctx context.Context) (any, error) {
		list, err := s.collections.Handle(ctx, membership(c).WorkspaceID)
		return collectionsOut{Collections: list}, err
	})
}

func (s *server) postCollection(c *fiber.Ctx) error {
	var in collectionIn
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	out, err := s.createCollection.Handle(c.UserContext(), command.CreateCollection{WorkspaceID: membership(c).WorkspaceID, Name: in.Name})
	if err != nil {
		return err
	}
	return c.JSON(query.Collection{ID: out.ID, Name: out.Name, CreatedAt: out.CreatedAt})
}
