// Package projections holds the ClickHouse read models derived from
// metric_snapshots: their rebuild (rebuild.go) and the drop of expired
// snapshot partitions (retention.go). The analytics database's sync is
// projections/analytics.
package projections
