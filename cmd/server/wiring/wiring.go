// Package wiring builds what the routes call from the open connections and
// the settings: every command and query handler, the rate limiter, the
// cache. cmd/server uses it, and so do the API's tests and the benchmark
// driver, so that they run the server as it is put together.
package wiring

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/api"
	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/command/billing"
	"github.com/reeltrack/reeltrack/command/campaigns"
	"github.com/reeltrack/reeltrack/command/collections"
	"github.com/reeltrack/reeltrack/command/competitors"
	"github.com/reeltrack/reeltrack/command/cron"
	"github.com/reeltrack/reeltrack/command/organisations"
	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/command/reports"
	"github.com/reeltrack/reeltrack/command/sharing"
	"github.com/reeltrack/reeltrack/command/team"
	"github.com/reeltrack/reeltrack/command/tracking"
	watchescmd "github.com/reeltrack/reeltrack/command/watches"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/config"
	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/paypal"
	"github.com/reeltrack/reeltrack/internal/pdf"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/ratelimit"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/webhook"
	"github.com/reeltrack/reeltrack/query"
	queryalerts "github.com/reeltrack/reeltrack/query/alerts"
	"github.com/reeltrack/reeltrack/query/answercache"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
	"github.com/reeltrack/reeltrack/query/chread"
	querycollections "github.com/reeltrack/reeltrack/query/collections"
	querycompetitors "github.com/reeltrack/reeltrack/query/competitors"
	queryhealth "github.com/reeltrack/reeltrack/query/health"
	"github.com/reeltrack/reeltrack/query/numbers"
	queryorgs "github.com/reeltrack/reeltrack/query/organisations"
	queryreports "github.com/reeltrack/reeltrack/query/reports"
	querysharing "github.com/reeltrack/reeltrack/query/sharing"
	queryteam "github.com/reeltrack/reeltrack/query/team"
	querywatches "github.com/reeltrack/reeltrack/query/watches"
	"github.com/reeltrack/reeltrack/web"
)

// Deps are the connections, clients and settings the handlers are made of.
type Deps struct {
	Config    config.Config
	Log       *slog.Logger
	DB        *pgxpool.Pool
	CH        driver.Conn
	Redis     *store.Redis
	Tokens    *auth.Tokens
	Passwords *auth.Passwords
	OpenAPI   []byte
	// Now is every handler's clock: time.Now, but in tests that move it.
	Now func() time.Time
	// StartValueCache keeps start values between requests; nil: a new one.
	StartValueCache *chread.StartValueCache

	Provider *ingest.Client // nil when no scraping provider is configured
	Actors   ingest.Actors
	Resolver platform.Resolver
	// Mail sends the e-mails; nil: none leaves, and alert e-mails stay queued
	// in the outbox (see noMailSender).
	Mail outbox.MailSender
	// Payment is the payment provider; nil: the billing routes answer 503.
	Payment billing.PaymentProvider
	// Site is the dashboard; nil: the router serves the API only.
	Site *web.Site
	// Metrics records the requests, scrapes, deliveries and cache; nil: nothing.
	Metrics *metrics.Metrics
}

// localCacheBytes bounds the cached answers each process also keeps in
// memory (answercache.Cache.LocalBytes).
const localCacheBytes = 64 << 20

// startValueTTL is how long a process keeps start values: cutoffs move hourly.
const startValueTTL = time.Hour

// NewStartValueCache is the server's cache of start values, of at most
// maxBytes (0 keeps none), its entries expiring by now.
func NewStartValueCache(maxBytes int, log *slog.Logger, now func() time.Time) *chread.StartValueCache {
	return chread.NewStartValueCache(maxBytes, startValueTTL, log, now)
}

