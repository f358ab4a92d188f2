package testenv

import (
	"context"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/apperr"
)

// Scalar reads the one value a query on e's PostgreSQL database returns.
func Scalar[T any](t testing.TB, e *Env, sql string, args ...any) T {
	t.Helper()
	var v T
	if err := e.PG.QueryRow(context.Background(), sql, args...).Scan(&v); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return v
}

// Exec runs a statement on e's PostgreSQL database.
func (e *Env) Exec(t testing.TB, sql string, args ...any) {
	t.Helper()
	if _, err := e.PG.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// DataVersion is the workspace's data version, which the dashboard's cached
// answers are keyed by.
func (e *Env) DataVersion(t testing.TB, ws uuid.UUID) int64 {
	t.Helper()
	return Scalar[int64](t, e, `SELECT data_version FROM workspaces WHERE id = $1`, ws)
}

// Activities are the workspace's activity log entries, oldest first, as
// "action target".
func (e *Env) Activities(t testing.TB, ws uuid.UUID) []string {
	t.Helper()
	return Scalar[[]string](t, e, `SELECT coalesce(array_agg(action || ' ' || target ORDER BY id), '{}') FROM activity_log WHERE workspace_id = $1`, ws)
}

// InvalidFields are the fields an invalid-input error names, sorted; it fails
// the test for another kind of error.
func InvalidFields(t testing.TB, err error) []string {
	t.Helper()
	if apperr.KindOf(err) != apperr.KindInvalid {
		t.Fatalf("%v, want invalid input (400)", err)
	}
	return slices.Sorted(maps.Keys(apperr.Fields(err)))
}

// Days shows a sparkline's or a video's days in a failure: each value, "-"
// where none.
func Days(views []*int64) string {
	out := make([]string, len(views))
	for i, v := range views {
		out[i] = "-"
		if v != nil {
			out[i] = strconv.FormatInt(*v, 10)
		}
	}
	return strings.Join(out, " ")
}
