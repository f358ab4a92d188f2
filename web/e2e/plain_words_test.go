package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"
)

// urlField is the Track page's field for one link.
const urlField = `form[aria-label="Track a URL"] input[name=url]`

// TestTrackSaysWhyNextToTheField: a pasted text that is no link, a link
// with a typo and a TikTok link with a short id are refused next to the
// field, which is marked invalid, in plain words with the shape that
// works; a link that works clears the mark, and on a laptop's screen the
// results, below the fold, are scrolled into view with their heading
// focused.
func TestTrackSaysWhyNextToTheField(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, _ := signedUp(t, 1440, 900, "trackwords")
	do(t, ctx, "open Track", chromedp.Navigate(s.base+"/track"), waitVisible(urlField))

	for _, c := range []struct{ paste, says string }{
		{"not a link at all", "That isn't a link: paste the address of a TikTok, Instagram, YouTube or X video or profile."},
		{"https://www.tiktok.com/@someone/vidoe/7301234567890123456", "This TikTok link is not a video or an account: a video link looks like https://www.tiktok.com/@name/video/7301234567890123456"},
		{"https://www.tiktok.com/@someone/video/12345", "This TikTok link's video id is not valid: TikTok video ids are numbers of 18 or 19 digits"},
	} {
		var said, invalid, described string
		var ok bool
		// a click lost on a loaded machine is pressed again, as a user would
		shown := false
		for try := 0; try < 3 && !shown; try++ {
			tctx, cancel := context.WithTimeout(ctx, 20*time.Second)
			shown = chromedp.Run(tctx, typeInto(urlField, c.paste),
				click(`form[aria-label="Track a URL"] button[type=submit]`),
				waitVisible(`[data-testid=url-error]`)) == nil
			cancel()
		}
		if !shown {
			t.Fatalf("%q: no message next to the field after three presses", c.paste)
		}
		do(t, ctx, "read what "+c.paste+" says",
			readText(`[data-testid=url-error]`, &said),
			readAttribute(urlField, "aria-invalid", &invalid, &ok),
			readAttribute(urlField, "aria-describedby", &described, nil),
		)
		if !strings.HasPrefix(said, c.says) {
			t.Errorf("%q: the field says %q, want %q", c.paste, said, c.says)
		}
		if strings.Contains(said, "URL") || strings.HasPrefix(said, "The link:") {
			t.Errorf("%q: the field says %q, in the parser's words", c.paste, said)
		}
		if !ok || invalid != "true" || !strings.Contains(described, "url-error") {
			t.Errorf("%q: the field is not marked invalid (aria-invalid %q, aria-describedby %q)", c.paste, invalid, described)
		}
	}

	// A link that works: the mark goes, and the results, below the fold,
	// come into view.
	do(t, ctx, "type a video link", typeInto(urlField, "https://www.tiktok.com/@scroll.to/video/7301234567890123455"))
	absent(t, ctx, "the mark goes once the link changes", `[data-testid=url-error]`)
	do(t, ctx, "submit from the top of the page",
		chromedp.Evaluate(`window.scrollTo(0, 0)`, nil),
		click(`form[aria-label="Track a URL"] button[type=submit]`),
		waitReady(`[data-testid=results-heading]`))
	var below bool
	do(t, ctx, "where the results start",
		chromedp.Evaluate(`document.querySelector('[data-testid=results-heading]').getBoundingClientRect().top + window.scrollY > window.innerHeight`, &below))
	if !below {
		t.Error("the results start above the fold at 1440×900: the test no longer shows that they are brought into view")
	}
	eventually(t, "the results scrolled into view, their heading focused", time.Minute, func() bool {
		var ready bool
		_ = chromedp.Run(ctx, chromedp.Evaluate(`(() => {
			const h = document.querySelector('[data-testid=results-heading]')
			if (!h) return false
			const r = h.getBoundingClientRect()
			return document.activeElement === h && r.top >= 0 && r.bottom <= window.innerHeight
		})()`, &ready))
		return ready
	})
	var invalid bool
	do(t, ctx, "the field is no longer marked",
		waitVisible(`[data-testid=track-result][data-success="true"]`),
		chromedp.Evaluate(`document.querySelector(`+"`"+urlField+"`"+`).getAttribute('aria-invalid') === 'true'`, &invalid),
	)
	if invalid {
		t.Error("the field stays marked invalid after a link that works")
	}
}

