package tenantaudit

import (
	"slices"
	"strings"
)

// exception is code whose statements span workspaces by design, or find
// the workspace a request or a delivery belongs to.
type exception struct {
	under  string // a function of the module: the statement's sender or one of its callers
	only   string // if set, the one problem excepted (Problem.Key), else any
	reason string
}

// exceptions are the cross-workspace jobs and the lookups that find a
// workspace, each with its reason. Nothing else may be added here: a
// statement of one workspace's work names its workspace_id.
var exceptions = []exception{
	// the jobs over every workspace
	{under: "command/tracking.RefreshDueHandler.Handle",
		reason: "the refresh cron: plans every workspace's items against its budget, claims the due ones (FOR UPDATE SKIP LOCKED), queues their scrape jobs and retries or gives up failed jobs, whoever's they are"},
	{under: "command/alerts.DispatchEvents",
		reason: "the alerts cron's dispatch: claims every workspace's undispatched events in order"},
	{under: "command/alerts.DeliverEventsHandler.Deliver",
		reason: "the alerts cron's delivery: sends every workspace's due channel deliveries"},
	{under: "command/outbox.Outbox.deliverOne",
		reason: "the mail outbox: claims and sends due mails by id, of every workspace and of none (account mails)"},
	{under: "command/alerts.QueueDigestsHandler.Handle", only: "DELETE digest_sends",
		reason: "the retention of digest records: drops every workspace's older than the window"},
	{under: "command/cron.purgeAccountRecords", only: "DELETE activity_log",
		reason: "the retention of the activity log: drops every workspace's entries older than the window"},
	{under: "command/reports.Handler.SendDue", only: "SELECT report_schedules",
		reason: "the reports step claims every workspace's due report schedules (FOR UPDATE SKIP LOCKED), then sends each in its workspace"},
	{under: "command/campaigns.SettlePayoutsHandler.Handle", only: "SELECT campaigns",
		reason: "the settle run lists every workspace's campaigns, then settles each under its workspace's lock"},
	{under: "command/campaigns.PayPalHandler.Sync", only: "SELECT payout_batches",
		reason: "the payouts step lists every workspace's batches due a look at PayPal, then sends or reads each under its workspace"},
	{under: "projections/analytics.",
		reason: "the analytics sync copies every workspace's changed rows into the analytics database and rebuilds it"},
	{under: "projections.",
		reason: "the projections' rebuild from metric_snapshots and the retention's drop of expired partitions cover every workspace"},

	// the lookups that find the workspace
	{under: "command/tracking.CompleteScrapeHandler.Handle", only: "SELECT scrape_jobs",
		reason: "the scraper's webhook finds the workspace by the job id the provider sends back"},
	{under: "command/billing.ApplyPaymentEventHandler.Handle", only: "INSERT payment_events",
		reason: "a payment event is recorded by the provider's event id (deduplication) before its workspace is known"},
	{under: "command/billing.ApplyPaymentEventHandler.Handle", only: "UPDATE payment_events",
		reason: "a payment event's record gets the workspace it was found to belong to"},
	{under: "command/team.AcceptInviteHandler.Handle", only: "SELECT workspace_invites",
		reason: "an invite is found by its token's hash; its workspace is what it gives"},
	{under: "command/team.AcceptInviteHandler.Handle", only: "DELETE workspace_invites",
		reason: "accepting an invite voids the address's invites to every workspace: a user belongs to one"},
	{under: "command/team.leaveUnusedWorkspace", only: "SELECT workspace_members",
		reason: "a user's own memberships, by user id: which workspace the user leaves"},
	{under: "command/team.BootstrapWorkspaceHandler.Handle", only: "SELECT workspace_members",
		reason: "a user's own memberships, by user id: whether the user has a workspace yet"},
	{under: "query/team.MembershipHandler.Handle", only: "SELECT workspace_members",
		reason: "a session's memberships, by user id: the workspace it chose, else the login's own, is the one the request works in"},
	{under: "query/organisations.Handler.Workspaces", only: "SELECT workspace_members",
		reason: "a login's memberships, by user id: the workspaces its switcher lists"},
	{under: "command/activitylog.Record", only: "SELECT workspace_members",
		reason: "the actor's workspace, by user id, when the entry is given none"},
	{under: "command/sharing.ShareLinksHandler.CountView", only: "UPDATE share_links",
		reason: "a share link is found by its token's hash; its workspace is what it gives"},
}

// exceptionFor is the exception for a problem of a statement sent from s.
func exceptionFor(s Site, p Problem) (exception, bool) {
	for _, e := range exceptions {
		name := module + e.under
		under := s.Func == name || slices.Contains(s.Chain, name)
		if strings.HasSuffix(name, ".") {
			under = strings.HasPrefix(s.Func, name) || slices.ContainsFunc(s.Chain, func(c string) bool { return strings.HasPrefix(c, name) })
		}
		if under && (e.only == "" || e.only == p.Key()) {
			return e, true
		}
	}
	return exception{}, false
}
