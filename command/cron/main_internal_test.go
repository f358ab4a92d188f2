package cron

import (
	"testing"

	"github.com/reeltrack/reeltrack/internal/testenv"
)

var env *testenv.Env

func TestMain(m *testing.M) { testenv.Main(m, &env) }
