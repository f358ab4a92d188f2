package main

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/internal/store"
)

// The growth phase compares the default world with larger ones: the cold
// answers' cost must grow with the work, not with the history kept nor the
// videos of the workspace beyond the page shown.
const (
	// four times the history: the answers read the same windows
	targetLongHistory = 1.5
	// more videos: the overview as fast as at 10,000
	targetManyVideos = 1.5
)

type growthScenario struct {
	Name   string
	Suffix string // of the scenario's databases and Redis prefix
	Sizes  func(sizes) sizes
	// Target is the largest allowed ratio of its cold p95 to the default world's
	// per route; Within the largest cold p95; a route without either is
	// reported only.
	Target map[string]float64
	Within map[string]time.Duration
}

// growthScenarios: 365 days; ten times the videos; and an agency's
// workspace of a hundred times the videos (1,000,000 by default) at the
// density its refresh budget gives (sizes.Budget).
var growthScenarios = []growthScenario{
	{
		Name: "365 days of history", Suffix: "365d",
		Sizes: func(s sizes) sizes { s.Days = s.Days * 365 / 90; return s },
		Target: map[string]float64{
			routeOverview: targetLongHistory, routeVideos: targetLongHistory,
		},
	},
	{
		Name: "10× the videos", Suffix: "10x",
		Sizes:  func(s sizes) sizes { s.Videos, s.Accounts = s.Videos*10, s.Accounts*10; return s },
		Target: map[string]float64{routeOverview: targetManyVideos},
		Within: map[string]time.Duration{routeOverview: 150 * time.Millisecond, routeVideos: 30 * time.Millisecond,
			routeVideosGain24h: 30 * time.Millisecond, routeVideosGain7d: 30 * time.Millisecond,
			routeCollection: 30 * time.Millisecond, routeCollection24h: 30 * time.Millisecond},
	},
	{
		Name: "100× the videos, budget density", Suffix: "100x",
		Sizes:  func(s sizes) sizes { s.Videos, s.Accounts, s.Budget = s.Videos*100, s.Accounts*50, true; return s },
		Target: map[string]float64{routeOverview: targetManyVideos},
		Within: map[string]time.Duration{routeOverview: 250 * time.Millisecond, routeVideos: 60 * time.Millisecond,
			routeVideosGain24h: 60 * time.Millisecond, routeVideosGain7d: 60 * time.Millisecond,
			routeCollection: 60 * time.Millisecond, routeCollection24h: 60 * time.Millisecond},
	},
}

func scenarioNames() string {
	var out []string
	for _, sc := range growthScenarios {
		out = append(out, sc.Suffix)
	}
	return strings.Join(out, ", ")
}

const (
	routeOverview      = "GET /api/overview (30d)"
	routeVideos        = "GET /api/videos?sort=views"
	routeVideosGain24h = "GET /api/videos?sort=gained24h"
	routeVideosGain7d  = "GET /api/videos?sort=gained7d"
	routeCollection    = "GET /api/videos?sort=views&collectionId"
	routeCollection24h = "GET /api/videos?sort=gained24h&collectionId"
	routeAccounts      = "GET /api/accounts?sort=views"
	routeAccountsGain  = "GET /api/accounts?sort=gained7d"
	routeAnalytics     = "GET /api/accounts/{id}/analytics"
	routeAnalyticsHour = "GET /api/accounts/{id}/analytics?granularity=hour"
)

// nothingKept names a measurement with no start values kept (client.forget).
const nothingKept = ", nothing kept"

var growthRoutes = []string{routeOverview, routeVideos, routeVideosGain24h, routeVideosGain7d, routeCollection, routeCollection24h,
	routeOverview + nothingKept, routeVideos + nothingKept, routeVideosGain24h + nothingKept, routeVideosGain7d + nothingKept,
	routeCollection + nothingKept, routeCollection24h + nothingKept, routeAccounts, routeAccountsGain,
	routeAccounts + nothingKept, routeAccountsGain + nothingKept, routeAnalytics, routeAnalytics + nothingKept,
	routeAnalyticsHour, routeAnalyticsHour + nothingKept}

