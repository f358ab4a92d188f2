// Command scrapersim stands in for the scraping provider (the Apify API v2
// and the public actors the service drives): it starts runs, calls their
// webhooks, and serves dataset items in the real actors' formats, with
// counts that grow over simulated time and the awkward cases of real data.
//
//	go run ./cmd/scrapersim -speed 3600   # one real second is a simulated hour
//
// Point the service at http://127.0.0.1:8090 with the token sim-token and
// the real actor names (clockworks~tiktok-scraper, apify~instagram-scraper,
// streamers~youtube-scraper, apidojo~tweet-scraper, …).
//
// Every item is a pure function of its input and the simulated time: the
// same profile lists the same videos with the same ids, captions and
// publish times, new videos appear as time runs, and counts only grow.
// The world is laid out from the epoch (-epoch, default the start): posts,
// counts and captions relative to it are the same whenever the simulator
// starts, so what a test sees never depends on the hour it runs.
// Inputs can force cases: a handle or URL containing "private" or
// "notfound" gives a per-input error row in a run that still succeeds;
// "failrun" fails the run; "timedout" times it out; "spike" makes its items
// take off: from the second run started with that input on, they show
// 1,000,000 more views than their curve (a count the quirks wrote as text
// stays as it is), so a test knows which video jumped between two scrapes.
// That run count is the only thing the simulator remembers about inputs.
//
// -quirks (on by default) adds the awkward cases of real data that the
// clean items lack. Counts are written now and then as strings, comma
// strings, null, or left out (per video, field and hour). Listings leave
// out the publish time of some posts younger than 48 h (TikTok 25 %,
// Instagram 15 %, X 5 % of them, always the same posts), as the actors do
// with the newest posts; a later scrape shows it once the post is older,
// and TikTok and X ids still carry it. A TikTok profile listing holds
// reposts (4 % of its slots): another author's video, isRepost, from the
// "reposts" section. A third of X replies answer the author's own tweet (a
// thread), not another account. -quirks=false leaves these cases out and
// changes nothing else.
//
// -empty-every N puts an empty item ({}) first and last in every N
// positions of each dataset. A read with clean=true (or skipEmpty=true)
// drops them after offset and limit apply, as Apify does, so pages come
// back short while more items follow; X-Apify-Pagination-Total counts
// them.
//
// -keep-datasets renders each dataset once, at its first read, and serves
// it from memory after (about 4 KB an item), as the provider serves a
// stored dataset; by default pages are generated as they are read and
// nothing is held. The ingest benchmark uses it to measure the service
// without the simulator's generation on the same cores.
//
// -study NAME runs a simulation over the simulator's world instead of
// serving, prints its figures and exits (see study.go; make study).
//
// POST /sim/clock?by=90m (with the token) moves the simulator's wall clock,
// and with it run times and simulated time, forward: for tests whose
// scrapes must lie hours apart.
//
// POST /sim/bio (with the token; body {"platform", "handle", "bio"}) sets an
// account's bio, as its owner edits it on the platform: its items show it
// from then on (TikTok's authorMeta.signature, Instagram's biography, X's
// author description, YouTube's channelDescription). A creator proving it
// owns an account puts its verification code there.
//
// Every flag can also be set by an environment variable: -run-duration is
// SCRAPERSIM_RUN_DURATION, and so on. Flags win over the environment.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Config is the simulator's configuration.
type Config struct {
	Addr               string
	Token              string
	RunDuration        time.Duration // from start to the terminal status
	Speed              float64       // simulated seconds per real second
	Epoch              time.Time     // when simulated time equals real time; zero: at start
	FailRate           float64       // share of runs that fail, spread evenly
	Rate429            int           // answer every Nth /v2 request with 429; 0: never
	DuplicateWebhooks  bool
	WebhookRetries     int
	WebhookBackoff     time.Duration // first back-off; doubles up to 10 s
	WebhookTimeout     time.Duration // per delivery attempt
	ItemsPerProfileMax int
	Quirks             bool // the awkward cases of real data (see the package doc)
	// Study names a study to run instead of serving; empty: serve.
	Study string
	// EmptyEvery (at least 3) makes the ends of every EmptyEvery positions empty items.
	EmptyEvery int
	// KeepDatasets renders each dataset once, at its first read, and serves it
	// from memory after (about 4 KB an item), as the provider serves a stored
	// dataset; otherwise every page is generated as it is read, holding nothing.
	KeepDatasets bool

	Now func() time.Time // nil: time.Now; tests set it
}

