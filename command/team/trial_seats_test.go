package team_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// TestTrialInvitesOneTeammate: the trial's two seats hold the owner and
// one teammate; a second invite is refused, naming the seats.
func TestTrialInvitesOneTeammate(t *testing.T) {
	t.Parallel()
	trial, _ := plan.Lookup(plan.Trial)
	if trial.SeatLimit != 2 {
		t.Fatalf("the trial has %d seats, want 2", trial.SeatLimit)
	}
	ends := time.Now().Add(plan.TrialLength)
	ws := env.Workspace(t, testenv.WorkspaceOptions{Plan: plan.Trial, TrialEndsAt: &ends})
	owner := env.Owner(t, ws)
	mate := uniqueEmail("mate")
	if err := invite(ws, owner, mate, "admin"); err != nil {
		t.Fatalf("the trial's owner invites a teammate: %v", err)
	}
	err := invite(ws, owner, uniqueEmail("third"), "")
	if apperr.KindOf(err) != apperr.KindForbidden || !strings.Contains(err.Error(), "all 2 seats") {
		t.Fatalf("a second invite on the trial: %v, want forbidden naming the 2 seats", err)
	}
	if got := invites(t, ws); !slices.Equal(got, []string{mate + " admin"}) {
		t.Fatalf("invites %q, want the one teammate", got)
	}
}

// TestTrialSeatsMigration: the migration that gave the trial its second
// seat raises trial workspaces made with one, and leaves paid plans and
// seat limits set higher alone. It updates the package's whole database,
// so it runs alone.
func TestTrialSeatsMigration(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "schema", "postgres", "*_trial_seats.sql"))
	if err != nil || len(files) != 1 {
		t.Fatalf("the trial seats migration: %v %v", files, err)
	}
	sql, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	ends := time.Now().Add(plan.TrialLength)
	one := env.Workspace(t, testenv.WorkspaceOptions{Plan: plan.Trial, SeatLimit: 1, TrialEndsAt: &ends})
	three := env.Workspace(t, testenv.WorkspaceOptions{Plan: plan.Trial, SeatLimit: 3, TrialEndsAt: &ends})
	paid := env.Workspace(t, testenv.WorkspaceOptions{Plan: plan.Starter, SeatLimit: 1})
	if _, err := env.PG.Exec(context.Background(), string(sql)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		ws   any
		want int
	}{{"a trial of one seat", one, 2}, {"a trial given three", three, 3}, {"a paid plan", paid, 1}} {
		if got := scalar[int](t, `SELECT seat_limit FROM workspaces WHERE id = $1`, c.ws); got != c.want {
			t.Errorf("%s: %d seats after the migration, want %d", c.name, got, c.want)
		}
	}
}
