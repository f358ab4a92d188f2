// Package config loads the service's settings from the environment, with
// defaults that work on a developer machine.
package config

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/reeltrack/reeltrack/internal/mail"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/webhook"
)

// Config is every setting of the server. Each field names its variable.
type Config struct {
	HTTPAddr      string // HTTP_ADDR
	PublicBaseURL string // PUBLIC_BASE_URL
	// AllowedOrigins are the origins besides PUBLIC_BASE_URL's from which
	// browsers may send writes, each as Origin returns it.
	AllowedOrigins []string // ALLOWED_ORIGINS

	// MetricsAddr is where GET /metrics is served, apart from the API; empty: none.
	MetricsAddr string // METRICS_ADDR

	DatabaseURL      string // DATABASE_URL
	DatabaseMaxConns int    // DATABASE_MAX_CONNS
	// DatabaseStatementTimeout bounds each PostgreSQL statement of the
	// server, and half of it each wait for a pooled connection.
	DatabaseStatementTimeout time.Duration // DATABASE_STATEMENT_TIMEOUT
	// ClickHouseStatementTimeout bounds each ClickHouse read of a request (but
	// the export's and batch work's), so a frozen server answers 503 within it.
	ClickHouseStatementTimeout time.Duration // CLICKHOUSE_STATEMENT_TIMEOUT
	ClickHouseAddr             string        // CLICKHOUSE_ADDR
	ClickHouseDatabase         string        // CLICKHOUSE_DATABASE
	ClickHouseUser             string        // CLICKHOUSE_USER
	ClickHousePassword         string        // CLICKHOUSE_PASSWORD
	ClickHouseCluster          string        // CLICKHOUSE_CLUSTER
	RedisURL                   string        // REDIS_URL
	RedisPrefix                string        // REDIS_PREFIX
	// RedisCallTimeout bounds one Redis call: a call that takes longer
	// finds Redis sick, and Redis is skipped until a ping answers.
	RedisCallTimeout time.Duration // REDIS_CALL_TIMEOUT

	SessionSecret string        // SESSION_SECRET
	SessionTTL    time.Duration // SESSION_TTL
	CookieSecure  bool          // COOKIE_SECURE
	BcryptCost    int           // BCRYPT_COST
	CronSecret    string        // CRON_SECRET

	// SchedulerInterval, when set, makes the server call its own cron routes.
	SchedulerInterval time.Duration // SCHEDULER_INTERVAL

	// SnapshotRetention is how long raw snapshots are kept, in whole months;
	// zero keeps them for ever. The projections are kept for ever either way.
	SnapshotRetention time.Duration // SNAPSHOT_RETENTION

	SMTPURL  string // SMTP_URL
	MailFrom string // MAIL_FROM

	FoundingSpots int // FOUNDING_SPOTS

	// PayPal's Payouts API, live and sandbox: where workspaces' payout
	// batches are sent (each workspace connects its own PayPal app).
	PayPalAPIURL        string // PAYPAL_API_URL
	PayPalSandboxAPIURL string // PAYPAL_SANDBOX_API_URL

	// Billing through Stripe; an empty secret key turns billing off.
	StripeSecretKey        string        // STRIPE_SECRET_KEY
	StripeAPIURL           string        // STRIPE_API_URL
	StripeWebhookSecret    string        // STRIPE_WEBHOOK_SECRET
	StripePrices           plan.Prices   // STRIPE_PRICE_<PLAN>_<MONTH|YEAR>, STRIPE_PRICE_FOUNDING
	CheckoutSuccessURL     string        // CHECKOUT_SUCCESS_URL
	CheckoutCancelURL      string        // CHECKOUT_CANCEL_URL
	BillingPortalReturnURL string        // BILLING_PORTAL_RETURN_URL
	PaymentGracePeriod     time.Duration // PAYMENT_GRACE_PERIOD

	ScraperBaseURL       string                    // SCRAPER_BASE_URL
	ScraperToken         string                    // SCRAPER_TOKEN
	ScraperWebhookSecret string                    // SCRAPER_WEBHOOK_SECRET
	ScraperActors        map[string]string         // SCRAPER_ACTOR_<PLATFORM>
	ScraperInputs        map[string]map[string]any // SCRAPER_INPUT_<PLATFORM>
	ScraperMaxPerRun     int                       // SCRAPER_MAX_TARGETS_PER_RUN
	ScraperPageSize      int                       // SCRAPER_PAGE_SIZE
	// ScraperYouTubeStreams makes channel runs list streams too.
	ScraperYouTubeStreams bool // SCRAPER_YOUTUBE_STREAMS

	BodyLimit             int           // BODY_LIMIT_BYTES
	RequestTimeout        time.Duration // REQUEST_TIMEOUT
	BatchTimeout          time.Duration // BATCH_TIMEOUT: the cron routes' and the completion webhook's instead
	CacheTTL              time.Duration // CACHE_TTL
	StartValuesBytes      int           // START_VALUES_CACHE_BYTES
	RateLimitPublic       int           // RATE_LIMIT_PUBLIC_PER_MINUTE
	RateLimitUser         int           // RATE_LIMIT_USER_PER_MINUTE
	RateLimitAPIKey       int           // RATE_LIMIT_API_KEY_PER_MINUTE
	ProxyHeader           string        // PROXY_HEADER
	LogLevel              slog.Level    // LOG_LEVEL
	GeneratedSessionToken bool          // set when SESSION_SECRET was empty and a random one was made
	// LocalClickHousePassword is set when the service user's local development
	// password was taken for an empty CLICKHOUSE_PASSWORD (loopback only).
	LocalClickHousePassword bool

	// Exports streamed at once by one process, in all and per workspace,
	// and how long one waits for its client to take more of the body.
	ExportConcurrency             int           // EXPORT_CONCURRENCY
	ExportConcurrencyPerWorkspace int           // EXPORT_CONCURRENCY_PER_WORKSPACE
	ExportStallTimeout            time.Duration // EXPORT_STALL_TIMEOUT

	// ChannelAllowedAddresses may be delivered to although the address rule
	// refuses them, plain http included (webhook.ParseAllowList).
	ChannelAllowedAddresses string // CHANNEL_ALLOWED_ADDRESSES
}

