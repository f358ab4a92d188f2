// Package projections holds the ClickHouse read models derived from
// metric_snapshots: their rebuild (rebuild.go) and the drop of expired
// snapshot partitions (retention.go); the analytics sync is in
// projections/analytics.
//
// Materialized views (<table>_mv, schema/clickhouse/0002–0006) fill
// entity_latest, entity_hourly, entity_daily and video_age_hourly at insert
// time. Queries read these and never need FINAL: an unmerged bucket holds
// only true snapshots. The raw snapshots are read only where one entity's
// rows are wanted together (a video's scrapes, a few entities' hourly
// charts, the insights step's curves), each scrape's newest write, and the
// charts only while the retention keeps the months they need.
//
// Retention: ClickHouse 18.16 has no TTL, so whole expired months of
// metric_snapshots are dropped; the projections keep every row, so answers
// do not change, and Rebuild then refuses (ErrRawHistoryDropped).
package projections
