package domain

import (
	"slices"
	"time"
)

// Job is the status of a scrape job (one provider run).
type Job string

// The statuses of a scrape job. A job that is not started again is failed
// and given up (its given_up_at column), whatever its attempts.
const (
	// JobQueued waits to start: never started, or sent back to be retried.
	JobQueued Job = "queued"
	// JobRunning is claimed by a starter, or its run is under way.
	JobRunning Job = "running"
	// JobSucceeded is allowed by the schema; no release writes it.
	JobSucceeded Job = "succeeded"
	// JobFailed ended without data: its run failed or its start was refused.
	JobFailed Job = "failed"
	// JobProcessed has its results recorded.
	JobProcessed Job = "processed"
)

// Jobs lists every job status.
var Jobs = []Job{JobQueued, JobRunning, JobSucceeded, JobFailed, JobProcessed}

// Item is the status of a tracked account or video.
type Item string

// The statuses of a tracked item; a video found through an account is also
// beyond_limit when the account's tracking limit no longer keeps it.
const (
	// ItemPending is tracked and not yet scraped.
	ItemPending Item = "pending"
	// ItemActive was scraped with data.
	ItemActive Item = "active"
	// ItemPaused is paused by its workspace: not refreshed, still counted and shown.
	ItemPaused Item = "paused"
	// ItemRemoved is not refreshed, counted or shown; tracking it again brings it back.
	ItemRemoved Item = "removed"
	// ItemError had no data in its last scrape; its status reason says why.
	ItemError Item = "error"
	// ItemBeyondLimit is a video beyond its account's tracking limit: kept, shown,
	// neither refreshed nor counted.
	ItemBeyondLimit Item = "beyond_limit"
)

// Refreshed reports whether scrapes keep an item of this status up to date.
func (s Item) Refreshed() bool { return slices.Contains(RefreshedItems, s) }

// RefreshedItems are the statuses scrapes keep up to date, HeldItems those
// they leave as they are; AlertedVideos those of the videos rules watch.
var (
	RefreshedItems = []Item{ItemPending, ItemActive, ItemError}
	HeldItems      = []Item{ItemPaused, ItemRemoved, ItemBeyondLimit}
	AlertedVideos  = []Item{ItemPending, ItemActive}
)

// Accounts lists the statuses of an account; Videos those of a video.
var (
	Accounts = []Item{ItemPending, ItemActive, ItemPaused, ItemRemoved, ItemError}
	Videos   = []Item{ItemPending, ItemActive, ItemPaused, ItemRemoved, ItemError, ItemBeyondLimit}
)

// Role is a member's or an invite's role in a workspace.
type Role string

// The roles: the owner created the workspace; owners and admins manage it.
const (
	RoleOwner  Role = "owner"
	RoleAdmin  Role = "admin"
	RoleMember Role = "member"
)

// Manages reports whether the role may manage the workspace (invites, billing).
func (r Role) Manages() bool { return r == RoleOwner || r == RoleAdmin }

// Mail is the status of an e-mail in the outbox (mail_outbox).
type Mail string

// The statuses of a queued e-mail.
const (
	// MailPending waits for its next attempt.
	MailPending Mail = "pending"
	// MailSent was accepted by the mail server.
	MailSent Mail = "sent"
	// MailFailed is not tried again: rejected, or out of attempts.
	MailFailed Mail = "failed"
	// MailSkipped: its recipient left the workspace, or its rule was deleted.
	MailSkipped Mail = "skipped"
)

// Mails lists every e-mail status.
var Mails = []Mail{MailPending, MailSent, MailFailed, MailSkipped}

// MailKind is what an e-mail of the outbox is; the kinds but MailAlert are
// also the purposes of account links (account_tokens.purpose) and invites.
type MailKind string

