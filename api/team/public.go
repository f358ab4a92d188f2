package team

import (
	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/team"
)

// The public routes: the lead form of the landing pages, and what the
// landing, pricing and billing pages show of the plans.

type leadIn struct {
	Email  string `json:"email"`
	Source string `json:"source"`
}

func (s *Room) PostLead(c *fiber.Ctx, in leadIn) error {
	return httpx.Answer(c, okBody{OK: true}, s.Lead.Handle(c.UserContext(), team.CaptureLead{Email: in.Email, Source: in.Source}))
}

func (s *Room) GetFoundingStats(c *fiber.Ctx) error {
	st, err := s.Founding.Handle(c.UserContext())
	return httpx.Answer(c, st, err)
}

func (s *Room) GetPlans(c *fiber.Ctx) error {
	if _, err := httpx.Params(c); err != nil {
		return err
	}
	return c.JSON(s.Plans.Handle(c.UserContext()))
}
