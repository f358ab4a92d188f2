// Package health is the room of a workspace's health: the page its owners
// and admins read (GET /api/workspace/health) and the banner every member's
// dashboard shows (GET /api/workspace/health/summary). The readiness of the
// instance (/healthz, /readyz) is api's own.
package health

import (
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/api/httpx"
	queryhealth "github.com/reeltrack/reeltrack/query/health"
)

// Room holds the reads the health routes call.
type Room struct {
	Health  queryhealth.HealthHandler
	Summary queryhealth.SummaryHandler
	// ProviderAccount names the scraping provider's account (""; none configured).
	ProviderAccount string
	// Secrets are masked wherever the provider's words are shown, should
	// they echo one (the client masks its token already).
	Secrets []string
}

func (s *Room) ask(c *fiber.Ctx) queryhealth.Ask {
	m := httpx.Membership(c)
	return queryhealth.Ask{WorkspaceID: m.WorkspaceID, Role: m.Role, ScrapedUntil: m.ScrapedUntil, ProviderAccount: s.ProviderAccount}
}

// GetHealth answers the health page; 403 for a member.
func (s *Room) GetHealth(c *fiber.Ctx) error {
	h, err := s.Health.Handle(c.UserContext(), s.ask(c))
	if err != nil {
		return err
	}
	for i := range h.Platforms {
		if e := h.Platforms[i].LastError; e != nil {
			e.Message = s.mask(e.Message)
		}
	}
	for i := range h.Provider.Pauses {
		h.Provider.Pauses[i].Reason = s.mask(h.Provider.Pauses[i].Reason)
	}
	return c.JSON(h)
}

// GetSummary answers the banner of every page.
func (s *Room) GetSummary(c *fiber.Ctx) error {
	b, err := s.Summary.Handle(c.UserContext(), s.ask(c))
	return httpx.Answer(c, b, err)
}

func (s *Room) mask(text string) string {
	for _, secret := range s.Secrets {
		if secret != "" {
			text = strings.ReplaceAll(text, secret, "***")
		}
	}
	return text
}
