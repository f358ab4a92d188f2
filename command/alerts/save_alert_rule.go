// Package alerts tells a workspace what happened to its items: alert rules,
// channels and digests are saved here; the alerts cron's steps scan
// spikes, milestones and insights into events (command/eventlog), dispatch
// them to their rules' e-mails (DispatchEvents), deliver them to the
// channels (DeliverEventsHandler) and queue the digests.
package alerts

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/input"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/insight"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// Alert rule limits.
const (
	MaxAlertRuleName      = 100
	MaxAlertRecipients    = 20
	DefaultCooldownHours  = 24
	MaxCooldownHours      = 720
	MaxWindowHours        = 168
	MaxGrowthPctThreshold = 1_000_000
	MaxVelocityThreshold  = 1000
)

// SaveAlertRule creates a rule, or updates rule ID; nil fields keep or default.
type SaveAlertRule struct {
	WorkspaceID   uuid.UUID
	ID            *uuid.UUID
	Name          *string
	CollectionID  **uuid.UUID // set to a nil pointer to scope to the whole workspace
	Platform      **platform.Platform
	Metric        *domain.Metric
	Condition     *domain.Condition
	Threshold     *float64
	WindowHours   *int
	MinStartValue *int64
	CooldownHours *int
	Recipients    *[]string
	Enabled       *bool
	// EventType is the event the rule sends (default video.spike); the spike
	// fields (metric to cooldownHours) mean something only for video.spike.
	EventType *domain.EventType
	// Email sends the rule's events by e-mail (to Recipients, or every verified
	// member); ChannelIDs are the channels it sends them to.
	Email      *bool
	ChannelIDs *[]uuid.UUID
}

// DefaultOutlierThreshold is three times the account's median at the same age.
const DefaultOutlierThreshold = 3.0

// MaxAlertChannels bounds the channels of one rule.
const MaxAlertChannels = 20

// AlertRule is a rule as stored.
type AlertRule struct {
	ID   uuid.UUID
	Name string
	domain.SpikeSettings
	Recipients []string
	Enabled    bool
	EventType  domain.EventType
	Email      bool
	ChannelIDs []uuid.UUID
}

