package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/query"
)

// targetInsightsRatio bounds the videos list's cold p95 once the insights
// (outlier scores and forecasts) are worked out, against the same list
// before, in the same run.
const targetInsightsRatio = 1.2

// insightsRun is what the insights phase measured.
type insightsRun struct {
	Before  stats
	Step    time.Duration
	Did     command.InsightRun
	After   map[string]stats // by path
	Paths   []string
	Missing bool
}

// insightsPaths are the lists measured once the insights are worked out:
// the default sort, now reading each page's insights, and the two sorts
// by them.
var insightsPaths = []string{
	"/api/videos?sort=views&limit=50",
	"/api/videos?sort=outlier&limit=50",
	"/api/videos?sort=forecast7d&limit=50",
}

// insightsPhase measures the cold videos list of the large workspace
// without its insights (its video_insights rows deleted: the list then
// reads what it read before they existed), runs the insights step over
// the workspace once (the first step of an installation: every video's
// curve is read from its raw snapshots), and measures the cold list
// again, by views and by the two insights' sorts.
func insightsPhase(ctx context.Context, o options, st *stores, c *client, ws uuid.UUID, now time.Time, check func([]byte) error) (insightsRun, error) {
	out := insightsRun{After: map[string]stats{}, Paths: insightsPaths}
	if _, err := st.PG.Exec(ctx, `DELETE FROM video_insights WHERE workspace_id = $1`, ws); err != nil {
		return out, fmt.Errorf("clear insights: %w", err)
	}
	if _, err := st.PG.Exec(ctx, `UPDATE workspaces SET insights_version = NULL, insights_at = NULL WHERE id = $1`, ws); err != nil {
		return out, fmt.Errorf("clear insights: %w", err)
	}
	if _, err := c.cold(ctx, insightsPaths[0], 1, nil); err != nil {
		return out, err
	}
	s, err := c.cold(ctx, insightsPaths[0], o.ColdRequests, check)
	if err != nil {
		return out, err
	}
	out.Before = s
	t := time.Now()
	out.Did, err = command.ComputeWorkspaceInsights(ctx, st.PG, query.InsightsReader{CH: st.CH}, ws, now)
	if err != nil {
		return out, fmt.Errorf("insights step: %w", err)
	}
	out.Step = time.Since(t)
	for _, p := range insightsPaths {
		if _, err := c.cold(ctx, p, 1, nil); err != nil {
			return out, err
		}
		s, err := c.cold(ctx, p, o.ColdRequests, check)
		if err != nil {
			return out, err
		}
		out.After[p] = s
	}
	return out, nil
}

// results are the phase's lines of the table: each list after the step,
// held to targetInsightsRatio times the list before.
func (r insightsRun) results() []result {
	before := r.Before
	out := []result{{Route: "GET " + insightsPaths[0] + " (no insights yet)", Cache: "cold", S: &before, Rate: "—", Target: "—", Met: "—"}}
	limit := time.Duration(float64(r.Before.P95) * targetInsightsRatio)
	for _, p := range r.Paths {
		s := r.After[p]
		res := result{Route: "GET " + p + " (with insights)", Cache: "cold", S: &s, Rate: "—",
			Target: fmt.Sprintf("p95 ≤ %.1f× the list without (%s ms)", targetInsightsRatio, ms(limit)), TargetChecked: true}
		res.TargetMissed = s.P95 > limit
		res.Met = fmt.Sprintf("%s: %.2f×", yesNo(!res.TargetMissed), float64(s.P95)/float64(r.Before.P95))
		out = append(out, res)
	}
	return out
}

// printInsights writes what the step did and how long it took.
func printInsights(out io.Writer, r insightsRun) {
	fmt.Fprintf(out, "\n### Insights\n\n")
	fmt.Fprintf(out, "- the first insights step over the large workspace (every video's curve read from its raw snapshots): %s for %d videos, %d curves read, %d scored\n",
		r.Step.Round(time.Millisecond), r.Did.Videos, r.Did.Curves, r.Did.Scored)
	fmt.Fprintf(out, "- the videos list's cold p95: %s ms without the insights, %s ms by views with them (target ≤ %.1f×; see the table)\n",
		ms(r.Before.P95), ms(r.After[insightsPaths[0]].P95), targetInsightsRatio)
}
