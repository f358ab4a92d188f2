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

// VideoUsageSQL is what counts against a workspace's ($1) video limit: its
// own usage, or, for workspaces billed together (an organisation's, billed
// by its home), the usage of all of them.
const VideoUsageSQL = `(` + BilledVideosByLinkSQL + `
	+ ` + BilledAccountSlotsSQL + `)`

// BilledTogetherSQL lists the workspaces whose usage counts against the
// limits of the workspace $1: those billed by the same workspace as it
// (workspaces.billed_by) and that workspace, or the workspace alone.
const BilledTogetherSQL = `(SELECT t.id FROM workspaces s JOIN workspaces t
	ON t.id = coalesce(s.billed_by, s.id) OR t.billed_by = coalesce(s.billed_by, s.id) WHERE s.id = $1)`

// PayerSQL is the workspace whose limits bind the workspace row w: the one
// that bills it, or itself.
const PayerSQL = `coalesce(w.billed_by, w.id)`

// VideosByLinkSQL and AccountSlotsSQL are the parts of VideoUsageSQL;
// AccountsSQL counts the accounts. $1 is the workspace id.
const (
	VideosByLinkSQL = `(SELECT count(*) FROM videos WHERE workspace_id = $1 AND ` + videoCounts + `)`
	AccountSlotsSQL = `(SELECT coalesce(sum(` + accountCost + `), 0) FROM accounts WHERE workspace_id = $1 AND ` + accountCounts + `)`
	AccountsSQL     = `(SELECT count(*) FROM accounts WHERE workspace_id = $1 AND ` + accountCounts + `)`
)

// VideoUsageSQL's parts, and the seats, over BilledTogetherSQL.
const (
	BilledVideosByLinkSQL = `(SELECT count(*) FROM videos WHERE workspace_id IN ` + BilledTogetherSQL + ` AND ` + videoCounts + `)`
	BilledAccountSlotsSQL = `(SELECT coalesce(sum(` + accountCost + `), 0) FROM accounts WHERE workspace_id IN ` + BilledTogetherSQL + ` AND ` + accountCounts + `)`
	BilledAccountsSQL     = `(SELECT count(*) FROM accounts WHERE workspace_id IN ` + BilledTogetherSQL + ` AND ` + accountCounts + `)`
	// BilledSeatsSQL counts the seats in use over BilledTogetherSQL ($2
	// now): the members of each workspace's own team and its unexpired
	// invites, creators and client viewers apart (they take no seat).
	BilledSeatsSQL = `((SELECT count(*) FROM workspace_members x WHERE x.workspace_id IN ` + BilledTogetherSQL + `
		AND x.role NOT IN ('creator', 'client') AND x.via_organisation IS NULL)
	+ (SELECT count(*) FROM workspace_invites i WHERE i.workspace_id IN ` + BilledTogetherSQL + `
		AND i.role NOT IN ('creator', 'client') AND (i.expires_at IS NULL OR i.expires_at > $2)))`
)

// UsageItemsSQL lists the items of every workspace's usage, with their cost.
const UsageItemsSQL = `SELECT 'account' AS kind, id, workspace_id, created_at, ` + accountCost + ` AS cost FROM accounts WHERE ` + accountCounts + `
	UNION ALL
	SELECT 'video', id, workspace_id, created_at, 1 FROM videos WHERE ` + videoCounts

// VideoUsageOf is the video usage of the workspace whose id is the SQL
// expression ws (a column of an outer row), as VideoUsageSQL counts it for
// one workspace alone (the subqueries' own columns are read first).
func VideoUsageOf(ws string) string {
	return `((SELECT count(*) FROM videos x WHERE x.workspace_id = ` + ws + ` AND ` + videoCounts + `)
	+ (SELECT coalesce(sum(` + accountCost + `), 0) FROM accounts x WHERE x.workspace_id = ` + ws + ` AND ` + accountCounts + `))`
}

// SeatsOf is the seats in use of the workspace ws at now (SQL
// expressions), as BilledSeatsSQL counts them for one workspace alone.
func SeatsOf(ws, now string) string {
	return `((SELECT count(*) FROM workspace_members x WHERE x.workspace_id = ` + ws + `
		AND x.role NOT IN ('creator', 'client') AND x.via_organisation IS NULL)
	+ (SELECT count(*) FROM workspace_invites x WHERE x.workspace_id = ` + ws + `
		AND x.role NOT IN ('creator', 'client') AND (x.expires_at IS NULL OR x.expires_at > ` + now + `)))`
}
