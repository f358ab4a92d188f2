package query

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/query/chread"
)

// VideoExportColumns is the header row of the videos CSV.
var VideoExportColumns = []string{
	"id", "platform", "platform_video_id", "url", "account_handle", "caption", "thumbnail_url",
	"published_at", "added_at", "status", "collection_id", "collection", "tracked_individually", "is_shop",
	"views", "likes", "comments", "shares", "saves", "engagement_rate_pct",
	"views_gained_24h", "views_gained_7d", "last_scraped_at",
	"outlier_state", "outlier_age_hours", "outlier_multiplier", "outlier_percentile", "outlier_baseline",
	"forecast_state", "forecast_views_7d", "forecast_views_7d_low", "forecast_views_7d_high",
	"forecast_views_30d", "forecast_views_30d_low", "forecast_views_30d_high",
}

// DefaultExportPage is how many videos one page of the export reads.
const DefaultExportPage = 2000

// DefaultExportChunk is how many videos' numbers one read of ClickHouse
// brings to the export, the most it holds at once: about 1.6 MB, and a
// few MB while they are read.
const DefaultExportChunk = 20_000

// ExportHandler writes CSV exports.
type ExportHandler struct {
	DB  *pgxpool.Pool
	CH  driver.Conn
	Now func() time.Time
	// PageRows is how many videos a page reads; 0 means DefaultExportPage.
	PageRows int
	// ChunkRows is how many videos' numbers one read of ClickHouse brings;
	// 0 means DefaultExportChunk.
	ChunkRows int
	// DailyItems is how many items a page of the daily series export
	// reads; 0 means DefaultDailyExportItems.
	DailyItems int
}

// CheckVideos validates what Videos needs before anything is written, so
// that a bad request still gets an error status. (A ClickHouse outage
// shows in the first page, which the route reads before its status.)
func (h ExportHandler) CheckVideos(ctx context.Context, ws uuid.UUID, f VideoFilter) error {
	return checkCollection(ctx, h.DB, ws, f.CollectionID)
}

// Videos writes the videos the filter selects as CSV, in the export's
// order (exportOrder), and returns how many rows it wrote.
func (h ExportHandler) Videos(ctx context.Context, ws uuid.UUID, f VideoFilter, out io.Writer) (int, error) {
	e := h.VideoPages(ws, f)
	for {
		if err := e.WritePage(ctx, out); err != nil {
			// io.EOF itself ends the export; a driver error that wraps
			// io.EOF (a connection closed under a query) is a failure.
			if err == io.EOF { //nolint:errorlint // the sentinel itself
				return e.Rows, nil
			}
			return e.Rows, err
		}
	}
}

// VideoPages starts a videos export that is written page by page.
func (h ExportHandler) VideoPages(ws uuid.UUID, f VideoFilter) *VideoExport {
	if h.PageRows <= 0 {
		h.PageRows = DefaultExportPage
	}
	if h.ChunkRows <= 0 {
		h.ChunkRows = DefaultExportChunk
	}
	return &VideoExport{h: h, ws: ws, f: f, now: h.Now().UTC()}
}

// exportOrder is the order of the videos export's rows, as a reader of
// the file expects them: by platform, then account handle (videos without
// one first), then publish time, oldest first (unknown last), then id.
// Handles compare by their characters' codes (COLLATE "C"), the same on
// every server whatever its locale, and as Go compares them. exportKey is
// a video's place in it, which the pages and the chunks start after (or
// at).
const exportOrder = `v.platform, v.account_handle COLLATE "C", coalesce(v.published_at, '9999-12-31T00:00:00Z'::timestamptz), v.id`

// noPublishTime stands for an unknown publish time in exportOrder.
var noPublishTime = time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)

type exportKey struct {
	platform, handle string
	published        time.Time
	id               uuid.UUID
}

func keyOf(v *Video) exportKey {
	k := exportKey{platform: v.Platform, handle: v.AccountHandle, published: noPublishTime, id: v.ID}
	if v.PublishedAt != nil {
		k.published = *v.PublishedAt
	}
	return k
}

// VideoExport is a videos export in progress, in exportOrder. Each page
// reads the next videos from PostgreSQL, starting after the last one
// written. Their numbers come from ClickHouse a chunk at a time: when a
// page reaches a video whose numbers are not read, the ids of the next
// ChunkRows videos from it are read from PostgreSQL, and their numbers
// (latest values and gains) from ClickHouse, in a compact form of about
// 80 bytes a video. Both connections go back to their pools before any row
// is written, so between pages the export holds no connection however
// slowly its client reads, and its memory is one chunk's numbers and one
// page, whatever the size of the workspace.
type VideoExport struct {
	h     ExportHandler
	ws    uuid.UUID
	f     VideoFilter
	now   time.Time
	after *exportKey
	done  bool
	page  []Video
	csvPages
	// inChunk holds the ids of the chunk's videos, numbers their numbers
	// (of those ClickHouse has) in id order.
	inChunk map[uuid.UUID]struct{}
	numbers []videoNumbers
	// Chunks counts the chunks of numbers read from ClickHouse so far.
	Chunks int
}

