// The shapes of the API's answers. Each is an alias of a type generated
// from openapi.yaml (`npm run gen`, run by `npm run build` into
// src/generated/api.d.ts, not committed), so the dashboard is type-checked
// against the contract itself: when the spec and a page disagree, the
// build fails. Only the dashboard's own types and constants are written
// here by hand.

import type { components, operations } from './generated/api'

type Schemas = components['schemas']

// The JSON body of an operation's answer (200 unless told), for the answers
// the spec describes inline rather than as a named schema.
type Answer<O extends keyof operations, S extends keyof operations[O]['responses'] = 200 & keyof operations[O]['responses']> =
  operations[O]['responses'][S] extends { content: { 'application/json': infer T } } ? T : never

// allOf lists every value of the union T, in the order given: a value the
// spec adds that the list misses fails the type check.
export const allOf =
  <T extends string>() =>
  <const L extends readonly T[]>(list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : { missing: Exclude<T, L[number]> })): T[] => [...list]

export type Platform = Schemas['Video']['platform']
export const PLATFORMS = allOf<Platform>()(['tiktok', 'instagram', 'youtube', 'x'])
export type DatePreset = Schemas['DatePreset']
export const PRESETS = allOf<DatePreset>()(['24h', '7d', '30d', '90d', 'all'])
export type Role = Schemas['Workspace']['role']
export type PlanName = Schemas['PlanName']

export type Workspace = Schemas['Workspace']

export type BootstrapResult = Schemas['BootstrapResult']

// Agencies (docs/agencies.md): the login's workspaces for the switcher, an
// organisation with its branding, and its roll-up over its workspaces.
export type WorkspaceList = Schemas['WorkspaceList']
export type WorkspaceChoice = WorkspaceList['workspaces'][number]
export type Organisation = Schemas['Organisation']
export type Branding = Schemas['Branding']
export type Rollup = Schemas['Rollup']
export type RollupWorkspace = Rollup['workspaces'][number]
export type RollupMover = Rollup['topMovers'][number]
export type RollupCampaign = Rollup['campaigns'][number]
export type ClientWorkspaceCreated = Answer<'createClientWorkspace', 201>
export type Counts = Schemas['Counts']

// paused: not refreshed, still counted; beyond_limit: found through an
// account whose tracking limit no longer keeps it (history kept, not
// refreshed, not counted).
export type Video = Schemas['Video']
export type VideoStatus = Video['status']
// What a post is to the account it was found through: only own posts and
// collabs count (totals, the tracking limit, insights, payouts); the others
// are kept and shown under their kind.
export type PostKind = Video['postKind']
export const POST_KINDS = allOf<PostKind>()(['own', 'collab', 'repost', 'quote', 'reply', 'other_author'])
export type VideoDetail = Schemas['VideoDetail']
export type VideoPoint = Schemas['VideoPoint']
export type VideoScrape = Schemas['VideoScrape']
export type VideoList = Schemas['VideoList']

export type PeriodGained = Schemas['PeriodGained']
export type Overview = Schemas['Overview']

export type Account = Schemas['Account']
export type AccountList = Schemas['AccountList']
export type MetricStats = Schemas['MetricStats']
export type AccountAnalytics = Schemas['AccountAnalytics']

export type Collection = Schemas['Collection']
export type CollectionList = Answer<'listCollections'>

export type TrackResult = Schemas['TrackResult']
// POST /api/track/bulk: one result per link, with its error when it failed.
export type BulkTrackResult = Schemas['BulkTrackResult']
export type BulkTrackResults = Answer<'trackBulk'>

export type AlertRule = Schemas['AlertRule']
export type AlertRules = Answer<'listAlertRules'>
export type AlertRuleInput = Schemas['AlertRuleInput']
export type AlertMetric = NonNullable<AlertRuleInput['metric']>
export type AlertCondition = NonNullable<AlertRuleInput['condition']>
export type EventType = Schemas['EventType']
export type AlertEvent = Schemas['AlertEvent']
export type AlertEvents = Answer<'listAlertEvents'>

export type Member = Schemas['Member']
export type Invite = Schemas['Invite']
export type Team = Schemas['Team']
export type FoundingStats = Schemas['FoundingStats']

