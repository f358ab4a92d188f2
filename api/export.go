package api

import (
	"bufio"
	"context"
	"fmt"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/query"
)

// exportTimeout bounds one export's stream, which outlives the request
// handler and its deadline.
const exportTimeout = 10 * time.Minute

func (s *server) getExport(c *fiber.Ctx) error {
	get, err := params(c, append(filterParams, "type")...)
	if err != nil {
		return err
	}
	kind := get("type")
	if kind == "" {
		kind = "videos"
	}
	if kind != "videos" && kind != "accounts" {
		return apperr.Invalid("type", "must be videos or accounts")
	}
	if kind == "accounts" {
		return apperr.Unavailable("the accounts export is not available yet")
	}
	f, err := query.ParseVideoFilter(get, query.PresetAll)
	if err != nil {
		return err
	}
	m := membership(c)
	if err := s.export.CheckVideos(c.UserContext(), m.WorkspaceID, f); err != nil {
		return err
	}
	name := fmt.Sprintf("reeltrack-%s-%s.csv", kind, s.Now().UTC().Format("2006-01-02"))
	c.Set(fiber.HeaderContentType, "text/csv; charset=utf-8")
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="`+name+`"`)
	c.Set(fiber.HeaderCacheControl, "no-store")
	reqID := c.Locals(localRequestID)
	c.Context().SetBodyStreamWriter(func(w *bufio.Writer) {
		ctx, cancel := context.WithTimeout(context.Background(), exportTimeout)
		defer cancel()
		n, err := s.export.Videos(ctx, m.WorkspaceID, f, w)
		if err == nil {
			err = w.Flush()
		}
		if err != nil {
			// The status is sent: the truncated body is all the client
			// sees, the log says why.
			s.Log.Error("export failed", "requestId", reqID, "rows", n, "err", err)
		}
	})
	return nil
}
