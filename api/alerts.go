package api

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/query"
)

// nullable is a JSON field that may be absent (Set false), null (Value
// nil) or a value.
type nullable[T any] struct {
	Set   bool
	Value *T
}

func (n *nullable[T]) UnmarshalJSON(b []byte) error {
	n.Set = true
	if bytes.Equal(bytes.TrimSpace(b), []byte("null")) {
		n.Value = nil
		return nil
	}
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	n.Value = &v
	return nil
}

func (n nullable[T]) ptr() **T {
	if !n.Set {
		return nil
	}
	return &n.Value
}

type alertRuleIn struct {
	ID            *string           `json:"id"`
	Name          *string           `json:"name"`
	CollectionID  nullable[string]  `json:"collectionId"`
	Platform      nullable[string]  `json:"platform"`
	Metric        *domain.Metric    `json:"metric"`
	Condition     *domain.Condition `json:"condition"`
	Threshold     *float64          `json:"threshold"`
	WindowHours   *int              `json:"windowHours"`
	MinStartValue *int64            `json:"minStartValue"`
	CooldownHours *int              `json:"cooldownHours"`
	Recipients    *[]string         `json:"recipients"`
	Enabled       *bool             `json:"enabled"`
	EventType     *domain.EventType `json:"eventType"`
	Email         *bool             `json:"email"`
	ChannelIDs    *[]string         `json:"channelIds"`
}

type alertRulesOut struct {
	Rules []query.AlertRule `json:"rules"`
}

type alertEventsOut struct {
	Events []query.AlertEvent `json:"events"`
}

func (s *server) getAlerts(c *fiber.Ctx) error {
	if _, err := params(c); err != nil {
		return err
	}
	rules, err := s.Alerts.Rules(c.UserContext(), membership(c).WorkspaceID)
	if err != nil {
		return err
	}
	if rules == nil {
		rules = []query.AlertRule{}
	}
	return c.JSON(alertRulesOut{Rules: rules})
}

func (s *server) postAlert(c *fiber.Ctx, in alertRuleIn) error {
	ws := membership(c).WorkspaceID
	cmd := command.SaveAlertRule{
		WorkspaceID: ws, Name: in.Name, Platform: in.Platform.ptr(), Metric: in.Metric, Condition: in.Condition,
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
	id, err := parseOptionalUUID("id", in.ID)
	if err != nil {
		return err
	}
	cmd.ID = id
	if in.CollectionID.Set {
		coll, err := parseOptionalUUID("collectionId", in.CollectionID.Value)
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

func (s *server) getAlertEvents(c *fiber.Ctx) error {
	get, err := params(c, "ruleId", "limit")
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
	limit, err := parseLimit(get("limit"), 100, query.MaxAlertEvents)
	if err != nil {
		return err
	}
	ws := membership(c).WorkspaceID
	if rule != nil {
		if _, ok, err := s.Alerts.Rule(c.UserContext(), ws, *rule); err != nil {
			return err
		} else if !ok {
			return apperr.NotFound("alert rule not found")
		}
	}
	events, err := s.Alerts.Events(c.UserContext(), ws, rule, limit)
	return answer(c, alertEventsOut{Events: events}, err)
}

func (s *server) deleteAlert(c *fiber.Ctx, id uuid.UUID) error {
	if err := s.DeleteAlert.Handle(c.UserContext(), command.DeleteAlertRule{WorkspaceID: membership(c).WorkspaceID, ID: id}); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}
