// The shapes of the API's answers, as openapi.yaml describes them.

export type Platform = 'tiktok' | 'instagram' | 'youtube' | 'x'
export const PLATFORMS: Platform[] = ['tiktok', 'instagram', 'youtube', 'x']
export type DatePreset = '24h' | '7d' | '30d' | '90d' | 'all'
export const PRESETS: DatePreset[] = ['24h', '7d', '30d', '90d', 'all']
export type Role = 'owner' | 'admin' | 'member'
export type PlanName = 'trial' | 'starter' | 'growth' | 'agency'

// What a plan allows (a workspace has its plan's).
export interface Limits {
  videoLimit: number
  seatLimit: number
  maxVideosPerAccount: number
  refreshIntervalHours: number
  manualRefreshesPerDay: number
}

export interface Workspace extends Limits {
  id: string
  name: string
  plan: PlanName
  hasAccess: boolean
  trialEndsAt: string | null
  subscriptionStatus: string | null
  graceEndsAt: string | null
  founding: boolean
  role: Role
  usage: { videos: number; videosByLink: number; accountSlots: number; accounts: number; seats: number }
  createdAt: string
}

export interface BootstrapResult {
  workspace: Workspace
  hasAccess: boolean
  created: boolean
  joined: boolean
}

export interface Counts {
  views: number | null
  likes: number | null
  comments: number | null
  shares: number | null
  saves: number | null
}

// paused: not refreshed, still counted; beyond_limit: found through an
// account whose tracking limit no longer keeps it (history kept, not
// refreshed, not counted).
export type VideoStatus = 'pending' | 'active' | 'error' | 'paused' | 'beyond_limit'

export interface Video {
  id: string
  platform: Platform
  platformVideoId: string
  url: string
  caption?: string
  thumbnailUrl?: string
  accountId?: string | null
  accountHandle?: string
  publishedAt?: string | null
  status: VideoStatus
  statusReason?: string
  collectionId?: string | null
  trackedIndividually: boolean
  isShop?: boolean | null
  addedAt: string
  lastScrapedAt?: string | null
  metrics: Counts
  engagementRate?: number | null
  viewsGained24h?: number | null
  viewsGained7d?: number | null
  // the lists only: views gained on each of the last 7 UTC days, oldest first
  views7d?: (number | null)[]
}

export interface VideoList {
  videos: Video[]
  total: number
  limit: number
  offset: number
}

export interface SeriesPoint {
  t: string
  viewsGained: number
  views: number
}

export interface Mover {
  id: string
  platform: Platform
  url: string
  caption?: string
  thumbnailUrl?: string
  accountHandle?: string
  publishedAt?: string | null
  views: number | null
  viewsGained: number
}

// PeriodGained compares what a count gained in the window with the window
// of the same length before it.
export interface PeriodGained {
  period: number
  previous: number | null
  changePct: number | null
}

export interface Overview {
  datePreset: DatePreset | 'custom'
  granularity: 'hour' | 'day'
  start: string | null
  end: string
  totals: {
    views: number
    likes: number
    comments: number
    shares: number
    saves: number
    engagementRate: number | null
    videos: number
    accounts: number
  }
  viewsGained: PeriodGained
  // The same comparison for every count; equal to viewsGained for views.
  gained: Record<'views' | 'likes' | 'comments' | 'shares' | 'saves', PeriodGained>
  series: SeriesPoint[]
  topMovers: Mover[]
  // the soonest next scrape of the tracked items; null when none is refreshed
  nextScrapeAt: string | null
}

export interface Account {
  id: string
  platform: Platform
  handle: string
  url: string
  displayName: string
  avatarUrl: string
  status: 'pending' | 'active' | 'paused' | 'removed' | 'error'
  statusReason: string
  tracking_limit: number
  collectionId: string | null
  followers: number | null
  followersGained7d: number | null
  followersGained30d: number | null
  trackedVideos: number
  videosBeyondLimit: number
  videosWithViews: number | null
  totalViews: number | null
  totalSaves?: number | null
  averageViews: number | null
  engagementRate: number | null
  viewsGained7d: number | null
  views7d?: (number | null)[]
  lastScrapedAt: string | null
  addedAt: string
}

export interface AccountList {
  accounts: Account[]
  total: number
  metricsAvailable: boolean
}

