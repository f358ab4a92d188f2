// Package team answers the workspace and who is in it: the workspace and
// its usage, the caller's membership and session, the team and its
// invites, the activity log, and the public plans, founding stats and
// provider status. GET /api/workspace/team → api → team.TeamHandler →
// PostgreSQL; every workspace route first reads team.MembershipHandler.
package team
