package e2e

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/reeltrack/reeltrack/internal/paypal/paypalsim"
	"github.com/reeltrack/reeltrack/internal/pdf"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

var env *testenv.Env

// inbox is the SMTP server of every site: the sites share the package's
// database, so any of them may deliver an e-mail of the outbox.
var inbox *testenv.Inbox

func TestMain(m *testing.M) {
	// The inbox lives as long as the process: testenv.Main exits it.
	in, _, err := testenv.StartSMTP()
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e: start the SMTP inbox:", err)
		os.Exit(2)
	}
	inbox = in
	testenv.Main(closingBrowser{m}, &env)
}

// closingBrowser runs the package's tests, then stops their Chromium.
type closingBrowser struct{ m *testing.M }

func (c closingBrowser) Run() int {
	defer stopBrowser()
	return c.m.Run()
}

const (
	cronSecret    = "e2e-cron-secret"
	webhookSecret = "whsec_e2e_0123456789abcdef"
	password      = "correct horse battery"
)

// site is the real server binary, with the dashboard embedded, serving the
// package's databases, the scraping simulator and stripe-mock, and sending
// its e-mails to the package's SMTP inbox.
type site struct {
	t    *testing.T
	base string
	// sim is the scraping simulator's address, the provider the site calls.
	sim string

	mu    sync.Mutex
	mails []testenv.Mail // every e-mail that arrived, oldest first
	read  int            // the inbox's messages read into mails
}

// arrived reads the inbox's new messages into s.mails; s.mu is held.
func (s *site) arrived() {
	var ms []testenv.Mail
	ms, s.read = inbox.Since(s.read)
	s.mails = append(s.mails, ms...)
}

// startSite builds cmd/server (and with it the embedded dashboard, which
// `make web` builds) and serves it on a free loopback port; extra settings
// ("NAME=value") replace the defaults.
func startSite(t *testing.T, extra ...string) *site {
	t.Helper()
	if _, err := os.Stat(filepath.Join(testenv.Root(), "web", "dist", "index.html")); err != nil {
		t.Fatal("the dashboard is not built: run `make web` (make test does) before these tests")
	}
	sim := testenv.ScraperSim(t, "-speed", "3600", "-run-duration", "100ms")
	stripe := testenv.StripeMock(t)
	payPal := httptest.NewServer(paypalsim.New(nil).Handler())
	t.Cleanup(payPal.Close)
	bin := testenv.Build(t, "./cmd/server")
	base := testenv.Serve(t, testenv.Process{
		Name:   "server",
		Binary: bin,
		Env: func(addr string) []string {
			return append(append(env.ServerEnv("site:"),
				"HTTP_ADDR="+addr,
				"PUBLIC_BASE_URL=http://"+addr,
				"SESSION_SECRET=e2e-session-secret-0123456789abcdef",
				"SCRAPER_BASE_URL="+sim,
				"SCRAPER_TOKEN=sim-token",
				"CRON_SECRET="+cronSecret,
				// The scheduler retries a scrape whose run or delivery
				// failed, as in production, so a slow machine only delays
				// the numbers.
				"SCHEDULER_INTERVAL=5s",
				// A loaded machine can answer a Redis call, or a statement,
				// in more than the default budgets, which would skip Redis
				// (and its shared rate limits) for a while, or show a page's
				// part as unavailable.
				"REDIS_CALL_TIMEOUT=2s",
				"DATABASE_STATEMENT_TIMEOUT=10s",
				"CLICKHOUSE_STATEMENT_TIMEOUT=10s",
				"SMTP_URL="+inbox.URL,
				"LOG_LEVEL=warn",
				"STRIPE_SECRET_KEY=sk_test_123",
				"STRIPE_API_URL="+stripe,
				"PAYPAL_API_URL="+payPal.URL, "PAYPAL_SANDBOX_API_URL="+payPal.URL,
				"STRIPE_WEBHOOK_SECRET="+webhookSecret,
				"STRIPE_PRICE_STARTER_MONTH=price_starter_month", "STRIPE_PRICE_STARTER_YEAR=price_starter_year",
				"STRIPE_PRICE_GROWTH_MONTH=price_growth_month", "STRIPE_PRICE_GROWTH_YEAR=price_growth_year",
				"STRIPE_PRICE_AGENCY_MONTH=price_agency_month", "STRIPE_PRICE_AGENCY_YEAR=price_agency_year",
				"STRIPE_PRICE_FOUNDING=price_founding_year",
				"CHECKOUT_SUCCESS_URL=http://"+addr+"/?checkout=success",
				"CHECKOUT_CANCEL_URL=http://"+addr+"/billing?checkout=cancel",
				"BILLING_PORTAL_RETURN_URL=http://"+addr+"/billing",
				// the tests' Slack, Discord and webhook receivers
				"CHANNEL_ALLOWED_ADDRESSES=127.0.0.1/32",
			), extra...)
		},
		Probe: "/healthz",
		Wait:  60 * time.Second,
	})
	s := &site{t: t, base: base, sim: sim}
	_, s.read = inbox.Since(0) // what arrived before the site is another's
	return s
}

