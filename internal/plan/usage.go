package plan

import "github.com/reeltrack/reeltrack/internal/domain"

// What counts against a workspace's video limit: each video tracked by link
// 1, each account its tracking limit, paused ones too. Statements of their
// own numbering embed these, so the removed status is written in.
const (
	removedSQL    = `'` + string(domain.ItemRemoved) + `'`
	videoCounts   = `tracked_individually AND status <> ` + removedSQL
	accountCounts = `status <> ` + removedSQL
	accountCost   = `tracking_limit`
)

// VideoUsageSQL is what a workspace ($1) uses of its video limit.
const VideoUsageSQL = `(` + VideosByLinkSQL + `
	+ ` + AccountSlotsSQL + `)`

// VideosByLinkSQL and AccountSlotsSQL are the parts of VideoUsageSQL;
// AccountsSQL counts the accounts. $1 is the workspace id.
const (
	VideosByLinkSQL = `(SELECT count(*) FROM videos WHERE workspace_id = $1 AND ` + videoCounts + `)`
	AccountSlotsSQL = `(SELECT coalesce(sum(` + accountCost + `), 0) FROM accounts WHERE workspace_id = $1 AND ` + accountCounts + `)`
	AccountsSQL     = `(SELECT count(*) FROM accounts WHERE workspace_id = $1 AND ` + accountCounts + `)`
)

// UsageItemsSQL lists the items of every workspace's usage, with their cost.
const UsageItemsSQL = `SELECT 'account' AS kind, id, workspace_id, created_at, ` + accountCost + ` AS cost FROM accounts WHERE ` + accountCounts + `
	UNION ALL
	SELECT 'video', id, workspace_id, created_at, 1 FROM videos WHERE ` + videoCounts
