// Package api is the HTTP layer: routes, middleware, request decoding and the
// mapping of errors to statuses. It holds no SQL.
package api

import (
	"log/slog"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/gofiber/fiber/v2"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/config"
	"github.com/reeltrack/reeltrack/internal/mail"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/query"
)

// Deps is everything the routes need; cmd/server builds it.
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

	Provider *ingest.Client // nil when no scraping provider is configured
	Actors   ingest.Actors
	Resolver platform.Resolver
	Mail     command.MailSender // nil: e-mails go to the log
	// Payment is the payment provider; nil when STRIPE_SECRET_KEY is not
	// set, and the billing routes answer 503.
	Payment command.PaymentProvider
}

type server struct {
	Deps
	limiter *limiter

	signUp     command.SignUpHandler
	logIn      command.LogInHandler
	bootstrap  command.BootstrapWorkspaceHandler
	invite     command.InviteTeammateHandler
	lead       command.CaptureLeadHandler
	track      command.TrackHandler
	refresh    command.RefreshDueHandler
	sendAlerts command.SendAlertsHandler
	complete   ingest.CompletionHandler

	checkout     command.CreateCheckoutHandler
	portal       command.CreatePortalHandler
	applyPayment command.ApplyPaymentEventHandler

	workspace        query.WorkspaceHandler
	membership       query.MembershipHandler
	team             query.TeamHandler
	founding         query.FoundingStatsHandler
	videos           query.VideosHandler
	overview         query.OverviewHandler
	export           query.ExportHandler
	collections      query.CollectionsHandler
	createCollection command.CreateCollectionHandler
	accounts         query.AccountsHandler
	accountAnalytics query.AccountAnalyticsHandler
	updateAccount    command.UpdateAccountHandler
	removeAccount    command.RemoveAccountHandler
	alerts           query.AlertsHandler
	saveAlert        command.SaveAlertRuleHandler
	cache            *query.Cache
}

// localCacheBytes bounds the cached answers each process also keeps in
// memory (query.Cache.LocalBytes).
const localCacheBytes = 64 << 20