type growthWorld struct {
	Name    string
	Sizes   sizes
	Rows    uint64 // snapshots in its ClickHouse database
	Seed    seedResult
	Parts   map[string]uint64
	st      *stores
	srv     *server
	c       *client
	Results map[string]stats
	CH      map[string][]queryTime
	// Ranks is the cron's ranks step run once the server is up: the first
	// fills every video's counts and the windows' start values.
	Ranks     tracking.RanksRun
	RanksTook time.Duration
	// DaysFilled counts the videos' days the ranks steps after the first read
	// (until none was left unknown), in DaysTook.
	DaysFilled int
	DaysTook   time.Duration
	// RanksHour is the ranks step an hour later, after the requests: the
	// next window starts' values, as the cron writes them every hour.
	RanksHour     tracking.RanksRun
	RanksHourTook time.Duration
	// Collection holds every tenth account of the large workspace, and
	// their videos (CollectionVideos).
	Collection       uuid.UUID
	CollectionVideos int
	// Account is the large workspace's first account, whose analytics are read.
	Account uuid.UUID
	// SlotReads time a completion's read of its videos' part of the
	// overview slots (it reads twice: before and after its insert), per
	// scrape size.
	SlotReads map[int]stats
	// AccountsAfter times the accounts list read after a scrape's rank
	// writes of n videos (the kept sums of their accounts computed again).
	AccountsAfter map[int]stats
	// AccountsKept times the same read once the keeper a completion starts
	// (tracking.SumsAfterScrape) has computed those sums in the background,
	// and KeeperTook that keeper's run.
	AccountsKept, KeeperTook map[int]stats
	big                      uuid.UUID
	// routes are -routes' words: only the routes named by one are measured
	routes []string
}

func (g *growthWorld) close() {
	if g.srv != nil {
		g.srv.stop()
	}
	if g.st != nil {
		g.st.close()
	}
}

func scenarioOptions(o options, sc growthScenario) (options, error) {
	u, err := url.Parse(o.PGURL)
	if err != nil {
		return o, fmt.Errorf("parse -pg-url: %w", err)
	}
	o.PGURL = withDatabase(o.PGURL, strings.TrimPrefix(u.Path, "/")+"_"+sc.Suffix)
	o.CH.Database += "_" + sc.Suffix
	o.RedisPrefix = strings.TrimSuffix(o.RedisPrefix, ":") + "_" + sc.Suffix + ":"
	o.Sizes = sc.Sizes(o.Sizes)
	return o, nil
}

