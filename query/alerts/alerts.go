package alerts

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query"
)

// AlertRule is a rule with its history, as GET /alerts shows it.
type AlertRule struct {
	ID   uuid.UUID `json:"id"`
	Name string    `json:"name"`
	domain.SpikeSettings
	// Recipients as saved; empty: every member.
	Recipients []string `json:"recipients"`
	Enabled    bool     `json:"enabled"`
	// EventType is the event the rule sends; the spike fields are video.spike's.
	EventType domain.EventType `json:"eventType"`
	// Email sends the events to Recipients (empty: every verified member).
	Email           bool        `json:"email"`
	ChannelIDs      []uuid.UUID `json:"channelIds"`
	CreatedAt       time.Time   `json:"createdAt"`
	UpdatedAt       time.Time   `json:"updatedAt"`
	LastTriggeredAt *time.Time  `json:"lastTriggeredAt"`
	TriggerCount    int         `json:"triggerCount"`
}

// AlertEvent is one alert raised by a rule for a video.
type AlertEvent struct {
	ID            uuid.UUID         `json:"id"`
	RuleID        uuid.UUID         `json:"ruleId"`
	RuleName      string            `json:"ruleName"`
	VideoID       uuid.UUID         `json:"videoId"`
	VideoURL      string            `json:"videoUrl"`
	VideoCaption  string            `json:"videoCaption"`
	Platform      platform.Platform `json:"platform"`
	AccountHandle string            `json:"accountHandle"`
	TriggeredAt   time.Time         `json:"triggeredAt"`
	Metric        domain.Metric     `json:"metric"`
	domain.SpikeMeasure
	// SincePublished: published inside the window, its gain counted from 0.
	SincePublished bool `json:"sincePublished"`
}

// AlertsHandler reads alert rules and events.
type AlertsHandler struct{ DB *pgxpool.Pool }

// Rules lists the workspace's rules, oldest first, with their triggers.
func (h AlertsHandler) Rules(ctx context.Context, ws uuid.UUID) ([]AlertRule, error) {
	return h.rules(ctx, ws, nil)
}

// Rule reads one rule of the workspace.
func (h AlertsHandler) Rule(ctx context.Context, ws, id uuid.UUID) (AlertRule, bool, error) {
	rules, err := h.rules(ctx, ws, &id)
	if err != nil || len(rules) == 0 {
		return AlertRule{}, false, err
	}
	return rules[0], true, nil
}

func (h AlertsHandler) rules(ctx context.Context, ws uuid.UUID, id *uuid.UUID) ([]AlertRule, error) {
	rows, _ := h.DB.Query(ctx, `
SELECT r.id, r.name, r.collection_id, r.platform, r.metric, r.condition, r.threshold, r.window_hours,
       r.min_start_value, r.cooldown_hours, r.recipients, r.enabled, r.event_type, r.email, r.channel_ids,
       r.created_at, r.updated_at, e.last, coalesce(e.n, 0)
FROM alert_rules r
LEFT JOIN (SELECT rule_id, max(triggered_at) AS last, count(*) AS n FROM alert_events
           WHERE workspace_id = $1 AND ($2::uuid IS NULL OR rule_id = $2) GROUP BY rule_id) e
       ON e.rule_id = r.id
WHERE r.workspace_id = $1 AND ($2::uuid IS NULL OR r.id = $2)
ORDER BY r.created_at, r.id`, ws, id)
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (AlertRule, error) {
		var r AlertRule
		err := row.Scan(&r.ID, &r.Name, &r.CollectionID, &r.Platform, &r.Metric, &r.Condition, &r.Threshold, &r.WindowHours,
			&r.MinStartValue, &r.CooldownHours, &r.Recipients, &r.Enabled, &r.EventType, &r.Email, &r.ChannelIDs,
			&r.CreatedAt, &r.UpdatedAt, &r.LastTriggeredAt, &r.TriggerCount)
		r.CreatedAt, r.UpdatedAt = r.CreatedAt.UTC(), r.UpdatedAt.UTC()
		r.LastTriggeredAt = query.InUTC(r.LastTriggeredAt)
		return r, err
	})
	if err != nil {
		return nil, fmt.Errorf("read alert rules: %w", err)
	}
	return out, nil
}

// MaxAlertEvents is the largest page of alert events.
const MaxAlertEvents = 500

// Events lists the workspace's newest alert events, of one rule unless nil.
func (h AlertsHandler) Events(ctx context.Context, ws uuid.UUID, rule *uuid.UUID, limit int) ([]AlertEvent, error) {
	rows, _ := h.DB.Query(ctx, `
SELECT e.id, e.rule_id, r.name, e.video_id, v.url, v.caption, v.platform, v.account_handle, e.triggered_at, e.metric,
       e.window_start, e.window_end, e.start_value, e.end_value, e.gain, e.growth_pct, e.baseline,
       e.start_value = 0 AND coalesce(v.published_at >= e.window_start, false)
FROM alert_events e
JOIN alert_rules r ON r.id = e.rule_id
JOIN videos v ON v.id = e.video_id
WHERE e.workspace_id = $1 AND ($2::uuid IS NULL OR e.rule_id = $2)
ORDER BY e.triggered_at DESC, e.id
LIMIT $3`, ws, rule, limit)
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (AlertEvent, error) {
		var e AlertEvent
		err := row.Scan(&e.ID, &e.RuleID, &e.RuleName, &e.VideoID, &e.VideoURL, &e.VideoCaption, &e.Platform, &e.AccountHandle, &e.TriggeredAt, &e.Metric,
			&e.WindowStart, &e.WindowEnd, &e.StartValue, &e.EndValue, &e.Gain, &e.GrowthPct, &e.Baseline, &e.SincePublished)
		e.TriggeredAt, e.WindowStart, e.WindowEnd = e.TriggeredAt.UTC(), e.WindowStart.UTC(), e.WindowEnd.UTC()
		return e, err
	})
	if err != nil {
		return nil, fmt.Errorf("read alert events: %w", err)
	}
	return out, nil
}
