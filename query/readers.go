package query

import (
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/query/chread"
)

// Readers are what the handlers reading both stores hold.
type Readers struct {
	DB  *pgxpool.Pool
	CH  chread.Conn
	Now func() time.Time
	// SnapshotRetention is how long the raw snapshots are kept
	// (SNAPSHOT_RETENTION; 0: for ever): a read of a few entities' hours
	// takes them from metric_snapshots, where each entity's rows are
	// together, only while the months it needs are kept.
	SnapshotRetention time.Duration
}
