package e2e

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// insightVideo is a video of the list with its insights, as the API gives
// them.
type insightVideo struct {
	ID        string  `json:"id"`
	AccountID *string `json:"accountId"`
	Metrics   struct {
		Views *int64 `json:"views"`
	} `json:"metrics"`
	Outlier struct {
		State      string   `json:"state"`
		AgeHours   *int     `json:"ageHours"`
		Multiplier *float64 `json:"multiplier"`
		Percentile *int     `json:"percentile"`
		Baseline   *int     `json:"baseline"`
	} `json:"outlier"`
	Forecast struct {
		State       string `json:"state"`
		Views7d     *int64 `json:"views7d"`
		Views7dLow  *int64 `json:"views7dLow"`
		Views7dHigh *int64 `json:"views7dHigh"`
		Views30d    *int64 `json:"views30d"`
		Gain7d      *int64 `json:"gain7d"`
	} `json:"forecast"`
}

// outlierWords is how the dashboard words a score: "4.8× · p100 at 24 h".
func outlierWords(v insightVideo) string {
	return fmt.Sprintf("%.1f× · p%d at %d h", *v.Outlier.Multiplier, *v.Outlier.Percentile, *v.Outlier.AgeHours)
}

// TestOutliersOnThePages tracks an account of seven videos whose histories
// are known: five published 16 to 20 days ago with 800 to 1,200 views at
// 24 h, one published 60 h ago with 2,500 and one 48 h ago with 5,000. The
// insights of the hourly alerts run score the two new ones at 24 h against
// the earlier ones (about 2.5× and 4.8× the median); the older five have
// too few earlier videos. The Videos page shows the scores and the reasons,
// sorts by them from the column's header, the video's page explains the
// score, and the overview's Spiking now panel lists the two, biggest first.
// The billing page shows the scrapes of the last 24 hours against the
// plan's budget.
func TestOutliersOnThePages(t *testing.T) {
	t.Parallel()
	s, ctx, _, cookie := signedUp(t, 1280, 900, "outliers")
	ws := s.workspace(cookie)
	var acc struct {
		ID string `json:"id"`
	}
	s.send(cookie, "POST", "/track", `{"url":"https://www.tiktok.com/@outlier.e2e","tracking_limit":7}`, &acc)
	s.waitFirstScrapes(cookie, 7)
	var list struct {
		Videos []insightVideo `json:"videos"`
	}
	s.api(cookie, "GET", "/videos?limit=500", &list)
	if len(list.Videos) != 7 {
		t.Fatalf("the account's first scrape tracks %d videos, want 7", len(list.Videos))
	}

	// Before the insights run: nothing is scored, and the panel says what
	// it waits for.
	var empty string
	do(t, ctx, "the Spiking now panel before any score",
		chromedp.Navigate(s.base+"/"),
		waitVisible(`[data-testid="spiking-empty"]`),
		readText(`[data-testid="spiking-empty"]`, &empty),
	)
	if !strings.Contains(empty, "2×") || !strings.Contains(empty, "same age") {
		t.Errorf("the empty Spiking now panel says %q, want what it waits for", empty)
	}

	now := time.Now().UTC().Truncate(time.Second)
	type history struct {
		published time.Time
		at24h     float64 // views 24 h after publishing
	}
	plan := make([]history, 0, 7)
	for i, at24h := range []float64{800, 900, 1000, 1100, 1200} {
		plan = append(plan, history{now.Add(-time.Duration(20-i)*24*time.Hour - 30*time.Minute), at24h})
	}
	plan = append(plan, history{now.Add(-60*time.Hour - 30*time.Minute), 2500}, history{now.Add(-48*time.Hour - 30*time.Minute), 5000})
	ids := make([]string, len(plan))
	for i, h := range plan {
		ids[i] = list.Videos[i].ID
		seedCurve(t, uuid.MustParse(ws.ID), uuid.MustParse(acc.ID), uuid.MustParse(ids[i]), h.published, h.at24h, now)
	}
	second, first := ids[5], ids[6]

	// The alerts run (the server's scheduler calls it every few seconds)
	// works the insights out.
	recomputeInsights(t, s, ws.ID, time.Now())
	var sorted struct {
		Videos []insightVideo `json:"videos"`
	}
	s.api(cookie, "GET", "/videos?sort=outlier&limit=500", &sorted)
	if len(sorted.Videos) < 2 || sorted.Videos[0].ID != first || sorted.Videos[1].ID != second {
		t.Fatalf("sorted by outlier the list is %v, want the 5,000-view video %s then the 2,500-view one %s", outliersOf(sorted.Videos), first, second)
	}
	byID := map[string]insightVideo{}
	for _, v := range sorted.Videos {
		byID[v.ID] = v
	}
	for id, want := range map[string]float64{first: 5000.0 / 1050, second: 2500.0 / 1000} {
		o := byID[id].Outlier
		if o.State != "scored" || o.AgeHours == nil || *o.AgeHours != 24 || o.Multiplier == nil || math.Abs(*o.Multiplier-want) > 0.06 || o.Percentile == nil || *o.Percentile != 100 {
			t.Fatalf("video %s: outlier %+v, want scored at 24 h, about %.2f×, p100", id, o, want)
		}
	}
	for _, id := range ids[:5] {
		if st := byID[id].Outlier.State; st != "too_few_videos" {
			t.Errorf("a video with fewer than 5 earlier ones: outlier state %q, want too_few_videos", st)
		}
	}

	// The Videos page: the column shows the scores and why the others
	// have none; its header sorts by it.
	type cell struct {
		ID      string `json:"id"`
		Outlier string `json:"outlier"`
		Value   string `json:"value"`
	}
	var rows []cell
	var url string
	do(t, ctx, "sort the Videos page by the Outlier column",
		chromedp.Navigate(s.base+"/videos"),
		waitVisible(`[data-testid="videos-table"] th button.sort`),
		click(`//th//button[starts-with(normalize-space(), "Outlier")]`, chromedp.BySearch),
		waitVisible(`th[aria-sort="descending"] button[title*="outlier"]`),
		quiet(),
		waitNotPresent(`.vt-list.stale`),
		chromedp.Location(&url),
		chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="videos-table"] tbody tr[data-testid=row]')].map(r => ({
			id: r.dataset.id, outlier: r.querySelector('[data-testid=outlier]').innerText.trim(), value: r.querySelector('[data-testid=outlier]').dataset.value}))`, &rows),
	)
	if !strings.Contains(url, "sort=outlier") {
		t.Errorf("after clicking the Outlier header the address is %s, want sort=outlier", url)
	}
	if len(rows) != 7 || rows[0].ID != first || rows[1].ID != second {
		t.Fatalf("the Videos page sorted by outlier shows %+v, want the 5,000-view video first and the 2,500-view one second", rows)
	}
	for i, id := range []string{first, second} {
		if want := outlierWords(byID[id]); rows[i].Outlier != want {
			t.Errorf("row %d's outlier cell says %q, want %q", i+1, rows[i].Outlier, want)
		}
	}
	for _, r := range rows[2:] {
		if r.Outlier != "account history too short" || r.Value != "" {
			t.Errorf("an unscored video's outlier cell says %q (value %q), want the reason and no number", r.Outlier, r.Value)
		}
	}
	// The Next 7 d column: the forecast gain, its band in the tooltip, or why none.
	var gain, gainTitle string
	do(t, ctx, "the first row's forecast",
		readText(`tr[data-id="`+first+`"] [data-testid=forecast7d]`, &gain),
		readAttribute(`tr[data-id="`+first+`"] [data-testid=forecast7d] span`, "title", &gainTitle, nil),
	)
	if f := byID[first].Forecast; f.State == "forecast" {
		if !strings.HasPrefix(gain, "+") || !strings.Contains(gainTitle, "80 %") {
			t.Errorf("a forecast video's Next 7 d cell says %q (title %q), want the gain and its band", gain, gainTitle)
		}
		if *f.Views7dLow > *f.Views7d || *f.Views7d > *f.Views7dHigh || *f.Gain7d != *f.Views7d-*byID[first].Metrics.Views {
			t.Errorf("forecast %+v of a video of %d views: want low ≤ views ≤ high and the gain from the current views", f, *byID[first].Metrics.Views)
		}
	} else if !strings.HasPrefix(gain, "—") {
		t.Errorf("a video without forecast (%s): its Next 7 d cell says %q, want a dash and why", f.State, gain)
	}

	// The video's page explains the score.
	var panel, state string
	var forecastPoints string
	do(t, ctx, "the video's insight panel",
		chromedp.Navigate(s.base+"/videos/"+first),
		waitVisible(`[data-testid="insight-outlier"]`),
		waitVisible(`main .chart[data-drawn]`),
		readText(`[data-testid="insight-outlier"]`, &panel),
		readAttribute(`[data-testid="insight-outlier"]`, "data-state", &state, nil),
		chromedp.Evaluate(`document.querySelector('main .chart').dataset.forecast ?? ''`, &forecastPoints),
	)
	o := byID[first].Outlier
	for _, want := range []string{fmt.Sprintf("%.1f×", *o.Multiplier), fmt.Sprintf("p%d at 24 h", *o.Percentile), fmt.Sprintf("%d earlier videos", *o.Baseline), "At 24 h old"} {
		if !strings.Contains(panel, want) {
			t.Errorf("the insight panel says %q, want %q in it", panel, want)
		}
	}
	if state != "scored" {
		t.Errorf("the insight panel's state is %q, want scored", state)
	}
	f := byID[first].Forecast
	want := ""
	if f.State == "forecast" {
		want = "1" // 7 days on, and 30 when the forecast reaches them
		if f.Views30d != nil {
			want = "2"
		}
	}
	if forecastPoints != want {
		t.Errorf("forecast %+v: the chart draws %q forecast points, want %q", f, forecastPoints, want)
	}
	var why string
	do(t, ctx, "an unscored video's insight panel",
		chromedp.Navigate(s.base+"/videos/"+ids[0]),
		waitVisible(`[data-testid="insight-outlier"][data-state="too_few_videos"]`),
		readText(`[data-testid="insight-outlier"]`, &why),
	)
	if !strings.Contains(why, "fewer than 5 earlier") {
		t.Errorf("an unscored video's panel says %q, want why it has no score", why)
	}

	// The overview: both new videos are spiking, the biggest first.
	var spiking []string
	var words string
	do(t, ctx, "the Spiking now panel",
		chromedp.Navigate(s.base+"/"),
		waitVisible(`[data-testid="spiking-row"]`),
		chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="spiking-row"]')].map(r => r.dataset.id)`, &spiking),
		readText(`[data-testid="spiking-row"] .mover-num strong`, &words),
	)
	if len(spiking) != 2 || spiking[0] != first || spiking[1] != second {
		t.Errorf("Spiking now lists %v, want [%s %s]", spiking, first, second)
	}
	if want := outlierWords(byID[first]); words != want {
		t.Errorf("Spiking now's first row says %q, want %q", words, want)
	}
	var href string
	do(t, ctx, "the Spiking now link", readAttribute(`[data-testid="spiking-row"] a`, "href", &href, nil))
	if href != "/videos/"+first {
		t.Errorf("Spiking now's first row links to %q, want the video's page", href)
	}

	// Billing: the scheduled refresh's scrapes of the last 24 hours, of
	// the plan's budget.
	var boot struct {
		Workspace struct {
			ScrapeBudget struct {
				PerDay      int `json:"perDay"`
				UsedLast24h int `json:"usedLast24h"`
			} `json:"scrapeBudget"`
		} `json:"workspace"`
	}
	s.api(cookie, "POST", "/workspace/bootstrap", &boot)
	budget := boot.Workspace.ScrapeBudget
	var used, perDay string
	do(t, ctx, "the scrape budget on the billing page",
		chromedp.Navigate(s.base+"/billing"),
		waitVisible(`[data-testid="scrape-budget-used"]`),
		readText(`[data-testid="scrape-budget-used"]`, &used),
		readText(`[data-testid="scrape-budget-limit"]`, &perDay),
	)
	if budget.PerDay <= 0 || used != fmt.Sprint(budget.UsedLast24h) || strings.ReplaceAll(perDay, ",", "") != fmt.Sprint(budget.PerDay) {
		t.Errorf("the billing page shows %s of %s scrapes, the API %+v: want the API's, of a budget above 0", used, perDay, budget)
	}
}