// API builds the handlers from d and returns what api.New routes.
func API(d Deps) api.Deps {
	if d.Mail == nil {
		d.Mail = noMailSender{}
	}
	if d.StartValueCache == nil {
		d.StartValueCache = NewStartValueCache(d.Config.StartValuesBytes, d.Log, d.Now)
	}
	start := tracking.StartScrapeHandler{
		DB: d.DB, Provider: d.Provider, PublicBaseURL: d.Config.PublicBaseURL, WebhookSecret: d.Config.ScraperWebhookSecret, Log: d.Log,
		Metrics: d.Metrics,
	}
	// Tracking starts its jobs' runs after answering; a shutdown waits for
	// the starts under way.
	scrapeStarts := &background.Tasks{Log: d.Log}
	// Account e-mails are sent right after their transaction; a shutdown
	// waits for them too.
	outbox := outbox.Outbox{DB: d.DB, Mail: d.Mail, Log: d.Log, Now: d.Now, Sending: scrapeStarts, Metrics: d.Metrics}
	links := team.Links{BaseURL: d.Config.PublicBaseURL}
	// Channels: URLs and secrets sealed under SESSION_SECRET, and the addresses
	// they may reach beyond the public ones.
	sealer := webhook.NewSealer(d.Config.SessionSecret)
	allow, _ := webhook.ParseAllowList(d.Config.ChannelAllowedAddresses)
	// the settle run, which ending a campaign by deleting its collection uses
	settle := campaigns.SettlePayoutsHandler{
		DB: d.DB, Ledger: querycampaigns.SettlementHandler{DB: d.DB, CH: d.CH}, DashboardURL: d.Config.PublicBaseURL, Log: d.Log, Now: d.Now,
	}
	digests := alerts.QueueDigestsHandler{
		DB: d.DB, Digests: queryalerts.DigestHandler{DB: d.DB, CH: d.CH, Now: d.Now}, DashboardURL: d.Config.PublicBaseURL, Log: d.Log, Now: d.Now,
	}
	channels := alerts.DeliverEventsHandler{
		DB: d.DB, Client: webhook.NewClient(allow), Sealer: sealer, Allow: allow, Outbox: outbox,
		DashboardURL: d.Config.PublicBaseURL, Log: d.Log, Now: d.Now, Jitter: rand.Float64, Pace: alerts.Sleep, Metrics: d.Metrics,
	}
	ranks := RankReader(d.CH)
	track := tracking.TrackHandler{
		DB: d.DB, Resolver: d.Resolver, Actors: d.Actors, MaxPerRun: d.Config.ScraperMaxPerRun, Start: start, ScrapeStarts: scrapeStarts, Now: d.Now,
	}
	checker := campaigns.SubmissionChecker{DB: d.DB, BaseURL: d.Config.PublicBaseURL, Now: d.Now}
	watchCommands := watchescmd.Handler{DB: d.DB, Track: track, Now: d.Now}
	review := campaigns.ReviewPayoutsHandler{DB: d.DB, Now: d.Now, DashboardURL: d.Config.PublicBaseURL}
	payPal := campaigns.PayPalHandler{
		DB: d.DB, PayPal: paypal.NewClient(paypal.Options{LiveURL: d.Config.PayPalAPIURL, SandboxURL: d.Config.PayPalSandboxAPIURL, Now: d.Now}),
		Sealer: sealer, Review: review, DashboardURL: d.Config.PublicBaseURL, Log: d.Log, Now: d.Now,
	}
	reportRenderer := queryreports.Renderer{
		Reports: queryreports.Handler{DB: d.DB, Overview: numbers.OverviewHandler{DB: d.DB, CH: d.CH, Now: d.Now, SnapshotRetention: d.Config.SnapshotRetention},
			Campaigns: querycampaigns.CampaignsHandler{DB: d.DB, CH: d.CH, Now: d.Now}, Organisations: queryorgs.Handler{DB: d.DB, Now: d.Now}, Now: d.Now},
		Printer: pdf.New("", 2),
	}
	saveReports := reports.Handler{DB: d.DB, Render: reportRenderer, Outbox: outbox, Now: d.Now}
	cron := cron.AlertsCron{
		DB: d.DB, Settle: settle, Submissions: checker, PayPal: payPal, Digests: digests, Channels: channels, Mail: d.Mail,
		Ranks: &tracking.RanksRunner{
			Step: tracking.SyncVideoRanksHandler{
				DB: d.DB, Reader: ranks, Log: d.Log, Now: d.Now, MinVideos: tracking.RankMinVideos, Overview: OverviewKeeper(d.CH),
				Accounts: numbers.AccountSums{DB: d.DB, CH: d.CH},
			},
			Tasks: scrapeStarts,
		},
		Spikes:       alerts.ScanSpikesHandler{DB: d.DB, Spikes: query.SpikeScanner{DB: d.DB, CH: d.CH, Now: d.Now}, DashboardURL: d.Config.PublicBaseURL + "/", Now: d.Now},
		Insights:     numbers.InsightsReader{DB: d.DB, CH: d.CH, Now: d.Now},
		Milestones:   query.MilestoneScanner{DB: d.DB, CH: d.CH},
		Reports:      saveReports,
		DashboardURL: d.Config.PublicBaseURL + "/", Metrics: d.Metrics, Log: d.Log, Now: d.Now,
	}
	return api.Deps{
		Config: d.Config, Log: d.Log, Tokens: d.Tokens, OpenAPI: d.OpenAPI, Now: d.Now,
		DB: d.DB, CH: d.CH, Redis: d.Redis, Provider: d.Provider, Site: d.Site, Metrics: d.Metrics,
		Handlers: api.Handlers{
			Limiter:         ratelimit.New(d.Redis, d.Log),
			Cache:           &answercache.Cache{Redis: d.Redis, TTL: d.Config.CacheTTL, Log: d.Log, LocalBytes: localCacheBytes, ComputeTimeout: d.Config.RequestTimeout, Metrics: d.Metrics},
			StartValueCache: d.StartValueCache,
			ScrapeStarts:    scrapeStarts,
			Foreground:      &background.Foreground{},

			SignUp:        team.SignUpHandler{DB: d.DB, Passwords: d.Passwords, Outbox: outbox, Links: links, Now: d.Now},
			LogIn:         team.LogInHandler{DB: d.DB, Passwords: d.Passwords},
			Sessions:      team.SessionsHandler{DB: d.DB, Now: d.Now},
			VerifyEmail:   team.VerifyEmailHandler{DB: d.DB, Outbox: outbox, Links: links, Now: d.Now},
			Password:      team.PasswordHandler{DB: d.DB, Passwords: d.Passwords, Outbox: outbox, Links: links, Now: d.Now},
			Bootstrap:     team.BootstrapWorkspaceHandler{DB: d.DB, Now: d.Now},
			Invite:        team.InviteTeammateHandler{DB: d.DB, Outbox: outbox, Links: links, Now: d.Now},
			InviteCreator: team.InviteCreatorHandler{DB: d.DB, Outbox: outbox, Links: links, Now: d.Now},
			VerifyAccount: collections.VerifyAccountHandler{DB: d.DB, Now: d.Now},
			AcceptInvite:  team.AcceptInviteHandler{DB: d.DB, Now: d.Now},
			ManageTeam:    team.ManageTeamHandler{DB: d.DB},
			Lead:          team.CaptureLeadHandler{DB: d.DB},
			Track:         track,
			Refresh:       tracking.RefreshDueHandler{DB: d.DB, Actors: d.Actors, MaxPerRun: d.Config.ScraperMaxPerRun, Start: start, Now: d.Now, Metrics: d.Metrics},
			Complete: tracking.CompleteScrapeHandler{
				DB: d.DB, CH: d.CH, Provider: d.Provider, PageSize: d.Config.ScraperPageSize, Log: d.Log, Now: d.Now, Metrics: d.Metrics,
				Ranks: ranks, Overview: OverviewKeeper(d.CH),
				Sums:  &tracking.SumsAfterScrape{Keeper: numbers.AccountSums{DB: d.DB, CH: d.CH}, Tasks: scrapeStarts, Log: d.Log, Now: d.Now},
				After: checker, Captures: watchescmd.AutoTrack{Handler: watchCommands},
			},
			AlertsCron:      cron,
			CronSteps:       cron.StepLog(),
			RenameWorkspace: team.RenameWorkspaceHandler{DB: d.DB},

			Checkout: billing.CreateCheckoutHandler{
				DB: d.DB, Provider: d.Payment, Prices: d.Config.StripePrices, FoundingSpots: d.Config.FoundingSpots,
				SuccessURL: d.Config.CheckoutSuccessURL, CancelURL: d.Config.CheckoutCancelURL,
			},
			Portal: billing.CreatePortalHandler{DB: d.DB, Provider: d.Payment, ReturnURL: d.Config.BillingPortalReturnURL},
			ApplyPayment: billing.ApplyPaymentEventHandler{
				DB: d.DB, Provider: d.Payment, Prices: d.Config.StripePrices,
				Livemode: d.Config.StripeLivemode(), GracePeriod: d.Config.PaymentGracePeriod, FoundingSpots: d.Config.FoundingSpots,
			},

			Workspace:        queryteam.WorkspaceHandler{DB: d.DB, Now: d.Now},
			Membership:       queryteam.MembershipHandler{DB: d.DB},
			Session:          queryteam.SessionHandler{DB: d.DB},
			Team:             queryteam.TeamHandler{DB: d.DB},
			InvitePreview:    queryteam.InvitePreviewHandler{DB: d.DB, Now: d.Now},
			Activity:         queryteam.ActivityHandler{DB: d.DB, Now: d.Now},
			Founding:         queryteam.NewFoundingStatsHandler(d.DB, d.Config.FoundingSpots, queryteam.FoundingStatsKept),
			Plans:            queryteam.NewPlansHandler(d.Config.StripePrices, d.Payment, d.Log, d.Now),
			ProviderStatus:   queryteam.ProviderStatusHandler{DB: d.DB},
			Health:           queryhealth.HealthHandler{DB: d.DB, Now: d.Now},
			HealthSummary:    queryhealth.SummaryHandler{DB: d.DB, Now: d.Now},
			Videos:           numbers.VideosHandler{DB: d.DB, CH: d.CH, Now: d.Now, SnapshotRetention: d.Config.SnapshotRetention},
			Overview:         numbers.OverviewHandler{DB: d.DB, CH: d.CH, Now: d.Now, SnapshotRetention: d.Config.SnapshotRetention},
			Export:           numbers.ExportHandler{DB: d.DB, CH: d.CH, Now: d.Now},
			Collections:      querycollections.CollectionsHandler{DB: d.DB, CH: d.CH, Now: d.Now},
			CreateCollection: collections.CreateCollectionHandler{DB: d.DB},
			ManageCollection: collections.ManageCollectionHandler{DB: d.DB, Settle: settle},
			VideoPayee:       collections.VideoPayeeHandler{DB: d.DB},
			AssignCollection: collections.AssignCollectionHandler{DB: d.DB},
			Creators:         querycollections.CreatorsHandler{DB: d.DB},
			SaveCreator:      collections.SaveCreatorHandler{DB: d.DB},
			OrganiseItems: tracking.OrganiseItemsHandler{
				DB: d.DB, Actors: d.Actors, MaxPerRun: d.Config.ScraperMaxPerRun, Start: start, ScrapeStarts: scrapeStarts, Now: d.Now,
			},
			Accounts:         numbers.AccountsHandler{DB: d.DB, CH: d.CH, Now: d.Now},
			AccountAnalytics: numbers.AccountAnalyticsHandler{DB: d.DB, CH: d.CH, Now: d.Now, SnapshotRetention: d.Config.SnapshotRetention},
			UpdateAccount:    tracking.UpdateAccountHandler{DB: d.DB, Now: d.Now},
			RemoveAccount:    tracking.RemoveAccountHandler{DB: d.DB},
			Alerts:           queryalerts.AlertsHandler{DB: d.DB},
			SaveAlert:        alerts.SaveAlertRuleHandler{DB: d.DB},
			DeleteAlert:      alerts.DeleteAlertRuleHandler{DB: d.DB},

			Campaigns:           querycampaigns.CampaignsHandler{DB: d.DB, CH: d.CH, Now: d.Now},
			CreateCampaign:      campaigns.CreateCampaignHandler{DB: d.DB, Now: d.Now},
			UpdateCampaign:      campaigns.UpdateCampaignHandler{DB: d.DB},
			ChangeCampaignRules: campaigns.ChangeCampaignRulesHandler{DB: d.DB, Now: d.Now},
			ReviewPayouts:       review,
			SettlePayouts:       settle,
			SubmitPosts:         campaigns.SubmitPostsHandler{DB: d.DB, Track: track, Checks: checker, Now: d.Now},
			PayoutBatches:       campaigns.PayoutBatchesHandler{DB: d.DB, Now: d.Now, Review: review},
			PayPal:              payPal,
			Watches:             querywatches.Handler{DB: d.DB, Now: d.Now},
			SaveWatches:         watchCommands,
			Competitors: querycompetitors.Handler{Readers: query.Readers{DB: d.DB, CH: d.CH, Now: d.Now},
				Accounts:  numbers.AccountsHandler{DB: d.DB, CH: d.CH, Now: d.Now},
				Analytics: numbers.AccountAnalyticsHandler{DB: d.DB, CH: d.CH, Now: d.Now, SnapshotRetention: d.Config.SnapshotRetention}},
			SaveCompetitors:   competitors.Handler{DB: d.DB, Track: track, Remove: tracking.RemoveAccountHandler{DB: d.DB}},
			Organisations:     queryorgs.Handler{DB: d.DB, Now: d.Now},
			SaveOrganisations: organisations.Handler{DB: d.DB, Now: d.Now},
			Reports:           reportRenderer.Reports,
			RenderReports:     reportRenderer,
			SaveReports:       saveReports,
			ReviewSubmissions: campaigns.ReviewSubmissionsHandler{DB: d.DB, BaseURL: d.Config.PublicBaseURL, Now: d.Now},

			APIKeys:          querysharing.APIKeysHandler{DB: d.DB, Now: d.Now},
			ManageAPIKeys:    sharing.APIKeysHandler{DB: d.DB, Now: d.Now},
			Digest:           queryalerts.DigestHandler{DB: d.DB, CH: d.CH, Now: d.Now},
			SetDigest:        alerts.SetDigestHandler{DB: d.DB, Now: d.Now},
			ShareLinks:       querysharing.ShareLinksHandler{DB: d.DB, Now: d.Now},
			ManageShareLinks: sharing.ShareLinksHandler{DB: d.DB, Passwords: d.Passwords, Now: d.Now},
			Passwords:        d.Passwords,
			Channels:         queryalerts.ChannelsHandler{DB: d.DB},
			SaveChannel:      alerts.SaveChannelHandler{DB: d.DB, Sealer: sealer, Allow: allow, Now: d.Now},
			DeliverEvents:    channels,
		},
	}
}

