package api

import (
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/command/cron"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// recordStep records each run of the route's scheduled step (its time, its
// duration, whether it failed) for the health page, as the alerts cron
// records its own steps.
func (s *server) recordStep(step domain.CronStep) fiber.Handler {
	return func(c *fiber.Ctx) error {
		began, at := time.Now(), s.Now()
		err := c.Next()
		s.CronSteps.Record(c.UserContext(), cron.StepRun{Step: step, Began: at, Took: time.Since(began), Failed: err != nil})
		return err
	}
}
