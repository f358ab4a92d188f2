package api

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/internal/config"
)

// TestBatchRoutesOutliveTheRequestDeadline: a route of batch work (the cron
// routes, the completion webhook) is bounded by BATCH_TIMEOUT, so a cron run
// or a completion that takes longer than REQUEST_TIMEOUT finishes instead of
// being cut off and done again; every other route keeps REQUEST_TIMEOUT.
func TestBatchRoutesOutliveTheRequestDeadline(t *testing.T) {
	cfg := config.Config{BodyLimit: 1 << 20, RequestTimeout: time.Second, BatchTimeout: time.Hour}
	app := newApp(Deps{Config: cfg, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	left := func(c *fiber.Ctx) error {
		d, ok := c.UserContext().Deadline()
		if !ok {
			return c.SendString("none")
		}
		return c.SendString(time.Until(d).Round(time.Second).String())
	}
	app.Get("/batch", batchWork(cfg.BatchTimeout), left)
	app.Get("/plain", left)
	for path, want := range map[string]string{"/batch": "1h0m0s", "/plain": "1s"} {
		res, err := app.Test(httptest.NewRequest("GET", path, nil), -1)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		if string(body) != want {
			t.Errorf("%s: the request's deadline is %s away, want %s", path, body, want)
		}
	}
}
