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
	// Retention is how long raw snapshots are kept (SNAPSHOT_RETENTION; 0:
	// for ever): reads of raw snapshots check that they hold their span.
	Retention time.Duration
}
