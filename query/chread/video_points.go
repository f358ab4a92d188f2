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

// VideoPoint is a video's bucket or snapshot; nil for a metric not recorded.
type VideoPoint struct {
	T        time.Time `json:"t"`
	Views    *uint64   `json:"views"`
	Likes    *uint64   `json:"likes"`
	Comments *uint64   `json:"comments"`
	Shares   *uint64   `json:"shares"`
	Saves    *uint64   `json:"saves"`
}

// VideoScrapesQuery reads one video's latest Max raw snapshots from Start.
type VideoScrapesQuery struct {
	Workspace uuid.UUID
	ID        uuid.UUID
	Start     time.Time
	Max       int
}

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
	out := []VideoPoint{}
	var p VideoPoint
	err = forEachRow(rows, err, "read video scrapes", []any{&p.T, &p.Views, &p.Likes, &p.Comments, &p.Shares, &p.Saves}, func() error {
		// the driver points p's counts at new values on every scan
		p.T = p.T.UTC()
		out = append(out, p)
		return nil
	})
	if err != nil {
		return nil, err
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
	// Raw reads an hourly series from metric_snapshots, where the video's
	// rows are together; entity_hourly is ordered by hour, and one video
	// costs a granule of every hour of the whole workspace. Set it only
	// when the raw snapshots from Start are kept (domain.RawSnapshotsKept).
	Raw bool
}

// videoSeriesSQL: per metric, the bucket's latest row that recorded it;
// from the raw snapshots, each one's latest version, its hour its bucket.
var videoSeriesSQL = SQLTemplate("videoSeries", `
SELECT bucket, groupBitOr(recorded) AS rec
{{- range .Cols}}, argMaxIf(assumeNotNull({{.}}), last_at, isNotNull({{.}})) AS {{.}}{{end}}
{{- if .Raw}}
FROM (
    SELECT toStartOfHour(scraped_at) AS bucket, scraped_at AS last_at{{range .Cols}}, {{.}}{{end}},
        toUInt8({{range $i, $c := .Cols}}{{if $i}} + {{end}}{{index $.Bits $i}} * isNotNull({{$c}}){{end}}) AS recorded
    FROM metric_snapshots
    WHERE workspace_id = @ws AND entity_kind = @kind AND entity_id = @id AND scraped_at >= @start
    ORDER BY version DESC
    LIMIT 1 BY last_at
)
{{- else}}
FROM {{.Table}}
WHERE workspace_id = @ws AND entity_kind = @kind AND bucket >= @start AND entity_id = @id
{{- end}}
GROUP BY bucket
ORDER BY bucket`)

// videoSeriesMetrics are a video series' metrics, in `recorded` bit order.
var videoSeriesMetrics = []domain.Metric{domain.Views, domain.Likes, domain.Comments, domain.Shares, domain.Saves}

// SQL renders the query and its parameters.
func (q VideoSeriesQuery) SQL() (string, []any) {
	cols := make([]string, len(videoSeriesMetrics))
	bits := make([]uint8, len(videoSeriesMetrics))
	for i, m := range videoSeriesMetrics {
		cols[i], bits[i] = m.Column(), m.Bit()
	}
	text := RenderSQL(videoSeriesSQL, struct {
		Table string
		Cols  []string
		Bits  []uint8
		Raw   bool
	}{q.Granularity.EntityTable(), cols, bits, q.Raw && q.Granularity == Hourly})
	return text, []any{clickhouse.Named("ws", q.Workspace), clickhouse.Named("kind", string(platform.Video)),
		clickhouse.Named("start", q.Start.UTC()), clickhouse.Named("id", q.ID)}
}

// VideoSeries runs q: a point per bucket with a snapshot, oldest first.
func (r Reader) VideoSeries(ctx context.Context, q VideoSeriesQuery) ([]VideoPoint, error) {
	sql, args := q.SQL()
	rows, err := r.CH.Query(ctx, sql, args...)
	out := []VideoPoint{}
	var (
		t    time.Time
		rec  uint8
		vals [5]uint64
	)
	err = forEachRow(rows, err, fmt.Sprintf("read video %s series", q.Granularity), []any{&t, &rec, &vals[0], &vals[1], &vals[2], &vals[3], &vals[4]}, func() error {
		p := VideoPoint{T: t.UTC()}
		for i, dst := range []**uint64{&p.Views, &p.Likes, &p.Comments, &p.Shares, &p.Saves} {
			if rec&videoSeriesMetrics[i].Bit() != 0 {
				v := vals[i]
				*dst = &v
			}
		}
		out = append(out, p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