// TestNextRefreshInTrueWords: each item's page says when it is next
// refreshed and why in words true for it: a video scraped once waits for
// its first-day refresh (not its "first scrape"), a video found through an
// account is refreshed with it, one beyond the account's limit is not
// refreshed and says which limit, a paused one says paused.
func TestNextRefreshInTrueWords(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 1440, 900, "nextwords")
	var acct, single struct {
		ID string `json:"id"`
	}
	s.send(cookie, "POST", "/track", `{"url": "https://www.tiktok.com/@next.words", "tracking_limit": 6}`, &acct)
	s.send(cookie, "POST", "/track", `{"url": "https://www.youtube.com/shorts/nextWords01"}`, &single)
	s.waitFirstScrapes(cookie, 4)
	s.send(cookie, "PATCH", "/accounts/"+acct.ID, `{"tracking_limit": 2}`, nil)
	var videos struct {
		Videos []struct {
			ID     string `json:"id"`
			Status string `json:"status"`
		} `json:"videos"`
	}
	s.api(cookie, "GET", "/videos?limit=100&status=beyond_limit", &videos)
	if len(videos.Videos) == 0 {
		t.Fatal("no video beyond the account's limit")
	}
	beyond := videos.Videos[0].ID
	s.api(cookie, "GET", "/videos?limit=100&platforms=tiktok", &videos)
	if len(videos.Videos) == 0 {
		t.Fatal("no tracked video of the account")
	}
	found := videos.Videos[0].ID
	// the single video published long ago, and not planned yet: its next
	// scrape is the first day's, not a young video's hourly one
	pgExec(t, `UPDATE videos SET published_at = now() - interval '60 days', refresh_reason = NULL, refresh_interval_secs = NULL,
		next_refresh_at = NULL WHERE id = $1`, single.ID)
	dataChanged(t, uuid.MustParse(s.workspace(cookie).ID))

	next := func(what, id string) string {
		t.Helper()
		var said string
		do(t, ctx, what,
			chromedp.Navigate(s.base+"/videos/"+id),
			waitVisible(`[data-testid=next-refresh]`),
			readText(`[data-testid=next-refresh]`, &said),
		)
		return said
	}
	if said := next("the video scraped once", single.ID); !strings.Contains(said, "· first-day refresh") || strings.Contains(said, "first scrape") {
		t.Errorf("a video scraped once says its next refresh is %q, want its first-day refresh", said)
	}
	if said := next("a video found through the account", found); !strings.Contains(said, "· with its account (") || strings.Contains(said, "first scrape") {
		t.Errorf("a video found through the account says %q, want it refreshed with its account", said)
	}
	if said := next("a video beyond the limit", beyond); said != "not refreshed: beyond the account's limit of 2 newest posts" {
		t.Errorf("a video beyond the limit says %q", said)
	}
	s.send(cookie, "POST", "/items/bulk", fmt.Sprintf(`{"action": "pause", "video_ids": [%q]}`, single.ID), nil)
	if said := next("a paused video", single.ID); said != "paused" {
		t.Errorf("a paused video says %q", said)
	}
}

