package cron

import (
	"testing"

	"github.com/reeltrack/reeltrack/internal/tenantaudit"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

var env *testenv.Env

func TestMain(m *testing.M) { testenv.MainAudited(m, &env, tenantaudit.New()) }
