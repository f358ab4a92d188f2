package api

import (
	"context"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/command"
)

type leadIn struct {
	Email  string `json:"email"`
	Source string `json:"source"`
}

func (s *server) postLead(c *fiber.Ctx) error {
	var in leadIn
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	if err := s.lead.Handle(c.UserContext(), command.CaptureLead{Email: in.Email, Source: in.Source}); err != nil {
		return err
	}
	return c.JSON(okBody{OK: true})
}

func (s *server) getFoundingStats(c *fiber.Ctx) error {
	st, err := s.founding.Handle(c.UserContext())
	if err != nil {
		return err
	}
	return c.JSON(st)
}

func (s *server) healthz(c *fiber.Ctx) error {
	return c.JSON(fiber.Map{"status": "ok"})
}

type readiness struct {
	Status string            `json:"status"`
	Checks map[string]string `json:"checks"`
}

// readyz checks each server. PostgreSQL and ClickHouse are required; Redis
// is a cache, so without it the service is "degraded" but still ready.
func (s *server) readyz(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), 2*time.Second)
	defer cancel()
	out := readiness{Status: "ok", Checks: map[string]string{}}
	check := func(name string, required bool, ping func(context.Context) error) {
		if err := ping(ctx); err != nil {
			out.Checks[name] = "down"
			if required {
				out.Status = "unavailable"
			} else if out.Status == "ok" {
				out.Status = "degraded"
			}
			return
		}
		out.Checks[name] = "ok"
	}
	check("postgres", true, s.DB.Ping)
	check("clickhouse", true, s.CH.Ping)
	check("redis", false, s.Redis.Ping)
	if out.Status == "unavailable" {
		c.Status(fiber.StatusServiceUnavailable)
	}
	return c.JSON(out)
}

func (s *server) openapi(c *fiber.Ctx) error {
	c.Set(fiber.HeaderContentType, "application/yaml")
	return c.Send(s.OpenAPI)
}
