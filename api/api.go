// Package api is the HTTP layer: routes, middleware, request decoding and the
// mapping of errors to statuses. It holds no SQL.
package api

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/gofiber/fiber/v2"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/config"
	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/ratelimit"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/answercache"
	"github.com/reeltrack/reeltrack/query/chread"
	"github.com/reeltrack/reeltrack/web"
)

// Deps is everything the routes need, built ready by cmd/server (its
// wiring package): api only routes.
type Deps struct {
	Config  config.Config
	Log     *slog.Logger
	Tokens  *auth.Tokens
	OpenAPI []byte
	Now     func() time.Time

	// The servers, for /readyz. Provider is nil when no scraping provider
	// is configured.
	DB       *pgxpool.Pool
	CH       driver.Conn
	Redis    *store.Redis
	Provider *ingest.Client

	// Metrics records the requests and what the handlers report; nil
	// records nothing.
	Metrics *metrics.Metrics

	// Site is the dashboard, served on every GET and HEAD path outside
	// /api (and /healthz, /readyz). Nil: no dashboard routes, and those
	// paths answer the API's 404 as any unknown route.
	Site *web.Site

	Handlers
}

// Handlers are the use cases the routes call, with the rate limiter, the
// cache of answers and that of start values, and the work left running
// after the answers (scrape starts, e-mails), which a shutdown waits for.
type Handlers struct {
	Limiter *ratelimit.Limiter
	Cache   *answercache.Cache
	// StartValueCache keeps the start values of windows between requests
	// (nil keeps none).
	StartValueCache *chread.StartValueCache
	// ScrapeStarts runs the scrape starts (and the account e-mails) left
	// after their answers.
	ScrapeStarts *background.Tasks

	SignUp       command.SignUpHandler
	LogIn        command.LogInHandler
	Sessions     command.SessionsHandler
	VerifyEmail  command.VerifyEmailHandler
	Password     command.PasswordHandler
	Bootstrap    command.BootstrapWorkspaceHandler
	Invite       command.InviteTeammateHandler
	AcceptInvite command.AcceptInviteHandler
	ManageTeam   command.ManageTeamHandler
	Lead         command.CaptureLeadHandler
	Track        command.TrackHandler
	Refresh      command.RefreshDueHandler
	SendAlerts   command.SendAlertsHandler
	Complete     command.CompleteScrapeHandler

	Checkout     command.CreateCheckoutHandler
	Portal       command.CreatePortalHandler
	ApplyPayment command.ApplyPaymentEventHandler

	Workspace        query.WorkspaceHandler
	Membership       query.MembershipHandler
	Session          query.SessionHandler
	Team             query.TeamHandler
	InvitePreview    query.InvitePreviewHandler
	Activity         query.ActivityHandler
	Founding         query.FoundingStatsHandler
	Plans            query.PlansHandler
	ProviderStatus   query.ProviderStatusHandler
	Videos           query.VideosHandler
	Overview         query.OverviewHandler
	Export           query.ExportHandler
	Collections      query.CollectionsHandler
	CreateCollection command.CreateCollectionHandler
	ManageCollection command.ManageCollectionHandler
	AssignCollection command.AssignCollectionHandler
	Creators         query.CreatorsHandler
	SaveCreator      command.SaveCreatorHandler
	OrganiseItems    command.OrganiseItemsHandler
	Accounts         query.AccountsHandler
	AccountAnalytics query.AccountAnalyticsHandler
	UpdateAccount    command.UpdateAccountHandler
	RemoveAccount    command.RemoveAccountHandler
	Alerts           query.AlertsHandler
	SaveAlert        command.SaveAlertRuleHandler
	DeleteAlert      command.DeleteAlertRuleHandler

	Campaigns           query.CampaignsHandler
	CreateCampaign      command.CreateCampaignHandler
	UpdateCampaign      command.UpdateCampaignHandler
	ChangeCampaignRules command.ChangeCampaignRulesHandler
	ReviewPayouts       command.ReviewPayoutsHandler
	SettlePayouts       command.SettlePayoutsHandler

	APIKeys       query.APIKeysHandler
	ManageAPIKeys command.APIKeysHandler
	// Digest reads a member's digest choice, SetDigest writes it, and
	// QueueDigests queues the digests due in the alerts cron run.
	Digest           query.DigestHandler
	SetDigest        command.SetDigestHandler
	QueueDigests     command.QueueDigestsHandler
	ShareLinks       query.ShareLinksHandler
	ManageShareLinks command.ShareLinksHandler
	// Passwords checks the passwords of share links.
	Passwords     *auth.Passwords
	Channels      query.ChannelsHandler
	SaveChannel   command.SaveChannelHandler
	DeliverEvents command.DeliverEventsHandler
}