export interface MetricStats {
  videos: number
  average: number | null
  median: number | null
}

export interface AccountAnalytics {
  account: Account
  granularity: 'hour' | 'day'
  start: string | null
  end: string
  followersSeries: { t: string; followers: number | null; followersGained: number }[]
  viewsSeries: SeriesPoint[]
  videos: Video[]
  topVideos: Video[]
  perVideo: { views: MetricStats; likes: MetricStats; comments: MetricStats; shares: MetricStats }
  cadence: {
    published: number
    last4Weeks: { videos: number; perWeek: number }
    last12Weeks: { videos: number; perWeek: number }
    byWeekday: number[]
    byHour: number[]
  }
  bestVideo: (Video & { viewsGained?: number }) | null
  nextScrapeAt: string | null
}

export interface Collection {
  id: string
  name: string
  createdAt: string
  videos: number
  accounts: number
  views: number | null
}

export interface CollectionList {
  collections: Collection[]
  metricsAvailable: boolean
}

export interface TrackResult {
  success: boolean
  url: string
  type?: 'account' | 'video'
  job_id?: string
  scrape_status?: string
  message: string
  id?: string
  platform?: Platform
  existing: boolean
  error?: { code: string; message: string }
}

export type AlertMetric = 'views' | 'likes' | 'comments' | 'shares'
export type AlertCondition = 'gain' | 'growth_pct' | 'velocity_vs_baseline'
export type EventType =
  | 'video.spike'
  | 'video.outlier'
  | 'video.milestone'
  | 'account.milestone'
  | 'tracking.failed'
  | 'account.new_post'
  | 'campaign.budget'
  | 'payout.line_locked'
  | 'payout.line_held'

export interface AlertRule {
  id: string
  name: string
  collectionId: string | null
  platform: Platform | null
  metric: AlertMetric
  condition: AlertCondition
  threshold: number
  windowHours: number
  minStartValue: number
  cooldownHours: number
  recipients: string[]
  enabled: boolean
  eventType: EventType
  email: boolean
  channelIds: string[]
  createdAt: string
  updatedAt: string
  lastTriggeredAt: string | null
  triggerCount: number
}

export interface AlertEvent {
  id: string
  ruleId: string
  ruleName: string
  videoId: string
  videoUrl: string
  videoCaption: string
  platform: Platform
  accountHandle: string
  triggeredAt: string
  metric: string
  windowStart: string
  windowEnd: string
  startValue: number
  endValue: number
  gain: number
  growthPct: number | null
  baseline: number | null
  // published inside the window: the gain counts from 0 at publishing
  sincePublished: boolean
}

export interface Member {
  userId: string
  email: string
  role: Role
  joinedAt: string
}

export interface Invite {
  id: string
  email: string
  role: 'admin' | 'member'
  invitedBy: string
  createdAt: string
  // When the link stops working; null for an invite made before links
  // expired.
  expiresAt: string | null
  expired: boolean
}

export interface Team {
  members: Member[]
  // Owners and admins only: members get an empty list.
  invites: Invite[]
  seats: { used: number; limit: number }
}

export interface FoundingStats {
  total: number
  claimed: number
  held: number
  remaining: number
}

// GET /api/auth/me, and the user of the sign-in answers.
export interface User {
  id: string
  email: string
  emailVerified: boolean
}

export interface UserResponse {
  user: User
}

// POST /api/invites/preview: what an invite link offers.
export interface InvitePreview {
  workspaceName: string
  role: 'admin' | 'member'
  email: string
  invitedBy: string
  expiresAt: string
}

export interface InviteAccepted {
  workspaceId: string
  role: Role
}