// StripePriceVar names the variable of a paid plan's price per interval.
func StripePriceVar(name plan.Name, interval plan.Interval) string {
	return "STRIPE_PRICE_" + strings.ToUpper(string(name)) + "_" + strings.ToUpper(string(interval))
}

// DefaultMailFrom is the sender of e-mails when MAIL_FROM is not set.
const DefaultMailFrom = "reeltrack <alerts@localhost>"

// DefaultRateLimitAPIKey is the requests an API key may make a minute.
const DefaultRateLimitAPIKey = 300

// Defaults of the settings that bound the load one process takes on.
const (
	// DefaultDatabaseMaxConns is the PostgreSQL pool's size: four
	// processes stay under PostgreSQL's default max_connections of 100.
	DefaultDatabaseMaxConns = 20
	// DefaultStartValuesBytes bounds the start values one process keeps: about
	// 7 MB per entry of a workspace of 100,000 videos.
	DefaultStartValuesBytes = 256 << 20
	// DefaultBatchTimeout bounds a cron run or a completion: a frozen store
	// holds one, and a completion's claim on its job, that long.
	DefaultBatchTimeout = 5 * time.Minute
	// DefaultExportConcurrency bounds the exports one process streams at once.
	DefaultExportConcurrency = 8
	// DefaultExportConcurrencyPerWorkspace bounds those of one workspace.
	DefaultExportConcurrencyPerWorkspace = 2
	// DefaultExportStallTimeout is how long an export waits for its client.
	DefaultExportStallTimeout = 30 * time.Second
	// DefaultSnapshotRetention is how long raw snapshots are kept.
	DefaultSnapshotRetention = 90 * 24 * time.Hour
)

// DefaultMetricsAddr is where /metrics is served unless METRICS_ADDR says
// otherwise: loopback, so that only this machine can read it.
const DefaultMetricsAddr = "127.0.0.1:9464"

