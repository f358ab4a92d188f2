// Package examples_test runs the example queries of docs/analytics.md
// ("Examples") as an analyst, so the documentation cannot rot: every
// ```sql block after an `<!-- example: name -->` line is read from the
// file, its placeholders filled in, and run over HTTP as a ClickHouse user
// of this package's own with the real analyst profile and quota (rendered
// by deploy/clickhouse/render-analyst-users.sh, installed into
// /etc/clickhouse-server/users.d/, removed at the end), allowed only the
// package's analytics database. Its answer is compared with one computed
// here from the seeded snapshots.
package examples_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/command/collections"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/analyst"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/projections/analytics"
	"github.com/reeltrack/reeltrack/schema"
)

var (
	env  *testenv.Env
	user *analyst.Installed
)

func TestMain(m *testing.M) { testenv.Main(m, &env) }

// ---------------------------------------------------------------- the seed

// The seeded weeks: Monday 2 March to Sunday 22 March 2026, UTC.
var start = time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)

const days = 21

type video struct {
	id         uuid.UUID
	ws         uuid.UUID
	plat       platform.Platform
	url        string
	account    uuid.UUID  // zero: tracked on its own
	collection *uuid.UUID // its own collection (videos of an account inherit the account's)
	published  *time.Time
	shop       *bool
	caption    string
	k          float64 // views ≈ k × hours since publishing^1.3
	hourly72   bool    // scraped every hour of its first 72 hours
	hideLikes  bool
	hideShares bool
	skipDay    int    // a day (index) without a scrape; -1 none
	kind       string // what it is to its account (post_kind); "" is own
	related    string // the other account its kind names (related_handle)
}

// postKind is the video's post_kind.
func (v *video) postKind() string {
	if v.kind == "" {
		return "own"
	}
	return v.kind
}

type account struct {
	id      uuid.UUID
	handle  string
	plat    platform.Platform
	skipDay int
}

type snap struct {
	ws, entity, account uuid.UUID
	kind                platform.Kind
	plat                platform.Platform
	at                  time.Time
	m                   [6]*uint64 // views, likes, comments, shares, saves, followers
}

type world struct {
	ws, other      uuid.UUID
	launch, others uuid.UUID // collections
	acme, acmeIG   account
	videos         []*video
	snaps          []snap
	rules          []*rule
}

// rule is an alert rule on views gained over 24 hours (the gain
// condition), checked by a daily scan.
type rule struct {
	id        uuid.UUID
	ws        uuid.UUID
	name      string
	threshold int64
	cooldown  int  // hours
	deleted   bool // deleted after its alerts were copied
}

func u64(v uint64) *uint64 { return &v }
func ptr[T any](v T) *T    { return &v }

func (v *video) collectionOf(w *world) *uuid.UUID {
	if v.collection != nil {
		return v.collection
	}
	if v.account == w.acme.id {
		return &w.launch // the account's collection
	}
	return nil
}

func (v *video) metrics(at time.Time) [6]*uint64 {
	from := start
	if v.published != nil {
		from = *v.published
	}
	h := at.Sub(from).Hours()
	views := uint64(v.k*math.Pow(h+1, 1.3)) + 100
	m := [6]*uint64{u64(views), u64(views / 10), u64(views / 100), u64(views / 200), u64(views / 150), nil}
	if v.hideLikes {
		m[1] = nil
	}
	if v.hideShares {
		m[3] = nil
	}
	return m
}

