// Package projections holds the ClickHouse read models derived from
// metric_snapshots: their rebuild (rebuild.go) and the drop of expired
// snapshot partitions (retention.go); the analytics sync is in
// projections/analytics.
//
// Materialized views (<table>_mv, schema/clickhouse/0002–0006) fill
// entity_latest, entity_hourly, entity_daily and video_age_hourly at
// insert time, with no Go code on the way. Queries read these, never the raw
// snapshots, and never need FINAL: an unmerged bucket holds only true
// snapshots. Each table's SQL says why its key is ordered as it is.
//
// ClickHouse 18.16 has no TTL, so retention drops whole expired months of
// metric_snapshots; the projections keep every row for ever, so answers do
// not change. Once raw history is cut the projections hold its only copy,
// and Rebuild refuses (ErrRawHistoryDropped). The package imports only
// schema and writes no PostgreSQL.
package projections