// Load reads the environment, fills in defaults and validates the result.
func Load() (Config, error) {
	return load(func(key string) string {
		// METRICS_ADDR set and empty turns the listener off, as "off" does.
		if v, ok := os.LookupEnv(key); key == "METRICS_ADDR" && ok && strings.TrimSpace(v) == "" {
			return "off"
		}
		return os.Getenv(key)
	})
}

// setting is the variable key's raw value read by parse, def when unset; a
// value parse refuses is a problem naming what it must be (want).
func setting[T any](raw, key string, def T, parse func(string) (T, error), want string, problems *[]error) T {
	v := strings.TrimSpace(raw)
	if v == "" {
		return def
	}
	x, err := parse(v)
	if err != nil {
		*problems = append(*problems, fmt.Errorf("%s: %q is not %s", key, v, want))
	}
	return x
}

func load(getenv func(string) string) (Config, error) {
	var problems []error
	str := func(key, def string) string {
		if v := strings.TrimSpace(getenv(key)); v != "" {
			return v
		}
		return def
	}
	num := func(key string, def int) int {
		return setting(getenv(key), key, def, strconv.Atoi, "a whole number", &problems)
	}
	dur := func(key string, def time.Duration) time.Duration {
		return setting(getenv(key), key, def, time.ParseDuration, "a duration such as 30s or 168h", &problems)
	}
	boolean := func(key string, def bool) bool {
		return setting(getenv(key), key, def, strconv.ParseBool, "true or false", &problems)
	}

	c := Config{
		HTTPAddr:             str("HTTP_ADDR", "127.0.0.1:8080"),
		MetricsAddr:          str("METRICS_ADDR", DefaultMetricsAddr),
		PublicBaseURL:        strings.TrimRight(str("PUBLIC_BASE_URL", "http://127.0.0.1:8080"), "/"),
		DatabaseURL:          str("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/reeltrack?sslmode=disable&connect_timeout=3"),
		DatabaseMaxConns:     num("DATABASE_MAX_CONNS", DefaultDatabaseMaxConns),
		ClickHouseAddr:       str("CLICKHOUSE_ADDR", "127.0.0.1:9000"),
		ClickHouseDatabase:   str("CLICKHOUSE_DATABASE", "reeltrack"),
		ClickHouseCluster:    getenv("CLICKHOUSE_CLUSTER"),
		RedisURL:             str("REDIS_URL", "redis://127.0.0.1:6379/0"),
		RedisPrefix:          str("REDIS_PREFIX", "reeltrack:"),
		RedisCallTimeout:     dur("REDIS_CALL_TIMEOUT", 40*time.Millisecond),
		SessionSecret:        getenv("SESSION_SECRET"),
		SessionTTL:           dur("SESSION_TTL", 7*24*time.Hour),
		CookieSecure:         boolean("COOKIE_SECURE", false),
		BcryptCost:           num("BCRYPT_COST", bcrypt.DefaultCost+2),
		CronSecret:           getenv("CRON_SECRET"),
		SchedulerInterval:    dur("SCHEDULER_INTERVAL", 0),
		SnapshotRetention:    dur("SNAPSHOT_RETENTION", DefaultSnapshotRetention),
		SMTPURL:              strings.TrimSpace(getenv("SMTP_URL")),
		MailFrom:             str("MAIL_FROM", DefaultMailFrom),
		FoundingSpots:        num("FOUNDING_SPOTS", 100),
		ScraperBaseURL:       strings.TrimRight(str("SCRAPER_BASE_URL", "https://api.apify.com"), "/"),
		ScraperToken:         getenv("SCRAPER_TOKEN"),
		ScraperWebhookSecret: getenv("SCRAPER_WEBHOOK_SECRET"),
		ScraperMaxPerRun:     num("SCRAPER_MAX_TARGETS_PER_RUN", 50),
		ScraperPageSize:      num("SCRAPER_PAGE_SIZE", 1000),
		ScraperActors: map[string]string{
			"tiktok":    str("SCRAPER_ACTOR_TIKTOK", "clockworks~tiktok-scraper"),
			"instagram": str("SCRAPER_ACTOR_INSTAGRAM", "apify~instagram-scraper"),
			"youtube":   str("SCRAPER_ACTOR_YOUTUBE", "streamers~youtube-scraper"),
			"x":         str("SCRAPER_ACTOR_X", "apidojo~tweet-scraper"),
		},
		ScraperInputs:              map[string]map[string]any{},
		BodyLimit:                  num("BODY_LIMIT_BYTES", 1<<20),
		RequestTimeout:             dur("REQUEST_TIMEOUT", 15*time.Second),
		BatchTimeout:               dur("BATCH_TIMEOUT", DefaultBatchTimeout),
		DatabaseStatementTimeout:   dur("DATABASE_STATEMENT_TIMEOUT", 2*time.Second),
		ClickHouseStatementTimeout: dur("CLICKHOUSE_STATEMENT_TIMEOUT", 2500*time.Millisecond),
		CacheTTL:                   dur("CACHE_TTL", 10*time.Minute),
		StartValuesBytes:           num("START_VALUES_CACHE_BYTES", DefaultStartValuesBytes),
		RateLimitPublic:            num("RATE_LIMIT_PUBLIC_PER_MINUTE", 20),
		RateLimitUser:              num("RATE_LIMIT_USER_PER_MINUTE", 600),
		RateLimitAPIKey:            num("RATE_LIMIT_API_KEY_PER_MINUTE", DefaultRateLimitAPIKey),
		ProxyHeader:                getenv("PROXY_HEADER"),

		ExportConcurrency:             num("EXPORT_CONCURRENCY", DefaultExportConcurrency),
		ExportConcurrencyPerWorkspace: num("EXPORT_CONCURRENCY_PER_WORKSPACE", DefaultExportConcurrencyPerWorkspace),
		ExportStallTimeout:            dur("EXPORT_STALL_TIMEOUT", DefaultExportStallTimeout),
		ChannelAllowedAddresses:       strings.TrimSpace(getenv("CHANNEL_ALLOWED_ADDRESSES")),
	}
	c.ClickHouseUser, c.ClickHousePassword, c.LocalClickHousePassword = store.ServiceCredentials(c.ClickHouseAddr, getenv)
	base := c.PublicBaseURL
	for _, raw := range strings.Split(getenv("ALLOWED_ORIGINS"), ",") {
		if raw = strings.TrimSpace(raw); raw == "" {
			continue
		}
		o, err := Origin(raw)
		if err != nil {
			problems = append(problems, fmt.Errorf("ALLOWED_ORIGINS: %w", err))
			continue
		}
		c.AllowedOrigins = append(c.AllowedOrigins, o)
	}
	c.ScraperYouTubeStreams = boolean("SCRAPER_YOUTUBE_STREAMS", false)
	c.PayPalAPIURL = strings.TrimRight(str("PAYPAL_API_URL", "https://api-m.paypal.com"), "/")
	c.PayPalSandboxAPIURL = strings.TrimRight(str("PAYPAL_SANDBOX_API_URL", "https://api-m.sandbox.paypal.com"), "/")
	c.StripeSecretKey = strings.TrimSpace(getenv("STRIPE_SECRET_KEY"))
	c.StripeAPIURL = strings.TrimRight(str("STRIPE_API_URL", "https://api.stripe.com"), "/")
	c.StripeWebhookSecret = strings.TrimSpace(getenv("STRIPE_WEBHOOK_SECRET"))
	c.StripePrices = plan.Prices{Monthly: map[plan.Name]string{}, Yearly: map[plan.Name]string{}, Founding: str("STRIPE_PRICE_FOUNDING", "")}
	for _, p := range plan.Paid() {
		c.StripePrices.Monthly[p.Name] = str(StripePriceVar(p.Name, plan.Monthly), "")
		c.StripePrices.Yearly[p.Name] = str(StripePriceVar(p.Name, plan.Yearly), "")
	}
	c.CheckoutSuccessURL = str("CHECKOUT_SUCCESS_URL", base+"/?checkout=success&session_id={CHECKOUT_SESSION_ID}")
	c.CheckoutCancelURL = str("CHECKOUT_CANCEL_URL", base+"/?checkout=cancel")
	c.BillingPortalReturnURL = str("BILLING_PORTAL_RETURN_URL", base+"/")
	c.PaymentGracePeriod = dur("PAYMENT_GRACE_PERIOD", 7*24*time.Hour)
	for _, p := range []string{"tiktok", "instagram", "youtube", "x"} {
		key := "SCRAPER_INPUT_" + strings.ToUpper(p)
		if v := strings.TrimSpace(getenv(key)); v != "" {
			var in map[string]any
			if err := json.Unmarshal([]byte(v), &in); err != nil {
				problems = append(problems, fmt.Errorf("%s: must be a JSON object: %w", key, err))
			}
			c.ScraperInputs[p] = in
		}
	}
	if err := c.LogLevel.UnmarshalText([]byte(str("LOG_LEVEL", "info"))); err != nil {
		problems = append(problems, fmt.Errorf("LOG_LEVEL: %w", err))
	}
	if strings.EqualFold(c.MetricsAddr, "off") {
		c.MetricsAddr = ""
	}
	if c.SessionSecret == "" {
		b := make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			return c, fmt.Errorf("generate session secret: %w", err)
		}
		c.SessionSecret = hex.EncodeToString(b)
		c.GeneratedSessionToken = true
	}
	if err := errors.Join(append(problems, c.Validate())...); err != nil {
		return c, err
	}
	return c, nil
}