func openWorld(ctx context.Context, o options, name string) (*growthWorld, error) {
	g := &growthWorld{Name: name, Sizes: o.Sizes, Results: map[string]stats{}, CH: map[string][]queryTime{}, routes: o.Routes}
	var err error
	if g.st, err = openStores(ctx, o); err != nil {
		return nil, err
	}
	if g.Seed, err = seed(ctx, g.st, o.Sizes, o.Reseed, false, o.BatchRows, o.Progress); err != nil {
		g.close()
		return nil, err
	}
	if g.Parts, _, err = settle(ctx, g.st, o); err != nil {
		g.close()
		return nil, err
	}
	if err := g.st.CH.QueryRow(ctx, `SELECT count() FROM metric_snapshots`).Scan(&g.Rows); err != nil {
		g.close()
		return nil, fmt.Errorf("count snapshots: %w", err)
	}
	w := g.Seed.World
	g.big = w.Big.ID
	if err := g.st.PG.QueryRow(ctx, `SELECT id FROM accounts WHERE workspace_id = $1 ORDER BY id LIMIT 1`, w.Big.ID).Scan(&g.Account); err != nil {
		g.close()
		return nil, fmt.Errorf("pick an account: %w", err)
	}
	if g.Collection, g.CollectionVideos, err = benchCollection(ctx, g.st.PG, w.Big.ID); err != nil {
		g.close()
		return nil, err
	}
	if g.srv, err = startServer(ctx, o, g.st, w.End.Add(30*time.Minute)); err != nil {
		g.close()
		return nil, err
	}
	if g.c, err = newClient(g.srv.Base, g.srv.Tokens, w.Big, g.st.PG, 1); err != nil {
		g.close()
		return nil, err
	}
	g.c.settle = g.srv.StartValueCache.Wait
	began := time.Now()
	if g.Ranks, err = g.srv.Handlers.AlertsCron.Ranks.Step.Handle(store.WithoutClickHouseBound(ctx)); err != nil {
		g.close()
		return nil, fmt.Errorf("ranks step: %w", err)
	}
	g.RanksTook = time.Since(began)
	fmt.Fprintf(o.Progress, "bench: %s: the ranks step synced %d workspaces, wrote %d slots, computed %d overview slots and %d accounts' sums and read %d videos' days in %s\n", name,
		g.Ranks.Synced, g.Ranks.Slots, g.Ranks.Overview, g.Ranks.Accounts, g.Ranks.Days, g.RanksTook.Round(time.Millisecond))
	// the seed's videos were not scraped through the service: the step reads
	// their days, as after an upgrade, until every one is kept
	for run := g.Ranks; run.Days > 0; {
		began := time.Now()
		if run, err = g.srv.Handlers.AlertsCron.Ranks.Step.Handle(store.WithoutClickHouseBound(ctx)); err != nil {
			g.close()
			return nil, fmt.Errorf("ranks step: %w", err)
		}
		g.DaysFilled, g.DaysTook = g.DaysFilled+run.Days, g.DaysTook+time.Since(began)
	}
	// The steps rewrote every rank row several times (counts, four slots,
	// days): vacuum as autovacuum would, which a server may have turned off.
	if _, err := g.st.PG.Exec(ctx, `VACUUM ANALYZE video_ranks, video_rank_slots, account_sums, account_sums_changed, overview_slots`); err != nil {
		g.close()
		return nil, fmt.Errorf("vacuum the ranks: %w", err)
	}
	return g, nil
}

func (g *growthWorld) measure(ctx context.Context, n int) error {
	videos := g.Sizes.Videos
	for _, r := range []struct {
		name, path string
		check      func([]byte) error
	}{
		{routeOverview, "/api/overview", checkOverview(videos)},
		{routeVideos, "/api/videos?sort=views&limit=50", checkVideos(videos)},
		{routeVideosGain24h, "/api/videos?sort=gained24h&limit=50", checkVideos(videos)},
		{routeVideosGain7d, "/api/videos?sort=gained7d&limit=50", checkVideos(videos)},
		{routeCollection, "/api/videos?sort=views&limit=50&collectionId=" + g.Collection.String(), checkVideos(g.CollectionVideos)},
		{routeCollection24h, "/api/videos?sort=gained24h&limit=50&collectionId=" + g.Collection.String(), checkVideos(g.CollectionVideos)},
		{routeAccounts, "/api/accounts?sort=views", checkAccounts(g.Sizes.Accounts)},
		{routeAccountsGain, "/api/accounts?sort=gained7d", checkAccounts(g.Sizes.Accounts)},
		{routeAnalytics, "/api/accounts/" + g.Account.String() + "/analytics", nil},
		{routeAnalyticsHour, "/api/accounts/" + g.Account.String() + "/analytics?granularity=hour", nil},
	} {
		if len(pickRoutes([]*route{{Name: r.name}}, g.routes)) == 0 {
			continue
		}
		// untimed requests first: connections, the server's first reads
		if _, err := g.c.cold(ctx, r.path, 3, r.check); err != nil {
			return fmt.Errorf("%s: %w", g.Name, err)
		}
		// and the start values the server computes after them
		g.srv.StartValueCache.Wait()
		// the query log counts in whole seconds: start on a new one
		time.Sleep(time.Until(time.Now().Truncate(time.Second).Add(time.Second)))
		from := time.Now()
		s, err := g.c.cold(ctx, r.path, n, r.check)
		if err != nil {
			return fmt.Errorf("%s: %w", g.Name, err)
		}
		to := time.Now()
		g.Results[r.name] = s
		if err := g.st.CH.Exec(ctx, "SYSTEM FLUSH LOGS"); err != nil {
			return fmt.Errorf("flush query log: %w", err)
		}
		if g.CH[r.name], err = clickhouseTimes(ctx, g.st.CH, from, to); err != nil {
			return err
		}
		// and again with nothing kept from before each request
		s, err = g.c.coldNothingKept(ctx, r.path, n, r.check)
		if err != nil {
			return fmt.Errorf("%s: %w", g.Name, err)
		}
		g.Results[r.name+nothingKept] = s
	}
	if len(pickRoutes([]*route{{Name: routeAccounts}}, g.routes)) > 0 {
		if err := g.measureAccountsAfter(ctx); err != nil {
			return err
		}
	}
	if err := g.measureSlotReads(ctx); err != nil {
		return err
	}
	h := g.srv.Handlers.AlertsCron.Ranks.Step
	later := h.Now().Add(time.Hour)
	h.Now = func() time.Time { return later }
	began := time.Now()
	var err error
	if g.RanksHour, err = h.Handle(store.WithoutClickHouseBound(ctx)); err != nil {
		return fmt.Errorf("%s: the ranks step an hour later: %w", g.Name, err)
	}
	g.RanksHourTook = time.Since(began)
	// and back: the window starts of the world's own hour, for later requests
	if _, err := g.srv.Handlers.AlertsCron.Ranks.Step.Handle(store.WithoutClickHouseBound(ctx)); err != nil {
		return fmt.Errorf("%s: the ranks step: %w", g.Name, err)
	}
	return nil
}

