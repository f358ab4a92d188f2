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
}
