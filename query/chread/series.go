package chread

import (
	"context"
	"fmt"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/ext"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// SeriesPoint is one bucket of a series summed over entities.
type SeriesPoint struct {
	Gained int64
	// Appeared sums the first values of entities first recorded in the bucket.
	Appeared int64
}

// EntityScope selects the entities listed or, with Except, all others.
type EntityScope struct {
	IDs    []uuid.UUID
	Except bool
}

// All reports whether the scope selects every entity.
func (s EntityScope) All() bool { return s.Except && len(s.IDs) == 0 }

// OnlyIDs is the scope of the listed entities.
func OnlyIDs(ids []uuid.UUID) EntityScope { return EntityScope{IDs: ids} }

// SeriesQuery sums Metric over Scope per bucket from Start, and before Start.
type SeriesQuery struct {
	Workspace   uuid.UUID
	Kind        platform.Kind
	Metric      domain.Metric
	Scope       EntityScope
	Granularity Granularity
	Start       time.Time
	// Firsts, when not nil, are the first recorded values of Metric of
	// Scope.IDs (index by index; 0 for never), as entity_latest keeps them:
	// they are sent with the scope instead of read there, where a few
	// entities' firsts cost a granule each of a table of every entity.
	Firsts []uint64
	// Raw reads the hours from Start's day (for an hourly series of a
	// scope of IDs) from metric_snapshots, ordered by entity, where the
	// scope's rows are together; entity_hourly is ordered by hour, and a
	// few entities cost a granule of every hour of the whole workspace.
	// Set it only when the raw snapshots from RawFrom(Start) are kept
	// (domain.RawSnapshotsKept).
	Raw bool
}

// RawScopeMax is the largest scope whose hours are read from the raw
// snapshots: each entity costs a granule or two of them, where a read by
// hour costs every entity of the workspace scraped in those hours.
const RawScopeMax = 1000

// RawFrom is where an hourly series from start reads the raw snapshots
// from: the start of its day (before it, the lookback reads days).
func RawFrom(start time.Time) time.Time { return Daily.Floor(start) }

// rawHours reports whether q's hours come from metric_snapshots.
func (q SeriesQuery) rawHours() bool {
	return q.Raw && q.Granularity == Hourly && !q.Scope.Except && len(q.Scope.IDs) <= RawScopeMax
}

// seriesSQL: every row is a point; without a start value, the first counts from its value.
var seriesSQL = SQLTemplate("series", `
SELECT tupleElement(g, 1), tupleElement(g, 2), tupleElement(a, 1), tupleElement(a, 2), before_total
FROM (
  SELECT sumMap(bs, gains) AS g, sumMap(appeared_at, appeared) AS a, sum(base) AS before_total
  FROM (
    SELECT
        arrayMap(t -> intDiv(t, @step) * @step, arraySlice(ts, k + 1)) AS bs,
        arrayPopFront(arrayDifference(arrayPushFront(arraySlice(vs, k + 1), if(k > 0, vs[k], toInt64(f_first))))) AS gains,
        if(k = 0, [bs[1]], emptyArrayUInt32()) AS appeared_at,
        if(k = 0, [toInt64(f_first)], emptyArrayInt64()) AS appeared,
        if(k > 0, vs[k], toInt64(0)) AS base
    FROM (
        SELECT entity_id, arraySort((v, t) -> t, vs0, ts0) AS vs, arraySort(ts0) AS ts,
            arrayCount(t -> t < @startsec, ts0) AS k
        FROM (
            SELECT entity_id, groupArray(toUInt32(last_at)) AS ts0, groupArray(toInt64(assumeNotNull({{.Column}}))) AS vs0
            FROM (
                SELECT entity_id, last_at, {{.Column}} FROM {{.Daily}}
                WHERE {{template "filter" .}} AND bucket >= @lookback AND bucket < @startday
                UNION ALL
{{- if .Raw}}
                SELECT entity_id, last_at, {{.Column}} FROM (
                    SELECT entity_id, scraped_at AS last_at, {{.Column}} FROM metric_snapshots
                    WHERE {{template "filter" .}} AND scraped_at >= @startday
                    ORDER BY version DESC
                    LIMIT 1 BY entity_id, last_at
                )
{{- else}}
                SELECT entity_id, last_at, {{.Column}} FROM {{.Hourly}}
                WHERE {{template "filter" .}} AND bucket >= @startday AND bucket < @start
                UNION ALL
                SELECT entity_id, last_at, {{.Column}} FROM {{.Table}}
                WHERE {{template "filter" .}} AND bucket >= @start
{{- end}}
            )
            WHERE isNotNull({{.Column}})
            GROUP BY entity_id
        )
    ) AS series
    ANY LEFT JOIN (
{{- if .Firsts}}
        SELECT id AS entity_id, first AS f_first FROM scope
{{- else}}
        SELECT entity_id, argMinMerge({{.Column}}_first) AS f_first
        FROM entity_latest WHERE {{template "filter" .}}
        GROUP BY entity_id
{{- end}}
    ) AS firsts USING entity_id
  )
)`,
	`{{define "filter"}}workspace_id = @ws AND entity_kind = @kind{{with .ScopeOp}} AND entity_id {{.}} (SELECT id FROM scope){{end}}{{end}}`)

// SQL renders the query and its parameters.
func (q SeriesQuery) SQL() (string, []any) {
	data := struct {
		Column, Table, Daily, Hourly, ScopeOp string
		Firsts, Raw                           bool
	}{Column: q.Metric.Column(), Table: q.Granularity.Table(), Daily: Daily.Table(), Hourly: Hourly.Table(), Firsts: q.sendsFirsts(), Raw: q.rawHours()}
	switch {
	case q.Scope.All():
	case q.Scope.Except:
		data.ScopeOp = "NOT IN"
	default:
		// some entities: their rows are together in the copies by entity
		data.ScopeOp = "IN"
		data.Table, data.Daily, data.Hourly = q.Granularity.EntityTable(), Daily.EntityTable(), Hourly.EntityTable()
	}
	startDay := Daily.Floor(q.Start)
	return RenderSQL(seriesSQL, data), []any{
		clickhouse.Named("ws", q.Workspace), clickhouse.Named("kind", string(q.Kind)),
		clickhouse.Named("start", q.Start.UTC()), clickhouse.Named("startday", startDay),
		clickhouse.Named("lookback", startDay.Add(-Lookback)),
		clickhouse.Named("startsec", q.Start.Unix()), clickhouse.Named("step", int64(q.Granularity.Step()/time.Second)),
	}
}

// sendsFirsts reports whether the scope table carries the first values.
func (q SeriesQuery) sendsFirsts() bool {
	return q.Firsts != nil && !q.Scope.Except
}

// ScopeTable is the external table "scope" of the SQL; nil for every entity.
func (q SeriesQuery) ScopeTable() (*ext.Table, error) {
	if q.Scope.All() {
		return nil, nil
	}
	if !q.sendsFirsts() {
		return IDTable("scope", q.Scope.IDs)
	}
	if len(q.Firsts) != len(q.Scope.IDs) {
		return nil, fmt.Errorf("scope table: %d first values for %d ids", len(q.Firsts), len(q.Scope.IDs))
	}
	t, err := ext.NewTable("scope", ext.Column("id", "UUID"), ext.Column("first", "UInt64"))
	if err != nil {
		return nil, fmt.Errorf("scope table: %w", err)
	}
	for i, id := range q.Scope.IDs {
		if err := t.Append(id, q.Firsts[i]); err != nil {
			return nil, fmt.Errorf("scope table: %w", err)
		}
	}
	return t, nil
}

// IDTable is an external table of one UUID column, id.
func IDTable(name string, ids []uuid.UUID) (*ext.Table, error) {
	t, err := ext.NewTable(name, ext.Column("id", "UUID"))
	if err != nil {
		return nil, fmt.Errorf("%s table: %w", name, err)
	}
	for _, id := range ids {
		if err := t.Append(id); err != nil {
			return nil, fmt.Errorf("%s table: %w", name, err)
		}
	}
	return t, nil
}

// Series runs q: the total before its start, and the points per bucket.
func (r Reader) Series(ctx context.Context, q SeriesQuery) (int64, map[time.Time]SeriesPoint, error) {
	sql, args := q.SQL()
	t, err := q.ScopeTable()
	if err != nil {
		return 0, nil, err
	}
	if t != nil {
		ctx = clickhouse.Context(ctx, clickhouse.WithExternalTable(t))
	}
	var (
		bs, appearedAt  []uint32
		gains, appeared []int64
		base            int64
	)
	err = r.CH.QueryRow(ctx, sql, args...).
		Scan(&bs, &gains, &appearedAt, &appeared, &base)
	if err != nil {
		return 0, nil, fmt.Errorf("read %s series: %w", q.Metric, err)
	}
	out := make(map[time.Time]SeriesPoint, len(bs))
	for i, b := range bs {
		t := time.Unix(int64(b), 0).UTC()
		p := out[t]
		p.Gained += gains[i]
		out[t] = p
	}
	for i, b := range appearedAt {
		t := time.Unix(int64(b), 0).UTC()
		p := out[t]
		p.Appeared += appeared[i]
		out[t] = p
	}
	return base, out, nil
}