// seedCurve writes a video's hourly snapshots from an hour after it was
// published until now, growing as the square root of its age with at24h
// views 24 h after publishing, and the last at now (after the scrape's),
// and records when it was published.
func seedCurve(t *testing.T, ws, account, video uuid.UUID, published time.Time, at24h float64, now time.Time) {
	t.Helper()
	ctx := context.Background()
	if _, err := env.PG.Exec(ctx, `UPDATE videos SET published_at = $1 WHERE id = $2`, published, video); err != nil {
		t.Fatal(err)
	}
	w := ingest.NewSnapshotWriter(env.CH, 0, time.Now())
	add := func(at time.Time) {
		views := uint64(math.Round(at24h * math.Sqrt(at.Sub(published).Hours()/24)))
		likes := views / 10
		if err := w.Add(ctx, ingest.Snapshot{
			WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: video, AccountID: account,
			ScrapedAt: at, PublishedAt: published, Metrics: ingest.Metrics{Views: &views, Likes: &likes},
		}); err != nil {
			t.Fatal(err)
		}
	}
	for at := published.Add(time.Hour); at.Before(now); at = at.Add(time.Hour) {
		add(at)
	}
	add(now.Add(time.Second))
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
}

// recomputeInsights has the insights step work a workspace's insights out
// again from the history seeded before since. The step reads each video's
// snapshots once, as they arrive: what it worked out before since, from
// the first scrapes, is dropped (again, should a run of the scheduler
// have been under way), the workspace marked as changed, and the alerts
// run called until every video that counts (the accounts' own posts and
// collabs: the step scores no others) has insights of since or later.
func recomputeInsights(t *testing.T, s *site, workspaceID string, since time.Time) {
	t.Helper()
	ctx := context.Background()
	key := alerts.InsightsLockKey(uuid.MustParse(workspaceID))
	eventually(t, "the insights of the seeded history", 60*time.Second, func() bool {
		// under the step's lock: a step of the scheduler's that read the
		// videos before the history was seeded ends first, and no step
		// reads the rows while they are dropped
		err := pgx.BeginFunc(ctx, env.PG, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, key); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM video_insights WHERE workspace_id = $1 AND computed_at < $2`, workspaceID, since); err != nil {
				return err
			}
			// a changed workspace is due for the step at once
			_, err := tx.Exec(ctx, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, workspaceID)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		s.cron("/cron/alerts")
		var stale, fresh int
		err = env.PG.QueryRow(ctx, `
SELECT count(*) FILTER (WHERE i.computed_at IS NULL OR i.computed_at < $2), count(*) FILTER (WHERE i.computed_at >= $2)
FROM videos v LEFT JOIN video_insights i ON i.video_id = v.id
WHERE v.workspace_id = $1 AND v.post_kind IN ('own', 'collab')`, workspaceID, since).Scan(&stale, &fresh)
		if err != nil {
			t.Fatal(err)
		}
		return stale == 0 && fresh > 0
	})
}

// outliersOf lists the videos' ids and outlier states and multipliers.
func outliersOf(vs []insightVideo) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.ID + " " + v.Outlier.State
		if v.Outlier.Multiplier != nil {
			out[i] += fmt.Sprintf(" %.2f×", *v.Outlier.Multiplier)
		}
	}
	return out
}
