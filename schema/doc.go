// Package schema embeds the numbered SQL migrations (postgres/, clickhouse/)
// and applies each once, in order, recorded with its checksum; an applied
// file that was edited is refused (except those listed in rewritten), and
// so is a record it cannot trust (guard.go): missing or shorter than the
// tables show, or listing a migration newer than the binary.
// ClickHouseLayout fills in the templates: plain MergeTree on one server, or
// Replicated engines behind Distributed tables on a cluster (cluster.go,
// docs/scaling.md). The SQL must run on ClickHouse 18.16 and on 26.x, so the
// runner skips an ADD COLUMN or view that exists to keep migrations safe to
// rerun (docs/clickhouse.md). The package imports no package of the project.
package schema
