package e2e

import (
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestWatchesPage: the owner watches a TikTok hashtag from the Watches
// page, its cost shown before saving; once the refresh ran it, its posts
// wait in the inbox with why they matched; the owner dismisses one, which
// leaves the new posts for the dismissed ones. The watch's tracker counts
// every post it found, the dismissed one too, as the API does.
func TestWatchesPage(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 1280, 900, "watches")
	do(t, ctx, "watch a hashtag",
		chromedp.Navigate(s.base+"/watches"),
		waitVisible(`[data-testid=watch-cost]`),
		chromedp.SendKeys(`.watch-form input[name=term]`, "#GlowLab"),
		click(`[data-testid=watch-save]`),
		waitVisible(`tr[data-testid=watch]`),
	)
	textOf(t, ctx, "the watch", `tr[data-testid=watch]`, "#glowlab")
	textOf(t, ctx, "its cost", `[data-testid=watch-cost]`, "30 posts a run, 30 a day")
	labelled(t, ctx)
	s.cron("/cron/refresh")
	eventually(t, "the watch's posts", 2*time.Minute, func() bool {
		var c struct{ Total int }
		s.api(cookie, "GET", "/captures", &c)
		return c.Total > 0
	})
	row := `tr[data-testid=capture][data-status=new]`
	do(t, ctx, "the inbox",
		chromedp.Navigate(s.base+"/watches"),
		waitVisible(row),
	)
	textOf(t, ctx, "why it matched", row+` [data-testid=capture-why]`, "the caption has #glowlab")
	var before int
	do(t, ctx, "count the posts", chromedp.Evaluate(`document.querySelectorAll('tr[data-testid=capture]').length`, &before))
	do(t, ctx, "dismiss one",
		click(row+` input[type=checkbox]`),
		click(`[data-testid=capture-dismiss]`),
	)
	eventually(t, "one post dismissed", time.Minute, func() bool {
		var c struct {
			Counts struct{ Dismissed int }
		}
		s.api(cookie, "GET", "/captures", &c)
		return c.Counts.Dismissed == 1
	})
	do(t, ctx, "the dismissed posts",
		chromedp.Navigate(s.base+"/watches?status=dismissed"),
		waitVisible(`tr[data-testid=capture][data-status=dismissed]`),
	)

	var watches struct {
		Watches []struct{ ID string }
	}
	s.api(cookie, "GET", "/watches", &watches)
	var tracker struct{ Posts, Accounts int }
	s.api(cookie, "GET", "/watches/"+watches.Watches[0].ID+"/tracker", &tracker)
	do(t, ctx, "the tracker",
		click(`tr[data-testid=watch] a`),
		waitVisible(`[data-testid=kpi-posts]`),
		waitVisible(`[data-testid=tracker-accounts] tbody tr`),
	)
	do(t, ctx, "the tracker's figures as the API's",
		waitVisible(`[data-testid=kpi-posts][data-value="`+strconv.Itoa(tracker.Posts)+`"]`),
		waitVisible(`[data-testid=kpi-accounts][data-value="`+strconv.Itoa(tracker.Accounts)+`"]`),
	)
	textOf(t, ctx, "TikTok's own count", `[data-testid="kpi-tiktok’s count"]`, "round")
	labelled(t, ctx)
}
