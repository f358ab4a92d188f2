package campaigns_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/testenv"
)

// env is the package's share of the test servers (internal/testenv).
var env *testenv.Env

func TestMain(m *testing.M) { testenv.Main(m, &env) }

// scalar reads the one value a query returns.
func scalar[T any](t testing.TB, sql string, args ...any) T {
	t.Helper()
	var v T
	if err := env.PG.QueryRow(context.Background(), sql, args...).Scan(&v); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return v
}

// dataVersion is the workspace's data version, which the dashboard's cached
// answers are keyed by.
func dataVersion(t testing.TB, ws uuid.UUID) int64 {
	t.Helper()
	return scalar[int64](t, `SELECT data_version FROM workspaces WHERE id = $1`, ws)
}

// exec runs a statement on the package's PostgreSQL database.
func exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := env.PG.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

func ptr[T any](v T) *T { return &v }

// activities are the workspace's activity log entries, oldest first, as
// "action target".
func activities(t *testing.T, ws uuid.UUID) []string {
	t.Helper()
	return scalar[[]string](t, `SELECT coalesce(array_agg(action || ' ' || target ORDER BY id), '{}') FROM activity_log WHERE workspace_id = $1`, ws)
}