// TestActivityNamesWhatWasDone: pausing videos and refreshing an account
// show in the activity log as what was done to what, not as a bare
// "Tracked items changed".
func TestActivityNamesWhatWasDone(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 1440, 900, "activitywords")
	var acct struct {
		ID string `json:"id"`
	}
	s.send(cookie, "POST", "/track", `{"url": "https://www.tiktok.com/@activity.words", "tracking_limit": 3}`, &acct)
	s.send(cookie, "POST", "/track/bulk", `{"urls": ["https://www.tiktok.com/@paused.one/video/7301234567890123411",
		"https://www.tiktok.com/@paused.two/video/7301234567890123412"]}`, nil)
	s.waitFirstScrapes(cookie, 5)
	var videos struct {
		Videos []struct {
			ID string `json:"id"`
		} `json:"videos"`
	}
	s.api(cookie, "GET", "/videos?individualOnly=true", &videos)
	if len(videos.Videos) != 2 {
		t.Fatalf("%d videos tracked by link, want 2", len(videos.Videos))
	}
	s.send(cookie, "POST", "/items/bulk", fmt.Sprintf(`{"action": "pause", "video_ids": [%q, %q]}`, videos.Videos[0].ID, videos.Videos[1].ID), nil)
	// the account's first scrape may still be closing: refresh it once it
	// is no longer waiting for one
	eventually(t, "the account refreshed", time.Minute, func() bool {
		var out struct{ Accounts int }
		s.send(cookie, "POST", "/items/bulk", fmt.Sprintf(`{"action": "refresh", "account_ids": [%q]}`, acct.ID), &out)
		return out.Accounts == 1
	})

	do(t, ctx, "open the activity log", chromedp.Navigate(s.base+"/team/activity"), waitVisible(`[data-testid=activity-entry]`))
	refreshed := textOf(t, ctx, "the refresh", `[data-testid=activity-entry][data-action=tracked_items_changed] .what`, "Refreshed")
	if !strings.HasPrefix(refreshed, "Refreshed @activity.words (TikTok)") {
		t.Errorf("the refresh reads %q", refreshed)
	}
	var paused string
	do(t, ctx, "the pause",
		chromedp.Evaluate(`[...document.querySelectorAll('[data-testid=activity-entry][data-action=tracked_items_changed] .what')].map(e => e.textContent).find(s => s.startsWith('Paused')) || ''`, &paused))
	if !strings.HasPrefix(paused, "Paused 2 videos: ") || !strings.Contains(paused, "TikTok video") ||
		!(strings.Contains(paused, "@paused.one") && strings.Contains(paused, "@paused.two")) {
		t.Errorf("the pause reads %q, want the 2 videos named", paused)
	}
	var bare int
	do(t, ctx, "no bare entry",
		chromedp.Evaluate(`[...document.querySelectorAll('[data-testid=activity-entry] .what')].filter(e => e.textContent.startsWith('Tracked items changed')).length`, &bare))
	if bare != 0 {
		t.Errorf("%d entries read a bare \"Tracked items changed\"", bare)
	}
}

// TestCollectionDeleteNamesItsRules: the delete question of a collection
// says nothing of alert rules when none is scoped to it, and it is
// deleted; a collection with a rule scoped to it is kept, the refusal
// says how many rules in proper words, and only then the page points to
// the alert rules.
func TestCollectionDeleteNamesItsRules(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 1440, 900, "colrules")
	plain := s.newCollection(cookie, "Plain")
	watched := s.newCollection(cookie, "Watched")
	s.send(cookie, "POST", "/alerts", fmt.Sprintf(`{"name": "Watched spikes", "metric": "views", "condition": "gain", "threshold": 1000,
		"windowHours": 6, "collectionId": %q}`, watched), nil)

	row := func(id string) string { return `tr[data-testid=row][data-id="` + id + `"]` }
	var question string
	do(t, ctx, "ask to delete Plain",
		chromedp.Navigate(s.base+"/collections"),
		waitVisible(row(plain)),
		click(row(plain)+` button[aria-label="Delete Plain"]`),
		waitVisible(`dialog[open] button.danger`),
		readText(`dialog[open]`, &question),
	)
	if strings.Contains(strings.ToLower(question), "alert rule") {
		t.Errorf("the delete question of a collection without rules speaks of alert rules: %q", question)
	}
	do(t, ctx, "delete Plain", click(`dialog[open] button.danger`))
	absent(t, ctx, "Plain is deleted", row(plain))

	do(t, ctx, "delete Watched",
		click(row(watched)+` button[aria-label="Delete Watched"]`),
		waitVisible(`dialog[open] button.danger`),
		click(`dialog[open] button.danger`),
		waitVisible(row(watched)+` [data-testid=rules-hint]`),
	)
	said := textOf(t, ctx, "the refusal", row(watched)+` .inline-error`, "alert rule")
	if !strings.Contains(said, "1 alert rule is scoped to this collection: delete it or change its scope first") || strings.Contains(said, "(s)") {
		t.Errorf("the refusal says %q", said)
	}
	var ids []string
	var list struct {
		Collections []struct{ ID string } `json:"collections"`
	}
	s.api(cookie, "GET", "/collections", &list)
	for _, c := range list.Collections {
		ids = append(ids, c.ID)
	}
	if len(ids) != 1 || ids[0] != watched {
		t.Errorf("collections %v after the refused delete, want Watched kept", ids)
	}
}
