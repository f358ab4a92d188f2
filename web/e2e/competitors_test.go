package e2e

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestCompetitorsPage: the owner tracks a competitor from the Competitors
// page; once scraped it shows beside the workspace's own, with the API's
// figures, and the overview's videos do not move.
func TestCompetitorsPage(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 1280, 900, "competitors")
	var overview struct{ Totals struct{ Videos int } }
	s.api(cookie, "GET", "/overview?datePreset=all", &overview)
	do(t, ctx, "track a competitor",
		chromedp.Navigate(s.base+"/competitors"),
		waitVisible(`.watch-form input[name=url]`),
		chromedp.SendKeys(`.watch-form input[name=url]`, "https://www.tiktok.com/@rivalbrand"),
		click(`[data-testid=competitor-save]`),
		waitVisible(`tr[data-testid=competitor]`),
	)
	var cmp struct {
		Competitors []struct {
			AverageViews *float64
		}
	}
	eventually(t, "the competitor's first scrape", 2*time.Minute, func() bool {
		s.api(cookie, "GET", "/competitors", &cmp)
		return len(cmp.Competitors) == 1 && cmp.Competitors[0].AverageViews != nil
	})
	do(t, ctx, "its figures as the API's",
		chromedp.Reload(),
		waitVisible(`tr[data-testid=competitor] [data-testid=average-views][data-value="`+strconv.FormatFloat(*cmp.Competitors[0].AverageViews, 'f', -1, 64)+`"]`),
	)
	textOf(t, ctx, "the competitor", `tr[data-testid=competitor]`, "@rivalbrand")
	var series struct {
		Own         []int64
		Competitors []struct{ Gained []int64 }
	}
	s.api(cookie, "GET", "/competitors/series?days=30", &series)
	var own int64
	for _, x := range series.Own {
		own += x
	}
	do(t, ctx, "the views gained beside the competitor's", waitVisible(`[data-testid=versus-chart][data-own="`+strconv.FormatInt(own, 10)+`"]`))
	labelled(t, ctx)
	do(t, ctx, "its panel",
		click(`tr[data-testid=competitor] a`),
		waitVisible(`[data-testid=competitor-note]`),
		waitVisible(`[data-testid=account-total-views]`),
	)
	textOf(t, ctx, "its videos link to the platform", `table [data-testid=row] a.caption`, "")
	var href string
	do(t, ctx, "a video's link", chromedp.AttributeValue(`table [data-testid=row] a.caption`, "href", &href, nil))
	if !strings.HasPrefix(href, "https://www.tiktok.com/@rivalbrand/video/") {
		t.Fatalf("a competitor's video links to %q", href)
	}
	var after struct{ Totals struct{ Videos int } }
	s.api(cookie, "GET", "/overview?datePreset=all", &after)
	if after.Totals.Videos != overview.Totals.Videos {
		t.Fatalf("the overview's videos went from %d to %d with a competitor", overview.Totals.Videos, after.Totals.Videos)
	}
}
