package numbers

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
)

// ReadOverviewMetrics runs only the overview's read of every video's
// numbers (the totals and the gains), for the benchmarks, and returns how
// many videos it read.
func ReadOverviewMetrics(ctx context.Context, ch chread.Conn, ws uuid.UUID, p query.Preset, now time.Time) (int, error) {
	n := 0
	err := chread.Reader{CH: ch}.Entities(ctx, overviewMetrics(ws, query.WindowOf(p, now)), func(uuid.UUID, chread.EntityMetrics) error {
		n++
		return nil
	})
	return n, err
}
