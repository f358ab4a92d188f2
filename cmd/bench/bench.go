package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/reeltrack/reeltrack"
	"github.com/reeltrack/reeltrack/api"
	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/config"
	"github.com/reeltrack/reeltrack/projections"
	"github.com/reeltrack/reeltrack/query/chread"
	"github.com/reeltrack/reeltrack/web"
)

// Targets of the issue.
const (
	targetColdOverview = 150 * time.Millisecond
	targetColdVideos   = 100 * time.Millisecond
	targetWarmP99      = 5 * time.Millisecond
	targetWarmRate     = 5000.0
	targetExportRate   = 50_000.0
	targetBaseline     = 20.0
	// the videos list against the same list from the baseline table
	targetBaselineVideos = 5.0
)

type route struct {
	Name       string
	Path       string
	ColdTarget time.Duration // 0: none
	Check      func([]byte) error
	Missing    bool

	coldFrom, coldTo time.Time // the cold phase, for the query log
}

type result struct {
	Route, Cache  string
	S             *stats // nil: no latencies (n/a)
	Rate          string
	Target, Met   string
	Failed        bool
	TargetMissed  bool
	TargetChecked bool
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }

// bench seeds, serves, measures and prints the table; it reports whether
// every target was met.
func bench(ctx context.Context, o options) (bool, error) {
	if o.Only.ownWorldOnly() {
		// only the campaign and the refresh planner: no default world
		fmt.Fprintf(o.Out, "## reeltrack bench\n")
		var cr *campaignReport
		if o.Only.runs("campaign") {
			fmt.Fprintln(o.Progress, "bench: campaign")
			var err error
			if cr, err = campaignPhase(ctx, o, o.Progress); err != nil {
				return false, fmt.Errorf("campaign: %w", err)
			}
			printCampaign(o.Out, cr, o)
		}
		var rr *refreshReport
		if o.Only.runs("refresh") {
			fmt.Fprintln(o.Progress, "bench: refresh planner")
			rr = refreshPhase(o.Refresh)
			printRefresh(o.Out, rr)
		}
		return !cr.missed() && !rr.missed(), nil
	}
	st, err := openStores(ctx, o)
	if err != nil {
		return false, err
	}
	defer st.close()

	withBaseline := !o.SkipPG && o.Only.runs("baseline")
	seeded, err := seed(ctx, st, o.Sizes, o.Reseed, withBaseline, o.BatchRows, o.Progress)
	if err != nil {
		return false, err
	}
	w := seeded.World
	parts, waited, err := settle(ctx, st, o)
	if err != nil {
		return false, err
	}
	var chRows, chBig uint64
	if err := st.CH.QueryRow(ctx, `SELECT count(), countIf(workspace_id = ?) FROM metric_snapshots`, w.Big.ID).Scan(&chRows, &chBig); err != nil {
		return false, fmt.Errorf("count snapshots: %w", err)
	}

	now := w.End.Add(30 * time.Minute)
	srv, err := startServer(ctx, o, st, now)
	if err != nil {
		return false, err
	}
	defer srv.stop()
	base, tokens, site := srv.Base, srv.Tokens, srv.Site

	c, err := newClient(base, tokens, w.Big, st.PG, o.Concurrency)
	if err != nil {
		return false, err
	}
	c.settle = srv.StartValueCache.Wait
	nVideos := len(w.Big.Videos)
	every := []*route{
		{Name: "GET /api/overview (30d)", Path: "/api/overview", ColdTarget: targetColdOverview, Check: checkOverview(nVideos)},
		{Name: "GET /api/overview/by-publish-day (30d)", Path: "/api/overview/by-publish-day?datePreset=30d"},
		{Name: "GET /api/overview/by-publish-day (all)", Path: "/api/overview/by-publish-day?datePreset=all"},
		{Name: "GET /api/videos?sort=views", Path: "/api/videos?sort=views&limit=50", ColdTarget: targetColdVideos, Check: checkVideos(nVideos)},
		{Name: "GET /api/videos?sort=gained24h", Path: "/api/videos?sort=gained24h&limit=50", ColdTarget: targetColdVideos, Check: checkVideos(nVideos)},
		{Name: "GET /api/accounts", Path: "/api/accounts"},
		{Name: "GET /api/accounts/{id}/analytics", Path: "/api/accounts/" + w.Big.Accounts[0].ID.String() + "/analytics"},
	}
	exportPath := "/api/export?type=videos"
	routes := pickRoutes(every, o.Routes)

	var results []result
	// each route's cold p95, and the same with no start values kept
	coldP95, forgotP95 := map[string]time.Duration{}, map[string]time.Duration{}
	var coldRoutes []*route
	if o.Only.runs("cold") {
		fmt.Fprintln(o.Progress, "bench: cold requests")
		coldRoutes = routes
	}
	if o.CPUProfile != "" {
		f, err := os.Create(o.CPUProfile)
		if err != nil {
			return false, err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return false, err
		}
		defer f.Close()
	}
	for _, r := range coldRoutes {
		// the query log counts in whole seconds: start each route on a new one
		time.Sleep(time.Until(time.Now().Truncate(time.Second).Add(time.Second)))
		// one untimed request first: the server then keeps the route's start values
		if _, err := c.cold(ctx, r.Path, 1, nil); err != nil && !errors.Is(err, errRouteMissing) {
			return false, err
		}
		srv.StartValueCache.Wait()
		r.coldFrom = time.Now()
		s, err := c.cold(ctx, r.Path, o.ColdRequests, r.Check)
		r.coldTo = time.Now()
		switch {
		case errors.Is(err, errRouteMissing):
			r.Missing = true
			results = append(results, result{Route: r.Name, Cache: "cold", Rate: "—", Target: coldTarget(r), Met: "n/a (route not found)"})
			continue
		case err != nil:
			results = append(results, result{Route: r.Name, Cache: "cold", Rate: "—", Target: coldTarget(r), Met: "error: " + short(err), Failed: true})
			continue
		}
		coldP95[r.Path] = s.P95
		res := result{Route: r.Name, Cache: "cold", S: &s, Rate: "—", Target: coldTarget(r), Met: "—"}
		if r.ColdTarget > 0 {
			res.TargetChecked, res.TargetMissed = true, s.P95 > r.ColdTarget
			res.Met = yesNo(!res.TargetMissed)
		}
		results = append(results, res)
		// the same with nothing kept: the first request after a late scrape, or of an hour
		f, err := c.coldNothingKept(ctx, r.Path, o.ColdRequests, r.Check)
		if err != nil {
			results = append(results, result{Route: r.Name, Cache: "cold, nothing kept", Rate: "—", Target: "—", Met: "error: " + short(err), Failed: true})
			continue
		}
		forgotP95[r.Path] = f.P95
		results = append(results, result{Route: r.Name, Cache: "cold, nothing kept", S: &f, Rate: "—", Target: "—", Met: "—"})
	}

	var ir *insightsRun
	if o.Only.runs("insights") {
		fmt.Fprintln(o.Progress, "bench: insights")
		r, err := insightsPhase(ctx, o, st, c, w.Big.ID, now, checkVideos(nVideos))
		if err != nil {
			results = append(results, result{Route: "GET /api/videos (insights)", Cache: "cold", Rate: "—", Target: "—", Met: "error: " + short(err), Failed: true})
		} else {
			ir = &r
			results = append(results, r.results()...)
		}
	}

	if o.Only.runs("agency") {
		fmt.Fprintln(o.Progress, "bench: the agency's roll-up")
		results = append(results, agencyPhase(ctx, o, c, st.PG, w)...)
	}

	chTimes := map[string][]queryTime{}
	if len(coldRoutes) > 0 {
		if err := st.CH.Exec(ctx, "SYSTEM FLUSH LOGS"); err != nil {
			return false, fmt.Errorf("flush query log: %w", err)
		}
	}
	for _, r := range coldRoutes {
		if r.Missing {
			continue
		}
		if chTimes[r.Name], err = clickhouseTimes(ctx, st.CH, r.coldFrom, r.coldTo); err != nil {
			return false, err
		}
	}

	var warmRoutes []*route
	if o.Only.runs("warm") {
		fmt.Fprintln(o.Progress, "bench: warm requests")
		warmRoutes = routes
	}
	warmTarget := fmt.Sprintf("p99 ≤ %s ms, ≥ %s req/s", ms(targetWarmP99), thousands(targetWarmRate))
	for _, r := range warmRoutes {
		if r.Missing {
			results = append(results, result{Route: r.Name, Cache: "warm", Rate: "—", Target: warmTarget, Met: "n/a (route not found)"})
			continue
		}
		s, err := c.warm(ctx, r.Path, o.Concurrency, o.Duration)
		if err != nil {
			results = append(results, result{Route: r.Name, Cache: "warm", Rate: "—", Target: warmTarget, Met: "error: " + short(err), Failed: true})
			continue
		}
		missed := s.P99 > targetWarmP99 || s.PerSec < targetWarmRate
		results = append(results, result{Route: r.Name, Cache: "warm", S: &s, Rate: thousands(s.PerSec), Target: warmTarget,
			Met: yesNo(!missed), TargetChecked: true, TargetMissed: missed})
	}
	if o.CPUProfile != "" {
		pprof.StopCPUProfile()
	}

	var br *browserReport
	if o.Only.runs("browser") && (!o.NoBrowser || o.Only["browser"]) {
		fmt.Fprintln(o.Progress, "bench: the dashboard in Chromium")
		if !site.Built() {
			br = &browserReport{Skipped: "the dashboard is not built (web/dist has no index.html): run `make web`, then rebuild the bench"}
		} else if br, err = browserPhase(ctx, base, c, o.BrowserRuns, o.Progress); err != nil {
			return false, fmt.Errorf("browser: %w", err)
		}
	}

	var ar *analystsReport
	if o.Only.runs("analysts") && (!o.NoAnalysts || o.Only["analysts"]) {
		fmt.Fprintln(o.Progress, "bench: the dashboard beside analysts")
		if ar, err = analystsPhase(ctx, st, o, c, []*route{every[0], every[1]}, o.Progress); err != nil {
			return false, fmt.Errorf("analysts: %w", err)
		}
	}

	var fr *fairReport
	if o.Only.runs("fair") && (!o.NoFair || o.Only["fair"]) {
		fmt.Fprintln(o.Progress, "bench: the dashboard beside exports and the background jobs")
		if fr, err = fairPhase(ctx, st, srv, c, []*route{every[0], every[1]}, w.Big.ID, exportPath, nVideos, o.ColdRequests, o.Progress); err != nil {
			return false, fmt.Errorf("fair: %w", err)
		}
	}

	var gr *growthReport
	if o.Only.runs("growth") && (!o.NoGrowth || o.Only["growth"]) {
		fmt.Fprintln(o.Progress, "bench: growth scenarios")
		if gr, err = growthPhase(ctx, o, o.ColdRequests, o.Progress); err != nil {
			return false, fmt.Errorf("growth: %w", err)
		}
	}

	var cr *campaignReport
	if o.Only.runs("campaign") && (!o.NoCampaign || o.Only["campaign"]) {
		fmt.Fprintln(o.Progress, "bench: campaign")
		if cr, err = campaignPhase(ctx, o, o.Progress); err != nil {
			return false, fmt.Errorf("campaign: %w", err)
		}
	}

	exportTarget := fmt.Sprintf("≥ %s rows/s", thousands(targetExportRate))
	var (
		es   stats
		rows int
	)
	if o.Only.runs("export") {
		fmt.Fprintln(o.Progress, "bench: export")
		stop, perr := profileTo(o.CPUProfile, ".export")
		if perr != nil {
			return false, perr
		}
		es, rows, err = c.export(ctx, exportPath, o.ExportRuns)
		stop()
	}
	switch {
	case !o.Only.runs("export"):
	case errors.Is(err, errRouteMissing):
		results = append(results, result{Route: "GET " + exportPath, Cache: "cold", Rate: "—", Target: exportTarget, Met: "n/a (route not found)"})
	case err != nil:
		results = append(results, result{Route: "GET " + exportPath, Cache: "cold", Rate: "—", Target: exportTarget, Met: "error: " + short(err), Failed: true})
	default:
		rate := float64(rows) / es.P50.Seconds()
		missed := rate < targetExportRate || rows < nVideos
		met := yesNo(!missed)
		if rows < nVideos {
			met = fmt.Sprintf("no: %d of %d rows", rows, nVideos)
		}
		results = append(results, result{Route: fmt.Sprintf("GET %s (%s rows)", exportPath, thousands(float64(rows))), Cache: "cold", S: &es,
			Rate: thousands(rate) + " rows/s", Target: exportTarget, Met: met, TargetChecked: true, TargetMissed: missed})
	}

	var notes []string
	if o.Only.runs("tenants") && len(w.Small) > 0 {
		fmt.Fprintln(o.Progress, "bench: another workspace's list during exports")
		probe, err := newClient(base, tokens, w.Small[0], st.PG, 2)
		if err != nil {
			return false, err
		}
		const neighbourPath = "/api/videos"
		rs, err := neighbours(ctx, probe, neighbourPath, o.TenantDuration, []neighbourLoad{
			{Name: fmt.Sprintf("during %d parallel exports of %s rows", o.TenantExports, thousands(float64(nVideos))),
				Run: c.exportLoad(exportPath, nVideos, o.TenantExports, 0, 0), Memory: true, ExportRow: true},
			{Name: fmt.Sprintf("during %d slow export readers (%d KiB/s each)", o.SlowReaders, o.SlowReadBytes*10>>10),
				Run: c.exportLoad(exportPath, nVideos, o.SlowReaders, o.SlowReadBytes, 100*time.Millisecond), Memory: true},
		})
		if err != nil {
			return false, err
		}
		results = append(results, neighbourRows(neighbourPath, exportPath, rs)...)
		notes = neighbourNotes(rs, o.TenantDuration)
	}

	if withBaseline {
		fmt.Fprintln(o.Progress, "bench: PostgreSQL baseline")
		b, err := runBaseline(ctx, st.PG, w, now, o.BaselineRuns)
		if err != nil {
			return false, err
		}
		for _, x := range []struct {
			name   string
			s      stats
			path   string
			target float64
		}{
			{"PostgreSQL baseline: overview (30d)", b.Overview, every[0].Path, targetBaseline},
			{"PostgreSQL baseline: videos by views", b.VideosViews, every[1].Path, targetBaselineVideos},
			{"PostgreSQL baseline: videos by 24 h gain", b.VideosGained, every[2].Path, targetBaselineVideos},
		} {
			s := x.s
			res := result{Route: x.name, Cache: "—", S: &s, Rate: "—", Target: "—", Met: "—"}
			if ch, ok := coldP95[x.path]; ok && ch > 0 {
				ratio := float64(s.P95) / float64(ch)
				res.Target = fmt.Sprintf("ClickHouse ≥ %.0f× faster", x.target)
				res.TargetChecked, res.TargetMissed = true, ratio < x.target
				res.Met = fmt.Sprintf("%s: %.1f× the ClickHouse path's cold p95", yesNo(!res.TargetMissed), ratio)
				if f, ok := forgotP95[x.path]; ok && f > 0 {
					res.Met += fmt.Sprintf(" (%.1f× with nothing kept)", float64(s.P95)/float64(f))
				}
			}
			results = append(results, res)
		}
	}

	report(o, seeded, parts, waited, chRows, chBig, results, notes, routes, chTimes)
	if br != nil {
		printBrowser(o.Out, br)
	}
	if ar != nil {
		printAnalysts(o.Out, ar)
	}
	if fr != nil {
		printFair(o.Out, fr)
	}
	if gr != nil {
		printGrowth(o.Out, gr, o.ColdRequests)
	}
	if cr != nil {
		printCampaign(o.Out, cr, o)
	}
	if ir != nil {
		printInsights(o.Out, *ir)
	}
	var rr *refreshReport
	if o.Only.runs("refresh") {
		fmt.Fprintln(o.Progress, "bench: refresh planner")
		rr = refreshPhase(o.Refresh)
		printRefresh(o.Out, rr)
	}
	ok := !br.missed() && !ar.missed() && !fr.missed() && !gr.missed() && !cr.missed() && !rr.missed()
	for _, r := range results {
		if r.Failed {
			return false, fmt.Errorf("%s (%s): %s", r.Route, r.Cache, r.Met)
		}
		if r.TargetMissed {
			ok = false
		}
	}
	return ok, nil
}

