package chread_test

import (
	"flag"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/query/chread"
	"github.com/reeltrack/reeltrack/query/querytest"
)

var update = flag.Bool("update", false, "rewrite testdata/sql from the rendered SQL")

// renderedCase is one golden case: a spike scan query built as
// NewSpikeScan builds it.
type renderedCase struct {
	name string
	q    querytest.Query
}

// renderedCases are the spike scan's ClickHouse queries for
// representative inputs, each shape NewSpikeScan builds.
func renderedCases() []renderedCase {
	now := querytest.Now
	return []renderedCase{
		// GET /cron/alerts
		{"spikes_gain", chread.SpikeScanQuery{Gain: []domain.Metric{domain.Views, domain.Likes}, From: now.Add(-2*24*time.Hour - chread.SpikeLookback).Truncate(time.Hour), Now: now}},
		{"spikes_velocity", chread.SpikeScanQuery{Velocity: []domain.Metric{domain.Views}, From: now.Add(-chread.SpikeLookback).Truncate(time.Hour), Now: now}},
		{"spikes_both", chread.SpikeScanQuery{Gain: []domain.Metric{domain.Comments, domain.Views}, Velocity: []domain.Metric{domain.Shares, domain.Views}, From: now.Add(-2*6*time.Hour - chread.SpikeLookback).Truncate(time.Hour), Now: now}},
	}
}

// TestRenderedSQL pins the text and the parameters of each spike scan
// query for representative inputs, built as NewSpikeScan builds them, in
// testdata/sql/<name>.sql (rewrite with go test ./query/chread/ -run
// TestRenderedSQL -update, and review the diff). The answers these texts
// give are checked by the tests that recompute them from raw snapshots.
func TestRenderedSQL(t *testing.T) {
	t.Parallel()
	querytest.CheckRendered(t, goldenCases(), *update)
}

// goldenCases are the rendered cases as querytest checks them.
func goldenCases() []querytest.Case {
	var out []querytest.Case
	for _, c := range renderedCases() {
		out = append(out, querytest.Case{Name: c.name, Q: c.q})
	}
	return out
}

// TestSQLTakesOnlyKnownMetrics: a metric reaches the text only through the
// allow-list.
func TestSQLTakesOnlyKnownMetrics(t *testing.T) {
	t.Parallel()
	for name, q := range map[string]querytest.Query{
		"spikes": chread.SpikeScanQuery{Gain: []domain.Metric{domain.Saves}},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: rendered with metric outside the allow-list", name)
				}
			}()
			q.SQL()
		}()
	}
}