export type ActivityAction =
  | 'login'
  | 'login_failed'
  | 'logout_everywhere'
  | 'email_verified'
  | 'invite_sent'
  | 'invite_resent'
  | 'invite_accepted'
  | 'invite_revoked'
  | 'member_role_changed'
  | 'member_removed'
  | 'member_left'
  | 'password_reset'
  | 'password_changed'
  | 'billing_checkout_started'
  | 'billing_portal_opened'
  | 'billing_changed'
  | 'alert_rule_saved'
  | 'alert_rule_deleted'
  | 'collection_created'
  | 'collection_changed'
  | 'collection_deleted'
  | 'account_settings_changed'
  | 'workspace_created'
  | 'tracked_items_changed'
  | 'creator_saved'
  | 'creator_deleted'
  | 'campaign_created'
  | 'campaign_changed'
  | 'campaign_rules_changed'
  | 'payouts_approved'
  | 'payouts_cleared'
  | 'payouts_rejected'
  | 'payouts_reopened'
  | 'payouts_paid'
  | 'api_key_created'
  | 'api_key_revoked'
  | 'digest_settings_changed'
  | 'share_link_created'
  | 'share_link_changed'
  | 'share_link_revoked'
  | 'channel_saved'
  | 'channel_deleted'
  | 'channel_secret_rotated'
  | 'channel_disabled'

export interface ActivityEntry {
  id: string
  at: string
  action: ActivityAction
  // null when unknown; the payment provider has an e-mail-like name and no id.
  actor: { id: string | null; email: string } | null
  target: string
  details: Record<string, unknown>
  ip: string
  // the API key the request was made with; null for the dashboard's session
  apiKey: { id: string; name: string; prefix: string } | null
}

export interface Activity {
  entries: ActivityEntry[]
  next: string | null
}

// Creators and campaigns (issue 28). Money is integer minor units of the
// campaign's currency (minorDigits decimals: USD 2, JPY 0).

export interface CreatorAccount {
  id: string
  platform: Platform
  handle: string
  displayName: string
}

export interface Creator {
  id: string
  name: string
  email: string
  // videos per campaign period; null: none
  postingGoal: number | null
  accounts: CreatorAccount[]
  createdAt: string
}

export interface CreatorList {
  creators: Creator[]
}

export type PayoutPeriod = 'weekly' | 'monthly'

export interface Tier {
  fromViews: number
  // minor units per 1,000 views
  cpm: number
}

// A version of a campaign's payout rules; 0 for a cap, minimum or maximum
// is none.
export interface RulesIn {
  tiers: Tier[]
  viewCap: number
  minViews: number
  minAmount: number
  maxAmount: number
  creatorCap: number
  windowHours: number
}

export interface RulesVersion extends RulesIn {
  version: number
  createdAt: string
  // the e-mail of who made it; '' when unknown
  createdBy: string
}

export interface Spend {
  committed: number
  approved: number
  paid: number
  held: number
  // the lines not locked yet; null in the list, which reads no views
  projected: number | null
  rejected: number
  // null: no budget
  remaining: number | null
  budgetUsedPct: number | null
}

export interface CampaignSummary {
  id: string
  name: string
  currency: string
  minorDigits: number
  startsAt: string
  endsAt: string | null
  // 0: none
  budget: number
  period: PayoutPeriod
  platforms: Platform[]
  spend: Spend
  videos: number
  creators: number
}

export interface Campaign extends CampaignSummary {
  rules: RulesVersion
  createdAt: string
}

export interface CampaignList {
  campaigns: CampaignSummary[]
}

export type LineStatus = 'projected' | 'locked' | 'held' | 'approved' | 'rejected' | 'paid'
export const LINE_STATUSES: LineStatus[] = ['projected', 'locked', 'held', 'approved', 'rejected', 'paid']
export type Bound = '' | 'min_views' | 'view_cap' | 'min_amount' | 'max_amount' | 'cross_post' | 'creator_cap' | 'budget'
export const BOUNDS: Exclude<Bound, ''>[] = ['min_views', 'view_cap', 'min_amount', 'max_amount', 'cross_post', 'creator_cap', 'budget']
export type HoldReason = '' | 'burst' | 'views_fell' | 'unavailable' | 'no_snapshot'

// Who a line pays: a creator, else the video's account, else (a video of
// no tracked account) the video itself.
export interface Payee {
  kind: 'creator' | 'account' | 'video'
  id: string
  name: string
}

export interface Line {
  videoId: string
  url: string
  platform: Platform
  caption: string
  accountHandle: string
  payee: Payee
  clip: string
  publishedAt: string
  windowEnd: string
  periodStart: string
  status: LineStatus
  rulesVersion: number
  views: number
  likes: number
  comments: number
  snapshotAt: string | null
  paidViews: number
  price: number
  amount: number
  bound: Bound
  holdReason: HoldReason
  holdDetail: string
  rejectReason: string
  lockedAt: string | null
  decidedBy: string
  decidedAt: string | null
  paidBy: string
  paidAt: string | null
  fellTo: number | null
}