// Validate reports every setting that is out of range, joined.
func (c Config) Validate() error {
	var problems []error
	bad := func(format string, args ...any) { problems = append(problems, fmt.Errorf(format, args...)) }
	if len(c.SessionSecret) < 32 {
		bad("SESSION_SECRET: must be at least 32 characters")
	}
	if c.SessionTTL < time.Minute {
		bad("SESSION_TTL: must be at least 1m")
	}
	if c.BcryptCost < bcrypt.MinCost || c.BcryptCost > bcrypt.MaxCost {
		bad("BCRYPT_COST: must be between %d and %d", bcrypt.MinCost, bcrypt.MaxCost)
	}
	if c.FoundingSpots < 0 {
		bad("FOUNDING_SPOTS: must not be negative")
	}
	if c.BodyLimit < 1024 {
		bad("BODY_LIMIT_BYTES: must be at least 1024")
	}
	if c.RequestTimeout < time.Second {
		bad("REQUEST_TIMEOUT: must be at least 1s")
	}
	if c.BatchTimeout < c.RequestTimeout {
		bad("BATCH_TIMEOUT: must be at least REQUEST_TIMEOUT")
	}
	if c.RedisCallTimeout < time.Millisecond || c.RedisCallTimeout > c.RequestTimeout {
		bad("REDIS_CALL_TIMEOUT: must be at least 1ms and at most REQUEST_TIMEOUT")
	}
	if c.DatabaseStatementTimeout < 100*time.Millisecond || c.DatabaseStatementTimeout > c.RequestTimeout {
		bad("DATABASE_STATEMENT_TIMEOUT: must be between 100ms and REQUEST_TIMEOUT")
	}
	if c.ClickHouseStatementTimeout < 100*time.Millisecond || c.ClickHouseStatementTimeout > c.RequestTimeout {
		bad("CLICKHOUSE_STATEMENT_TIMEOUT: must be between 100ms and REQUEST_TIMEOUT")
	}
	if c.CacheTTL < time.Second {
		bad("CACHE_TTL: must be at least 1s")
	}
	if c.StartValuesBytes < 0 {
		bad("START_VALUES_CACHE_BYTES: must be 0 (keep none) or more")
	}
	if c.DatabaseMaxConns < 2 || c.DatabaseMaxConns > 1000 {
		bad("DATABASE_MAX_CONNS: must be between 2 and 1000")
	}
	if c.ExportConcurrency < 1 || c.ExportConcurrencyPerWorkspace < 1 {
		bad("EXPORT_CONCURRENCY and EXPORT_CONCURRENCY_PER_WORKSPACE: must be at least 1")
	}
	if _, err := webhook.ParseAllowList(c.ChannelAllowedAddresses); err != nil {
		bad("CHANNEL_ALLOWED_ADDRESSES: %v", err)
	}
	if c.ExportStallTimeout < time.Second {
		bad("EXPORT_STALL_TIMEOUT: must be at least 1s")
	}
	if c.MetricsAddr != "" {
		if _, port, err := net.SplitHostPort(c.MetricsAddr); err != nil || port == "" {
			bad("METRICS_ADDR: %q is not host:port (e.g. 127.0.0.1:9464), or empty (or off) for no metrics listener", c.MetricsAddr)
		} else if c.MetricsAddr == c.HTTPAddr {
			bad("METRICS_ADDR: must differ from HTTP_ADDR: the metrics are served apart from the API")
		}
	}
	if c.SchedulerInterval != 0 {
		if c.SchedulerInterval < 100*time.Millisecond {
			bad("SCHEDULER_INTERVAL: must be at least 100ms, or empty to leave the cron routes to an external cron")
		}
		if c.CronSecret == "" {
			bad("SCHEDULER_INTERVAL: needs CRON_SECRET, the bearer secret the scheduler calls the cron routes with")
		}
	}
	if c.SnapshotRetention != 0 && c.SnapshotRetention < 24*time.Hour {
		bad("SNAPSHOT_RETENTION: must be at least 24h, or 0 to keep raw snapshots for ever")
	}
	if c.ScraperMaxPerRun < 1 || c.ScraperMaxPerRun > 1000 {
		bad("SCRAPER_MAX_TARGETS_PER_RUN: must be between 1 and 1000")
	}
	if c.ScraperPageSize < 10 || c.ScraperPageSize > 100000 {
		bad("SCRAPER_PAGE_SIZE: must be between 10 and 100000")
	}
	if u, err := url.Parse(c.ScraperBaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		bad("SCRAPER_BASE_URL: must be an http(s) URL")
	}
	if c.RateLimitPublic < 1 || c.RateLimitUser < 1 {
		bad("RATE_LIMIT_PUBLIC_PER_MINUTE and RATE_LIMIT_USER_PER_MINUTE: must be at least 1")
	}
	if c.RateLimitAPIKey < 1 {
		bad("RATE_LIMIT_API_KEY_PER_MINUTE: must be at least 1")
	}
	if u, err := url.Parse(c.PublicBaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		bad("PUBLIC_BASE_URL: must be an http(s) URL")
	}
	for _, o := range c.AllowedOrigins {
		if _, err := Origin(o); err != nil {
			bad("ALLOWED_ORIGINS: %v", err)
		}
	}
	if u, err := url.Parse(c.DatabaseURL); err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		bad("DATABASE_URL: must be a postgres:// URL")
	}
	if u, err := url.Parse(c.RedisURL); err != nil || (u.Scheme != "redis" && u.Scheme != "rediss") {
		bad("REDIS_URL: must be a redis:// URL")
	}
	if c.SMTPURL != "" {
		if err := mail.ValidateURL(c.SMTPURL); err != nil {
			bad("SMTP_URL: %v", err)
		}
	}
	if _, err := mail.ParseAddress(c.MailFrom); err != nil {
		bad("MAIL_FROM: %v", err)
	}
	for _, kv := range [][2]string{{"PAYPAL_API_URL", c.PayPalAPIURL}, {"PAYPAL_SANDBOX_API_URL", c.PayPalSandboxAPIURL}} {
		if u, err := url.Parse(kv[1]); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("%s: must be an http(s) URL", kv[0])
		}
	}
	problems = append(problems, c.validateBilling())
	if strings.ContainsAny(c.ClickHouseCluster, "`\"' .;") {
		bad("CLICKHOUSE_CLUSTER: must be a plain name")
	}
	if c.ClickHouseDatabase == "" || strings.ContainsAny(c.ClickHouseDatabase, "`\"' .;") {
		bad("CLICKHOUSE_DATABASE: must be a plain name")
	}
	if c.ClickHouseUser == "" {
		bad("CLICKHOUSE_USER: must not be empty")
	}
	// A password made for a developer machine, or none, is refused for a
	// ClickHouse that other machines reach (docs/clickhouse.md, Users).
	if !store.IsLoopback(c.ClickHouseAddr) {
		switch c.ClickHousePassword {
		case "":
			bad("CLICKHOUSE_PASSWORD: required for a ClickHouse on another machine (CLICKHOUSE_ADDR %s): the password of CLICKHOUSE_USER %s", c.ClickHouseAddr, c.ClickHouseUser)
		case store.LocalServicePassword, store.LocalAdminPassword:
			bad("CLICKHOUSE_PASSWORD: %s is the local development password; a ClickHouse on another machine (CLICKHOUSE_ADDR %s) needs a password of its own", c.ClickHousePassword, c.ClickHouseAddr)
		}
	}
	return errors.Join(problems...)
}