// accountsAfterSizes are the scrape sizes measureAccountsAfter times;
// sumsDropped stands for every account's sums dropped (nothing kept).
var accountsAfterSizes = []int{100, 1000, sumsDropped}

const sumsDropped = -1

// measureAccountsAfter times the accounts list read after a scrape of n
// videos wrote their ranks (untimed, before each request): the read
// computes the sums of their accounts again.
func (g *growthWorld) measureAccountsAfter(ctx context.Context) error {
	g.AccountsAfter, g.AccountsKept, g.KeeperTook = map[int]stats{}, map[int]stats{}, map[int]stats{}
	defer func() { g.c.before = nil }()
	for _, n := range accountsAfterSizes {
		g.c.before = func(ctx context.Context) error {
			if n == sumsDropped {
				_, err := g.st.PG.Exec(ctx, `DELETE FROM account_sums WHERE workspace_id = $1`, g.big)
				return err
			}
			_, err := g.st.PG.Exec(ctx, `UPDATE video_ranks SET last_at = last_at
WHERE video_id IN (SELECT id FROM videos WHERE workspace_id = $1 ORDER BY random() LIMIT $2)`, g.big, n)
			return err
		}
		s, err := g.c.cold(ctx, "/api/accounts?sort=views", slotReadRuns, checkAccounts(g.Sizes.Accounts))
		if err != nil {
			return fmt.Errorf("%s: accounts after a scrape: %w", g.Name, err)
		}
		g.AccountsAfter[n] = s
		if n == sumsDropped {
			continue
		}
		// the same scrape as a completion leaves it: its keeper runs first
		var took []time.Duration
		scrape := g.c.before
		g.c.before = func(ctx context.Context) error {
			if err := scrape(ctx); err != nil {
				return err
			}
			sums := g.srv.Handlers.Complete.Sums
			began := time.Now()
			sums.Changed(g.big)
			sums.Wait()
			took = append(took, time.Since(began))
			return nil
		}
		if s, err = g.c.cold(ctx, "/api/accounts?sort=views", slotReadRuns, checkAccounts(g.Sizes.Accounts)); err != nil {
			return fmt.Errorf("%s: accounts after a scrape's keeper: %w", g.Name, err)
		}
		g.AccountsKept[n], g.KeeperTook[n] = s, summarize(took, 0)
	}
	return nil
}

