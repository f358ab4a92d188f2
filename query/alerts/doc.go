// Package alerts answers the dashboard's alert rules and events, the
// notification channels and the digest (its setting, and its content for
// the alerts cron's digests step). GET /api/alerts → api →
// alerts.AlertsHandler → PostgreSQL. The cron's other reads are not here:
// the spike scan and the milestones' views are query's (SpikeScanner,
// MilestoneScanner), the insights' inputs chread's (InsightsReader).
package alerts
