// Package wiring builds what the routes call from the open connections and
// the settings: every command and query handler, the rate limiter, the
// cache. cmd/server uses it, and so do the API's tests and the benchmark
// driver, so that they run the server as it is put together.
package wiring

import (
	"context"
	"log/slog"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/api"
	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/config"
	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/ratelimit"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/webhook"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/answercache"
	"github.com/reeltrack/reeltrack/query/chread"
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
	Now       func() time.Time
	// StartValueCache keeps start values between requests; nil: a new
	// one (NewStartValueCache). Its clock, when not set, is Now.
	StartValueCache *chread.StartValueCache

	Provider *ingest.Client // nil when no scraping provider is configured
	Actors   ingest.Actors
	Resolver platform.Resolver
	// Mail sends the e-mails: the SMTP sender, or the log sender without
	// SMTP_URL. Nil: no e-mail leaves, and the alert e-mails stay queued in
	// the outbox (see noMailSender).
	Mail command.MailSender
	// Payment is the payment provider; nil when STRIPE_SECRET_KEY is not
	// set, and the billing routes answer 503.
	Payment command.PaymentProvider
	// Site is the dashboard (web.New(nil): the build embedded in the
	// binary). Nil: the router serves the API only.
	Site *web.Site
	// Metrics records the requests, the scrapes, the deliveries and the
	// cache (metrics.New; cmd/server serves it on METRICS_ADDR). Nil:
	// nothing is recorded.
	Metrics *metrics.Metrics
}

// localCacheBytes bounds the cached answers each process also keeps in
// memory (answercache.Cache.LocalBytes).
const localCacheBytes = 64 << 20

// startValueTTL is how long a process keeps start values
// (chread.StartValueCache): windows' cutoffs move every hour.
const startValueTTL = time.Hour

// NewStartValueCache is the server's cache of start values, of at most
// maxBytes (START_VALUES_CACHE_BYTES; 0 keeps none).
func NewStartValueCache(maxBytes int, log *slog.Logger) *chread.StartValueCache {
	return chread.NewStartValueCache(maxBytes, startValueTTL, log)
}

