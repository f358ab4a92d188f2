// Package watches is the room of watches and the capture inbox: a
// workspace's watches of hashtags, mentions, sounds and searches, what one
// costs before it is saved, and the posts they found, to track or dismiss
// (docs/watches.md).
package watches

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/watches"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	querywatches "github.com/reeltrack/reeltrack/query/watches"
)

// Room holds the use cases the watch routes call.
type Room struct {
	Watches     querywatches.Handler
	SaveWatches watches.Handler
}

// GetWatches answers the workspace's watches and the scrape budget.
func (s *Room) GetWatches(c *fiber.Ctx) error {
	if _, err := httpx.Params(c); err != nil {
		return err
	}
	out, err := s.Watches.List(c.UserContext(), httpx.Membership(c).WorkspaceID)
	return httpx.Answer(c, out, err)
}

type watchIn struct {
	Platform platform.Platform `json:"platform"`
	Kind     domain.WatchKind  `json:"kind"`
	Term     string            `json:"term"`
	watchPatch
}

// watchPatch is what a watch's owner may change.
type watchPatch struct {
	Results          *int                `json:"results"`
	IntervalHours    *int                `json:"intervalHours"`
	Status           *domain.WatchStatus `json:"status"`
	AutoTracked      *bool               `json:"autoTracked"`
	AutoCreators     *bool               `json:"autoCreators"`
	AutoCollectionID *uuid.UUID          `json:"autoCollectionId"`
}

func (in watchPatch) settings() watches.WatchSettings {
	return watches.WatchSettings{Results: in.Results, IntervalHours: in.IntervalHours, Status: in.Status,
		AutoTracked: in.AutoTracked, AutoCreators: in.AutoCreators, AutoCollectionID: in.AutoCollectionID}
}

// the watch as the list answers it
func (s *Room) answerWatch(c *fiber.Ctx, id uuid.UUID) error {
	w, err := s.Watches.Get(c.UserContext(), httpx.Membership(c).WorkspaceID, id)
	return httpx.Answer(c, w, err)
}

// GetTracker answers a watch's tracker: its posts by day and over its
// runs, the top posts and accounts, the platform's own count.
func (s *Room) GetTracker(c *fiber.Ctx, id uuid.UUID) error {
	days, err := httpx.Parsed(c, func(get func(string) string) (int, error) {
		return httpx.ParseInt(get("days"), "days", querywatches.DefaultTrackerDays, 1, querywatches.MaxTrackerDays)
	}, "days")
	if err != nil {
		return err
	}
	out, err := s.Watches.Tracker(c.UserContext(), httpx.Membership(c).WorkspaceID, id, days)
	return httpx.Answer(c, out, err)
}

// PostWatch creates a watch.
func (s *Room) PostWatch(c *fiber.Ctx, in watchIn) error {
	id, err := s.SaveWatches.Save(c.UserContext(), watches.SaveWatch{WorkspaceID: httpx.Membership(c).WorkspaceID, ActorID: httpx.Session(c).UserID,
		Platform: in.Platform, Kind: in.Kind, Term: in.Term, WatchSettings: in.settings()})
	if err != nil {
		return err
	}
	c.Status(fiber.StatusCreated)
	return s.answerWatch(c, id)
}

// PatchWatch changes a watch's settings.
func (s *Room) PatchWatch(c *fiber.Ctx, id uuid.UUID, in watchPatch) error {
	_, err := s.SaveWatches.Save(c.UserContext(), watches.SaveWatch{WorkspaceID: httpx.Membership(c).WorkspaceID, ActorID: httpx.Session(c).UserID,
		ID: &id, WatchSettings: in.settings()})
	if err != nil {
		return err
	}
	return s.answerWatch(c, id)
}

// DeleteWatch deletes a watch.
func (s *Room) DeleteWatch(c *fiber.Ctx, id uuid.UUID) error {
	return httpx.NoContent(c, s.SaveWatches.Delete(c.UserContext(), httpx.Membership(c).WorkspaceID, httpx.Session(c).UserID, id))
}

type estimateIn struct{ results, hours int }

func parseEstimate(get func(string) string) (estimateIn, error) {
	var in estimateIn
	var err error
	if in.results, err = httpx.ParseInt(get("results"), "results", watches.DefaultResults, watches.MinResults, watches.MaxResults); err != nil {
		return in, err
	}
	in.hours, err = httpx.ParseInt(get("intervalHours"), "intervalHours", watches.DefaultHours, 1, 168)
	return in, err
}

// GetEstimate answers what a watch would cost before it is saved.
func (s *Room) GetEstimate(c *fiber.Ctx) error {
	in, err := httpx.Parsed(c, parseEstimate, "results", "intervalHours")
	if err != nil {
		return err
	}
	out, err := s.Watches.Estimate(c.UserContext(), httpx.Membership(c).WorkspaceID, in.results, in.hours)
	return httpx.Answer(c, out, err)
}

func parseInbox(get func(string) string) (querywatches.InboxQuery, error) {
	q := querywatches.InboxQuery{Status: domain.CaptureStatus(get("status"))}
	if raw := get("watchId"); raw != "" {
		id, err := uuid.Parse(raw)
		if err != nil {
			return q, apperr.Invalid("watchId", "must be a UUID")
		}
		q.Watch = &id
	}
	var err error
	if q.Limit, err = httpx.ParseInt(get("limit"), "limit", 50, 1, querywatches.MaxInboxPage); err != nil {
		return q, err
	}
	q.Offset, err = httpx.ParseInt(get("offset"), "offset", 0, 0, 1<<30)
	return q, err
}

// GetCaptures answers a page of the capture inbox.
func (s *Room) GetCaptures(c *fiber.Ctx) error {
	q, err := httpx.Parsed(c, parseInbox, "status", "watchId", "limit", "offset")
	if err != nil {
		return err
	}
	out, err := s.Watches.Inbox(c.UserContext(), httpx.Membership(c).WorkspaceID, q)
	return httpx.Answer(c, out, err)
}

type reviewIn struct {
	Action       watches.CaptureAction `json:"action"`
	IDs          []uuid.UUID           `json:"ids"`
	CollectionID *uuid.UUID            `json:"collectionId"`
}

// PostCapturesReview tracks, dismisses or restores posts of the inbox.
func (s *Room) PostCapturesReview(c *fiber.Ctx, in reviewIn) error {
	out, err := s.SaveWatches.Review(c.UserContext(), watches.ReviewCaptures{WorkspaceID: httpx.Membership(c).WorkspaceID, ActorID: httpx.Session(c).UserID,
		Action: in.Action, IDs: in.IDs, CollectionID: in.CollectionID})
	return httpx.Answer(c, fiber.Map{"results": out}, err)
}

// GetCapturesExport answers the posts the watches found as CSV.
func (s *Room) GetCapturesExport(c *fiber.Ctx) error {
	get, err := httpx.Params(c, "status", "watchId", "bom")
	if err != nil {
		return err
	}
	q, err := parseInbox(get)
	if err != nil {
		return err
	}
	bom, err := httpx.ParseBool(get("bom"), "bom")
	if err != nil {
		return err
	}
	out, err := s.Watches.ExportCaptures(c.UserContext(), httpx.Membership(c).WorkspaceID, domain.CaptureStatus(get("status")), q.Watch)
	if err != nil {
		return err
	}
	return httpx.SendCSV(c, out.Filename, out.CSV, bom)
}
