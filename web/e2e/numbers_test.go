package e2e

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// numbersOverview is what the test reads of GET /api/overview.
type numbersOverview struct {
	PreviousTracked bool `json:"previousTracked"`
	CountChanges    *struct {
		Joined struct {
			Videos int `json:"videos"`
		} `json:"joined"`
	} `json:"countChanges"`
	InsightsStart *struct {
		Outliers  string `json:"outliers"`
		Forecasts string `json:"forecasts"`
	} `json:"insightsStart"`
}

// numbersVideo is what the test reads of GET /api/videos/{id}.
type numbersVideo struct {
	LastScrapedAt *time.Time `json:"lastScrapedAt"`
	PublishedAt   *time.Time `json:"publishedAt"`
	AccountID     *string    `json:"accountId"`
	Metrics       struct {
		Views *uint64 `json:"views"`
	} `json:"metrics"`
	Hourly  []struct{} `json:"hourly"`
	Scrapes []struct{} `json:"scrapes"`
	Outlier struct {
		State string `json:"state"`
	} `json:"outlier"`
}

// chartData reads a data attribute of the chart of the section whose
// heading starts with heading.
func chartData(heading, attr string) string {
	return fmt.Sprintf(`(() => { const s = [...document.querySelectorAll('main section')].find((s) => (s.querySelector('h2')?.textContent || '').trim().startsWith(%q));
		return (s && s.querySelector('.chart') && s.querySelector('.chart').dataset[%q]) || '' })()`, heading, attr)
}

// chartAttr polls until the chart of the section under heading is drawn
// and answers one of its data attributes.
func chartAttr(t *testing.T, ctx context.Context, heading, attr string) string {
	t.Helper()
	var v string
	eventually(t, "the chart under "+heading, time.Minute, func() bool {
		var drawn string
		return chromedp.Run(ctx, chromedp.Evaluate(chartData(heading, "drawn"), &drawn), chromedp.Evaluate(chartData(heading, attr), &v)) == nil && drawn == "true" && v != ""
	})
	return v
}

// nextScoredAge words the first age a video is scored at that a video
// published at p has not reached, as the dashboard does; "" past 30 days.
func nextScoredAge(p time.Time) string {
	age := time.Since(p).Hours()
	for _, a := range []int{1, 6, 24, 72, 168, 720} {
		if float64(a) > age {
			if a <= 24 {
				return fmt.Sprintf("%d h", a)
			}
			return fmt.Sprintf("%d d", a/24)
		}
	}
	return ""
}