// videoNumbers is what the export shows of a video's metrics.
type videoNumbers struct {
	id     uuid.UUID
	counts [5]uint64 // views, likes, comments, shares, saves
	gains  [2]int64  // views gained in 24 h and in 7 days
	has    uint8     // bit i: counts[i] is recorded; bits 5 and 6: the gains are
}

func compactNumbers(id uuid.UUID, e chread.EntityMetrics) videoNumbers {
	n := videoNumbers{id: id}
	for i, p := range []*uint64{e.Latest.Views, e.Latest.Likes, e.Latest.Comments, e.Latest.Shares, e.Latest.Saves} {
		if p != nil {
			n.counts[i], n.has = *p, n.has|1<<i
		}
	}
	for i, g := range e.Gains {
		if g != nil {
			n.gains[i], n.has = *g, n.has|1<<(5+i)
		}
	}
	return n
}

func (n *videoNumbers) metrics() chread.EntityMetrics {
	var e chread.EntityMetrics
	for i, p := range []**uint64{&e.Latest.Views, &e.Latest.Likes, &e.Latest.Comments, &e.Latest.Shares, &e.Latest.Saves} {
		if n.has&(1<<i) != 0 {
			v := n.counts[i]
			*p = &v
		}
	}
	e.Gains = make([]*int64, len(n.gains))
	for i := range n.gains {
		if n.has&(1<<(5+i)) != 0 {
			g := n.gains[i]
			e.Gains[i] = &g
		}
	}
	return e
}

// WritePage writes the next page of rows (the header row first) to out.
// It returns io.EOF once every row is written.
func (e *VideoExport) WritePage(ctx context.Context, out io.Writer) error {
	if e.done {
		return io.EOF
	}
	vids, err := e.readPage(ctx)
	if err != nil {
		return err
	}
	e.done = len(vids) < e.h.PageRows
	w, err := e.writer(out, VideoExportColumns)
	if err != nil {
		return err
	}
	for i := range vids {
		videoRecord(e.record, vids[i], e.names)
		if err := w.Write(e.record); err != nil {
			return err
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return err
	}
	e.Rows += len(vids)
	if n := len(vids); n > 0 {
		k := keyOf(&vids[n-1])
		e.after = &k
	}
	return nil
}

// orderedSQL selects cols of the filter's videos in exportOrder, from the
// first or from after (at, with inclusive) a key, at most limit of them.
// Two texts rather than one with "$n IS NULL OR ...", so that a cached
// generic plan keeps the key's test out of the first page's.
func (e *VideoExport) orderedSQL(cols string, from *exportKey, inclusive bool, limit int) (string, []any) {
	cond, args := videoMatch(e.ws, e.f, e.now)
	if from != nil {
		op := ">"
		if inclusive {
			op = ">="
		}
		n := len(args)
		args = append(args, from.platform, from.handle, from.published, from.id)
		cond += fmt.Sprintf(` AND (%s) %s ($%d::text, $%d::text COLLATE "C", $%d::timestamptz, $%d::uuid)`, exportOrder, op, n+1, n+2, n+3, n+4)
	}
	args = append(args, limit)
	return fmt.Sprintf(`SELECT %s%s AND %s ORDER BY %s LIMIT $%d`, cols, videoFromSQL, cond, exportOrder, len(args)), args
}

// exportSettings run the export's ClickHouse reads on one thread, the
// reads of a chunk one after the other: an export is a bulk read that may
// take a little longer, while the dashboards of other workspaces keep the
// other cores.
var exportSettings = clickhouse.Settings{"max_threads": 1}

// readPage reads the next page's videos with their numbers.
func (e *VideoExport) readPage(ctx context.Context) ([]Video, error) {
	chCtx := clickhouse.Context(ctx, clickhouse.WithSettings(exportSettings))
	if err := e.readNames(ctx, e.h.DB, e.ws); err != nil {
		return nil, err
	}
	sql, args := e.orderedSQL(videoColumns, e.after, false, e.h.PageRows)
	rows, _ := e.h.DB.Query(ctx, sql, args...)
	vids, err := pgx.AppendRows(e.page[:0], rows, scanVideo)
	if err != nil {
		return nil, fmt.Errorf("export videos: %w", err)
	}
	e.page = vids
	for i := range vids {
		if _, ok := e.inChunk[vids[i].ID]; !ok {
			if err := e.readChunk(ctx, chCtx, keyOf(&vids[i])); err != nil {
				return nil, err
			}
		}
		j, ok := slices.BinarySearchFunc(e.numbers, vids[i].ID, func(n videoNumbers, id uuid.UUID) int { return compareIDs(n.id, id) })
		if ok {
			vids[i].withMetrics(e.numbers[j].metrics())
		}
	}
	return vids, nil
}

// readChunk reads the ids of the ChunkRows videos from the one at `from`
// (PostgreSQL, in exportOrder), then their numbers (ClickHouse, sent the
// ids), replacing the chunk read before.
func (e *VideoExport) readChunk(ctx, chCtx context.Context, from exportKey) error {
	sql, args := e.orderedSQL("v.id", &from, true, e.h.ChunkRows)
	rows, _ := e.h.DB.Query(ctx, sql, args...)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return fmt.Errorf("export videos: %w", err)
	}
	e.inChunk = make(map[uuid.UUID]struct{}, len(ids))
	for _, id := range ids {
		e.inChunk[id] = struct{}{}
	}
	q := videoListMetrics(e.ws, e.now)
	q.Serial, q.Only = true, ids
	e.numbers = e.numbers[:0]
	err = chread.Reader{CH: e.h.CH}.Entities(chCtx, q, func(id uuid.UUID, m chread.EntityMetrics) error {
		e.numbers = append(e.numbers, compactNumbers(id, m))
		return nil
	})
	if err != nil {
		return err
	}
	slices.SortFunc(e.numbers, func(a, b videoNumbers) int { return compareIDs(a.id, b.id) })
	e.Chunks++
	return nil
}

