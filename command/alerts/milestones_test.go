package alerts_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// milestoneViews is the read side of the milestone scan with views the
// test sets, for one workspace; the others have no items.
type milestoneViews struct {
	ws    uuid.UUID
	views map[uuid.UUID]domain.ItemViews
}

func (m *milestoneViews) Views(_ context.Context, ws uuid.UUID) ([]domain.ItemViews, error) {
	if ws != m.ws {
		return nil, nil
	}
	var out []domain.ItemViews
	for _, v := range m.views {
		out = append(out, v)
	}
	return out, nil
}

func (m *milestoneViews) set(kind string, id uuid.UUID, views int64) {
	m.views[id] = domain.ItemViews{Kind: kind, ID: id, Views: views}
}

// Each milestone rule tells of its own threshold, once: a video that
// passes 100,000 and 1,000,000 between two scans tells the 100,000 rule of
// 100,000 and the 1,000,000 rule of 1,000,000, and neither of the other's;
// an account rule of 250,000 is told of its accounts only. A rule without a
// threshold watches 100,000. An item first seen past a threshold, and a
// threshold first watched (a new rule, or a rule given another threshold),
// record where the items stand without an event. The scan sweeps the
// package's rules, so the test runs alone.
func TestMilestoneRulesTellTheirOwnThreshold(t *testing.T) {
	ctx := context.Background()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	owner := scalar[string](t, `SELECT u.email FROM users u JOIN workspaces w ON w.owner_id = u.id WHERE w.id = $1`, ws)
	acc := env.Account(t, ws, testenv.AccountOptions{Handle: "miles", Status: domain.ItemActive})
	v := env.Video(t, ws, testenv.VideoOptions{AccountID: acc, AccountHandle: "miles", Status: domain.ItemActive})
	w := env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive})
	x := env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive})

	rule := func(name string, typ domain.EventType, threshold *float64) alerts.AlertRule {
		t.Helper()
		r, err := saveRule(t, alerts.SaveAlertRule{WorkspaceID: ws, Name: ptr(name), EventType: &typ, Threshold: threshold,
			Recipients: &[]string{owner}})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	hundredK := rule("100K", domain.EventVideoMilestone, ptr(100_000.0))
	million := rule("1M", domain.EventVideoMilestone, ptr(1_000_000.0))
	byDefault := rule("Default", domain.EventVideoMilestone, nil)
	accounts := rule("Accounts 250K", domain.EventAccountMilestone, ptr(250_000.0))
	if byDefault.Threshold != alerts.DefaultMilestoneThreshold {
		t.Fatalf("a milestone rule without a threshold watches %v, want %d", byDefault.Threshold, alerts.DefaultMilestoneThreshold)
	}

	views := &milestoneViews{ws: ws, views: map[uuid.UUID]domain.ItemViews{}}
	clock := time.Now()
	seen := []uuid.UUID{}
	// scan runs the scan and sums, per item and type, the milestones of
	// the events it recorded
	scan := func() map[string]int64 {
		t.Helper()
		clock = clock.Add(time.Minute)
		if _, err := alerts.ScanMilestones(ctx, env.PG, views, clock); err != nil {
			t.Fatal(err)
		}
		rows, err := env.PG.Query(ctx, `
			SELECT id, type, CASE WHEN type = 'account.milestone' THEN account_id ELSE video_id END, (payload->>'milestone')::bigint
			FROM events WHERE workspace_id = $1 AND NOT id = ANY($2)`, ws, seen)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		got := map[string]int64{}
		names := map[uuid.UUID]string{v: "v", w: "w", x: "x", acc: "acc"}
		for rows.Next() {
			var typ string
			var id, item uuid.UUID
			var m int64
			if err := rows.Scan(&id, &typ, &item, &m); err != nil {
				t.Fatal(err)
			}
			seen = append(seen, id)
			got[names[item]+"/"+typ] += m
		}
		return got
	}
	expect := func(step string, got, want map[string]int64) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: events %v, want %v", step, got, want)
		}
		for k, n := range want {
			if got[k] != n {
				t.Fatalf("%s: events %v, want %v", step, got, want)
			}
		}
	}

	// First scan: w is first seen past 1,000,000: its mark, no event.
	views.set("video", v, 50_000)
	views.set("video", w, 2_000_000)
	views.set("video", x, 10_000)
	views.set("account", acc, 60_000)
	expect("first scan", scan(), nil)

	// v passes 100,000 and 1,000,000 at once: one event each (their sum
	// below), and the account passes 250,000.
	views.set("video", v, 1_200_000)
	views.set("account", acc, 1_200_000)
	expect("v takes off", scan(), map[string]int64{"v/video.milestone": 1_100_000, "acc/account.milestone": 250_000})

	// Each rule is told of its own threshold only.
	if _, err := alerts.DispatchEvents(ctx, env.PG, "http://dashboard.test", clock); err != nil {
		t.Fatal(err)
	}
	mails := func(r alerts.AlertRule) []string {
		t.Helper()
		rows, err := env.PG.Query(ctx, `SELECT text_body FROM mail_outbox WHERE rule_id = $1 ORDER BY created_at`, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			out = append(out, s)
		}
		return out
	}
	for _, c := range []struct {
		rule     alerts.AlertRule
		has, not string
	}{
		{hundredK, "passed 100,000 views", "passed 1,000,000"},
		{byDefault, "passed 100,000 views", "passed 1,000,000"},
		{million, "passed 1,000,000 views", "passed 100,000"},
		{accounts, "passed 250,000 views", "video by"},
	} {
		m := mails(c.rule)
		if len(m) != 1 || !strings.Contains(m[0], c.has) || strings.Contains(m[0], c.not) || strings.Count(m[0], "\n- ") != 1 {
			t.Errorf("%s: e-mails %q, want one telling %q", c.rule.Name, m, c.has)
		}
	}

	// Nothing is told twice.
	views.set("video", v, 1_300_000)
	expect("v grows on", scan(), nil)

	// A rule of 500,000 made while v and w are past it: they record it
	// without an event; x, below it, is told when it passes.
	half := rule("500K", domain.EventVideoMilestone, ptr(500_000.0))
	if scalar[bool](t, `SELECT armed_at IS NOT NULL FROM alert_rules WHERE id = $1`, half.ID) {
		t.Fatal("a new rule is armed before a scan watched its threshold")
	}
	views.set("video", x, 40_000)
	expect("500K first watched", scan(), nil)
	if !scalar[bool](t, `SELECT armed_at IS NOT NULL FROM alert_rules WHERE id = $1`, half.ID) {
		t.Fatal("the scan did not arm the new rule")
	}
	views.set("video", x, 600_000)
	expect("x passes 100K and 500K", scan(), map[string]int64{"x/video.milestone": 600_000})

	// The 1M rule moved to 2,000,000: w, past it when it moved, is not
	// told; v is, when it passes.
	if _, err := saveRule(t, alerts.SaveAlertRule{WorkspaceID: ws, ID: &million.ID, Threshold: ptr(2_000_000.0)}); err != nil {
		t.Fatal(err)
	}
	views.set("video", w, 2_100_000)
	expect("2M first watched", scan(), nil)
	views.set("video", v, 2_050_000)
	expect("v passes 2M", scan(), map[string]int64{"v/video.milestone": 2_000_000})

	// Bad thresholds are refused.
	for _, bad := range []float64{0, 0.5, 1500.5, 2e12} {
		_, err := saveRule(t, alerts.SaveAlertRule{WorkspaceID: ws, Name: ptr("bad"), EventType: ptr(domain.EventVideoMilestone), Threshold: ptr(bad)})
		if f := invalidFields(t, err); !slices.Equal(f, []string{"threshold"}) {
			t.Errorf("threshold %v: fields %v", bad, f)
		}
	}
}
