// Package reports is the room of the white-label reports
// (docs/reports.md): a report's PDF to download, and the reports sent on
// a schedule by e-mail.
package reports

import (
	"fmt"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/reports"
	"github.com/reeltrack/reeltrack/internal/apperr"
	queryreports "github.com/reeltrack/reeltrack/query/reports"
)

// Room holds the use cases the report routes call.
type Room struct {
	Reports     queryreports.Handler
	Renderer    queryreports.Renderer
	SaveReports reports.Handler
	Now         func() time.Time
}

// GetPDF answers a report's PDF as a download.
func (s *Room) GetPDF(c *fiber.Ctx) error {
	get, err := httpx.Params(c, "subject", "id", "datePreset")
	if err != nil {
		return err
	}
	var id *uuid.UUID
	if raw := get("id"); raw != "" {
		v, err := uuid.Parse(raw)
		if err != nil {
			return apperr.Invalid("id", "must be a UUID")
		}
		id = &v
	}
	subject, window := get("subject"), get("datePreset")
	if subject == "" {
		subject = string(queryreports.Overview)
	}
	if window == "" {
		window = "30d"
	}
	doc, err := s.Renderer.Render(c.UserContext(), httpx.Membership(c).WorkspaceID, subject, id, window)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, "application/pdf")
	c.Set(fiber.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="%s"`, reports.FileName(doc.Title, s.Now())))
	return c.Send(doc.PDF)
}

// GetReports lists the scheduled reports.
func (s *Room) GetReports(c *fiber.Ctx) error {
	if _, err := httpx.Params(c); err != nil {
		return err
	}
	list, err := s.Reports.Schedules(c.UserContext(), httpx.Membership(c).WorkspaceID)
	return httpx.Answer(c, map[string]any{"reports": list}, err)
}

type scheduleIn struct {
	Name       string     `json:"name"`
	Subject    string     `json:"subject"`
	SubjectID  *uuid.UUID `json:"subjectId"`
	Frequency  string     `json:"frequency"`
	Recipients []string   `json:"recipients"`
}

// PostReport schedules a report.
func (s *Room) PostReport(c *fiber.Ctx, in scheduleIn) error {
	ws := httpx.Membership(c).WorkspaceID
	if _, err := s.SaveReports.Save(c.UserContext(), reports.Save{WorkspaceID: ws, ActorID: httpx.Session(c).UserID,
		Name: in.Name, Subject: in.Subject, SubjectID: in.SubjectID, Frequency: in.Frequency, Recipients: in.Recipients}); err != nil {
		return err
	}
	list, err := s.Reports.Schedules(c.UserContext(), ws)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(map[string]any{"reports": list})
}

// DeleteReport removes a scheduled report.
func (s *Room) DeleteReport(c *fiber.Ctx, id uuid.UUID) error {
	return httpx.NoContent(c, s.SaveReports.Delete(c.UserContext(), httpx.Membership(c).WorkspaceID, httpx.Session(c).UserID, id))
}

// PostReportSend sends a scheduled report now.
func (s *Room) PostReportSend(c *fiber.Ctx, id uuid.UUID) error {
	n, err := s.SaveReports.SendNow(c.UserContext(), httpx.Membership(c).WorkspaceID, httpx.Session(c).UserID, id)
	return httpx.Answer(c, map[string]int{"queued": n}, err)
}
