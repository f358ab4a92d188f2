package httpx

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/query/answercache"
	queryteam "github.com/reeltrack/reeltrack/query/team"
)

// TestCachedAnswerOutlivesItsCaller has the first caller of a cached answer
// leave before the computation reads anything, serves another workspace's
// request on the context fiber hands back, and only then lets the
// computation finish: the answer is stored under the first workspace and
// holds the first workspace, and (under -race) nothing of the released
// *fiber.Ctx is read by the computation.
func TestCachedAnswerOutlivesItsCaller(t *testing.T) {
	a, b := uuid.New(), uuid.New()
	s := Answers{Cache: &answercache.Cache{TTL: time.Minute, LocalBytes: 1 << 20, Log: slog.New(slog.DiscardHandler)}}
	started, release := make(chan struct{}, 1), make(chan struct{})

	app := fiber.New()
	app.Use(func(c *fiber.Ctx) error {
		ws, err := uuid.Parse(c.Get("X-Workspace"))
		if err != nil {
			return fiber.ErrBadRequest
		}
		SetMembership(c, queryteam.Membership{WorkspaceID: ws})
		// the first caller gives up quickly, as a client that leaves does
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		c.SetUserContext(ctx)
		return c.Next()
	})
	app.Get("/answer", func(c *fiber.Ctx) error {
		return s.Cached(c, "answer", "", func(ctx context.Context, ws uuid.UUID) (any, error) {
			started <- struct{}{}
			<-release
			return map[string]string{"workspace": ws.String()}, nil
		})
	})
	app.Get("/other", func(c *fiber.Ctx) error {
		c.Locals("filler", "another request's value")
		return c.SendString(Membership(c).WorkspaceID.String())
	})
	ask := func(ws uuid.UUID, path string) (int, string) {
		t.Helper()
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("X-Workspace", ws.String())
		res, err := app.Test(req, 10_000)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		buf := make([]byte, 512)
		n, _ := res.Body.Read(buf)
		return res.StatusCode, string(buf[:n])
	}

	if code, _ := ask(a, "/answer"); code == fiber.StatusOK {
		t.Fatalf("the first caller waited for the computation; it should have left")
	}
	<-started
	// Requests of another workspace reuse the contexts fiber pools.
	for range 5 {
		if code, body := ask(b, "/other"); code != fiber.StatusOK || body != b.String() {
			t.Fatalf("workspace B's request: %d %s", code, body)
		}
	}
	close(release)

	want := `{"workspace":"` + a.String() + `"}`
	deadline := time.Now().Add(30 * time.Second)
	for {
		code, body := ask(a, "/answer")
		if code == fiber.StatusOK {
			if body != want {
				t.Fatalf("workspace A's answer is %s, want %s", body, want)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("workspace A never got its answer (last %d %s)", code, body)
		}
		time.Sleep(20 * time.Millisecond)
	}
	select {
	case <-started:
		t.Fatal("the answer was computed twice: the first computation was not kept")
	default:
	}
}