export interface LineList {
  lines: Line[]
  total: number
}

export type GoalStatus = 'on_track' | 'behind' | 'at_risk'

export interface CreatorStanding {
  payee: Payee
  videos: number
  views: number
  committed: number
  projected: number
  paid: number
  goal: { perPeriod: number; posted: number; expected: number; status: GoalStatus } | null
  lastPostedAt: string | null
  stoppedPosting: boolean
}

export interface CampaignPage {
  campaign: Campaign
  // committed / paid views of the committed lines × 1,000, in minor units
  effectiveCpm: number | null
  counts: Record<LineStatus, number>
  // per day a counting window ends: the paid views, the committed amount
  // and the projected amount
  series: { date: string; views: number; amount: number; projected: number }[]
  periods: { start: string; end: string; committed: number; projected: number; paid: number; lines: number }[]
  creators: CreatorStanding[]
  topVideos: Line[]
  // projected lines whose windows have closed: the next settle run locks them
  awaitingLock: number
}

export type ReviewAction = 'approve' | 'clear' | 'reject' | 'reopen' | 'pay'

// Personal API keys (GET/POST /api/api-keys). The key itself is only in
// the answer of its creation.
export type APIKeyScope = 'read' | 'write'
export type APIKeyStatus = 'active' | 'expired' | 'revoked' | 'inactive'

export interface APIKey {
  id: string
  name: string
  prefix: string
  scope: APIKeyScope
  status: APIKeyStatus
  createdBy: { id: string; email: string }
  createdAt: string
  expiresAt: string | null
  lastUsedAt: string | null
  lastUsedIp: string
  revokedAt: string | null
}

export interface APIKeys {
  keys: APIKey[]
}

export interface APIKeyCreated {
  key: string
  apiKey: APIKey
}

// GET/PUT /api/workspace/digest: the member's e-mail digest choice
export type DigestFrequency = 'off' | 'daily' | 'weekly'

export interface DigestSetting {
  frequency: DigestFrequency
  since: string | null
  nextPeriodEnd: string | null
}

// Insights (issue 30): how a video compares with its account's earlier
// videos at the same age, and what it is forecast to reach.

// scored: compared at ageHours; otherwise why not: too_young (not an hour
// old), no_early_views (first seen too late to know its early views),
// too_few_videos (its account has too few earlier videos with a value at
// that age), no_account (tracked alone), pending (not looked at yet).
export type OutlierState = 'scored' | 'too_young' | 'no_early_views' | 'too_few_videos' | 'no_account' | 'pending'

// Outlier: the numbers are null unless state is scored.
export interface Outlier {
  state: OutlierState
  ageHours: number | null
  // views / median of the baseline's views at the same age
  multiplier: number | null
  // share of the baseline below the video, 0–100
  percentile: number | null
  // how many earlier videos of the account it is compared with
  baseline: number | null
  views: number | null
  median: number | null
}

export type ForecastState = 'forecast' | 'too_old' | 'too_young' | 'no_history' | 'pending'

// Forecast: total views 7 and 30 days from now with their 80 % band; the
// numbers are null unless state is forecast, the 30-day ones also when too
// few curves reach 30 days on.
export interface Forecast {
  state: ForecastState
  views7d: number | null
  views7dLow: number | null
  views7dHigh: number | null
  views30d: number | null
  views30dLow: number | null
  views30dHigh: number | null
  // views7d minus the current views
  gain7d: number | null
}

// Why the next scrape comes when it does; null when none is planned.
export type ScrapeReason = 'new' | 'young' | 'growing' | 'campaign' | 'alert_rule' | 'settled' | 'budget'

// The workspace's scrapes per day, and those of the last 24 hours.
export interface ScrapeBudget {
  perDay: number
  usedLast24h: number
}

// (interfaces merged with those above: the fields of issue 30)
export interface Video {
  outlier?: Outlier
  forecast?: Forecast
}

export interface Overview {
  nextScrapeReason?: ScrapeReason | null
}

export interface AccountAnalytics {
  nextScrapeReason?: ScrapeReason | null
}

export interface Workspace {
  scrapeBudget?: ScrapeBudget
}
