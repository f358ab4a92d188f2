package api

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/internal/config"
	"github.com/reeltrack/reeltrack/internal/logctx"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// TestPanicAnswers500AndKeepsServing runs a handler that panics through the
// middleware every request passes: the request answers the usual 500 with
// its request id, the log holds the panic under that id, and the next
// request is served.
func TestPanicAnswers500AndKeepsServing(t *testing.T) {
	app, logs := loggedApp()
	app.Get("/boom", func(*fiber.Ctx) error {
		var m map[string]int
		//lint:ignore SA5000 the handler panics on purpose, with a runtime error
		m["nil map"]++
		return nil
	})
	app.Get("/fine", func(c *fiber.Ctx) error { return c.SendString("ok") })

	res, err := app.Test(httptest.NewRequest("GET", "/boom", nil), 5000)
	if err != nil {
		t.Fatalf("the panicking request got no answer: %v", err)
	}
	var body ErrorBody
	raw, _ := io.ReadAll(res.Body)
	if err := json.Unmarshal(raw, &body); err != nil || res.StatusCode != 500 || body.Error.Code != "internal" {
		t.Fatalf("panicking handler: %d %s, want the 500 error body", res.StatusCode, raw)
	}
	id := res.Header.Get(headerRequestID)
	if id == "" || body.Error.RequestID != id {
		t.Fatalf("the 500 carries request id %q, the header %q", body.Error.RequestID, id)
	}
	logged := false
	for _, line := range strings.Split(logs.String(), "\n") {
		if strings.Contains(line, `"requestId":"`+id+`"`) && strings.Contains(line, "assignment to entry in nil map") &&
			strings.Contains(line, `"level":"ERROR"`) {
			logged = true
		}
	}
	if !logged {
		t.Fatalf("no error log line with the request id and the panic:\n%s", logs.String())
	}

	res, err = app.Test(httptest.NewRequest("GET", "/fine", nil), 5000)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("the request after the panic: %v %v", res, err)
	}
}

// loggedApp is the app with every middleware and no route, logging as JSON
// into the buffer it returns.
func loggedApp() (*fiber.App, *testenv.LogBuffer) {
	logs := &testenv.LogBuffer{}
	app := newApp(Deps{
		Config: config.Config{BodyLimit: 1 << 20, RequestTimeout: 5 * time.Second},
		Log:    slog.New(slog.NewJSONHandler(logs, nil)),
	})
	return app, logs
}

// TestHandlerLinesCarryTheRequestID: a line a handler logs with its
// request's context names the request, as the access line does.
func TestHandlerLinesCarryTheRequestID(t *testing.T) {
	logs := &testenv.LogBuffer{}
	log := slog.New(logctx.Handler{Handler: slog.NewJSONHandler(logs, nil)})
	app := newApp(Deps{Config: config.Config{BodyLimit: 1 << 20, RequestTimeout: 5 * time.Second}, Log: log})
	app.Get("/work", func(c *fiber.Ctx) error {
		log.WarnContext(c.UserContext(), "inside the handler")
		return c.SendString("ok")
	})
	req := httptest.NewRequest("GET", "/work", nil)
	req.Header.Set("X-Request-ID", "req-handler-1")
	if _, err := app.Test(req, 5000); err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var line map[string]any
		if err := json.Unmarshal([]byte(l), &line); err != nil {
			t.Fatal(err)
		}
		if line["msg"] == "inside the handler" {
			if line["requestId"] != "req-handler-1" {
				t.Fatalf("the handler's line %s does not name its request", l)
			}
			return
		}
	}
	t.Fatalf("no line of the handler in %s", logs.String())
}
