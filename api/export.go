package api

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/query"
)

// exportTimeout bounds one export's stream, which outlives the request
// handler and its deadline.
const exportTimeout = 10 * time.Minute

func (s *server) getExport(c *fiber.Ctx) error {
	kind := c.Query("type", "videos")
	var write func(ctx context.Context, w io.Writer) (int, error)
	m := membership(c)
	switch kind {
	case "videos":
		get, err := params(c, append(filterParams, "type")...)
		if err != nil {
			return err
		}
		f, err := query.ParseVideoFilter(get, query.PresetAll)
		if err != nil {
			return err
		}
		if err := s.export.CheckVideos(c.UserContext(), m.WorkspaceID, f); err != nil {
			return err
		}
		write = func(ctx context.Context, w io.Writer) (int, error) { return s.export.Videos(ctx, m.WorkspaceID, f, w) }
	case "accounts":
		get, err := params(c, "type", "platforms", "collectionId", "sort")
		if err != nil {
			return err
		}
		q, err := query.ParseAccountQuery(get)
		if err != nil {
			return err
		}
		if err := s.export.CheckAccounts(c.UserContext(), m.WorkspaceID, q); err != nil {
			return err
		}
		write = func(ctx context.Context, w io.Writer) (int, error) {
			return s.export.Accounts(ctx, m.WorkspaceID, q, w)
		}
	default:
		return apperr.Invalid("type", "must be videos or accounts")
	}
	name := fmt.Sprintf("reeltrack-%s-%s.csv", kind, s.Now().UTC().Format("2006-01-02"))
	c.Set(fiber.HeaderContentType, "text/csv; charset=utf-8")
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="`+name+`"`)
	c.Set(fiber.HeaderCacheControl, "no-store")
	reqID := c.Locals(localRequestID)
	c.Context().SetBodyStreamWriter(func(w *bufio.Writer) {
		ctx, cancel := context.WithTimeout(context.Background(), exportTimeout)
		defer cancel()
		n, err := write(ctx, w)
		if err == nil {
			err = w.Flush()
		}
		if err != nil {
			// The status is sent: the truncated body is all the client
			// sees, the log says why.
			s.Log.Error("export failed", "requestId", reqID, "type", kind, "rows", n, "err", err)
		}
	})
	return nil
}
