package store

import (
	"context"

	"github.com/ClickHouse/clickhouse-go/v2"
)

// backgroundSettings are the ClickHouse settings of work nobody waits on:
// one thread per query, so that on a small machine the others stay for
// the dashboard's reads (docs/operations.md, "Fair sharing").
var backgroundSettings = clickhouse.Settings{"max_threads": 1}

// Background marks ctx's ClickHouse queries as background work (the cron's
// steps, exports): each runs on one thread.
func Background(ctx context.Context) context.Context {
	return clickhouse.Context(ctx, clickhouse.WithSettings(backgroundSettings))
}
