package alerts_test

import (
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/tenantaudit"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// env is the package's share of the test servers (internal/testenv).
var env *testenv.Env

func TestMain(m *testing.M) { testenv.MainAudited(m, &env, tenantaudit.New()) }

// scalar reads the one value a query returns.
func scalar[T any](t testing.TB, sql string, args ...any) T {
	t.Helper()
	return testenv.Scalar[T](t, env, sql, args...)
}

// dataVersion is the workspace's data version, which the dashboard's cached
// answers are keyed by.
func dataVersion(t testing.TB, ws uuid.UUID) int64 { return env.DataVersion(t, ws) }

// exec runs a statement on the package's PostgreSQL database.
func exec(t *testing.T, sql string, args ...any) { t.Helper(); env.Exec(t, sql, args...) }
