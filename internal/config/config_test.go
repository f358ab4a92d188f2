package config

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestDefaults(t *testing.T) {
	c, err := load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.HTTPAddr != "127.0.0.1:8080" || c.ClickHouseAddr != "127.0.0.1:9000" || c.FoundingSpots != 100 ||
		c.SessionTTL != 7*24*time.Hour || c.CookieSecure || !c.GeneratedSessionToken || len(c.SessionSecret) < 32 {
		t.Fatalf("defaults %+v", c)
	}
}

func TestEveryProblemIsReported(t *testing.T) {
	_, err := load(env(map[string]string{
		"SESSION_SECRET": "short",
		"SESSION_TTL":    "forever",
		"FOUNDING_SPOTS": "many",
		"COOKIE_SECURE":  "perhaps",
		"REDIS_URL":      "http://x",
	}))
	if err == nil {
		t.Fatal("no error")
	}
	for _, key := range []string{"SESSION_SECRET", "SESSION_TTL", "FOUNDING_SPOTS", "COOKIE_SECURE", "REDIS_URL"} {
		if !strings.Contains(err.Error(), key) {
			t.Errorf("error does not name %s:\n%v", key, err)
		}
	}
}

func TestSecretsAreMaskedInLogs(t *testing.T) {
	c, err := load(env(map[string]string{
		"SESSION_SECRET":             "super-secret-value-super-secret-value",
		"CRON_SECRET":                "cron-secret-value",
		"CLICKHOUSE_PASSWORD":        "ch-password-value",
		"DATABASE_URL":               "postgres://app:pg-password-value@db:5432/reeltrack",
		"SMTP_URL":                   "smtps://alerts%40example.com:smtp-password-value@smtp.example.com",
		"STRIPE_SECRET_KEY":          "sk_test_stripe-key-value",
		"STRIPE_WEBHOOK_SECRET":      "whsec_webhook-secret-value",
		"STRIPE_PRICE_STARTER_MONTH": "price_sm", "STRIPE_PRICE_STARTER_YEAR": "price_sy",
		"STRIPE_PRICE_GROWTH_MONTH": "price_gm", "STRIPE_PRICE_GROWTH_YEAR": "price_gy",
		"STRIPE_PRICE_AGENCY_MONTH": "price_am", "STRIPE_PRICE_AGENCY_YEAR": "price_ay",
	}))
	if err != nil {
		t.Fatal(err)
	}
	out := fmt.Sprint(c.LogValue().Any())
	for _, secret := range []string{"super-secret-value", "cron-secret-value", "ch-password-value", "pg-password-value", "smtp-password-value",
		"stripe-key-value", "webhook-secret-value"} {
		if strings.Contains(out, secret) {
			t.Fatalf("log value shows %q: %s", secret, out)
		}
	}
}

func TestMailSettings(t *testing.T) {
	c, err := load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.SMTPURL != "" || c.MailFrom != "reeltrack <alerts@localhost>" {
		t.Fatalf("mail defaults %q %q", c.SMTPURL, c.MailFrom)
	}
	c, err = load(env(map[string]string{
		"SMTP_URL":  "smtp://alerts:smtp-pw@smtp.example.com:587",
		"MAIL_FROM": "Reeltrack Alerts <alerts@example.com>",
	}))
	if err != nil || c.SMTPURL != "smtp://alerts:smtp-pw@smtp.example.com:587" || c.MailFrom != "Reeltrack Alerts <alerts@example.com>" {
		t.Fatalf("%+v %v", c, err)
	}
	for _, tc := range []struct{ key, value string }{
		{"SMTP_URL", "http://alerts:smtp-pw@smtp.example.com"},
		{"SMTP_URL", "smtp://alerts:smtp-pw@smtp.example.com?starttls=false"},
		{"SMTP_URL", "smtp://alerts:smtp-pw%zz@smtp.example.com"},
		{"MAIL_FROM", "nobody"},
		{"MAIL_FROM", "Alerts\r\nBcc: evil@example.com <alerts@example.com>"},
	} {
		_, err := load(env(map[string]string{tc.key: tc.value}))
		if err == nil || !strings.Contains(err.Error(), tc.key) {
			t.Errorf("%s=%q: %v", tc.key, tc.value, err)
		} else if strings.Contains(err.Error(), "smtp-pw") {
			t.Errorf("%s=%q: error shows the password: %v", tc.key, tc.value, err)
		}
	}
}

