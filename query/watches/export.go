package watches

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/query"
)

// CaptureColumns are the columns of the captures' CSV export.
var CaptureColumns = []string{"id", "platform", "platform_post_id", "url", "author_handle", "caption", "published_at", "views", "likes",
	"comments", "sound_id", "sound_name", "status", "video_id", "auto", "first_seen_at", "last_seen_at", "watches", "reasons"}

// CapturesCSV is the export's file.
type CapturesCSV struct {
	Filename string
	CSV      []byte
}

// ExportCaptures answers the posts the watches found as CSV (RFC 4180),
// every status unless one is asked, of one watch or all, first found
// first: the trackers' raw material.
func (h Handler) ExportCaptures(ctx context.Context, ws uuid.UUID, status domain.CaptureStatus, watch *uuid.UUID) (CapturesCSV, error) {
	if status != "" && !slices.Contains(domain.CaptureStatuses, status) {
		return CapturesCSV{}, apperr.Invalid("status", "one of new, tracked, dismissed")
	}
	if watch != nil {
		if _, err := h.Get(ctx, ws, *watch); err != nil {
			return CapturesCSV{}, err
		}
	}
	rows, _ := h.DB.Query(ctx, `
		SELECT c.id, c.platform, c.platform_post_id, c.url, c.author_handle, c.caption, c.published_at, c.views, c.likes, c.comments,
			c.sound_id, c.sound_name, c.status, c.video_id, c.auto, c.first_seen_at, c.last_seen_at,
			coalesce(string_agg(x.kind || ' ' || x.term, '; ' ORDER BY m.matched_at, m.watch_id), ''),
			coalesce(string_agg(m.reason, '; ' ORDER BY m.matched_at, m.watch_id), '')
		FROM captures c
		LEFT JOIN capture_matches m ON m.workspace_id = c.workspace_id AND m.capture_id = c.id
		LEFT JOIN watches x ON x.workspace_id = m.workspace_id AND x.id = m.watch_id
		WHERE c.workspace_id = $1 AND ($2 = '' OR c.status = $2)
		  AND ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM capture_matches w WHERE w.workspace_id = c.workspace_id AND w.capture_id = c.id AND w.watch_id = $3))
		GROUP BY c.id
		ORDER BY c.first_seen_at, c.id`, ws, string(status), watch)
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.UseCRLF = true
	if err := w.Write(CaptureColumns); err != nil {
		return CapturesCSV{}, err
	}
	num := func(n *int64) string {
		return query.OptionalCell(n, func(n int64) string { return strconv.FormatInt(n, 10) })
	}
	var (
		id                                     uuid.UUID
		platform, postID, url, handle, caption string
		published                              *time.Time
		views, likes, comments                 *int64
		soundID, soundName, st                 string
		video                                  *uuid.UUID
		auto                                   bool
		first, last                            time.Time
		watches, reasons                       string
	)
	_, err := pgx.ForEachRow(rows, []any{&id, &platform, &postID, &url, &handle, &caption, &published, &views, &likes, &comments,
		&soundID, &soundName, &st, &video, &auto, &first, &last, &watches, &reasons}, func() error {
		return w.Write([]string{id.String(), platform, postID, query.Cell(url), strings.TrimPrefix(handle, "@"), query.Cell(caption),
			query.TimeCell(published), num(views), num(likes), num(comments), query.Cell(soundID), query.Cell(soundName), st,
			query.OptionalCell(video, uuid.UUID.String), strconv.FormatBool(auto), query.TimeCell(&first), query.TimeCell(&last),
			query.Cell(watches), query.Cell(reasons)})
	})
	if err != nil {
		return CapturesCSV{}, fmt.Errorf("export captures: %w", err)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return CapturesCSV{}, err
	}
	return CapturesCSV{Filename: "reeltrack-captures-" + h.Now().UTC().Format(time.DateOnly) + ".csv", CSV: buf.Bytes()}, nil
}