var linkToken = regexp.MustCompile(`https?://[^\s"<>]+(/[a-z-]+)\?token=([A-Za-z0-9_-]+)`)

// link waits for an e-mail to addr, arrived since the last call for that
// address and page, that links to page ("/verify-email", "/reset-password",
// "/invite"), and returns the newest such link's path and query (e.g.
// "/invite?token=…"), to open on the site.
func (s *site) link(addr, page string) string {
	s.t.Helper()
	var found string
	eventually(s.t, "an e-mail to "+addr+" with a link to "+page, time.Minute, func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.arrived()
		// The newest such e-mail counts; it and the older ones are read,
		// so the next call waits for a new one.
		kept := s.mails[:0:0]
		for i := len(s.mails) - 1; i >= 0; i-- {
			m := s.mails[i]
			l := linkToken.FindStringSubmatch(m.Text)
			if strings.EqualFold(m.To, addr) && l != nil && l[1] == page {
				if found == "" {
					found = l[1] + "?token=" + l[2]
				}
				continue
			}
			kept = append([]testenv.Mail{m}, kept...)
		}
		s.mails = kept
		return found != ""
	})
	return found
}

// mailsTo is how many e-mails to addr arrived and were not read by link.
func (s *site) mailsTo(addr string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.arrived()
	n := 0
	for _, m := range s.mails {
		if strings.EqualFold(m.To, addr) {
			n++
		}
	}
	return n
}

// api reads the API as the browser's session does and decodes the answer.
func (s *site) api(cookie *network.Cookie, method, path string, out any) {
	s.t.Helper()
	s.send(cookie, method, path, "", out)
}

// send calls the API with a JSON body as the browser's session does, and
// decodes the answer into out unless it is nil.
func (s *site) send(cookie *network.Cookie, method, path, body string, out any) {
	s.t.Helper()
	s.sendWant(cookie, method, path, body, 200, out)
}

// create posts a JSON body to a route that answers 201 Created, as the
// browser's session does, and decodes the answer into out unless it is nil.
func (s *site) create(cookie *network.Cookie, path, body string, out any) {
	s.t.Helper()
	s.sendWant(cookie, "POST", path, body, 201, out)
}

