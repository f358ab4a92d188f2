package api

import (
	"context"
	"fmt"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"
)

// TestCancelledRequestIsNotAnOutage: work cancelled under a request (its
// client went away) answers 499 and is logged at info level with its
// cause, not as a storage outage; a deadline that passed still is one.
func TestCancelledRequestIsNotAnOutage(t *testing.T) {
	app, logs := loggedApp()
	app.Get("/cancelled", func(*fiber.Ctx) error { return fmt.Errorf("read videos: %w", context.Canceled) })
	app.Get("/late", func(*fiber.Ctx) error { return fmt.Errorf("read videos: %w", context.DeadlineExceeded) })

	for path, want := range map[string]struct {
		status      int
		code, level string
	}{
		"/cancelled": {499, "cancelled", "INFO"},
		"/late":      {503, "unavailable", "WARN"},
	} {
		res, err := app.Test(httptest.NewRequest("GET", path, nil), 5000)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		if res.StatusCode != want.status || !strings.Contains(string(raw), `"code":"`+want.code+`"`) {
			t.Fatalf("%s: %d %s, want %d %s", path, res.StatusCode, raw, want.status, want.code)
		}
		id := res.Header.Get(headerRequestID)
		logged := false
		for _, line := range strings.Split(logs.String(), "\n") {
			if strings.Contains(line, `"requestId":"`+id+`"`) && strings.Contains(line, `"level":"`+want.level+`"`) &&
				strings.Contains(line, `"error":"read videos: context`) {
				logged = true
			}
		}
		if !logged {
			t.Fatalf("%s: no %s log line with the request id and the cause:\n%s", path, want.level, logs.String())
		}
	}
}
