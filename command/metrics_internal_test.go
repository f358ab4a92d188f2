package command

import (
	"errors"
	"testing"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/metrics"
)

// TestScrapeFailureReasons: a start the provider did not make and a run
// that ended without data are counted under the reason their cause gives.
func TestScrapeFailureReasons(t *testing.T) {
	for status, want := range map[int]metrics.ScrapeFailure{
		400: metrics.StartRefused, 422: metrics.StartRefused,
		401: metrics.StartCredentials, 403: metrics.StartCredentials,
		402: metrics.StartNoCredit, 404: metrics.StartNoActor,
		429: metrics.StartUnavailable, 503: metrics.StartUnavailable,
	} {
		if got := startFailure(&ingest.ProviderError{Status: status}); got != want {
			t.Errorf("start answered %d: %s, want %s", status, got, want)
		}
	}
	if got := startFailure(errors.New("connection refused")); got != metrics.StartUnavailable {
		t.Errorf("start without an answer: %s, want %s", got, metrics.StartUnavailable)
	}
	for status, want := range map[string]metrics.ScrapeFailure{
		ingest.RunFailed: metrics.RunFailed, ingest.RunTimedOut: metrics.RunTimedOut, ingest.RunAborted: metrics.RunAborted,
	} {
		if got := runFailure(status); got != want {
			t.Errorf("run %s: %s, want %s", status, got, want)
		}
	}
}
