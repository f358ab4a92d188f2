package e2e

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/platform"
)

var screenshots = flag.String("screenshots", "", "write a PNG of every page at 1440×900 and 375×812, light and dark, into this folder (make screenshots)")

// TestScreenshots fills a workspace the way a team would (plans, videos on
// every platform, accounts, a collection, an alert rule, a teammate, a
// month of history) and writes a full-page PNG of every page at desktop
// and phone size, in the light and the dark scheme, so the dashboard can
// be reviewed without a browser. It
// runs with -screenshots=<folder> only (`make screenshots`).
func TestScreenshots(t *testing.T) {
	if *screenshots == "" {
		t.Skip("run with -screenshots=<folder> (make screenshots)")
	}
	dir, err := filepath.Abs(*screenshots)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	s, ctx, email, cookie := signedUp(t, 1440, 900, "screens")
	ws := s.subscribe(cookie, "year", "screens")

	colID := s.newCollection(cookie, "Spring campaign")
	s.send(cookie, "POST", "/track/bulk", `{"collection_id":"`+colID+`","urls":[
		"https://www.tiktok.com/@glowlab/video/7301234567890123456",
		"https://www.tiktok.com/@glowlab/video/7301234567890123457",
		"https://www.instagram.com/reel/C1a2B3c4D5e/",
		"https://www.youtube.com/shorts/dQw4w9WgXcQ",
		"https://x.com/glowlab/status/1790000000000000000"]}`, nil)
	s.send(cookie, "POST", "/track/bulk", `{"urls":[
		"https://www.tiktok.com/@streetfood.daily",
		"https://www.instagram.com/urban.sketchers/",
		"https://www.tiktok.com/@fitwithmara/video/7309876543210987654",
		"https://www.youtube.com/shorts/abcdEFGhijk"]}`, nil)
	var list videoList
	s.waitFirstScrapes(cookie, 10)
	s.api(cookie, "GET", "/videos?limit=500", &list)
	spiking := seedHistory(t, s, cookie, ws.ID)
	recomputeInsights(t, s, ws.ID, time.Now())
	s.send(cookie, "POST", "/alerts", `{"name":"TikTok going viral","platform":"tiktok","metric":"views","condition":"gain","threshold":1000,"windowHours":24}`, nil)
	s.send(cookie, "POST", "/alerts", `{"name":"Outliers at 3×","eventType":"video.outlier","threshold":3}`, nil)
	s.send(cookie, "POST", "/alerts", `{"name":"Campaign engagement","collectionId":"`+colID+`","metric":"likes","condition":"growth_pct","threshold":25,"windowHours":48,"enabled":false}`, nil)
	s.cron("/cron/alerts")
	s.send(cookie, "POST", "/workspace/team", `{"email":"ben-`+email+`","role":"admin"}`, nil)
	invite := s.link("ben-"+email, "/invite")
	// a client viewer of the collection, shown its campaign's payouts
	clientEmail := "client-" + email
	s.send(cookie, "POST", "/workspace/team", `{"email":"`+clientEmail+`","role":"client","clientCollections":["`+colID+`"],"clientPayouts":true}`, nil)

	each := func(shot func(size screen)) {
		for _, scheme := range []string{"light", "dark"} {
			for _, size := range []struct{ w, h int64 }{{1440, 900}, {375, 812}} {
				shot(screen{w: size.w, h: size.h, scheme: scheme})
			}
		}
	}
	// Before the address is verified: the shell's banner, the settings'
	// state; then the e-mailed link verifies it for the other pages.
	each(func(sc screen) {
		shoot(t, ctx, s.base+"/settings", filepath.Join(dir, sc.file("settings-unverified")), sc)
	})
	s.send(cookie, "POST", "/auth/verify-email", `{"token":"`+strings.TrimPrefix(s.link(email, "/verify-email"), "/verify-email?token=")+`"}`, nil)

	var accounts struct {
		Accounts []account `json:"accounts"`
	}
	s.api(cookie, "GET", "/accounts", &accounts)
	pages := map[string]string{
		"overview":                 "/?datePreset=30d",
		"overview-24h":             "/?datePreset=24h",
		"overview-by-publish-date": "/?datePreset=90d&chart=published",
		"overview-range":           "/?from=" + time.Now().UTC().AddDate(0, 0, -20).Format(time.DateOnly) + "&to=" + time.Now().UTC().AddDate(0, 0, -6).Format(time.DateOnly),
		"videos":                   "/videos",
		"video":                    "/videos/" + list.Videos[0].ID,
		"video-spiking":            "/videos/" + spiking,
		"videos-outlier":           "/videos?sort=outlier",
		"accounts":                 "/accounts",
		"track":                    "/track",
		"collections":              "/collections",
		"alerts":                   "/alerts",
		"export":                   "/export",
		"reports":                  "/reports",
		"team":                     "/team",
		"team-activity":            "/team/activity",
		"billing":                  "/billing",
		"settings":                 "/settings",
		"health":                   "/health",
		"agency":                   "/agency",
	}
	// posts that are not simply the account's own, and publish times from
	// the post's id or unknown, before the campaign reads them
	if repost := seedKinds(t, ws.ID, accounts.Accounts, spiking); repost != "" {
		pages["videos-reposts"] = "/videos?kind=repost"
		pages["video-repost"] = "/videos/" + repost
	}
	// a campaign over the collection, paying its creators
	seedCampaign(t, s, cookie, colID, accounts.Accounts)
	// and a campaign ended by deleting its collection: its ledger is kept
	endedID := s.newCollection(cookie, "Winter teaser")
	s.send(cookie, "POST", "/track", `{"url":"https://www.tiktok.com/@glowlab/video/7301234567890123458","collection_id":"`+endedID+`"}`, nil)
	s.create(cookie, "/campaigns", `{"collectionId":"`+endedID+`","currency":"EUR","startsAt":"2023-01-01T00:00:00Z","budget":80000,"period":"weekly",
		"rules":{"tiers":[{"fromViews":0,"cpm":180}],"windowHours":168}}`, nil)
	s.sendWant(cookie, "DELETE", "/collections/"+endedID, "", 204, nil)
	pages["campaign-ended"] = "/campaigns/" + endedID
	pages["campaigns"] = "/campaigns"
	pages["campaign"] = "/campaigns/" + colID
	pages["campaign-held"] = "/campaigns/" + colID + "?status=held"
	pages["creators"] = "/creators"
	// the campaign takes its creators' posts
	s.send(cookie, "PATCH", "/campaigns/"+colID, `{"submissions":"review","requiredHashtags":["glowlab"],"requiredMentions":["glowlab"]}`, nil)
	// its creators are paid by PayPal: the approved lines make batches, the
	// first of which is sent with the workspace's PayPal sandbox app (on the
	// site's PayPal stand-in)
	if _, err := env.PG.Exec(context.Background(), `
		UPDATE creators SET payout_method = 'paypal', payout_email = lower(split_part(name, ' ', 1)) || '.payouts@example.com'
		WHERE workspace_id = (SELECT workspace_id FROM collections WHERE id = $1)`, colID); err != nil {
		t.Fatal(err)
	}
	var made struct {
		BatchIDs []string `json:"batchIds"`
	}
	s.send(cookie, "POST", "/payouts/batches", `{}`, &made)
	s.send(cookie, "PUT", "/payouts/paypal", `{"clientId":"glowlab-payouts-sandbox","secret":"sandbox-secret","sandbox":true}`, nil)
	if len(made.BatchIDs) > 0 {
		s.send(cookie, "POST", "/payouts/batches/"+made.BatchIDs[0]+"/send", `{}`, nil)
	}
	pages["payouts"] = "/payouts?status=any"
	// a watch of the brand's hashtag, run once: its posts wait in the inbox
	var watch struct {
		ID string `json:"id"`
	}
	s.create(cookie, "/watches", `{"platform":"tiktok","kind":"hashtag","term":"glowlab","results":12,"intervalHours":12,"autoCreators":true}`, &watch)
	s.cron("/cron/refresh")
	eventually(t, "the watch's posts", 2*time.Minute, func() bool {
		var c struct{ Total int }
		s.api(cookie, "GET", "/captures", &c)
		return c.Total > 0
	})
	pages["watches"] = "/watches"
	pages["watch-tracker"] = "/watches/" + watch.ID
	// a competitor beside the brand's own accounts
	s.create(cookie, "/competitors", `{"url":"https://www.tiktok.com/@rivalglow","trackingLimit":12}`, nil)
	eventually(t, "the competitor's first scrape", 2*time.Minute, func() bool {
		var c struct {
			Competitors []struct{ LastScrapedAt *string }
		}
		s.api(cookie, "GET", "/competitors", &c)
		return len(c.Competitors) == 1 && c.Competitors[0].LastScrapedAt != nil
	})
	pages["competitors"] = "/competitors"
	// the campaign's top creator is invited to the creator portal
	var page struct {
		Creators []struct {
			Payee struct {
				Kind string `json:"kind"`
				ID   string `json:"id"`
			} `json:"payee"`
		} `json:"creators"`
	}
	s.api(cookie, "GET", "/campaigns/"+colID, &page)
	creatorEmail := "rosa-" + email
	for _, c := range page.Creators {
		if c.Payee.Kind == "creator" {
			s.send(cookie, "POST", "/creators/"+c.Payee.ID+"/invite", `{"email":"`+creatorEmail+`"}`, nil)
			break
		}
	}
	// where events go: a Slack channel and a webhook, a milestone rule to
	// Slack, an API key, and a client's share link of the campaign
	var slack struct {
		ID string `json:"id"`
	}
	s.sendWant(cookie, "POST", "/channels", `{"kind":"slack","name":"#growth","url":"https://hooks.slack.com/services/T0000/B0000/XXXXXXXXXXXX"}`, 201, &slack)
	s.sendWant(cookie, "POST", "/channels", `{"kind":"webhook","name":"CRM sync","url":"https://crm.example.com/hooks/reeltrack"}`, 201, nil)
	s.send(cookie, "POST", "/alerts", `{"name":"Milestones to Slack","eventType":"video.milestone","email":false,"channelIds":["`+slack.ID+`"]}`, nil)
	s.sendWant(cookie, "POST", "/api-keys", `{"name":"Looker sync","scope":"read"}`, 201, nil)
	var share struct {
		URL string `json:"url"`
	}
	s.sendWant(cookie, "POST", "/share-links", `{"name":"Client report","collectionId":"`+colID+`","includePayouts":true}`, 201, &share)
	pages["channels"] = "/channels"
	pages["team-api-keys"] = "/team/api-keys"
	if i := strings.Index(share.URL, "/s/"); i >= 0 {
		pages["shared"] = share.URL[i:]
	}
	// two videos paused and resumed: the activity log names them
	var two struct {
		Videos []struct {
			ID string `json:"id"`
		} `json:"videos"`
	}
	s.api(cookie, "GET", "/videos?limit=2", &two)
	if len(two.Videos) == 2 {
		ids := `["` + two.Videos[0].ID + `","` + two.Videos[1].ID + `"]`
		s.send(cookie, "POST", "/items/bulk", `{"action":"pause","video_ids":`+ids+`}`, nil)
		s.send(cookie, "POST", "/items/bulk", `{"action":"resume","video_ids":`+ids+`}`, nil)
	}
	if len(accounts.Accounts) > 0 {
		// a lowered limit: the account's older videos show beyond it
		s.send(cookie, "PATCH", "/accounts/"+accounts.Accounts[0].ID, `{"tracking_limit": 24}`, nil)
		pages["account"] = "/accounts/" + accounts.Accounts[0].ID
		pages["account-hourly"] = "/accounts/" + accounts.Accounts[0].ID + "?granularity=hour"
		pages["videos-beyond-limit"] = "/videos?status=beyond_limit"
	}
	each(func(sc screen) {
		for name, path := range pages {
			shoot(t, ctx, s.base+path, filepath.Join(dir, sc.file(name)), sc)
		}
		// deleting a campaign's collection ends the campaign: the dialog says so
		shoot(t, ctx, s.base+"/collections", filepath.Join(dir, sc.file("collections-end-campaign")), sc,
			click(`button[aria-label="Delete Spring campaign"]`),
			waitVisible(`[data-testid=end-campaign] [data-testid=end-budget]`))
		// a refused link: the field says why, in plain words
		shoot(t, ctx, s.base+"/track", filepath.Join(dir, sc.file("track-refused")), sc,
			waitVisible(urlField),
			typeInto(urlField, "https://www.tiktok.com/@glowlab/video/12345"),
			click(`form[aria-label="Track a URL"] button[type=submit]`),
			waitVisible(`[data-testid=url-error]`),
			chromedp.Evaluate(`window.scrollTo(0, 0)`, nil))
		// the page keeps what was typed for the tab: empty it for the next shots
		do(t, ctx, "empty the Track form", chromedp.Navigate(s.base+"/track"), waitVisible(urlField), typeInto(urlField, ""))
	})
	// Signed in as someone else than the invited address: the invite says so.
	each(func(sc screen) {
		shoot(t, ctx, s.base+invite, filepath.Join(dir, sc.file("invite-other-address")), sc)
	})
	// Logged out: the log-in and sign-up pages, and the pages of e-mailed
	// links. Each verification link works once: every shot gets its own.
	if got := s.status("POST", "/auth/password/forgot", `{"email":"`+email+`"}`); got != 202 {
		t.Fatalf("forgot password: %d", got)
	}
	reset := s.link(email, "/reset-password")
	do(t, ctx, "log out", chromedp.Navigate(s.base+"/settings"), waitVisible(`main h1`), click(`//button[normalize-space()="Log out"]`, chromedp.BySearch), waitVisible(`input[name=email]`))
	each(func(sc screen) {
		shoot(t, ctx, s.base+"/", filepath.Join(dir, sc.file("landing")), sc)
		shoot(t, ctx, s.base+"/pricing", filepath.Join(dir, sc.file("pricing")), sc)
		shoot(t, ctx, s.base+"/login", filepath.Join(dir, sc.file("login")), sc)
		shoot(t, ctx, s.base+"/signup", filepath.Join(dir, sc.file("signup")), sc)
		shoot(t, ctx, s.base+invite, filepath.Join(dir, sc.file("invite")), sc)
		shoot(t, ctx, s.base+"/invite?token=expired", filepath.Join(dir, sc.file("invite-invalid")), sc)
		shoot(t, ctx, s.base+"/verify-email?token="+verifyToken(t, email), filepath.Join(dir, sc.file("verify-email")), sc)
		shoot(t, ctx, s.base+"/verify-email?token=used", filepath.Join(dir, sc.file("verify-email-invalid")), sc)
		shoot(t, ctx, s.base+"/forgot-password?email="+email, filepath.Join(dir, sc.file("forgot-password")), sc)
		shoot(t, ctx, s.base+reset, filepath.Join(dir, sc.file("reset-password")), sc)
	})

	// The creator portal, as the invited creator sees it once signed up
	// and in.
	do(t, ctx, "the creator signs up",
		chromedp.Navigate(s.base+"/signup"),
		waitVisible(`input[name=email]`),
		sendKeys(`input[name=email]`, creatorEmail),
		sendKeys(`input[name=password]`, password),
		click(`button[type=submit]`),
		waitVisible(`//h1[normalize-space()="Overview"]`, chromedp.BySearch))
	creatorCookie := sessionCookie(t, ctx, s.base)
	s.send(creatorCookie, "POST", "/auth/verify-email", `{"token":"`+strings.TrimPrefix(s.link(creatorEmail, "/verify-email"), "/verify-email?token=")+`"}`, nil)
	s.send(creatorCookie, "POST", "/invites/accept", `{"token":"`+strings.TrimPrefix(s.link(creatorEmail, "/invite"), "/invite?token=")+`"}`, nil)
	each(func(sc screen) {
		shoot(t, ctx, s.base+"/", filepath.Join(dir, sc.file("creator-portal")), sc, waitVisible(`[data-testid=portal-campaign]`))
		shoot(t, ctx, s.base+"/portal/campaigns/"+colID, filepath.Join(dir, sc.file("creator-posts")), sc, waitVisible(`[data-testid=portal-posts]`))
	})
	// it submits posts: one counted already, one on a platform the campaign
	// does not pay, one of another account
	s.send(creatorCookie, "POST", "/creator/campaigns/"+colID+"/submissions", `{"urls":[
		"https://www.tiktok.com/@dayone.screens/video/7301234567890123479",
		"https://x.com/glowlab/status/1729171300111671296",
		"https://www.youtube.com/shorts/aBcDeFgHiJk",
		"https://www.tiktok.com/@glowlab/video/7301234567890123458"]}`, nil)
	eventually(t, "the submissions' checks", 2*time.Minute, func() bool {
		var l struct {
			Counts struct {
				Checking int `json:"checking"`
			} `json:"counts"`
		}
		s.api(creatorCookie, "GET", "/creator/campaigns/"+colID+"/submissions", &l)
		return l.Counts.Checking == 0
	})
	each(func(sc screen) {
		shoot(t, ctx, s.base+"/portal/campaigns/"+colID+"/submissions", filepath.Join(dir, sc.file("creator-submissions")), sc, waitVisible(`[data-testid=portal-submissions]`))
	})
	do(t, ctx, "the creator logs out", click(`//button[normalize-space()="Log out"]`, chromedp.BySearch), waitVisible(`input[name=email]`))
	// The client viewer, once signed up and in: the numbers of its
	// collection and its campaign, read only.
	shootClientViewer(t, s, ctx, clientEmail, colID, dir, each)
	// the owner's inbox of them
	logIn(t, ctx, s.base, email, password)
	each(func(sc screen) {
		shoot(t, ctx, s.base+"/campaigns/"+colID+"/submissions?status=any", filepath.Join(dir, sc.file("campaign-submissions")), sc, waitVisible(`[data-testid=inbox]`))
	})
	// the workspace made an agency's, with a client workspace
	shootAgency(t, s, ctx, ws.ID, dir, each)
	do(t, ctx, "the owner logs out", chromedp.Navigate(s.base+"/settings"), waitVisible(`main h1`), click(`//button[normalize-space()="Log out"]`, chromedp.BySearch), waitVisible(`input[name=email]`))

	// Day one: a new workspace whose video and account were scraped once,
	// where the pages say when the next scrape comes.
	s.signUp(ctx, "dayone")
	fresh := sessionCookie(t, ctx, s.base)
	var vid, acc struct {
		ID string `json:"id"`
	}
	s.send(fresh, "POST", "/track", `{"url":"https://www.tiktok.com/@dayone.screens/video/7301234567890123477"}`, &vid)
	s.send(fresh, "POST", "/track", `{"url":"https://www.tiktok.com/@dayone.screens","tracking_limit":5}`, &acc)
	eventually(t, "the day-one scrapes", 5*time.Minute, func() bool {
		var v struct {
			LastScrapedAt *string `json:"lastScrapedAt"`
		}
		var a struct {
			Account struct {
				LastScrapedAt *string `json:"lastScrapedAt"`
			} `json:"account"`
		}
		s.api(fresh, "GET", "/videos/"+vid.ID, &v)
		s.api(fresh, "GET", "/accounts/"+acc.ID+"/analytics", &a)
		return v.LastScrapedAt != nil && a.Account.LastScrapedAt != nil
	})
	each(func(sc screen) {
		shoot(t, ctx, s.base+"/", filepath.Join(dir, sc.file("overview-day-one")), sc)
		shoot(t, ctx, s.base+"/videos/"+vid.ID, filepath.Join(dir, sc.file("video-day-one")), sc)
		shoot(t, ctx, s.base+"/accounts/"+acc.ID, filepath.Join(dir, sc.file("account-day-one")), sc)
		shoot(t, ctx, s.base+"/billing", filepath.Join(dir, sc.file("billing-trial")), sc)
	})

	// The provider runs out of credit and the day-one workspace waits three
	// hours for its scrapes: the banner on every page, and the Health page.
	freezeProvider(t, s)
	waitThreeHours(t, s.workspace(fresh).ID)
	eventually(t, "the refresh queues the overdue items, which wait", time.Minute, func() bool {
		var h struct {
			Queue struct {
				Waiting int `json:"waiting"`
			} `json:"queue"`
		}
		s.api(fresh, "GET", "/workspace/health", &h)
		return h.Queue.Waiting > 0
	})
	each(func(sc screen) {
		shoot(t, ctx, s.base+"/health", filepath.Join(dir, sc.file("health-stopped")), sc, waitVisible(`[data-testid=health-stopped]`))
		shoot(t, ctx, s.base+"/", filepath.Join(dir, sc.file("overview-stopped")), sc, waitVisible(`[data-testid=health-stopped]`))
	})
	t.Logf("screenshots in %s", dir)
}