// GET /api/auth/me, and the user of the sign-in answers.
export type User = Schemas['User']
export type UserResponse = Schemas['UserResponse']

// POST /api/invites/preview: what an invite link offers.
export type InvitePreview = Schemas['InvitePreview']
export type InviteAccepted = Answer<'acceptInvite'>

export type ActivityEntry = Schemas['ActivityEntry']
export type ActivityAction = ActivityEntry['action']
export type Activity = Schemas['Activity']

// Creators and campaigns (issue 28). Money is integer minor units of the
// campaign's currency (minorDigits decimals: USD 2, JPY 0).
export type Creator = Schemas['Creator']
export type CreatorAccount = Creator['accounts'][number]
export type CreatorList = Answer<'listCreators'>
export type CreatorLogin = Creator['login']
export type TaxForm = Creator['taxForm']
// The creator portal (GET /api/creator): a creator's login's only page.
export type CreatorPortal = Schemas['CreatorPortal']
export type CreatorPortalAccount = Schemas['CreatorPortalAccount']
export type AccountVerification = Schemas['AccountVerification']
export type CreatorCampaign = Schemas['CreatorCampaign']
export type CreatorPosts = Schemas['CreatorPosts']
export type CreatorPost = CreatorPosts['posts'][number]
// Posts creators submit to a campaign, and the managers' inbox of them.
export type Submissions = Schemas['Submissions']
export type Submission = Submissions['submissions'][number]
export type SubmissionStatus = Submission['status']
export type SubmissionCheck = Schemas['SubmissionFailure']['check']
export type SubmitResults = Answer<'submitCreatorPosts'>
// Payout batches: a creator's approved lines in one currency, paid together.
export type PayoutBatches = Schemas['PayoutBatches']
export type PayoutBatch = Schemas['PayoutBatch']
export type PayoutBatchPage = Schemas['PayoutBatchPage']
export type BatchStatus = PayoutBatch['status']
export type PayoutMethod = PayoutBatch['method']
export type BatchesMade = Answer<'makePayoutBatches'>
export type PayPalConnection = Schemas['PayPalConnection']
export type Watch = Schemas['Watch']
export type WatchBudget = Schemas['WatchBudget']
export type WatchList = Answer<'listWatches'>
export type WatchEstimate = Answer<'estimateWatch'>
export type WatchTracker = Schemas['WatchTracker']
export type PublishedDays = Answer<'getOverviewByPublishDay'>
export type Competitors = Answer<'getCompetitors'>
export type CompetitorRow = Schemas['CompetitorRow']
export type CompetitorsSeries = Answer<'getCompetitorsSeries'>
export type Capture = Schemas['Capture']
export type CaptureStatus = Capture['status']
export type Captures = Answer<'listCaptures'>
export type CreatorStatement = Answer<'getCreatorStatement'>

export type Tier = Schemas['Tier']
export type RulesIn = Schemas['RulesIn']
export type RulesVersion = Schemas['RulesVersion']
export type RulesVersions = Answer<'listCampaignRules'>
export type Spend = Schemas['Spend']
export type CampaignSummary = Schemas['CampaignSummary']
export type PayoutPeriod = CampaignSummary['period']
export type Campaign = Schemas['Campaign']
// What a campaign does with collabs: hold their lines for review, pay them
// as own posts, or leave them out.
export type Collabs = CampaignSummary['collabs']
export const COLLABS = allOf<Collabs>()(['hold', 'pay', 'exclude'])
export type CampaignList = Answer<'listCampaigns'>

export type Payee = Schemas['Payee']
export type Line = Schemas['Line']
export type LineList = Answer<'listCampaignLines'>
export type LineStatus = Line['status']
export const LINE_STATUSES = allOf<LineStatus>()(['projected', 'locked', 'held', 'approved', 'rejected', 'paid'])
export type Bound = Line['bound']
export const BOUNDS = allOf<Exclude<Bound, ''>>()(['min_views', 'view_cap', 'min_amount', 'max_amount', 'cross_post', 'creator_cap', 'budget'])
export type HoldReason = Line['holdReason']

export type GoalStatus = Schemas['Goal']['status']
export type CreatorStanding = Schemas['CreatorStanding']
export type CampaignPage = Schemas['CampaignPage']

