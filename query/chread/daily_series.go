package chread

import (
	"context"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/platform"
)

// DailyCounts are an entity's counts of every metric, and its `recorded` bits.
type DailyCounts struct {
	Recorded uint8
	Counts   [6]uint64
}

const dailySeriesSQL = `
SELECT entity_id, toUInt32(bucket) AS day, groupBitOr(recorded) AS rec,
    argMaxIf(assumeNotNull(views), last_at, isNotNull(views)) AS views,
    argMaxIf(assumeNotNull(likes), last_at, isNotNull(likes)) AS likes,
    argMaxIf(assumeNotNull(comments), last_at, isNotNull(comments)) AS comments,
    argMaxIf(assumeNotNull(shares), last_at, isNotNull(shares)) AS shares,
    argMaxIf(assumeNotNull(saves), last_at, isNotNull(saves)) AS saves,
    argMaxIf(assumeNotNull(followers), last_at, isNotNull(followers)) AS followers
FROM entity_daily_by_entity
WHERE workspace_id = @ws AND entity_kind = @kind AND bucket >= @from AND bucket < @to
  AND entity_id IN (SELECT id FROM scope)
GROUP BY entity_id, bucket
ORDER BY entity_id, bucket`

// DailySeriesQuery reads the last counts of each UTC day of the entities Only.
type DailySeriesQuery struct {
	Workspace uuid.UUID
	Kind      platform.Kind
	Only      []uuid.UUID
	From, To  time.Time // the first day read, and the day after the last
}

// SQL renders the query and its parameters.
func (q DailySeriesQuery) SQL() (string, []any) {
	return dailySeriesSQL, []any{clickhouse.Named("ws", q.Workspace), clickhouse.Named("kind", string(q.Kind)),
		clickhouse.Named("from", q.From), clickhouse.Named("to", q.To)}
}

// DailySeries runs q and calls each per entity and day, in that order; c is reused.
func (r Reader) DailySeries(ctx context.Context, q DailySeriesQuery, each func(id uuid.UUID, day time.Time, c *DailyCounts) error) error {
	sql, args := q.SQL()
	rows, err := r.queryScoped(ctx, q.Only, sql, args...)
	var (
		id  uuid.UUID
		day uint32
		c   DailyCounts
	)
	return forEachRow(rows, err, "read daily series", []any{&id, &day, &c.Recorded, &c.Counts[0], &c.Counts[1], &c.Counts[2], &c.Counts[3], &c.Counts[4], &c.Counts[5]}, func() error {
		return each(id, time.Unix(int64(day), 0).UTC(), &c)
	})
}

const dailyFirstsSQL = `
SELECT entity_id, groupBitOrMerge(recorded) AS rec,
    argMinMerge(views_first) AS views, argMinMerge(likes_first) AS likes, argMinMerge(comments_first) AS comments,
    argMinMerge(shares_first) AS shares, argMinMerge(saves_first) AS saves, argMinMerge(followers_first) AS followers` + scopedLatestSQL

// DailyFirstsQuery reads the first counts ever recorded of the entities Only.
type DailyFirstsQuery struct {
	Workspace uuid.UUID
	Kind      platform.Kind
	Only      []uuid.UUID
}

// SQL renders the query and its parameters.
func (q DailyFirstsQuery) SQL() (string, []any) {
	return dailyFirstsSQL, []any{clickhouse.Named("ws", q.Workspace), clickhouse.Named("kind", string(q.Kind))}
}

// DailyFirsts runs q: the first counts of each entity found.
func (r Reader) DailyFirsts(ctx context.Context, q DailyFirstsQuery) (map[uuid.UUID]DailyCounts, error) {
	sql, args := q.SQL()
	rows, err := r.queryScoped(ctx, q.Only, sql, args...)
	out := make(map[uuid.UUID]DailyCounts, len(q.Only))
	var (
		id uuid.UUID
		f  DailyCounts
	)
	err = forEachRow(rows, err, "read first values", []any{&id, &f.Recorded, &f.Counts[0], &f.Counts[1], &f.Counts[2], &f.Counts[3], &f.Counts[4], &f.Counts[5]}, func() error {
		out[id] = f
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
