package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack"
	"github.com/reeltrack/reeltrack/api"
	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/config"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/tenantaudit"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

var env *testenv.Env

func TestMain(m *testing.M) { testenv.MainAudited(contractRun{m}, &env, tenantaudit.New()) }

const testSecret = "test-session-secret-0123456789abcdef"

func testConfig() config.Config {
	return config.Config{
		PublicBaseURL:  "http://127.0.0.1:8080",
		SessionSecret:  testSecret,
		SessionTTL:     time.Hour,
		BcryptCost:     4,
		FoundingSpots:  100,
		BodyLimit:      64 << 10,
		RequestTimeout: time.Minute,
		// as the server's default: the cron's batch runs over every
		// workspace of the package's database, as background work
		// (max_threads 1) on a machine the other packages load
		BatchTimeout: config.DefaultBatchTimeout,
		CacheTTL:     10 * time.Minute,
		// as the server's default: the dashboard tests read kept start
		// values
		StartValuesBytes: config.DefaultStartValuesBytes,
		RateLimitPublic:  100000,
		RateLimitUser:    100000,
	}
}

type testApp struct {
	t    *testing.T
	app  *fiber.App
	deps wiring.Deps
	// starts counts the scrape starts still running after their answers
	// (api.Handlers.ScrapeStarts), and the e-mails being sent: a test
	// waits on it for them to end.
	starts *background.Tasks
	// mail keeps the e-mails sent (and passes them to the test's own
	// sender, when it gave one).
	mail *mailbox
	// foreground counts the requests being answered (api.Handlers.Foreground).
	foreground *background.Foreground
}

// newApp builds the real router on the package's databases; change adjusts
// the dependencies first (a config value, a dead Redis, a clock).
func newApp(t *testing.T, change ...func(*wiring.Deps)) *testApp {
	t.Helper()
	passwords, err := auth.NewPasswords(4)
	if err != nil {
		t.Fatal(err)
	}
	// Each app has its own key prefix, so rate-limit buckets do not carry
	// over between tests.
	// A healthy Redis: the tests of a sick one open theirs with the
	// service's budget (redis_sick_test.go).
	rds, err := store.OpenRedisWithin(env.RedisURL, env.Redis.Prefix+uuid.NewString()[:8]+":", time.Second, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rds.Close() })
	d := wiring.Deps{
		Config:    testConfig(),
		Log:       slog.New(slog.NewJSONHandler(testLogOut(), &slog.HandlerOptions{Level: slog.LevelError})),
		DB:        env.PG,
		CH:        env.CH,
		Redis:     rds,
		Passwords: passwords,
		OpenAPI:   reeltrack.OpenAPI,
		Now:       time.Now,
	}
	for _, f := range change {
		f(&d)
	}
	if d.Tokens == nil {
		d.Tokens = auth.NewTokens(d.Config.SessionSecret, d.Config.SessionTTL)
	}
	box := &mailbox{next: d.Mail}
	d.Mail = box
	built := wiring.API(d)
	return &testApp{t: t, app: api.New(built), deps: d, starts: built.ScrapeStarts, mail: box, foreground: built.Foreground}
}

// listen serves the app on a loopback port until the test ends and returns
// its base URL.
func (a *testApp) listen() string {
	a.t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		a.t.Fatal(err)
	}
	go a.app.Listener(ln) //nolint:errcheck // ends with Shutdown
	a.t.Cleanup(func() { _ = a.app.Shutdown() })
	return "http://" + ln.Addr().String()
}

// openClickHouse opens a connection with the options, closed when the
// test ends.
func openClickHouse(t *testing.T, o store.ClickHouseOptions) driver.Conn {
	t.Helper()
	ch, err := store.OpenClickHouse(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ch.Close() })
	return ch
}

// deadRedis points the app at a port where nothing listens.
func deadRedis(t *testing.T) func(*wiring.Deps) {
	return func(d *wiring.Deps) {
		r, err := store.OpenRedis("redis://127.0.0.1:1/0", "dead:", nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { r.Close() })
		d.Redis = r
	}
}

type response struct {
	Status  int
	Header  http.Header
	Body    []byte
	Cookies []*http.Cookie
}

// request sends one request through the fiber app. body is marshalled
// unless it is a string or []byte, which are sent as they are.
func (a *testApp) request(method, path string, body any, cookies ...*http.Cookie) response {
	a.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	case []byte:
		r = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			a.t.Fatal(err)
		}
		r = bytes.NewReader(raw)
	}
	req := httptest.NewRequest(method, path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, c := range cookies {
		req.AddCookie(c)
	}
	return a.send(req)
}

