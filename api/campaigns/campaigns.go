package campaigns

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/campaigns"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payout"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
)

type campaignIn struct {
	CollectionID uuid.UUID  `json:"collectionId"`
	Currency     string     `json:"currency"`
	StartsAt     time.Time  `json:"startsAt"`
	EndsAt       *time.Time `json:"endsAt"`
	Budget       int64      `json:"budget"`
	Platforms    []string   `json:"platforms"`
	Period       string     `json:"period"`
	Collabs      string     `json:"collabs"`
	// ShowRulesToCreators: the creator portal shows the rules and budget.
	ShowRulesToCreators bool `json:"showRulesToCreators"`
	// VerifiedAccountsOnly: unverified accounts' lines are held at the lock.
	VerifiedAccountsOnly bool `json:"verifiedAccountsOnly"`
	// RequiresTaxForm: payees without a tax form on file are held at the lock.
	RequiresTaxForm bool `json:"requiresTaxForm"`
	submissionsIn
	ValidationHours int           `json:"validationHours"`
	MinQuality      int           `json:"minQuality"`
	Rules           *payout.Terms `json:"rules"`
}

// submissionsIn is whether a campaign takes its creators' posts and what a
// post must carry.
type submissionsIn struct {
	Submissions      string   `json:"submissions"`
	RequiredHashtags []string `json:"requiredHashtags"`
	RequiredMentions []string `json:"requiredMentions"`
	RequiredSound    string   `json:"requiredSound"`
}

func (in submissionsIn) rules() domain.SubmissionRules {
	return domain.SubmissionRules{Mode: domain.SubmissionsMode(in.Submissions), Hashtags: in.RequiredHashtags, Mentions: in.RequiredMentions, Sound: in.RequiredSound}
}

// campaignPatch holds the fields a PATCH names; a field left out keeps its
// value, and endsAt null opens the campaign's end.
type campaignPatch struct {
	StartsAt  *time.Time      `json:"startsAt"`
	EndsAt    json.RawMessage `json:"endsAt"`
	Budget    *int64          `json:"budget"`
	Platforms []string        `json:"platforms"`
	Collabs   *string         `json:"collabs"`
	// ShowRulesToCreators: the creator portal shows the rules and budget.
	ShowRulesToCreators *bool `json:"showRulesToCreators"`
	// VerifiedAccountsOnly: unverified accounts' lines are held at the lock.
	VerifiedAccountsOnly *bool `json:"verifiedAccountsOnly"`
	// RequiresTaxForm: payees without a tax form on file are held at the lock.
	RequiresTaxForm *bool `json:"requiresTaxForm"`
	// the submission settings a PATCH names
	Submissions      *string  `json:"submissions"`
	RequiredHashtags []string `json:"requiredHashtags"`
	RequiredMentions []string `json:"requiredMentions"`
	RequiredSound    *string  `json:"requiredSound"`
	ValidationHours  *int     `json:"validationHours"`
	MinQuality       *int     `json:"minQuality"`
}

type reviewIn struct {
	Action   campaigns.ReviewAction `json:"action"`
	VideoIDs []uuid.UUID            `json:"videoIds"`
	Reason   string                 `json:"reason"`
}

func (s *Room) GetCampaigns(c *fiber.Ctx) error {
	if _, err := httpx.Params(c); err != nil {
		return err
	}
	scope, key := httpx.ClientScope(c)
	return s.Cached(c, "campaigns", key, func(ctx context.Context, ws uuid.UUID) (any, error) {
		list, err := s.Campaigns.List(ctx, ws)
		if scope != nil {
			list = slices.DeleteFunc(list, func(x querycampaigns.CampaignSummary) bool { return !slices.Contains(scope, x.ID) })
		}
		return map[string]any{"campaigns": list}, err
	})
}

