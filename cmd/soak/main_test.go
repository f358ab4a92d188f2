package main

import (
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/testenv"
)

var env *testenv.Env

func TestMain(m *testing.M) { testenv.Main(m, &env) }

// TestSoakShort runs the soak small, on the package's own databases: 200
// items (8 accounts of 25 videos) for 7 simulated days in daily rounds of
// the cron routes, with the simulator's failed runs, the e-mails and the
// channel's deliveries. It fails as make soak does: when the server's
// memory, goroutines, pools, queues or ClickHouse parts leave their
// bounds, when anything is left queued, or when a video's views the API
// answers differ from its last raw snapshot or from the simulator's
// dataset. About 11 s on a quiet machine, 25 to 40 s at load averages of
// 8 to 20 (most of it the 7 rounds of the cron routes); make soak runs it
// at size.
func TestSoakShort(t *testing.T) {
	soak := testenv.Build(t, "./cmd/soak")
	sim := testenv.Build(t, "./cmd/scrapersim")
	began := time.Now()
	cmd := exec.Command(soak, "-items", "200", "-per-account", "25", "-days", "7", "-step", "24h",
		"-fresh=", "-scrapersim", sim, "-progress=false")
	cmd.Env = append(os.Environ(), env.ServerEnv("soak:")...)
	out, err := cmd.CombinedOutput()
	t.Logf("soak in %s:\n%s", time.Since(began).Round(time.Second), out)
	if err != nil {
		t.Fatalf("the soak failed: %v", err)
	}
}
