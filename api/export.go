package api

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strconv"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/query"
)

// exportTimeout bounds one export's stream, which outlives the request
// handler and its deadline.
const exportTimeout = 10 * time.Minute

// exportRetryAfter is the Retry-After of an export refused for too many
// exports at once: about the time a large export takes.
const exportRetryAfter = 5 * time.Second

// pageWriter writes an export's next page to w, and io.EOF once everything
// is written.
type pageWriter func(ctx context.Context, w io.Writer) error

func (s *server) getExport(c *fiber.Ctx) error {
	kind := c.Query("type", "videos")
	var next pageWriter
	m := membership(c)
	switch kind {
	case "videos":
		get, err := params(c, append(filterParams, "type")...)
		if err != nil {
			return err
		}
		f, err := parseVideoFilter(get, query.PresetAll)
		if err != nil {
			return err
		}
		if err := s.Export.CheckVideos(c.UserContext(), m.WorkspaceID, f); err != nil {
			return err
		}
		next = s.Export.VideoPages(m.WorkspaceID, f).WritePage
	case "accounts":
		q, err := parsed(c, parseAccountQuery, "type", "platforms", "collectionId", "sort")
		if err != nil {
			return err
		}
		if err := s.Export.CheckAccounts(c.UserContext(), m.WorkspaceID, q); err != nil {
			return err
		}
		// A workspace has at most as many accounts as its video limit:
		// the accounts are read in one page.
		done := false
		next = func(ctx context.Context, w io.Writer) error {
			if done {
				return io.EOF
			}
			done = true
			_, err := s.Export.Accounts(ctx, m.WorkspaceID, q, w)
			return err
		}
	case "daily":
		get, err := params(c, "type", "platforms", "collectionId", "individualOnly", "platformShopOnly", "from", "to")
		if err != nil {
			return err
		}
		f, err := parseVideoFilter(get, query.PresetAll)
		from, to := query.DailyRange(s.Now())
		var rerr error
		if get("from") != "" || get("to") != "" {
			var fp, tp *time.Time
			if fp, tp, rerr = parseRange(get("from"), get("to"), s.Now()); rerr == nil {
				from, to = *fp, *tp
			}
		}
		if err := joinErrs(nonNil(err, rerr)); err != nil {
			return err
		}
		if err := s.Export.CheckVideos(c.UserContext(), m.WorkspaceID, f); err != nil {
			return err
		}
		next = s.Export.DailyPages(m.WorkspaceID, f, from, to).WritePage
	default:
		return apperr.Invalid("type", "must be videos, accounts or daily")
	}

	release, refused := s.exportSlots.take(m.WorkspaceID)
	if refused != "" {
		c.Set(fiber.HeaderRetryAfter, strconv.Itoa(int(exportRetryAfter/time.Second)))
		return fiber.NewError(fiber.StatusTooManyRequests, refused)
	}
	reqID, _ := c.Locals(localRequestID).(string)
	st := &exportStream{
		next: next, deadline: time.Now().Add(exportTimeout), stall: s.exportStall, conn: c.Context().Conn(),
		release: release, log: s.Log, reqID: reqID, kind: kind,
	}
	// The first page is read within the request, so that a failure there
	// still answers an error status.
	if err := st.readUntilBytes(store.WithoutClickHouseBound(c.UserContext())); err != nil && !exportEnded(err) {
		st.Close()
		return err
	}
	name := fmt.Sprintf("reeltrack-%s-%s.csv", kind, s.Now().UTC().Format("2006-01-02"))
	c.Set(fiber.HeaderContentType, "text/csv; charset=utf-8")
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="`+name+`"`)
	// The server reads the stream as it sends, and closes it when the
	// response is done or the client is gone.
	c.Context().SetBodyStream(st, -1)
	return nil
}

// exportEnded reports whether a page writer's error is the io.EOF that
// ends an export. Only io.EOF itself counts: a database driver's error may
// wrap io.EOF for a connection closed under it, and that is a failure.
func exportEnded(err error) bool {
	return err == io.EOF //nolint:errorlint // the sentinel itself, never a wrapped one
}

// exportStream is an export's body. The server pulls it as the client
// takes the bytes: a page is read only when the one before has been handed
// over, so the export holds one page in memory and no database connection
// while it waits for a slow client. Each pull gives the client another
// stall period to take the next bytes; one that takes nothing for that long
// fails the write, and the export ends.
type exportStream struct {
	next     pageWriter
	deadline time.Time
	stall    time.Duration
	conn     net.Conn
	release  func()
	log      *slog.Logger
	reqID    string
	kind     string

	buf    bytes.Buffer
	err    error // from next; io.EOF once it is done
	closed sync.Once
}

// readUntilBytes reads pages until one adds bytes or the export ends.
func (e *exportStream) readUntilBytes(ctx context.Context) error {
	for e.buf.Len() == 0 && e.err == nil {
		e.err = e.next(ctx, &e.buf)
	}
	return e.err
}

func (e *exportStream) Read(p []byte) (int, error) {
	if e.buf.Len() == 0 && e.err == nil {
		ctx, cancel := context.WithDeadline(store.WithoutClickHouseBound(context.Background()), e.deadline)
		err := e.readUntilBytes(ctx)
		cancel()
		if err != nil && !exportEnded(err) {
			// The status is sent: the truncated body is all the client
			// sees, the log says why.
			e.log.Error("export failed", "requestId", e.reqID, "type", e.kind, "err", err)
		}
	}
	if e.buf.Len() > 0 {
		if e.conn != nil && e.stall > 0 {
			_ = e.conn.SetWriteDeadline(time.Now().Add(e.stall))
		}
		return e.buf.Read(p)
	}
	return 0, e.err
}

// Close gives the export's slot back; the server calls it once the
// response is written or has failed.
func (e *exportStream) Close() error {
	e.closed.Do(e.release)
	return nil
}

// exportSlots bounds the exports one process streams at once: in all, and
// per workspace, so that one workspace's exports cannot take every slot.
type exportSlots struct {
	mu           sync.Mutex
	total        int
	perWorkspace int
	running      int
	byWorkspace  map[uuid.UUID]int
}

func newExportSlots(total, perWorkspace int) *exportSlots {
	return &exportSlots{total: total, perWorkspace: perWorkspace, byWorkspace: map[uuid.UUID]int{}}
}

// take reserves a slot for an export of ws. It returns the function that
// gives the slot back or, when no slot is free, why.
func (s *exportSlots) take(ws uuid.UUID) (release func(), refused string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.byWorkspace[ws] >= s.perWorkspace:
		return nil, fmt.Sprintf("too many exports: this workspace already has %d running; retry when one has finished", s.byWorkspace[ws])
	case s.running >= s.total:
		return nil, "too many exports running on the server; retry shortly"
	}
	s.running++
	s.byWorkspace[ws]++
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.running--
		if s.byWorkspace[ws]--; s.byWorkspace[ws] == 0 {
			delete(s.byWorkspace, ws)
		}
	}, ""
}
