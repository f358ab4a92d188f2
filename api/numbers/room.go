// Package numbers is the room of the dashboard's numbers: the videos and
// one video, the overview, the accounts and an account's analytics, and
// the CSV export. Its reads are cached per workspace and data version;
// the writes on videos and accounts are the tracking room's.
package numbers

import (
	"log/slog"
	"time"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// Room holds the reads the routes of the dashboard's numbers call.
type Room struct {
	httpx.Answers
	Now func() time.Time
	Log *slog.Logger

	Videos           numbers.VideosHandler
	Overview         numbers.OverviewHandler
	Accounts         numbers.AccountsHandler
	AccountAnalytics numbers.AccountAnalyticsHandler
	Export           numbers.ExportHandler
	// ExportSlots is shared by every export of the process; a client taking
	// nothing of an export for ExportStall ends it.
	ExportSlots *ExportSlots
	ExportStall time.Duration
}
