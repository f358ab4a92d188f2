package e2e

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// TestFrontDoorAndDayOne: a visitor who opens the site sees what the
// product does, in light and dark, at desktop and phone width, and signs up
// from there; on the first day, with one scrape of each item, the overview,
// the video and the account say when the next scrape comes instead of
// drawing an empty chart; and a video with one point on its hour chart gets
// an axis of hours, not years.
func TestFrontDoorAndDayOne(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	ctx := openBrowser(t, 1440, 900)

	var backgrounds []string
	for _, sc := range []screen{{1440, 900, "light"}, {375, 812, "light"}, {1440, 900, "dark"}, {375, 812, "dark"}} {
		var lead string
		var wide int
		var bg string
		var signup, login bool
		do(t, ctx, "front door "+sc.file("landing"),
			emulation.SetDeviceMetricsOverride(sc.w, sc.h, 1, sc.w < 600),
			emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: sc.scheme}}),
			chromedp.Navigate(s.base+"/"),
			waitVisible(`[data-testid="landing-lead"]`),
			readText(`[data-testid="landing-lead"]`, &lead),
			chromedp.Evaluate(`document.documentElement.scrollWidth`, &wide),
			chromedp.Evaluate(`getComputedStyle(document.documentElement).backgroundColor`, &bg),
			chromedp.Evaluate(`!!document.querySelector('main a[href="/signup"]')`, &signup),
			chromedp.Evaluate(`!!document.querySelector('a[href="/login"]')`, &login),
		)
		for _, word := range []string{"views", "likes", "comments", "shares", "saves", "followers", "TikTok", "Instagram", "YouTube", "X", "schedule", "charts", "alerts", "exports", "server of your own"} {
			if !strings.Contains(lead, word) {
				t.Errorf("%s: the front door does not say %q: %q", sc.file("landing"), word, lead)
			}
		}
		if wide > int(sc.w) {
			t.Errorf("%s: the front door is %d px wide", sc.file("landing"), wide)
		}
		if !signup || !login {
			t.Errorf("%s: sign-up link %v, log-in link %v", sc.file("landing"), signup, login)
		}
		backgrounds = append(backgrounds, bg)
	}
	if backgrounds[0] == backgrounds[2] {
		t.Errorf("the front door has the same background (%s) in the light and the dark scheme", backgrounds[0])
	}

	// Sign up from the front door.
	do(t, ctx, "sign up from the front door",
		emulation.SetDeviceMetricsOverride(1440, 900, 1, false),
		emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}}),
		chromedp.Navigate(s.base+"/"),
		waitVisible(`[data-testid="landing-lead"]`),
		click(`//main//a[normalize-space()="Create an account"]`, chromedp.BySearch),
		waitVisible(`//h1[normalize-space()="Create your account"]`, chromedp.BySearch),
		typeInto(`input[name=email]`, "front-"+strconv.FormatInt(time.Now().UnixNano(), 10)+"@example.com"),
		typeInto(`input[name=password]`, password),
		click(`button[type=submit]`),
		waitVisible(`//h1[normalize-space()="Overview"]`, chromedp.BySearch),
	)
	cookie := sessionCookie(t, ctx, s.base)
	ws := s.workspace(cookie)

	// Day one: a video and an account, each scraped once.
	var vid, acc struct {
		ID string `json:"id"`
	}
	s.send(cookie, "POST", "/track", `{"url":"https://www.tiktok.com/@dayone.front/video/7301234567890123499"}`, &vid)
	s.send(cookie, "POST", "/track", `{"url":"https://www.tiktok.com/@dayone.account","tracking_limit":2}`, &acc)
	eventually(t, "the first scrapes", 5*time.Minute, func() bool {
		var a struct {
			Account struct {
				LastScrapedAt *string `json:"lastScrapedAt"`
			} `json:"account"`
		}
		var v struct {
			LastScrapedAt *string `json:"lastScrapedAt"`
		}
		s.api(cookie, "GET", "/videos/"+vid.ID, &v)
		s.api(cookie, "GET", "/accounts/"+acc.ID+"/analytics", &a)
		return v.LastScrapedAt != nil && a.Account.LastScrapedAt != nil
	})
	for _, p := range []string{"/", "/videos/" + vid.ID, "/accounts/" + acc.ID} {
		var said string
		var charts int
		do(t, ctx, "day one "+p,
			chromedp.Navigate(s.base+p),
			waitVisible(`[data-testid="next-scrape"]`),
			readText(`[data-testid="next-scrape"]`, &said),
			chromedp.Evaluate(`document.querySelectorAll('main .chart').length`, &charts),
		)
		if !strings.Contains(said, "Next scrape in about") || !strings.Contains(said, "growth shows after it") {
			t.Errorf("%s on day one says %q, want when the next scrape comes", p, said)
		}
		if p != "/accounts/"+acc.ID && charts > 0 {
			t.Errorf("%s on day one draws %d charts with nothing to show", p, charts)
		}
	}

	// A snapshot of 40 days ago: the hour chart (30 days) holds one point,
	// the day chart two. The hour chart's axis spans hours around it.
	w := ingest.NewSnapshotWriter(env.CH, 0, time.Now())
	views := uint64(10)
	if err := w.Add(context.Background(), ingest.Snapshot{
		WorkspaceID: uuid.MustParse(ws.ID), Platform: platform.TikTok, Kind: platform.Video, EntityID: uuid.MustParse(vid.ID),
		ScrapedAt: time.Now().UTC().Add(-40 * 24 * time.Hour), Metrics: ingest.Metrics{Views: &views},
	}); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := env.PG.Exec(context.Background(), `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws.ID); err != nil {
		t.Fatal(err)
	}
	var span string
	do(t, ctx, "one point on the hour chart",
		chromedp.Navigate(s.base+"/videos/"+vid.ID),
		waitVisible(`main .chart[data-drawn]`),
		readAttribute(`main .chart`, "data-xspan", &span, nil),
	)
	if sec, err := strconv.ParseFloat(span, 64); err != nil || sec <= 0 || sec > 2*24*3600 {
		t.Errorf("a one-point hour chart's axis spans %s s, want a few hours", span)
	}
}
