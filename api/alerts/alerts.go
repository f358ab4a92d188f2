package alerts

import (
	"fmt"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	queryalerts "github.com/reeltrack/reeltrack/query/alerts"
)

type alertRuleIn struct {
	ID            *string                           `json:"id"`
	Name          *string                           `json:"name"`
	CollectionID  httpx.Nullable[string]            `json:"collectionId"`
	Platform      httpx.Nullable[platform.Platform] `json:"platform"`
	Metric        *domain.Metric                    `json:"metric"`
	Condition     *domain.Condition                 `json:"condition"`
	Threshold     *float64                          `json:"threshold"`
	WindowHours   *int                              `json:"windowHours"`
	MinStartValue *int64                            `json:"minStartValue"`
	CooldownHours *int                              `json:"cooldownHours"`
	Recipients    *[]string                         `json:"recipients"`
	Enabled       *bool                             `json:"enabled"`
	EventType     *domain.EventType                 `json:"eventType"`
	Email         *bool                             `json:"email"`
	ChannelIDs    *[]string                         `json:"channelIds"`
}

type alertRulesOut struct {
	Rules []queryalerts.AlertRule `json:"rules"`
}

type alertEventsOut struct {
	Events []queryalerts.AlertEvent `json:"events"`
}

func (s *Room) GetAlerts(c *fiber.Ctx) error {
	if _, err := httpx.Params(c); err != nil {
		return err
	}
	rules, err := s.Alerts.Rules(c.UserContext(), httpx.Membership(c).WorkspaceID)
	if err != nil {
		return err
	}
	if rules == nil {
		rules = []queryalerts.AlertRule{}
	}
	return c.JSON(alertRulesOut{Rules: rules})
}

func (s *Room) PostAlert(c *fiber.Ctx, in alertRuleIn) error {
	ws := httpx.Membership(c).WorkspaceID
	cmd := alerts.SaveAlertRule{
		WorkspaceID: ws, Name: in.Name, Platform: in.Platform.Ptr(), Metric: in.Metric, Condition: in.Condition,
		Threshold: in.Threshold, WindowHours: in.WindowHours, MinStartValue: in.MinStartValue,
		CooldownHours: in.CooldownHours, Recipients: in.Recipients, Enabled: in.Enabled,
		EventType: in.EventType, Email: in.Email,
	}
	if in.ChannelIDs != nil {
		ids := make([]uuid.UUID, len(*in.ChannelIDs))
		for i, raw := range *in.ChannelIDs {
			id, err := uuid.Parse(raw)
			if err != nil {
				return apperr.Invalid(fmt.Sprintf("channelIds[%d]", i), "must be a UUID")
			}
			ids[i] = id
		}
		cmd.ChannelIDs = &ids
	}
	id, err := httpx.ParseOptionalUUID("id", in.ID)
	if err != nil {
		return err
	}
	cmd.ID = id
	if in.CollectionID.Set {
		coll, err := httpx.ParseOptionalUUID("collectionId", in.CollectionID.Value)
		if err != nil {
			return err
		}
		cmd.CollectionID = &coll
	}
	saved, err := s.SaveAlert.Handle(c.UserContext(), cmd)
	if err != nil {
		return err
	}
	rule, ok, err := s.Alerts.Rule(c.UserContext(), ws, saved.ID)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.NotFound("alert rule not found")
	}
	return c.JSON(rule)
}

func (s *Room) GetAlertEvents(c *fiber.Ctx) error {
	get, err := httpx.Params(c, "ruleId", "limit")
	if err != nil {
		return err
	}
	var rule *uuid.UUID
	if raw := get("ruleId"); raw != "" {
		id, err := uuid.Parse(raw)
		if err != nil {
			return apperr.Invalid("ruleId", "must be a UUID")
		}
		rule = &id
	}
	limit, err := httpx.ParseLimit(get("limit"), 100, queryalerts.MaxAlertEvents)
	if err != nil {
		return err
	}
	ws := httpx.Membership(c).WorkspaceID
	if rule != nil {
		if _, ok, err := s.Alerts.Rule(c.UserContext(), ws, *rule); err != nil {
			return err
		} else if !ok {
			return apperr.NotFound("alert rule not found")
		}
	}
	events, err := s.Alerts.Events(c.UserContext(), ws, rule, limit)
	return httpx.Answer(c, alertEventsOut{Events: events}, err)
}

func (s *Room) DeleteAlert(c *fiber.Ctx, id uuid.UUID) error {
	return httpx.NoContent(c, s.DeleteAlertRule.Handle(c.UserContext(), alerts.DeleteAlertRule{WorkspaceID: httpx.Membership(c).WorkspaceID, ID: id}))
}
