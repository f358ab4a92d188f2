package tracking

import (
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/refresh"
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

// TestOverdueCountsTheDueLeftUnqueued: every due item is counted; the
// most overdue is the longest any due item not queued has waited since its
// planned time, and 0 when each due item was queued.
func TestOverdueCountsTheDueLeftUnqueued(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	item := func(due bool, waited time.Duration) *planned {
		return &planned{id: uuid.New(), decision: refresh.Decision{Due: due, Next: now.Add(-waited)}}
	}
	queued, left, older, notDue := item(true, 9*time.Hour), item(true, 2*time.Hour), item(true, 5*time.Hour), item(false, -time.Hour)
	items := []*planned{queued, left, older, notDue}

	n, oldest := overdue(items, map[uuid.UUID]bool{queued.id: true}, now)
	if n != 3 || oldest != 5*time.Hour {
		t.Fatalf("%d due, most overdue %v; want 3 and 5h (the queued one's 9h does not count)", n, oldest)
	}
	if n, oldest = overdue(items, map[uuid.UUID]bool{queued.id: true, left.id: true, older.id: true}, now); n != 3 || oldest != 0 {
		t.Fatalf("every due item queued: %d due, most overdue %v; want 3 and 0", n, oldest)
	}
}