func TestSchedulerInterval(t *testing.T) {
	c, err := load(env(nil))
	if err != nil || c.SchedulerInterval != 0 {
		t.Fatalf("default: %v, %v; want off", c.SchedulerInterval, err)
	}
	c, err = load(env(map[string]string{"SCHEDULER_INTERVAL": "1m", "CRON_SECRET": "s"}))
	if err != nil || c.SchedulerInterval != time.Minute {
		t.Fatalf("1m: %v, %v", c.SchedulerInterval, err)
	}
	for _, tc := range []struct{ interval, secret string }{
		{"1m", ""},    // the scheduler calls the cron routes with the secret
		{"soon", "s"}, // not a duration
		{"10ms", "s"}, // too often
		{"-1m", "s"},  // negative
	} {
		_, err := load(env(map[string]string{"SCHEDULER_INTERVAL": tc.interval, "CRON_SECRET": tc.secret}))
		if err == nil || !strings.Contains(err.Error(), "SCHEDULER_INTERVAL") {
			t.Errorf("SCHEDULER_INTERVAL=%q CRON_SECRET=%q: %v", tc.interval, tc.secret, err)
		}
	}
}

func TestSnapshotRetention(t *testing.T) {
	c, err := load(env(nil))
	if err != nil || c.SnapshotRetention != 90*24*time.Hour {
		t.Fatalf("default: %v, %v; want 2160h", c.SnapshotRetention, err)
	}
	for value, want := range map[string]time.Duration{"0": 0, "0s": 0, "720h": 720 * time.Hour} {
		c, err := load(env(map[string]string{"SNAPSHOT_RETENTION": value}))
		if err != nil || c.SnapshotRetention != want {
			t.Errorf("%q: %v, %v; want %v", value, c.SnapshotRetention, err, want)
		}
	}
	for _, value := range []string{"forever", "-720h", "1h"} {
		_, err := load(env(map[string]string{"SNAPSHOT_RETENTION": value}))
		if err == nil || !strings.Contains(err.Error(), "SNAPSHOT_RETENTION") {
			t.Errorf("%q: %v", value, err)
		}
	}
}

