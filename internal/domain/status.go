package domain

import (
	"slices"
	"time"
)

// Job is the status of a scrape job (one provider run).
type Job string

// The job statuses; one never started again is failed with given_up_at set.
const (
	JobQueued    Job = "queued"    // never started, or sent back to be retried
	JobRunning   Job = "running"   // claimed by a starter, or its run is under way
	JobSucceeded Job = "succeeded" // allowed by the schema; no release writes it
	JobFailed    Job = "failed"    // its run failed or its start was refused
	JobProcessed Job = "processed" // its results are recorded
)

// Jobs lists every job status.
var Jobs = []Job{JobQueued, JobRunning, JobSucceeded, JobFailed, JobProcessed}

// Item is the status of a tracked account or video.
type Item string

// The statuses of a tracked item.
const (
	ItemPending     Item = "pending" // not yet scraped
	ItemActive      Item = "active"
	ItemPaused      Item = "paused"       // not refreshed, still counted and shown
	ItemRemoved     Item = "removed"      // not refreshed, counted or shown until tracked again
	ItemError       Item = "error"        // no data in its last scrape (status reason)
	ItemBeyondLimit Item = "beyond_limit" // past its account's limit: shown, not refreshed or counted
)

// Refreshed reports whether scrapes keep an item of this status up to date.
func (s Item) Refreshed() bool { return slices.Contains(RefreshedItems, s) }

// Sets of item statuses.
var (
	RefreshedItems = []Item{ItemPending, ItemActive, ItemError}       // scrapes keep them up to date
	HeldItems      = []Item{ItemPaused, ItemRemoved, ItemBeyondLimit} // scrapes leave them as they are
	AlertedVideos  = []Item{ItemPending, ItemActive}                  // of the videos rules watch
)

// Accounts lists the statuses of an account; Videos those of a video.
var (
	Accounts = []Item{ItemPending, ItemActive, ItemPaused, ItemRemoved, ItemError}
	Videos   = []Item{ItemPending, ItemActive, ItemPaused, ItemRemoved, ItemError, ItemBeyondLimit}
)

// Role is a member's or an invite's role in a workspace.
type Role string

// The roles: the owner created the workspace; owners and admins manage it;
// members read it; a creator is one creator of it (creators), who sees
// only the creator portal; a client is someone at the agency's client who
// reads the workspace, or chosen collections of it, and changes nothing.
const (
	RoleOwner   Role = "owner"
	RoleAdmin   Role = "admin"
	RoleMember  Role = "member"
	RoleCreator Role = "creator"
	RoleClient  Role = "client"
)

// Manages reports whether the role may manage the workspace (invites, billing).
func (r Role) Manages() bool { return r == RoleOwner || r == RoleAdmin }

// Team reports whether the role is the workspace's team, who read the
// workspace and get its e-mails: every role but a creator's.
func (r Role) Team() bool { return r == RoleOwner || r == RoleAdmin || r == RoleMember }

// Mail is the status of an e-mail in the outbox (mail_outbox).
type Mail string

// The statuses of a queued e-mail.
const (
	MailPending Mail = "pending"
	MailSent    Mail = "sent"    // accepted by the mail server
	MailFailed  Mail = "failed"  // rejected, or out of attempts
	MailSkipped Mail = "skipped" // its recipient left the workspace, or its rule was deleted
)

// Mails lists every e-mail status.
var Mails = []Mail{MailPending, MailSent, MailFailed, MailSkipped}

// MailKind is what an e-mail of the outbox is; the kinds but MailAlert are
// also the purposes of account links (account_tokens.purpose) and invites.
type MailKind string

// The kinds of e-mail the service sends.
const (
	MailAlert           MailKind = "alert" // only to verified members
	MailVerifyEmail     MailKind = "verify_email"
	MailResetPassword   MailKind = "reset_password"
	MailInvite          MailKind = "invite"
	MailDigest          MailKind = "digest"
	MailChannelDisabled MailKind = "channel_disabled" // to managers
	MailCreator         MailKind = "creator"          // only to a creator's own login
	MailReport          MailKind = "report"           // a scheduled report, to its chosen recipients
)

