package e2e

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestOrganiseOnItemPages organises what is tracked after the fact from the
// item pages: lowering an account's limit shows its older videos as beyond
// the limit and the account page says how many; the account moves into a
// collection with its videos; a video is paused, resumed and removed from
// its page, and leaves the lists.
func TestOrganiseOnItemPages(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 1440, 900, "organise")
	colID := s.newCollection(cookie, "Launch week")
	var acct struct {
		ID string `json:"id"`
	}
	s.send(cookie, "POST", "/track", `{"url": "https://www.tiktok.com/@organise.pages", "tracking_limit": 6}`, &acct)
	type accountRow struct {
		ID                string `json:"id"`
		TrackedVideos     int    `json:"trackedVideos"`
		VideosBeyondLimit int    `json:"videosBeyondLimit"`
	}
	var found int
	eventually(t, "the account's videos arrive", 5*time.Minute, func() bool {
		var list struct{ Accounts []accountRow }
		s.api(cookie, "GET", "/accounts", &list)
		for _, a := range list.Accounts {
			if a.ID == acct.ID {
				found = a.TrackedVideos
			}
		}
		return found >= 4
	})

	// lower the limit to 2 on the account page
	var tracking string
	var beyondRows int
	do(t, ctx, "lower the account's limit",
		chromedp.Navigate(s.base+"/accounts/"+acct.ID),
		waitVisible(`input[name=tracking_limit]`),
		setValue(`input[name=tracking_limit]`, ""),
		sendKeys(`input[name=tracking_limit]`, "2"),
		click(`form.limit-form button[type=submit]`),
		waitVisible(`//dd[@data-testid="tracking"][contains(., "beyond the limit")]`, chromedp.BySearch),
		readText(`[data-testid="tracking"]`, &tracking),
		chromedp.Evaluate(`[...document.querySelectorAll('tr[data-testid=row] .badge')].filter(b => b.textContent === 'Beyond limit').length`, &beyondRows),
	)
	// every video beyond the limit is marked: the account's own posts
	// past the two kept, and posts of others its feed listed that are
	// older than the oldest kept
	var analytics struct {
		Videos []struct{ Status string } `json:"videos"`
	}
	s.api(cookie, "GET", "/accounts/"+acct.ID+"/analytics", &analytics)
	beyond := 0
	for _, v := range analytics.Videos {
		if v.Status == "beyond_limit" {
			beyond++
		}
	}
	if !strings.Contains(tracking, "2 tracked") || beyondRows != beyond || beyond < found-2 {
		t.Errorf("after lowering the limit to 2 of %d videos the page says %q and marks %d rows beyond the limit, want %d", found, tracking, beyondRows, beyond)
	}
	var videos struct{ Total int }
	s.api(cookie, "GET", "/videos", &videos)
	if videos.Total != 2 {
		t.Errorf("the Videos list counts %d after lowering the limit to 2", videos.Total)
	}

	// move the account into the collection: its tracked videos follow
	var said string
	do(t, ctx, "move the account",
		setValue(`.account-side select`, colID),
		click(`.account-side [data-testid=move]`),
		waitVisible(`.account-side .organise-done`),
		readText(`.account-side .organise-done`, &said),
	)
	// the message says which of the videos that moved with it count
	if !strings.HasPrefix(said, "Moved 1 account and ") || !strings.Contains(said, "(2 counted; ") ||
		!strings.Contains(said, "beyond the account's tracking limit, not counted") {
		t.Errorf("moving the account says %q, want its videos told apart: 2 counted, the others beyond its tracking limit", said)
	}
	s.api(cookie, "GET", "/videos?collectionId="+colID, &videos)
	if videos.Total != 2 {
		t.Errorf("the collection holds %d videos after moving the account, want its 2 tracked", videos.Total)
	}

	// pause, resume and remove one of its tracked videos from its page
	var list struct {
		Videos []struct{ ID string }
	}
	s.api(cookie, "GET", "/videos", &list)
	if len(list.Videos) == 0 {
		t.Fatal("no video listed")
	}
	id := list.Videos[0].ID
	var badge string
	do(t, ctx, "pause a video",
		chromedp.Navigate(s.base+"/videos/"+id),
		waitVisible(`[data-testid=bulk-pause]`),
		click(`[data-testid=bulk-pause]`),
		waitVisible(`[data-testid=bulk-resume]`),
		readText(`.facts .badge[class*=status-]`, &badge),
	)
	if badge != "Paused" {
		t.Errorf("a paused video's status reads %q", badge)
	}
	do(t, ctx, "resume it",
		click(`[data-testid=bulk-resume]`),
		waitVisible(`[data-testid=bulk-pause]`),
	)
	do(t, ctx, "remove it",
		click(`[data-testid=bulk-remove]`),
		waitVisible(`dialog[open] button.danger`),
		click(`dialog[open] button.danger`),
		waitVisible(`//h1[normalize-space()="Videos"]`, chromedp.BySearch),
	)
	s.api(cookie, "GET", "/videos", &videos)
	if videos.Total != 1 {
		t.Errorf("after removing a video the list counts %d, want 1", videos.Total)
	}
}

