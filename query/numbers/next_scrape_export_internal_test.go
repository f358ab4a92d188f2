package numbers

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/refresh"
)

// SoonestScrape and ScanScrape answer a workspace's next scrape through the
// index walk the overview uses and by reading every item, for the tests of
// package numbers_test.
var SoonestScrape = soonestScrape

// DueFloorPage is how many items the walk reads at a time, DueFloorPages
// how many pages before it reads every item.
const (
	DueFloorPage  = dueFloorPage
	DueFloorPages = dueFloorPages
)

func ScanScrape(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, now time.Time) (*time.Time, *refresh.Reason, error) {
	return scanScrape(ctx, db, ws, scheduledAll, now)
}
