package domain

// CronStep names a step of the scheduled work (cron_steps.step): the
// refresh (GET /api/cron/refresh), then the alerts cron's steps
// (GET /api/cron/alerts), which run in this order.
type CronStep string

// The scheduled steps.
const (
	StepRefresh    CronStep = "refresh"    // plans the items' refreshes, queues the due ones, retries jobs
	StepRanks      CronStep = "ranks"      // the videos list's ranks and the overview's slots
	StepSettle     CronStep = "settle"     // locks the campaigns' closed payout lines
	StepPayouts    CronStep = "payouts"    // sends and reconciles the payout batches sent through PayPal
	StepDigests    CronStep = "digests"    // queues the members' digests
	StepSpikes     CronStep = "spikes"     // the spike scan of the alert rules
	StepInsights   CronStep = "insights"   // outlier scores and forecasts
	StepMilestones CronStep = "milestones" // views milestones
	StepDispatch   CronStep = "dispatch"   // events to e-mails and channel deliveries
	StepReports    CronStep = "reports"    // renders the scheduled reports due and queues their e-mails
	StepMail       CronStep = "mail"       // sends the mail outbox
	StepChannels   CronStep = "channels"   // delivers to Slack, Discord and webhooks
	StepPurge      CronStep = "purge"      // old activity, sessions and link tokens
)

// CronSteps lists every step in the order the scheduled work runs them;
// AlertsCronSteps those of the alerts cron.
var (
	CronSteps       = append([]CronStep{StepRefresh}, AlertsCronSteps...)
	AlertsCronSteps = []CronStep{StepRanks, StepSettle, StepPayouts, StepDigests, StepSpikes, StepInsights, StepMilestones,
		StepDispatch, StepReports, StepMail, StepChannels, StepPurge}
)