func (s *Room) PostCampaign(c *fiber.Ctx, in campaignIn) error {
	if in.Rules == nil {
		return apperr.Invalid("rules", "is required")
	}
	ws := httpx.Membership(c).WorkspaceID
	err := s.CreateCampaign.Handle(c.UserContext(), campaigns.CreateCampaign{WorkspaceID: ws, ActorID: httpx.Session(c).UserID, CollectionID: in.CollectionID,
		Currency: in.Currency, Period: in.Period, Rules: *in.Rules,
		Settings: domain.CampaignSettings{StartsAt: in.StartsAt, EndsAt: in.EndsAt, Budget: in.Budget, Platforms: in.Platforms, Collabs: domain.Collabs(in.Collabs),
			ShowRules: in.ShowRulesToCreators, VerifiedOnly: in.VerifiedAccountsOnly, TaxFormRequired: in.RequiresTaxForm,
			Submissions: in.submissionsIn.rules(), ValidationHours: in.ValidationHours, MinQuality: in.MinQuality}})
	if err != nil {
		return err
	}
	return s.campaignAfter(c.Status(fiber.StatusCreated), ws, in.CollectionID)
}

// campaignAfter answers the campaign after a write, never from the cache.
func (s *Room) campaignAfter(c *fiber.Ctx, ws, id uuid.UUID) error {
	p, err := s.Campaigns.Page(c.UserContext(), ws, id)
	return httpx.Answer(c, p.Campaign, err)
}

func (s *Room) GetCampaign(c *fiber.Ctx, id uuid.UUID) error {
	if _, err := httpx.Params(c); err != nil {
		return err
	}
	return s.Cached(c, "campaign", id.String(), func(ctx context.Context, ws uuid.UUID) (any, error) {
		return s.Campaigns.Page(ctx, ws, id)
	})
}

func (s *Room) PatchCampaign(c *fiber.Ctx, id uuid.UUID, in campaignPatch) error {
	ws := httpx.Membership(c).WorkspaceID
	cur, err := s.Campaigns.Settings(c.UserContext(), ws, id)
	if err != nil {
		return err
	}
	set := cur
	if in.StartsAt != nil {
		set.StartsAt = *in.StartsAt
	}
	if len(in.EndsAt) > 0 {
		set.EndsAt = nil
		if !bytes.Equal(bytes.TrimSpace(in.EndsAt), []byte("null")) {
			var t time.Time
			if err := json.Unmarshal(in.EndsAt, &t); err != nil {
				return apperr.Invalid("endsAt", "a date-time (RFC 3339) or null")
			}
			set.EndsAt = &t
		}
	}
	if in.Budget != nil {
		set.Budget = *in.Budget
	}
	if in.Platforms != nil {
		if len(in.Platforms) == 0 {
			return apperr.Invalid("platforms", "name at least one platform")
		}
		set.Platforms = in.Platforms
	}
	if in.Collabs != nil {
		set.Collabs = domain.Collabs(*in.Collabs)
	}
	if in.ShowRulesToCreators != nil {
		set.ShowRules = *in.ShowRulesToCreators
	}
	if in.VerifiedAccountsOnly != nil {
		set.VerifiedOnly = *in.VerifiedAccountsOnly
	}
	if in.RequiresTaxForm != nil {
		set.TaxFormRequired = *in.RequiresTaxForm
	}
	if in.Submissions != nil {
		set.Submissions.Mode = domain.SubmissionsMode(*in.Submissions)
	}
	if in.RequiredHashtags != nil {
		set.Submissions.Hashtags = in.RequiredHashtags
	}
	if in.RequiredMentions != nil {
		set.Submissions.Mentions = in.RequiredMentions
	}
	if in.RequiredSound != nil {
		set.Submissions.Sound = *in.RequiredSound
	}
	if in.ValidationHours != nil {
		set.ValidationHours = *in.ValidationHours
	}
	if in.MinQuality != nil {
		set.MinQuality = *in.MinQuality
	}
	err = s.UpdateCampaign.Handle(c.UserContext(), campaigns.UpdateCampaign{WorkspaceID: ws, ActorID: httpx.Session(c).UserID, CollectionID: id, Settings: set})
	if err != nil {
		return err
	}
	return s.campaignAfter(c, ws, id)
}

func (s *Room) GetCampaignRules(c *fiber.Ctx, id uuid.UUID) error {
	if _, err := httpx.Params(c); err != nil {
		return err
	}
	versions, err := s.Campaigns.Rules(c.UserContext(), httpx.Membership(c).WorkspaceID, id)
	return httpx.Answer(c, map[string]any{"versions": versions}, err)
}

