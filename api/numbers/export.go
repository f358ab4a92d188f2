package numbers

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

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// exportTimeout bounds one export's stream, which outlives the request
// handler and its deadline.
const exportTimeout = 10 * time.Minute

// exportRetryAfter is the Retry-After of an export refused for too many
// exports at once: about the time a large export takes.
const exportRetryAfter = 5 * time.Second

// pageWriter writes an export's next page to w, and io.EOF once done.
type pageWriter func(ctx context.Context, w io.Writer) error

func (s *Room) GetExport(c *fiber.Ctx) error {
	kind := c.Query("type", "videos")
	var next pageWriter
	m := httpx.Membership(c)
	switch kind {
	case "videos":
		get, err := httpx.Params(c, append(httpx.FilterParams, "type", "bom")...)
		if err != nil {
			return err
		}
		f, err := httpx.ParseVideoFilter(get, query.PresetAll)
		if err != nil {
			return err
		}
		if err := s.Export.CheckVideos(c.UserContext(), m.WorkspaceID, f); err != nil {
			return err
		}
		next = s.Export.VideoPages(m.WorkspaceID, f).WritePage
	case "accounts":
		q, err := httpx.Parsed(c, httpx.ParseAccountQuery, "type", "platforms", "collectionId", "sort", "bom")
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
		get, err := httpx.Params(c, "type", "platforms", "collectionId", "individualOnly", "platformShopOnly", "from", "to", "bom")
		if err != nil {
			return err
		}
		f, err := httpx.ParseVideoFilter(get, query.PresetAll)
		from, to := numbers.DailyRange(s.Now())
		var rerr error
		if get("from") != "" || get("to") != "" {
			var fp, tp *time.Time
			if fp, tp, rerr = httpx.ParseRange(get("from"), get("to"), s.Now()); rerr == nil {
				from, to = *fp, *tp
			}
		}
		if err := httpx.JoinErrs(httpx.NonNil(err, rerr)); err != nil {
			return err
		}
		if err := s.Export.CheckVideos(c.UserContext(), m.WorkspaceID, f); err != nil {
			return err
		}
		next = s.Export.DailyPages(m.WorkspaceID, f, from, to).WritePage
	default:
		return apperr.Invalid("type", "must be videos, accounts or daily")
	}
	bom, err := httpx.ParseBool(c.Query("bom"), "bom")
	if err != nil {
		return err
	}
	if bom {
		next = withBOM(next)
	}

	release, refused := s.ExportSlots.take(m.WorkspaceID)
	if refused != "" {
		c.Set(fiber.HeaderRetryAfter, strconv.Itoa(int(exportRetryAfter/time.Second)))
		return fiber.NewError(fiber.StatusTooManyRequests, refused)
	}
	st := &exportStream{
		next: next, deadline: time.Now().Add(exportTimeout), stall: s.ExportStall, conn: c.Context().Conn(),
		release: release, log: s.Log, reqID: httpx.RequestID(c), kind: kind,
		fg: background.ForegroundOf(c.UserContext()),
	}
	// The first page is read within the request, so that a failure there
	// still answers an error status.
	if err := st.readUntilBytes(store.WithoutClickHouseBound(c.UserContext())); err != nil && !exportEnded(err) {
		st.Close()
		return err
	}
	name := fmt.Sprintf("reeltrack-%s-%s.csv", kind, s.Now().UTC().Format("2006-01-02"))
	httpx.CSVAttachment(c, name)
	// The server reads the stream as it sends and closes it when done.
	c.Context().SetBodyStream(st, -1)
	return nil
}

func withBOM(next pageWriter) pageWriter {
	first := true
	return func(ctx context.Context, w io.Writer) error {
		if first {
			first = false
			if _, err := io.WriteString(w, httpx.UTF8BOM); err != nil {
				return err
			}
		}
		return next(ctx, w)
	}
}

// exportEnded reports whether err is the io.EOF that ends an export. Only
// io.EOF itself counts: a driver's error may wrap io.EOF for a closed connection.
func exportEnded(err error) bool {
	return err == io.EOF //nolint:errorlint // the sentinel itself, never a wrapped one
}

// exportStream is an export's body, pulled as the client takes the bytes: a
// page is read only once the one before is handed over, so a slow client
// costs one page of memory and no database connection. A client taking
// nothing for a stall period fails the write, and the export ends.
type exportStream struct {
	next     pageWriter
	deadline time.Time
	stall    time.Duration
	conn     net.Conn
	release  func()
	log      *slog.Logger
	reqID    string
	kind     string
	// fg are the requests being answered: each page waits for a quiet moment
	fg *background.Foreground

	buf    bytes.Buffer
	err    error // from next; io.EOF once it is done
	closed sync.Once
}

func (e *exportStream) readUntilBytes(ctx context.Context) error {
	for e.buf.Len() == 0 && e.err == nil {
		if e.err = e.fg.Yield(ctx); e.err == nil {
			e.err = e.next(ctx, &e.buf)
		}
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
			e.log.Error("export failed", "requestId", e.reqID, "type", e.kind, "error", err)
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

// Close gives the export's slot back once the response is written or failed.
func (e *exportStream) Close() error {
	e.closed.Do(e.release)
	return nil
}

// ExportSlots bounds the exports one process streams at once: in all, and
// per workspace, so that one workspace's exports cannot take every slot.
type ExportSlots struct {
	mu           sync.Mutex
	total        int
	perWorkspace int
	running      int
	byWorkspace  map[uuid.UUID]int
}

func NewExportSlots(total, perWorkspace int) *ExportSlots {
	return &ExportSlots{total: total, perWorkspace: perWorkspace, byWorkspace: map[uuid.UUID]int{}}
}

func (s *ExportSlots) take(ws uuid.UUID) (release func(), refused string) {
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
