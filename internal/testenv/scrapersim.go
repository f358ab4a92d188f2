package testenv

import (
	"testing"
	"time"
)

// ScraperSim starts cmd/scrapersim, the scraping provider's stand-in, on a
// free loopback port with the given extra flags, and returns its base URL.
// It is stopped when the test ends.
func ScraperSim(t testing.TB, flags ...string) string {
	t.Helper()
	simBinary := Build(t, "./cmd/scrapersim")
	return serve(t, "scrapersim", simBinary, func(addr string) []string {
		return append([]string{"-addr", addr, "-token", "sim-token"}, flags...)
	}, "/healthz", 10*time.Second)
}