type server struct {
	Deps
	exportSlots *exportSlots
	exportStall time.Duration
}

// orDefault is v, or def when v is not set.
func orDefault[T int | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

// New builds the fiber app with every route.
func New(d Deps) *fiber.App {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.ScrapeStarts == nil {
		d.ScrapeStarts = &background.Tasks{Log: d.Log}
	}
	s := &server{
		Deps: d,
		exportSlots: newExportSlots(orDefault(d.Config.ExportConcurrency, config.DefaultExportConcurrency),
			orDefault(d.Config.ExportConcurrencyPerWorkspace, config.DefaultExportConcurrencyPerWorkspace)),
		exportStall: orDefault(d.Config.ExportStallTimeout, config.DefaultExportStallTimeout),
	}

	app := newApp(d)
	app.Hooks().OnShutdown(func() error { stopBackground(d.ScrapeStarts, d.StartValueCache, backgroundShutdownWait); return nil })

	app.Get("/healthz", s.healthz)
	app.Get("/readyz", s.readyz)

	r := app.Group("/api", noSniff, checkQueryText, clientInfo)
	r.Get("/openapi.yaml", s.openapi)

	// Browser-facing writes come from our own origins only (sameOrigin):
	// the session routes, and the sign-up, login and logout forms too, so
	// that a foreign page cannot sign a visitor into an account of its
	// choosing. The lead form as well, so that no page can make its
	// visitors' browsers post leads; landing pages on other origins are
	// listed in ALLOWED_ORIGINS, and CORS lets them post JSON to it. The
	// webhooks and cron routes are called by machines with their own
	// credentials.
	origins := d.Config.Origins()
	fromUs := sameOrigin(origins)
	publicPerMinute := d.Config.RateLimitPublic
	r.Post("/auth/signup", privateAnswer, fromUs, rateLimit(s.Limiter, publicPerMinute, byIP("auth")), withBody(s.postSignUp))
	r.Post("/auth/login", privateAnswer, fromUs, rateLimit(s.Limiter, publicPerMinute, byIP("auth")), withBody(s.postLogIn))
	r.Post("/auth/logout", privateAnswer, noKey, fromUs, s.postLogOut)
	// The links of account e-mails need no session: the token is the
	// proof. Each answers the same for every bad token.
	r.Post("/auth/verify-email", privateAnswer, fromUs, rateLimit(s.Limiter, publicPerMinute, byIP("links")), withBody(s.postVerifyEmail))
	r.Post("/auth/password/forgot", privateAnswer, fromUs, rateLimit(s.Limiter, resetsPerClientMinute, byIP("reset")), withBody(s.postForgotPassword))
	r.Post("/auth/password/reset", privateAnswer, fromUs, rateLimit(s.Limiter, publicPerMinute, byIP("links")), withBody(s.postResetPassword))
	r.Post("/invites/preview", privateAnswer, fromUs, rateLimit(s.Limiter, publicPerMinute, byIP("links")), withBody(s.postInvitePreview))
	r.Options("/lead", preflight(origins))
	r.Post("/lead", fromUs, allowOrigin(origins), rateLimit(s.Limiter, publicPerMinute, byIP("lead")), withBody(s.postLead))
	r.Get("/founding/stats", s.getFoundingStats)
	r.Get("/plans", s.getPlans)

	// Session routes are registered one by one: a fiber group with
	// middleware would run it for every path under the prefix, unknown
	// ones included.
	// A request with an API key (Authorization: Bearer) is signed in by
	// the key instead of the cookie, and is no browser's (see apiKey).
	verified := newSessionCache()
	byAPIKey := s.apiKey(orDefault(d.Config.RateLimitAPIKey, config.DefaultRateLimitAPIKey))
	signedIn := func(hs ...fiber.Handler) []fiber.Handler {
		return append([]fiber.Handler{privateAnswer, byAPIKey, withoutKey(fromUs), withoutKey(requireSession(d.Tokens, verified)),
			withoutKey(rateLimit(s.Limiter, d.Config.RateLimitUser, byUser))}, hs...)
	}
	// Every session route checks that the session is live on the server:
	// the workspace routes with the membership, in one statement.
	dash := func(hs ...fiber.Handler) []fiber.Handler {
		return signedIn(append([]fiber.Handler{requireLive(s.Session)}, hs...)...)
	}
	ws := func(h fiber.Handler) []fiber.Handler { return signedIn(requireWorkspace(s.Membership, h)) }
	r.Get("/auth/me", dash(s.getMe)...)
	r.Post("/auth/logout-everywhere", dash(s.postLogOutEverywhere)...)
	r.Post("/auth/verify-email/resend", dash(s.postResendVerification)...)
	r.Post("/auth/password/change", dash(rateLimit(s.Limiter, passwordChangesPerMinute, byUserIn("password")), withBody(s.postChangePassword))...)
	r.Post("/invites/accept", dash(withBody(s.postAcceptInvite))...)
	r.Post("/workspace/bootstrap", dash(s.postBootstrap)...)
	r.Get("/workspace/team", ws(s.getTeam)...)
	r.Post("/workspace/team", ws(withBody(s.postTeam))...)
	r.Patch("/workspace/team/members/:userId", ws(withID("userId", s.patchMember))...)
	r.Delete("/workspace/team/members/:userId", ws(withID("userId", s.deleteMember))...)
	r.Post("/workspace/team/invites/:id/resend", ws(withID("id", s.postResendInvite))...)
	r.Delete("/workspace/team/invites/:id", ws(withID("id", s.deleteInvite))...)
	r.Get("/workspace/activity", ws(s.getActivity)...)
	r.Get("/workspace/digest", ws(s.getDigest)...)
	r.Put("/workspace/digest", ws(withBody(s.putDigest))...)
	r.Post("/track", ws(withBody(s.postTrack))...)
	r.Post("/track/bulk", ws(withBody(s.postTrackBulk))...)
	r.Get("/videos", ws(s.getVideos)...)
	r.Get("/videos/:id", ws(withID("id", s.getVideo))...)
	r.Patch("/videos/:id", ws(withID("id", s.patchVideo))...)
	r.Delete("/videos/:id", ws(withID("id", s.deleteVideo))...)
	r.Post("/items/bulk", ws(withBody(s.postItemsBulk))...)
	r.Get("/overview", ws(s.getOverview)...)
	r.Get("/export", ws(s.getExport)...)
	r.Get("/collections", ws(s.getCollections)...)
	r.Post("/collections", ws(withBody(s.postCollection))...)
	r.Patch("/collections/:id", ws(withID("id", s.patchCollection))...)
	r.Delete("/collections/:id", ws(withID("id", s.deleteCollection))...)
	r.Post("/collection-items", ws(withBody(s.postCollectionItems))...)
	r.Get("/campaigns", ws(s.getCampaigns)...)
	r.Post("/campaigns", ws(withBody(s.postCampaign))...)
	r.Get("/campaigns/:id", ws(withID("id", s.getCampaign))...)
	r.Patch("/campaigns/:id", ws(withID("id", s.patchCampaign))...)
	r.Get("/campaigns/:id/rules", ws(withID("id", s.getCampaignRules))...)
	r.Post("/campaigns/:id/rules", ws(withID("id", s.postCampaignRules))...)
	r.Get("/campaigns/:id/lines", ws(withID("id", s.getCampaignLines))...)
	r.Post("/campaigns/:id/lines/review", ws(withID("id", s.postCampaignReview))...)
	r.Get("/campaigns/:id/export", ws(withID("id", s.getCampaignExport))...)
	r.Get("/creators", ws(s.getCreators)...)
	r.Post("/creators", ws(withBody(s.postCreator))...)
	r.Patch("/creators/:id", ws(withID("id", s.patchCreator))...)
	r.Delete("/creators/:id", ws(withID("id", s.deleteCreator))...)
	r.Get("/alerts", ws(s.getAlerts)...)
	r.Post("/alerts", ws(withBody(s.postAlert))...)
	r.Get("/alerts/events", ws(s.getAlertEvents)...)
	r.Delete("/alerts/:id", ws(withID("id", s.deleteAlert))...)
	r.Get("/channels", ws(s.getChannels)...)
	r.Post("/channels", ws(withBody(s.postChannel))...)
	r.Patch("/channels/:id", ws(withID("id", s.patchChannel))...)
	r.Delete("/channels/:id", ws(withID("id", s.deleteChannel))...)
	r.Post("/channels/:id/test", ws(withID("id", s.postChannelTest))...)
	r.Post("/channels/:id/rotate-secret", ws(withID("id", s.postChannelRotate))...)
	r.Get("/channels/:id/deliveries", ws(withID("id", s.getChannelDeliveries))...)
	r.Post("/channels/:id/deliveries/:deliveryId/resend", ws(s.postDeliveryResend)...)
	r.Get("/accounts", ws(s.getAccounts)...)
	r.Patch("/accounts/:id", ws(withID("id", s.patchAccount))...)
	r.Delete("/accounts/:id", ws(withID("id", s.deleteAccount))...)
	r.Get("/accounts/:id/analytics", ws(withID("id", s.getAccountAnalytics))...)

	r.Get("/api-keys", ws(s.getAPIKeys)...)
	r.Post("/api-keys", ws(withBody(s.postAPIKey))...)
	r.Delete("/api-keys/:id", ws(withID("id", s.deleteAPIKey))...)
	// Share links: managed in the workspace (share_links.go), opened by
	// anyone with a token (shared.go), with the dashboard's page of one.
	s.shareLinkRoutes(r, ws)
	s.sharedRoutes(app, r)

	r.Post("/payment/create-checkout", ws(withBody(s.postCreateCheckout))...)
	r.Post("/payment/create-portal", ws(s.postCreatePortal)...)

	r.Post("/webhook/payment", s.postPaymentWebhook)
	// The machine routes do a workspace's or the whole service's batch work
	// (a dataset's upserts, every due item, the spike scan): their
	// statements are bounded by the request's deadline only, and their
	// callers retry.
	r.Post("/webhooks/scraper", batchWork, s.postScraperWebhook)
	r.Get("/cron/refresh", requireCron(d.Config.CronSecret), batchWork, s.getCronRefresh)
	r.Get("/cron/alerts", requireCron(d.Config.CronSecret), batchWork, s.getCronAlerts)

	// The dashboard comes after every API route, without the API's
	// middleware (no session, no rate limit: the shell and its files are
	// public, and a page load fetches several). Unknown /api paths go on
	// to the API's JSON 404.
	if d.Site != nil {
		site := d.Site.Handler()
		app.Get("/*", func(c *fiber.Ctx) error {
			if isAPIPath(c.Path()) {
				return c.Next()
			}
			return site(c)
		})
	}

	app.Use(func(c *fiber.Ctx) error {
		return apperr.NotFound("no route for " + c.Method() + " " + c.Path())
	})
	return app
}

// isAPIPath reports whether p is /api or under it, in any case: the router
// is case-insensitive.
func isAPIPath(p string) bool {
	p = strings.ToLower(p)
	return p == "/api" || strings.HasPrefix(p, "/api/")
}

// newApp is the fiber app with the error handler and the middleware every
// request passes: request id, access log, panic recovery, deadline.
func newApp(d Deps) *fiber.App {
	app := fiber.New(fiber.Config{
		AppName:               "reeltrack",
		ErrorHandler:          errorHandler,
		BodyLimit:             d.Config.BodyLimit,
		ReadTimeout:           30 * time.Second,
		WriteTimeout:          5 * time.Minute,
		IdleTimeout:           2 * time.Minute,
		ProxyHeader:           d.Config.ProxyHeader,
		DisableStartupMessage: true,
	})
	if d.Metrics != nil {
		app.Use(httpMetrics(d.Metrics))
	}
	app.Use(requestID, accessLog(d.Log), recoverPanic, deadline(d.Config.RequestTimeout))
	return app
}

// backgroundShutdownWait bounds how long a shutdown waits for the work
// left running after the answers.
const backgroundShutdownWait = 10 * time.Second

// stopBackground lets the starts under way finish, so that none is cut off
// between the provider starting a run and the job recording it, and stops
// the start values being read (see chread.StartValueCache.Close); no more starts
// begin, their jobs stay queued. A start still waiting on the provider
// after limit is cancelled, and its job left to the cron refresh.
func stopBackground(starts *background.Tasks, startValues *chread.StartValueCache, limit time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	_ = startValues.Close(ctx)
	_ = starts.Shutdown(ctx)
}
