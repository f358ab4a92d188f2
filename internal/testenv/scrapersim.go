package testenv

import (
	"testing"
	"time"
)

// ScraperSim starts cmd/scrapersim on a free loopback port with the extra
// flags, and returns its base URL; it stops when the test ends.
func ScraperSim(t testing.TB, flags ...string) string {
	t.Helper()
	simBinary := Build(t, "./cmd/scrapersim")
	return serve(t, "scrapersim", simBinary, func(addr string) []string {
		return append([]string{"-addr", addr, "-token", "sim-token"}, flags...)
	}, "/healthz", 2*time.Minute) // a loaded machine starts it slowly
}
