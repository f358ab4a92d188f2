package api

import (
	"github.com/reeltrack/reeltrack/api/alerts"
	"github.com/reeltrack/reeltrack/api/billing"
	"github.com/reeltrack/reeltrack/api/campaigns"
	"github.com/reeltrack/reeltrack/api/collections"
	"github.com/reeltrack/reeltrack/api/competitors"
	"github.com/reeltrack/reeltrack/api/health"
	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/api/numbers"
	"github.com/reeltrack/reeltrack/api/organisations"
	"github.com/reeltrack/reeltrack/api/portal"
	"github.com/reeltrack/reeltrack/api/reports"
	"github.com/reeltrack/reeltrack/api/sharing"
	"github.com/reeltrack/reeltrack/api/team"
	"github.com/reeltrack/reeltrack/api/tracking"
	"github.com/reeltrack/reeltrack/api/watches"
	"github.com/reeltrack/reeltrack/internal/config"
	queryorgs "github.com/reeltrack/reeltrack/query/organisations"
)

// rooms are the handlers of the routes, by feature, as command and query are split.
type rooms struct {
	team        *team.Room
	tracking    *tracking.Room
	numbers     *numbers.Room
	collections *collections.Room
	campaigns   *campaigns.Room
	alerts      *alerts.Room
	sharing     *sharing.Room
	billing     *billing.Room
	health      *health.Room
	portal      *portal.Room
	watches     *watches.Room
	competitors *competitors.Room
	orgs        *organisations.Room
	reports     *reports.Room
}

// newRooms gives each room the use cases its routes call, from d.
func newRooms(d Deps) rooms {
	answers := httpx.Answers{Cache: d.Cache, StartValues: d.StartValueCache}
	return rooms{
		team: &team.Room{
			Tokens: d.Tokens, CookieSecure: d.Config.CookieSecure, Limiter: d.Limiter,
			SignUp: d.SignUp, LogIn: d.LogIn, Sessions: d.Sessions, VerifyEmail: d.VerifyEmail, Password: d.Password,
			Bootstrap: d.Bootstrap, RenameWorkspace: d.RenameWorkspace, Invite: d.Invite, AcceptInvite: d.AcceptInvite,
			ManageTeam: d.ManageTeam, Lead: d.Lead,
			Workspace: d.Workspace, Membership: d.Membership, Team: d.Team, InvitePreview: d.InvitePreview, Activity: d.Activity,
			Founding: d.Founding, Plans: d.Plans,
		},
		tracking: &tracking.Room{
			Track: d.Track, OrganiseItems: d.OrganiseItems, UpdateAccount: d.UpdateAccount, RemoveAccount: d.RemoveAccount,
			AssignCollection: d.AssignCollection, Videos: d.Videos, Accounts: d.Accounts,
		},
		numbers: &numbers.Room{
			Answers: answers, Now: d.Now, Log: d.Log,
			Videos: d.Videos, Overview: d.Overview, Accounts: d.Accounts, AccountAnalytics: d.AccountAnalytics, Export: d.Export,
			ExportSlots: numbers.NewExportSlots(orDefault(d.Config.ExportConcurrency, config.DefaultExportConcurrency),
				orDefault(d.Config.ExportConcurrencyPerWorkspace, config.DefaultExportConcurrencyPerWorkspace)),
			ExportStall: orDefault(d.Config.ExportStallTimeout, config.DefaultExportStallTimeout),
		},
		collections: &collections.Room{
			Answers:     answers,
			Collections: d.Collections, CreateCollection: d.CreateCollection, ManageCollection: d.ManageCollection,
			AssignCollection: d.AssignCollection, Creators: d.Creators, SaveCreator: d.SaveCreator, VideoPayee: d.VideoPayee,
			InviteCreator: d.InviteCreator, VerifyAccount: d.VerifyAccount,
		},
		portal: &portal.Room{Campaigns: d.Campaigns, VerifyAccount: d.VerifyAccount, SubmitPosts: d.SubmitPosts, PayoutBatches: d.PayoutBatches},
		campaigns: &campaigns.Room{
			Answers:   answers,
			Campaigns: d.Campaigns, CreateCampaign: d.CreateCampaign, UpdateCampaign: d.UpdateCampaign,
			ChangeCampaignRules: d.ChangeCampaignRules, ReviewPayouts: d.ReviewPayouts, ReviewSubmissions: d.ReviewSubmissions,
			PayoutBatches: d.PayoutBatches, PayPal: d.PayPal,
		},
		alerts: &alerts.Room{
			Alerts: d.Alerts, SaveAlert: d.SaveAlert, DeleteAlertRule: d.DeleteAlert,
			Channels: d.Channels, SaveChannel: d.SaveChannel, DeliverEvents: d.DeliverEvents,
			Digest: d.Digest, SetDigest: d.SetDigest,
		},
		sharing: &sharing.Room{
			Answers: answers, Now: d.Now, Limiter: d.Limiter, Passwords: d.Passwords,
			PublicBaseURL: d.Config.PublicBaseURL, SessionSecret: d.Config.SessionSecret, CookieSecure: d.Config.CookieSecure,
			APIKeys: d.APIKeys, ManageAPIKeys: d.ManageAPIKeys, ShareLinks: d.ShareLinks, ManageShareLinks: d.ManageShareLinks,
			Videos: d.Videos, Overview: d.Overview, Campaigns: d.Campaigns, Organisations: d.Organisations,
		},
		billing:     &billing.Room{Checkout: d.Checkout, Portal: d.Portal},
		watches:     &watches.Room{Watches: d.Watches, SaveWatches: d.SaveWatches},
		competitors: &competitors.Room{Competitors: d.Competitors, SaveCompetitors: d.SaveCompetitors},
		reports:     &reports.Room{Reports: d.Reports, Renderer: d.RenderReports, SaveReports: d.SaveReports, Now: d.Now},
		orgs: &organisations.Room{
			Organisations: d.Organisations, SaveOrganisations: d.SaveOrganisations, Now: d.Now,
			Rollup: queryorgs.RollupHandler{Handler: d.Organisations, Cache: d.Cache, Overview: d.Overview, Campaigns: d.Campaigns,
				Health: d.HealthSummary, ProviderAccount: providerAccount(d)},
		},
		health: &health.Room{
			Health: d.Health, Summary: d.HealthSummary, ProviderAccount: providerAccount(d),
			Secrets: []string{d.Config.ScraperToken, d.Config.ScraperWebhookSecret},
		},
	}
}

// providerAccount names the scraping provider's account, "" without one.
func providerAccount(d Deps) string {
	if d.Provider == nil {
		return ""
	}
	return d.Provider.Account()
}