// noMailSender fails every e-mail as an unreachable server would, so alert
// e-mails stay in the outbox for a later round.
type noMailSender struct{}

func (noMailSender) SendMail(context.Context, outbox.OutgoingMail) error {
	return apperr.Unavailable("no mail sender is configured")
}

// rankReader reads what video_ranks keeps from the projections (tracking.RankReader).
type rankReader struct{ r chread.Reader }

func (a rankReader) LatestCounts(ctx context.Context, ws uuid.UUID, only []uuid.UUID, each func(tracking.RankCounts) error) error {
	return a.r.RankCounts(ctx, ws, only, func(c chread.RankCounts) error { return each(tracking.RankCounts(c)) })
}

func (a rankReader) DayViews(ctx context.Context, ws uuid.UUID, only []uuid.UUID, now time.Time, each func(tracking.RankDays) error) error {
	if len(only) == 0 {
		return nil
	}
	read, err := chread.DailyViewsQuery{Workspace: ws, Only: only, Now: now, Scrapes: true}.Read(ctx, a.r)
	if err != nil {
		return err
	}
	for _, id := range only {
		k, at := read.Days(id)
		if err := each(tracking.RankDays{ID: id, To: k.To, Views: k.Views, At: at}); err != nil {
			return err
		}
	}
	return nil
}

func (a rankReader) StartViews(ctx context.Context, ws uuid.UUID, cutoff time.Time, each func(uuid.UUID, int64) error) error {
	return a.r.StartViews(ctx, ws, cutoff, each)
}

// RankReader is the projections' reader of what video_ranks keeps.
func RankReader(ch driver.Conn) tracking.RankReader { return rankReader{chread.Reader{CH: ch}} }

// OverviewKeeper computes the overview slots from the projections.
func OverviewKeeper(ch driver.Conn) tracking.OverviewKeeper { return numbers.OverviewSlots{CH: ch} }