// MailKinds lists every kind; AccountTokenPurposes those of account_tokens.
var (
	MailKinds            = []MailKind{MailAlert, MailVerifyEmail, MailResetPassword, MailInvite, MailDigest, MailChannelDisabled, MailCreator, MailReport}
	AccountTokenPurposes = []MailKind{MailVerifyEmail, MailResetPassword}
)

// LateScrape is how late a scrape may be recorded without bumping the
// workspace's history_version (chread.StartValueCache).
const LateScrape = 6 * time.Hour

// Action is what an entry of the activity log (activity_log.action) tells.
type Action string

// The actions the activity log records.
const (
	ActionLogin              Action = "login"
	ActionLoginFailed        Action = "login_failed"
	ActionLogoutEverywhere   Action = "logout_everywhere"
	ActionEmailVerified      Action = "email_verified"
	ActionInviteSent         Action = "invite_sent"
	ActionInviteResent       Action = "invite_resent"
	ActionInviteAccepted     Action = "invite_accepted"
	ActionInviteRevoked      Action = "invite_revoked"
	ActionRoleChanged        Action = "member_role_changed"
	ActionMemberRemoved      Action = "member_removed"
	ActionMemberLeft         Action = "member_left"
	ActionPasswordReset      Action = "password_reset"
	ActionPasswordChanged    Action = "password_changed"
	ActionCheckoutStarted    Action = "billing_checkout_started"
	ActionPortalOpened       Action = "billing_portal_opened"
	ActionBillingChanged     Action = "billing_changed"
	ActionAlertRuleSaved     Action = "alert_rule_saved"
	ActionAlertRuleDeleted   Action = "alert_rule_deleted"
	ActionCollectionCreated  Action = "collection_created"
	ActionCollectionChanged  Action = "collection_changed"
	ActionCollectionDeleted  Action = "collection_deleted"
	ActionAccountChanged     Action = "account_settings_changed"
	ActionItemsChanged       Action = "tracked_items_changed"
	ActionWorkspaceCreated   Action = "workspace_created"
	ActionWorkspaceRenamed   Action = "workspace_renamed"
	ActionCampaignCreated    Action = "campaign_created"
	ActionCampaignChanged    Action = "campaign_changed"
	ActionCampaignRules      Action = "campaign_rules_changed"
	ActionCampaignEnded      Action = "campaign_ended"
	ActionVideoPayeeChanged  Action = "video_payee_changed"
	ActionCreatorSaved       Action = "creator_saved"
	ActionCreatorDeleted     Action = "creator_deleted"
	ActionPayoutsApproved    Action = "payouts_approved"
	ActionPayoutsRejected    Action = "payouts_rejected"
	ActionPayoutsCleared     Action = "payouts_cleared"
	ActionPayoutsReopened    Action = "payouts_reopened"
	ActionPayoutsPaid        Action = "payouts_paid"
	ActionChannelSaved       Action = "channel_saved"
	ActionChannelDeleted     Action = "channel_deleted"
	ActionChannelRotated     Action = "channel_secret_rotated"
	ActionChannelDisabled    Action = "channel_disabled"
	ActionShareLinkCreated   Action = "share_link_created"
	ActionShareLinkChanged   Action = "share_link_changed"
	ActionShareLinkRevoked   Action = "share_link_revoked"
	ActionAPIKeyCreated      Action = "api_key_created"
	ActionAPIKeyRevoked      Action = "api_key_revoked"
	ActionDigestChanged      Action = "digest_settings_changed"
	ActionPostsSubmitted     Action = "posts_submitted"
	ActionSubmissionsDone    Action = "submissions_reviewed"
	ActionPayoutMethodSet    Action = "payout_method_set"
	ActionBatchesMade        Action = "payout_batches_made"
	ActionBatchPaid          Action = "payout_batch_paid"
	ActionBatchCancelled     Action = "payout_batch_cancelled"
	ActionBatchSent          Action = "payout_batch_sent"
	ActionBatchNotSent       Action = "payout_batch_not_sent"
	ActionBatchUnclaimed     Action = "payout_batch_unclaimed"
	ActionBatchFailed        Action = "payout_batch_failed"
	ActionBatchReturned      Action = "payout_batch_returned"
	ActionPayPalConnected    Action = "paypal_connected"
	ActionPayPalRemoved      Action = "paypal_disconnected"
	ActionWatchSaved         Action = "watch_saved"
	ActionWatchDeleted       Action = "watch_deleted"
	ActionCapturesTracked    Action = "captures_tracked"
	ActionCapturesDismissed  Action = "captures_dismissed"
	ActionCapturesRestored   Action = "captures_restored"
	ActionCompetitorAdded    Action = "competitor_added"
	ActionCompetitorRemoved  Action = "competitor_removed"
	ActionOrgCreated         Action = "organisation_created"
	ActionOrgChanged         Action = "organisation_changed"
	ActionClientWorkspace    Action = "client_workspace_created"
	ActionOrgJoinCode        Action = "organisation_join_code_made"
	ActionOrgWorkspaceJoined Action = "organisation_workspace_joined"
	ActionOrgWorkspaceLeft   Action = "organisation_workspace_left"
	ActionReportSaved        Action = "report_saved"
	ActionReportDeleted      Action = "report_deleted"
	ActionReportSent         Action = "report_sent"
)

