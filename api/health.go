package api

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
)

func (s *server) healthz(c *fiber.Ctx) error {
	return c.JSON(fiber.Map{"status": "ok"})
}

type readiness struct {
	Status string            `json:"status"`
	Checks map[string]string `json:"checks"`
	Detail map[string]string `json:"detail,omitempty"`
}

// readyz checks each server. Without Redis, a cache, the service is
// "degraded" but ready; so too while starting runs is paused after the
// provider refused them, the detail in its words, never with the token.
func (s *server) readyz(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), 2*time.Second)
	defer cancel()
	out := readiness{Status: "ok", Checks: map[string]string{}}
	degrade := func() {
		if out.Status == "ok" {
			out.Status = "degraded"
		}
	}
	check := func(name string, required bool, ping func(context.Context) error) {
		if err := ping(ctx); err != nil {
			out.Checks[name] = "down"
			if required {
				out.Status = "unavailable"
			} else {
				degrade()
			}
			return
		}
		out.Checks[name] = "ok"
	}
	check("postgres", true, s.DB.Ping)
	check("clickhouse", true, s.CH.Ping)
	check("redis", false, s.Redis.Ping)
	switch {
	case s.Provider == nil:
		out.Checks["provider"] = "not_configured"
	case out.Checks["postgres"] != "ok":
		out.Checks["provider"] = "unknown"
	default:
		pauses, err := s.ProviderStatus.Handle(ctx, s.Provider.Account())
		switch {
		case err != nil:
			out.Checks["provider"] = "unknown"
		case len(pauses) == 0:
			out.Checks["provider"] = "ok"
		default:
			out.Checks["provider"] = "failing"
			degrade()
			var reasons []string
			for _, p := range pauses {
				what := "starting runs"
				if p.Actor != "" {
					what += " of " + p.Actor
				}
				reasons = append(reasons, fmt.Sprintf("%s is paused (next try after %s): %s",
					what, p.Until.UTC().Format(time.RFC3339), p.Reason))
			}
			out.Detail = map[string]string{"provider": strings.Join(reasons, "; ")}
		}
	}
	if out.Status == "unavailable" {
		c.Status(fiber.StatusServiceUnavailable)
	}
	return c.JSON(out)
}

func (s *server) openapi(c *fiber.Ctx) error {
	c.Set(fiber.HeaderContentType, "application/yaml")
	return c.Send(s.OpenAPI)
}