// validateBilling checks the Stripe settings: with a secret key, every paid
// plan needs both prices, and no price id may stand for two offers.
func (c Config) validateBilling() error {
	var problems []error
	bad := func(format string, args ...any) { problems = append(problems, fmt.Errorf(format, args...)) }
	if c.PaymentGracePeriod < 0 {
		bad("PAYMENT_GRACE_PERIOD: must not be negative")
	}
	if c.StripeSecretKey == "" {
		if c.StripeWebhookSecret != "" {
			bad("STRIPE_WEBHOOK_SECRET: needs STRIPE_SECRET_KEY, with which the webhook reads the subscriptions back")
		}
		return errors.Join(problems...)
	}
	if !strings.HasPrefix(c.StripeSecretKey, "sk_") && !strings.HasPrefix(c.StripeSecretKey, "rk_") {
		bad("STRIPE_SECRET_KEY: must be a secret or restricted key (sk_... or rk_...)")
	}
	for _, kv := range [][2]string{
		{"STRIPE_API_URL", c.StripeAPIURL}, {"CHECKOUT_SUCCESS_URL", c.CheckoutSuccessURL},
		{"CHECKOUT_CANCEL_URL", c.CheckoutCancelURL}, {"BILLING_PORTAL_RETURN_URL", c.BillingPortalReturnURL},
	} {
		if u, err := url.Parse(kv[1]); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("%s: must be an http(s) URL", kv[0])
		}
	}
	seen := map[string]string{}
	check := func(key, id string) {
		if id == "" {
			bad("%s: required with STRIPE_SECRET_KEY (the price id, price_...)", key)
			return
		}
		if other, dup := seen[id]; dup {
			bad("%s: the same price id as %s; each offer needs a price of its own", key, other)
		}
		seen[id] = key
	}
	for _, p := range plan.Paid() {
		check(StripePriceVar(p.Name, plan.Monthly), c.StripePrices.Monthly[p.Name])
		check(StripePriceVar(p.Name, plan.Yearly), c.StripePrices.Yearly[p.Name])
	}
	if c.StripePrices.Founding != "" {
		check("STRIPE_PRICE_FOUNDING", c.StripePrices.Founding)
	}
	return errors.Join(problems...)
}