// sendWant is send for a route that answers the status want.
func (s *site) sendWant(cookie *network.Cookie, method, path, body string, want int, out any) {
	s.t.Helper()
	req, err := http.NewRequest(method, s.base+"/api"+path, strings.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if cookie != nil {
		req.AddCookie(&http.Cookie{Name: cookie.Name, Value: cookie.Value})
	} else {
		req.Header.Set("Authorization", "Bearer "+cronSecret)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != want {
		s.t.Fatalf("%s %s: %d %s", method, path, res.StatusCode, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			s.t.Fatalf("%s %s: %v in %s", method, path, err, raw)
		}
	}
}

// peek reads an API route as the session does, for a failure's message:
// its status and body, or why there is none; it never fails the test.
func (s *site) peek(cookie *network.Cookie, path string) string {
	req, err := http.NewRequest("GET", s.base+"/api"+path, nil)
	if err != nil {
		return err.Error()
	}
	req.AddCookie(&http.Cookie{Name: cookie.Name, Value: cookie.Value})
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err.Error()
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return fmt.Sprintf("%d %s", res.StatusCode, raw)
}

// cron calls a scheduler route with the cron secret.
func (s *site) cron(path string) {
	s.t.Helper()
	s.send(nil, "GET", path, "", nil)
}

// newCollection creates a collection and answers its id.
func (s *site) newCollection(cookie *network.Cookie, name string) string {
	s.t.Helper()
	var col struct {
		ID string `json:"id"`
	}
	body, _ := json.Marshal(map[string]string{"name": name})
	s.send(cookie, "POST", "/collections", string(body), &col)
	if col.ID == "" {
		s.t.Fatal("POST /collections answered no id")
	}
	return col.ID
}

// workspaceInfo is the signed-in user's workspace as the API gives it.
type workspaceInfo struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// workspace answers the signed-in user's workspace.
func (s *site) workspace(cookie *network.Cookie) workspaceInfo {
	s.t.Helper()
	var boot struct {
		Workspace workspaceInfo `json:"workspace"`
	}
	s.api(cookie, "POST", "/workspace/bootstrap", &boot)
	return boot.Workspace
}

// subscribe moves the signed-in user's workspace to the Growth plan, billed
// each month or year, as a completed checkout does; ref names the payment
// provider's subscription.
func (s *site) subscribe(cookie *network.Cookie, interval, ref string) workspaceInfo {
	s.t.Helper()
	ws := s.workspace(cookie)
	s.send(cookie, "POST", "/payment/create-checkout", `{"plan":"growth","interval":"`+interval+`"}`, nil)
	s.checkoutCompleted(ws.ID, ref)
	return ws
}

// checkoutCompleted sends the payment provider's event of a completed
// checkout of the workspace, whose subscription is sub_<ref>_<workspace id>.
func (s *site) checkoutCompleted(workspaceID, ref string) {
	s.t.Helper()
	s.paymentEvent(`{"id":"evt_` + ref + `_` + workspaceID + `","object":"event","type":"checkout.session.completed","livemode":false,"data":{"object":{"object":"checkout.session","mode":"subscription","client_reference_id":"` + workspaceID + `","subscription":"sub_` + ref + `_` + workspaceID + `"}}}`)
}

// paymentEvent posts a payment-provider event signed with the webhook
// secret, as the provider does once a checkout is paid.
func (s *site) paymentEvent(body string) {
	s.t.Helper()
	ts := fmt.Sprint(time.Now().Unix())
	mac := hmac.New(sha256.New, []byte(webhookSecret))
	fmt.Fprintf(mac, "%s.%s", ts, body)
	req, _ := http.NewRequest("POST", s.base+"/api/webhook/payment", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("payment-signature", "t="+ts+",v1="+hex.EncodeToString(mac.Sum(nil)))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		s.t.Fatalf("payment event: %d %s", res.StatusCode, raw)
	}
}

// chromium finds Debian's Chromium, which the project's set-up installs.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("no chromium on PATH: `make services` installs Debian's chromium")
	return ""
}

// chrome is the package's one headless Chromium, started by the first
// test that opens a browser and stopped when the package's tests end.
var chrome struct {
	once sync.Once
	ctx  context.Context
	stop func()
	err  error
}

// startChromium starts a headless Chromium with a window of width×height
// and answers its first tab's context and how to stop it.
func startChromium(path string, width, height int) (context.Context, func(), error) {
	profile, err := os.MkdirTemp("", "reeltrack-chromium")
	if err != nil {
		return nil, nil, err
	}
	opts := pdf.Headless(path, profile,
		// as a user who asked for less motion: the spinners of pages that
		// wait for a first scrape stand still instead of redrawing the
		// window 60 times a second for minutes
		chromedp.Flag("force-prefers-reduced-motion", true),
		// chromedp's own list, and the omnibox's popups drawn as web pages:
		// headless Chromium renders them for every window, in a renderer of
		// their own that works on each navigation and keystroke; it spent
		// more CPU than the dashboard's pages, which never show an omnibox
		chromedp.Flag("disable-features", "site-per-process,Translate,BlinkGenPropertyTrees,WebUIOmniboxPopup,WebUIOmniboxAimPopup"),
		chromedp.WindowSize(width, height),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	stop := func() {
		cancel()
		cancelAlloc()
		// Chromium may still write its profile while it exits: leftovers
		// do not fail the tests.
		_ = os.RemoveAll(profile)
	}
	return ctx, stop, chromedp.Run(ctx)
}

// stopBrowser ends the package's Chromium, if a test started it.
func stopBrowser() {
	if chrome.stop != nil {
		chrome.stop()
	}
}

// ownBrowser starts a headless Chromium of the test's own, at the given
// window size, and returns its first tab's context: for a test of what
// belongs to the browser rather than a tab (downloads).
func ownBrowser(t *testing.T, width, height int) context.Context {
	t.Helper()
	ctx, stop, err := startChromium(chromium(t), width, height)
	if stop != nil {
		t.Cleanup(stop)
	}
	if err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	if err := watchRequests(ctx); err != nil {
		t.Fatalf("count the pages' requests: %v", err)
	}
	return ctx
}

// openBrowser opens a tab of the package's Chromium for the test, in a
// browser context of its own (its own cookies, storage and cache, as a new
// browser would have), in a window of the given size, and returns its
// context. The tab and its browser context are closed when the test ends.
func openBrowser(t *testing.T, width, height int) context.Context {
	t.Helper()
	path := chromium(t)
	chrome.once.Do(func() { chrome.ctx, chrome.stop, chrome.err = startChromium(path, 1440, 900) })
	if chrome.err != nil {
		t.Fatalf("start chromium: %v", chrome.err)
	}
	// A browser context of its own, in a window of its own: Chromium opens
	// no tab in a browser context without one.
	b := cdp.WithExecutor(chrome.ctx, chromedp.FromContext(chrome.ctx).Browser)
	id, err := target.CreateBrowserContext().WithDisposeOnDetach(true).Do(b)
	if err != nil {
		t.Fatalf("open a browser context of chromium: %v", err)
	}
	tab, err := target.CreateTarget("about:blank").WithBrowserContextID(id).WithNewWindow(true).
		WithWidth(int64(width)).WithHeight(int64(height)).Do(b)
	if err != nil {
		t.Fatalf("open a tab of chromium: %v", err)
	}
	ctx, cancel := chromedp.NewContext(chrome.ctx, chromedp.WithTargetID(tab))
	t.Cleanup(func() {
		cancel()
		_ = target.DisposeBrowserContext(id).Do(b)
	})
	if err := chromedp.Run(ctx); err != nil {
		t.Fatalf("open a tab of chromium: %v", err)
	}
	if err := watchRequests(ctx); err != nil {
		t.Fatalf("count the pages' requests: %v", err)
	}
	return ctx
}

// do runs browser actions within a deadline and fails the test with what
// was being done.
func do(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 60*time.Second) // generous: a loaded machine is slow
	defer cancel()
	for i, a := range actions {
		if err := chromedp.Run(c, a); err != nil {
			var loc, text string
			_ = chromedp.Run(ctx, chromedp.Location(&loc))
			// What the page said helps more than the timeout alone.
			shown, stop := context.WithTimeout(ctx, 5*time.Second)
			_ = chromedp.Run(shown, chromedp.Evaluate(`(t => t.length > 3000 ? t.slice(0, 1500) + "\n…\n" + t.slice(-1500) : t)(document.body.innerText)`, &text))
			stop()
			t.Fatalf("%s (at %s), step %d of %d (%T): %v\nthe page shows:\n%s", what, loc, i+1, len(actions), a, err, text)
		}
	}
}

// openDetails opens the <details> at sel the way a user does, by clicking
// its summary, and clicks again while it stays closed: a click dispatched
// while the page still moves (a chart or a list arriving above the
// section) can land beside the summary.
func openDetails(sel string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		for {
			var open bool
			if err := chromedp.Run(ctx,
				waitVisible(sel+` > summary`),
				chromedp.Evaluate(`document.querySelector(`+strconv.Quote(sel)+`).open`, &open),
			); err != nil {
				return err
			}
			if open {
				return nil
			}
			if err := chromedp.Run(ctx, click(sel+` > summary`)); err != nil {
				return err
			}
			poll, stop := context.WithTimeout(ctx, 2*time.Second)
			err := chromedp.Run(poll, chromedp.Poll(`document.querySelector(`+strconv.Quote(sel)+`).open`, nil))
			stop()
			if err == nil {
				return nil
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
		}
	})
}