// The kinds of e-mail the service sends.
const (
	// MailAlert tells that a rule fired; it goes only to verified members.
	MailAlert MailKind = "alert"
	// MailVerifyEmail carries the link that verifies a user's address.
	MailVerifyEmail MailKind = "verify_email"
	// MailResetPassword carries a password reset link.
	MailResetPassword MailKind = "reset_password"
	// MailInvite carries an invite's link.
	MailInvite MailKind = "invite"
	// MailDigest is a member's daily or weekly digest.
	MailDigest MailKind = "digest"
	// MailChannelDisabled tells managers that a channel was disabled.
	MailChannelDisabled MailKind = "channel_disabled"
)

// MailKinds lists every kind; AccountTokenPurposes those of account_tokens.
var (
	MailKinds            = []MailKind{MailAlert, MailVerifyEmail, MailResetPassword, MailInvite, MailDigest, MailChannelDisabled}
	AccountTokenPurposes = []MailKind{MailVerifyEmail, MailResetPassword}
)

// LateScrape is how late a scrape may be recorded without bumping the
// workspace's history_version (chread.StartValueCache).
const LateScrape = 6 * time.Hour

// Action is what an entry of the activity log (activity_log.action) tells.
type Action string

// The actions the activity log records.
const (
	ActionLogin             Action = "login"
	ActionLoginFailed       Action = "login_failed"
	ActionLogoutEverywhere  Action = "logout_everywhere"
	ActionEmailVerified     Action = "email_verified"
	ActionInviteSent        Action = "invite_sent"
	ActionInviteResent      Action = "invite_resent"
	ActionInviteAccepted    Action = "invite_accepted"
	ActionInviteRevoked     Action = "invite_revoked"
	ActionRoleChanged       Action = "member_role_changed"
	ActionMemberRemoved     Action = "member_removed"
	ActionMemberLeft        Action = "member_left"
	ActionPasswordReset     Action = "password_reset"
	ActionPasswordChanged   Action = "password_changed"
	ActionCheckoutStarted   Action = "billing_checkout_started"
	ActionPortalOpened      Action = "billing_portal_opened"
	ActionBillingChanged    Action = "billing_changed"
	ActionAlertRuleSaved    Action = "alert_rule_saved"
	ActionAlertRuleDeleted  Action = "alert_rule_deleted"
	ActionCollectionCreated Action = "collection_created"
	ActionCollectionChanged Action = "collection_changed"
	ActionCollectionDeleted Action = "collection_deleted"
	ActionAccountChanged    Action = "account_settings_changed"
	ActionItemsChanged      Action = "tracked_items_changed"
	ActionWorkspaceCreated  Action = "workspace_created"
	ActionWorkspaceRenamed  Action = "workspace_renamed"
	ActionCampaignCreated   Action = "campaign_created"
	ActionCampaignChanged   Action = "campaign_changed"
	ActionCampaignRules     Action = "campaign_rules_changed"
	ActionCampaignEnded     Action = "campaign_ended"
	ActionVideoPayeeChanged Action = "video_payee_changed"
	ActionCreatorSaved      Action = "creator_saved"
	ActionCreatorDeleted    Action = "creator_deleted"
	ActionPayoutsApproved   Action = "payouts_approved"
	ActionPayoutsRejected   Action = "payouts_rejected"
	ActionPayoutsCleared    Action = "payouts_cleared"
	ActionPayoutsReopened   Action = "payouts_reopened"
	ActionPayoutsPaid       Action = "payouts_paid"
	ActionChannelSaved      Action = "channel_saved"
	ActionChannelDeleted    Action = "channel_deleted"
	ActionChannelRotated    Action = "channel_secret_rotated"
	ActionChannelDisabled   Action = "channel_disabled"
	ActionShareLinkCreated  Action = "share_link_created"
	ActionShareLinkChanged  Action = "share_link_changed"
	ActionShareLinkRevoked  Action = "share_link_revoked"
	ActionAPIKeyCreated     Action = "api_key_created"
	ActionAPIKeyRevoked     Action = "api_key_revoked"
	ActionDigestChanged     Action = "digest_settings_changed"
)

// Line is the status of a locked line of a campaign's ledger; a line whose
// window is still open is projected: computed on read, never stored.
type Line string

