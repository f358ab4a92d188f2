package api

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/platform"
)

type trackIn struct {
	URL           string  `json:"url"`
	CollectionID  *string `json:"collection_id"`
	TrackingLimit *int    `json:"tracking_limit"`
}

type trackBulkIn struct {
	URLs          []string `json:"urls"`
	CollectionID  *string  `json:"collection_id"`
	TrackingLimit *int     `json:"tracking_limit"`
}

// trackOut is the answer for one tracked URL.
type trackOut struct {
	Success      bool          `json:"success"`
	URL          string        `json:"url"`
	Type         platform.Kind `json:"type,omitempty"`
	JobID        string        `json:"job_id,omitempty"`
	ScrapeStatus string        `json:"scrape_status,omitempty"`
	Message      string        `json:"message"`
	ID           *uuid.UUID    `json:"id,omitempty"`
	Platform     string        `json:"platform,omitempty"`
	Existing     bool          `json:"existing"`
}

func newTrackOut(t command.Tracked) trackOut {
	return trackOut{
		Success: t.Success, URL: t.URL, Type: t.Type, JobID: t.JobID,
		ScrapeStatus: string(t.ScrapeStatus), Message: t.Message,
		ID: t.ID, Platform: t.Platform, Existing: t.Existing,
	}
}

// bulkResult is one URL's answer in a bulk track.
type bulkResult struct {
	trackOut
	Error *ErrorDetail `json:"error,omitempty"`
}

// parseOptionalUUID reads a JSON field that holds a UUID or is null or
// absent (nil) for none. An empty string is not a way to say none: it is
// refused like any other string that is not a UUID.
func parseOptionalUUID(field string, s *string) (*uuid.UUID, error) {
	if s == nil {
		return nil, nil
	}
	id, err := uuid.Parse(*s)
	if err != nil {
		return nil, apperr.Invalid(field, "must be a UUID, or null for none")
	}
	return &id, nil
}

func (s *server) postTrack(c *fiber.Ctx, in trackIn) error {
	if in.URL == "" {
		return apperr.Invalid("url", "is required")
	}
	coll, err := parseOptionalUUID("collection_id", in.CollectionID)
	if err != nil {
		return err
	}
	res, err := s.Track.Handle(c.UserContext(), command.Track{
		WorkspaceID: membership(c).WorkspaceID, URL: in.URL, CollectionID: coll, TrackingLimit: in.TrackingLimit,
	})
	return answer(c, newTrackOut(res), err)
}

func (s *server) postTrackBulk(c *fiber.Ctx, in trackBulkIn) error {
	coll, err := parseOptionalUUID("collection_id", in.CollectionID)
	if err != nil {
		return err
	}
	res, err := s.Track.HandleBulk(c.UserContext(), command.TrackBulk{
		WorkspaceID: membership(c).WorkspaceID, URLs: in.URLs, CollectionID: coll, TrackingLimit: in.TrackingLimit,
	})
	if err != nil {
		return err
	}
	out := make([]bulkResult, len(res))
	for i, r := range res {
		out[i] = bulkResult{trackOut: newTrackOut(r)}
		if r.Err != nil {
			m := kindStatus[apperr.KindOf(r.Err)]
			out[i].Success = false
			out[i].Message = apperr.Message(r.Err)
			out[i].Error = &ErrorDetail{Code: m.code, Message: apperr.Message(r.Err)}
		}
	}
	return c.JSON(fiber.Map{"results": out})
}