// Validate checks a complete rule and names each bad field.
func (r *AlertRule) Validate() error {
	var errs []error
	r.Name = strings.TrimSpace(r.Name)
	switch {
	case r.Name == "":
		errs = append(errs, apperr.Invalid("name", "is required"))
	case utf8.RuneCountInString(r.Name) > MaxAlertRuleName:
		errs = append(errs, apperr.Invalid("name", fmt.Sprintf("must be at most %d characters", MaxAlertRuleName)))
	case strings.IndexFunc(r.Name, unicode.IsControl) >= 0:
		errs = append(errs, apperr.Invalid("name", "must not contain control characters"))
	}
	if r.Platform != nil && !r.Platform.Valid() {
		errs = append(errs, apperr.Invalid("platform", "must be tiktok, instagram, youtube, x or null"))
	}
	if !slices.Contains(domain.AlertMetrics, r.Metric) {
		errs = append(errs, apperr.Invalid("metric", "must be one of "+joinNames(domain.AlertMetrics)))
	}
	if !slices.Contains(domain.Conditions, r.Condition) {
		errs = append(errs, apperr.Invalid("condition", "must be one of "+joinNames(domain.Conditions)))
	}
	t := r.Threshold
	_, milestone := milestoneKinds[r.EventType]
	switch {
	case milestone && (math.IsNaN(t) || t != math.Trunc(t) || t < 1 || t > MaxMilestoneThreshold):
		errs = append(errs, apperr.Invalid("threshold", fmt.Sprintf("must be a whole number of views from 1 to %d for %s", int64(MaxMilestoneThreshold), r.EventType)))
	case milestone:
	case math.IsNaN(t) || math.IsInf(t, 0) || t <= 0:
		errs = append(errs, apperr.Invalid("threshold", "must be a number above 0"))
	case r.Condition == domain.ConditionGain && (t != math.Trunc(t) || t > math.MaxInt64/2):
		errs = append(errs, apperr.Invalid("threshold", "must be a whole number of "+string(r.Metric)+" for the gain condition"))
	case r.Condition == domain.ConditionGrowth && t > MaxGrowthPctThreshold:
		errs = append(errs, apperr.Invalid("threshold", fmt.Sprintf("must be at most %d (percent) for the growth_pct condition", MaxGrowthPctThreshold)))
	case r.Condition == domain.ConditionVelocity && (t <= 1 || t > MaxVelocityThreshold):
		errs = append(errs, apperr.Invalid("threshold", fmt.Sprintf("must be above 1 and at most %d (times the median) for the velocity_vs_baseline condition", MaxVelocityThreshold)))
	}
	if r.EventType == domain.EventOutlier && (r.Condition != domain.ConditionVelocity || t < insight.OutlierEventMultiplier || t > MaxVelocityThreshold) {
		errs = append(errs, apperr.Invalid("threshold", fmt.Sprintf("must be from %g to %d (times the account's median at the same age) for video.outlier", insight.OutlierEventMultiplier, MaxVelocityThreshold)))
	}
	if r.WindowHours < 1 || r.WindowHours > MaxWindowHours {
		errs = append(errs, apperr.Invalid("windowHours", fmt.Sprintf("must be from 1 to %d", MaxWindowHours)))
	}
	if r.MinStartValue < 0 {
		errs = append(errs, apperr.Invalid("minStartValue", "must be 0 or more"))
	}
	if r.CooldownHours < 0 || r.CooldownHours > MaxCooldownHours {
		errs = append(errs, apperr.Invalid("cooldownHours", fmt.Sprintf("must be from 0 to %d", MaxCooldownHours)))
	}
	if len(r.Recipients) > MaxAlertRecipients {
		errs = append(errs, apperr.Invalid("recipients", fmt.Sprintf("must have at most %d addresses", MaxAlertRecipients)))
	} else {
		var clean []string
		for i, e := range r.Recipients {
			n, err := input.NormalizeEmail(fmt.Sprintf("recipients[%d]", i), e)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			if !slices.Contains(clean, n) {
				clean = append(clean, n)
			}
		}
		r.Recipients = clean
	}
	if r.Recipients == nil {
		r.Recipients = []string{}
	}
	if !slices.Contains(domain.EventTypes, r.EventType) {
		errs = append(errs, apperr.Invalid("eventType", "must be one of "+joinNames(domain.EventTypes)))
	}
	if len(r.ChannelIDs) > MaxAlertChannels {
		errs = append(errs, apperr.Invalid("channelIds", fmt.Sprintf("must have at most %d channels", MaxAlertChannels)))
	}
	r.ChannelIDs = slices.Compact(slices.SortedFunc(slices.Values(r.ChannelIDs), func(a, b uuid.UUID) int { return strings.Compare(a.String(), b.String()) }))
	if r.ChannelIDs == nil {
		r.ChannelIDs = []uuid.UUID{}
	}
	if !r.Email && len(r.ChannelIDs) == 0 && r.Enabled {
		errs = append(errs, apperr.Invalid("channelIds", "must name a channel when email is off: an enabled rule needs somewhere to send"))
	}
	return errors.Join(errs...)
}

// SaveAlertRuleHandler creates and updates alert rules.
type SaveAlertRuleHandler struct{ DB *pgxpool.Pool }

const alertRuleColumns = `id, name, collection_id, platform, metric, condition, threshold, window_hours,
	min_start_value, cooldown_hours, recipients, enabled, event_type, email, channel_ids`

