package collections_test

import (
	"context"
	"testing"

	"github.com/reeltrack/reeltrack/internal/testenv"
)

var env *testenv.Env

func TestMain(m *testing.M) { testenv.Main(m, &env) }

func mustExec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := env.PG.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}