export type ReviewResult = Answer<'reviewCampaignLines'>
export type ReviewAction = NonNullable<operations['reviewCampaignLines']['requestBody']>['content']['application/json']['action']

// Personal API keys (GET/POST /api/api-keys). The key itself is only in
// the answer of its creation.
export type APIKey = Schemas['APIKey']
export type APIKeyScope = APIKey['scope']
export type APIKeyStatus = APIKey['status']
export type APIKeys = Schemas['APIKeys']
export type APIKeyCreated = Schemas['APIKeyCreated']

// GET/PUT /api/workspace/digest: the member's e-mail digest choice
export type DigestSetting = Schemas['DigestSetting']
export type DigestFrequency = DigestSetting['frequency']

// Insights (issue 30): how a video compares with its account's earlier
// videos at the same age, and what it is forecast to reach.
export type Outlier = Schemas['VideoOutlier']
export type OutlierState = Outlier['state']
export type Forecast = Schemas['VideoForecast']
export type ForecastState = Forecast['state']

// Why the next scrape comes when it does; null when none is planned.
export type ScrapeReason = NonNullable<Overview['nextScrapeReason']>

// Notification channels (GET /api/channels and the answers of its writes).
// A channel's signing secret is only in the answer of its creation and of a
// rotation.
export type Channel = Schemas['Channel']
export type ChannelKind = Channel['kind']
export type ChannelCreated = Answer<'createChannel', 201>
export type ChannelList = Answer<'listChannels'>
export type SecretRotated = Answer<'rotateChannelSecret'>
export type ChannelAttempt = Schemas['ChannelAttempt']
export type ChannelDelivery = Schemas['ChannelDelivery']
export type ChannelDeliveries = Answer<'listChannelDeliveries'>
export type ChannelAttemptResult = Schemas['ChannelAttemptResult']

// Share links, and what a link's page reads (GET /api/shared/{token}/...).
export type ShareLink = Schemas['ShareLink']
export type ShareLinkCreated = Answer<'createShareLink', 201>
export type ShareLinks = Answer<'listShareLinks'>
export type SharedInfo = Schemas['SharedInfo']
export type SharedVideoList = Schemas['SharedVideoList']
export type SharedVideo = SharedVideoList['videos'][number]
export type SharedCampaign = Schemas['SharedCampaign']
export type SharedCampaignVideo = Schemas['SharedCampaignVideo']

// The plans and their prices (GET /api/plans).
export type Plans = Schemas['Plans']
export type PlanLimits = Schemas['PlanLimits']
export type PlanPrice = Schemas['PlanPrice']
export type PaidPlan = Plans['plans'][number]
// where the payment provider takes the visitor (checkout, billing portal)
export type SessionURL = Schemas['SessionURL']

// POST /api/items/bulk: the action asked for, and what it changed.
export type OrganiseRequest = NonNullable<operations['organiseItems']['requestBody']>['content']['application/json']
export type OrganiseAction = OrganiseRequest['action']
export type OrganiseResult = Answer<'organiseItems'>

// POST /api/auth/verify-email
export type EmailVerified = Answer<'verifyEmail'>

// A workspace's health (GET /api/workspace/health, owners and admins) and
// the banner of every page (GET /api/workspace/health/summary).
export type WorkspaceHealth = Schemas['WorkspaceHealth']
export type HealthBanner = Schemas['HealthBanner']
export type PlatformScrapes = Schemas['PlatformScrapes']
export type CronStepRun = Schemas['CronStepRun']
export type CronStep = CronStepRun['step']
export type ProviderKind = NonNullable<HealthBanner['providerKind']>

// White-label reports (docs/reports.md): the reports e-mailed on a
// schedule, what scheduling one sends, and the windows of a report's PDF
// (GET /api/reports/pdf).
export type ReportList = Schemas['ReportList']
export type Report = ReportList['reports'][number]
export type ReportSubject = Report['subject']
export type ReportFrequency = Report['frequency']
export type ReportRequest = NonNullable<operations['scheduleReport']['requestBody']>['content']['application/json']
export type ReportSent = Answer<'sendReport'>
export type ReportWindow = NonNullable<NonNullable<operations['downloadReport']['parameters']['query']>['datePreset']>