// Handle saves the rule and returns it as stored.
func (h SaveAlertRuleHandler) Handle(ctx context.Context, cmd SaveAlertRule) (AlertRule, error) {
	var out AlertRule
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		r := AlertRule{ID: uuid.New(), SpikeSettings: domain.SpikeSettings{CooldownHours: DefaultCooldownHours}, Enabled: true, Recipients: []string{},
			EventType: domain.EventSpike, Email: true, ChannelIDs: []uuid.UUID{}}
		if cmd.ID != nil {
			err := tx.QueryRow(ctx, `SELECT `+alertRuleColumns+` FROM alert_rules WHERE id = $1 AND workspace_id = $2 FOR UPDATE`,
				*cmd.ID, cmd.WorkspaceID).Scan(&r.ID, &r.Name, &r.CollectionID, &r.Platform, &r.Metric, &r.Condition, &r.Threshold,
				&r.WindowHours, &r.MinStartValue, &r.CooldownHours, &r.Recipients, &r.Enabled, &r.EventType, &r.Email, &r.ChannelIDs)
			if errors.Is(err, pgx.ErrNoRows) {
				return apperr.NotFound("alert rule not found")
			}
			if err != nil {
				return fmt.Errorf("read alert rule: %w", err)
			}
		} else {
			var missing []error
			spike := cmd.EventType == nil || *cmd.EventType == domain.EventSpike
			outlier := cmd.EventType != nil && *cmd.EventType == domain.EventOutlier
			milestone := false
			if cmd.EventType != nil {
				_, milestone = milestoneKinds[*cmd.EventType]
			}
			switch {
			case outlier:
				// a multiplier of the account's median, as velocity_vs_baseline's
				r.Metric, r.Condition, r.Threshold, r.WindowHours = domain.Views, domain.ConditionVelocity, DefaultOutlierThreshold, 24
			case milestone:
				// a milestone rule's threshold is the views it tells of
				r.Metric, r.Condition, r.Threshold, r.WindowHours = domain.Views, domain.ConditionGain, DefaultMilestoneThreshold, 24
			case !spike:
				// the spike fields keep harmless values on other rules
				r.Metric, r.Condition, r.Threshold, r.WindowHours = domain.Views, domain.ConditionGain, 1, 24
			}
			for _, f := range []struct {
				name string
				set  bool
			}{{"name", cmd.Name != nil}, {"metric", cmd.Metric != nil || !spike}, {"condition", cmd.Condition != nil || !spike},
				{"threshold", cmd.Threshold != nil || !spike}, {"windowHours", cmd.WindowHours != nil || !spike}} {
				if !f.set {
					missing = append(missing, apperr.Invalid(f.name, "is required"))
				}
			}
			if len(missing) > 0 {
				// every bad field at once: the missing ones and the given ones' problems
				return errors.Join(append(missing, givenFieldErrors(cmd, missing)...)...)
			}
		}
		if cmd.ID != nil && cmd.EventType != nil && *cmd.EventType != r.EventType {
			return apperr.Invalid("eventType", "cannot change: a rule keeps the event it was made for; make a new rule")
		}
		was := r
		cmd.applyTo(&r)
		// a milestone rule watches its threshold anew when made, re-enabled or moved
		rearm := cmd.ID == nil || r.Threshold != was.Threshold || (r.Enabled && !was.Enabled)
		if err := r.Validate(); err != nil {
			return err
		}
		if cmd.Recipients != nil {
			if err := checkRecipients(ctx, tx, cmd.WorkspaceID, *cmd.Recipients); err != nil {
				return err
			}
		}
		if cmd.ChannelIDs != nil && len(r.ChannelIDs) > 0 {
			var n int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM channels WHERE workspace_id = $1 AND id = ANY($2)`,
				cmd.WorkspaceID, r.ChannelIDs).Scan(&n); err != nil {
				return fmt.Errorf("read channels: %w", err)
			}
			if n != len(r.ChannelIDs) {
				return apperr.NotFound("channel not found")
			}
		}
		if r.CollectionID != nil {
			var ok bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM collections WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL)`,
				*r.CollectionID, cmd.WorkspaceID).Scan(&ok); err != nil {
				return fmt.Errorf("read collection: %w", err)
			}
			if !ok {
				return apperr.NotFound("collection not found")
			}
		}
		_, err := tx.Exec(ctx, `
INSERT INTO alert_rules (id, workspace_id, name, collection_id, platform, metric, condition, threshold, window_hours,
                         min_start_value, cooldown_hours, recipients, enabled, event_type, email, channel_ids, armed_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, NULL)
ON CONFLICT (id) DO UPDATE SET
    armed_at = CASE WHEN $17 THEN NULL ELSE alert_rules.armed_at END,
    name = EXCLUDED.name, collection_id = EXCLUDED.collection_id, platform = EXCLUDED.platform,
    metric = EXCLUDED.metric, condition = EXCLUDED.condition, threshold = EXCLUDED.threshold,
    window_hours = EXCLUDED.window_hours, min_start_value = EXCLUDED.min_start_value,
    cooldown_hours = EXCLUDED.cooldown_hours, recipients = EXCLUDED.recipients, enabled = EXCLUDED.enabled,
    event_type = EXCLUDED.event_type, email = EXCLUDED.email, channel_ids = EXCLUDED.channel_ids,
    updated_at = now()`,
			r.ID, cmd.WorkspaceID, r.Name, r.CollectionID, r.Platform, r.Metric, r.Condition, r.Threshold, r.WindowHours,
			r.MinStartValue, r.CooldownHours, r.Recipients, r.Enabled, r.EventType, r.Email, r.ChannelIDs, rearm)
		if err != nil {
			return fmt.Errorf("save alert rule: %w", err)
		}
		out = r
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, Action: domain.ActionAlertRuleSaved, Target: r.Name,
			Details: map[string]any{"created": cmd.ID == nil, "enabled": r.Enabled, "eventType": r.EventType}})
	})
	return out, err
}

