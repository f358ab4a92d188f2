package tracking

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
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
	// DryRun answers what the list would get, writing nothing: the
	// dashboard's preview before a submit.
	DryRun bool `json:"dry_run"`
}

type trackOut struct {
	Success      bool              `json:"success"`
	URL          string            `json:"url"`
	Type         platform.Kind     `json:"type,omitempty"`
	JobID        string            `json:"job_id,omitempty"`
	ScrapeStatus domain.Job        `json:"scrape_status,omitempty"`
	Message      string            `json:"message"`
	ID           *uuid.UUID        `json:"id,omitempty"`
	Platform     platform.Platform `json:"platform,omitempty"`
	Existing     bool              `json:"existing"`
	// TrackingLimit is an account's: null for a video or a refused URL.
	TrackingLimit *int `json:"tracking_limit"`
}

func newTrackOut(t tracking.Tracked) trackOut {
	return trackOut{
		Success: t.Success, URL: t.URL, Type: t.Type, JobID: t.JobID,
		ScrapeStatus: t.ScrapeStatus, Message: t.Message,
		ID: t.ID, Platform: t.Platform, Existing: t.Existing, TrackingLimit: t.TrackingLimit,
	}
}

type bulkResult struct {
	trackOut
	Error *httpx.ErrorDetail `json:"error,omitempty"`
}

func (s *Room) PostTrack(c *fiber.Ctx, in trackIn) error {
	if in.URL == "" {
		return apperr.Invalid("url", "is required")
	}
	coll, err := httpx.ParseOptionalUUID("collection_id", in.CollectionID)
	if err != nil {
		return err
	}
	res, err := s.Track.Handle(c.UserContext(), tracking.Track{
		WorkspaceID: httpx.Membership(c).WorkspaceID, URL: in.URL, CollectionID: coll, TrackingLimit: in.TrackingLimit,
	})
	return httpx.Answer(c, newTrackOut(res), err)
}

func (s *Room) PostTrackBulk(c *fiber.Ctx, in trackBulkIn) error {
	coll, err := httpx.ParseOptionalUUID("collection_id", in.CollectionID)
	if err != nil {
		return err
	}
	res, err := s.Track.HandleBulk(c.UserContext(), tracking.TrackBulk{
		WorkspaceID: httpx.Membership(c).WorkspaceID, URLs: in.URLs, CollectionID: coll, TrackingLimit: in.TrackingLimit, DryRun: in.DryRun,
	})
	if err != nil {
		return err
	}
	out := make([]bulkResult, len(res))
	for i, r := range res {
		out[i] = bulkResult{trackOut: newTrackOut(r)}
		if r.Err != nil {
			_, code := httpx.StatusOf(apperr.KindOf(r.Err))
			out[i].Success, out[i].TrackingLimit = false, nil
			out[i].Message = apperr.Message(r.Err)
			out[i].Error = &httpx.ErrorDetail{Code: code, Message: apperr.Message(r.Err)}
		}
	}
	return c.JSON(fiber.Map{"results": out, "dry_run": in.DryRun})
}