// TestOrganiseFromLists selects rows of the Videos and Accounts lists and
// acts on them at once: two videos move into a collection, the whole page
// pauses and shows under the Paused status, an account is refreshed now.
func TestOrganiseFromLists(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 1440, 900, "bulk")
	colID := s.newCollection(cookie, "Picked")
	s.send(cookie, "POST", "/track/bulk", `{"urls":[
		"https://www.tiktok.com/@bulklist/video/7301234567890120001",
		"https://www.tiktok.com/@bulklist/video/7301234567890120002",
		"https://www.instagram.com/reel/BulkList003/",
		"https://www.youtube.com/shorts/bulkList004",
		"https://www.instagram.com/bulk.list.account/"]}`, nil)
	var videos struct {
		Total  int
		Videos []struct{ ID string }
	}
	eventually(t, "the videos arrive", 5*time.Minute, func() bool {
		s.api(cookie, "GET", "/videos", &videos)
		return videos.Total >= 6
	})

	var count, done string
	do(t, ctx, "move two videos",
		chromedp.Navigate(s.base+"/videos"),
		waitVisible(`tr[data-testid=row] .select-box`),
		click(`tr[data-testid=row]:nth-child(1) .select-box`),
		click(`tr[data-testid=row]:nth-child(2) .select-box`),
		readText(`[data-testid=bulk-count]`, &count),
		setValue(`[data-testid=bulk-bar] select`, colID),
		click(`[data-testid=bulk-bar] [data-testid=move]`),
		waitVisible(`[data-testid=bulk-done]`),
		readText(`[data-testid=bulk-done]`, &done),
	)
	if count != "2 videos selected" || !strings.HasPrefix(done, "Moved 2 videos") {
		t.Errorf("the bar said %q, then %q", count, done)
	}
	var in struct{ Total int }
	s.api(cookie, "GET", "/videos?collectionId="+colID, &in)
	if in.Total != 2 {
		t.Errorf("%d videos in the collection after moving two", in.Total)
	}

	do(t, ctx, "pause the page",
		click(`thead .select-box`),
		waitVisible(`[data-testid=bulk-pause]`),
		click(`[data-testid=bulk-pause]`),
		waitVisible(`[data-testid=bulk-done]`),
		readText(`[data-testid=bulk-done]`, &done),
		setValue(`select[name=status]`, "paused"),
		waitVisible(`//strong[@data-testid="videos-total"][@data-value="`+itoa(videos.Total)+`"]`, chromedp.BySearch),
	)
	if !strings.HasPrefix(done, "Paused "+itoa(videos.Total)+" videos") {
		t.Errorf("pausing the page said %q", done)
	}
	var paused struct{ Total int }
	s.api(cookie, "GET", "/videos?status=paused", &paused)
	if paused.Total != videos.Total {
		t.Errorf("%d videos paused, want %d", paused.Total, videos.Total)
	}

	var wide bool
	do(t, ctx, "refresh an account now",
		chromedp.Navigate(s.base+"/accounts"),
		waitVisible(`tr[data-testid=row] .select-box`),
		chromedp.Evaluate(`[...document.querySelectorAll('.table-wrap')].some(w => w.scrollWidth > w.clientWidth + 1) || document.documentElement.scrollWidth > window.innerWidth`, &wide),
		click(`tr[data-testid=row] .select-box`),
		click(`[data-testid=bulk-bar] [data-testid=refresh-now]`),
		waitVisible(`[data-testid=bulk-done]`),
		readText(`[data-testid=bulk-done]`, &done),
	)
	if wide {
		t.Error("at 1440 px the accounts table, with its selection column, scrolls sideways")
	}
	if !strings.HasPrefix(done, "Refreshing 1 account") || !strings.Contains(done, "refreshes left today") {
		t.Errorf("refreshing an account said %q", done)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
