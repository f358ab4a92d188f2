package plan

import "github.com/reeltrack/reeltrack/internal/domain"

// What counts against a workspace's video limit: every individually tracked
// video that is not removed counts 1 and every account that is not removed
// counts its tracking limit (paused items too: pausing keeps the item's
// place). Videos found through an account are covered by its limit. The usage
// sum and the item list below are built from these fragments, so they
// cannot disagree.
//
// The fragments are embedded in statements of their own numbering, so the
// removed status is written into them from domain.ItemRemoved rather than
// passed as a parameter.
const (
	removedSQL    = `'` + string(domain.ItemRemoved) + `'`
	videoCounts   = `tracked_individually AND status <> ` + removedSQL
	accountCounts = `status <> ` + removedSQL
	accountCost   = `tracking_limit`
)

// VideoUsageSQL is the SQL expression (PostgreSQL) for what a workspace uses
// of its video limit. $1 is the workspace id. The dashboard's usage and the
// limit checks of tracking and of account changes all read it from here, so
// they cannot disagree.
const VideoUsageSQL = `(` + VideosByLinkSQL + `
	+ ` + AccountSlotsSQL + `)`

// VideosByLinkSQL is the part of VideoUsageSQL that videos tracked by their
// own link use, and AccountSlotsSQL the part accounts keep for their
// videos (the sum of their tracking limits); AccountsSQL counts those
// accounts. $1 is the workspace id.
const (
	VideosByLinkSQL = `(SELECT count(*) FROM videos WHERE workspace_id = $1 AND ` + videoCounts + `)`
	AccountSlotsSQL = `(SELECT coalesce(sum(` + accountCost + `), 0) FROM accounts WHERE workspace_id = $1 AND ` + accountCounts + `)`
	AccountsSQL     = `(SELECT count(*) FROM accounts WHERE workspace_id = $1 AND ` + accountCounts + `)`
)

// UsageItemsSQL is a PostgreSQL query listing what counts against the video
// limit of every workspace, one row per item: kind ('account' or 'video'),
// id, workspace_id, created_at (when it was first tracked) and cost.
const UsageItemsSQL = `SELECT 'account' AS kind, id, workspace_id, created_at, ` + accountCost + ` AS cost FROM accounts WHERE ` + accountCounts + `
	UNION ALL
	SELECT 'video', id, workspace_id, created_at, 1 FROM videos WHERE ` + videoCounts
