package api

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/internal/apperr"
)

type trackIn struct {
	URL          string  `json:"url"`
	CollectionID *string `json:"collection_id"`
}

type trackBulkIn struct {
	URLs         []string `json:"urls"`
	CollectionID *string  `json:"collection_id"`
}

// bulkResult is one URL's answer in a bulk track.
type bulkResult struct {
	command.Tracked
	Error *ErrorDetail `json:"error,omitempty"`
}

func parseOptionalUUID(field string, s *string) (*uuid.UUID, error) {
	if s == nil || *s == "" {
		return nil, nil
	}
	id, err := uuid.Parse(*s)
	if err != nil {
		return nil, apperr.Invalid(field, "must be a UUID")
	}
	return &id, nil
}

func (s *server) postTrack(c *fiber.Ctx) error {
	var in trackIn
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	if in.URL == "" {
		return apperr.Invalid("url", "is required")
	}
	coll, err := parseOptionalUUID("collection_id", in.CollectionID)
	if err != nil {
		return err
	}
	res, err := s.track.Handle(c.UserContext(), command.Track{
		WorkspaceID: membership(c).WorkspaceID, URL: in.URL, CollectionID: coll,
	})
	if err != nil {
		return err
	}
	return c.JSON(res)
}

func (s *server) postTrackBulk(c *fiber.Ctx) error {
	var in trackBulkIn
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	coll, err := parseOptionalUUID("collection_id", in.CollectionID)
	if err != nil {
		return err
	}
	res, err := s.track.HandleBulk(c.UserContext(), command.TrackBulk{
		WorkspaceID: membership(c).WorkspaceID, URLs: in.URLs, CollectionID: coll,
	})
	if err != nil {
		return err
	}
	out := make([]bulkResult, len(res))
	for i, r := range res {
		out[i] = bulkResult{Tracked: r}
		if r.Err != nil {
			m := kindStatus[apperr.KindOf(r.Err)]
			out[i].Success = false
			out[i].Message = apperr.Message(r.Err)
			out[i].Error = &ErrorDetail{Code: m.code, Message: apperr.Message(r.Err)}
		}
	}
	return c.JSON(fiber.Map{"results": out})
}
