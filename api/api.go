// Package api is the HTTP layer: the one route table, the middleware, the
// mapping of errors to statuses, and the machine routes (webhooks, cron); the
// routes' handlers are in its rooms, one per feature. It holds no SQL.
package api

import (
	"cmp"
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/gofiber/fiber/v2"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/command/billing"
	"github.com/reeltrack/reeltrack/command/campaigns"
	"github.com/reeltrack/reeltrack/command/collections"
	"github.com/reeltrack/reeltrack/command/competitors"
	"github.com/reeltrack/reeltrack/command/cron"
	"github.com/reeltrack/reeltrack/command/organisations"
	"github.com/reeltrack/reeltrack/command/reports"
	"github.com/reeltrack/reeltrack/command/sharing"
	"github.com/reeltrack/reeltrack/command/team"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/command/watches"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/config"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/ratelimit"
	"github.com/reeltrack/reeltrack/internal/store"
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

// Deps is everything the routes need, built by cmd/server.
type Deps struct {
	Config  config.Config
	Log     *slog.Logger
	Tokens  *auth.Tokens
	OpenAPI []byte
	Now     func() time.Time

	// The servers, for /readyz. Provider is nil without a scraping provider.
	DB       *pgxpool.Pool
	CH       driver.Conn
	Redis    *store.Redis
	Provider *ingest.Client

	Metrics *metrics.Metrics

	// Site is the dashboard, served outside /api; nil: those paths answer 404.
	Site *web.Site

	Handlers
}

// Handlers are the use cases the routes call, with the limiter and caches.
type Handlers struct {
	Limiter         *ratelimit.Limiter
	Cache           *answercache.Cache
	StartValueCache *chread.StartValueCache
	// ScrapeStarts runs the scrape starts and e-mails left after their answers.
	ScrapeStarts *background.Tasks
	// Foreground counts the requests being answered; exports and the cron's
	// steps yield to them (nil: nothing yields).
	Foreground *background.Foreground

	SignUp          team.SignUpHandler
	LogIn           team.LogInHandler
	Sessions        team.SessionsHandler
	VerifyEmail     team.VerifyEmailHandler
	Password        team.PasswordHandler
	Bootstrap       team.BootstrapWorkspaceHandler
	Invite          team.InviteTeammateHandler
	InviteCreator   team.InviteCreatorHandler
	VerifyAccount   collections.VerifyAccountHandler
	AcceptInvite    team.AcceptInviteHandler
	ManageTeam      team.ManageTeamHandler
	Lead            team.CaptureLeadHandler
	Track           tracking.TrackHandler
	Refresh         tracking.RefreshDueHandler
	AlertsCron      cron.AlertsCron
	CronSteps       cron.StepLog
	Complete        tracking.CompleteScrapeHandler
	RenameWorkspace team.RenameWorkspaceHandler

	Checkout     billing.CreateCheckoutHandler
	Portal       billing.CreatePortalHandler
	ApplyPayment billing.ApplyPaymentEventHandler

	Workspace        queryteam.WorkspaceHandler
	Membership       queryteam.MembershipHandler
	Session          queryteam.SessionHandler
	Team             queryteam.TeamHandler
	InvitePreview    queryteam.InvitePreviewHandler
	Activity         queryteam.ActivityHandler
	Founding         queryteam.FoundingStatsHandler
	Plans            queryteam.PlansHandler
	ProviderStatus   queryteam.ProviderStatusHandler
	Health           queryhealth.HealthHandler
	HealthSummary    queryhealth.SummaryHandler
	Videos           numbers.VideosHandler
	Overview         numbers.OverviewHandler
	Export           numbers.ExportHandler
	Collections      querycollections.CollectionsHandler
	CreateCollection collections.CreateCollectionHandler
	ManageCollection collections.ManageCollectionHandler
	AssignCollection collections.AssignCollectionHandler
	Creators         querycollections.CreatorsHandler
	SaveCreator      collections.SaveCreatorHandler
	VideoPayee       collections.VideoPayeeHandler
	OrganiseItems    tracking.OrganiseItemsHandler
	Accounts         numbers.AccountsHandler
	AccountAnalytics numbers.AccountAnalyticsHandler
	UpdateAccount    tracking.UpdateAccountHandler
	RemoveAccount    tracking.RemoveAccountHandler
	Alerts           queryalerts.AlertsHandler
	SaveAlert        alerts.SaveAlertRuleHandler
	DeleteAlert      alerts.DeleteAlertRuleHandler

	Campaigns           querycampaigns.CampaignsHandler
	CreateCampaign      campaigns.CreateCampaignHandler
	UpdateCampaign      campaigns.UpdateCampaignHandler
	ChangeCampaignRules campaigns.ChangeCampaignRulesHandler
	ReviewPayouts       campaigns.ReviewPayoutsHandler
	SettlePayouts       campaigns.SettlePayoutsHandler
	SubmitPosts         campaigns.SubmitPostsHandler
	PayoutBatches       campaigns.PayoutBatchesHandler
	PayPal              campaigns.PayPalHandler
	ReviewSubmissions   campaigns.ReviewSubmissionsHandler

	Watches     querywatches.Handler
	SaveWatches watches.Handler

	Competitors     querycompetitors.Handler
	SaveCompetitors competitors.Handler

	Organisations     queryorgs.Handler
	SaveOrganisations organisations.Handler

	Reports       queryreports.Handler
	RenderReports queryreports.Renderer
	SaveReports   reports.Handler

	APIKeys          querysharing.APIKeysHandler
	ManageAPIKeys    sharing.APIKeysHandler
	Digest           queryalerts.DigestHandler
	SetDigest        alerts.SetDigestHandler
	ShareLinks       querysharing.ShareLinksHandler
	ManageShareLinks sharing.ShareLinksHandler
	Passwords        *auth.Passwords
	Channels         queryalerts.ChannelsHandler
	SaveChannel      alerts.SaveChannelHandler
	DeliverEvents    alerts.DeliverEventsHandler
}

type server struct {
	Deps
}

func orDefault[T int | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

// New builds the fiber app with every route.
func New(d Deps) *fiber.App {
	s := &server{Deps: d}
	room := newRooms(d)

	app := newApp(d)
	app.Hooks().OnShutdown(func() error { stopBackground(d.ScrapeStarts, d.StartValueCache, backgroundShutdownWait); return nil })

	app.Get("/healthz", s.healthz)
	app.Get("/readyz", s.readyz)

	r := app.Group("/api", noSniff, httpx.CheckQueryText, clientInfo)
	r.Get("/openapi.yaml", s.openapi)

	// Browser-facing writes come from our own origins only, the sign-up and login
	// forms too, so a foreign page cannot sign a visitor into an account of its choosing.
	origins := d.Config.Origins()
	fromUs := sameOrigin(origins)
	publicPerMinute := d.Config.RateLimitPublic
	r.Post("/auth/signup", privateAnswer, fromUs, rateLimit(s.Limiter, publicPerMinute, byIP("auth")), httpx.WithBody(room.team.PostSignUp))
	r.Post("/auth/login", privateAnswer, fromUs, rateLimit(s.Limiter, publicPerMinute, byIP("auth")), httpx.WithBody(room.team.PostLogIn))
	r.Post("/auth/logout", privateAnswer, noKey, fromUs, room.team.PostLogOut)
	// The links of account e-mails need no session: the token is the
	// proof. Each answers the same for every bad token.
	r.Post("/auth/verify-email", privateAnswer, fromUs, rateLimit(s.Limiter, publicPerMinute, byIP("links")), httpx.WithBody(room.team.PostVerifyEmail))
	r.Post("/auth/password/forgot", privateAnswer, fromUs, rateLimit(s.Limiter, resetsPerClientMinute, byIP("reset")), httpx.WithBody(room.team.PostForgotPassword))
	r.Post("/auth/password/reset", privateAnswer, fromUs, rateLimit(s.Limiter, publicPerMinute, byIP("links")), httpx.WithBody(room.team.PostResetPassword))
	r.Post("/invites/preview", privateAnswer, fromUs, rateLimit(s.Limiter, publicPerMinute, byIP("links")), httpx.WithBody(room.team.PostInvitePreview))
	r.Options("/lead", preflight(origins))
	r.Post("/lead", fromUs, allowOrigin(origins), rateLimit(s.Limiter, publicPerMinute, byIP("lead")), httpx.WithBody(room.team.PostLead))
	// The public reads are limited per client at publicReads times the public
	// rate: the landing, pricing and billing pages read them on every visit.
	r.Get("/founding/stats", rateLimit(s.Limiter, publicReads*publicPerMinute, byIP("founding")), room.team.GetFoundingStats)
	r.Get("/plans", rateLimit(s.Limiter, publicReads*publicPerMinute, byIP("plans")), room.team.GetPlans)

	// Session routes are registered one by one: a fiber group's middleware
	// would run for every path under the prefix, unknown ones included.
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
	// The routes a client viewer may read too, each with its reach.
	view := func(reach clientReach, h fiber.Handler) []fiber.Handler {
		return signedIn(allowClient(s.Membership, reach, h))
	}
	r.Get("/auth/me", dash(room.team.GetMe)...)
	r.Post("/auth/logout-everywhere", dash(room.team.PostLogOutEverywhere)...)
	r.Post("/auth/verify-email/resend", dash(room.team.PostResendVerification)...)
	r.Post("/auth/password/change", dash(rateLimit(s.Limiter, passwordChangesPerMinute, byUserIn("password")), httpx.WithBody(room.team.PostChangePassword))...)
	r.Post("/invites/accept", dash(httpx.WithBody(room.team.PostAcceptInvite))...)
	r.Post("/workspace/bootstrap", dash(room.team.PostBootstrap)...)
	r.Get("/workspaces", view(clientAsIs, room.orgs.GetWorkspaces)...)
	r.Put("/session/workspace", view(clientAsIs, httpx.WithBody(room.orgs.PutSessionWorkspace))...)
	r.Get("/organisation", ws(room.orgs.GetOrganisation)...)
	r.Post("/organisation", ws(httpx.WithBody(room.orgs.PostOrganisation))...)
	r.Patch("/organisation", ws(httpx.WithBody(room.orgs.PatchOrganisation))...)
	r.Post("/organisation/workspaces", ws(httpx.WithBody(room.orgs.PostWorkspace))...)
	r.Get("/organisation/rollup", ws(room.orgs.GetRollup)...)
	r.Post("/organisation/join-codes", ws(room.orgs.PostJoinCode)...)
	r.Post("/organisation/join", ws(httpx.WithBody(room.orgs.PostJoin))...)
	r.Delete("/organisation/workspaces/:id", ws(httpx.WithID("id", room.orgs.DeleteWorkspace))...)
	r.Get("/reports", ws(room.reports.GetReports)...)
	r.Post("/reports", ws(httpx.WithBody(room.reports.PostReport))...)
	r.Delete("/reports/:id", ws(httpx.WithID("id", room.reports.DeleteReport))...)
	// each prints a PDF in a browser
	printing := rateLimit(s.Limiter, reportsPerMinute, byUserIn("reports"))
	r.Post("/reports/:id/send", signedIn(printing, requireWorkspace(s.Membership, httpx.WithID("id", room.reports.PostReportSend)))...)
	r.Get("/reports/pdf", signedIn(printing, allowClient(s.Membership, clientReport, room.reports.GetPDF))...)
	r.Patch("/workspace", ws(httpx.WithBody(room.team.PatchWorkspace))...)
	r.Get("/workspace/team", ws(room.team.GetTeam)...)
	r.Post("/workspace/team", ws(httpx.WithBody(room.team.PostTeam))...)
	r.Patch("/workspace/team/members/:userId", ws(httpx.WithIDBody("userId", room.team.PatchMember))...)
	r.Delete("/workspace/team/members/:userId", ws(httpx.WithID("userId", room.team.DeleteMember))...)
	r.Post("/workspace/team/invites/:id/resend", ws(httpx.WithID("id", room.team.PostResendInvite))...)
	r.Delete("/workspace/team/invites/:id", ws(httpx.WithID("id", room.team.DeleteInvite))...)
	r.Get("/workspace/activity", ws(room.team.GetActivity)...)
	r.Get("/workspace/digest", ws(room.alerts.GetDigest)...)
	r.Get("/workspace/health", ws(room.health.GetHealth)...)
	r.Get("/workspace/health/summary", view(clientAsIs, room.health.GetSummary)...)
	r.Put("/workspace/digest", ws(httpx.WithBody(room.alerts.PutDigest))...)
	r.Post("/track", ws(httpx.WithBody(room.tracking.PostTrack))...)
	r.Post("/track/bulk", ws(httpx.WithBody(room.tracking.PostTrackBulk))...)
	r.Get("/videos", view(clientNumbers, room.numbers.GetVideos)...)
	r.Get("/videos/:id", view(clientVideo, httpx.WithID("id", room.numbers.GetVideo))...)
	r.Patch("/videos/:id", ws(httpx.WithIDBody("id", room.tracking.PatchVideo))...)
	r.Delete("/videos/:id", ws(httpx.WithID("id", room.tracking.DeleteVideo))...)
	r.Put("/videos/:id/payee", ws(httpx.WithIDBody("id", room.collections.PutVideoPayee))...)
	r.Post("/items/bulk", ws(httpx.WithBody(room.tracking.PostItemsBulk))...)
	r.Get("/overview", view(clientNumbers, room.numbers.GetOverview)...)
	r.Get("/overview/by-publish-day", view(clientNumbers, room.numbers.GetOverviewByPublishDay)...)
	r.Get("/export", inBackground(view(clientNumbers, room.numbers.GetExport))...)
	r.Get("/collections", view(clientAsIs, room.collections.GetCollections)...)
	r.Post("/collections", ws(httpx.WithBody(room.collections.PostCollection))...)
	r.Patch("/collections/:id", ws(httpx.WithIDBody("id", room.collections.PatchCollection))...)
	r.Delete("/collections/:id", ws(httpx.WithID("id", room.collections.DeleteCollection))...)
	r.Post("/collection-items", ws(httpx.WithBody(room.collections.PostCollectionItems))...)
	r.Get("/campaigns", view(clientPayouts, room.campaigns.GetCampaigns)...)
	r.Post("/campaigns", ws(httpx.WithBody(room.campaigns.PostCampaign))...)
	r.Get("/payouts/tax-report", inBackground(ws(room.campaigns.GetTaxReport))...)
	r.Get("/payouts/batches", ws(room.campaigns.GetBatches)...)
	r.Post("/payouts/batches", ws(httpx.WithBody(room.campaigns.PostBatches))...)
	r.Get("/payouts/batches/export", inBackground(ws(room.campaigns.GetBatchesExport))...)
	r.Get("/payouts/batches/:id", ws(httpx.WithID("id", room.campaigns.GetBatch))...)
	r.Post("/payouts/batches/:id/paid", ws(httpx.WithID("id", room.campaigns.PostBatchPaid))...)
	r.Post("/payouts/batches/:id/cancel", ws(httpx.WithID("id", room.campaigns.PostBatchCancel))...)
	r.Post("/payouts/batches/:id/send", ws(httpx.WithID("id", room.campaigns.PostBatchSend))...)
	r.Post("/payouts/batches/:id/check", ws(httpx.WithID("id", room.campaigns.PostBatchCheck))...)
	r.Get("/watches", ws(room.watches.GetWatches)...)
	r.Post("/watches", ws(httpx.WithBody(room.watches.PostWatch))...)
	r.Get("/watches/estimate", ws(room.watches.GetEstimate)...)
	r.Patch("/watches/:id", ws(httpx.WithIDBody("id", room.watches.PatchWatch))...)
	r.Delete("/watches/:id", ws(httpx.WithID("id", room.watches.DeleteWatch))...)
	r.Get("/watches/:id/tracker", ws(httpx.WithID("id", room.watches.GetTracker))...)
	r.Get("/competitors", ws(room.competitors.GetCompetitors)...)
	r.Get("/competitors/export", ws(room.competitors.GetCompetitorsExport)...)
	r.Get("/competitors/series", ws(room.competitors.GetCompetitorsSeries)...)
	r.Post("/competitors", ws(httpx.WithBody(room.competitors.PostCompetitor))...)
	r.Get("/competitors/:id", ws(httpx.WithID("id", room.competitors.GetCompetitor))...)
	r.Delete("/competitors/:id", ws(httpx.WithID("id", room.competitors.DeleteCompetitor))...)
	r.Get("/captures", ws(room.watches.GetCaptures)...)
	r.Get("/captures/export", ws(room.watches.GetCapturesExport)...)
	r.Post("/captures/review", ws(httpx.WithBody(room.watches.PostCapturesReview))...)
	r.Get("/payouts/paypal", ws(room.campaigns.GetPayPal)...)
	r.Put("/payouts/paypal", ws(httpx.WithBody(room.campaigns.PutPayPal))...)
	r.Delete("/payouts/paypal", ws(room.campaigns.DeletePayPal)...)
	r.Get("/campaigns/:id", view(clientPayouts, httpx.WithID("id", room.campaigns.GetCampaign))...)
	r.Patch("/campaigns/:id", ws(httpx.WithIDBody("id", room.campaigns.PatchCampaign))...)
	r.Get("/campaigns/:id/rules", ws(httpx.WithID("id", room.campaigns.GetCampaignRules))...)
	r.Post("/campaigns/:id/rules", ws(httpx.WithIDBody("id", room.campaigns.PostCampaignRules))...)
	r.Get("/campaigns/:id/lines", view(clientPayouts, httpx.WithID("id", room.campaigns.GetCampaignLines))...)
	r.Post("/campaigns/:id/lines/review", ws(httpx.WithIDBody("id", room.campaigns.PostCampaignReview))...)
	r.Get("/campaigns/:id/submissions", ws(httpx.WithID("id", room.campaigns.GetSubmissions))...)
	r.Post("/campaigns/:id/submissions/review", ws(httpx.WithIDBody("id", room.campaigns.PostSubmissionsReview))...)
	r.Get("/campaigns/:id/export", inBackground(ws(httpx.WithID("id", room.campaigns.GetCampaignExport)))...)
	r.Get("/creators", ws(room.collections.GetCreators)...)
	r.Post("/creators", ws(httpx.WithBody(room.collections.PostCreator))...)
	r.Patch("/creators/:id", ws(httpx.WithIDBody("id", room.collections.PatchCreator))...)
	r.Delete("/creators/:id", ws(httpx.WithID("id", room.collections.DeleteCreator))...)
	r.Post("/creators/:id/invite", ws(httpx.WithIDBody("id", room.collections.PostCreatorInvite))...)
	r.Delete("/creators/:id/login", ws(httpx.WithID("id", room.collections.DeleteCreatorLogin))...)
	// The creator portal: a creator's login only, scoped to its creator.
	creator := func(h fiber.Handler) []fiber.Handler { return signedIn(requireCreator(s.Membership, h)) }
	r.Get("/creator", creator(room.portal.GetPortal)...)
	r.Get("/creator/campaigns/:id/posts", creator(httpx.WithID("id", room.portal.GetPosts))...)
	r.Get("/creator/campaigns/:id/submissions", creator(httpx.WithID("id", room.portal.GetSubmissions))...)
	r.Post("/creator/campaigns/:id/submissions", creator(httpx.WithIDBody("id", room.portal.PostSubmissions))...)
	r.Put("/creator/payout-method", creator(httpx.WithBody(room.portal.PutPayoutMethod))...)
	r.Get("/creator/statement", creator(room.portal.GetStatement)...)
	r.Post("/creator/accounts/:id/verification", creator(httpx.WithID("id", room.portal.PostVerification))...)
	r.Put("/accounts/:id/verification", ws(httpx.WithIDBody("id", room.collections.PutAccountVerification))...)
	r.Get("/alerts", ws(room.alerts.GetAlerts)...)
	r.Post("/alerts", ws(httpx.WithBody(room.alerts.PostAlert))...)
	r.Get("/alerts/events", ws(room.alerts.GetAlertEvents)...)
	r.Delete("/alerts/:id", ws(httpx.WithID("id", room.alerts.DeleteAlert))...)
	r.Get("/channels", ws(room.alerts.GetChannels)...)
	r.Post("/channels", ws(httpx.WithBody(room.alerts.PostChannel))...)
	r.Patch("/channels/:id", ws(httpx.WithIDBody("id", room.alerts.PatchChannel))...)
	r.Delete("/channels/:id", ws(httpx.WithID("id", room.alerts.DeleteChannel))...)
	r.Post("/channels/:id/test", ws(httpx.WithID("id", room.alerts.PostChannelTest))...)
	r.Post("/channels/:id/rotate-secret", ws(httpx.WithID("id", room.alerts.PostChannelRotate))...)
	r.Get("/channels/:id/deliveries", ws(httpx.WithID("id", room.alerts.GetChannelDeliveries))...)
	r.Post("/channels/:id/deliveries/:deliveryId/resend", ws(room.alerts.PostDeliveryResend)...)
	r.Get("/accounts", view(clientNumbers, room.numbers.GetAccounts)...)
	r.Patch("/accounts/:id", ws(httpx.WithIDBody("id", room.tracking.PatchAccount))...)
	r.Delete("/accounts/:id", ws(httpx.WithID("id", room.tracking.DeleteAccount))...)
	r.Get("/accounts/:id/analytics", view(clientAccount, httpx.WithID("id", room.numbers.GetAccountAnalytics))...)

	r.Get("/api-keys", ws(room.sharing.GetAPIKeys)...)
	r.Post("/api-keys", ws(httpx.WithBody(room.sharing.PostAPIKey))...)
	r.Delete("/api-keys/:id", ws(httpx.WithID("id", room.sharing.DeleteAPIKey))...)
	r.Get("/share-links", ws(room.sharing.GetShareLinks)...)
	r.Post("/share-links", ws(httpx.WithBody(room.sharing.PostShareLink))...)
	r.Patch("/share-links/:id", ws(httpx.WithIDBody("id", room.sharing.PatchShareLink))...)
	r.Delete("/share-links/:id", ws(httpx.WithID("id", room.sharing.DeleteShareLink))...)
	// The public routes of a share link: the token is the proof, the link's
	// headers are set on every answer, errors included.
	sharedLimit := rateLimit(s.Limiter, sharedPerMinute, byIP("shared"))
	r.Get("/shared/:token", room.sharing.Headers, sharedLimit, room.sharing.Link(false, room.sharing.GetShared))
	r.Post("/shared/:token/unlock", room.sharing.Headers, sharedLimit, room.sharing.Link(false, room.sharing.PostSharedUnlock))
	r.Get("/shared/:token/overview", room.sharing.Headers, sharedLimit, room.sharing.Link(true, room.sharing.GetSharedOverview))
	r.Get("/shared/:token/videos", room.sharing.Headers, sharedLimit, room.sharing.Link(true, room.sharing.GetSharedVideos))
	r.Get("/shared/:token/campaign", room.sharing.Headers, sharedLimit, room.sharing.Link(true, room.sharing.GetSharedCampaign))
	if d.Site != nil {
		app.Get("/s/:token", room.sharing.SitePage(d.Site.Handler()))
	}

	r.Post("/payment/create-checkout", ws(httpx.WithBody(room.billing.PostCreateCheckout))...)
	r.Post("/payment/create-portal", ws(room.billing.PostCreatePortal)...)

	r.Post("/webhook/payment", s.postPaymentWebhook)
	// The machine routes' batch work is bounded by BATCH_TIMEOUT, not by
	// REQUEST_TIMEOUT or the statement timeout.
	batch := batchWork(cmp.Or(d.Config.BatchTimeout, d.Config.RequestTimeout))
	r.Post("/webhooks/scraper", asBackground, batch, s.postScraperWebhook)
	r.Get("/cron/refresh", asBackground, requireCron(d.Config.CronSecret), batch, s.recordStep(domain.StepRefresh), s.getCronRefresh)
	r.Get("/cron/alerts", asBackground, requireCron(d.Config.CronSecret), batch, s.getCronAlerts)

	// The dashboard comes after every API route, without the API's middleware
	// (the shell and its files are public); unknown /api paths go on to the 404.
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

// isAPIPath reports whether p is /api or under it, in any case, as the router matches.
func isAPIPath(p string) bool {
	p = strings.ToLower(p)
	return p == "/api" || strings.HasPrefix(p, "/api/")
}

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
	app.Use(requestID, accessLog(d.Log), recoverPanic, deadline(d.Config.RequestTimeout), foreground(d.Foreground))
	return app
}

const backgroundShutdownWait = 10 * time.Second

// stopBackground lets starts under way finish, so none is cut off between the
// provider starting a run and the job recording it; after limit it cancels them.
func stopBackground(starts *background.Tasks, startValues *chread.StartValueCache, limit time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	_ = startValues.Close(ctx)
	_ = starts.Shutdown(ctx)
}