// Validate reports every problem at once.
func (c Config) Validate() error {
	var errs []error
	if c.Addr == "" {
		errs = append(errs, errors.New("addr is empty"))
	}
	if c.Token == "" {
		errs = append(errs, errors.New("token is empty"))
	}
	if c.RunDuration < 0 {
		errs = append(errs, errors.New("run-duration is negative"))
	}
	if c.Speed <= 0 {
		errs = append(errs, errors.New("speed must be above 0"))
	}
	if c.FailRate < 0 || c.FailRate > 1 {
		errs = append(errs, errors.New("fail-rate must be between 0 and 1"))
	}
	if c.Rate429 < 0 {
		errs = append(errs, errors.New("rate429 is negative"))
	}
	if c.WebhookRetries < 0 {
		errs = append(errs, errors.New("webhook-retries is negative"))
	}
	if c.WebhookBackoff <= 0 || c.WebhookTimeout <= 0 {
		errs = append(errs, errors.New("webhook-backoff and webhook-timeout must be above 0"))
	}
	if c.EmptyEvery < 0 || c.EmptyEvery == 1 || c.EmptyEvery == 2 {
		errs = append(errs, errors.New("empty-every must be 0 or at least 3"))
	}
	if c.ItemsPerProfileMax < 1 {
		errs = append(errs, errors.New("items-per-profile-max must be at least 1"))
	}
	return errors.Join(errs...)
}

// LogValue prints the configuration with the token masked.
func (c Config) LogValue() slog.Value {
	token := "***"
	if len(c.Token) > 4 {
		token = c.Token[:2] + "***"
	}
	epoch := "start"
	if !c.Epoch.IsZero() {
		epoch = c.Epoch.Format(time.RFC3339)
	}
	return slog.GroupValue(
		slog.String("addr", c.Addr), slog.String("token", token), slog.Duration("run_duration", c.RunDuration),
		slog.Float64("speed", c.Speed), slog.String("epoch", epoch), slog.Float64("fail_rate", c.FailRate),
		slog.Int("rate429", c.Rate429), slog.Bool("duplicate_webhooks", c.DuplicateWebhooks),
		slog.Int("webhook_retries", c.WebhookRetries), slog.Int("items_per_profile_max", c.ItemsPerProfileMax),
		slog.Bool("quirks", c.Quirks), slog.Int("empty_every", c.EmptyEvery), slog.Bool("keep_datasets", c.KeepDatasets),
	)
}

