package alerts_test

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

func ptr[T any](v T) *T { return &v }

func saveRule(t *testing.T, cmd alerts.SaveAlertRule) (alerts.AlertRule, error) {
	t.Helper()
	return alerts.SaveAlertRuleHandler{DB: env.PG}.Handle(context.Background(), cmd)
}

// invalidFields are the fields an invalid-input error names, sorted; it
// fails the test for another kind of error.
func invalidFields(t *testing.T, err error) []string {
	t.Helper()
	if apperr.KindOf(err) != apperr.KindInvalid {
		t.Fatalf("%v, want invalid input (400)", err)
	}
	return slices.Sorted(maps.Keys(apperr.Fields(err)))
}

func rules(t *testing.T, ws uuid.UUID) int {
	t.Helper()
	return scalar[int](t, `SELECT count(*) FROM alert_rules WHERE workspace_id = $1`, ws)
}

// TestSaveAlertRuleNamesEveryBadField: a rule that cannot be saved is
// answered with every field that is missing or wrong at once, so the form
// can mark them all, and nothing is saved.
func TestSaveAlertRuleNamesEveryBadField(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	for _, c := range []struct {
		name string
		cmd  alerts.SaveAlertRule
		want []string
	}{
		{"nothing given", alerts.SaveAlertRule{}, []string{"condition", "metric", "name", "threshold", "windowHours"}},
		{"every field wrong", alerts.SaveAlertRule{
			Name: ptr("  "), Platform: ptr(ptr(platform.Platform("myspace"))), Metric: ptr(domain.Metric("followers")),
			Condition: ptr(domain.Condition("doubling")), Threshold: ptr(-1.0), WindowHours: ptr(0),
			MinStartValue: ptr(int64(-1)), CooldownHours: ptr(721), Recipients: &[]string{"owner@example.com", "not an address"},
		}, []string{"condition", "cooldownHours", "metric", "minStartValue", "name", "platform", "recipients[1]", "threshold", "windowHours"}},
		{"missing and wrong together", alerts.SaveAlertRule{
			Metric: ptr(domain.Views), Condition: ptr(domain.ConditionGrowth), Threshold: ptr(-5.0), WindowHours: ptr(169),
		}, []string{"name", "threshold", "windowHours"}},
		{"a gain that is not a whole number", alerts.SaveAlertRule{
			Name: ptr("Gain"), Metric: ptr(domain.Views), Condition: ptr(domain.ConditionGain), Threshold: ptr(1.5), WindowHours: ptr(24),
		}, []string{"threshold"}},
		{"a velocity of at most 1", alerts.SaveAlertRule{
			Name: ptr("Velocity"), Metric: ptr(domain.Views), Condition: ptr(domain.ConditionVelocity), Threshold: ptr(1.0), WindowHours: ptr(24),
		}, []string{"threshold"}},
		{"a name too long", alerts.SaveAlertRule{
			Name: ptr(strings.Repeat("n", alerts.MaxAlertRuleName+1)), Metric: ptr(domain.Views), Condition: ptr(domain.ConditionGrowth),
			Threshold: ptr(50.0), WindowHours: ptr(24),
		}, []string{"name"}},
	} {
		c.cmd.WorkspaceID = ws
		_, err := saveRule(t, c.cmd)
		if got := invalidFields(t, err); !slices.Equal(got, c.want) {
			t.Errorf("%s: fields %q, want %q (%v)", c.name, got, c.want, err)
		}
	}
	if n := rules(t, ws); n != 0 {
		t.Fatalf("%d rules saved from invalid input", n)
	}
}

// TestSaveAlertRuleRecipientsAreMembers: alert e-mails go only to members
// of the workspace: an address that is not a member's is refused by its
// place in the list, and a member's is stored once, as the member's
// address.
func TestSaveAlertRuleRecipientsAreMembers(t *testing.T) {
	t.Parallel()
	owner := "alerts-" + uuid.NewString()[:8] + "@example.com"
	ws := env.Workspace(t, testenv.WorkspaceOptions{OwnerEmail: owner})
	other := env.Workspace(t, testenv.WorkspaceOptions{})
	outsider := "outsider-" + uuid.NewString()[:8] + "@example.com"
	env.Workspace(t, testenv.WorkspaceOptions{OwnerEmail: outsider})
	base := alerts.SaveAlertRule{WorkspaceID: ws, Name: ptr("Spikes"), Metric: ptr(domain.Views), Condition: ptr(domain.ConditionGrowth),
		Threshold: ptr(50.0), WindowHours: ptr(24)}

	cmd := base
	cmd.Recipients = &[]string{owner, outsider}
	_, err := saveRule(t, cmd)
	if got := invalidFields(t, err); !slices.Equal(got, []string{"recipients[1]"}) {
		t.Fatalf("a recipient of another workspace: fields %q, want recipients[1] (%v)", got, err)
	}

	cmd.Recipients = &[]string{strings.ToUpper(owner), " " + owner}
	saved, err := saveRule(t, cmd)
	if err != nil || !slices.Equal(saved.Recipients, []string{owner}) {
		t.Fatalf("the owner twice, in other cases: %+v, %v; want the owner's address once", saved, err)
	}
	if got := scalar[[]string](t, `SELECT recipients FROM alert_rules WHERE id = $1`, saved.ID); !slices.Equal(got, []string{owner}) {
		t.Fatalf("stored recipients %q", got)
	}

	// an update keeps what it does not give, and checks the rule it makes
	update := alerts.SaveAlertRule{WorkspaceID: ws, ID: &saved.ID, WindowHours: ptr(0)}
	_, err = saveRule(t, update)
	if got := invalidFields(t, err); !slices.Equal(got, []string{"windowHours"}) {
		t.Fatalf("update with a bad window: fields %q", got)
	}
	update.WindowHours = ptr(48)
	updated, err := saveRule(t, update)
	if err != nil || updated.WindowHours != 48 || updated.Name != "Spikes" || updated.Threshold != 50 || !slices.Equal(updated.Recipients, []string{owner}) {
		t.Fatalf("update of the window: %+v, %v; want the rest kept", updated, err)
	}
	update.WorkspaceID = other
	if _, err := saveRule(t, update); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("update of another workspace's rule: %v, want not found", err)
	}

	theirs := env.Collection(t, other, "Launch")
	cmd = base
	cmd.CollectionID = ptr(&theirs)
	if _, err := saveRule(t, cmd); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("a rule scoped to another workspace's collection: %v, want not found", err)
	}
	if n := rules(t, ws); n != 1 {
		t.Fatalf("%d rules, want the one saved", n)
	}
}
