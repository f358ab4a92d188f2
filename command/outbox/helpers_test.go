package outbox_test

import (
	"testing"

	"github.com/reeltrack/reeltrack/internal/testenv"
)

// env is the package's share of the test servers (internal/testenv).
var env *testenv.Env

func TestMain(m *testing.M) { testenv.Main(m, &env) }
