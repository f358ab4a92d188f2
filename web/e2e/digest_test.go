package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestSettingsDigestChoice: a member finds the e-mail digest in Settings,
// off at first, chooses weekly and sees when the next digest comes; the
// choice is the API's and stays after a reload; the card fits a phone's
// width. DIGEST_SCREENSHOTS names a folder to keep the screenshots in.
func TestSettingsDigestChoice(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 1440, 900, "digestchoice")

	var checked string
	do(t, ctx, "open Settings",
		chromedp.Navigate(s.base+"/settings"),
		waitVisible(`[role=radiogroup][aria-label="E-mail digest"]`),
		readText(`[role=radiogroup][aria-label="E-mail digest"] [aria-checked=true]`, &checked),
	)
	if checked != "Off" {
		t.Fatalf("the digest starts as %q", checked)
	}
	var next string
	do(t, ctx, "choose weekly",
		click(`//div[@aria-label="E-mail digest"]/button[normalize-space()="Weekly"]`, chromedp.BySearch),
		waitVisible(`[data-testid="digest-next"]`),
		readText(`[data-testid="digest-next"]`, &next),
	)
	if !strings.Contains(next, "the week of") || !strings.Contains(next, "verified addresses only") {
		t.Errorf("after choosing weekly the card says %q", next)
	}
	var got struct {
		Frequency string `json:"frequency"`
	}
	s.api(cookie, "GET", "/workspace/digest", &got)
	if got.Frequency != "weekly" {
		t.Fatalf("the API says %q after choosing weekly", got.Frequency)
	}
	do(t, ctx, "reload",
		chromedp.Reload(),
		waitVisible(`[role=radiogroup][aria-label="E-mail digest"] [aria-checked=true]`),
		readText(`[role=radiogroup][aria-label="E-mail digest"] [aria-checked=true]`, &checked),
	)
	if checked != "Weekly" {
		t.Fatalf("after a reload the digest shows %q", checked)
	}

	dir := os.Getenv("DIGEST_SCREENSHOTS")
	for _, w := range []int64{1440, 375} {
		var png []byte
		var overflow bool
		do(t, ctx, "look at Settings",
			emulation.SetDeviceMetricsOverride(w, 900, 1, w < 600),
			chromedp.Navigate(s.base+"/settings"),
			waitVisible(`[data-testid="digest-next"]`),
			chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth`, &overflow),
			chromedp.FullScreenshot(&png, 100),
		)
		if overflow {
			t.Errorf("Settings is wider than a %d px screen", w)
		}
		if dir != "" {
			if err := os.WriteFile(filepath.Join(dir, "settings-digest-"+map[int64]string{1440: "1440", 375: "375"}[w]+".png"), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
