package alerts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/eventlog"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/mail"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// SpikeRun is what one spike scan did.
type SpikeRun struct {
	// Scanned counts the videos some enabled rule covers.
	Scanned int
	// Matched counts (rule, video) pairs that meet their rule.
	Matched int
	// Alerted counts the matches recorded as new alerts (outside the cooldown).
	Alerted int
}

// SpikeScanner finds the videos that meet the rules.
type SpikeScanner interface {
	Scan(ctx context.Context, rules []domain.SpikeRule) (domain.SpikeScan, error)
}

// ScanSpikesHandler runs the spike scan and records new alerts and e-mails.
type ScanSpikesHandler struct {
	DB           *pgxpool.Pool
	Spikes       SpikeScanner
	DashboardURL string
	Now          func() time.Time
}

// Handle runs one scan.
func (h ScanSpikesHandler) Handle(ctx context.Context) (SpikeRun, error) {
	var run SpikeRun
	rules, err := h.enabledRules(ctx)
	if err != nil {
		return run, err
	}
	scan, err := h.Spikes.Scan(ctx, rules)
	if err != nil {
		return run, err
	}
	run.Scanned, run.Matched = scan.Videos, len(scan.Spikes)
	byRule := map[uuid.UUID][]domain.Spike{}
	for _, s := range scan.Spikes {
		byRule[s.RuleID] = append(byRule[s.RuleID], s)
	}
	for _, r := range rules {
		if len(byRule[r.ID]) == 0 {
			continue
		}
		n, err := h.record(ctx, r, byRule[r.ID])
		if err != nil {
			return run, err
		}
		run.Alerted += n
	}
	return run, nil
}

func (h ScanSpikesHandler) enabledRules(ctx context.Context) ([]domain.SpikeRule, error) {
	rows, err := h.DB.Query(ctx, `
SELECT r.id, r.workspace_id, r.collection_id, r.platform, r.metric, r.condition, r.threshold, r.window_hours,
       r.min_start_value, r.cooldown_hours, w.plan, w.has_access, w.trial_ends_at, w.grace_ends_at
FROM alert_rules r JOIN workspaces w ON w.id = r.workspace_id
WHERE r.enabled AND r.event_type = $1
ORDER BY r.workspace_id, r.id`, domain.EventSpike)
	if err != nil {
		return nil, fmt.Errorf("read alert rules: %w", err)
	}
	out, err := withAccess(rows, h.Now(), func(a *workspaceAccess) (domain.SpikeRule, error) {
		var r domain.SpikeRule
		return r, rows.Scan(&r.ID, &r.WorkspaceID, &r.CollectionID, &r.Platform, &r.Metric, &r.Condition, &r.Threshold, &r.WindowHours,
			&r.MinStartValue, &r.CooldownHours, &a.plan, &a.flag, &a.trialEnds, &a.graceEnds)
	})
	if err != nil {
		return nil, fmt.Errorf("read alert rules: %w", err)
	}
	return out, nil
}

type alertedVideo struct {
	domain.Spike
	URL, Handle, Caption    string
	Platform                platform.Platform
	PublishedAt             *time.Time
	AccountID, CollectionID *uuid.UUID
}