func pickRoutes(rs []*route, words []string) []*route {
	if len(words) == 0 {
		return rs
	}
	var out []*route
	for _, r := range rs {
		for _, w := range words {
			if w = strings.TrimSpace(w); w != "" && strings.Contains(r.Name, w) {
				out = append(out, r)
				break
			}
		}
	}
	return out
}

func coldTarget(r *route) string {
	if r.ColdTarget == 0 {
		return "—"
	}
	return "p95 ≤ " + ms(r.ColdTarget) + " ms"
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func short(err error) string {
	s := err.Error()
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return s
}

func thousands(f float64) string {
	n := int64(f + 0.5)
	s := fmt.Sprint(n)
	out := []byte{}
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

func checkOverview(videos int) func([]byte) error {
	return func(b []byte) error {
		var o struct {
			Totals struct{ Videos int }
			Series []json.RawMessage
		}
		if err := json.Unmarshal(b, &o); err != nil {
			return fmt.Errorf("decode overview: %w", err)
		}
		if o.Totals.Videos != videos || len(o.Series) == 0 {
			return fmt.Errorf("overview counts %d videos and %d series points, want %d videos and a series", o.Totals.Videos, len(o.Series), videos)
		}
		return nil
	}
}

func checkVideos(videos int) func([]byte) error {
	return func(b []byte) error {
		var p struct {
			Total  int
			Videos []json.RawMessage
		}
		if err := json.Unmarshal(b, &p); err != nil {
			return fmt.Errorf("decode videos: %w", err)
		}
		if p.Total != videos || len(p.Videos) != min(50, videos) {
			return fmt.Errorf("videos page has total %d and %d rows, want %d and %d", p.Total, len(p.Videos), videos, min(50, videos))
		}
		return nil
	}
}

func checkAccounts(accounts int) func([]byte) error {
	return func(b []byte) error {
		var p struct {
			Total            int
			Accounts         []json.RawMessage
			MetricsAvailable bool
		}
		if err := json.Unmarshal(b, &p); err != nil {
			return fmt.Errorf("decode accounts: %w", err)
		}
		if p.Total != accounts || len(p.Accounts) != accounts || !p.MetricsAvailable {
			return fmt.Errorf("accounts list has total %d, %d rows and metrics %t, want %d with metrics", p.Total, len(p.Accounts), p.MetricsAvailable, accounts)
		}
		return nil
	}
}

func report(o options, s seedResult, parts map[string]uint64, waited time.Duration, chRows, chBig uint64, results []result, notes []string, routes []*route, chTimes map[string][]queryTime) {
	out := o.Out
	sz := s.World.Sizes
	fmt.Fprintf(out, "## reeltrack bench\n\n")
	fmt.Fprintf(out, "- data: large workspace of %s videos across %s accounts, hourly snapshots over %d days; %s small workspaces of %d videos with %d days each; last snapshot %s\n",
		thousands(float64(sz.Videos)), thousands(float64(sz.Accounts)), sz.Days, thousands(float64(sz.Small)), sz.SmallVideos, sz.SmallDays, s.World.End.Format(time.RFC3339))
	how := "seeded now"
	if s.Reused {
		how = "reused (seeded earlier)"
	}
	fmt.Fprintf(out, "- seed: %s; %s snapshot rows written to ClickHouse in %s (%s rows/s)\n",
		how, thousands(float64(s.Rows)), s.Duration.Round(time.Second), thousands(s.RowsPerSec))
	fmt.Fprintf(out, "- ClickHouse metric_snapshots: %s rows, %s of them the large workspace's; active parts after merges (waited %s):",
		thousands(float64(chRows)), thousands(float64(chBig)), waited.Round(time.Second))
	for _, t := range []string{"metric_snapshots", "entity_latest", "entity_hourly", "entity_daily"} {
		fmt.Fprintf(out, " %s %d", t, parts[t])
	}
	fmt.Fprintln(out)
	if !o.SkipPG && o.Only.runs("baseline") {
		how := "loaded now"
		if !s.BaselineNew {
			how = "reused"
		}
		fmt.Fprintf(out, "- PostgreSQL baseline table bench_snapshots: %s rows, %s, load with index and vacuum took %s\n",
			thousands(float64(s.Baseline.Rows)), how, time.Duration(s.Baseline.Seconds*float64(time.Second)).Round(time.Second))
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		// the machine may be shared: a busy one slows every number below
		fmt.Fprintf(out, "- load average when the report was printed (1, 5, 15 min): %s\n", strings.Join(strings.Fields(string(b))[:3], ", "))
	}
	fmt.Fprintf(out, "- server in process (GOMAXPROCS %d, %d CPUs); cold: %d requests per route one at a time after an untimed one, data version bumped before each (as a scrape does: the start values of windows the server keeps, chread.StartValueCache, are read again); cold, nothing kept: the same with the history version bumped too (as a late scrape does); warm: %d clients for %s per route\n\n",
		runtime.GOMAXPROCS(0), runtime.NumCPU(), o.ColdRequests, o.Concurrency, o.Duration)
	fmt.Fprintln(out, "| route | cache | p50 ms | p95 ms | p99 ms | req/s | target | met |")
	fmt.Fprintln(out, "|---|---|---:|---:|---:|---:|---|---|")
	for _, r := range results {
		p50, p95, p99 := "n/a", "n/a", "n/a"
		if r.S != nil {
			p50, p95, p99 = ms(r.S.P50), ms(r.S.P95), ms(r.S.P99)
		}
		fmt.Fprintf(out, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", r.Route, r.Cache, p50, p95, p99, r.Rate, r.Target, r.Met)
	}
	if len(notes) > 0 {
		fmt.Fprintf(out, "\nAnother workspace's cached list beside one workspace's exports (%d probe clients, each at most every 10 ms, for %s per line):\n\n", 2, o.TenantDuration)
		for _, n := range notes {
			fmt.Fprintf(out, "- %s\n", n)
		}
	}
	if len(chTimes) == 0 {
		return
	}
	fmt.Fprintf(out, "\nClickHouse queries of the cold requests (system.query_log, server-side time; reads and memory are medians):\n")
	for _, r := range routes {
		if len(chTimes[r.Name]) == 0 {
			continue
		}
		fmt.Fprintf(out, "\n- %s\n", r.Name)
		printQueryTimes(out, chTimes[r.Name])
	}
}

// server is the API, as cmd/server wires it, served in process on loopback.
type server struct {
	Base            string
	Tokens          *auth.Tokens
	Site            *web.Site
	StartValueCache *chread.StartValueCache
	// Handlers are the server's handlers, for the campaign phase's settle runs.
	Handlers api.Handlers
	stop     func()
}

func startServer(ctx context.Context, o options, st *stores, now time.Time) (*server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	base := "http://" + ln.Addr().String()
	secret := randomSecret()
	tokens := auth.NewTokens(secret, 24*time.Hour)
	passwords, err := auth.NewPasswords(4)
	if err != nil {
		ln.Close()
		return nil, err
	}
	cfg := config.Config{
		// The dashboard's writes must come from this origin (sameOrigin).
		PublicBaseURL: base, SessionSecret: secret, SessionTTL: 24 * time.Hour, BcryptCost: 4,
		FoundingSpots: 100, BodyLimit: 1 << 20, RequestTimeout: o.RequestTimeout, BatchTimeout: max(o.RequestTimeout, config.DefaultBatchTimeout), CacheTTL: 10 * time.Minute,
		StartValuesBytes: config.DefaultStartValuesBytes,
		// The per-user limit stays in the request path, set high enough for one
		// user to load the server.
		RateLimitPublic: 20, RateLimitUser: 1 << 30, ScraperMaxPerRun: 50, ScraperPageSize: 1000,
	}
	log := slog.New(slog.NewJSONHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelInfo}))
	srvCH, err := openServerClickHouse(ctx, o.CH)
	if err != nil {
		ln.Close()
		return nil, err
	}
	site := web.New(nil)
	site.Precompress()
	clock := func() time.Time { return now }
	startValues := wiring.NewStartValueCache(cfg.StartValuesBytes, log, clock)
	deps := wiring.API(wiring.Deps{
		Config: cfg, Log: log, DB: st.PG, CH: srvCH, Redis: st.Redis, Tokens: tokens, Passwords: passwords,
		OpenAPI: reeltrack.OpenAPI, Now: clock, Site: site, StartValueCache: startValues,
	})
	app := api.New(deps)
	served := make(chan error, 1)
	go func() { served <- app.Listener(ln) }()
	stop := func() {
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = app.ShutdownWithContext(sctx)
		<-served
		srvCH.Close()
	}
	return &server{Base: base, Tokens: tokens, Site: site, StartValueCache: startValues, Handlers: deps.Handlers, stop: stop}, nil
}

// settle merges the projections and waits for ClickHouse's merges, as a
// running server's would have; it returns the parts per table and the wait.
func settle(ctx context.Context, st *stores, o options) (map[string]uint64, time.Duration, error) {
	fmt.Fprintf(o.Progress, "bench: waiting for ClickHouse merges to settle (%s)\n", st.chDatabase)
	for _, table := range projections.Projections {
		if err := st.CH.Exec(ctx, "OPTIMIZE TABLE "+table+" FINAL"); err != nil {
			return nil, 0, fmt.Errorf("merge %s: %w", table, err)
		}
	}
	return waitForMerges(ctx, st.CH, st.chDatabase, o.MergeWait)
}

func printQueryTimes(out io.Writer, qs []queryTime) {
	for _, q := range qs {
		fmt.Fprintf(out, "  - `%s…` ×%d: p50 %.0f ms, p95 %.0f ms, reads %s rows / %.1f MiB, memory %.1f MiB\n",
			strings.TrimSpace(q.Query), q.Count, q.P50, q.P95, thousands(q.ReadRows), q.ReadBytes/(1<<20), q.MemoryBytes/(1<<20))
	}
}

// profileTo writes a CPU profile to base+suffix until stop is called; with
// no base it profiles nothing.
func profileTo(base, suffix string) (stop func(), err error) {
	if base == "" {
		return func() {}, nil
	}
	f, err := os.Create(base + suffix)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}