// csvPages is what the exports written page by page share: the names of
// the workspace's collections by id, read with the first page; the header
// row, written before the first page's rows; a record reused for every row.
type csvPages struct {
	names  map[uuid.UUID]string
	header bool
	record []string
	// Rows counts the rows written so far.
	Rows int
}

// readNames reads the names of the workspace's collections, once.
func (p *csvPages) readNames(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID) (err error) {
	if p.names == nil {
		p.names, err = collectionNames(ctx, db, ws)
	}
	return err
}

// writer returns a CSV writer of out, having written the header row
// (columns) unless a page has.
func (p *csvPages) writer(out io.Writer, columns []string) (*csv.Writer, error) {
	w := csv.NewWriter(out)
	w.UseCRLF = true
	if !p.header {
		if err := w.Write(columns); err != nil {
			return nil, err
		}
		p.header, p.record = true, make([]string, len(columns))
	}
	return w, nil
}

// collectionNames reads the names of a workspace's collections by id.
func collectionNames(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID) (map[uuid.UUID]string, error) {
	rows, _ := db.Query(ctx, `SELECT id, name FROM collections WHERE workspace_id = $1`, ws)
	names := map[uuid.UUID]string{}
	var id uuid.UUID
	var name string
	if _, err := pgx.ForEachRow(rows, []any{&id, &name}, func() error {
		names[id] = name
		return nil
	}); err != nil {
		return nil, fmt.Errorf("read collections: %w", err)
	}
	return names, nil
}

func collectionCell(id *uuid.UUID, names map[uuid.UUID]string) string {
	return optionalCell(id, func(id uuid.UUID) string { return cell(names[id]) })
}

func videoRecord(r []string, v Video, names map[uuid.UUID]string) {
	m := v.Metrics
	copy(r, []string{
		v.ID.String(), v.Platform, cell(v.PlatformVideoID), cell(v.URL), handleCell(v.AccountHandle), cell(v.Caption), cell(v.ThumbnailURL),
		timeCell(v.PublishedAt), timeCell(&v.AddedAt), v.Status, uuidCell(v.CollectionID), collectionCell(v.CollectionID, names),
		strconv.FormatBool(v.TrackedIndividually), strconv.FormatBool(v.IsShop != nil && *v.IsShop),
		countCell(m.Views), countCell(m.Likes), countCell(m.Comments), countCell(m.Shares), countCell(m.Saves),
		rateCell(v.EngagementRate), gainCell(v.ViewsGained24h), gainCell(v.ViewsGained7d), timeCell(v.LastScrapedAt),
	})
	o, f := v.Outlier, v.Forecast
	if o == nil {
		o = &VideoOutlier{State: "pending"}
	}
	if f == nil {
		f = &VideoForecast{State: "pending"}
	}
	intCell := func(n *int) string { return optionalCell(n, strconv.Itoa) }
	copy(r[len(VideoExportColumns)-12:], []string{
		o.State, intCell(o.AgeHours), optionalCell(o.Multiplier, func(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }),
		intCell(o.Percentile), intCell(o.Baseline),
		f.State, gainCell(f.Views7d), gainCell(f.Views7dLow), gainCell(f.Views7dHigh),
		gainCell(f.Views30d), gainCell(f.Views30dLow), gainCell(f.Views30dHigh),
	})
}

