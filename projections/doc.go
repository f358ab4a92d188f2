// Package projections keeps the read models in step with what was written:
// ClickHouse rollups of metric snapshots, entity status from scrape results,
// and the Redis cache versions that a write invalidates.
package projections