// Line is the status of a line of a campaign's ledger.
type Line string

// The statuses of a locked line.
const (
	LineLocked   Line = "locked" // views and amount fixed, waiting for review
	LineHeld     Line = "held"   // flagged (HoldReason), waiting for a person's review
	LineApproved Line = "approved"
	LineRejected Line = "rejected" // not paid; its reason says why, and it can be reopened
	LinePaid     Line = "paid"     // paid outside the service
)

// LineProjected is a line whose window is open: computed on read, never stored.
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
	HoldBurst          HoldReason = "burst"                // views far beyond the account's without likes
	HoldViewsFell      HoldReason = "views_fell"           // after the lock
	HoldUnavailable    HoldReason = "unavailable"          // before its window closed
	HoldNoSnapshot     HoldReason = "no_snapshot"          // none before the window closed
	HoldStale          HoldReason = "stale_snapshot"       // its last snapshot in time is too old
	HoldPublishUnknown HoldReason = "publish_time_unknown" // views read at the latest end
	HoldCollab         HoldReason = "collab"               // by the campaign's collab setting
	HoldCampaignEnded  HoldReason = "campaign_ended"       // before the window closed
	HoldUnverified     HoldReason = "unverified_account"   // a campaign paying verified accounts only
	HoldTaxForm        HoldReason = "tax_form_missing"     // a campaign requiring a tax form on file
	HoldLowQuality     HoldReason = "low_quality"          // a view-quality score below the campaign's minimum
)

// HoldReasons lists every reason a line is held.
var HoldReasons = []HoldReason{HoldBurst, HoldViewsFell, HoldUnavailable, HoldNoSnapshot, HoldStale, HoldPublishUnknown, HoldCollab, HoldCampaignEnded, HoldUnverified, HoldTaxForm, HoldLowQuality}

// PostKind is what a video is to its account, decided at ingest.
type PostKind string

// The kinds of post.
const (
	KindOwn         PostKind = "own"
	KindCollab      PostKind = "collab" // another account's post the account co-authored
	KindRepost      PostKind = "repost" // or retweet
	KindQuote       PostKind = "quote"
	KindReply       PostKind = "reply"
	KindOtherAuthor PostKind = "other_author" // another author's post the account's feed listed
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
	CollabsHold    Collabs = "hold" // lock their lines held for a person's review
	CollabsPay     Collabs = "pay"  // as own posts
	CollabsExclude Collabs = "exclude"
)

// CollabSettings lists every collab setting.
var CollabSettings = []Collabs{CollabsHold, CollabsPay, CollabsExclude}

// ActivityKeptFor is how long the activity log keeps an entry.
const ActivityKeptFor = 365 * 24 * time.Hour

// TaxForm is the tax form an owner or admin recorded as on file for a
// creator (creators.tax_form); no document is stored.
type TaxForm string

// The tax forms.
const (
	TaxFormNone  TaxForm = "none"
	TaxFormW9    TaxForm = "w9"
	TaxFormW8BEN TaxForm = "w8ben"
	TaxFormOther TaxForm = "other"
)

// TaxForms lists every tax form state.
var TaxForms = []TaxForm{TaxFormNone, TaxFormW9, TaxFormW8BEN, TaxFormOther}