func (s *Room) PostCampaignRules(c *fiber.Ctx, id uuid.UUID, in payout.Terms) error {
	ws := httpx.Membership(c).WorkspaceID
	version, err := s.ChangeCampaignRules.Handle(c.UserContext(), campaigns.ChangeCampaignRules{WorkspaceID: ws, ActorID: httpx.Session(c).UserID, CollectionID: id, Rules: in})
	if err != nil {
		return err
	}
	versions, err := s.Campaigns.Rules(c.UserContext(), ws, id)
	if err != nil {
		return err
	}
	for _, v := range versions {
		if v.Version == version {
			return c.Status(fiber.StatusCreated).JSON(v)
		}
	}
	return apperr.NotFound("campaign not found")
}

func parseLinesQuery(get func(string) string) (querycampaigns.LinesQuery, error) {
	q := querycampaigns.LinesQuery{Status: domain.Line(get("status")), Bound: get("bound")}
	if raw := get("payee"); raw != "" {
		id, err := uuid.Parse(raw)
		if err != nil {
			return q, apperr.Invalid("payee", "must be a UUID")
		}
		q.Payee = &id
	}
	if raw := get("period"); raw != "" {
		t, err := time.Parse(time.DateOnly, raw)
		if err != nil {
			return q, apperr.Invalid("period", "the first day of a period, YYYY-MM-DD")
		}
		q.Period = &t
	}
	var err error
	if q.Limit, err = httpx.ParseInt(get("limit"), "limit", 100, 1, querycampaigns.MaxLinesPage); err != nil {
		return q, err
	}
	q.Offset, err = httpx.ParseInt(get("offset"), "offset", 0, 0, 1<<30)
	return q, err
}

func (s *Room) GetCampaignLines(c *fiber.Ctx, id uuid.UUID) error {
	q, err := httpx.Parsed(c, parseLinesQuery, "status", "payee", "period", "bound", "limit", "offset")
	if err != nil {
		return err
	}
	key := c.Context().QueryArgs().String()
	return s.Cached(c, "campaign-lines", id.String()+"?"+key, func(ctx context.Context, ws uuid.UUID) (any, error) {
		return s.Campaigns.Lines(ctx, ws, id, q)
	})
}

func (s *Room) PostCampaignReview(c *fiber.Ctx, id uuid.UUID, in reviewIn) error {
	out, err := s.ReviewPayouts.Handle(c.UserContext(), campaigns.ReviewPayouts{WorkspaceID: httpx.Membership(c).WorkspaceID, ActorID: httpx.Session(c).UserID,
		CollectionID: id, Action: in.Action, VideoIDs: in.VideoIDs, Reason: in.Reason})
	return httpx.Answer(c, out, err)
}

func (s *Room) GetCampaignExport(c *fiber.Ctx, id uuid.UUID) error {
	get, err := httpx.Params(c, "kind", "status", "payee", "period", "bound", "bom")
	if err != nil {
		return err
	}
	q, err := parseLinesQuery(get)
	if err != nil {
		return err
	}
	bom, err := httpx.ParseBool(get("bom"), "bom")
	if err != nil {
		return err
	}
	kind := get("kind")
	if kind == "" {
		kind = querycampaigns.PayoutLines
	}
	out, err := s.Campaigns.Export(c.UserContext(), httpx.Membership(c).WorkspaceID, id, kind, q)
	if err != nil {
		return err
	}
	return httpx.SendCSV(c, out.Filename, out.CSV, bom)
}

// GetTaxReport answers the year's payments by payee as CSV; owners and
// admins only (it names what each person was paid).
func (s *Room) GetTaxReport(c *fiber.Ctx) error {
	get, err := httpx.Params(c, "year", "threshold", "bom")
	if err != nil {
		return err
	}
	if !httpx.Membership(c).Role.Manages() {
		return authz.Refused("download the tax report")
	}
	year, err := httpx.ParseInt(get("year"), "year", time.Now().UTC().Year(), 2000, 9999)
	if err != nil {
		return err
	}
	q := querycampaigns.TaxReportQuery{Year: year}
	if raw := get("threshold"); raw != "" {
		t, err := httpx.ParseInt(raw, "threshold", 0, 0, 1<<50)
		if err != nil {
			return err
		}
		v := int64(t)
		q.Threshold = &v
	}
	bom, err := httpx.ParseBool(get("bom"), "bom")
	if err != nil {
		return err
	}
	out, err := s.Campaigns.TaxReport(c.UserContext(), httpx.Membership(c).WorkspaceID, q)
	if err != nil {
		return err
	}
	return httpx.SendCSV(c, out.Filename, out.CSV, bom)
}