func TestBillingSettings(t *testing.T) {
	c, err := load(env(map[string]string{"PUBLIC_BASE_URL": "https://track.example.com/"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.StripeSecretKey != "" || c.StripeAPIURL != "https://api.stripe.com" || c.PaymentGracePeriod != 7*24*time.Hour ||
		c.CheckoutSuccessURL != "https://track.example.com/?checkout=success&session_id={CHECKOUT_SESSION_ID}" ||
		c.CheckoutCancelURL != "https://track.example.com/?checkout=cancel" || c.BillingPortalReturnURL != "https://track.example.com/" {
		t.Fatalf("billing defaults %+v", c)
	}

	prices := map[string]string{
		"STRIPE_SECRET_KEY":          "sk_test_123",
		"STRIPE_PRICE_STARTER_MONTH": "price_sm", "STRIPE_PRICE_STARTER_YEAR": "price_sy",
		"STRIPE_PRICE_GROWTH_MONTH": "price_gm", "STRIPE_PRICE_GROWTH_YEAR": "price_gy",
		"STRIPE_PRICE_AGENCY_MONTH": "price_am", "STRIPE_PRICE_AGENCY_YEAR": "price_ay",
		"STRIPE_PRICE_FOUNDING": "price_f", "STRIPE_API_URL": "http://127.0.0.1:12111/",
	}
	c, err = load(env(prices))
	if err != nil {
		t.Fatal(err)
	}
	if c.StripePrices.Monthly["growth"] != "price_gm" || c.StripePrices.Yearly["agency"] != "price_ay" || c.StripePrices.Founding != "price_f" ||
		c.StripeAPIURL != "http://127.0.0.1:12111" || c.StripeLivemode() {
		t.Fatalf("billing settings %+v", c)
	}

	// A key without prices names every missing price.
	_, err = load(env(map[string]string{"STRIPE_SECRET_KEY": "sk_test_123"}))
	for _, key := range []string{"STRIPE_PRICE_STARTER_MONTH", "STRIPE_PRICE_STARTER_YEAR", "STRIPE_PRICE_GROWTH_MONTH",
		"STRIPE_PRICE_GROWTH_YEAR", "STRIPE_PRICE_AGENCY_MONTH", "STRIPE_PRICE_AGENCY_YEAR"} {
		if err == nil || !strings.Contains(err.Error(), key) {
			t.Errorf("key without prices: %v does not name %s", err, key)
		}
	}
	for name, change := range map[string]map[string]string{
		"STRIPE_PRICE_FOUNDING":     {"STRIPE_PRICE_FOUNDING": "price_gy"},
		"STRIPE_SECRET_KEY":         {"STRIPE_SECRET_KEY": "pk_test_123"},
		"CHECKOUT_SUCCESS_URL":      {"CHECKOUT_SUCCESS_URL": "/billing"},
		"BILLING_PORTAL_RETURN_URL": {"BILLING_PORTAL_RETURN_URL": "ftp://x"},
		"PAYMENT_GRACE_PERIOD":      {"PAYMENT_GRACE_PERIOD": "-1h"},
	} {
		e := map[string]string{}
		for k, v := range prices {
			e[k] = v
		}
		for k, v := range change {
			e[k] = v
		}
		if _, err := load(env(e)); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%v: %v, want an error naming %s", change, err, name)
		}
	}
	_, err = load(env(map[string]string{"STRIPE_WEBHOOK_SECRET": "whsec_x"}))
	if err == nil || !strings.Contains(err.Error(), "STRIPE_WEBHOOK_SECRET") {
		t.Errorf("webhook secret without a key: %v", err)
	}
	if c, err := load(env(map[string]string{"STRIPE_SECRET_KEY": "sk_live_abc", "STRIPE_PRICE_STARTER_MONTH": "a", "STRIPE_PRICE_STARTER_YEAR": "b",
		"STRIPE_PRICE_GROWTH_MONTH": "c", "STRIPE_PRICE_GROWTH_YEAR": "d", "STRIPE_PRICE_AGENCY_MONTH": "e", "STRIPE_PRICE_AGENCY_YEAR": "f"})); err != nil || !c.StripeLivemode() {
		t.Errorf("live key: %v, livemode %v", err, c.StripeLivemode())
	}
}

func TestAllowedOrigins(t *testing.T) {
	c, err := load(env(map[string]string{
		"PUBLIC_BASE_URL": "https://App.Example.com:443/dashboard",
		"ALLOWED_ORIGINS": " https://Landing.example.com , http://127.0.0.1:3000/ ,,http://www.example.org:80",
	}))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"https://app.example.com", "https://landing.example.com", "http://127.0.0.1:3000", "http://www.example.org"}
	if got := c.Origins(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("origins %v, want %v", got, want)
	}
	for _, bad := range []string{"null", "example.com", "ftp://example.com", "https://example.com/path", "https://example.com?x", "https://u:p@example.com", "https://"} {
		_, err := load(env(map[string]string{"ALLOWED_ORIGINS": "https://ok.example.com," + bad}))
		if err == nil || !strings.Contains(err.Error(), "ALLOWED_ORIGINS") {
			t.Errorf("ALLOWED_ORIGINS=%q: error %v", bad, err)
		}
	}
}

func TestScraperYouTubeStreams(t *testing.T) {
	c, err := load(env(nil))
	if err != nil || c.ScraperYouTubeStreams {
		t.Fatalf("default: %v, %v; want off", c.ScraperYouTubeStreams, err)
	}
	c, err = load(env(map[string]string{"SCRAPER_YOUTUBE_STREAMS": "true"}))
	if err != nil || !c.ScraperYouTubeStreams {
		t.Fatalf("true: %v, %v", c.ScraperYouTubeStreams, err)
	}
	if _, err := load(env(map[string]string{"SCRAPER_YOUTUBE_STREAMS": "sometimes"})); err == nil || !strings.Contains(err.Error(), "SCRAPER_YOUTUBE_STREAMS") {
		t.Fatalf("sometimes: %v", err)
	}
}

func TestLoadBounds(t *testing.T) {
	c, err := load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.DatabaseMaxConns != 20 || c.ExportConcurrency != 8 || c.ExportConcurrencyPerWorkspace != 2 || c.ExportStallTimeout != 30*time.Second || c.StartValuesBytes != 256<<20 {
		t.Errorf("defaults: max conns %d, exports %d, per workspace %d, stall %s, start values %d bytes",
			c.DatabaseMaxConns, c.ExportConcurrency, c.ExportConcurrencyPerWorkspace, c.ExportStallTimeout, c.StartValuesBytes)
	}
	c, err = load(env(map[string]string{"DATABASE_MAX_CONNS": "40", "EXPORT_CONCURRENCY": "16", "EXPORT_CONCURRENCY_PER_WORKSPACE": "4", "EXPORT_STALL_TIMEOUT": "1m", "START_VALUES_CACHE_BYTES": "0"}))
	if err != nil || c.DatabaseMaxConns != 40 || c.ExportConcurrency != 16 || c.ExportConcurrencyPerWorkspace != 4 || c.ExportStallTimeout != time.Minute || c.StartValuesBytes != 0 {
		t.Errorf("set: %+v, %v", c, err)
	}
	_, err = load(env(map[string]string{"DATABASE_MAX_CONNS": "1", "EXPORT_CONCURRENCY": "0", "EXPORT_STALL_TIMEOUT": "10ms", "START_VALUES_CACHE_BYTES": "-1"}))
	for _, key := range []string{"DATABASE_MAX_CONNS", "EXPORT_CONCURRENCY", "EXPORT_STALL_TIMEOUT", "START_VALUES_CACHE_BYTES"} {
		if err == nil || !strings.Contains(err.Error(), key) {
			t.Errorf("error does not name %s: %v", key, err)
		}
	}
}

func TestClickHouseStatementTimeout(t *testing.T) {
	c, err := load(env(nil))
	if err != nil || c.ClickHouseStatementTimeout != 2500*time.Millisecond || c.Stores().ClickHouse.StatementTimeout != c.ClickHouseStatementTimeout {
		t.Fatalf("default: %s (stores: %s), %v", c.ClickHouseStatementTimeout, c.Stores().ClickHouse.StatementTimeout, err)
	}
	c, err = load(env(map[string]string{"CLICKHOUSE_STATEMENT_TIMEOUT": "4s"}))
	if err != nil || c.Stores().ClickHouse.StatementTimeout != 4*time.Second {
		t.Fatalf("set: %s, %v", c.ClickHouseStatementTimeout, err)
	}
	for _, bad := range []string{"10ms", "1m"} {
		if _, err := load(env(map[string]string{"CLICKHOUSE_STATEMENT_TIMEOUT": bad})); err == nil || !strings.Contains(err.Error(), "CLICKHOUSE_STATEMENT_TIMEOUT") {
			t.Errorf("CLICKHOUSE_STATEMENT_TIMEOUT=%s: %v", bad, err)
		}
	}
}

// TestBatchTimeout: the cron routes and the completion webhook are bounded
// by BATCH_TIMEOUT (5 minutes), never shorter than REQUEST_TIMEOUT.
func TestBatchTimeout(t *testing.T) {
	c, err := load(env(nil))
	if err != nil || c.BatchTimeout != 5*time.Minute {
		t.Fatalf("default: %s, %v", c.BatchTimeout, err)
	}
	if c, err = load(env(map[string]string{"BATCH_TIMEOUT": "30m"})); err != nil || c.BatchTimeout != 30*time.Minute {
		t.Fatalf("set: %s, %v", c.BatchTimeout, err)
	}
	if _, err := load(env(map[string]string{"BATCH_TIMEOUT": "10s", "REQUEST_TIMEOUT": "15s"})); err == nil || !strings.Contains(err.Error(), "BATCH_TIMEOUT") {
		t.Errorf("BATCH_TIMEOUT below REQUEST_TIMEOUT: %v", err)
	}
}

// TestClickHouseCredentials: the service logs in as its own user; the local
// development password is taken only for a ClickHouse on this machine, and
// a ClickHouse elsewhere needs a password of its own.
func TestClickHouseCredentials(t *testing.T) {
	c, err := load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.ClickHouseUser != "reeltrack" || c.ClickHousePassword != "reeltrack-local" || !c.LocalClickHousePassword {
		t.Errorf("local defaults: user %q, password %q, local %v", c.ClickHouseUser, c.ClickHousePassword, c.LocalClickHousePassword)
	}
	c, err = load(env(map[string]string{"CLICKHOUSE_ADDR": "clickhouse:9000", "CLICKHOUSE_PASSWORD": "a-password-of-its-own"}))
	if err != nil || c.ClickHouseUser != "reeltrack" || c.ClickHousePassword != "a-password-of-its-own" || c.LocalClickHousePassword {
		t.Errorf("another machine with a password: %+v %v", c, err)
	}
	// another user, e.g. the current engine of the tests, which has none
	c, err = load(env(map[string]string{"CLICKHOUSE_ADDR": "http://127.0.0.1:8124", "CLICKHOUSE_USER": "default"}))
	if err != nil || c.ClickHouseUser != "default" || c.ClickHousePassword != "" {
		t.Errorf("another user on this machine: %+v %v", c, err)
	}
	for _, m := range []map[string]string{
		{"CLICKHOUSE_ADDR": "clickhouse:9000"},
		{"CLICKHOUSE_ADDR": "clickhouse:9000", "CLICKHOUSE_PASSWORD": "reeltrack-local"},
		{"CLICKHOUSE_ADDR": "127.0.0.1:19001,10.0.0.7:9000", "CLICKHOUSE_USER": "default"},
	} {
		if _, err := load(env(m)); err == nil || !strings.Contains(err.Error(), "CLICKHOUSE_PASSWORD") {
			t.Errorf("%v: %v, want CLICKHOUSE_PASSWORD refused", m, err)
		}
	}
}