// cell neutralizes text that a spreadsheet would run as a formula: a cell
// that begins with =, +, -, @, a tab or a carriage return gets a leading
// apostrophe. Only text from users and platforms goes through it; numbers
// the service formats itself are left as numbers.
func cell(s string) string {
	if s != "" && bytes.IndexByte([]byte("=+-@\t\r"), s[0]) >= 0 {
		return "'" + s
	}
	return s
}

// handleCell writes a handle without its leading '@' (the platform column
// says whose handle it is), so that a handle is never mistaken for a
// formula nor mangled by the guard; what is left goes through cell.
func handleCell(h string) string {
	return cell(strings.TrimPrefix(h, "@"))
}

func timeCell(t *time.Time) string {
	return optionalCell(t, func(t time.Time) string { return t.UTC().Format(time.RFC3339) })
}

func uuidCell(id *uuid.UUID) string { return optionalCell(id, uuid.UUID.String) }

func countCell(n *uint64) string {
	return optionalCell(n, func(n uint64) string { return strconv.FormatUint(n, 10) })
}

func gainCell(n *int64) string {
	return optionalCell(n, func(n int64) string { return strconv.FormatInt(n, 10) })
}

func rateCell(r *float64) string {
	return optionalCell(r, func(r float64) string { return strconv.FormatFloat(r, 'f', 4, 64) })
}

// optionalCell is *p written by format, or an empty cell for nil.
func optionalCell[T any](p *T, format func(T) string) string {
	if p == nil {
		return ""
	}
	return format(*p)
}

// AccountExportColumns is the header row of the accounts CSV.
var AccountExportColumns = []string{
	"id", "platform", "handle", "url", "display_name", "status", "status_reason", "tracking_limit", "collection_id", "collection",
	"followers", "followers_gained_7d", "followers_gained_30d", "tracked_videos", "videos_with_views",
	"total_views", "average_views", "engagement_rate_pct", "views_gained_7d", "last_scraped_at", "added_at",
}

// CheckAccounts validates what Accounts needs before anything is written.
func (h ExportHandler) CheckAccounts(ctx context.Context, ws uuid.UUID, q AccountQuery) error {
	return checkCollection(ctx, h.DB, ws, q.CollectionID)
}

// Accounts writes the accounts the query selects as CSV, in the list's
// order, and returns how many rows it wrote. A workspace has at most as
// many accounts as its video limit, so the list is read whole.
func (h ExportHandler) Accounts(ctx context.Context, ws uuid.UUID, q AccountQuery, out io.Writer) (int, error) {
	list, err := AccountsHandler{DB: h.DB, CH: h.CH, Now: h.Now}.Handle(ctx, ws, q)
	if err != nil {
		return 0, err
	}
	names, err := collectionNames(ctx, h.DB, ws)
	if err != nil {
		return 0, err
	}
	if !list.MetricsAvailable {
		return 0, apperr.Unavailable("the metrics store is not answering: retry in a few seconds")
	}
	var p csvPages
	w, err := p.writer(out, AccountExportColumns)
	if err != nil {
		return 0, err
	}
	for i, a := range list.Accounts {
		err := w.Write([]string{
			a.ID.String(), a.Platform, handleCell(a.Handle), cell(a.URL), cell(a.DisplayName), a.Status, cell(a.StatusReason),
			strconv.Itoa(a.TrackingLimit), uuidCell(a.CollectionID), collectionCell(a.CollectionID, names),
			countCell(a.Followers), gainCell(a.FollowersGained7d), gainCell(a.FollowersGained30d),
			strconv.Itoa(a.TrackedVideos), strconv.Itoa(*a.VideosWithViews), strconv.FormatUint(*a.TotalViews, 10),
			rateCell(a.AverageViews), rateCell(a.EngagementRate), gainCell(a.ViewsGained7d), timeCell(a.LastScrapedAt), timeCell(&a.AddedAt),
		})
		if err != nil {
			return i, err
		}
	}
	w.Flush()
	return len(list.Accounts), w.Error()
}
