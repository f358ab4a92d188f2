package numbers

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/query"
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
	"post_kind", "related_handle", "published_source",
}

// DefaultExportPage is how many videos one page of the export reads.
const DefaultExportPage = 2000

// DefaultExportChunk is how many videos' numbers one ClickHouse read brings.
const DefaultExportChunk = 20_000

// ExportHandler writes CSV exports.
type ExportHandler struct {
	DB  *pgxpool.Pool
	CH  chread.Conn
	Now func() time.Time
	// PageRows, ChunkRows and DailyItems size the reads; 0: the defaults.
	PageRows   int
	ChunkRows  int
	DailyItems int
}

// CheckVideos validates what Videos needs before anything is written.
func (h ExportHandler) CheckVideos(ctx context.Context, ws uuid.UUID, f VideoFilter) error {
	return checkCollection(ctx, h.DB, ws, f.CollectionID)
}

// Videos writes the filter's videos as CSV in exportOrder; it returns the rows written.
func (h ExportHandler) Videos(ctx context.Context, ws uuid.UUID, f VideoFilter, out io.Writer) (int, error) {
	e := h.VideoPages(ws, f)
	for {
		if err := e.WritePage(ctx, out); err != nil {
			// io.EOF itself ends the export; one wrapped is a failure
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

// exportOrder is the videos export's order; handles compare as Go does (COLLATE "C").
const exportOrder = `v.platform, v.account_handle COLLATE "C", coalesce(v.published_at, '9999-12-31T00:00:00Z'::timestamptz), v.id`

var noPublishTime = time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)

type exportKey struct {
	platform  platform.Platform
	handle    string
	published time.Time
	id        uuid.UUID
}

func keyOf(v *Video) exportKey {
	k := exportKey{platform: v.Platform, handle: v.AccountHandle, published: noPublishTime, id: v.ID}
	if v.PublishedAt != nil {
		k.published = *v.PublishedAt
	}
	return k
}

// VideoExport is a videos export in progress, holding no connection while
// writing. A page's rows are scanned into values reused page after page and
// written as CSV straight from them. A workspace of at most a chunk of
// videos has its numbers read at once; a larger one a chunk at a time, the
// chunk's ids sent to ClickHouse.
type VideoExport struct {
	h     ExportHandler
	ws    uuid.UUID
	f     VideoFilter
	now   time.Time
	after *exportKey
	done  bool
	page  exportPage
	line  csvLine
	csvPages
	// inChunk holds the chunk's ids; numbers their numbers in id order.
	inChunk map[uuid.UUID]struct{}
	numbers []videoNumbers
	// sized: the workspace's size is known; whole: numbers hold its every video's
	sized, whole bool
	Chunks       int
}

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

// pointers are n's counts and gains, nil where none is recorded.
func (n *videoNumbers) pointers() (c [5]*uint64, g [2]*int64) {
	for i := range n.counts {
		if n.has&(1<<i) != 0 {
			c[i] = &n.counts[i]
		}
	}
	for i := range n.gains {
		if n.has&(1<<(5+i)) != 0 {
			g[i] = &n.gains[i]
		}
	}
	return c, g
}

func countsOf(c [5]*uint64) chread.Counts {
	return chread.Counts{Views: c[0], Likes: c[1], Comments: c[2], Shares: c[3], Saves: c[4]}
}

// WritePage writes the next page of rows to out; io.EOF once all are written.
func (e *VideoExport) WritePage(ctx context.Context, out io.Writer) error {
	if e.done {
		return io.EOF
	}
	if err := e.readPage(ctx); err != nil {
		return err
	}
	rows := e.page.rows
	e.done = len(rows) < e.h.PageRows
	if !e.header {
		for _, c := range VideoExportColumns {
			e.line.field([]byte(c))
		}
		e.line.end()
	}
	chCtx := store.Background(ctx)
	if !e.sized {
		if err := e.readWhole(ctx, chCtx); err != nil {
			return err
		}
	}
	for i := range rows {
		if _, ok := e.inChunk[rows[i].id]; !ok && !e.whole {
			if err := e.readChunk(ctx, chCtx, e.page.key(&rows[i])); err != nil {
				e.line.b = e.line.b[:0]
				return err
			}
		}
		var n *videoNumbers
		if j, ok := slices.BinarySearchFunc(e.numbers, rows[i].id, func(n videoNumbers, id uuid.UUID) int { return compareIDs(n.id, id) }); ok {
			n = &e.numbers[j]
		}
		e.page.write(&e.line, &rows[i], n, e.names)
	}
	_, err := out.Write(e.line.b)
	e.line.b = e.line.b[:0]
	if err != nil {
		return err
	}
	e.header = true
	e.Rows += len(rows)
	if n := len(rows); n > 0 {
		k := e.page.key(&rows[n-1])
		e.after = &k
	}
	return nil
}

// orderedSQL selects cols in exportOrder; two texts keep the key test out of the first page's plan.
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

// readPage reads the next page's rows.
func (e *VideoExport) readPage(ctx context.Context) error {
	if err := e.readNames(ctx, e.h.DB, e.ws); err != nil {
		return err
	}
	sql, args := e.orderedSQL(exportColumns, e.after, false, e.h.PageRows)
	read := func(q querier) error {
		rows, _ := q.Query(ctx, sql, args...)
		return e.page.read(rows)
	}
	if err := e.inOrder(ctx, read); err != nil {
		return fmt.Errorf("export videos: %w", err)
	}
	return nil
}

// inOrder runs read, a read in the export's order. The whole workspace's
// rows are read from videos_export_order_idx: PostgreSQL estimates a
// quarter of the rows left after any key and would sort the workspace's
// videos for every read instead (20–40 ms a page of 2,000 at 10,000 videos
// against 6–9 ms; 20 ms for a chunk's 10,000 ids against 3 ms).
func (e *VideoExport) inOrder(ctx context.Context, read func(querier) error) error {
	if e.f.narrows(e.now) {
		return read(e.h.DB)
	}
	return walkIndex(ctx, e.h.DB, read)
}

// readWhole reads the numbers of every video of a workspace of at most a
// chunk of videos in one read, without their ids: most workspaces' export.
func (e *VideoExport) readWhole(ctx, chCtx context.Context) error {
	e.sized = true
	var n int
	if err := e.h.DB.QueryRow(ctx, `SELECT count(*) FROM videos WHERE workspace_id = $1`, e.ws).Scan(&n); err != nil {
		return fmt.Errorf("export videos: %w", err)
	}
	if n > e.h.ChunkRows {
		return nil
	}
	if err := e.readNumbers(chCtx, nil); err != nil {
		return err
	}
	e.whole = true
	return nil
}

func (e *VideoExport) readChunk(ctx, chCtx context.Context, from exportKey) error {
	sql, args := e.orderedSQL("v.id", &from, true, e.h.ChunkRows)
	var ids []uuid.UUID
	err := e.inOrder(ctx, func(q querier) error {
		rows, _ := q.Query(ctx, sql, args...)
		var err error
		ids, err = pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
		return err
	})
	if err != nil {
		return fmt.Errorf("export videos: %w", err)
	}
	e.inChunk = make(map[uuid.UUID]struct{}, len(ids))
	for _, id := range ids {
		e.inChunk[id] = struct{}{}
	}
	return e.readNumbers(chCtx, ids)
}

// readNumbers reads the numbers of the videos only (nil: of every video).
func (e *VideoExport) readNumbers(chCtx context.Context, only []uuid.UUID) error {
	q := videoListMetrics(e.ws, e.now)
	q.Serial, q.Only = true, only
	e.numbers = e.numbers[:0]
	err := chread.Reader{CH: e.h.CH}.Entities(chCtx, q, func(id uuid.UUID, m chread.EntityMetrics) error {
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

type csvPages struct {
	names  map[uuid.UUID]string
	header bool
	record []string
	Rows   int
}

func (p *csvPages) readNames(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID) (err error) {
	if p.names == nil {
		p.names, err = collectionNames(ctx, db, ws)
	}
	return err
}

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
	return query.OptionalCell(id, func(id uuid.UUID) string { return query.Cell(names[id]) })
}

// handleCell writes a handle without its '@', so it is never taken for a formula.
func handleCell(h string) string {
	return query.Cell(strings.TrimPrefix(h, "@"))
}

func uuidCell(id *uuid.UUID) string { return query.OptionalCell(id, uuid.UUID.String) }

func countCell(n *uint64) string {
	return query.OptionalCell(n, func(n uint64) string { return strconv.FormatUint(n, 10) })
}

func gainCell(n *int64) string {
	return query.OptionalCell(n, func(n int64) string { return strconv.FormatInt(n, 10) })
}

func rateCell(r *float64) string {
	return query.OptionalCell(r, func(r float64) string { return strconv.FormatFloat(r, 'f', 4, 64) })
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

// Accounts writes the accounts q selects as CSV, in the list's order.
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
			a.ID.String(), string(a.Platform), handleCell(a.Handle), query.Cell(a.URL), query.Cell(a.DisplayName), string(a.Status), query.Cell(a.StatusReason),
			strconv.Itoa(a.TrackingLimit), uuidCell(a.CollectionID), collectionCell(a.CollectionID, names),
			countCell(a.Followers), gainCell(a.FollowersGained7d), gainCell(a.FollowersGained30d),
			strconv.Itoa(a.TrackedVideos), strconv.Itoa(*a.VideosWithViews), strconv.FormatUint(*a.TotalViews, 10),
			rateCell(a.AverageViews), rateCell(a.EngagementRate), gainCell(a.ViewsGained7d), query.TimeCell(a.LastScrapedAt), query.TimeCell(&a.AddedAt),
		})
		if err != nil {
			return i, err
		}
	}
	w.Flush()
	return len(list.Accounts), w.Error()
}
