package query

import (
	"context"
	"fmt"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/platform"
)

// SparkDays is how many days the lists' sparklines show: views7d.
const SparkDays = 7

// dailyViewsQuery reads, for some videos of a workspace (Only, sent as the
// external table "scope") or all of them (Only nil), the views gained on
// each of the SparkDays UTC days up to the one holding Now: the sparkline
// of the videos and accounts lists (DailyViews). One read for the whole
// page, never one per row.
type dailyViewsQuery struct {
	Workspace uuid.UUID
	Only      []uuid.UUID
	Now       time.Time
}

// dailyViewsSQL has per video the last views recorded on each UTC day from
// the day before the first shown (entity_daily: the last snapshot of a day
// that recorded views; a day still split across unmerged parts gives the
// later one by last_at), and the video's first recorded views and when it
// was first scraped (entity_latest), the start of a video first scraped on
// a shown day. The days come in order, so that every engine gives the same
// answer.
const dailyViewsSQL = `
SELECT entity_id, days, vals, f_first, f_at
FROM (
    SELECT entity_id, arraySort(groupArray(toUInt32(bucket))) AS days, arraySort((x, t) -> t, groupArray(v), groupArray(toUInt32(bucket))) AS vals
    FROM (
        SELECT entity_id, bucket, argMax(assumeNotNull(views), last_at) AS v
        FROM entity_daily
        WHERE workspace_id = @ws AND entity_kind = @kind AND bucket >= @from AND isNotNull(views){{if .}}
          AND entity_id IN (SELECT id FROM scope){{end}}
        GROUP BY entity_id, bucket
    ) AS per_day
    GROUP BY entity_id
) AS daily
ANY LEFT JOIN (
    SELECT entity_id, argMinMerge(views_first) AS f_first, minMerge(first_at) AS f_at
    FROM entity_latest
    WHERE workspace_id = @ws AND entity_kind = @kind{{if .}}
      AND entity_id IN (SELECT id FROM scope){{end}}
    GROUP BY entity_id
) AS firsts USING entity_id`

var dailyViewsTemplate = sqlTemplate("daily_views", dailyViewsSQL)

// firstDay is the first day shown.
func (q dailyViewsQuery) firstDay() time.Time {
	return Daily.floor(q.Now).AddDate(0, 0, -(SparkDays - 1))
}

// SQL renders the query and its parameters.
func (q dailyViewsQuery) SQL() (string, []any) {
	return renderSQL(dailyViewsTemplate, q.Only != nil), []any{
		clickhouse.Named("ws", q.Workspace), clickhouse.Named("kind", string(platform.Video)),
		clickhouse.Named("from", q.firstDay().AddDate(0, 0, -1)),
	}
}

// read runs q and calls each per video that has views recorded in the
// span, with its SparkDays daily gains (DailyViews).
func (q dailyViewsQuery) read(ctx context.Context, m metrics, each func(uuid.UUID, []*int64)) error {
	if q.Only != nil && len(q.Only) == 0 {
		return nil
	}
	sql, args := q.SQL()
	ctx, err := entitiesQuery{Only: q.Only}.scoped(ctx)
	if err != nil {
		return err
	}
	rows, err := m.CH.Query(ctx, sql, args...)
	if err != nil {
		return fmt.Errorf("read daily views: %w", err)
	}
	defer rows.Close()
	var (
		id     uuid.UUID
		days   []uint32
		vals   []uint64
		first  uint64
		firstT time.Time
		gains  slab[int64]
		ptrs   slab[*int64]
	)
	from := q.firstDay()
	for rows.Next() {
		if err := rows.Scan(&id, &days, &vals, &first, &firstT); err != nil {
			return fmt.Errorf("read daily views: %w", err)
		}
		each(id, DailyViews(from, days, vals, first, firstT, gains.take(SparkDays), ptrs.take(SparkDays)))
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read daily views: %w", err)
	}
	return nil
}

// DailyViews computes a video's views gained on each of the SparkDays days
// from `from`: a day's last recorded views less the last recorded before
// that day (looked for from the day before `from`), or, for a video first
// scraped that day, less its first recorded views (growth before the first
// scrape is not counted, as in every gain). A day gets nil when the video
// has no views recorded by its end, or none before it and was not first
// scraped on it. days are the days' starts (Unix seconds) with views in
// vals, in any order; g and out hold SparkDays values each.
func DailyViews(from time.Time, days []uint32, vals []uint64, first uint64, firstAt time.Time, g []int64, out []*int64) []*int64 {
	// last[i] is the last views recorded on day i-1 from `from` (slot 0 the
	// day before it)
	var last [SparkDays + 1]*uint64
	start := from.AddDate(0, 0, -1).Unix()
	for k, d := range days {
		i := (int64(d) - start) / (24 * 3600)
		if i >= 0 && i <= SparkDays {
			last[i] = &vals[k]
		}
	}
	var before *uint64 // the last views recorded before the current day
	if last[0] != nil {
		before = last[0]
	}
	firstDay := Daily.floor(firstAt)
	for i := range SparkDays {
		day := from.AddDate(0, 0, i)
		end := last[i+1]
		if end == nil {
			end = before
		}
		s := before
		if s == nil && firstDay.Equal(day) {
			s = &first
		}
		out[i] = nil
		if end != nil && s != nil {
			g[i] = int64(*end) - int64(*s)
			out[i] = &g[i]
		}
		if last[i+1] != nil {
			before = last[i+1]
		}
	}
	return out
}

// sumDaily adds src's days into dst's, allocating dst's values as needed:
// a day is nil only when every video of it is.
func sumDaily(dst, src []*int64) []*int64 {
	if dst == nil {
		dst = make([]*int64, SparkDays)
	}
	for i, p := range src {
		if p == nil {
			continue
		}
		if dst[i] == nil {
			dst[i] = new(int64)
		}
		*dst[i] += *p
	}
	return dst
}