// seedKinds makes two of the first account's videos a collab and a
// repost (besides the spiking one), dates a third by its post's id and
// leaves the publish time of one of the second account's videos unknown, as
// the scrapes of such posts record them; it answers the repost's id (empty
// when the first account has too few videos).
func seedKinds(t *testing.T, workspaceID string, accounts []account, spiking string) (repost string) {
	t.Helper()
	if len(accounts) == 0 {
		return ""
	}
	ctx := context.Background()
	rows, err := env.PG.Query(ctx, `SELECT id::text FROM videos WHERE account_id = $1 AND id::text <> $2 ORDER BY published_at DESC NULLS LAST, id LIMIT 3`,
		accounts[0].ID, spiking)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(ids) < 3 {
		return ""
	}
	pgExec(t, `UPDATE videos SET post_kind = 'collab', related_handle = 'glowlab' WHERE id = $1`, ids[0])
	pgExec(t, `UPDATE videos SET post_kind = 'repost', related_handle = 'dance.crew' WHERE id = $1`, ids[1])
	pgExec(t, `UPDATE videos SET published_source = 'id' WHERE id = $1`, ids[2])
	if len(accounts) > 1 {
		pgExec(t, `UPDATE videos SET published_at = NULL, published_source = NULL
			WHERE id = (SELECT id FROM videos WHERE account_id = $1 AND id::text <> $2 ORDER BY published_at DESC NULLS LAST, id LIMIT 1)`, accounts[1].ID, spiking)
	}
	dataChanged(t, uuid.MustParse(workspaceID))
	return ids[1]
}

