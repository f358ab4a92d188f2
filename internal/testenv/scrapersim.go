package testenv

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"
)

var (
	simBuild    sync.Once
	simBinary   string
	simBuildErr error
)

// ScraperSim starts cmd/scrapersim, the scraping provider's stand-in, on a
// free loopback port with the given extra flags, and returns its base URL.
// It is stopped when the test ends.
func ScraperSim(t testing.TB, flags ...string) string {
	t.Helper()
	simBuild.Do(func() {
		_, file, _, _ := runtime.Caller(0)
		root := filepath.Join(filepath.Dir(file), "..", "..")
		dir, err := os.MkdirTemp("", "scrapersim")
		if err != nil {
			simBuildErr = err
			return
		}
		simBinary = filepath.Join(dir, "scrapersim")
		cmd := exec.Command("go", "build", "-o", simBinary, "./cmd/scrapersim")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			simBuildErr = fmt.Errorf("build scrapersim: %v\n%s", err, out)
		}
	})
	if simBuildErr != nil {
		t.Fatal(simBuildErr)
	}
	return serve(t, "scrapersim", simBinary, func(addr string) []string {
		return append([]string{"-addr", addr, "-token", "sim-token"}, flags...)
	}, "/healthz", 10*time.Second)
}
