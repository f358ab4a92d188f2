package query

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
)

// VideoExportColumns is the header row of the videos CSV.
var VideoExportColumns = []string{
	"id", "platform", "platform_video_id", "url", "account_handle", "caption", "thumbnail_url",
	"published_at", "added_at", "status", "collection_id", "tracked_individually", "is_shop",
	"views", "likes", "comments", "shares", "saves", "engagement_rate",
	"views_gained_24h", "views_gained_7d", "last_scraped_at",
}

// ExportHandler writes CSV exports. Rows stream from PostgreSQL and
// ClickHouse at once, both in id order, and are merged one by one, so memory
// does not grow with the number of rows.
type ExportHandler struct {
	DB  *pgxpool.Pool
	CH  driver.Conn
	Now func() time.Time
}

// CheckVideos validates what Videos needs before anything is written, so
// that a bad request still gets an error status.
func (h ExportHandler) CheckVideos(ctx context.Context, ws uuid.UUID, f VideoFilter) error {
	return checkCollection(ctx, h.DB, ws, f.CollectionID)
}

// Videos writes the videos the filter selects as CSV, in id order, and
// returns how many rows it wrote.
func (h ExportHandler) Videos(ctx context.Context, ws uuid.UUID, f VideoFilter, out io.Writer) (int, error) {
	now := h.Now().UTC()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	type metricRow struct {
		id uuid.UUID
		e  entityMetrics
	}
	stream := make(chan metricRow, 256)
	chErr := make(chan error, 1)
	go func() {
		defer close(stream)
		chErr <- metrics{h.CH}.entities(ctx, ws, "video", Views,
			[]time.Time{WindowOf(Preset24h, now).Start, WindowOf(Preset7d, now).Start},
			func(id uuid.UUID, e entityMetrics) error {
				select {
				case stream <- metricRow{id, e}:
					return nil
				case <-ctx.Done():
					return ctx.Err()
				}
			})
	}()

	rows, err := h.DB.Query(ctx, `SELECT `+videoColumns+videoFilterSQL+` ORDER BY v.id`, videoFilterArgs(ws, f, now)...)
	if err != nil {
		return 0, fmt.Errorf("export videos: %w", err)
	}
	defer rows.Close()

	w := csv.NewWriter(out)
	w.UseCRLF = true
	if err := w.Write(VideoExportColumns); err != nil {
		return 0, err
	}
	// When the metrics stream ends, its error (sent before it closed) says
	// whether it ended early: a failure ends the export rather than writing
	// rows without their numbers.
	var streamErr error
	streamDone := false
	recv := func() (metricRow, bool) {
		r, ok := <-stream
		if !ok && !streamDone {
			streamDone, streamErr = true, <-chErr
		}
		return r, ok
	}
	next, ok := recv()
	if streamErr != nil {
		return 0, streamErr
	}
	n := 0
	record := make([]string, len(VideoExportColumns))
	for rows.Next() {
		v, err := scanVideo(rows)
		if err != nil {
			return n, fmt.Errorf("export videos: %w", err)
		}
		// ClickHouse holds only videos with snapshots: skip those that
		// sort before this one, use the one that matches.
		for ok && compareIDs(next.id, v.ID) < 0 {
			next, ok = recv()
		}
		if streamErr != nil {
			return n, streamErr
		}
		if ok && next.id == v.ID {
			v.withMetrics(next.e)
		}
		videoRecord(record, v)
		if err := w.Write(record); err != nil {
			return n, err
		}
		n++
	}
	if err := rows.Err(); err != nil {
		return n, fmt.Errorf("export videos: %w", err)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return n, err
	}
	cancel()
	for range stream {
	}
	if !streamDone {
		if err := <-chErr; err != nil && ctx.Err() == nil {
			return n, err
		}
	}
	return n, nil
}

func videoRecord(r []string, v Video) {
	m := v.Metrics
	copy(r, []string{
		v.ID.String(), v.Platform, cell(v.PlatformVideoID), cell(v.URL), cell(v.AccountHandle), cell(v.Caption), cell(v.ThumbnailURL),
		timeCell(v.PublishedAt), timeCell(&v.AddedAt), v.Status, uuidCell(v.CollectionID),
		strconv.FormatBool(v.TrackedIndividually), boolCell(v.IsShop),
		countCell(m.Views), countCell(m.Likes), countCell(m.Comments), countCell(m.Shares), countCell(m.Saves),
		rateCell(v.EngagementRate), gainCell(v.ViewsGained24h), gainCell(v.ViewsGained7d), timeCell(v.LastScrapedAt),
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

func timeCell(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func uuidCell(id *uuid.UUID) string {
	if id == nil {
		return ""
	}
	return id.String()
}

func boolCell(b *bool) string {
	if b == nil {
		return ""
	}
	return strconv.FormatBool(*b)
}

func countCell(n *uint64) string {
	if n == nil {
		return ""
	}
	return strconv.FormatUint(*n, 10)
}

func gainCell(n *int64) string {
	if n == nil {
		return ""
	}
	return strconv.FormatInt(*n, 10)
}

func rateCell(r *float64) string {
	if r == nil {
		return ""
	}
	return strconv.FormatFloat(*r, 'f', 4, 64)
}

// AccountExportColumns is the header row of the accounts CSV.
var AccountExportColumns = []string{
	"id", "platform", "handle", "url", "display_name", "status", "status_reason", "tracking_limit", "collection_id",
	"followers", "followers_gained_7d", "followers_gained_30d", "tracked_videos", "videos_with_views",
	"total_views", "average_views", "engagement_rate", "views_gained_7d", "last_scraped_at", "added_at",
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
	w := csv.NewWriter(out)
	w.UseCRLF = true
	if err := w.Write(AccountExportColumns); err != nil {
		return 0, err
	}
	for i, a := range list.Accounts {
		gained := a.ViewsGained7d
		err := w.Write([]string{
			a.ID.String(), a.Platform, cell(a.Handle), cell(a.URL), cell(a.DisplayName), a.Status, cell(a.StatusReason),
			strconv.Itoa(a.TrackingLimit), uuidCell(a.CollectionID),
			countCell(a.Followers), gainCell(a.FollowersGained7d), gainCell(a.FollowersGained30d),
			strconv.Itoa(a.TrackedVideos), strconv.Itoa(a.VideosWithViews), strconv.FormatUint(a.TotalViews, 10),
			rateCell(a.AverageViews), rateCell(a.EngagementRate), gainCell(&gained), timeCell(a.LastScrapedAt), timeCell(&a.AddedAt),
		})
		if err != nil {
			return i, err
		}
	}
	w.Flush()
	return len(list.Accounts), w.Error()
}
