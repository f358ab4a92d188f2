package chread

import (
	"context"
	"fmt"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// FirstRecordedQuery asks for the first hour an entity recorded a metric.
type FirstRecordedQuery struct {
	Workspace uuid.UUID
	Kind      platform.Kind
	ID        uuid.UUID
	Metric    domain.Metric
}

// firstRecordedSQL finds the first day in the days ordered by entity, then
// its first hour: entity_hourly is ordered by hour first, so a look for one
// entity over every hour reads a granule of each hour's rows. Both tables
// are filled from the same snapshots, so the day's hours hold the hour.
var firstRecordedSQL = SQLTemplate("firstRecorded", `
SELECT min(bucket), count()
FROM entity_hourly
WHERE workspace_id = @ws AND entity_kind = @kind AND entity_id = @id AND isNotNull({{.}})
    AND bucket >= (SELECT min(bucket) FROM entity_daily_by_entity
        WHERE workspace_id = @ws AND entity_kind = @kind AND entity_id = @id AND isNotNull({{.}}))
    AND bucket < (SELECT min(bucket) FROM entity_daily_by_entity
        WHERE workspace_id = @ws AND entity_kind = @kind AND entity_id = @id AND isNotNull({{.}})) + 86400`)

// SQL renders the query and its parameters.
func (q FirstRecordedQuery) SQL() (string, []any) {
	return RenderSQL(firstRecordedSQL, q.Metric.Column()),
		[]any{clickhouse.Named("ws", q.Workspace), clickhouse.Named("kind", string(q.Kind)), clickhouse.Named("id", q.ID)}
}

// FirstRecorded runs q; nil when the metric was never recorded.
func (r Reader) FirstRecorded(ctx context.Context, q FirstRecordedQuery) (*time.Time, error) {
	var t time.Time
	var n uint64
	sql, args := q.SQL()
	if err := r.CH.QueryRow(ctx, sql, args...).Scan(&t, &n); err != nil {
		return nil, fmt.Errorf("read first %s of %s: %w", q.Metric, q.Kind, err)
	}
	if n == 0 {
		return nil, nil
	}
	t = t.UTC()
	return &t, nil
}
