package wiring_test

import (
	"context"
	"log/slog"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/jackc/pgx/v5/pgxpool"

	reeltrack "github.com/reeltrack/reeltrack"
	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/config"
	"github.com/reeltrack/reeltrack/internal/mail"
	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/store"
)

// optional are the fields of the use cases that are nil by design in a
// server without the optional services, by their path from api.Handlers.
var optional = []string{
	// no scraping provider (SCRAPER_TOKEN): items are recorded, not scraped
	"Track.Start.Provider",
	"Refresh.Start.Provider",
	"OrganiseItems.Start.Provider",
	"SubmitPosts.Track.Start.Provider",
	"SaveWatches.Track.Start.Provider",
	"SaveCompetitors.Track.Start.Provider",
	"Complete.Captures.Handler.Track.Start.Provider",
	"Complete.Provider",
	// no payment provider (STRIPE_SECRET_KEY): the billing routes answer 503
	"Checkout.Provider",
	"Portal.Provider",
	"ApplyPayment.Provider",
	"Plans.Provider",
	// the zero Resolver makes a client of its own; tests give theirs
	"Track.Resolver.Client",
	"SubmitPosts.Track.Resolver.Client",
	"SaveWatches.Track.Resolver.Client",
	"SaveCompetitors.Track.Resolver.Client",
	"Complete.Captures.Handler.Track.Resolver.Client",
}

// TestHandlersHaveTheirDependencies builds the handlers as cmd/server does,
// without a scraping or payment provider, and fails for each func,
// pointer, interface or map a use case holds nil, naming its path: the
// handlers call their dependencies without checking them.
func TestHandlersHaveTheirDependencies(t *testing.T) {
	t.Setenv("SESSION_SECRET", strings.Repeat("s", 32))
	t.Setenv("SCRAPER_TOKEN", "")
	t.Setenv("STRIPE_SECRET_KEY", "")
	t.Setenv("SMTP_URL", "")
	cfg, err := config.Load()
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	// none of these connects before its first use
	db, err := pgxpool.New(context.Background(), cfg.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	ch, err := clickhouse.Open(&clickhouse.Options{Addr: []string{"127.0.0.1:9000"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ch.Close() })
	rds, err := store.OpenRedis(cfg.RedisURL, "", log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rds.Close() })
	passwords, err := auth.NewPasswords(4)
	if err != nil {
		t.Fatal(err)
	}
	sender, err := mail.NewSender(mail.Options{URL: cfg.SMTPURL, From: cfg.MailFrom}, log)
	if err != nil {
		t.Fatal(err)
	}
	d := wiring.API(wiring.Deps{
		Config: cfg, Log: log, DB: db, CH: ch, Redis: rds,
		Tokens: auth.NewTokens(cfg.SessionSecret, cfg.SessionTTL), Passwords: passwords, OpenAPI: reeltrack.OpenAPI,
		Now: time.Now, Actors: ingest.Actors{}, Mail: outbox.Mailer{Mail: sender}, Metrics: metrics.New(),
	})

	var missing []string
	walk(reflect.ValueOf(d.Handlers), "", map[uintptr]bool{}, &missing)
	for _, path := range missing {
		if !slices.Contains(optional, path) {
			t.Errorf("%s is nil", path)
		}
	}
	for _, path := range optional {
		if !slices.Contains(missing, path) {
			t.Errorf("%s is allowed to be nil, and is not: take it off the list", path)
		}
	}
}

const module = "github.com/reeltrack/reeltrack/"

// walk records the nil exported fields of v's structs of this module, and
// of those they hold (by value, pointer or interface), under path.
func walk(v reflect.Value, path string, seen map[uintptr]bool, missing *[]string) {
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		fv, p := v.Field(i), strings.TrimPrefix(path+"."+f.Name, ".")
		switch fv.Kind() {
		case reflect.Func, reflect.Pointer, reflect.Interface, reflect.Map:
			if fv.IsNil() {
				*missing = append(*missing, p)
				continue
			}
		}
		into(fv, p, seen, missing)
	}
}

// into walks v when it is, or leads to, a struct of this module.
func into(v reflect.Value, path string, seen map[uintptr]bool, missing *[]string) {
	switch v.Kind() {
	case reflect.Interface:
		into(v.Elem(), path, seen, missing)
	case reflect.Pointer:
		if seen[v.Pointer()] {
			return
		}
		seen[v.Pointer()] = true
		into(v.Elem(), path, seen, missing)
	case reflect.Struct:
		if strings.HasPrefix(v.Type().PkgPath(), module) {
			walk(v, path, seen, missing)
		}
	}
}
