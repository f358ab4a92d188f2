package tracking_test

import (
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
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

// status is the status of a tracked video or account.
func status(t testing.TB, id uuid.UUID) domain.Item {
	t.Helper()
	return domain.Item(scalar[string](t, `SELECT status FROM videos WHERE id = $1 UNION ALL SELECT status FROM accounts WHERE id = $1`, id))
}

// statuses are the statuses of tracked videos or accounts, in order.
func statuses(t testing.TB, ids ...uuid.UUID) []domain.Item {
	t.Helper()
	out := make([]domain.Item, len(ids))
	for i, id := range ids {
		out[i] = status(t, id)
	}
	return out
}

// dataVersion is the workspace's data version, which the dashboard's cached
// answers are keyed by.
func dataVersion(t testing.TB, ws uuid.UUID) int64 { return env.DataVersion(t, ws) }

// exec runs a statement on the package's PostgreSQL database.
func exec(t *testing.T, sql string, args ...any) { t.Helper(); env.Exec(t, sql, args...) }

func ptr[T any](v T) *T { return &v }

// invalidFields are the fields an invalid-input error names, sorted; it
// fails the test for another kind of error.
func invalidFields(t *testing.T, err error) []string {
	t.Helper()
	return testenv.InvalidFields(t, err)
}