// sessionCookie is the browser's session cookie, for API calls that check
// what the pages show.
func sessionCookie(t *testing.T, ctx context.Context, base string) *network.Cookie {
	t.Helper()
	var cookies []*network.Cookie
	do(t, ctx, "read cookies", chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		cookies, err = network.GetCookies().WithURLs([]string{base}).Do(ctx)
		return err
	}))
	for _, c := range cookies {
		if c.Name == "session-access-token" {
			return c
		}
	}
	t.Fatalf("no session cookie among %d cookies", len(cookies))
	return nil
}

// eventually polls cond until it holds or the wait ends. A wait for a
// scrape leaves room for a failed run and its retry a minute later.
func eventually(t *testing.T, what string, wait time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v", what, wait)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// signUp creates a user through the sign-up page, waits for the overview,
// and returns the e-mail.
func (s *site) signUp(ctx context.Context, name string) string {
	s.t.Helper()
	email := fmt.Sprintf("%s-%d@example.com", name, time.Now().UnixNano())
	do(s.t, ctx, "sign up",
		chromedp.Navigate(s.base+"/signup"),
		waitVisible(`input[name=email]`),
		sendKeys(`input[name=email]`, email),
		sendKeys(`input[name=password]`, password),
		click(`button[type=submit]`),
		waitVisible(`//h1[normalize-space()="Overview"]`, chromedp.BySearch),
	)
	return email
}

// signedUp starts the site and a browser of width×height, signs a new
// user up in it (its address made from name) and answers the site, the
// browser, the user's e-mail and its session cookie.
func signedUp(t *testing.T, width, height int, name string) (*site, context.Context, string, *network.Cookie) {
	t.Helper()
	s := startSite(t)
	ctx := openBrowser(t, width, height)
	email := s.signUp(ctx, name)
	return s, ctx, email, sessionCookie(t, ctx, s.base)
}

// skipUIOnCurrentEngine skips, on the current ClickHouse engine, a browser
// test of the dashboard's forms, layout and flows (sign-in, billing, the
// Track page, organising): they read ClickHouse only as the API tests do,
// which run on both engines, so the current engine's run keeps the browser
// tests that draw its numbers (the journey, the lists' sparklines and sorts,
// the day-one charts).
func skipUIOnCurrentEngine(t *testing.T) {
	t.Helper()
	testenv.SkipOnCurrentEngine(t, "a test of the dashboard's forms and layout, not of its numbers")
}

// waitFirstScrapes waits until the workspace lists at least n videos and
// none of them waits for its first scrape.
func (s *site) waitFirstScrapes(cookie *network.Cookie, n int) {
	s.t.Helper()
	eventually(s.t, "the first scrapes", 120*time.Second, func() bool {
		var l struct {
			Videos []struct {
				Status string `json:"status"`
			} `json:"videos"`
			Total int `json:"total"`
		}
		s.api(cookie, "GET", "/videos?limit=500", &l)
		for _, v := range l.Videos {
			if v.Status == "pending" {
				return false
			}
		}
		return l.Total >= n
	})
}
