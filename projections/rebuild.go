package projections

import (
	"context"
	"fmt"
	"strings"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
)

// Projections are the ClickHouse read models derived from metric_snapshots,
// each filled by a materialized view named <table>_mv.
var Projections = []string{"entity_latest", "entity_hourly", "entity_daily", "video_age_hourly"}

// Rebuild recomputes the projections from metric_snapshots: each is
// truncated and filled with its materialized view's own SELECT over every
// snapshot. Snapshots written meanwhile are safe: they reach the projection
// through the view, the SELECT, or both, and the projections come out the
// same however often a snapshot is counted (argMin/argMax states in
// entity_latest, one row per bucket after the replacing merge in the
// hourly and daily tables). Careful: months DropExpiredSnapshots has
// dropped are erased from the projections too.
func Rebuild(ctx context.Context, ch driver.Conn) error {
	for _, table := range Projections {
		var create string
		err := ch.QueryRow(ctx, `SELECT create_table_query FROM system.tables WHERE database = currentDatabase() AND name = ?`,
			table+"_mv").Scan(&create)
		if err != nil {
			return fmt.Errorf("read the view of %s: %w", table, err)
		}
		i := strings.Index(create, " AS SELECT ")
		if i < 0 {
			return fmt.Errorf("read the view of %s: no SELECT in %q", table, create)
		}
		if err := ch.Exec(ctx, "TRUNCATE TABLE "+table); err != nil {
			return fmt.Errorf("truncate %s: %w", table, err)
		}
		if err := ch.Exec(ctx, "INSERT INTO "+table+" "+create[i+len(" AS "):]); err != nil {
			return fmt.Errorf("refill %s: %w", table, err)
		}
	}
	return nil
}
