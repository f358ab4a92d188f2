package sharing

import (
	"context"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
	querysharing "github.com/reeltrack/reeltrack/query/sharing"
)

// sharedCampaign is a campaign as its share link shows it: what it is and
// how its videos did. Payouts is there only when the link includes
// payouts: without it the answer holds no amount, spend or budget at all.
type sharedCampaign struct {
	Name      string               `json:"name"`
	StartsAt  time.Time            `json:"startsAt"`
	EndsAt    *time.Time           `json:"endsAt"`
	Platforms []string             `json:"platforms"`
	Period    string               `json:"period"`
	Videos    int                  `json:"videos"`
	Creators  int                  `json:"creators"`
	TopVideos []sharedCampaignLine `json:"topVideos"`
	Payouts   *sharedPayouts       `json:"payouts,omitempty"`
}

// sharedCampaignLine is a video of the campaign, with payouts its line's.
type sharedCampaignLine struct {
	Platform      platform.Platform `json:"platform"`
	URL           string            `json:"url"`
	Caption       string            `json:"caption"`
	AccountHandle string            `json:"accountHandle"`
	// PublishedAt is null while the publish time is unknown
	PublishedAt *time.Time `json:"publishedAt"`
	Views       int64      `json:"views"`
	Likes       int64      `json:"likes"`
	Comments    int64      `json:"comments"`
	// with payouts only; Bound is the rule that set the amount last, as
	// the ledger says ("" for none)
	Creator   string      `json:"creator,omitempty"`
	Status    domain.Line `json:"status,omitempty"`
	PaidViews *int64      `json:"paidViews,omitempty"`
	Amount    *int64      `json:"amount,omitempty"`
	Bound     *string     `json:"bound,omitempty"`
}

// sharedPayouts is the money of a campaign, in minor units of Currency.
type sharedPayouts struct {
	Currency     string               `json:"currency"`
	MinorDigits  int                  `json:"minorDigits"`
	Budget       int64                `json:"budget"`
	Spend        querycampaigns.Spend `json:"spend"`
	EffectiveCPM *float64             `json:"effectiveCpm"`
	Lines        []sharedCampaignLine `json:"lines"`
	TotalLines   int                  `json:"totalLines"`
}

// GetSharedCampaign is the summary of a link to a campaign (404 otherwise),
// as of the link's freeze if any. Top videos and payout lines come by views,
// most first; rejected lines are not among the top videos.
func (s *Room) GetSharedCampaign(c *fiber.Ctx, l querysharing.SharedLink) error {
	if l.Scope.Kind != "campaign" || l.Scope.CollectionID == nil {
		return querysharing.ErrNoSharedLink
	}
	h := s.Campaigns
	var asOf time.Time
	if l.FrozenAt != nil {
		asOf = *l.FrozenAt
		h.Now = func() time.Time { return asOf }
	}
	params := "payouts=false"
	if l.IncludePayouts {
		params = "payouts=true"
	}
	if !asOf.IsZero() {
		params += "&asOf=" + asOf.Format(time.RFC3339)
	}
	return s.CachedFor(c, linkKey(l, "shared-campaign", l.Scope.CollectionID.String()+"&"+params), func(ctx context.Context) (any, error) {
		p, err := h.Page(ctx, l.WorkspaceID, *l.Scope.CollectionID)
		if err != nil {
			return nil, err
		}
		lines, err := h.Lines(ctx, l.WorkspaceID, *l.Scope.CollectionID, querycampaigns.LinesQuery{Limit: querycampaigns.MaxLinesPage, ByViews: true})
		if err != nil {
			return nil, err
		}
		keep := func(ln querycampaigns.Line) bool { return asOf.IsZero() || ln.PublishedAt.Before(asOf) }
		cp := p.Campaign
		out := sharedCampaign{Name: cp.Name, StartsAt: cp.StartsAt, EndsAt: cp.EndsAt, Platforms: cp.Platforms, Period: cp.Period,
			Videos: cp.Videos, Creators: cp.Creators, TopVideos: []sharedCampaignLine{}}
		for _, ln := range lines.Lines {
			if keep(ln) && ln.Status != domain.LineRejected && len(out.TopVideos) < sharedTopVideos {
				out.TopVideos = append(out.TopVideos, sharedLine(ln, false))
			}
		}
		if l.IncludePayouts {
			out.Payouts = &sharedPayouts{Currency: cp.Currency, MinorDigits: cp.MinorDigits, Budget: cp.Budget, Spend: cp.Spend,
				EffectiveCPM: p.EffectiveCPM, Lines: []sharedCampaignLine{}, TotalLines: lines.Total}
			for _, ln := range lines.Lines {
				if keep(ln) {
					out.Payouts.Lines = append(out.Payouts.Lines, sharedLine(ln, true))
				}
			}
		}
		return out, nil
	})
}

// sharedTopVideos is how many top videos a campaign's link lists.
const sharedTopVideos = 10

func sharedLine(ln querycampaigns.Line, payouts bool) sharedCampaignLine {
	out := sharedCampaignLine{Platform: ln.Platform, URL: ln.URL, Caption: ln.Caption, AccountHandle: ln.AccountHandle,
		PublishedAt: ln.Published, Views: ln.Views, Likes: ln.Likes, Comments: ln.Comments}
	if payouts {
		paid, amount, bound := ln.PaidViews, ln.Amount, ln.Bound
		out.Creator, out.Status, out.PaidViews, out.Amount, out.Bound = ln.Payee.Name, ln.Status, &paid, &amount, &bound
	}
	return out
}