// screen is a window size and the system's colour scheme.
type screen struct {
	w, h   int64
	scheme string // light or dark
}

// file names a page's PNG: <page>-<width>.png, or -dark.png.
func (sc screen) file(page string) string {
	if sc.scheme == "dark" {
		return fmt.Sprintf("%s-%d-dark.png", page, sc.w)
	}
	return fmt.Sprintf("%s-%d.png", page, sc.w)
}

// shoot opens url at the screen's size and scheme, does what then says (a
// dialog to open) and writes a full-page PNG to file.
func shoot(t *testing.T, ctx context.Context, url, file string, sc screen, then ...chromedp.Action) {
	t.Helper()
	var png []byte
	do(t, ctx, "screenshot "+url,
		emulation.SetDeviceMetricsOverride(sc.w, sc.h, 1, sc.w < 600),
		emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: sc.scheme}}),
		chromedp.Navigate(url),
		waitVisible(`h1`, chromedp.ByQuery),
		chromedp.Tasks(then),
		chromedp.ActionFunc(func(ctx context.Context) error {
			// Pages are drawn once no request is pending and charts are in.
			deadline := time.Now().Add(time.Minute)
			for time.Now().Before(deadline) {
				var busy bool
				if err := chromedp.Evaluate(`!!document.querySelector('.loading, [aria-busy=true]') || [...document.querySelectorAll('.chart')].some(c => !c.dataset.drawn)`, &busy).Do(ctx); err != nil {
					return err
				}
				if !busy {
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
			time.Sleep(300 * time.Millisecond)
			return nil
		}),
		chromedp.FullScreenshot(&png, 100),
	)
	if err := os.WriteFile(file, png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// seedHistory writes two months of hourly snapshots before the first scrape
// of every video and account, growing towards the scraped values, as a
// month of refreshes would have recorded them; an account's videos get
// publish times a day or two apart and grow from 0 after them (see
// accountCurve), so the insights score them against each other and
// forecast them. Then it marks the workspace's data as changed so no
// cached answer predates them. It answers the id of a video that spikes.
func seedHistory(t *testing.T, s *site, cookie *network.Cookie, workspaceID string) (spiking string) {
	t.Helper()
	var vids struct {
		Videos []struct {
			ID            string     `json:"id"`
			Platform      string     `json:"platform"`
			AccountID     *string    `json:"accountId"`
			LastScrapedAt *time.Time `json:"lastScrapedAt"`
			Metrics       struct {
				Views, Likes, Comments, Shares, Saves *uint64
			} `json:"metrics"`
		} `json:"videos"`
	}
	s.api(cookie, "GET", "/videos?limit=500", &vids)
	var accs struct {
		Accounts []struct {
			ID        string  `json:"id"`
			Platform  string  `json:"platform"`
			Followers *uint64 `json:"followers"`
		} `json:"accounts"`
	}
	s.api(cookie, "GET", "/accounts", &accs)
	ws := uuid.MustParse(workspaceID)
	now := time.Now().UTC().Add(-time.Hour).Truncate(time.Hour)
	const hours = 60 * 24
	w := ingest.NewSnapshotWriter(env.CH, 0, time.Now())
	ctx := context.Background()
	// share is the part of the latest value reached h hours before now:
	// a video's views grow fast at first, then level off.
	share := func(h int, k float64) float64 { return math.Exp(-k * float64(h) / hours) }
	scale := func(p *uint64, f float64) *uint64 {
		if p == nil {
			return nil
		}
		v := uint64(float64(*p) * f)
		return &v
	}
	// the videos of each account, in the list's order: the j-th is
	// published j of them before the newest
	nth, of := map[string]int{}, map[string]int{}
	for _, v := range vids.Videos {
		if v.AccountID != nil {
			of[*v.AccountID]++
		}
	}
	for i, v := range vids.Videos {
		p, _ := platform.ParsePlatform(v.Platform)
		acc := uuid.Nil
		if v.AccountID != nil {
			acc = uuid.MustParse(*v.AccountID)
			j := nth[*v.AccountID]
			nth[*v.AccountID]++
			// spaced so that the oldest is published within the history
			if c := accountCurve(j, min(30, (hours-48)/of[*v.AccountID]), now); c.published.After(now.Add(-(hours - 24) * time.Hour)) {
				if j == 1 && spiking == "" {
					spiking = v.ID
				}
				if _, err := env.PG.Exec(ctx, `UPDATE videos SET published_at = $1 WHERE id = $2`, c.published, v.ID); err != nil {
					t.Fatal(err)
				}
				// the other counts keep their share of the scraped views
				part := func(n *uint64, views uint64) *uint64 {
					if n == nil || v.Metrics.Views == nil || *v.Metrics.Views == 0 {
						return nil
					}
					x := uint64(float64(*n) / float64(*v.Metrics.Views) * float64(views))
					return &x
				}
				write := func(at time.Time) {
					n := c.views(at)
					if err := w.Add(ctx, ingest.Snapshot{
						WorkspaceID: ws, Platform: p, Kind: platform.Video, EntityID: uuid.MustParse(v.ID), AccountID: acc,
						ScrapedAt: at, PublishedAt: c.published,
						Metrics: ingest.Metrics{Views: &n, Likes: part(v.Metrics.Likes, n), Comments: part(v.Metrics.Comments, n), Shares: part(v.Metrics.Shares, n), Saves: part(v.Metrics.Saves, n)},
					}); err != nil {
						t.Fatal(err)
					}
				}
				// every whole hour of its age up to now, so that the first
				// scrape's views (the simulator's) fall between two of them
				// and no age reads them; the latest after the first scrape's
				seeded := time.Now().UTC()
				for at := c.published.Add(time.Hour); !at.After(seeded); at = at.Add(time.Hour) {
					write(at)
				}
				write(seeded.Add(time.Second))
				// and in place of the first scrape's, which the charts
				// draw with every scrape
				if v.LastScrapedAt != nil {
					write(v.LastScrapedAt.UTC())
				}
				continue
			}
		}
		k := 1.5 + float64(i%5)*0.6
		for h := hours; h >= 1; h-- {
			f := share(h, k)
			if err := w.Add(ctx, ingest.Snapshot{
				WorkspaceID: ws, Platform: p, Kind: platform.Video, EntityID: uuid.MustParse(v.ID), AccountID: acc,
				ScrapedAt: now.Add(-time.Duration(h) * time.Hour),
				Metrics: ingest.Metrics{
					Views: scale(v.Metrics.Views, f), Likes: scale(v.Metrics.Likes, f), Comments: scale(v.Metrics.Comments, f),
					Shares: scale(v.Metrics.Shares, f), Saves: scale(v.Metrics.Saves, f),
				},
			}); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, a := range accs.Accounts {
		p, _ := platform.ParsePlatform(a.Platform)
		for h := hours; h >= 1; h-- {
			if err := w.Add(ctx, ingest.Snapshot{
				WorkspaceID: ws, Platform: p, Kind: platform.Account, EntityID: uuid.MustParse(a.ID), AccountID: uuid.MustParse(a.ID),
				ScrapedAt: now.Add(-time.Duration(h) * time.Hour), Followers: scale(a.Followers, 0.7+0.3*(1-float64(h)/hours)),
			}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := env.PG.Exec(ctx, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws); err != nil {
		t.Fatal(err)
	}
	return spiking
}

// curve is the views of a video of an account as seedHistory writes them.
type curve struct {
	published time.Time
	base, tau float64
}

// accountCurve is the j-th newest video of an account: published about
// step hours after the one before it (the newest 5 h before now), its views
// rising towards base with a time constant of a day to three days. The
// second and fourth newest do three and two times as well as the others at
// the same age: they show as spiking.
func accountCurve(j, step int, now time.Time) curve {
	base := 2000 * (0.6 + 0.8*math.Mod(float64(j)*0.618, 1))
	switch j {
	case 1:
		base *= 3.2
	case 3:
		base *= 2.3
	}
	return curve{published: now.Add(-time.Duration(5+step*j+(j%3)*2) * time.Hour), base: base, tau: 24 + float64(j%4)*16}
}

// views is the curve's views at a time: 0 at publishing.
func (c curve) views(at time.Time) uint64 {
	age := at.Sub(c.published).Hours()
	if age <= 0 {
		return 0
	}
	return uint64(c.base * (1 - math.Exp(-age/c.tau)) * (1 + age/1000))
}

// verifyToken records a new verification link of the user's address, as
// asking for one does, and returns its token: each opens the page once.
func verifyToken(t *testing.T, email string) string {
	t.Helper()
	raw, hash, err := auth.NewLinkToken()
	if err != nil {
		t.Fatal(err)
	}
	_, err = env.PG.Exec(context.Background(), `
		INSERT INTO account_tokens (token_hash, purpose, user_id, email, expires_at)
		SELECT $1, 'verify_email', id, email, now() + interval '1 day' FROM users WHERE email = $2`, hash, email)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}