// Origin returns raw's origin (scheme://host[:port]) in canonical form; a
// URL with a path, query, fragment or user is not an origin.
func Origin(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
		u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.ForceQuery || u.Fragment != "" {
		return "", fmt.Errorf("%q is not an origin such as https://app.example.com", raw)
	}
	scheme, host, port := strings.ToLower(u.Scheme), strings.ToLower(u.Hostname()), u.Port()
	if (scheme == "http" && port == "80") || (scheme == "https" && port == "443") {
		port = ""
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	if port != "" {
		host += ":" + port
	}
	return scheme + "://" + host, nil
}

// Origins returns PUBLIC_BASE_URL's origin, then ALLOWED_ORIGINS, canonical.
func (c Config) Origins() []string {
	var out []string
	if u, err := url.Parse(c.PublicBaseURL); err == nil {
		if o, err := Origin(u.Scheme + "://" + u.Host); err == nil {
			out = append(out, o)
		}
	}
	for _, raw := range c.AllowedOrigins {
		if o, err := Origin(raw); err == nil {
			out = append(out, o)
		}
	}
	return out
}

// Stores says how the server reaches PostgreSQL, ClickHouse and Redis.
func (c Config) Stores() store.Options {
	return store.Options{
		PostgresURL: c.DatabaseURL,
		Postgres:    store.PostgresOptions{MaxConns: c.DatabaseMaxConns, StatementTimeout: c.DatabaseStatementTimeout},
		ClickHouse: store.ClickHouseOptions{
			Addr: c.ClickHouseAddr, Database: c.ClickHouseDatabase, User: c.ClickHouseUser, Password: c.ClickHousePassword,
			Cluster: c.ClickHouseCluster, StatementTimeout: c.ClickHouseStatementTimeout,
		},
		RedisURL: c.RedisURL, RedisPrefix: c.RedisPrefix, RedisCallTimeout: c.RedisCallTimeout,
	}
}

// StripeLivemode reports whether the secret key is a live-mode key; events
// of the other mode are acknowledged and ignored.
func (c Config) StripeLivemode() bool {
	return strings.Contains(c.StripeSecretKey, "_live_")
}

// LogValue prints the settings with secrets masked.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("httpAddr", c.HTTPAddr),
		slog.String("metricsAddr", c.MetricsAddr),
		slog.String("publicBaseURL", c.PublicBaseURL),
		slog.Any("allowedOrigins", c.AllowedOrigins),
		slog.String("databaseURL", maskURL(c.DatabaseURL)),
		slog.Duration("databaseStatementTimeout", c.DatabaseStatementTimeout),
		slog.Duration("redisCallTimeout", c.RedisCallTimeout),
		slog.Duration("clickhouseStatementTimeout", c.ClickHouseStatementTimeout),
		slog.Int("databaseMaxConns", c.DatabaseMaxConns),
		slog.String("clickhouseAddr", c.ClickHouseAddr),
		slog.String("clickhouseDatabase", c.ClickHouseDatabase),
		slog.String("clickhouseUser", c.ClickHouseUser),
		slog.String("clickhousePassword", mask(c.ClickHousePassword)),
		slog.String("redisURL", maskURL(c.RedisURL)),
		slog.String("sessionSecret", mask(c.SessionSecret)),
		slog.Duration("sessionTTL", c.SessionTTL),
		slog.Bool("cookieSecure", c.CookieSecure),
		slog.String("cronSecret", mask(c.CronSecret)),
		slog.Duration("schedulerInterval", c.SchedulerInterval),
		slog.String("smtpURL", maskURL(c.SMTPURL)),
		slog.String("mailFrom", c.MailFrom),
		slog.String("scraperBaseURL", c.ScraperBaseURL),
		slog.String("scraperToken", mask(c.ScraperToken)),
		slog.String("scraperWebhookSecret", mask(c.ScraperWebhookSecret)),
		slog.Any("scraperActors", c.ScraperActors),
		slog.Bool("scraperYouTubeStreams", c.ScraperYouTubeStreams),
		slog.Int("foundingSpots", c.FoundingSpots),
		slog.String("stripeSecretKey", mask(c.StripeSecretKey)),
		slog.String("stripeAPIURL", c.StripeAPIURL),
		slog.String("stripeWebhookSecret", mask(c.StripeWebhookSecret)),
		slog.Any("stripePrices", c.StripePrices),
		slog.String("checkoutSuccessURL", c.CheckoutSuccessURL),
		slog.String("checkoutCancelURL", c.CheckoutCancelURL),
		slog.String("billingPortalReturnURL", c.BillingPortalReturnURL),
		slog.Duration("paymentGracePeriod", c.PaymentGracePeriod),
		slog.Int("bodyLimit", c.BodyLimit),
		slog.Int("rateLimitPublic", c.RateLimitPublic),
		slog.Int("rateLimitUser", c.RateLimitUser),
		slog.Int("rateLimitAPIKey", c.RateLimitAPIKey),
		slog.Duration("cacheTTL", c.CacheTTL),
		slog.Int("startValuesCacheBytes", c.StartValuesBytes),
		slog.Int("exportConcurrency", c.ExportConcurrency),
		slog.Int("exportConcurrencyPerWorkspace", c.ExportConcurrencyPerWorkspace),
		slog.Duration("exportStallTimeout", c.ExportStallTimeout),
		slog.String("channelAllowedAddresses", c.ChannelAllowedAddresses),
	)
}

func mask(s string) string {
	if s == "" {
		return ""
	}
	return "***"
}

func maskURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "***"
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "***")
	}
	return u.String()
}