// send runs req through the fiber app, reads the whole answer and checks it
// against openapi.yaml.
// clientTimeoutMs is how long a test's request waits for the app: beyond
// the app's own RequestTimeout, so its deadline answers first.
const clientTimeoutMs = 180_000

func (a *testApp) send(req *http.Request) response {
	a.t.Helper()
	reqBody := readBody(a.t, req)
	timeout := clientTimeoutMs
	if strings.HasPrefix(req.URL.Path, "/api/cron/") {
		// a cron run is a batch over every workspace of the package's
		// database: its own deadline (BatchTimeout) answers first
		timeout = int((a.deps.Config.BatchTimeout + time.Minute).Milliseconds())
	}
	res, err := a.app.Test(req, timeout)
	if err != nil {
		a.t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		a.t.Fatal(err)
	}
	checkContract(a.t, req, reqBody, res.StatusCode, res.Header, raw)
	return response{Status: res.StatusCode, Header: res.Header, Body: raw, Cookies: res.Cookies()}
}

func (r response) decode(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
}

func (r response) expect(t *testing.T, status int) response {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d; body %s", r.Status, status, r.Body)
	}
	return r
}

// expectError checks the status and the shared error shape, and returns it.
func (r response) expectError(t *testing.T, status int, code string) api.ErrorDetail {
	t.Helper()
	r.expect(t, status)
	var body api.ErrorBody
	r.decode(t, &body)
	if body.Error.Code != code || body.Error.Message == "" {
		t.Fatalf("error body %s, want code %q and a message", r.Body, code)
	}
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("error content type %q", ct)
	}
	return body.Error
}

func (r response) cookie(name string) *http.Cookie {
	for _, c := range r.Cookies {
		if c.Name == name {
			return c
		}
	}
	return nil
}

var emailSeq atomic.Int64

// uniqueEmail returns an address no other test uses.
func uniqueEmail(prefix string) string {
	return fmt.Sprintf("%s-%d-%s@example.com", prefix, emailSeq.Add(1), uuid.NewString()[:8])
}

// signUp creates a user and returns the session cookie.
func (a *testApp) signUp(email string) *http.Cookie {
	a.t.Helper()
	res := a.request("POST", "/api/auth/signup", map[string]string{"email": email, "password": "correct horse"})
	res.expect(a.t, 200)
	c := res.cookie(auth.CookieName)
	if c == nil || c.Value == "" {
		a.t.Fatalf("signup set no session cookie")
	}
	return c
}

type workspaceBody struct {
	Workspace struct {
		ID                  uuid.UUID  `json:"id"`
		Name                string     `json:"name"`
		Plan                string     `json:"plan"`
		VideoLimit          int        `json:"videoLimit"`
		SeatLimit           int        `json:"seatLimit"`
		MaxVideosPerAccount int        `json:"maxVideosPerAccount"`
		HasAccess           bool       `json:"hasAccess"`
		TrialEndsAt         *time.Time `json:"trialEndsAt"`
		SubscriptionStatus  *string    `json:"subscriptionStatus"`
		GraceEndsAt         *time.Time `json:"graceEndsAt"`
		Founding            bool       `json:"founding"`
		Role                string     `json:"role"`
		Usage               struct {
			Videos       int `json:"videos"`
			VideosByLink int `json:"videosByLink"`
			AccountSlots int `json:"accountSlots"`
			Accounts     int `json:"accounts"`
			Seats        int `json:"seats"`
		} `json:"usage"`
		ScrapeBudget scrapeBudget `json:"scrapeBudget"`
	} `json:"workspace"`
	HasAccess bool `json:"hasAccess"`
	Created   bool `json:"created"`
}

// scrapeBudget is a workspace's snapshots a day and its spend.
type scrapeBudget struct {
	PerDay      int `json:"perDay"`
	UsedLast24h int `json:"usedLast24h"`
}

func (a *testApp) bootstrap(c *http.Cookie) workspaceBody {
	a.t.Helper()
	var w workspaceBody
	a.request("POST", "/api/workspace/bootstrap", nil, c).expect(a.t, 200).decode(a.t, &w)
	return w
}

func count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := env.PG.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}

func exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := env.PG.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// testLogOut shows the app's error logs with -v, and drops them otherwise.
func testLogOut() io.Writer {
	if testing.Verbose() {
		return os.Stderr
	}
	return io.Discard
}
