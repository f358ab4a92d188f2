package api_test

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// TestOutlierScoresThroughTheAPI seeds an account whose videos grow at
// known paces (views = pace × hours since publishing) and runs the alerts
// cron: the videos list sorted by outlier puts the newest video, far ahead
// of its account at 24 hours, first, with the multiplier and percentile
// worked out here from the paces; the video's page and the CSV say the
// same; the videos that cannot be scored say why; sorting by the forecast
// answers; another workspace's videos never show; and an outlier rule
// takes a threshold of 2 or more (3 when not given).
func TestOutlierScoresThroughTheAPI(t *testing.T) {
	a := newApp(t, func(d *wiring.Deps) { d.Config.CronSecret = cronSecret })
	c := a.signUp(uniqueEmail("outliers"))
	ws := a.bootstrap(c).Workspace.ID
	other := a.bootstrap(a.signUp(uniqueEmail("others"))).Workspace.ID

	ctx := context.Background()
	now := time.Now().UTC()
	w := ingest.NewSnapshotWriter(env.CH, 5000, time.Now())
	grow := func(ws, v, account uuid.UUID, published time.Time, pace float64, from, to int) {
		for h := from; h <= to; h++ {
			views := uint64(pace * float64(h))
			err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: v, AccountID: account,
				ScrapedAt: published.Add(time.Duration(h) * time.Hour), PublishedAt: published, Metrics: ingest.Metrics{Views: &views}, JobID: uuid.New()})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	seed := func(ws uuid.UUID, hitPace float64) (hit, young, alone uuid.UUID) {
		acc := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive})
		video := func(published time.Time, account uuid.UUID) uuid.UUID {
			return env.Video(t, ws, testenv.VideoOptions{AccountID: account, Status: domain.ItemActive, PublishedAt: published,
				CreatedAt: published, LastScrapedAt: now})
		}
		for i, pace := range []float64{100, 200, 300, 400, 500, 600} {
			p := now.Add(-time.Duration(9-i) * 24 * time.Hour)
			grow(ws, video(p, acc), acc, p, pace, 1, 48)
		}
		published := now.Add(-30 * time.Hour)
		hit = video(published, acc)
		grow(ws, hit, acc, published, hitPace, 1, 29)
		young = video(now.Add(-20*time.Minute), acc)
		alone = video(now.Add(-50*time.Hour), uuid.Nil)
		grow(ws, alone, uuid.Nil, now.Add(-50*time.Hour), 80, 1, 49)
		return hit, young, alone
	}
	hit, young, alone := seed(ws, 1500)
	theirs, _, _ := seed(other, 9000)
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}

	var run struct {
		Insights struct{ Workspaces, Videos, Scored int }
	}
	httpRequest(a, "GET", "/api/cron/alerts", "Bearer "+cronSecret).expect(t, 200).decode(t, &run)
	if run.Insights.Workspaces < 2 || run.Insights.Scored < 2 {
		t.Fatalf("the cron's insights %+v, want both workspaces and their newest videos scored", run.Insights)
	}

	var page numbers.VideoPage
	a.request("GET", "/api/videos?sort=outlier", nil, c).expect(t, 200).decode(t, &page)
	if len(page.Videos) != 9 || page.Videos[0].ID != hit {
		t.Fatalf("sorted by outlier: %d videos, first %v; want 9, the newest (%v) first", len(page.Videos), page.Videos[0].ID, hit)
	}
	// at 24 h its views are 1500 × 24 against the six earlier videos'
	// 100..600 × 24: a median of 350 × 24, every one below it
	o := page.Videos[0].Outlier
	if o == nil || o.State != "scored" || *o.AgeHours != 24 || math.Abs(*o.Multiplier-1500.0/350) > 1e-9 || *o.Percentile != 100 ||
		*o.Baseline != 6 || *o.Views != 36000 || *o.Median != 350*24 {
		t.Fatalf("the newest video's outlier %+v", o)
	}
	// the scored ones first, then the unscored
	var multipliers []float64
	states := map[uuid.UUID]string{}
	for _, v := range page.Videos {
		if v.ID == theirs {
			t.Fatal("another workspace's video is listed")
		}
		states[v.ID] = v.Outlier.State
		if v.Outlier.Multiplier != nil {
			multipliers = append(multipliers, *v.Outlier.Multiplier)
		}
		if v.Forecast == nil || v.Forecast.State == "" || v.Forecast.State == "pending" {
			t.Fatalf("video %v has no forecast state: %+v", v.ID, v.Forecast)
		}
	}
	// of the earlier videos only the sixth has five before it: 600 against
	// their median of 300
	if len(multipliers) != 2 || multipliers[1] != 2 {
		t.Fatalf("multipliers in list order %v, want the newest's then 2", multipliers)
	}
	if states[young] != "too_young" || states[alone] != "no_account" {
		t.Fatalf("states: young %q, alone %q", states[young], states[alone])
	}
	a.request("GET", "/api/videos?sort=forecast7d", nil, c).expect(t, 200)

	var detail numbers.VideoDetail
	a.request("GET", "/api/videos/"+hit.String(), nil, c).expect(t, 200).decode(t, &detail)
	if detail.Outlier == nil || detail.Outlier.State != "scored" || *detail.Outlier.Percentile != 100 {
		t.Fatalf("the video page's outlier %+v", detail.Outlier)
	}
	a.request("GET", "/api/videos/"+theirs.String(), nil, c).expect(t, 404)

	recs := readCSV(t, a.request("GET", "/api/export", nil, c).expect(t, 200).Body)
	col := func(name string) int { return slices.Index(recs[0], name) }
	found := false
	for _, r := range recs[1:] {
		if r[0] == hit.String() {
			found = true
			if got := strings.Join([]string{r[col("outlier_state")], r[col("outlier_age_hours")], r[col("outlier_multiplier")], r[col("outlier_percentile")]}, " "); got != "scored 24 4.29 100" {
				t.Fatalf("the CSV's outlier columns %q", got)
			}
		}
	}
	if !found {
		t.Fatal("the newest video is not in the CSV")
	}

	// an outlier rule: 3× when not given, at least 2×
	var rule struct {
		Threshold float64 `json:"threshold"`
		EventType string  `json:"eventType"`
	}
	a.request("POST", "/api/alerts", map[string]any{"name": "Outliers", "eventType": "video.outlier"}, c).expect(t, 200).decode(t, &rule)
	if rule.Threshold != 3 || rule.EventType != "video.outlier" {
		t.Fatalf("outlier rule %+v, want threshold 3", rule)
	}
	before := count(t, `SELECT count(*) FROM alert_rules WHERE workspace_id = $1`, ws)
	e := a.request("POST", "/api/alerts", map[string]any{"name": "Too low", "eventType": "video.outlier", "threshold": 1.5}, c).
		expectError(t, 400, "invalid_request")
	if !strings.Contains(fmt.Sprint(e), "threshold") {
		t.Fatalf("a threshold of 1.5 is refused with %+v, want the threshold named", e)
	}
	if after := count(t, `SELECT count(*) FROM alert_rules WHERE workspace_id = $1`, ws); after != before {
		t.Fatal("a refused rule was written")
	}
}
