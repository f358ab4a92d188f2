package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/query/chread"
)

// targetInsightsRatio bounds the videos list's cold p95 with the insights
// against the same list without them, in the same run.
const targetInsightsRatio = 1.2

type insightsRun struct {
	// Before and With are the cold list by views without and with the insights.
	Before, With stats
	Step         time.Duration
	Did          alerts.InsightRun
	// Sorts are the cold lists by the insights' own sorts.
	Sorts map[string]stats
}

// insightsRounds is how many times the phase alternates without and with the
// insights: on a shared machine the load drifts.
const insightsRounds = 4

// insightsPaths: the default sort, which reads each page's insights, then
// the two sorts by them.
var insightsPaths = []string{
	"/api/videos?sort=views&limit=50",
	"/api/videos?sort=outlier&limit=50",
	"/api/videos?sort=forecast7d&limit=50",
}

// insightsPhase runs the insights step once, then measures the cold list
// without (rows moved aside) and with its insights in alternating rounds.
func insightsPhase(ctx context.Context, o options, st *stores, c *client, ws uuid.UUID, now time.Time, check func([]byte) error) (insightsRun, error) {
	out := insightsRun{Sorts: map[string]stats{}}
	for _, sql := range []string{
		`DELETE FROM video_insights WHERE workspace_id = $1`,
		`UPDATE workspaces SET insights_version = NULL, insights_at = NULL WHERE id = $1`,
	} {
		if _, err := st.PG.Exec(ctx, sql, ws); err != nil {
			return out, fmt.Errorf("clear insights: %w", err)
		}
	}
	t := time.Now()
	var err error
	out.Did, err = alerts.ComputeWorkspaceInsights(ctx, st.PG, chread.InsightsReader{CH: st.CH}, ws, now)
	if err != nil {
		return out, fmt.Errorf("insights step: %w", err)
	}
	out.Step = time.Since(t)
	for _, sql := range []string{
		`CREATE TABLE IF NOT EXISTS bench_insights_aside (LIKE video_insights)`,
		`DELETE FROM bench_insights_aside`,
	} {
		if _, err := st.PG.Exec(ctx, sql); err != nil {
			return out, fmt.Errorf("insights aside: %w", err)
		}
	}
	// move moves the workspace's rows from one table to the other
	move := func(from, to string) error {
		_, err := st.PG.Exec(ctx, `WITH moved AS (DELETE FROM `+from+` WHERE workspace_id = $1 RETURNING *)
			INSERT INTO `+to+` SELECT * FROM moved`, ws)
		if err == nil {
			_, err = st.PG.Exec(ctx, `VACUUM ANALYZE `+from)
		}
		return err
	}
	per := max(1, o.ColdRequests/insightsRounds)
	var without, with []time.Duration
	list := insightsPaths[0]
	for round := range insightsRounds {
		// the sides take turns at going first, so neither always follows the same
		// move of 10,000 rows
		sides := []bool{false, true}
		if round%2 == 1 {
			sides = []bool{true, false}
		}
		for _, side := range sides {
			from, to := "video_insights", "bench_insights_aside"
			if side {
				from, to = to, from
			}
			if err := move(from, to); err != nil {
				return out, fmt.Errorf("insights aside: %w", err)
			}
			if _, err := c.cold(ctx, list, 1, nil); err != nil {
				return out, err
			}
			ds, err := c.coldDurations(ctx, list, per, check)
			if err != nil {
				return out, err
			}
			if side {
				with = append(with, ds...)
			} else {
				without = append(without, ds...)
			}
		}
	}
	// the later phases and runs find the insights in place
	if err := move("bench_insights_aside", "video_insights"); err != nil {
		return out, fmt.Errorf("insights aside: %w", err)
	}
	out.Before, out.With = summarize(without, 0), summarize(with, 0)
	for _, p := range insightsPaths[1:] {
		if _, err := c.cold(ctx, p, 1, nil); err != nil {
			return out, err
		}
		s, err := c.cold(ctx, p, o.ColdRequests, check)
		if err != nil {
			return out, err
		}
		out.Sorts[p] = s
	}
	return out, nil
}

// results are the phase's lines: the list with the insights against
// targetInsightsRatio, and the insights' sorts.
func (r insightsRun) results() []result {
	before, with := r.Before, r.With
	limit := time.Duration(float64(r.Before.P95) * targetInsightsRatio)
	res := result{Route: "GET " + insightsPaths[0] + " (with insights)", Cache: "cold", S: &with, Rate: "—",
		Target: fmt.Sprintf("p95 ≤ %.1f× without (%s ms)", targetInsightsRatio, ms(limit)), TargetChecked: true}
	res.TargetMissed = with.P95 > limit
	res.Met = fmt.Sprintf("%s: %.2f×", yesNo(!res.TargetMissed), float64(with.P95)/float64(r.Before.P95))
	out := []result{{Route: "GET " + insightsPaths[0] + " (without insights)", Cache: "cold", S: &before, Rate: "—", Target: "—", Met: "—"}, res}
	for _, p := range insightsPaths[1:] {
		s := r.Sorts[p]
		out = append(out, result{Route: "GET " + p + " (with insights)", Cache: "cold", S: &s, Rate: "—", Target: "—",
			Met: fmt.Sprintf("%.2f× the list by views without", float64(s.P95)/float64(r.Before.P95))})
	}
	return out
}

func printInsights(out io.Writer, r insightsRun) {
	fmt.Fprintf(out, "\n### Insights\n\n")
	fmt.Fprintf(out, "- the first insights step over the large workspace (every video's curve read from its raw snapshots): %s for %d videos, %d curves read, %d scored\n",
		r.Step.Round(time.Millisecond), r.Did.Videos, r.Did.Curves, r.Did.Scored)
	fmt.Fprintf(out, "- the videos list by views, cold, in %d alternating rounds of %d requests without and with the insights: p50 %s / %s ms, p95 %s / %s ms (target: p95 with ≤ %.1f× without)\n",
		insightsRounds, max(1, r.Before.N/insightsRounds), ms(r.Before.P50), ms(r.With.P50), ms(r.Before.P95), ms(r.With.P95), targetInsightsRatio)
}
