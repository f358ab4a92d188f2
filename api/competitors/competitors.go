// Package competitors is the room of the competitor set: accounts tracked
// as competitors, in a workspace of their own, read beside the
// workspace's own accounts (docs/competitors.md).
package competitors

import (
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/competitors"
	querycompetitors "github.com/reeltrack/reeltrack/query/competitors"
)

// Room holds the use cases the competitor routes call.
type Room struct {
	Competitors     querycompetitors.Handler
	SaveCompetitors competitors.Handler
}

func parseDays(get func(string) string) (int, error) {
	return httpx.ParseInt(get("days"), "days", querycompetitors.DefaultDays, 1, querycompetitors.MaxDays)
}

// GetCompetitors answers the workspace's accounts and its competitors side by side.
func (s *Room) GetCompetitors(c *fiber.Ctx) error {
	days, err := httpx.Parsed(c, parseDays, "days")
	if err != nil {
		return err
	}
	out, err := s.Competitors.Compare(c.UserContext(), httpx.Membership(c).WorkspaceID, days)
	return httpx.Answer(c, out, err)
}

// GetCompetitorsSeries answers the views gained per day, the workspace's
// accounts together beside each competitor.
func (s *Room) GetCompetitorsSeries(c *fiber.Ctx) error {
	days, err := httpx.Parsed(c, parseDays, "days")
	if err != nil {
		return err
	}
	out, err := s.Competitors.Series(c.UserContext(), httpx.Membership(c).WorkspaceID, days)
	return httpx.Answer(c, out, err)
}

// GetCompetitorsExport answers the comparison as CSV.
func (s *Room) GetCompetitorsExport(c *fiber.Ctx) error {
	get, err := httpx.Params(c, "days", "bom")
	if err != nil {
		return err
	}
	days, err := parseDays(get)
	if err != nil {
		return err
	}
	bom, err := httpx.ParseBool(get("bom"), "bom")
	if err != nil {
		return err
	}
	out, err := s.Competitors.Compare(c.UserContext(), httpx.Membership(c).WorkspaceID, days)
	if err != nil {
		return err
	}
	body, err := out.CSV()
	if err != nil {
		return err
	}
	return httpx.SendCSV(c, "reeltrack-competitors-"+s.Competitors.Readers.Now().UTC().Format(time.DateOnly)+".csv", body, bom)
}

type competitorIn struct {
	URL           string `json:"url"`
	TrackingLimit *int   `json:"trackingLimit"`
}

// PostCompetitor tracks an account as a competitor.
func (s *Room) PostCompetitor(c *fiber.Ctx, in competitorIn) error {
	out, err := s.SaveCompetitors.Add(c.UserContext(), competitors.Add{WorkspaceID: httpx.Membership(c).WorkspaceID, ActorID: httpx.Session(c).UserID,
		URL: in.URL, TrackingLimit: in.TrackingLimit})
	if err != nil {
		return err
	}
	c.Status(fiber.StatusCreated)
	return c.JSON(fiber.Map{"id": out.ID, "platform": out.Platform, "url": out.URL, "existing": out.Existing, "trackingLimit": out.TrackingLimit,
		"jobId": out.JobID, "scrapeStatus": out.ScrapeStatus})
}

// GetCompetitor answers a competitor's panel, as an account's.
func (s *Room) GetCompetitor(c *fiber.Ctx, id uuid.UUID) error {
	q, err := httpx.Parsed(c, httpx.ParseAccountAnalyticsQuery, "granularity")
	if err != nil {
		return err
	}
	out, err := s.Competitors.Account(c.UserContext(), httpx.Membership(c).WorkspaceID, id, q)
	return httpx.Answer(c, out, err)
}

// DeleteCompetitor stops tracking a competitor.
func (s *Room) DeleteCompetitor(c *fiber.Ctx, id uuid.UUID) error {
	return httpx.NoContent(c, s.SaveCompetitors.RemoveCompetitor(c.UserContext(), httpx.Membership(c).WorkspaceID, httpx.Session(c).UserID, id))
}