// loadConfig reads flags over environment variables over defaults.
func loadConfig(args []string, getenv func(string) string) (Config, error) {
	fs := flag.NewFlagSet("scrapersim", flag.ContinueOnError)
	var errs []error
	str := func(name, def, usage string) *string {
		env := "SCRAPERSIM_" + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
		if v := getenv(env); v != "" {
			def = v
		}
		return fs.String(name, def, usage+" (env "+env+")")
	}
	addr := str("addr", "127.0.0.1:8090", "listen address")
	token := str("token", "sim-token", "API token clients must send")
	runDuration := str("run-duration", "300ms", "time from a run's start to its end")
	speed := str("speed", "1", "simulated seconds per real second (3600: a second is an hour)")
	epoch := str("epoch", "", "RFC 3339 instant where simulated time equals real time (default: start); set it to when you first started, to keep counts growing across restarts")
	failRate := str("fail-rate", "0", "share of runs that end FAILED, spread evenly over the run sequence")
	rate429 := str("rate429", "0", "answer every Nth API request with 429 rate-limit-exceeded (0: never)")
	dup := str("duplicate-webhooks", "false", "deliver every webhook twice")
	retries := str("webhook-retries", "8", "webhook retries after a failed delivery")
	backoff := str("webhook-backoff", "200ms", "first webhook retry back-off (doubles up to 10s)")
	hookTimeout := str("webhook-timeout", "30s", "timeout of one webhook delivery attempt")
	perProfile := str("items-per-profile-max", "1000", "most items one profile, channel or handle may list")
	quirksOn := str("quirks", "true", "the awkward cases of real data: some counts as strings, comma strings, null or missing; no publish time for some posts under 48 h old in listings; TikTok reposts in profile listings; X self-replies (threads)")
	study := str("study", "", "run the named study (a simulation over the simulator's world: "+studyNames()+") and print its figures instead of serving")
	emptyEvery := str("empty-every", "0", "make the first and last of every N positions of each dataset an empty item, which clean=true drops after offset and limit apply, as Apify does: a reader with page size N gets every page two items short (0: none)")
	keep := str("keep-datasets", "false", "render each dataset once, at its first read, and serve it from memory after (about 4 KB an item), as the provider serves a stored dataset; otherwise pages are generated as they are read and nothing is held")
	if err := fs.Parse(args); err != nil {
		return Config{}, err
	}
	dur := func(name, v string) time.Duration { return parseFlag(&errs, name, v, time.ParseDuration) }
	num := func(name, v string) int { return parseFlag(&errs, name, v, strconv.Atoi) }
	float := func(name, v string) float64 {
		return parseFlag(&errs, name, v, func(s string) (float64, error) { return strconv.ParseFloat(s, 64) })
	}
	boolean := func(name, v string) bool { return parseFlag(&errs, name, v, strconv.ParseBool) }
	cfg := Config{
		Addr:               *addr,
		Token:              *token,
		RunDuration:        dur("run-duration", *runDuration),
		Speed:              float("speed", *speed),
		FailRate:           float("fail-rate", *failRate),
		Rate429:            num("rate429", *rate429),
		DuplicateWebhooks:  boolean("duplicate-webhooks", *dup),
		WebhookRetries:     num("webhook-retries", *retries),
		WebhookBackoff:     dur("webhook-backoff", *backoff),
		WebhookTimeout:     dur("webhook-timeout", *hookTimeout),
		ItemsPerProfileMax: num("items-per-profile-max", *perProfile),
		Quirks:             boolean("quirks", *quirksOn),
		EmptyEvery:         num("empty-every", *emptyEvery),
		KeepDatasets:       boolean("keep-datasets", *keep),
		Study:              *study,
	}
	if *epoch != "" {
		t, err := time.Parse(time.RFC3339, *epoch)
		if err != nil {
			errs = append(errs, fmt.Errorf("epoch: %w", err))
		}
		cfg.Epoch = t
	}
	errs = append(errs, cfg.Validate())
	return cfg, errors.Join(errs...)
}

func main() {
	if err := run(os.Args[1:], os.Getenv); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		fmt.Fprintln(os.Stderr, "scrapersim:", err)
		os.Exit(1)
	}
}

func run(args []string, getenv func(string) string) error {
	cfg, err := loadConfig(args, getenv)
	if err != nil {
		return err
	}
	if cfg.Study != "" {
		return runStudy(cfg.Study, os.Stdout)
	}
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	sim := NewServer(cfg, log)
	defer sim.Close()
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	srv := &http.Server{Handler: sim, ReadHeaderTimeout: 10 * time.Second}
	log.Info("scrapersim listening", "config", cfg)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return srv.Shutdown(shutdown)
}

func parseFlag[T any](errs *[]error, name, v string, parse func(string) (T, error)) T {
	x, err := parse(v)
	if err != nil {
		*errs = append(*errs, fmt.Errorf("%s: %w", name, err))
	}
	return x
}