// record stores the rule's new alerts and e-mails in one transaction under a
// lock on the rule, so concurrent scans record each once; it returns the count.
func (h ScanSpikesHandler) record(ctx context.Context, r domain.SpikeRule, spikes []domain.Spike) (int, error) {
	var fresh []alertedVideo
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		fresh = nil
		var name string
		var recipients []string
		var email bool
		err := tx.QueryRow(ctx, `SELECT name, recipients, email FROM alert_rules WHERE id = $1 AND workspace_id = $2 AND enabled FOR UPDATE`, r.ID, r.WorkspaceID).Scan(&name, &recipients, &email)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // disabled or deleted since the scan started
		}
		if err != nil {
			return fmt.Errorf("lock alert rule: %w", err)
		}
		now := h.Now().UTC()
		// the videos' details and cooldown state, in one query
		ids := make([]uuid.UUID, len(spikes))
		for i, s := range spikes {
			ids[i] = s.VideoID
		}
		rows, err := tx.Query(ctx, `
SELECT v.id, v.url, v.platform, v.account_handle, v.caption, v.published_at, v.account_id, coalesce(v.collection_id, a.collection_id),
       EXISTS (SELECT 1 FROM alert_events e WHERE e.workspace_id = v.workspace_id AND e.rule_id = $2 AND e.video_id = v.id AND e.triggered_at > $3)
FROM videos v LEFT JOIN accounts a ON a.id = v.account_id
WHERE v.workspace_id = $1 AND v.id = ANY($4)`,
			r.WorkspaceID, r.ID, now.Add(-time.Duration(r.CooldownHours)*time.Hour), ids)
		if err != nil {
			return fmt.Errorf("read alerted videos: %w", err)
		}
		details := map[uuid.UUID]alertedVideo{}
		for rows.Next() {
			var id uuid.UUID
			var v alertedVideo
			var cooling bool
			if err := rows.Scan(&id, &v.URL, &v.Platform, &v.Handle, &v.Caption, &v.PublishedAt, &v.AccountID, &v.CollectionID, &cooling); err != nil {
				rows.Close()
				return fmt.Errorf("read alerted videos: %w", err)
			}
			if !cooling {
				details[id] = v
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("read alerted videos: %w", err)
		}
		var events [][]any
		for _, s := range spikes {
			v, ok := details[s.VideoID]
			if !ok {
				continue
			}
			v.Spike = s
			fresh = append(fresh, v)
			events = append(events, []any{uuid.New(), r.WorkspaceID, r.ID, s.VideoID, now, r.Metric, s.WindowStart, s.WindowEnd,
				s.StartValue, s.EndValue, s.Gain, s.GrowthPct, s.Baseline})
		}
		if len(fresh) == 0 {
			return nil
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"alert_events"}, []string{"id", "workspace_id", "rule_id", "video_id", "triggered_at",
			"metric", "window_start", "window_end", "start_value", "end_value", "gain", "growth_pct", "baseline"}, pgx.CopyFromRows(events)); err != nil {
			return fmt.Errorf("record alerts: %w", err)
		}
		if err := eventlog.Record(ctx, tx, spikeEvents(name, r, fresh, now)); err != nil {
			return err
		}
		if !email {
			return nil
		}
		if len(recipients) == 0 {
			rows, err := tx.Query(ctx, `SELECT u.email FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = $1 AND m.role NOT IN ('creator', 'client') AND u.email_verified_at IS NOT NULL ORDER BY u.email`, r.WorkspaceID)
			if err != nil {
				return fmt.Errorf("read members: %w", err)
			}
			if recipients, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
				return fmt.Errorf("read members: %w", err)
			}
		}
		msg, err := mail.AlertMessage(h.alertMail(name, r, fresh))
		if err != nil {
			return err
		}
		mails := make([][]any, len(recipients))
		for i, to := range recipients {
			mails[i] = []any{uuid.New(), r.WorkspaceID, r.ID, to, msg.Subject, msg.Text, msg.HTML, now}
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"mail_outbox"}, []string{"id", "workspace_id", "rule_id", "recipient", "subject",
			"text_body", "html_body", "next_attempt_at"}, pgx.CopyFromRows(mails)); err != nil {
			return fmt.Errorf("queue alert e-mails: %w", err)
		}
		return nil
	})
	return len(fresh), err
}

func spikeEvents(name string, r domain.SpikeRule, videos []alertedVideo, now time.Time) []eventlog.Event {
	out := make([]eventlog.Event, len(videos))
	for i, v := range videos {
		video := eventlog.EventVideo{ID: v.VideoID, URL: v.URL, Platform: v.Platform, AccountHandle: v.Handle, Caption: v.Caption, PublishedAt: v.PublishedAt}
		m := v.SpikeMeasure
		m.WindowStart, m.WindowEnd = m.WindowStart.UTC(), m.WindowEnd.UTC()
		out[i] = eventlog.Event{WorkspaceID: r.WorkspaceID, Type: domain.EventSpike, OccurredAt: now, RuleID: &r.ID, VideoID: &v.VideoID,
			AccountID: v.AccountID, CollectionID: v.CollectionID, Platform: v.Platform,
			Payload: eventlog.EventSpikeData{Summary: spikeSummary(name, string(r.Metric), v), RuleID: r.ID, RuleName: name, Video: video,
				Metric: r.Metric, Condition: r.Condition, Threshold: r.Threshold, SpikeMeasure: m}}
	}
	return out
}

func spikeSummary(rule, metric string, v alertedVideo) string {
	return fmt.Sprintf("%s: %s video by %s gained %s %s (%s → %s)", rule, eventlog.PlatformName(v.Platform), eventlog.HandleOrURL(v.Handle, v.URL),
		eventlog.GroupDigits(v.Gain), metric, eventlog.GroupDigits(v.StartValue), eventlog.GroupDigits(v.EndValue))
}

func (h ScanSpikesHandler) alertMail(name string, r domain.SpikeRule, videos []alertedVideo) mail.Alert {
	a := mail.Alert{Rule: name, Metric: string(r.Metric), WindowHours: r.WindowHours, DashboardURL: h.DashboardURL,
		Videos: make([]mail.AlertVideo, len(videos))}
	for i, v := range videos {
		a.Videos[i] = mail.AlertVideo{URL: v.URL, Platform: v.Platform, Handle: v.Handle, Caption: v.Caption, SpikeMeasure: v.SpikeMeasure,
			SincePublished: v.StartValue == 0 && v.PublishedAt != nil && !v.PublishedAt.Before(v.WindowStart)}
	}
	return a
}
