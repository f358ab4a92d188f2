package e2e

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// withKey calls the API with an API key and answers the status.
func (s *site) withKey(key, method, path, body string) int {
	s.t.Helper()
	req, err := http.NewRequest(method, s.base+"/api"+path, strings.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+key)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// TestAPIKeysPage: an owner makes an API key under Team → API keys, sees
// it once, uses it, finds it listed by its prefix with its last use but
// never shown again, revokes it, and it stops working at once; the
// activity log tells both and names the key on the change it made.
func TestAPIKeysPage(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, _ := signedUp(t, 1280, 800, "keys")

	var key, prefix string
	do(t, ctx, "create a key",
		chromedp.Navigate(s.base+"/team"),
		click(`//nav[@aria-label="Team"]//a[normalize-space()="API keys"]`, chromedp.BySearch),
		waitVisible(`form[aria-label="Create an API key"] input[name=name]`),
		sendKeys(`form[aria-label="Create an API key"] input[name=name]`, "Nightly export"),
		setValue(`form[aria-label="Create an API key"] select[name=scope]`, "write"),
		click(`form[aria-label="Create an API key"] button[type=submit]`),
		waitVisible(`[data-testid="new-key-value"]`),
		readValue(`[data-testid="new-key-value"]`, &key),
		click(`//*[@data-testid="new-key"]//button[normalize-space()="Copy"]`, chromedp.BySearch),
		waitVisible(`[data-testid="new-key"] [role="status"]`),
		waitVisible(`[data-testid="key-row"][data-status="active"]`),
		readText(`[data-testid="key-row"] code`, &prefix),
	)
	if !strings.HasPrefix(key, "rt_") || len(key) != 46 || !strings.HasPrefix(key, strings.TrimSuffix(prefix, "…")) {
		t.Fatalf("key %q, listed as %q", key, prefix)
	}
	labelled(t, ctx)
	if got := s.withKey(key, "GET", "/videos", ""); got != 200 {
		t.Fatalf("the new key answers %d", got)
	}
	if got := s.withKey(key, "POST", "/collections", `{"name":"Made by a script"}`); got != 200 {
		t.Fatalf("the new key's write answers %d", got)
	}

	// shown once: after Done and a reload, only its prefix and last use
	var page, lastUsed string
	do(t, ctx, "the key is not shown again",
		click(`//*[@data-testid="new-key"]//button[normalize-space()="Done"]`, chromedp.BySearch),
		waitNotPresent(`[data-testid="new-key"]`),
		chromedp.Reload(),
		waitVisible(`[data-testid="key-row"] [data-testid="key-last-used"] time`),
		readText(`[data-testid="key-row"] [data-testid="key-last-used"]`, &lastUsed),
		readOuterHTML(`html`, &page),
	)
	if strings.Contains(page, key[3:]) {
		t.Fatal("the page shows the key after its creation")
	}
	if lastUsed == "" || strings.Contains(lastUsed, "Never") {
		t.Fatalf("last used %q", lastUsed)
	}

	// at phone width the page keeps within the screen (the list scrolls in
	// its frame) and names every control
	var wide int
	do(t, ctx, "375 px",
		chromedp.EmulateViewport(375, 812),
		chromedp.Reload(),
		waitVisible(`[data-testid="key-row"]`),
		quiet(),
		chromedp.Evaluate(`document.documentElement.scrollWidth`, &wide),
	)
	if wide > 375 {
		t.Errorf("the API keys page is %d px wide at 375 px", wide)
	}
	labelled(t, ctx)
	do(t, ctx, "back to 1280 px", chromedp.EmulateViewport(1280, 800))

	do(t, ctx, "revoke it",
		click(`button[aria-label="Revoke the key Nightly export"]`),
		waitVisible(`//dialog//button[normalize-space()="Revoke key"]`, chromedp.BySearch),
		click(`//dialog//button[normalize-space()="Revoke key"]`, chromedp.BySearch),
		waitVisible(`[data-testid="key-row"][data-status="revoked"]`),
		waitNotPresent(`button[aria-label="Revoke the key Nightly export"]`),
	)
	if got := s.withKey(key, "GET", "/videos", ""); got != 401 {
		t.Fatalf("the revoked key answers %d", got)
	}

	do(t, ctx, "the activity log",
		click(`//nav[@aria-label="Team"]//a[normalize-space()="Activity"]`, chromedp.BySearch),
		waitVisible(`//td[contains(., "Created the API key “Nightly export” (read and write)")]`, chromedp.BySearch),
		waitVisible(`//td[contains(., "Revoked the API key “Nightly export”")]`, chromedp.BySearch),
		waitVisible(`//td[contains(., "Created the collection “Made by a script”")]/*[@data-testid="via-key"][contains(., "via API key “Nightly export”")]`, chromedp.BySearch),
	)
}