// TestNumbersSayWhatTheyMean: on the first day of an account (six videos
// found by its first scrape), the overview says the previous 7 days were
// not tracked yet rather than 0, that the six videos joined the count, and
// draws its 7 days as one bar and at most one tick per day. A video
// scraped three times in one hour draws the three scrapes (its 24-hour
// gain and its chart agree) on an axis of hours; the account's followers
// of one hour show on its hourly chart. A video whose likes are hidden
// says so instead of a rate near 0. Once the insights are worked out, the
// overview says when scores and forecasts start, a video of the account
// without a publish time says "publish time unknown" (not that it is
// tracked by its own link), and a video first seen after some ages says
// the age it is scored from.
func TestNumbersSayWhatTheyMean(t *testing.T) {
	t.Parallel()
	s, ctx, _, cookie := signedUp(t, 1280, 900, "numbers")
	ws := uuid.MustParse(s.workspace(cookie).ID)
	var acc struct {
		ID string `json:"id"`
	}
	s.send(cookie, "POST", "/track", `{"url":"https://www.tiktok.com/@numbers.e2e","tracking_limit":6}`, &acc)
	s.waitFirstScrapes(cookie, 6)
	var list struct {
		Videos []struct {
			ID string `json:"id"`
		} `json:"videos"`
	}
	s.api(cookie, "GET", "/videos?limit=500", &list)

	// Three scrapes of one hour: the first and two of the seconds beside
	// it, rising (before it when it was scraped in the hour's last two
	// seconds); the account's followers twice more that hour.
	vid := list.Videos[0].ID
	var v numbersVideo
	s.api(cookie, "GET", "/videos/"+vid, &v)
	if v.LastScrapedAt == nil || v.Metrics.Views == nil {
		t.Fatalf("the first scrape gave video %s no views", vid)
	}
	last, views := *v.LastScrapedAt, *v.Metrics.Views
	at := []time.Time{last.Add(time.Second), last.Add(2 * time.Second)}
	more := []uint64{views + 100, views + 200}
	if at[1].Truncate(time.Hour) != last.Truncate(time.Hour) {
		at, more = []time.Time{last.Add(-2 * time.Second), last.Add(-time.Second)}, []uint64{max(views, 200) - 200, max(views, 100) - 100}
	}
	w := ingest.NewSnapshotWriter(env.CH, 0, time.Now())
	accID := uuid.MustParse(acc.ID)
	for i := range at {
		likes := more[i] / 10
		followers := uint64(5000 + 97*(i+1))
		for _, sn := range []ingest.Snapshot{
			{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: uuid.MustParse(vid), AccountID: accID, ScrapedAt: at[i],
				Metrics: ingest.Metrics{Views: &more[i], Likes: &likes}},
			{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Account, EntityID: accID, AccountID: accID, ScrapedAt: at[i], Followers: &followers},
		} {
			if err := w.Add(context.Background(), sn); err != nil {
				t.Fatal(err)
			}
		}
	}
	// an Instagram reel whose likes are hidden
	hidden := env.Video(t, ws, testenv.VideoOptions{Platform: platform.Instagram, Status: domain.ItemActive, PublishedAt: time.Now().Add(-48 * time.Hour),
		LastScrapedAt: time.Now(), Caption: "hidden likes reel"})
	hv, hc := uint64(40000), uint64(80)
	if err := w.Add(context.Background(), ingest.Snapshot{WorkspaceID: ws, Platform: platform.Instagram, Kind: platform.Video, EntityID: hidden,
		ScrapedAt: time.Now().UTC().Truncate(time.Second), Metrics: ingest.Metrics{Views: &hv, Comments: &hc}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	dataChanged(t, ws)

	// Overview, 7 days: not tracked before, the videos joined the count,
	// a bar and at most a tick a day, the last bar whole.
	var o numbersOverview
	s.api(cookie, "GET", "/overview?datePreset=7d", &o)
	if o.PreviousTracked || o.CountChanges == nil || o.CountChanges.Joined.Videos < 7 {
		t.Fatalf("overview: previousTracked %v, count changes %+v; want nothing tracked before and the 7 videos joined", o.PreviousTracked, o.CountChanges)
	}
	do(t, ctx, "the overview", chromedp.Navigate(s.base+"/?datePreset=7d"), waitVisible(`[data-testid="kpi-previous-views"]`))
	if got := textOf(t, ctx, "the previous window", `[data-testid="kpi-previous-views"]`, "not tracked yet"); strings.Contains(got, ": 0") {
		t.Errorf("the views KPI says %q", got)
	}
	textOf(t, ctx, "what moved the totals", `[data-testid="count-changes"]`, fmt.Sprintf("%d videos joined the count", o.CountChanges.Joined.Videos))
	if step, _ := strconv.Atoi(chartAttr(t, ctx, "Views gained", "xstep")); step < 24*3600 {
		t.Errorf("the 7-day chart has a tick every %d s, want a day or more", step)
	}
	if span := chartAttr(t, ctx, "Views gained", "xspan"); span != strconv.Itoa(7*24*3600) {
		t.Errorf("the 7-day chart spans %s s, want 7 whole days of bars", span)
	}

	// The video: its three scrapes of one hour are three points.
	s.api(cookie, "GET", "/videos/"+vid, &v)
	if len(v.Scrapes) < 3 || len(v.Hourly) >= len(v.Scrapes) {
		t.Fatalf("video: %d scrapes, %d hourly points; want the 3 scrapes of one hour", len(v.Scrapes), len(v.Hourly))
	}
	do(t, ctx, "the video", chromedp.Navigate(s.base+"/videos/"+vid), waitVisible(`[data-testid="video-gained24h"]`))
	if n := chartAttr(t, ctx, "Growth", "points"); n != strconv.Itoa(len(v.Scrapes)) {
		t.Errorf("the video's chart draws %s points, the API has %d scrapes", n, len(v.Scrapes))
	}
	if step, _ := strconv.Atoi(chartAttr(t, ctx, "Growth", "xstep")); step < 3600 {
		t.Errorf("the video's chart has a tick every %d s, want an hour or more", step)
	}
	absent(t, ctx, "the growth section's next-scrape note", `section[aria-labelledby="growth-title"] [data-testid="next-scrape"]`)

	// The account, by hour: the followers of its hour show, a value with
	// none beside it drawn as a point (a line has nothing to join it to).
	var an struct {
		Followers []struct {
			Followers *int64 `json:"followers"`
		} `json:"followersSeries"`
	}
	s.api(cookie, "GET", "/accounts/"+acc.ID+"/analytics?granularity=hour", &an)
	alone, values := 0, 0
	has := func(j int) bool { return j >= 0 && j < len(an.Followers) && an.Followers[j].Followers != nil }
	for i := range an.Followers {
		if has(i) {
			values++
			if !has(i-1) && !has(i+1) {
				alone++
			}
		}
	}
	if values == 0 {
		t.Fatal("the account's hourly followers series has no value")
	}
	do(t, ctx, "the account by hour", chromedp.Navigate(s.base+"/accounts/"+acc.ID+"?granularity=hour"), waitVisible(`[data-testid="account-followers"]`))
	if n := chartAttr(t, ctx, "Followers", "isolated"); n != strconv.Itoa(alone) {
		t.Errorf("the hourly followers chart draws %s values standing alone as points, the API's series has %d", n, alone)
	}

	// The reel with hidden likes: no rate, and why.
	do(t, ctx, "the reel", chromedp.Navigate(s.base+"/videos/"+hidden.String()), waitVisible(`[data-testid="video-engagement"]`))
	textOf(t, ctx, "the reel's engagement", `[data-testid="video-engagement"]`, "likes hidden")
	do(t, ctx, "the videos by engagement", chromedp.Navigate(s.base+"/videos?sort=engagement"), waitVisible(`[data-testid="row"]`))
	textOf(t, ctx, "the reel's row", `[data-testid="row"][data-id="`+hidden.String()+`"] [data-testid="engagement"]`, "likes hidden")
	// Other videos may lack a rate too (a post without likes); the rated
	// ones come first, so none follows the reel.
	var lastRow string
	eventually(t, "the reel among the videos without a rate", time.Minute, func() bool {
		return chromedp.Run(ctx, chromedp.Evaluate(`(() => { const rows = [...document.querySelectorAll('[data-testid="row"]')]; const i = rows.findIndex((r) => r.dataset.id === `+strconv.Quote(hidden.String())+`);
				return i >= 0 && rows.slice(i + 1).every((r) => r.querySelector('[data-testid="engagement"]').dataset.value === '') ? 'after the rated' : 'before a rated one' })()`, &lastRow)) == nil && lastRow != ""
	})
	if lastRow != "after the rated" {
		t.Errorf("sorted by engagement, the reel with hidden likes comes %s", lastRow)
	}

	// Insights: one of the account's videos without a publish time.
	untimed := list.Videos[1].ID
	pgExec(t, `UPDATE videos SET published_at = NULL, published_source = NULL WHERE id = $1`, untimed)
	recomputeInsights(t, s, ws.String(), time.Now())
	s.api(cookie, "GET", "/overview?datePreset=7d", &o)
	if o.InsightsStart == nil {
		t.Fatal("no insights start after the insights step")
	}
	do(t, ctx, "the overview after the insights", chromedp.Navigate(s.base+"/?datePreset=7d"), waitVisible(`[data-testid="spiking"]`))
	var state string
	eventually(t, "when scores start", time.Minute, func() bool {
		return chromedp.Run(ctx, chromedp.Evaluate(`(document.querySelector('[data-testid="insights-start"]') || {dataset: {}}).dataset.state || ''`, &state)) == nil && state != ""
	})
	if state != o.InsightsStart.Outliers {
		t.Errorf("the overview says scores are %q, the API %q", state, o.InsightsStart.Outliers)
	}
	want := map[string]string{"expected": "First scores expected", "waiting": "No scores yet", "scored": ""}[state]
	textOf(t, ctx, "when scores start", `[data-testid="insights-start"]`, want)

	do(t, ctx, "the video without a publish time", chromedp.Navigate(s.base+"/videos/"+untimed), waitVisible(`[data-testid="insight-outlier"][data-state="no_publish_time"]`))
	if got := textOf(t, ctx, "why it has no score", `[data-testid="insight-outlier"]`, "publish time"); strings.Contains(got, "own link") {
		t.Errorf("a video of an account without a publish time says %q", got)
	}
	do(t, ctx, "the videos' outliers", chromedp.Navigate(s.base+"/videos"), waitVisible(`[data-testid="row"]`))
	textOf(t, ctx, "the untimed video's outlier cell", `[data-testid="row"][data-id="`+untimed+`"] [data-testid="outlier"]`, "publish time unknown")
	// a video first seen after some ages: the age it is scored from
	for _, x := range list.Videos {
		s.api(cookie, "GET", "/videos/"+x.ID, &v)
		if v.Outlier.State != "no_early_views" || v.PublishedAt == nil {
			continue
		}
		words := "first seen after 30 d"
		if next := nextScoredAge(*v.PublishedAt); next != "" {
			words = "scored from " + next
		}
		textOf(t, ctx, "a late video's outlier cell", `[data-testid="row"][data-id="`+x.ID+`"] [data-testid="outlier"]`, words)
		break
	}
}
