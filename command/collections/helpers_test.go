package collections_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// env is the package's share of the test servers (internal/testenv).
var env *testenv.Env

func TestMain(m *testing.M) { testenv.Main(m, &env) }

// scalar reads the one value a query returns.
func scalar[T any](t testing.TB, sql string, args ...any) T {
	t.Helper()
	return testenv.Scalar[T](t, env, sql, args...)
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

// status is the status of a tracked video or account.
func status(t testing.TB, id uuid.UUID) domain.Item {
	t.Helper()
	return domain.Item(scalar[string](t, `SELECT status FROM videos WHERE id = $1 UNION ALL SELECT status FROM accounts WHERE id = $1`, id))
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

// saveRule saves an alert rule: a rule scoped to a collection holds its
// delete back.
func saveRule(t *testing.T, cmd alerts.SaveAlertRule) (alerts.AlertRule, error) {
	t.Helper()
	return alerts.SaveAlertRuleHandler{DB: env.PG}.Handle(context.Background(), cmd)
}

func deleteRule(ws, id uuid.UUID) error {
	return alerts.DeleteAlertRuleHandler{DB: env.PG}.Handle(context.Background(), alerts.DeleteAlertRule{WorkspaceID: ws, ID: id})
}
