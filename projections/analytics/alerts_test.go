package analytics_test

import (
	"context"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/projections/analytics"
)

// spikes is a spike scan that finds the spikes it was given.
type spikes []domain.Spike

func (s spikes) Scan(context.Context, []domain.SpikeRule) (domain.SpikeScan, error) {
	return domain.SpikeScan{Videos: len(s), Spikes: s}, nil
}

// TestAlertsFollowWrites: a rule and the alert its scan records appear in
// the analytics database; a renamed rule renames its events; a deleted
// rule takes its events with it.
func TestAlertsFollowWrites(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	tracked, err := tracking.TrackHandler{DB: env.PG, Now: time.Now, Start: tracking.StartScrapeHandler{Log: slog.New(slog.DiscardHandler)}, Actors: ingest.Actors{platform.TikTok: {ID: "tiktok-actor"}}}.Handle(ctx, tracking.Track{
		WorkspaceID: ws, URL: "https://www.tiktok.com/@acme/video/7301234567890123999",
	})
	if err != nil {
		t.Fatal(err)
	}
	video := *tracked.ID
	name, metric, condition, threshold, window := "Views spike", domain.Views, domain.ConditionGain, 5000.0, 24
	rule, err := alerts.SaveAlertRuleHandler{DB: env.PG}.Handle(ctx, alerts.SaveAlertRule{
		WorkspaceID: ws, Name: &name, Metric: &metric, Condition: &condition, Threshold: &threshold, WindowHours: &window,
	})
	if err != nil {
		t.Fatal(err)
	}
	sync(t)
	if got := rows(t, `SELECT concat(name, ' ', metric, ' ', condition, ' ', toString(threshold), ' ', toString(window_hours), ' ', toString(enabled), ' ', ifNull(platform, '-'))
		FROM A.alert_rules WHERE workspace_id = ?`, ws); len(got) != 1 || got[0] != "Views spike views gain 5000 24 1 -" {
		t.Fatalf("alert_rules: %q", got)
	}

	// the scan records an alert
	now := time.Now().UTC().Truncate(time.Second)
	growth := 250.0
	run, err := alerts.ScanSpikesHandler{DB: env.PG, Now: func() time.Time { return now },
		Spikes: spikes{{RuleID: rule.ID, VideoID: video, SpikeMeasure: domain.SpikeMeasure{WindowStart: now.Add(-24 * time.Hour), WindowEnd: now,
			StartValue: 4000, EndValue: 14000, Gain: 10000, GrowthPct: &growth}}}}.Handle(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if run.Alerted != 1 {
		t.Fatalf("alerted %d", run.Alerted)
	}
	sync(t)
	event := fmt.Sprintf("%s Views spike %s views %s 4000 14000 10000 250 -", rule.ID, video, now.Format("2006-01-02 15:04:05"))
	got := rows(t, `SELECT concat(toString(rule_id), ' ', rule_name, ' ', toString(video_id), ' ', metric, ' ', toString(triggered_at), ' ',
			toString(start_value), ' ', toString(end_value), ' ', toString(gain), ' ', ifNull(toString(growth_pct), '-'), ' ', ifNull(toString(baseline), '-'))
		FROM A.alert_events WHERE workspace_id = ?`, ws)
	if len(got) != 1 || got[0] != event {
		t.Fatalf("alert_events: %q, want %q", got, event)
	}

	// renaming the rule renames its events
	renamed := "Big views spike"
	if _, err := (alerts.SaveAlertRuleHandler{DB: env.PG}).Handle(ctx, alerts.SaveAlertRule{WorkspaceID: ws, ID: &rule.ID, Name: &renamed}); err != nil {
		t.Fatal(err)
	}
	sync(t)
	if got := rows(t, `SELECT rule_name FROM A.alert_events WHERE workspace_id = ?`, ws); len(got) != 1 || got[0] != renamed {
		t.Fatalf("alert_events after rename: %q", got)
	}
	if got := rows(t, `SELECT name FROM A.alert_rules WHERE workspace_id = ?`, ws); len(got) != 1 || got[0] != renamed {
		t.Fatalf("alert_rules after rename: %q", got)
	}

	// a rebuild reproduces the same content
	before := rows(t, `SELECT toString(tuple(*)) FROM A.alert_events WHERE workspace_id = ?`, ws)
	if err := analytics.Rebuild(ctx, env.PG, env.CH, db(), env.CHOptions.Cluster); err != nil {
		t.Fatal(err)
	}
	if after := rows(t, `SELECT toString(tuple(*)) FROM A.alert_events WHERE workspace_id = ?`, ws); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Fatalf("alert_events after rebuild: %q, before %q", after, before)
	}

	// deleting the rule deletes its events
	if err := (alerts.DeleteAlertRuleHandler{DB: env.PG}).Handle(ctx, alerts.DeleteAlertRule{WorkspaceID: ws, ID: rule.ID}); err != nil {
		t.Fatal(err)
	}
	sync(t)
	if got := rows(t, `SELECT toString(event_id) FROM A.alert_events WHERE workspace_id = ?`, ws); len(got) != 0 {
		t.Fatalf("alert_events after the rule was deleted: %q", got)
	}
	if got := rows(t, `SELECT toString(rule_id) FROM A.alert_rules WHERE workspace_id = ?`, ws); len(got) != 0 {
		t.Fatalf("alert_rules after delete: %q", got)
	}
	if got := rows(t, `SELECT toString(deleted) FROM A.alert_events_rows FINAL WHERE workspace_id = ?`, ws); len(got) != 1 || got[0] != "1" {
		t.Fatalf("deleted event row: %q", got)
	}
}