// The statuses of a locked line.
const (
	// LineLocked has its views and amount fixed and waits for review.
	LineLocked Line = "locked"
	// LineHeld was flagged (HoldReason) and waits for a person's review.
	LineHeld Line = "held"
	// LineApproved is to be paid.
	LineApproved Line = "approved"
	// LineRejected is not paid; its reason says why, and it can be reopened.
	LineRejected Line = "rejected"
	// LinePaid was paid outside the service.
	LinePaid Line = "paid"
)

// LineProjected is the status of a line not locked yet: computed on read
// from the latest snapshot, never stored, so not one of Lines.
const LineProjected Line = "projected"

// Lines lists every status of a locked line; CommittedLines those spent.
var (
	Lines          = []Line{LineLocked, LineHeld, LineApproved, LineRejected, LinePaid}
	CommittedLines = []Line{LineLocked, LineHeld, LineApproved, LinePaid}
)

// HoldReason is why a line was held for review (payout_lines.hold_reason).
type HoldReason string

// The reasons a line is held.
const (
	// HoldBurst: views far beyond the account's history without likes to match.
	HoldBurst HoldReason = "burst"
	// HoldViewsFell: its views fell after the lock.
	HoldViewsFell HoldReason = "views_fell"
	// HoldUnavailable: its video went unavailable before its window closed.
	HoldUnavailable HoldReason = "unavailable"
	// HoldNoSnapshot: no snapshot before its window closed (it was tracked later).
	HoldNoSnapshot HoldReason = "no_snapshot"
	// HoldStale: its last snapshot before the window closed is too old.
	HoldStale HoldReason = "stale_snapshot"
	// HoldPublishUnknown: publish time unknown, views read at the latest end.
	HoldPublishUnknown HoldReason = "publish_time_unknown"
	// HoldCollab: a collab held by the campaign's collab setting.
	HoldCollab HoldReason = "collab"
	// HoldCampaignEnded: the campaign ended before the window closed.
	HoldCampaignEnded HoldReason = "campaign_ended"
)

// HoldReasons lists every reason a line is held.
var HoldReasons = []HoldReason{HoldBurst, HoldViewsFell, HoldUnavailable, HoldNoSnapshot, HoldStale, HoldPublishUnknown, HoldCollab, HoldCampaignEnded}

// PostKind is what a video is to its account, decided at ingest.
type PostKind string

// The kinds of post.
const (
	// KindOwn is the account's own post.
	KindOwn PostKind = "own"
	// KindCollab is a collab: another account's post the account co-authored.
	KindCollab PostKind = "collab"
	// KindRepost is a repost or retweet of another account's post.
	KindRepost PostKind = "repost"
	// KindQuote quotes another post.
	KindQuote PostKind = "quote"
	// KindReply replies to another account's post.
	KindReply PostKind = "reply"
	// KindOtherAuthor is another author's post the account's feed listed.
	KindOtherAuthor PostKind = "other_author"
)

// PostKinds lists every kind; CountedKinds those that count toward an
// account's totals, its tracking limit, insights, milestones and payouts.
var (
	PostKinds    = []PostKind{KindOwn, KindCollab, KindRepost, KindQuote, KindReply, KindOtherAuthor}
	CountedKinds = []PostKind{KindOwn, KindCollab}
)

// Counted reports whether a post of this kind counts.
func (k PostKind) Counted() bool { return slices.Contains(CountedKinds, k) }

// Collabs is what a campaign does with collab posts (campaigns.collabs).
type Collabs string

// The collab settings of a campaign.
const (
	// CollabsHold locks their lines held for a person's review.
	CollabsHold Collabs = "hold"
	// CollabsPay pays them as own posts.
	CollabsPay Collabs = "pay"
	// CollabsExclude leaves them out of the ledger.
	CollabsExclude Collabs = "exclude"
)

// CollabSettings lists every collab setting.
var CollabSettings = []Collabs{CollabsHold, CollabsPay, CollabsExclude}

// ActivityKeptFor is how long the activity log keeps an entry.
const ActivityKeptFor = 365 * 24 * time.Hour