// New builds the fiber app with every route.
func New(d Deps) *fiber.App {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Mail == nil {
		from := d.Config.MailFrom
		if from == "" {
			from = config.DefaultMailFrom
		}
		logSender, err := mail.NewSender(mail.Options{From: from}, d.Log)
		if err != nil {
			panic("api: mail sender: " + err.Error()) // MAIL_FROM is validated when the config loads
		}
		d.Mail = command.Mailer{Mail: logSender}
	}
	start := command.StartScrapeHandler{
		DB: d.DB, Provider: d.Provider, PublicBaseURL: d.Config.PublicBaseURL, WebhookSecret: d.Config.ScraperWebhookSecret,
	}
	founding := query.FoundingStatsHandler{DB: d.DB, Total: d.Config.FoundingSpots}
	s := &server{
		Deps:      d,
		limiter:   newLimiter(d.Redis, d.Log),
		signUp:    command.SignUpHandler{DB: d.DB, Passwords: d.Passwords},
		logIn:     command.LogInHandler{DB: d.DB, Passwords: d.Passwords},
		bootstrap: command.BootstrapWorkspaceHandler{DB: d.DB, Now: d.Now},
		invite:    command.InviteTeammateHandler{DB: d.DB},
		lead:      command.CaptureLeadHandler{DB: d.DB},
		track: command.TrackHandler{
			DB: d.DB, Resolver: d.Resolver, Actors: d.Actors, MaxPerRun: d.Config.ScraperMaxPerRun, Start: start, Now: d.Now,
		},
		refresh: command.RefreshDueHandler{DB: d.DB, Actors: d.Actors, MaxPerRun: d.Config.ScraperMaxPerRun, Start: start, Now: d.Now},
		complete: ingest.CompletionHandler{
			DB: d.DB, CH: d.CH, Provider: d.Provider, PageSize: d.Config.ScraperPageSize, Log: d.Log, Now: d.Now,
		},
		sendAlerts: command.SendAlertsHandler{
			DB: d.DB, Spikes: query.SpikesHandler{DB: d.DB, CH: d.CH, Now: d.Now}, Mail: d.Mail,
			DashboardURL: d.Config.PublicBaseURL + "/", Log: d.Log, Now: d.Now,
		},
		workspace:        query.WorkspaceHandler{DB: d.DB, Now: d.Now},
		membership:       query.MembershipHandler{DB: d.DB},
		team:             query.TeamHandler{DB: d.DB},
		founding:         founding,
		videos:           query.VideosHandler{DB: d.DB, CH: d.CH, Now: d.Now},
		overview:         query.OverviewHandler{DB: d.DB, CH: d.CH, Now: d.Now},
		export:           query.ExportHandler{DB: d.DB, CH: d.CH, Now: d.Now},
		collections:      query.CollectionsHandler{DB: d.DB, CH: d.CH, Now: d.Now},
		createCollection: command.CreateCollectionHandler{DB: d.DB},
		accounts:         query.AccountsHandler{DB: d.DB, CH: d.CH, Now: d.Now},
		accountAnalytics: query.AccountAnalyticsHandler{DB: d.DB, CH: d.CH, Now: d.Now},
		updateAccount:    command.UpdateAccountHandler{DB: d.DB, Now: d.Now},
		removeAccount:    command.RemoveAccountHandler{DB: d.DB},
		alerts:           query.AlertsHandler{DB: d.DB},
		saveAlert:        command.SaveAlertRuleHandler{DB: d.DB},
		checkout: command.CreateCheckoutHandler{
			DB: d.DB, Provider: d.Payment, Prices: d.Config.StripePrices, Founding: founding,
			SuccessURL: d.Config.CheckoutSuccessURL, CancelURL: d.Config.CheckoutCancelURL,
		},
		portal: command.CreatePortalHandler{DB: d.DB, Provider: d.Payment, ReturnURL: d.Config.BillingPortalReturnURL},
		applyPayment: command.ApplyPaymentEventHandler{
			DB: d.DB, Provider: d.Payment, Prices: d.Config.StripePrices,
			Livemode: d.Config.StripeLivemode(), GracePeriod: d.Config.PaymentGracePeriod,
		},
		cache: &query.Cache{Redis: d.Redis, TTL: d.Config.CacheTTL, Log: d.Log, LocalBytes: localCacheBytes},
	}

	app := fiber.New(fiber.Config{
		AppName:               "reeltrack",
		ErrorHandler:          errorHandler(d.Log),
		BodyLimit:             d.Config.BodyLimit,
		ReadTimeout:           30 * time.Second,
		WriteTimeout:          5 * time.Minute,
		IdleTimeout:           2 * time.Minute,
		ProxyHeader:           d.Config.ProxyHeader,
		DisableStartupMessage: true,
	})
	app.Use(requestID, accessLog(d.Log), deadline(d.Config.RequestTimeout))

	app.Get("/healthz", s.healthz)
	app.Get("/readyz", s.readyz)

	r := app.Group("/api")
	r.Get("/openapi.yaml", s.openapi)

	publicPerMinute := d.Config.RateLimitPublic
	r.Post("/auth/signup", s.limiter.limit(publicPerMinute, byIP("auth")), s.postSignUp)
	r.Post("/auth/login", s.limiter.limit(publicPerMinute, byIP("auth")), s.postLogIn)
	r.Post("/auth/logout", s.postLogOut)
	r.Post("/lead", s.limiter.limit(publicPerMinute, byIP("lead")), s.postLead)
	r.Get("/founding/stats", s.getFoundingStats)

	// Session routes are registered one by one: a fiber group with
	// middleware would run it for every path under the prefix, unknown
	// ones included.
	verified := newSessionCache()
	dash := func(h fiber.Handler) []fiber.Handler {
		return []fiber.Handler{requireSession(d.Tokens, verified), s.limiter.limit(d.Config.RateLimitUser, byUser), h}
	}
	ws := func(h fiber.Handler) []fiber.Handler { return dash(requireWorkspace(s.membership, h)) }
	// Routes answered from the cache count the request in the Redis round
	// trip that reads it (see limitWithCache).
	wsCached := func(h fiber.Handler) []fiber.Handler {
		return []fiber.Handler{requireSession(d.Tokens, verified), s.limiter.limitWithCache(d.Config.RateLimitUser, byUser), requireWorkspace(s.membership, h)}
	}
	r.Post("/workspace/bootstrap", dash(s.postBootstrap)...)
	r.Get("/workspace/team", ws(s.getTeam)...)
	r.Post("/workspace/team", ws(s.postTeam)...)
	r.Post("/track", ws(s.postTrack)...)
	r.Post("/track/bulk", ws(s.postTrackBulk)...)
	r.Get("/videos", wsCached(s.getVideos)...)
	r.Get("/overview", wsCached(s.getOverview)...)
	r.Get("/export", ws(s.getExport)...)
	r.Get("/collections", wsCached(s.getCollections)...)
	r.Post("/collections", ws(s.postCollection)...)
	r.Get("/alerts", ws(s.getAlerts)...)
	r.Post("/alerts", ws(s.postAlert)...)
	r.Get("/alerts/events", ws(s.getAlertEvents)...)
	r.Get("/accounts", wsCached(s.getAccounts)...)
	r.Patch("/accounts/:id", ws(s.patchAccount)...)
	r.Delete("/accounts/:id", ws(s.deleteAccount)...)
	r.Get("/accounts/:id/analytics", wsCached(s.getAccountAnalytics)...)

	r.Post("/payment/create-checkout", ws(s.postCreateCheckout)...)
	r.Post("/payment/create-portal", ws(s.postCreatePortal)...)

	r.Post("/webhook/payment", s.postPaymentWebhook)
	r.Post("/webhooks/scraper", s.postScraperWebhook)
	r.Get("/cron/refresh", requireCron(d.Config.CronSecret), s.getCronRefresh)
	r.Get("/cron/alerts", requireCron(d.Config.CronSecret), s.getCronAlerts)

	app.Use(func(c *fiber.Ctx) error {
		return apperr.NotFound("no route for " + c.Method() + " " + c.Path())
	})
	return app
}
