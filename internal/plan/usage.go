package plan

// VideoUsageSQL is the SQL expression (PostgreSQL) for what a workspace uses
// of its video limit: every individually tracked video counts 1 and every
// account that is not removed counts its tracking limit (paused accounts
// too: pausing keeps the account's place). $1 is the workspace id. The
// dashboard's usage and the limit checks of tracking and of account changes
// all read it from here, so they cannot disagree.
const VideoUsageSQL = `((SELECT count(*) FROM videos WHERE workspace_id = $1 AND tracked_individually)
	+ (SELECT coalesce(sum(tracking_limit), 0) FROM accounts WHERE workspace_id = $1 AND status <> 'removed'))`