// slotReadRuns is how many times each scrape size's slot read is timed.
const slotReadRuns = 5

// measureSlotReads times what a completion of the large workspace reads of
// the overview slots for its videos, at several scrape sizes.
func (g *growthWorld) measureSlotReads(ctx context.Context) error {
	g.SlotReads = map[int]stats{}
	keeper := wiring.OverviewKeeper(g.st.CH)
	presets, starts := keeper.Slots(g.srv.Handlers.AlertsCron.Ranks.Step.Now())
	for _, n := range []int{100, 1000} {
		var took []time.Duration
		for range slotReadRuns {
			rows, _ := g.st.PG.Query(ctx, `SELECT id FROM videos WHERE workspace_id = $1 ORDER BY random() LIMIT $2`, g.big, n)
			ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
			if err != nil {
				return fmt.Errorf("%s: pick scraped videos: %w", g.Name, err)
			}
			began := time.Now()
			if _, err := keeper.Sums(store.WithoutClickHouseBound(ctx), g.big, presets, starts, ids); err != nil {
				return fmt.Errorf("%s: overview slot read: %w", g.Name, err)
			}
			took = append(took, time.Since(began))
		}
		g.SlotReads[n] = summarize(took, 0)
	}
	return nil
}

type growthReport struct {
	Before, After *growthWorld
	Scenarios     []*growthWorld
	Specs         []growthScenario
	Load          []string // load average at the start of each measurement
}

// growthPhase measures the default world, each scenario and the default
// world again, n cold requests per route each.
func growthPhase(ctx context.Context, o options, n int, progress io.Writer) (*growthReport, error) {
	base, err := openWorld(ctx, o, "default (before)")
	if err != nil {
		return nil, err
	}
	defer base.close()
	r := &growthReport{}
	var worlds []*growthWorld
	defer func() {
		for _, w := range worlds {
			w.close()
		}
	}()
	for _, sc := range growthScenarios {
		if o.Scenarios != nil && !slices.Contains(o.Scenarios, sc.Suffix) {
			continue
		}
		so, err := scenarioOptions(o, sc)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(progress, "bench: growth scenario %q (%s)\n", sc.Name, so.Sizes)
		w, err := openWorld(ctx, so, sc.Name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", sc.Name, err)
		}
		worlds = append(worlds, w)
		r.Scenarios = append(r.Scenarios, w)
		r.Specs = append(r.Specs, sc)
	}
	fmt.Fprintln(progress, "bench: growth: cold requests")
	r.Before = base
	if err := r.timed(ctx, base, n); err != nil {
		return nil, err
	}
	for _, w := range r.Scenarios {
		if err := r.timed(ctx, w, n); err != nil {
			return nil, err
		}
	}
	// the default world again, in a copy that keeps the first results
	after := *base
	after.Name, after.Results, after.CH = "default (after)", map[string]stats{}, map[string][]queryTime{}
	r.After = &after
	if err := r.timed(ctx, r.After, n); err != nil {
		return nil, err
	}
	return r, nil
}

func (r *growthReport) timed(ctx context.Context, w *growthWorld, n int) error {
	r.Load = append(r.Load, loadavg())
	return w.measure(ctx, n)
}

// baseline is the default world's p95 of a route, before and after averaged.
func (r *growthReport) baseline(route string) time.Duration {
	return (r.Before.Results[route].P95 + r.After.Results[route].P95) / 2
}

func (r *growthReport) missed() bool {
	if r == nil {
		return false
	}
	for i, w := range r.Scenarios {
		for _, route := range growthRoutes {
			if w.Results[route].N == 0 {
				continue
			}
			if _, met := r.judge(r.Specs[i], route, w.Results[route].P95); met == "no" {
				return true
			}
		}
	}
	return false
}

