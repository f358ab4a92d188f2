// Package campaigns is the room of campaigns: a campaign and its settings,
// its versioned rules, its lines with their reviews, and its payout export.
package campaigns

import (
	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/campaigns"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
)

// Room holds the use cases the campaign routes call.
type Room struct {
	httpx.Answers

	Campaigns           querycampaigns.CampaignsHandler
	CreateCampaign      campaigns.CreateCampaignHandler
	UpdateCampaign      campaigns.UpdateCampaignHandler
	ChangeCampaignRules campaigns.ChangeCampaignRulesHandler
	ReviewPayouts       campaigns.ReviewPayoutsHandler
	ReviewSubmissions   campaigns.ReviewSubmissionsHandler
	PayoutBatches       campaigns.PayoutBatchesHandler
	PayPal              campaigns.PayPalHandler
}
