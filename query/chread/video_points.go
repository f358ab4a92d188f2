package chread

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// VideoPoint is one point of a video's series: per metric, the last value
// recorded in the bucket or by the snapshot; nil when none was (the
// platform hid it).
type VideoPoint struct {
	T        time.Time
	Views    *uint64
	Likes    *uint64
	Comments *uint64
	Shares   *uint64
	Saves    *uint64
}

// VideoScrapesQuery reads one video's raw snapshots from Start, the latest
// Max of them.
type VideoScrapesQuery struct {
	Workspace uuid.UUID
	ID        uuid.UUID
	Start     time.Time
	Max       int
}

// videoScrapesSQL reads one video's raw snapshots, newest first (a read of
// that video's rows by the primary key); a snapshot written again, not
// merged yet, is one row, its newest version.
const videoScrapesSQL = `
SELECT scraped_at, views, likes, comments, shares, saves
FROM metric_snapshots
WHERE workspace_id = @ws AND entity_kind = @kind AND entity_id = @id AND scraped_at >= @start
ORDER BY scraped_at DESC, version DESC
LIMIT 1 BY scraped_at
LIMIT @max`

// SQL renders the query and its parameters.
func (q VideoScrapesQuery) SQL() (string, []any) {
	return videoScrapesSQL, []any{clickhouse.Named("ws", q.Workspace), clickhouse.Named("kind", string(platform.Video)),
		clickhouse.Named("id", q.ID), clickhouse.Named("start", q.Start.UTC()), clickhouse.Named("max", q.Max)}
}

// VideoScrapes runs q: a point per snapshot, oldest first.
func (r Reader) VideoScrapes(ctx context.Context, q VideoScrapesQuery) ([]VideoPoint, error) {
	sql, args := q.SQL()
	rows, err := r.CH.Query(ctx, sql, args...)
	if err != nil {
		return nil, fmt.Errorf("read video scrapes: %w", err)
	}
	defer rows.Close()
	out := []VideoPoint{}
	for rows.Next() {
		var p VideoPoint
		if err := rows.Scan(&p.T, &p.Views, &p.Likes, &p.Comments, &p.Shares, &p.Saves); err != nil {
			return nil, fmt.Errorf("read video scrapes: %w", err)
		}
		p.T = p.T.UTC()
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read video scrapes: %w", err)
	}
	slices.Reverse(out)
	return out, nil
}

// VideoSeriesQuery reads one video's buckets of a granularity from Start.
type VideoSeriesQuery struct {
	Workspace   uuid.UUID
	ID          uuid.UUID
	Granularity Granularity
	Start       time.Time
}

// videoSeriesSQL: a bucket may hold several rows (parts not merged yet, or
// snapshots that hid different metrics), each a true snapshot: per metric,
// the value of the latest row that recorded it, and whether any did.
var videoSeriesSQL = SQLTemplate("videoSeries", `
SELECT bucket, groupBitOr(recorded) AS rec
{{- range .Cols}}, argMaxIf(assumeNotNull({{.}}), last_at, isNotNull({{.}})) AS {{.}}{{end}}
FROM {{.Table}}
WHERE workspace_id = @ws AND entity_kind = @kind AND bucket >= @start AND entity_id = @id
GROUP BY bucket
ORDER BY bucket`)

// videoSeriesMetrics are the metrics of a video's series, in the order of
// the `recorded` bits.
var videoSeriesMetrics = []domain.Metric{domain.Views, domain.Likes, domain.Comments, domain.Shares, domain.Saves}

// SQL renders the query and its parameters.
func (q VideoSeriesQuery) SQL() (string, []any) {
	cols := make([]string, len(videoSeriesMetrics))
	for i, m := range videoSeriesMetrics {
		cols[i] = m.Column()
	}
	text := RenderSQL(videoSeriesSQL, struct {
		Table string
		Cols  []string
	}{q.Granularity.Table(), cols})
	return text, []any{clickhouse.Named("ws", q.Workspace), clickhouse.Named("kind", string(platform.Video)),
		clickhouse.Named("start", q.Start.UTC()), clickhouse.Named("id", q.ID)}
}

// VideoSeries runs q: a point per bucket with a snapshot, oldest first.
func (r Reader) VideoSeries(ctx context.Context, q VideoSeriesQuery) ([]VideoPoint, error) {
	sql, args := q.SQL()
	rows, err := r.CH.Query(ctx, sql, args...)
	if err != nil {
		return nil, fmt.Errorf("read video %s series: %w", q.Granularity, err)
	}
	defer rows.Close()
	out := []VideoPoint{}
	var (
		t    time.Time
		rec  uint8
		vals [5]uint64
	)
	for rows.Next() {
		if err := rows.Scan(&t, &rec, &vals[0], &vals[1], &vals[2], &vals[3], &vals[4]); err != nil {
			return nil, fmt.Errorf("read video %s series: %w", q.Granularity, err)
		}
		p := VideoPoint{T: t.UTC()}
		for i, dst := range []**uint64{&p.Views, &p.Likes, &p.Comments, &p.Shares, &p.Saves} {
			if rec&videoSeriesMetrics[i].Bit() != 0 {
				v := vals[i]
				*dst = &v
			}
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read video %s series: %w", q.Granularity, err)
	}
	return out, nil
}
