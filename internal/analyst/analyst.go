// Package analyst describes the read-only ClickHouse user `analyst` of the
// analytics database (docs/analytics.md, "Access";
// deploy/clickhouse/analyst-users.xml.in).
package analyst

import (
	"context"
	"os"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/reeltrack/reeltrack/internal/store"
)

// User is the analyst's ClickHouse user name.
const User = "analyst"

// LocalPassword is the analyst's password when CLICKHOUSE_ANALYST_PASSWORD
// is unset (local development only).
const LocalPassword = "analyst-local"

// Database returns db's analytics database, the only one analysts may read.
func Database(db string) string { return db + "_analytics" }

// Options reaches ClickHouse as the analyst, from the server's environment.
func Options() store.ClickHouseOptions {
	return store.ClickHouseOptions{
		Addr:     getenv("CLICKHOUSE_ADDR", "127.0.0.1:9000"),
		Database: Database(getenv("CLICKHOUSE_DATABASE", "reeltrack")),
		User:     User,
		Password: getenv("CLICKHOUSE_ANALYST_PASSWORD", LocalPassword),
	}
}

// Open connects to ClickHouse as the analyst (Options).
func Open(ctx context.Context) (driver.Conn, error) {
	return store.OpenClickHouse(ctx, Options())
}

func getenv(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