// API builds the handlers from d and returns what api.New routes.
func API(d Deps) api.Deps {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Mail == nil {
		d.Mail = noMailSender{}
	}
	if d.StartValueCache == nil {
		d.StartValueCache = NewStartValueCache(d.Config.StartValuesBytes, d.Log)
	}
	if d.StartValueCache.Now == nil {
		d.StartValueCache.Now = d.Now
	}
	start := command.StartScrapeHandler{
		DB: d.DB, Provider: d.Provider, PublicBaseURL: d.Config.PublicBaseURL, WebhookSecret: d.Config.ScraperWebhookSecret, Log: d.Log,
		Metrics: d.Metrics,
	}
	// Tracking starts its jobs' runs after answering; a shutdown waits for
	// the starts under way.
	scrapeStarts := &background.Tasks{Log: d.Log}
	// Account e-mails are sent right after their transaction; a shutdown
	// waits for them too.
	outbox := command.Outbox{DB: d.DB, Mail: d.Mail, Log: d.Log, Now: d.Now, Sending: scrapeStarts, Metrics: d.Metrics}
	links := command.Links{BaseURL: d.Config.PublicBaseURL}
	// Channels: their URLs and secrets sealed under SESSION_SECRET, and the
	// addresses they may reach beyond the public ones (validated with the
	// config).
	sealer := webhook.NewSealer(d.Config.SessionSecret)
	allow, _ := webhook.ParseAllowList(d.Config.ChannelAllowedAddresses)
	return api.Deps{
		Config: d.Config, Log: d.Log, Tokens: d.Tokens, OpenAPI: d.OpenAPI, Now: d.Now,
		DB: d.DB, CH: d.CH, Redis: d.Redis, Provider: d.Provider, Site: d.Site, Metrics: d.Metrics,
		Handlers: api.Handlers{
			Limiter:         ratelimit.New(d.Redis, d.Log),
			Cache:           &answercache.Cache{Redis: d.Redis, TTL: d.Config.CacheTTL, Log: d.Log, LocalBytes: localCacheBytes, ComputeTimeout: d.Config.RequestTimeout, Metrics: d.Metrics},
			StartValueCache: d.StartValueCache,
			ScrapeStarts:    scrapeStarts,

			SignUp:       command.SignUpHandler{DB: d.DB, Passwords: d.Passwords, Outbox: outbox, Links: links, Now: d.Now},
			LogIn:        command.LogInHandler{DB: d.DB, Passwords: d.Passwords},
			Sessions:     command.SessionsHandler{DB: d.DB, Now: d.Now},
			VerifyEmail:  command.VerifyEmailHandler{DB: d.DB, Outbox: outbox, Links: links, Now: d.Now},
			Password:     command.PasswordHandler{DB: d.DB, Passwords: d.Passwords, Outbox: outbox, Links: links, Now: d.Now},
			Bootstrap:    command.BootstrapWorkspaceHandler{DB: d.DB, Now: d.Now},
			Invite:       command.InviteTeammateHandler{DB: d.DB, Outbox: outbox, Links: links, Now: d.Now},
			AcceptInvite: command.AcceptInviteHandler{DB: d.DB, Now: d.Now},
			ManageTeam:   command.ManageTeamHandler{DB: d.DB},
			Lead:         command.CaptureLeadHandler{DB: d.DB},
			Track: command.TrackHandler{
				DB: d.DB, Resolver: d.Resolver, Actors: d.Actors, MaxPerRun: d.Config.ScraperMaxPerRun, Start: start, ScrapeStarts: scrapeStarts, Now: d.Now,
			},
			Refresh: command.RefreshDueHandler{DB: d.DB, Actors: d.Actors, MaxPerRun: d.Config.ScraperMaxPerRun, Start: start, Now: d.Now, Metrics: d.Metrics},
			Complete: command.CompleteScrapeHandler{
				DB: d.DB, CH: d.CH, Provider: d.Provider, PageSize: d.Config.ScraperPageSize, Log: d.Log, Now: d.Now, Metrics: d.Metrics,
			},
			SendAlerts: command.SendAlertsHandler{
				DB: d.DB, Spikes: query.SpikesHandler{DB: d.DB, CH: d.CH, Now: d.Now}, Milestones: query.MilestonesHandler{DB: d.DB, CH: d.CH}, Mail: d.Mail,
				Insights:     query.InsightsReader{CH: d.CH},
				DashboardURL: d.Config.PublicBaseURL + "/", Log: d.Log, Now: d.Now,
			},

			Checkout: command.CreateCheckoutHandler{
				DB: d.DB, Provider: d.Payment, Prices: d.Config.StripePrices, FoundingSpots: d.Config.FoundingSpots,
				SuccessURL: d.Config.CheckoutSuccessURL, CancelURL: d.Config.CheckoutCancelURL,
			},
			Portal: command.CreatePortalHandler{DB: d.DB, Provider: d.Payment, ReturnURL: d.Config.BillingPortalReturnURL},
			ApplyPayment: command.ApplyPaymentEventHandler{
				DB: d.DB, Provider: d.Payment, Prices: d.Config.StripePrices,
				Livemode: d.Config.StripeLivemode(), GracePeriod: d.Config.PaymentGracePeriod, FoundingSpots: d.Config.FoundingSpots,
			},

			Workspace:        query.WorkspaceHandler{DB: d.DB, Now: d.Now},
			Membership:       query.MembershipHandler{DB: d.DB},
			Session:          query.SessionHandler{DB: d.DB},
			Team:             query.TeamHandler{DB: d.DB},
			InvitePreview:    query.InvitePreviewHandler{DB: d.DB, Now: d.Now},
			Activity:         query.ActivityHandler{DB: d.DB, Now: d.Now},
			Founding:         query.FoundingStatsHandler{DB: d.DB, Total: d.Config.FoundingSpots},
			Plans:            query.NewPlansHandler(d.Config.StripePrices, d.Payment, d.Log),
			ProviderStatus:   query.ProviderStatusHandler{DB: d.DB},
			Videos:           query.VideosHandler{DB: d.DB, CH: d.CH, Now: d.Now},
			Overview:         query.OverviewHandler{DB: d.DB, CH: d.CH, Now: d.Now},
			Export:           query.ExportHandler{DB: d.DB, CH: d.CH, Now: d.Now},
			Collections:      query.CollectionsHandler{DB: d.DB, CH: d.CH, Now: d.Now},
			CreateCollection: command.CreateCollectionHandler{DB: d.DB},
			ManageCollection: command.ManageCollectionHandler{DB: d.DB},
			AssignCollection: command.AssignCollectionHandler{DB: d.DB},
			Creators:         query.CreatorsHandler{DB: d.DB},
			SaveCreator:      command.SaveCreatorHandler{DB: d.DB},
			OrganiseItems: command.OrganiseItemsHandler{
				DB: d.DB, Actors: d.Actors, MaxPerRun: d.Config.ScraperMaxPerRun, Start: start, ScrapeStarts: scrapeStarts, Now: d.Now,
			},
			Accounts:         query.AccountsHandler{DB: d.DB, CH: d.CH, Now: d.Now},
			AccountAnalytics: query.AccountAnalyticsHandler{DB: d.DB, CH: d.CH, Now: d.Now},
			UpdateAccount:    command.UpdateAccountHandler{DB: d.DB, Now: d.Now},
			RemoveAccount:    command.RemoveAccountHandler{DB: d.DB},
			Alerts:           query.AlertsHandler{DB: d.DB},
			SaveAlert:        command.SaveAlertRuleHandler{DB: d.DB},
			DeleteAlert:      command.DeleteAlertRuleHandler{DB: d.DB},

			Campaigns:           query.CampaignsHandler{DB: d.DB, CH: d.CH, Now: d.Now},
			CreateCampaign:      command.CreateCampaignHandler{DB: d.DB, Now: d.Now},
			UpdateCampaign:      command.UpdateCampaignHandler{DB: d.DB},
			ChangeCampaignRules: command.ChangeCampaignRulesHandler{DB: d.DB, Now: d.Now},
			ReviewPayouts:       command.ReviewPayoutsHandler{DB: d.DB, Now: d.Now},
			SettlePayouts: command.SettlePayoutsHandler{
				DB: d.DB, Ledger: query.SettlementHandler{DB: d.DB, CH: d.CH}, DashboardURL: d.Config.PublicBaseURL, Log: d.Log, Now: d.Now,
			},

			APIKeys:       query.APIKeysHandler{DB: d.DB, Now: d.Now},
			ManageAPIKeys: command.APIKeysHandler{DB: d.DB, Now: d.Now},
			Digest:        query.DigestHandler{DB: d.DB, CH: d.CH, Now: d.Now},
			SetDigest:     command.SetDigestHandler{DB: d.DB, Now: d.Now},
			QueueDigests: command.QueueDigestsHandler{
				DB: d.DB, Digests: query.DigestHandler{DB: d.DB, CH: d.CH, Now: d.Now}, DashboardURL: d.Config.PublicBaseURL, Log: d.Log, Now: d.Now,
			},
			ShareLinks:       query.ShareLinksHandler{DB: d.DB, Now: d.Now},
			ManageShareLinks: command.ShareLinksHandler{DB: d.DB, Passwords: d.Passwords, Now: d.Now},
			Passwords:        d.Passwords,
			Channels:         query.ChannelsHandler{DB: d.DB},
			SaveChannel:      command.SaveChannelHandler{DB: d.DB, Sealer: sealer, Allow: allow, Now: d.Now},
			DeliverEvents: command.DeliverEventsHandler{
				DB: d.DB, Client: webhook.NewClient(allow), Sealer: sealer, Allow: allow, Outbox: outbox,
				DashboardURL: d.Config.PublicBaseURL, Log: d.Log, Now: d.Now, Metrics: d.Metrics,
			},
		},
	}
}

// noMailSender stands in for a mail sender that was not given: every e-mail
// fails as an unreachable server would, so alert e-mails stay in the outbox
// for a later round.
type noMailSender struct{}

func (noMailSender) SendMail(context.Context, command.OutgoingMail) error {
	return apperr.Unavailable("no mail sender is configured")
}