// judge says a scenario's targets for a route and whether its p95 met them
// ("yes", "no", or "—" without a target). A "nothing kept" line must be
// within 1.5× of its cold line's largest p95; its cold line's ratio is shown
// for comparison, in brackets, and not judged.
func (r *growthReport) judge(sc growthScenario, route string, p95 time.Duration) (target, met string) {
	cold := strings.TrimSuffix(route, nothingKept)
	ratio := float64(p95) / float64(max(r.baseline(route), 1))
	var parts []string
	ok := true
	if limit, has := sc.Target[cold]; has {
		if cold == route {
			parts = append(parts, fmt.Sprintf("p95 ≤ %.1f× default", limit))
			ok = ok && ratio <= limit
		} else {
			parts = append(parts, fmt.Sprintf("(p95 ≤ %.1f× default: %s)", limit, yesNo(ratio <= limit)))
		}
	}
	if limit, has := sc.Within[cold]; has {
		if cold != route {
			limit = limit * 3 / 2
		}
		parts = append(parts, fmt.Sprintf("p95 ≤ %s", limit))
		ok = ok && p95 <= limit
	}
	switch {
	case len(parts) == 0:
		return "—", "—"
	case cold != route && sc.Within[cold] == 0:
		return strings.Join(parts, ", "), "—"
	}
	return strings.Join(parts, ", "), yesNo(ok)
}

