package api

import (
	"bytes"
	"context"
	"encoding/json"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/query"
)

// rulesIn is a version of a campaign's rules in a request.
type rulesIn struct {
	Tiers       []payout.Tier `json:"tiers"`
	ViewCap     int64         `json:"viewCap"`
	MinViews    int64         `json:"minViews"`
	MinAmount   int64         `json:"minAmount"`
	MaxAmount   int64         `json:"maxAmount"`
	CreatorCap  int64         `json:"creatorCap"`
	WindowHours int           `json:"windowHours"`
}

func (r rulesIn) command() command.CampaignRules {
	return command.CampaignRules{Tiers: r.Tiers, ViewCap: r.ViewCap, MinViews: r.MinViews, MinAmount: r.MinAmount,
		MaxAmount: r.MaxAmount, CreatorCap: r.CreatorCap, WindowHours: r.WindowHours}
}

type campaignIn struct {
	CollectionID uuid.UUID  `json:"collectionId"`
	Currency     string     `json:"currency"`
	StartsAt     time.Time  `json:"startsAt"`
	EndsAt       *time.Time `json:"endsAt"`
	Budget       int64      `json:"budget"`
	Platforms    []string   `json:"platforms"`
	Period       string     `json:"period"`
	Rules        *rulesIn   `json:"rules"`
}

// campaignPatch holds the fields a PATCH names; a field left out keeps its
// value, and endsAt null opens the campaign's end.
type campaignPatch struct {
	StartsAt  *time.Time      `json:"startsAt"`
	EndsAt    json.RawMessage `json:"endsAt"`
	Budget    *int64          `json:"budget"`
	Platforms []string        `json:"platforms"`
}

type reviewIn struct {
	Action   command.ReviewAction `json:"action"`
	VideoIDs []uuid.UUID          `json:"videoIds"`
	Reason   string               `json:"reason"`
}

func (s *server) getCampaigns(c *fiber.Ctx) error {
	if _, err := params(c); err != nil {
		return err
	}
	return s.cached(c, "campaigns", "", func(ctx context.Context) (any, error) {
		list, err := s.Campaigns.List(ctx, membership(c).WorkspaceID)
		return map[string]any{"campaigns": list}, err
	})
}

func (s *server) postCampaign(c *fiber.Ctx, in campaignIn) error {
	if in.Rules == nil {
		return apperr.Invalid("rules", "is required")
	}
	ws := membership(c).WorkspaceID
	err := s.CreateCampaign.Handle(c.UserContext(), command.CreateCampaign{WorkspaceID: ws, ActorID: session(c).UserID, CollectionID: in.CollectionID,
		Currency: in.Currency, Period: in.Period, Rules: in.Rules.command(),
		Settings: command.CampaignSettings{StartsAt: in.StartsAt, EndsAt: in.EndsAt, Budget: in.Budget, Platforms: in.Platforms}})
	if err != nil {
		return err
	}
	return s.campaignAfter(c.Status(fiber.StatusCreated), ws, in.CollectionID)
}

// campaignAfter answers the campaign as it is after a write, never from the
// cache.
func (s *server) campaignAfter(c *fiber.Ctx, ws, id uuid.UUID) error {
	p, err := s.Campaigns.Page(c.UserContext(), ws, id)
	return answer(c, p.Campaign, err)
}

func (s *server) getCampaign(c *fiber.Ctx, id uuid.UUID) error {
	if _, err := params(c); err != nil {
		return err
	}
	return s.cached(c, "campaign", id.String(), func(ctx context.Context) (any, error) {
		return s.Campaigns.Page(ctx, membership(c).WorkspaceID, id)
	})
}

func (s *server) patchCampaign(c *fiber.Ctx, id uuid.UUID) error {
	var in campaignPatch
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	ws := membership(c).WorkspaceID
	cur, err := s.Campaigns.Settings(c.UserContext(), ws, id)
	if err != nil {
		return err
	}
	set := command.CampaignSettings(cur)
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
	err = s.UpdateCampaign.Handle(c.UserContext(), command.UpdateCampaign{WorkspaceID: ws, ActorID: session(c).UserID, CollectionID: id, Settings: set})
	if err != nil {
		return err
	}
	return s.campaignAfter(c, ws, id)
}

func (s *server) getCampaignRules(c *fiber.Ctx, id uuid.UUID) error {
	if _, err := params(c); err != nil {
		return err
	}
	versions, err := s.Campaigns.Rules(c.UserContext(), membership(c).WorkspaceID, id)
	return answer(c, map[string]any{"versions": versions}, err)
}

func (s *server) postCampaignRules(c *fiber.Ctx, id uuid.UUID) error {
	var in rulesIn
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	ws := membership(c).WorkspaceID
	version, err := s.ChangeCampaignRules.Handle(c.UserContext(), command.ChangeCampaignRules{WorkspaceID: ws, ActorID: session(c).UserID, CollectionID: id, Rules: in.command()})
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

// parseLinesQuery reads the ledger's filters.
func parseLinesQuery(get func(string) string) (query.LinesQuery, error) {
	q := query.LinesQuery{Status: get("status"), Bound: get("bound")}
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
	if q.Limit, err = parseInt(get("limit"), "limit", 100, 1, query.MaxLinesPage); err != nil {
		return q, err
	}
	q.Offset, err = parseInt(get("offset"), "offset", 0, 0, 1<<30)
	return q, err
}

func (s *server) getCampaignLines(c *fiber.Ctx, id uuid.UUID) error {
	q, err := parsed(c, parseLinesQuery, "status", "payee", "period", "bound", "limit", "offset")
	if err != nil {
		return err
	}
	key := c.Context().QueryArgs().String()
	return s.cached(c, "campaign-lines", id.String()+"?"+key, func(ctx context.Context) (any, error) {
		return s.Campaigns.Lines(ctx, membership(c).WorkspaceID, id, q)
	})
}

func (s *server) postCampaignReview(c *fiber.Ctx, id uuid.UUID) error {
	var in reviewIn
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	n, err := s.ReviewPayouts.Handle(c.UserContext(), command.ReviewPayouts{WorkspaceID: membership(c).WorkspaceID, ActorID: session(c).UserID,
		CollectionID: id, Action: in.Action, VideoIDs: in.VideoIDs, Reason: in.Reason})
	return answer(c, map[string]int{"changed": n}, err)
}

func (s *server) getCampaignExport(c *fiber.Ctx, id uuid.UUID) error {
	get, err := params(c, "kind", "status", "payee", "period", "bound")
	if err != nil {
		return err
	}
	q, err := parseLinesQuery(get)
	if err != nil {
		return err
	}
	kind := get("kind")
	if kind == "" {
		kind = query.PayoutLines
	}
	out, err := s.Campaigns.Export(c.UserContext(), membership(c).WorkspaceID, id, kind, q)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, "text/csv; charset=utf-8")
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="`+out.Filename+`"`)
	return c.Send(out.CSV)
}