// seed writes the world through the write side: workspaces, a collection,
// tracked accounts and videos by the command handlers (and the columns a
// scrape fills, as ingestion does), snapshots by ingest's writer, then one
// dimension sync.
func seed(t *testing.T) *world {
	ctx := context.Background()
	w := &world{}
	for _, p := range []*uuid.UUID{&w.ws, &w.other} {
		*p = env.Workspace(t, testenv.WorkspaceOptions{Name: "Acme", Plan: plan.Growth, VideoLimit: 500})
	}
	for _, c := range []struct {
		id   *uuid.UUID
		name string
	}{{&w.launch, "Launch"}, {&w.others, "Evergreen"}} {
		created, err := collections.CreateCollectionHandler{DB: env.PG}.Handle(ctx, collections.CreateCollection{WorkspaceID: w.ws, Name: c.name})
		if err != nil {
			t.Fatal(err)
		}
		*c.id = created.ID
	}
	track := tracking.TrackHandler{DB: env.PG, Now: time.Now, Start: tracking.StartScrapeHandler{Log: slog.New(slog.DiscardHandler)}, Actors: ingest.Actors{
		platform.TikTok: {ID: "tiktok-actor"}, platform.Instagram: {ID: "instagram-actor"},
		platform.YouTube: {ID: "youtube-actor"}, platform.X: {ID: "x-actor"},
	}}
	tracked := func(ws uuid.UUID, u string, coll *uuid.UUID) uuid.UUID {
		t.Helper()
		res, err := track.Handle(ctx, tracking.Track{WorkspaceID: ws, URL: u, CollectionID: coll})
		if err != nil || res.ID == nil {
			t.Fatalf("track %s: %+v, %v", u, res, err)
		}
		return *res.ID
	}
	w.acme = account{id: tracked(w.ws, "https://www.tiktok.com/@acme", &w.launch), handle: "acme", plat: platform.TikTok, skipDay: 9}
	w.acmeIG = account{id: tracked(w.ws, "https://www.instagram.com/acme.ig/", nil), handle: "acme.ig", plat: platform.Instagram, skipDay: -1}

	day := func(d int, h float64) *time.Time {
		return ptr(start.AddDate(0, 0, d).Add(time.Duration(h * float64(time.Hour))))
	}
	w.videos = []*video{
		{plat: platform.TikTok, url: "https://www.tiktok.com/@acme/video/7400000000000000001", account: w.acme.id, published: day(0, 0), shop: ptr(true), caption: "launch teaser", k: 400, hourly72: true, skipDay: -1},
		{plat: platform.TikTok, url: "https://www.tiktok.com/@friend/video/7400000000000000002", collection: &w.launch, published: day(0, 6.25), shop: ptr(false), caption: "duet with a friend", k: 150, hourly72: true, skipDay: -1},
		{plat: platform.Instagram, url: "https://www.instagram.com/reel/C0000000003/", account: w.acmeIG.id, published: day(7, 0), shop: ptr(false), caption: "behind the scenes", k: 250, hideLikes: true, skipDay: -1},
		{plat: platform.YouTube, url: "https://www.youtube.com/shorts/abcdefghij4", collection: &w.others, published: day(8, 15), caption: "how it's made", k: 90, hideShares: true, skipDay: 13},
		{plat: platform.TikTok, url: "https://www.tiktok.com/@acme/video/7400000000000000005", account: w.acme.id, published: day(14, 2), shop: ptr(true), caption: "launch day", k: 600, skipDay: -1},
		{plat: platform.X, url: "https://x.com/acme/status/1800000000000000006", caption: "", k: 50, skipDay: -1},
		// a friend's post the account reposted: listed under the account,
		// not counted as its own
		{plat: platform.TikTok, url: "https://www.tiktok.com/@friend/video/7400000000000000008", account: w.acme.id, published: day(10, 9), shop: ptr(false), caption: "reposted from a friend", k: 300, skipDay: -1, kind: "repost", related: "friend"},
		// another workspace's video, which no query of ws may show
		{ws: w.other, plat: platform.TikTok, url: "https://www.tiktok.com/@acme/video/7400000000000000001", published: day(0, 0), shop: ptr(true), k: 5000, skipDay: -1},
	}
	for _, v := range w.videos {
		if v.ws == uuid.Nil {
			v.ws = w.ws
		}
		if v.account == uuid.Nil {
			v.id = tracked(v.ws, v.url, v.collection)
		} else {
			// found through the account by its scrape, as ingestion writes it
			pid := v.url[strings.LastIndexAny(strings.TrimSuffix(v.url, "/"), "/")+1:]
			v.id = env.Video(t, v.ws, testenv.VideoOptions{Platform: v.plat, PlatformID: strings.TrimSuffix(pid, "/"), URL: v.url,
				AccountID: v.account, AccountHandle: "acme"})
		}
		if _, err := env.PG.Exec(ctx, `UPDATE videos SET status = 'active', caption = $2, published_at = $3, is_shop = $4, last_scraped_at = $5,
				post_kind = $6, related_handle = $7 WHERE id = $1`,
			v.id, v.caption, v.published, v.shop, start.AddDate(0, 0, days), v.postKind(), v.related); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := env.PG.Exec(ctx, `UPDATE accounts SET status = 'active', display_name = 'Acme' WHERE workspace_id = $1`, w.ws); err != nil {
		t.Fatal(err)
	}

	// snapshots: accounts daily at noon; videos daily at noon from their
	// publishing, or hourly in their first 72 hours
	for _, a := range []account{w.acme, w.acmeIG} {
		for d := 0; d < days; d++ {
			if d == a.skipDay {
				continue
			}
			views := uint64(10_000 + 2_000*d + 300*d*d)
			followers := uint64(1_000 + 37*d*d + 5*d)
			m := [6]*uint64{u64(views), nil, nil, nil, nil, u64(followers)}
			if a.plat == platform.Instagram {
				m[0] = nil // Instagram reports no account-wide views
			}
			w.snaps = append(w.snaps, snap{ws: w.ws, entity: a.id, kind: platform.Account, plat: a.plat, at: *day(d, 12), m: m})
		}
	}
	for _, v := range w.videos {
		var acc uuid.UUID = v.account
		add := func(at time.Time) {
			w.snaps = append(w.snaps, snap{ws: v.ws, entity: v.id, account: acc, kind: platform.Video, plat: v.plat, at: at, m: v.metrics(at)})
		}
		first := start
		if v.published != nil {
			first = *v.published
		}
		if v.hourly72 {
			for h := 0; h < 72; h++ {
				add(first.Add(time.Duration(h)*time.Hour + 20*time.Minute))
			}
		}
		for d := 0; d < days; d++ {
			at := *day(d, 12)
			if at.Before(first) || d == v.skipDay || (v.hourly72 && at.Before(first.Add(72*time.Hour))) {
				continue
			}
			add(at)
		}
	}
	// a later scrape of one day that hid likes: the day keeps the noon likes
	v2 := w.videos[1]
	late := *day(17, 18)
	m := v2.metrics(late)
	m[1] = nil
	w.snaps = append(w.snaps, snap{ws: w.ws, entity: v2.id, kind: platform.Video, plat: v2.plat, at: late, m: m})

	sw := ingest.NewSnapshotWriter(env.CH, 500, time.Now())
	for _, s := range w.snaps {
		if err := sw.Add(ctx, snapshot(s)); err != nil {
			t.Fatal(err)
		}
	}
	// a replayed scrape: the same rows again
	for _, s := range w.snaps[:30] {
		if err := sw.Add(ctx, snapshot(s)); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := analytics.Sync(ctx, env.PG, env.CH, schema.AnalyticsDatabase(env.CHOptions.Database)); err != nil {
		t.Fatal(err)
	}
	seedAlerts(t, w)
	return w
}

// spikes is a spike scan that finds the spikes it was given.
type spikes []domain.Spike

func (s spikes) Scan(context.Context, []domain.SpikeRule) (domain.SpikeScan, error) {
	return domain.SpikeScan{Videos: len(s), Spikes: s}, nil
}

// scanAt is when the daily alert scan of day d runs: after the noon
// scrapes.
func scanAt(d time.Time) time.Time { return d.Add(12*time.Hour + 30*time.Minute) }

// dailyGains is, per video of ws and day, the day's last views, the
// previous day's and the gain: the values a daily scan of a 24-hour gain
// rule compares with its threshold.
func (w *world) dailyGains(ws uuid.UUID) map[uuid.UUID]map[time.Time][3]int64 {
	daily := w.lastBy(ws, platform.Video, dayOf)
	out := map[uuid.UUID]map[time.Time][3]int64{}
	for id, byDay := range daily {
		for d, m := range byDay {
			prev, ok := byDay[d.AddDate(0, 0, -1)]
			if g := gain(m[0], prev[0]); ok && g != nil {
				if out[id] == nil {
					out[id] = map[time.Time][3]int64{}
				}
				out[id][d] = [3]int64{int64(*prev[0]), int64(*m[0]), *g}
			}
		}
	}
	return out
}

// seedAlerts records alerts through the write side: rules saved by the
// command, then a scan each day (alerts.ScanSpikesHandler, which applies
// the cooldowns and records the alert events) fed with the videos whose
// views gained over a rule's threshold that day. A rule deleted after a
// dimension sync takes its alerts out of the analytics database.
func seedAlerts(t *testing.T, w *world) {
	ctx := context.Background()
	w.rules = []*rule{
		{ws: w.ws, name: "Views +20k a day", threshold: 20_000, cooldown: 24},
		{ws: w.ws, name: "Views +60k a day", threshold: 60_000, cooldown: 72},
		{ws: w.ws, name: "Retired rule", threshold: 10_000, cooldown: 24, deleted: true},
		{ws: w.other, name: "Views +20k a day", threshold: 20_000, cooldown: 24},
	}
	for _, r := range w.rules {
		metric, condition, threshold, window := domain.Views, domain.ConditionGain, float64(r.threshold), 24
		saved, err := alerts.SaveAlertRuleHandler{DB: env.PG}.Handle(ctx, alerts.SaveAlertRule{WorkspaceID: r.ws, Name: &r.name,
			Metric: &metric, Condition: &condition, Threshold: &threshold, WindowHours: &window, CooldownHours: &r.cooldown})
		if err != nil {
			t.Fatal(err)
		}
		r.id = saved.ID
	}
	gains := map[uuid.UUID]map[uuid.UUID]map[time.Time][3]int64{w.ws: w.dailyGains(w.ws), w.other: w.dailyGains(w.other)}
	for d := 0; d < days; d++ {
		day := start.AddDate(0, 0, d)
		var found spikes
		for _, r := range w.rules {
			for id, byDay := range gains[r.ws] {
				if g, ok := byDay[day]; ok && g[2] > r.threshold {
					found = append(found, domain.Spike{
						RuleID:       r.id,
						VideoID:      id,
						SpikeMeasure: domain.SpikeMeasure{WindowStart: day.Add(-12 * time.Hour), WindowEnd: day.Add(12 * time.Hour), StartValue: g[0], EndValue: g[1], Gain: g[2], GrowthPct: ptr(100 * float64(g[2]) / float64(g[0]))},
					})
				}
			}
		}
		now := scanAt(day)
		if _, err := (alerts.ScanSpikesHandler{DB: env.PG, Spikes: found, Now: func() time.Time { return now }}).Handle(ctx); err != nil {
			t.Fatal(err)
		}
	}
	adb := schema.AnalyticsDatabase(env.CHOptions.Database)
	if _, err := analytics.Sync(ctx, env.PG, env.CH, adb); err != nil {
		t.Fatal(err)
	}
	for _, r := range w.rules {
		if r.deleted {
			if err := (alerts.DeleteAlertRuleHandler{DB: env.PG}).Handle(ctx, alerts.DeleteAlertRule{WorkspaceID: r.ws, ID: r.id}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := analytics.Sync(ctx, env.PG, env.CH, adb); err != nil {
		t.Fatal(err)
	}
}

func snapshot(s snap) ingest.Snapshot {
	return ingest.Snapshot{
		WorkspaceID: s.ws, Platform: s.plat, Kind: s.kind, EntityID: s.entity, AccountID: s.account, ScrapedAt: s.at,
		Metrics:   ingest.Metrics{Views: s.m[0], Likes: s.m[1], Comments: s.m[2], Shares: s.m[3], Saves: s.m[4]},
		Followers: s.m[5],
	}
}

// ---------------------------------------------------------------- what the views should say

type metrics [6]*uint64

// lastBy is, per entity and span, the last recorded value of each metric.
func (w *world) lastBy(ws uuid.UUID, kind platform.Kind, span func(time.Time) time.Time) map[uuid.UUID]map[time.Time]metrics {
	type rec struct {
		at time.Time
		v  uint64
	}
	best := map[uuid.UUID]map[time.Time]*[6]*rec{}
	for _, s := range w.snaps {
		if s.ws != ws || s.kind != kind {
			continue
		}
		k := span(s.at)
		if best[s.entity] == nil {
			best[s.entity] = map[time.Time]*[6]*rec{}
		}
		if best[s.entity][k] == nil {
			best[s.entity][k] = &[6]*rec{}
		}
		for i, v := range s.m {
			if v != nil && (best[s.entity][k][i] == nil || !s.at.Before(best[s.entity][k][i].at)) {
				best[s.entity][k][i] = &rec{s.at, *v}
			}
		}
	}
	out := map[uuid.UUID]map[time.Time]metrics{}
	for e, spans := range best {
		out[e] = map[time.Time]metrics{}
		for k, r := range spans {
			var m metrics
			for i, x := range r {
				if x != nil {
					m[i] = u64(x.v)
				}
			}
			out[e][k] = m
		}
	}
	return out
}

func dayOf(t time.Time) time.Time  { return t.UTC().Truncate(24 * time.Hour) }
func hourOf(t time.Time) time.Time { return t.UTC().Truncate(time.Hour) }
func ever(time.Time) time.Time     { return time.Time{} }
func monday(t time.Time) time.Time { return dayOf(t).AddDate(0, 0, -((int(t.Weekday()) + 6) % 7)) }

// gain is the growth views' gain: NULL unless both days have the metric.
func gain(cur, prev *uint64) *int64 {
	if cur == nil || prev == nil {
		return nil
	}
	return ptr(int64(*cur) - int64(*prev))
}

func str(p any) string {
	switch v := p.(type) {
	case *uint64:
		if v == nil {
			return `\N`
		}
		return strconv.FormatUint(*v, 10)
	case *int64:
		if v == nil {
			return `\N`
		}
		return strconv.FormatInt(*v, 10)
	case *float64:
		if v == nil {
			return `\N`
		}
		return strconv.FormatFloat(*v, 'f', -1, 64)
	case time.Time:
		return v.Format("2006-01-02")
	case uuid.UUID:
		return v.String()
	case int:
		return strconv.Itoa(v)
	case uint64:
		return strconv.FormatUint(v, 10)
	case string:
		return v
	}
	panic(fmt.Sprintf("str %T", p))
}

func row(cells ...any) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = str(c)
	}
	return out
}

// ---------------------------------------------------------------- the test

// example is one marked query of the documentation.
type example struct {
	Name, SQL string
}

var markLine = regexp.MustCompile("(?m)^<!-- example: ")

var exampleMark = regexp.MustCompile("(?m)^<!-- example: ([a-z0-9-]+) -->\n```sql\n((?s:.*?))```")

func readExamples(t *testing.T) []example {
	_, file, _, _ := runtime.Caller(0)
	doc := filepath.Join(filepath.Dir(file), "..", "..", "..", "docs", "analytics.md")
	b, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(markLine.FindAll(b, -1)); n != len(exampleMark.FindAllSubmatch(b, -1)) {
		t.Fatalf("%s: %d example markers but %d of them are directly followed by a ```sql block", doc, n, len(exampleMark.FindAllSubmatch(b, -1)))
	}
	var out []example
	for _, m := range exampleMark.FindAllSubmatch(b, -1) {
		out = append(out, example{Name: string(m[1]), SQL: string(m[2])})
	}
	return out
}

// answer is a query's answer as TabSeparatedWithNames text.
type answer struct {
	Columns []string
	Rows    [][]string
}

func (a answer) String() string {
	var b strings.Builder
	b.WriteString(strings.Join(a.Columns, "\t") + "\n")
	for _, r := range a.Rows {
		b.WriteString(strings.Join(r, "\t") + "\n")
	}
	return b.String()
}

// runAsAnalyst sends the query over HTTP as the package's analyst user.
func runAsAnalyst(t *testing.T, sql string) answer {
	t.Helper()
	status, body := post(t, sql)
	if status != http.StatusOK {
		t.Fatalf("HTTP %d: %s\n%s", status, body, sql)
	}
	lines := strings.Split(strings.TrimSuffix(body, "\n"), "\n")
	a := answer{Columns: strings.Split(lines[0], "\t")}
	for _, l := range lines[1:] {
		a.Rows = append(a.Rows, strings.Split(l, "\t"))
	}
	return a
}

func post(t *testing.T, sql string) (int, string) {
	t.Helper()
	base, database := "", schema.AnalyticsDatabase(env.CHOptions.Database)
	if testenv.CurrentEngine() {
		base = env.CHOptions.Addr
	} else {
		host, _, _ := net.SplitHostPort(user.Options.Addr)
		port := os.Getenv("CLICKHOUSE_HTTP_PORT")
		if port == "" {
			port = "8123"
		}
		base, database = "http://"+net.JoinHostPort(host, port), user.Options.Database
	}
	u := base + "/?" + url.Values{
		"database": {database}, "default_format": {"TabSeparatedWithNames"},
	}.Encode()
	req, err := http.NewRequest(http.MethodPost, u, strings.NewReader(sql))
	if err != nil {
		t.Fatal(err)
	}
	if user != nil {
		req.SetBasicAuth(user.Options.User, user.Options.Password)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// same compares cells as text, numbers with a tolerance for rounding.
func same(got, want string) bool {
	if got == want {
		return true
	}
	g, err1 := strconv.ParseFloat(got, 64)
	w, err2 := strconv.ParseFloat(want, 64)
	return err1 == nil && err2 == nil && math.Abs(g-w) <= 1e-3*math.Max(1, math.Abs(w))
}

func TestExamples(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	adb := schema.AnalyticsDatabase(env.CHOptions.Database)
	if testenv.CurrentEngine() {
		// The current engine (chDB) has no users: the examples run as its
		// default user in the analytics database. Their answers are what
		// is compared there; the analyst's confinement and profile are
		// tested on the server, which has users.
		t.Log("current engine: examples run without the analyst user (no users in chDB)")
	} else {
		var err error
		user, err = analyst.Install(ctx, env.CHOptions.Addr, analyst.UserFor(env.CHOptions.Database), adb)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if err := user.Remove(); err != nil {
				t.Errorf("remove %s: %v", user.File, err)
			}
		})
		// It is the analysts' confinement: the package's internal tables are
		// out of its reach.
		if status, body := post(t, "SELECT count() FROM "+env.CHOptions.Database+".metric_snapshots"); status == http.StatusOK || !strings.Contains(body, "Code: 291") {
			t.Fatalf("%s read the internal database: HTTP %d %s", user.Options.User, status, body)
		}
	}

	w := seed(t)
	want := expectations(w)
	examples := readExamples(t)
	if len(examples) < 8 {
		t.Fatalf("docs/analytics.md has %d marked examples, want at least 8", len(examples))
	}
	fill := strings.NewReplacer(
		"{workspace}", w.ws.String(), "{collection}", w.launch.String(), "{account}", w.acme.id.String(),
		"{from}", "2026-03-02", "{to}", "2026-03-22",
	)
	seen := map[string]bool{}
	for _, ex := range examples {
		t.Run(ex.Name, func(t *testing.T) {
			if seen[ex.Name] {
				t.Fatalf("example %s appears twice", ex.Name)
			}
			seen[ex.Name] = true
			sql := fill.Replace(ex.SQL)
			if strings.ContainsAny(sql, "{}") {
				t.Fatalf("an unknown placeholder is left in:\n%s", sql)
			}
			exp, ok := want[ex.Name]
			if !ok {
				t.Fatalf("no expected answer for example %q: add one to expectations()", ex.Name)
			}
			got := runAsAnalyst(t, sql)
			if len(exp.Rows) == 0 {
				t.Fatalf("the seed gives example %s no rows: the check would prove nothing", ex.Name)
			}
			if strings.Join(got.Columns, ",") != strings.Join(exp.Columns, ",") {
				t.Fatalf("columns %v, want %v", got.Columns, exp.Columns)
			}
			if len(got.Rows) != len(exp.Rows) {
				t.Fatalf("%d rows, want %d\ngot:\n%s\nwant:\n%s", len(got.Rows), len(exp.Rows), got, exp)
			}
			for i := range exp.Rows {
				for j := range exp.Rows[i] {
					if !same(got.Rows[i][j], exp.Rows[i][j]) {
						t.Fatalf("row %d column %s = %q, want %q\ngot:\n%s\nwant:\n%s", i, exp.Columns[j], got.Rows[i][j], exp.Rows[i][j], got, exp)
					}
				}
			}
			t.Logf("%d rows, e.g. %v", len(got.Rows), got.Rows[0])
		})
	}
}

// expectations computes every example's answer from the seeded snapshots.
func expectations(w *world) map[string]answer {
	out := map[string]answer{}
	daily := w.lastBy(w.ws, platform.Video, dayOf)
	hourly := w.lastBy(w.ws, platform.Video, hourOf)
	latest := w.lastBy(w.ws, platform.Video, ever)
	accDaily := w.lastBy(w.ws, platform.Account, dayOf)
	mine := []*video{}
	for _, v := range w.videos {
		if v.ws == w.ws {
			mine = append(mine, v)
		}
	}
	type growth struct {
		day   time.Time
		v     *video
		gains [6]*int64
	}
	var growths []growth
	for _, v := range mine {
		for d, m := range daily[v.id] {
			g := growth{day: d, v: v}
			prev, ok := daily[v.id][d.AddDate(0, 0, -1)]
			for i := range m {
				if ok {
					g.gains[i] = gain(m[i], prev[i])
				}
			}
			growths = append(growths, g)
		}
	}

	// top-videos-in-collection
	{
		a := answer{Columns: []string{"day", "video_id", "caption", "views_gained"}}
		byDay := map[time.Time][]growth{}
		for _, g := range growths {
			if c := g.v.collectionOf(w); c != nil && *c == w.launch && g.gains[0] != nil {
				byDay[g.day] = append(byDay[g.day], g)
			}
		}
		var ds []time.Time
		for d := range byDay {
			ds = append(ds, d)
		}
		sort.Slice(ds, func(i, j int) bool { return ds[i].Before(ds[j]) })
		for _, d := range ds {
			gs := byDay[d]
			sort.Slice(gs, func(i, j int) bool {
				if *gs[i].gains[0] != *gs[j].gains[0] {
					return *gs[i].gains[0] > *gs[j].gains[0]
				}
				return gs[i].v.id.String() < gs[j].v.id.String()
			})
			for _, g := range gs[:min(3, len(gs))] {
				a.Rows = append(a.Rows, row(d, g.v.id, g.v.caption, g.gains[0]))
			}
		}
		out["top-videos-in-collection"] = a
	}

	// account-growth
	{
		a := answer{Columns: []string{"day", "followers", "followers_gained", "views", "views_gained"}}
		ds := sortedDays(accDaily[w.acme.id])
		for _, d := range ds {
			m := accDaily[w.acme.id][d]
			var fg, vg *int64
			if prev, ok := accDaily[w.acme.id][d.AddDate(0, 0, -1)]; ok {
				fg, vg = gain(m[5], prev[5]), gain(m[0], prev[0])
			}
			a.Rows = append(a.Rows, row(d, m[5], fg, m[0], vg))
		}
		out["account-growth"] = a
	}

	// first-72-hours
	{
		a := answer{Columns: []string{"video_id", "age_hour", "views"}}
		var vs []*video
		for _, v := range mine {
			if v.published != nil {
				vs = append(vs, v)
			}
		}
		sort.Slice(vs, func(i, j int) bool { return vs[i].published.Before(*vs[j].published) })
		for _, v := range vs {
			if v.published == nil {
				continue
			}
			hs := sortedDays(hourly[v.id])
			for _, h := range hs {
				pub := hourOf(*v.published)
				if h.Before(pub) || !h.Before(pub.Add(72*time.Hour)) {
					continue
				}
				age := int(h.Sub(pub).Hours())
				a.Rows = append(a.Rows, row(v.id, age, hourly[v.id][h][0]))
			}
		}
		out["first-72-hours"] = a
	}

	// shop-vs-non-shop
	{
		a := answer{Columns: []string{"shop", "videos", "views", "engagements", "engagement_rate"}}
		type agg struct{ videos, views, eng uint64 }
		by := map[string]*agg{}
		for _, v := range mine {
			m, ok := latest[v.id][time.Time{}]
			if !ok {
				continue
			}
			k := "unknown"
			if v.shop != nil && *v.shop {
				k = "shop"
			} else if v.shop != nil {
				k = "not shop"
			}
			if by[k] == nil {
				by[k] = &agg{}
			}
			by[k].videos++
			by[k].views += *m[0]
			for _, x := range m[1:5] {
				if x != nil {
					by[k].eng += *x
				}
			}
		}
		for _, k := range []string{"not shop", "shop", "unknown"} {
			if g := by[k]; g != nil {
				a.Rows = append(a.Rows, row(k, g.videos, g.views, g.eng, ptr(float64(g.eng)/float64(g.views))))
			}
		}
		out["shop-vs-non-shop"] = a
	}

	// posting-cadence
	{
		a := answer{Columns: []string{"week", "videos_published", "median_views"}}
		by := map[time.Time][]uint64{}
		for _, v := range mine {
			m, ok := latest[v.id][time.Time{}]
			if v.published == nil || !ok {
				continue
			}
			wk := monday(*v.published)
			by[wk] = append(by[wk], *m[0])
		}
		var wks []time.Time
		for wk := range by {
			wks = append(wks, wk)
		}
		sort.Slice(wks, func(i, j int) bool { return wks[i].Before(wks[j]) })
		for _, wk := range wks {
			vs := by[wk]
			sort.Slice(vs, func(i, j int) bool { return vs[i] < vs[j] })
			a.Rows = append(a.Rows, row(wk, len(vs), vs[len(vs)/2]))
		}
		out["posting-cadence"] = a
	}

	// alert-videos
	{
		a := answer{Columns: []string{"rule_name", "video_id", "caption", "alerts", "last_triggered_at", "max_gain"}}
		type key struct {
			rule string
			v    *video
		}
		type agg struct {
			alerts  int
			last    time.Time
			maxGain int64
		}
		by := map[key]*agg{}
		gains := w.dailyGains(w.ws)
		for _, r := range w.rules {
			if r.ws != w.ws || r.deleted {
				continue
			}
			for _, v := range mine {
				var last time.Time // the rule's last alert of the video
				for _, d := range sortedDays(gains[v.id]) {
					g := gains[v.id][d]
					now := scanAt(d)
					if g[2] <= r.threshold || (!last.IsZero() && last.After(now.Add(-time.Duration(r.cooldown)*time.Hour))) {
						continue
					}
					last = now
					k := key{r.name, v}
					if by[k] == nil {
						by[k] = &agg{}
					}
					by[k].alerts++
					by[k].last = now
					by[k].maxGain = max(by[k].maxGain, g[2])
				}
			}
		}
		var keys []key
		for k := range by {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			ki, kj := keys[i], keys[j]
			if ki.rule != kj.rule {
				return ki.rule < kj.rule
			}
			if by[ki].alerts != by[kj].alerts {
				return by[ki].alerts > by[kj].alerts
			}
			return ki.v.id.String() < kj.v.id.String()
		})
		for _, k := range keys {
			g := by[k]
			a.Rows = append(a.Rows, row(k.rule, k.v.id, k.v.caption, g.alerts, g.last.Format("2006-01-02 15:04:05"), ptr(g.maxGain)))
		}
		out["alert-videos"] = a
	}

	// platform-comparison
	{
		a := answer{Columns: []string{"platform", "videos", "total_views", "avg_views", "total_likes", "videos_with_likes"}}
		for _, p := range []platform.Platform{platform.TikTok, platform.Instagram, platform.YouTube, platform.X} {
			var n, views, withLikes uint64
			var likes *uint64
			for _, v := range mine {
				m, ok := latest[v.id][time.Time{}]
				if v.plat != p || !ok {
					continue
				}
				n++
				views += *m[0]
				if m[1] != nil {
					withLikes++
					if likes == nil {
						likes = u64(0)
					}
					*likes += *m[1]
				}
			}
			if n > 0 {
				a.Rows = append(a.Rows, row(string(p), n, views, ptr(float64(views)/float64(n)), likes, withLikes))
			}
		}
		out["platform-comparison"] = a
	}

	// own-vs-reposts
	{
		a := answer{Columns: []string{"account", "post_kind", "videos", "total_views"}}
		type key struct{ handle, kind string }
		type agg struct{ videos, views uint64 }
		by := map[key]*agg{}
		for _, v := range mine {
			m, ok := latest[v.id][time.Time{}]
			if v.account == uuid.Nil || !ok {
				continue
			}
			handle := w.acme.handle
			if v.account == w.acmeIG.id {
				handle = w.acmeIG.handle
			}
			k := key{handle, v.postKind()}
			if by[k] == nil {
				by[k] = &agg{}
			}
			by[k].videos++
			by[k].views += *m[0]
		}
		var keys []key
		for k := range by {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			if keys[i].handle != keys[j].handle {
				return keys[i].handle < keys[j].handle
			}
			return keys[i].kind < keys[j].kind
		})
		for _, k := range keys {
			a.Rows = append(a.Rows, row(k.handle, k.kind, by[k].videos, by[k].views))
		}
		out["own-vs-reposts"] = a
	}

	// week-over-week
	{
		a := answer{Columns: []string{"week", "views_gained", "previous_week", "change", "change_pct"}}
		sums := map[time.Time]*int64{}
		for _, g := range growths {
			wk := monday(g.day)
			if _, ok := sums[wk]; !ok {
				sums[wk] = nil
			}
			if g.gains[0] != nil {
				if sums[wk] == nil {
					sums[wk] = ptr(int64(0))
				}
				*sums[wk] += *g.gains[0]
			}
		}
		var wks []time.Time
		for wk := range sums {
			wks = append(wks, wk)
		}
		sort.Slice(wks, func(i, j int) bool { return wks[i].Before(wks[j]) })
		for _, wk := range wks {
			cur := sums[wk]
			prev := sums[wk.AddDate(0, 0, -7)] // NULL for the first week
			var change *int64
			var pct *float64
			if cur != nil && prev != nil {
				change = ptr(*cur - *prev)
				if *prev != 0 {
					pct = ptr(100 * float64(*cur-*prev) / float64(*prev))
				}
			}
			a.Rows = append(a.Rows, row(wk, cur, prev, change, pct))
		}
		out["week-over-week"] = a
	}
	return out
}

func sortedDays[V any](m map[time.Time]V) []time.Time {
	var out []time.Time
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Before(out[j]) })
	return out
}