func printGrowth(out io.Writer, r *growthReport, n int) {
	fmt.Fprintf(out, "\n### Growth: the same dashboard over more history and more videos\n\n")
	fmt.Fprintf(out, "Each line: %d cold requests one at a time (data version bumped before each), after 3 untimed ones; \"nothing kept\": the same with the history version bumped too, so no start values kept by the server are read (the server's work in the background waited for after each). The default world is measured before and after the scenarios, and a ratio is the scenario's p95 over the mean of those two. Load average (1, 5, 15 min) at the start of each world's measurement: %s.\n\n",
		n, strings.Join(r.Load, " | "))
	fmt.Fprintln(out, "| world | videos | days | snapshots | route | p50 ms | p95 ms | p99 ms | ratio | target | met |")
	fmt.Fprintln(out, "|---|---:|---:|---:|---|---:|---:|---:|---:|---|---|")
	// sc nil: a default world's line, without a ratio
	line := func(w *growthWorld, sc *growthScenario) {
		for _, route := range growthRoutes {
			s := w.Results[route]
			if s.N == 0 {
				continue // left out by -routes
			}
			ratio, target, met := "—", "—", "—"
			if sc != nil {
				ratio = fmt.Sprintf("%.2f×", float64(s.P95)/float64(max(r.baseline(route), 1)))
				target, met = r.judge(*sc, route, s.P95)
			}
			fmt.Fprintf(out, "| %s | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s |\n", w.Name,
				thousands(float64(w.Sizes.Videos)), w.Sizes.Days, thousands(float64(w.Rows)), route,
				ms(s.P50), ms(s.P95), ms(s.P99), ratio, target, met)
		}
	}
	line(r.Before, nil)
	for i, w := range r.Scenarios {
		line(w, &r.Specs[i])
	}
	line(r.After, nil)

	fmt.Fprintf(out, "\nThe ranks step (the videos list's counts and window start values, and the overview's slots, written once per world before its requests):\n\n")
	for _, w := range append([]*growthWorld{r.Before}, r.Scenarios...) {
		fmt.Fprintf(out, "- %s: %d workspaces synced, %d slots and %d overview slots written, %d accounts' sums computed, %d videos' days read, in %s; the days of %d more videos read by the steps after it in %s; an hour later (after the requests) %d slots, %d overview slots and %d accounts' sums in %s\n", w.Name,
			w.Ranks.Synced, w.Ranks.Slots, w.Ranks.Overview, w.Ranks.Accounts, w.Ranks.Days, w.RanksTook.Round(time.Millisecond), w.DaysFilled, w.DaysTook.Round(time.Millisecond),
			w.RanksHour.Slots, w.RanksHour.Overview, w.RanksHour.Accounts, w.RanksHourTook.Round(time.Millisecond))
	}

	fmt.Fprintf(out, "\nThe accounts list (by views) read after a scrape wrote the ranks of n random videos of the large workspace (their accounts' kept sums computed again by the read), %d runs per size:\n\n", slotReadRuns)
	for _, w := range append([]*growthWorld{r.Before}, r.Scenarios...) {
		for _, n := range accountsAfterSizes {
			s, ok := w.AccountsAfter[n]
			switch {
			case !ok:
			case n == sumsDropped:
				fmt.Fprintf(out, "- %s, every account's sums dropped (nothing kept): p50 %s ms, p95 %s ms\n", w.Name, ms(s.P50), ms(s.P95))
			default:
				fmt.Fprintf(out, "- %s, %d videos: p50 %s ms, p95 %s ms", w.Name, n, ms(s.P50), ms(s.P95))
				if k, ok := w.AccountsKept[n]; ok {
					c := w.KeeperTook[n]
					fmt.Fprintf(out, "; once the completion's keeper has run (p50 %s ms, p95 %s ms in the background): p50 %s ms, p95 %s ms",
						ms(c.P50), ms(c.P95), ms(k.P50), ms(k.P95))
				}
				fmt.Fprintln(out)
			}
		}
	}

	fmt.Fprintf(out, "\nA completion's read of its videos' part of the large workspace's overview slots (every preset's current window, and the next 24 h one; a completion reads twice, before and after its insert), %d runs per size:\n\n", slotReadRuns)
	for _, w := range append([]*growthWorld{r.Before}, r.Scenarios...) {
		for _, n := range []int{100, 1000} {
			if s, ok := w.SlotReads[n]; ok {
				fmt.Fprintf(out, "- %s, %d videos: p50 %s ms, p95 %s ms\n", w.Name, n, ms(s.P50), ms(s.P95))
			}
		}
	}

	fmt.Fprintf(out, "\nWhere the time goes: the ClickHouse queries of each world's cold requests (system.query_log, server-side; reads and memory are medians); the rest of a request is PostgreSQL, the server's own work and HTTP.\n")
	for _, w := range append(append([]*growthWorld{r.Before}, r.Scenarios...), r.After) {
		for _, route := range []string{routeOverview, routeVideos, routeVideosGain24h, routeVideosGain7d, routeCollection, routeCollection24h, routeAccounts, routeAccountsGain, routeAnalytics, routeAnalyticsHour} {
			if w.Results[route].N == 0 {
				continue
			}
			fmt.Fprintf(out, "\n- %s, %s (p50 %s ms)\n", w.Name, route, ms(w.Results[route].P50))
			printQueryTimes(out, w.CH[route])
		}
	}
}

// benchCollection puts every tenth account of the large workspace in one
// collection (once; a reused world keeps it), and counts the videos that
// follow their accounts into it.
func benchCollection(ctx context.Context, pg *pgxpool.Pool, ws uuid.UUID) (uuid.UUID, int, error) {
	id := uuid.NewSHA1(ws, []byte("bench collection"))
	_, err := pg.Exec(ctx, `INSERT INTO collections (id, workspace_id, name) VALUES ($1, $2, 'Every tenth account') ON CONFLICT DO NOTHING`, id, ws)
	if err == nil {
		_, err = pg.Exec(ctx, `
UPDATE accounts SET collection_id = $1
WHERE workspace_id = $2 AND collection_id IS NULL AND get_byte(uuid_send(id), 15) % 10 = 0`, id, ws)
	}
	var n int
	if err == nil {
		err = pg.QueryRow(ctx, `
SELECT count(*) FROM videos v JOIN accounts a ON a.id = v.account_id
WHERE v.workspace_id = $2 AND coalesce(v.collection_id, a.collection_id) = $1`, id, ws).Scan(&n)
	}
	if err != nil {
		return uuid.Nil, 0, fmt.Errorf("bench collection: %w", err)
	}
	return id, n, nil
}
