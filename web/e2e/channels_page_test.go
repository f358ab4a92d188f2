package e2e

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestChannelsPage: an owner adds a Slack channel with a local receiver's
// URL, sends a test and sees it delivered with its attempt and in the
// channel's deliveries; the page never
// shows the URL's secret path; a webhook channel's signing secret is shown
// once. At 375 px nothing overflows the screen. With
// CHANNELS_SCREENSHOTS=<dir> the page is also saved at 1440 and 375 px.
func TestChannelsPage(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	var mu sync.Mutex
	var bodies []string
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		bodies = append(bodies, string(b))
		mu.Unlock()
		_, _ = w.Write([]byte("ok"))
	}))
	defer rcv.Close()
	s, ctx, _, _ := signedUp(t, 1440, 900, "channelspage")

	const form = `form[aria-label="Add a channel"]`
	var hint, result, attempt string
	do(t, ctx, "add a Slack channel and send a test",
		chromedp.Navigate(s.base+"/channels"),
		waitVisible(form),
		typeInto(form+` input[name=name]`, "Growth team"),
		typeInto(form+` input[name=url]`, rcv.URL+"/services/T0001/B0001/SLACKSECRET"),
		click(form+` button[type=submit]`),
		waitVisible(`[data-testid="channel"][data-name="Growth team"]`),
		readText(`[data-testid="channel"][data-name="Growth team"] .ch-hint`, &hint),
		click(`[data-testid="channel"][data-name="Growth team"] [data-testid="send-test"]`),
		waitVisible(`[data-testid="channel"][data-name="Growth team"] [data-testid="test-result"]`),
		readText(`[data-testid="channel"][data-name="Growth team"] [data-testid="test-result"]`, &result),
		waitVisible(`[data-testid="channel"][data-name="Growth team"] [data-testid="attempt"][data-status="200"]`),
		readText(`[data-testid="channel"][data-name="Growth team"] [data-testid="attempt"]`, &attempt),
	)
	var delivered string
	do(t, ctx, "the channel's deliveries",
		click(`[data-testid="channel"][data-name="Growth team"] [data-testid="show-deliveries"]`),
		waitVisible(`[data-testid="channel"][data-name="Growth team"] [data-testid="delivery"][data-status="delivered"]`),
		readText(`[data-testid="channel"][data-name="Growth team"] [data-testid="delivery"]`, &delivered),
	)
	if !strings.Contains(delivered, "channel.test") {
		t.Errorf("the delivery reads %q", delivered)
	}
	if !strings.HasPrefix(result, "Test delivered (HTTP 200") || !strings.Contains(attempt, "200") {
		t.Errorf("the test says %q, its attempt %q", result, attempt)
	}
	if strings.Contains(hint, "SLACKSECRET") || !strings.Contains(hint, "/services/T0…/…") {
		t.Errorf("the URL shows as %q", hint)
	}
	mu.Lock()
	got := append([]string(nil), bodies...)
	mu.Unlock()
	if len(got) != 1 || !strings.Contains(got[0], "Test message") || !strings.Contains(got[0], `"blocks"`) {
		t.Errorf("the receiver got %q", got)
	}

	var secret, page string
	do(t, ctx, "add a webhook channel",
		setValue(form+` select[name=kind]`, "webhook"),
		chromedp.Evaluate(`document.querySelector('form[aria-label="Add a channel"] select[name=kind]').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
		typeInto(form+` input[name=name]`, "Backend"),
		typeInto(form+` input[name=url]`, rcv.URL+"/hooks/HOOKSECRET"),
		click(form+` button[type=submit]`),
		waitVisible(`[data-testid="secret-value"]`),
		readText(`[data-testid="secret-value"]`, &secret),
		waitVisible(`[data-testid="channel"][data-name="Backend"]`),
		chromedp.Evaluate(`document.body.innerText`, &page),
	)
	if !strings.HasPrefix(secret, "whsec_") || strings.Contains(page, "HOOKSECRET") || strings.Contains(page, "SLACKSECRET") {
		t.Errorf("secret %q; the page shows a URL's secret path: %v", secret, strings.Contains(page, "SECRET"))
	}
	do(t, ctx, "reload: the secret is gone",
		chromedp.Reload(),
		waitVisible(`[data-testid="channel"][data-name="Backend"]`),
		chromedp.Evaluate(`document.body.innerText`, &page),
	)
	if strings.Contains(page, secret) {
		t.Error("the secret is shown again after a reload")
	}

	dir := os.Getenv("CHANNELS_SCREENSHOTS")
	for _, w := range []int64{1440, 375} {
		var overflow bool
		var png []byte
		do(t, ctx, "the page at its width",
			emulation.SetDeviceMetricsOverride(w, 900, 1, w < 600),
			chromedp.Reload(),
			waitVisible(`[data-testid="channel"][data-name="Growth team"] [data-testid="attempt"]`),
			chromedp.Evaluate(`document.documentElement.scrollWidth > innerWidth + 1`, &overflow),
			chromedp.FullScreenshot(&png, 100),
		)
		if overflow {
			t.Errorf("at %d px the page is wider than the screen", w)
		}
		if dir != "" {
			if err := os.WriteFile(filepath.Join(dir, "channels-"+strconv.FormatInt(w, 10)+".png"), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestChannelRefusalSaysItIsAServerSetting: a channel to a receiver on a
// private address is refused with what would let it through, the server's
// CHANNEL_ALLOWED_ADDRESSES entry for it, a restart and the documentation;
// and a failed "Send test" says its error once, not again as the last
// error and in its attempt.
func TestChannelRefusalSaysItIsAServerSetting(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	// a port nothing listens on, on an address the test server allows
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().String()
	l.Close()
	s, ctx, _, _ := signedUp(t, 1440, 900, "channelrefusal")

	const form = `form[aria-label="Add a channel"]`
	var refusal string
	do(t, ctx, "add a channel to a private address",
		chromedp.Navigate(s.base+"/channels"),
		waitVisible(form),
		setValue(form+` select[name=kind]`, "webhook"),
		chromedp.Evaluate(`document.querySelector('form[aria-label="Add a channel"] select[name=kind]').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
		typeInto(form+` input[name=name]`, "Local receiver"),
		typeInto(form+` input[name=url]`, "http://10.1.2.3:9000/hook"),
		click(form+` button[type=submit]`),
		waitVisible(`#channel-url-error`),
		readText(`#channel-url-error`, &refusal),
	)
	for _, want := range []string{"adds 10.1.2.3:9000 to CHANNEL_ALLOWED_ADDRESSES", "restarts it", "setting of the server, not of the workspace", "docs/webhooks.md"} {
		if !strings.Contains(refusal, want) {
			t.Errorf("the refusal %q does not say %q", refusal, want)
		}
	}

	var result, card string
	do(t, ctx, "a test that fails",
		typeInto(form+` input[name=name]`, "Down"),
		typeInto(form+` input[name=url]`, "http://"+closed+"/hook"),
		click(form+` button[type=submit]`),
		waitVisible(`[data-testid="secret-value"]`),
		waitVisible(`[data-testid="channel"][data-name="Down"]`),
		click(`[data-testid="channel"][data-name="Down"] [data-testid="send-test"]`),
		waitVisible(`[data-testid="channel"][data-name="Down"] [data-testid="test-result"]`),
		waitVisible(`[data-testid="channel"][data-name="Down"] [data-testid="attempt"]`),
		readText(`[data-testid="channel"][data-name="Down"] [data-testid="test-result"]`, &result),
		chromedp.Evaluate(`document.querySelector('[data-testid="channel"][data-name="Down"]').innerText`, &card),
	)
	if !strings.HasPrefix(result, "Test failed: connection refused") {
		t.Errorf("the test says %q", result)
	}
	if n := strings.Count(card, "connection refused"); n != 1 {
		t.Errorf("the card says the failure %d times:\n%s", n, card)
	}
}