// checkRecipients names each recipient that is not a member's e-mail: alert
// e-mails go only to members, so a rule cannot mail arbitrary addresses.
func checkRecipients(ctx context.Context, tx pgx.Tx, workspaceID uuid.UUID, recipients []string) error {
	if len(recipients) == 0 {
		return nil
	}
	addrs := make([]string, len(recipients))
	for i, e := range recipients {
		addrs[i], _ = input.NormalizeEmail("", e)
	}
	rows, err := tx.Query(ctx, `
SELECT u.email FROM workspace_members m JOIN users u ON u.id = m.user_id
WHERE m.workspace_id = $1 AND m.role NOT IN ('creator', 'client') AND u.email = ANY($2)`, workspaceID, addrs)
	if err != nil {
		return fmt.Errorf("read members: %w", err)
	}
	members, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return fmt.Errorf("read members: %w", err)
	}
	var errs []error
	for i, a := range addrs {
		if !slices.Contains(members, a) {
			errs = append(errs, apperr.Invalid(fmt.Sprintf("recipients[%d]", i), "is not a member of this workspace: alert e-mails go only to members"))
		}
	}
	return errors.Join(errs...)
}

func apply[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// givenFieldErrors are the problems of a new rule's given fields, checked
// with defaults in place of the missing ones, which are not named again.
func givenFieldErrors(cmd SaveAlertRule, missing []error) []error {
	r := AlertRule{Enabled: true, Recipients: []string{}, Name: "x", EventType: domain.EventSpike, Email: true,
		SpikeSettings: domain.SpikeSettings{CooldownHours: DefaultCooldownHours, Metric: domain.AlertMetrics[0], Condition: domain.ConditionGrowth, Threshold: 1, WindowHours: 1}}
	cmd.applyTo(&r)
	named := apperr.Fields(errors.Join(missing...))
	var out []error
	for field, msg := range apperr.Fields(r.Validate()) {
		if _, ok := named[field]; !ok {
			out = append(out, apperr.Invalid(field, msg))
		}
	}
	slices.SortFunc(out, func(a, b error) int { return strings.Compare(a.Error(), b.Error()) })
	return out
}

func (cmd SaveAlertRule) applyTo(r *AlertRule) {
	apply(&r.Name, cmd.Name)
	apply(&r.CollectionID, cmd.CollectionID)
	apply(&r.Platform, cmd.Platform)
	apply(&r.Metric, cmd.Metric)
	apply(&r.Condition, cmd.Condition)
	apply(&r.Threshold, cmd.Threshold)
	apply(&r.WindowHours, cmd.WindowHours)
	apply(&r.MinStartValue, cmd.MinStartValue)
	apply(&r.CooldownHours, cmd.CooldownHours)
	apply(&r.Recipients, cmd.Recipients)
	apply(&r.Enabled, cmd.Enabled)
	apply(&r.EventType, cmd.EventType)
	apply(&r.Email, cmd.Email)
	apply(&r.ChannelIDs, cmd.ChannelIDs)
}

func joinNames[T ~string](names []T) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = string(n)
	}
	return strings.Join(out, ", ")
}
