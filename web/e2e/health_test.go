package e2e

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/reeltrack/reeltrack/ingest"
)

// TestHealthBannerAndPage: the scraping provider refuses the server's
// token, so a tracked video is never scraped. Every page's banner says the
// provider refuses runs; once the video has waited three hours (its
// tracking time moved back), that collection has stopped too. The banner
// leads an owner to the Health page, which names the refusal in the
// provider's words (the token masked), the video waiting longest, and the
// TikTok job's error.
//
// Not parallel: another test's site would start this workspace's queued
// job with its own provider, which accepts it. It costs about 10 s (a site
// of its own, four pages).
func TestHealthBannerAndPage(t *testing.T) {
	skipUIOnCurrentEngine(t)
	const token = "health-refused-token"
	s := startSite(t, "SCRAPER_TOKEN="+token)
	ctx := openBrowser(t, 1280, 800)
	s.signUp(ctx, "health")
	cookie := sessionCookie(t, ctx, s.base)
	var tracked struct {
		ID string `json:"id"`
	}
	s.send(cookie, "POST", "/track", `{"url":"https://www.tiktok.com/@health.frozen/video/7301234567890123499"}`, &tracked)
	eventually(t, "the provider's refusal recorded (/readyz)", time.Minute, func() bool {
		res, err := http.Get(s.base + "/readyz")
		if err != nil {
			return false
		}
		defer res.Body.Close()
		var r struct{ Checks map[string]string }
		return json.NewDecoder(res.Body).Decode(&r) == nil && r.Checks["provider"] == "failing"
	})

	// the banner of every page: the provider refuses; collection not
	// stopped yet, the video was tracked a moment ago
	do(t, ctx, "the provider's banner",
		chromedp.Navigate(s.base+"/videos"),
		waitVisible(`[data-testid=health-banner] [data-testid=health-provider]`),
	)
	textOf(t, ctx, "the provider's banner", `[data-testid=health-provider]`, "token is wrong or not allowed")
	absent(t, ctx, "no stopped collection yet", `[data-testid=health-stopped]`)

	// three hours on, the video is still waiting
	if _, err := env.PG.Exec(context.Background(), `UPDATE videos SET created_at = created_at - interval '3 hours' WHERE id = $1`, tracked.ID); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, "the stopped collection's banner",
		chromedp.Navigate(s.base+"/accounts"),
		waitVisible(`[data-testid=health-banner] [data-testid=health-stopped]`),
	)
	stopped := textOf(t, ctx, "the stopped collection's banner", `[data-testid=health-stopped]`, "Collection has stopped")
	if !strings.Contains(stopped, "Nothing of this workspace has been scraped yet") {
		t.Errorf("the banner says %q", stopped)
	}
	do(t, ctx, "follow the banner to the Health page",
		click(`[data-testid=health-banner] a[href="/health"]`),
		waitVisible(`[data-testid=health-collection][data-ok=false]`),
		waitVisible(`[data-testid=health-oldest-overdue] a[href="/videos/`+tracked.ID+`"]`),
	)
	textOf(t, ctx, "the collection's tile", `[data-testid=health-collection]`, "Stopped")
	textOf(t, ctx, "the provider's tile", `[data-testid=health-provider-state]`, "Refusing runs")
	textOf(t, ctx, "the overdue item", `[data-testid=health-overdue]`, "3 h")
	reason := textOf(t, ctx, "the provider's words", `[data-testid=health-provider] .health-reason`, "refused the token")
	lastError := textOf(t, ctx, "TikTok's last job error", `[data-testid=health-platforms] tr[data-platform=tiktok] [data-testid=last-error]`, "refused the token")
	var page string
	do(t, ctx, "read the page", chromedp.Evaluate(`document.body.innerText`, &page))
	for _, text := range []string{reason, lastError, page} {
		if strings.Contains(text, token) {
			t.Fatalf("the page shows the provider's token: %q", text)
		}
	}
	textOf(t, ctx, "the refresh step", `[data-testid=health-steps] tr[data-step=refresh]`, "Refresh")
	labelled(t, ctx)

	// the nav names the page for an owner
	do(t, ctx, "the nav's Health link", waitVisible(`#nav a[href="/health"][aria-current=page]`))

	// X's runs start and fail again and again (a job failed twice within
	// the hour): the banner names the platform beside the stopped collection.
	// The job is given up, so the retry step never starts it again (a start
	// of an actor the simulator lacks would pause the provider for every
	// workspace of the shared server).
	if _, err := env.PG.Exec(context.Background(), `
		INSERT INTO scrape_jobs (id, workspace_id, platform, actor, input, reason, status, attempts, error, given_up_at)
		SELECT gen_random_uuid(), workspace_id, 'x', 'x-actor', '{}', 'refresh', 'failed', 2, 'the run failed: FAILED', now()
		FROM videos WHERE id = $1`, tracked.ID); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, "the failing platform's banner",
		chromedp.Navigate(s.base+"/videos"),
		waitVisible(`[data-testid=health-banner] [data-testid=health-failing]`),
	)
	textOf(t, ctx, "the failing platform's banner", `[data-testid=health-failing]`, "Scrapes of X are failing")
	textOf(t, ctx, "the stopped collection beside it", `[data-testid=health-stopped]`, "Collection has stopped")
}

// freezeProvider records that the site's provider account ran out of
// credit three hours ago, as a refused start does: starts stay paused for
// an hour.
func freezeProvider(t *testing.T, s *site) {
	t.Helper()
	account := ingest.NewClient(ingest.ClientOptions{BaseURL: s.sim, Token: "sim-token"}).Account()
	if _, err := env.PG.Exec(context.Background(), `
		INSERT INTO provider_pauses (account, actor, kind, reason, failures, since, paused_until)
		VALUES ($1, '', 'credit', $2, 6, now() - interval '3 hours', now() + interval '1 hour')
		ON CONFLICT (account, actor) DO NOTHING`, account,
		"the provider account is out of credit: scraping provider answered 402 not-enough-usage-to-run-paid-actor: "+
			"By launching this job you will exceed the memory limit of 8192MB for all your Actor runs and builds"); err != nil {
		t.Fatal(err)
	}
}

// waitThreeHours moves the workspace's items and scrapes three hours into
// the past, as if nothing had been scraped since.
func waitThreeHours(t *testing.T, workspaceID string) {
	t.Helper()
	for _, sql := range []string{
		`UPDATE workspaces SET scraped_until = scraped_until - interval '3 hours' WHERE id = $1`,
		`UPDATE accounts SET created_at = created_at - interval '3 hours', last_scraped_at = last_scraped_at - interval '3 hours',
			next_refresh_at = next_refresh_at - interval '3 hours' WHERE workspace_id = $1`,
		`UPDATE videos SET created_at = created_at - interval '3 hours', last_scraped_at = last_scraped_at - interval '3 hours',
			next_refresh_at = next_refresh_at - interval '3 hours' WHERE workspace_id = $1`,
		`UPDATE scrape_jobs SET created_at = created_at - interval '3 hours', updated_at = updated_at - interval '3 hours',
			scraped_at = scraped_at - interval '3 hours' WHERE workspace_id = $1`,
	} {
		if _, err := env.PG.Exec(context.Background(), sql, workspaceID); err != nil {
			t.Fatal(err)
		}
	}
}
