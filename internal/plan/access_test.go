package plan_test

import (
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

var env *testenv.Env

func TestMain(m *testing.M) { testenv.Main(m, &env) }

// TestAccessSQLAgreesWithHasAccess evaluates HasAccess and AccessSQL on the
// same workspaces, in PostgreSQL, and requires the same answer from both.
func TestAccessSQLAgreesWithHasAccess(t *testing.T) {
	now := time.Date(2026, 5, 4, 12, 0, 0, 0, time.UTC)
	at := func(d time.Duration) *time.Time { x := now.Add(d); return &x }
	ends := []*time.Time{nil, at(-time.Hour), at(-time.Microsecond), at(0), at(time.Microsecond), at(time.Hour)}
	names := []plan.Name{plan.Trial, plan.Starter, plan.Growth, plan.Agency}
	cases := 0
	for _, name := range names {
		for _, flag := range []bool{false, true} {
			for _, trial := range ends {
				for _, grace := range ends {
					want := plan.HasAccess(name, flag, trial, grace, now)
					var got *bool
					err := env.PG.QueryRow(t.Context(), `SELECT `+plan.AccessSQL+`
						FROM (VALUES ($2::text, $3::boolean, $4::timestamptz, $5::timestamptz)) AS w (plan, has_access, trial_ends_at, grace_ends_at)`,
						now, string(name), flag, trial, grace).Scan(&got)
					if err != nil {
						t.Fatal(err)
					}
					if got == nil || *got != want {
						t.Errorf("plan %s, flag %t, trial ends %s, grace ends %s: SQL says %s, HasAccess %t",
							name, flag, show(trial, now), show(grace, now), showBool(got), want)
					}
					cases++
				}
			}
		}
	}
	if cases != len(names)*2*len(ends)*len(ends) {
		t.Fatalf("%d cases evaluated", cases)
	}
}

func show(t *time.Time, now time.Time) string {
	if t == nil {
		return "never"
	}
	return "now" + t.Sub(now).String()
}

func showBool(b *bool) string {
	if b == nil {
		return "NULL"
	}
	if *b {
		return "true"
	}
	return "false"
}
